"""The ranked pairs of a report: a table model, a threshold filter and the widget around them."""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDoubleSpinBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSlider,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from core.models import PairResult, Report

from . import icons

PAIR_ROLE = Qt.ItemDataRole.UserRole + 1  # index of the pair in Report.pairs
SORT_ROLE = Qt.ItemDataRole.UserRole + 2

NEAR_DUPLICATE_BACKGROUND = QColor("#fde2c8")
NEAR_DUPLICATE_TEXT = QColor("#8a3b00")
NAME_MIN_WIDTH = 110  # px: about 14 characters of a file name, elided in the middle


class PairModel(QAbstractTableModel):
    """One row per pair of the report, in the report's order (highest similarity first)."""

    LEFT, RIGHT, SIMILARITY, HAMMING, LEFT_COVERAGE, RIGHT_COVERAGE, LONGEST = range(7)
    COLUMNS = 7

    def __init__(self, parent=None):
        super().__init__(parent)
        self.report: Report | None = None
        self.hamming_threshold = 3

    def set_report(self, report: Report | None, hamming_threshold: int | None = None) -> None:
        self.beginResetModel()
        self.report = report
        if hamming_threshold is not None:
            self.hamming_threshold = hamming_threshold
        self.endResetModel()

    def set_hamming_threshold(self, threshold: int) -> None:
        self.hamming_threshold = threshold
        if self.rowCount():
            self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, self.COLUMNS - 1))

    def pair(self, row: int) -> PairResult:
        return self.report.pairs[row]

    def is_near_duplicate(self, pair: PairResult) -> bool:
        return pair.hamming <= self.hamming_threshold

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() or self.report is None else len(self.report.pairs)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else self.COLUMNS

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return (
                self.tr("Left"),
                self.tr("Right"),
                self.tr("Similarity"),
                self.tr("Hamming"),
                self.tr("Left coverage"),
                self.tr("Right coverage"),
                self.tr("Longest passage"),
            )[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return (
                self.tr("First document of the pair"),
                self.tr("Second document of the pair"),
                self.tr("The larger of the two coverages: how much of one document is found in the other"),
                self.tr("Bits in which the two documents' simhash fingerprints differ (0 = same topic "
                        "words; small = near-duplicate)"),
                self.tr("Share of the left document inside matched passages"),
                self.tr("Share of the right document inside matched passages"),
                self.tr("Characters in the longest matched passage"),
            )[section]
        return None

    def data(self, index: QModelIndex, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or self.report is None:
            return None
        pair = self.report.pairs[index.row()]
        col = index.column()
        near = self.is_near_duplicate(pair)
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(pair, col)
        if role == SORT_ROLE:
            return self._sort_key(pair, col)
        if role == PAIR_ROLE:
            return index.row()
        if role == Qt.ItemDataRole.TextAlignmentRole and col >= self.SIMILARITY:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.DecorationRole and col == self.LEFT and near:
            return icons.icon("near_duplicate")
        if near:
            if role == Qt.ItemDataRole.FontRole:
                font = QFont()
                font.setBold(True)
                return font
            if role == Qt.ItemDataRole.BackgroundRole:
                return QBrush(NEAR_DUPLICATE_BACKGROUND)
            if role == Qt.ItemDataRole.ForegroundRole:
                return QBrush(NEAR_DUPLICATE_TEXT)
        if role == Qt.ItemDataRole.ToolTipRole:
            names = self._name(pair.left), self._name(pair.right)
            tip = f"{names[0]}  ↔  {names[1]}"
            if near:
                tip += "\n" + self.tr("Near-duplicate: the simhash fingerprints differ in only %1 bits "
                                      "(threshold %2)").replace("%1", str(pair.hamming)).replace(
                    "%2", str(self.hamming_threshold))
            tip += "\n" + self.tr("%n matched passage(s)", "", len(pair.matches))
            return tip
        return None

    def _name(self, doc_index: int) -> str:
        return self.report.documents[doc_index].name

    def _display(self, pair: PairResult, col: int) -> str:
        if col == self.LEFT:
            return self._name(pair.left)
        if col == self.RIGHT:
            return self._name(pair.right)
        if col == self.SIMILARITY:
            return f"{pair.similarity * 100:.1f}%"
        if col == self.HAMMING:
            return str(pair.hamming)
        if col == self.LEFT_COVERAGE:
            return f"{pair.left_coverage * 100:.1f}%"
        if col == self.RIGHT_COVERAGE:
            return f"{pair.right_coverage * 100:.1f}%"
        return f"{pair.longest:,}"

    def _sort_key(self, pair: PairResult, col: int):
        return (
            self._name(pair.left).casefold(),
            self._name(pair.right).casefold(),
            pair.similarity,
            pair.hamming,
            pair.left_coverage,
            pair.right_coverage,
            pair.longest,
        )[col]


class PairFilter(QSortFilterProxyModel):
    """Hides pairs below the similarity threshold; near-duplicates always stay visible."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.threshold = 0.0
        self.setSortRole(SORT_ROLE)

    def set_threshold(self, threshold: float) -> None:
        if threshold == self.threshold:
            return
        if hasattr(self, "beginFilterChange"):  # Qt 6.9+; invalidateFilter() is deprecated there
            self.beginFilterChange()
            self.threshold = threshold
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            self.threshold = threshold
            self.invalidateRowsFilter()

    def filterAcceptsRow(self, source_row: int, source_parent: QModelIndex) -> bool:
        model: PairModel = self.sourceModel()
        pair = model.pair(source_row)
        return pair.similarity >= self.threshold or model.is_near_duplicate(pair)


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
        self.view.sortByColumn(PairModel.SIMILARITY, Qt.SortOrder.DescendingOrder)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.verticalHeader().hide()
        self.view.setWordWrap(False)
        self.view.setTextElideMode(Qt.TextElideMode.ElideMiddle)  # names keep their endings
        self.view.setAlternatingRowColors(True)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(PairModel.LEFT, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(PairModel.RIGHT, QHeaderView.ResizeMode.Stretch)
        # stretched name columns would otherwise shrink to "z...t" in a narrow window, while
        # the figures keep their width: every column keeps room for a shortened name
        header.setMinimumSectionSize(NAME_MIN_WIDTH)
        self.view.pairActivated.connect(self.pairActivated)

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
        self.threshold_label.setBuddy(self.spin)
        self.count_label = QLabel()
        self.hint = QLabel()
        self.hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: palette(mid); font-size: 13pt; padding: 24px;")

        controls = QHBoxLayout()
        controls.addWidget(self.threshold_label)
        controls.addWidget(self.spin)
        controls.addWidget(self.slider)
        controls.addStretch(1)
        controls.addWidget(self.count_label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(controls)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.hint, 1)

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
        self.model.set_report(report, hamming_threshold)
        self._update_count()

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
        self.count_label.setText(
            self.tr("%1 of %2 pairs shown").replace("%1", str(shown)).replace("%2", str(total))
            if has_report else ""
        )

    def retranslate(self) -> None:
        self.threshold_label.setText(self.tr("Show pairs from &similarity:"))
        tip = self.tr("Pairs below this similarity are hidden; near-duplicates are always shown.")
        for w in (self.threshold_label, self.spin, self.slider):
            w.setToolTip(tip)
        self.hint.setText(self.tr("Add essays (Ctrl+O, Ctrl+Shift+O or drag and drop), then press "
                                  "Check (Ctrl+R) to find copied passages."))
        self._update_count()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            self.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, PairModel.COLUMNS - 1)
        super().changeEvent(event)
