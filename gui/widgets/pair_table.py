"""The ranked pairs of a report: threshold controls, a count and the sortable table."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QModelIndex, Qt, Signal
from PySide6.QtGui import QFontMetrics, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QSlider,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from core.models import Report

from ..i18n import plural
from ..models.pairs import PAIR_ROLE, SHOW, PairFilter, PairModel
from .frozen_columns import FrozenColumns
from .verdict_menu import add_verdict_actions

SLIDER_MIN_WIDTH = 60
NAME_MIN_WIDTH = 110  # px: about 14 characters of a file name, elided in the middle


class PairView(QTableView):
    """The pairs table; Enter or a double-click opens the current pair."""

    pairActivated = Signal(int)  # index into Report.pairs

    def __init__(self, parent=None):
        super().__init__(parent)
        self.doubleClicked.connect(self._activate)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentIndex().isValid():
            self._activate(self.currentIndex())
            event.accept()
            return
        super().keyPressEvent(event)

    def _activate(self, index: QModelIndex) -> None:
        row = index.data(PAIR_ROLE)
        if row is not None:
            self.pairActivated.emit(int(row))


class PairTable(QWidget):
    """Threshold controls, a shown-pairs count and the sortable pairs table."""

    pairActivated = Signal(int)
    thresholdChanged = Signal(float)  # as a fraction, 0..1

    def __init__(self, parent=None):
        super().__init__(parent)
        self.model = PairModel(self)
        self.proxy = PairFilter(self)
        self.proxy.setSourceModel(self.model)

        self.view = PairView()
        self.view.setObjectName("pairView")
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(PairModel.COPIED, Qt.SortOrder.DescendingOrder)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.verticalHeader().hide()
        self.view.setWordWrap(False)
        self.view.setTextElideMode(Qt.TextElideMode.ElideMiddle)  # names keep their endings
        self.view.setAlternatingRowColors(True)
        self.view.setTabKeyNavigation(False)  # Tab leaves the table, the arrows move in it
        header = self.view.horizontalHeader()
        # figures get a width from their header (ResizeToContents asked every row's data on each
        # change, blocking the GUI thread at 5,000 pairs, bench/review_bench.py)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(PairModel.LEFT, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(PairModel.RIGHT, QHeaderView.ResizeMode.Stretch)
        # stretched name columns would otherwise shrink to "z...t" in a narrow window, while
        # the figures keep their width: every column keeps room for a shortened name
        header.setMinimumSectionSize(NAME_MIN_WIDTH)
        header.setDefaultSectionSize(NAME_MIN_WIDTH)  # what squeezed stretch sections fall back to
        self.view.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        # the two names stay at the left edge while the figures scroll sideways
        self.frozen = FrozenColumns(self.view, PairModel.RIGHT + 1)
        self.view.pairActivated.connect(self.pairActivated)
        self.review = None  # gui.review.Review, for verdicts (set by the window)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(self._context_menu)
        self.show_label = QLabel()
        self.show_box = QComboBox()
        self.show_box.setObjectName("pairShow")
        self.show_label.setBuddy(self.show_box)
        self.show_box.currentIndexChanged.connect(
            lambda row: self.set_show(self.show_box.itemData(row) or "all"))

        self.threshold_label = QLabel()
        self.spin = QDoubleSpinBox()
        self.spin.setObjectName("thresholdSpin")
        self.spin.setRange(0.0, 100.0)
        self.spin.setDecimals(1)
        self.spin.setSingleStep(1.0)
        self.spin.setSuffix(" %")
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0, 100)
        self.slider.setMaximumWidth(220)
        self.slider.setMinimumWidth(SLIDER_MIN_WIDTH)
        self.threshold_label.setBuddy(self.spin)
        self.count_label = QLabel()
        self.count_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self._ready, self._loading = 0, False
        self.hint = QLabel()
        self.hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: palette(mid); font-size: 13pt; padding: 24px;")

        controls = QHBoxLayout()
        controls.addWidget(self.threshold_label)
        controls.addWidget(self.spin)
        controls.addWidget(self.slider)
        controls.addStretch(1)
        narrowing = QHBoxLayout()  # a row of its own: the table must fit a narrow window
        narrowing.addWidget(self.show_label)
        narrowing.addWidget(self.show_box)
        narrowing.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(controls)
        layout.addLayout(narrowing)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.hint, 1)
        layout.addWidget(self.count_label)  # below the table: the controls row stays narrow

        self.spin.valueChanged.connect(self._spin_changed)
        self.slider.valueChanged.connect(lambda v: self.spin.setValue(float(v)))
        self.proxy.rowsInserted.connect(self._update_count)
        self.proxy.rowsRemoved.connect(self._update_count)
        self.proxy.modelReset.connect(self._update_count)
        self.proxy.layoutChanged.connect(self._update_count)
        self.retranslate()
        self._update_count()

    @property
    def report(self) -> Report | None:
        return self.model.report

    def set_report(self, report: Report | None, hamming_threshold: int | None = None) -> None:
        header = self.view.horizontalHeader()
        column, order = header.sortIndicatorSection(), header.sortIndicatorOrder()
        if (column, order) == (PairModel.COPIED, Qt.SortOrder.DescendingOrder):
            # the report is ranked so already: keep its order instead of sorting thousands of
            # rows through Python, which blocks the GUI thread at 5,000 pairs
            self.proxy.sort(-1)
        self.model.set_report(report, hamming_threshold)
        if self.proxy.sortColumn() == -1:
            header.blockSignals(True)
            header.setSortIndicator(column, order)
            header.blockSignals(False)
        self._update_count()

    def set_documents(self, ready: int, loading: bool = False) -> None:
        """How many documents are ready to check (and whether more are being read): the hint
        shown before the first check says what to do next."""
        if (ready, loading) != (self._ready, self._loading):
            self._ready, self._loading = ready, loading
            self.retranslate()

    def hint_text(self) -> str:
        if self._loading:
            return self.tr("Reading the documents…")
        if self._ready >= 2:
            return plural(self.tr("%n document(s) loaded and not checked yet. Press Check (Ctrl+R) to "
                                  "find copied passages.", "", self._ready), self._ready)
        if self._ready == 1:
            return self.tr("1 document loaded. Add at least one more essay (Ctrl+O, Ctrl+Shift+O or "
                           "drag and drop), then press Check (Ctrl+R).")
        return self.tr("Add essays (Ctrl+O, Ctrl+Shift+O or drag and drop), then press "
                       "Check (Ctrl+R) to find copied passages.")

    def set_threshold(self, fraction: float) -> None:
        """Show pairs at or above `fraction` (0..1) without emitting thresholdChanged."""
        self.spin.blockSignals(True)
        self.spin.setValue(fraction * 100)
        self.spin.blockSignals(False)
        self.slider.blockSignals(True)
        self.slider.setValue(round(fraction * 100))
        self.slider.blockSignals(False)
        self.proxy.set_threshold(fraction)
        self._update_count()

    def threshold(self) -> float:
        return self.proxy.threshold

    def _fit_figures(self) -> None:
        """Every column but the names as wide as its header (or a shortened name), never wider."""
        header = self.view.horizontalHeader()
        metrics = header.fontMetrics()
        for column in range(self.model.columnCount()):
            if column in (PairModel.LEFT, PairModel.RIGHT):
                continue
            title = self.model.headerData(column, Qt.Orientation.Horizontal) or ""
            if column == PairModel.MEANING:  # its cells ("Paraphrase 100%") are wider than the title
                title = max(title, QCoreApplication.translate("PairModel", "Paraphrase") + " 100%",
                            QCoreApplication.translate("PairModel", "Translation") + " 100%",
                            key=metrics.horizontalAdvance)
            elif column == PairModel.KIND:  # so are its cells ("Edited copy")
                title = max(title, QCoreApplication.translate("PairModel", "Edited copy"),
                            QCoreApplication.translate("PairModel", "Translation"),
                            key=metrics.horizontalAdvance)
            elif column == PairModel.GROUP:  # "G12 · copy vs copy" must not be cut, bold in a flagged row
                bold = self.view.font()
                bold.setBold(True)
                group = "G99 · " + QCoreApplication.translate("PairModel", "copy vs copy")
                wide = QFontMetrics(bold).horizontalAdvance(group)
                title = max(title, group, key=metrics.horizontalAdvance)
                header.resizeSection(column, max(NAME_MIN_WIDTH, wide + 28, metrics.horizontalAdvance(title) + 28))
                continue
            header.resizeSection(column, max(NAME_MIN_WIDTH, metrics.horizontalAdvance(title) + 28))

    def set_show(self, show: str) -> None:
        """Narrow the table: "all", "findings" (no copy-vs-copy pairs), "unreviewed", or a verdict."""
        self.proxy.set_show(show)
        row = self.show_box.findData(show)
        if row >= 0 and row != self.show_box.currentIndex():
            self.show_box.blockSignals(True)
            self.show_box.setCurrentIndex(row)
            self.show_box.blockSignals(False)
        self._update_count()

    def refilter(self, pairs: list[int] | None = None) -> None:
        """Verdicts changed: of `pairs` (indexes into Report.pairs: those rows are filtered and
        repainted again), or of any pair (None)."""
        if pairs is not None:
            self.model.rows_changed(pairs, PairModel.VERDICT)  # the proxy re-filters those rows
        else:
            self._column_changed(PairModel.VERDICT, self.proxy.show not in ("all", "findings"))
        self._update_count()

    def set_review(self, groups: dict) -> None:
        """Each pair's group (and whether it is copy vs copy), from the review of the report."""
        self.model.set_review(groups)
        self._column_changed(PairModel.GROUP, self.proxy.show == "findings")

    def _column_changed(self, column: int, filtered: bool) -> None:
        """Every cell of `column` may read differently: repaint; filter again when the filter
        depends on it (`filtered`) and sort again when sorted by it (through Python: each
        only when needed, at 5,000 pairs either is tens of milliseconds)."""
        if filtered:
            self.proxy.refilter()
        if self.proxy.sortColumn() == column:
            self.proxy.invalidate()
        self.view.viewport().update()
        self._update_count()

    def current_pair(self) -> int | None:
        """The current row's pair (an index into Report.pairs), or None."""
        index = self.view.currentIndex()
        if not index.isValid() or self.model.report is None:
            return None
        k = index.siblingAtColumn(0).data(PAIR_ROLE)
        return int(k) if k is not None else None

    def _context_menu(self, pos) -> None:
        index = self.view.indexAt(pos)
        report = self.model.report
        if not index.isValid() or report is None:
            return
        k = int(index.siblingAtColumn(0).data(PAIR_ROLE))
        pair = report.pairs[k]
        menu = QMenu(self)
        menu.addAction(self.tr("Compare"), lambda: self.pairActivated.emit(k))
        if self.review is not None:
            menu.addSeparator()
            add_verdict_actions(menu, self.review.pair_verdict(pair, report),
                                lambda v: self.review.set_pair_verdict(pair, v, report), self)
        menu.exec(self.view.viewport().mapToGlobal(pos))

    def visible_pairs(self) -> list[int]:
        """Indexes into Report.pairs of the shown rows, in their on-screen order."""
        return [self.proxy.index(r, 0).data(PAIR_ROLE) for r in range(self.proxy.rowCount())]

    def _spin_changed(self, value: float) -> None:
        self.slider.blockSignals(True)
        self.slider.setValue(round(value))
        self.slider.blockSignals(False)
        self.proxy.set_threshold(value / 100)
        self._update_count()
        self.thresholdChanged.emit(value / 100)

    def _update_count(self, *_args) -> None:
        total = self.model.rowCount()
        shown = self.proxy.rowCount()
        has_report = self.model.report is not None
        self.view.setVisible(has_report)
        self.hint.setVisible(not has_report)
        self.count_label.setVisible(has_report)
        self.count_label.setText(
            self.tr("%1 of %2 pairs shown").replace("%1", str(shown)).replace("%2", str(total))
            if has_report else ""
        )

    def retranslate(self) -> None:
        self.threshold_label.setText(self.tr("Show pairs from &similarity:"))
        self.show_label.setText(self.tr("S&how:"))
        self._fit_figures()
        labels = {"all": self.tr("All pairs"),
                  "findings": self.tr("Findings (no copy vs copy)"),
                  "unreviewed": self.tr("Not yet reviewed"),
                  "confirmed": self.tr("Confirmed"), "suspicious": self.tr("Suspicious"),
                  "not_plagiarism": self.tr("Not plagiarism")}
        self.show_box.blockSignals(True)
        self.show_box.clear()
        for key in SHOW:
            self.show_box.addItem(labels[key], key)
        self.show_box.setCurrentIndex(max(0, self.show_box.findData(self.proxy.show)))
        self.show_box.blockSignals(False)
        tip = self.tr("Pairs below this similarity are hidden; near-duplicates are always shown.")
        for w in (self.threshold_label, self.spin, self.slider):
            w.setToolTip(tip)
        self.hint.setText(self.hint_text())
        self._update_count()
        self._fit_controls()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_controls()

    def _fit_controls(self) -> None:
        """The slider only where it fits whole; the spin box alone sets the threshold too."""
        needed = (self.threshold_label.sizeHint().width() + self.spin.sizeHint().width()
                  + SLIDER_MIN_WIDTH + 4 * self.layout().spacing() + 8)
        self.slider.setVisible(self.width() >= needed)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            self.model.retranslate()
        super().changeEvent(event)
