"""One student at a time: a document's overall figure (the share of its text found in any
other document, each character once), its sources ranked, and its full text with every
source's passages in that source's color. Double-click a source (or press Compare) to open
the side-by-side compare view; the verdict and note on the document are set here too.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from core.models import VERDICTS, Verdict

from ..verdict_style import verdict_label
from .palette import PALETTE
from .review_pane import BuiltWhenShown
from .verdict_menu import (
    add_verdict_actions,
    edit_note,
    verdict_brush,
    verdict_cell,
    verdict_tooltip,
)

SOURCES_SHOWN = 12  # sources beyond this many share one gray
OTHER_COLOR = "#dee2e6"
PAIR_ROLE = Qt.ItemDataRole.UserRole + 1



def source_color(rank: int) -> QColor:
    """The color of the source ranked `rank` (0 = most text) in this view."""
    return QColor(PALETTE[rank][0] if rank < min(SOURCES_SHOWN, len(PALETTE)) else OTHER_COLOR)


class StudentView(BuiltWhenShown, QWidget):
    """A per-document similarity report inside the app."""

    pairActivated = Signal(int)  # index into Report.pairs

    COLOR, SOURCE, SHARE, SIMILARITY, VERDICT = range(5)

    def __init__(self, review: QObject, parent: QWidget | None = None):
        super().__init__(parent)
        self.review = review
        self.document: int | None = None
        self.picker = QComboBox()
        self.picker.setObjectName("studentPicker")
        self.picker.setMinimumContentsLength(30)
        self.picker.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.picker.currentIndexChanged.connect(self._picked)
        self.verdict = QComboBox()
        self.verdict.setObjectName("studentVerdict")
        self.verdict.activated.connect(self._verdict_picked)
        self.note_button = QPushButton()
        self.note_button.clicked.connect(self._edit_note)
        self.compare_button = QPushButton()
        self.compare_button.clicked.connect(self._compare_current)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        self.sources = QTableWidget(0, 5)
        self.sources.setObjectName("studentSources")
        self.sources.verticalHeader().hide()
        self.sources.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.sources.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.sources.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.sources.setTabKeyNavigation(False)
        # Enter or a double-click (itemActivated) opens the pair
        self.sources.itemActivated.connect(lambda item: self._compare_row(item.row()))
        self.sources.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.sources.customContextMenuRequested.connect(self._sources_menu)
        self.sources.currentCellChanged.connect(lambda row, *_: self._bring_forward(row))
        self._shown: list = []  # the sources shown, in rank order
        self._text = ""
        self._filled = None  # (text, sources, order) the text view shows now
        header = self.sources.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(self.SOURCE, QHeaderView.ResizeMode.Stretch)
        self.text = QPlainTextEdit()
        self.text.setObjectName("studentText")
        self.text.setReadOnly(True)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)

        top = QHBoxLayout()
        self.picker_label = QLabel()
        self.picker_label.setBuddy(self.picker)
        top.addWidget(self.picker_label)
        top.addWidget(self.picker, 1)
        self.verdict_label = QLabel()
        top.addWidget(self.verdict_label)
        top.addWidget(self.verdict)
        top.addWidget(self.note_button)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.sources, 1)
        left_layout.addWidget(self.compare_button)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(left)
        self.splitter.addWidget(self.text)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 3)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.heading)
        layout.addWidget(self.splitter, 1)
        self.retranslate()
        self.watch(review)

    # ----- documents -----------------------------------------------------------------------
    def rebuild(self) -> None:
        """Fill the picker (most copied first) and show the current document again."""
        data = self.data
        keep = self.document
        self.picker.blockSignals(True)
        self.picker.clear()
        if data is not None:
            ranked = sorted(range(len(data.report.documents)),
                            key=lambda i: (-data.students[i].overall, data.names[i]))
            for i in ranked:
                self.picker.addItem(f"{data.names[i]}  ·  {data.students[i].overall:.0%}  ·  "
                                    f"{data.report.documents[i].name}", i)
                self.picker.setItemData(self.picker.count() - 1, self.review.hover(i),
                                        Qt.ItemDataRole.ToolTipRole)
        self.picker.blockSignals(False)
        if data is None or not data.report.documents:
            self.document = None
            self._clear()
            return
        if keep is None or keep >= len(data.report.documents):
            keep = self.picker.itemData(0)
        self.show_document(keep)

    def show_document(self, document: int) -> None:
        """Show one document's figure, sources and colored text."""
        if self._stale:
            self.document = document
            self.ensure_built()  # rebuild() shows self.document
            return
        data = self.data
        if data is None:
            return
        self.document = document
        row = self.picker.findData(document)
        if row >= 0 and row != self.picker.currentIndex():
            self.picker.blockSignals(True)
            self.picker.setCurrentIndex(row)
            self.picker.blockSignals(False)
        summary = data.students[document]
        doc = data.report.documents[document]
        shown = [s for s in summary.sources if s.spans or s.flagged]
        self._show_heading(document)
        self._shown = shown
        self._text = doc.text
        self._fill_text(doc.text, shown)
        self._fill_sources(shown)
        self._show_verdict()

    def _show_heading(self, document: int) -> None:
        """The document's names, overall figure and group, in the current language."""
        data = self.data
        summary = data.students[document]
        doc = data.report.documents[document]
        group = data.group_of(document)
        where = ""
        if group is not None:
            d = data.details[group]
            where = " · " + self.tr("group G%1").replace("%1", str(group + 1))
            if d.source == document:
                where += " · " + self.tr("likely source of its group")
        self.heading.setText(
            f"<b>{_esc(data.names[document])}</b> &nbsp; {_esc(doc.name)}<br>"
            f"<span style='font-size: 15pt'><b>{summary.overall:.0%}</b></span> "
            + _esc(self.tr("of its text is found in %1 other document(s) (each character counted once)")
                   .replace("%1", str(len([s for s in summary.sources if s.spans]))))
            + _esc(where))
        self.heading.setToolTip(self.review.hover(document))

    def _fill_sources(self, sources) -> None:
        data = self.data
        report = data.report
        header = self.sources.horizontalHeader()
        # sized once after filling: ResizeToContents would measure the table after every cell
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.sources.setRowCount(len(sources))
        for r, s in enumerate(sources):
            swatch = QTableWidgetItem("")
            swatch.setBackground(QBrush(source_color(r)))
            name = QTableWidgetItem(data.names[s.other])
            name.setToolTip(self.review.hover(s.other))
            name.setData(PAIR_ROLE, s.pair)
            share = QTableWidgetItem(f"{s.share:.1%}")
            share.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            share.setToolTip(self.tr("Share of this document's text found in the source"))
            sim = QTableWidgetItem(f"{s.similarity:.1%}" + ("" if s.flagged else " " + self.tr("(not flagged)")))
            sim.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            verdict = self.review.pair_verdict(report.pairs[s.pair], report)
            cell = QTableWidgetItem(verdict_cell(verdict))
            cell.setToolTip(verdict_tooltip(verdict))
            brush = verdict_brush(verdict)
            if brush is not None:
                cell.setBackground(brush)
            for c, item in enumerate((swatch, name, share, sim, cell)):
                self.sources.setItem(r, c, item)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(self.SOURCE, QHeaderView.ResizeMode.Stretch)
        self.compare_button.setEnabled(bool(sources))
        if sources:
            self.sources.selectRow(0)

    def _fill_text(self, text: str, sources, forward: int | None = None) -> None:
        """The text with each source's passages in its color; where sources overlap the one
        with most text shows, unless `forward` (a rank) is brought to the front. The same text
        with the same sources in the same order is left as it is (selecting the first source
        after showing a document changes nothing)."""
        ranks = list(range(len(sources) - 1, -1, -1))
        if forward is not None and 0 <= forward < len(sources):
            ranks.remove(forward)
            ranks.append(forward)
        filled = (text, sources, ranks)
        if self._filled is not None and all(a is b for a, b in zip(self._filled[:2], filled[:2])) \
                and self._filled[2] == ranks:
            return
        self._filled = filled
        from ..text_positions import PositionMap, qt_input  # numpy: with the first document shown

        self.text.setPlainText(qt_input(text))
        positions = PositionMap(text)
        cursor = QTextCursor(self.text.document())
        for r in ranks:
            fmt = QTextCharFormat()
            fmt.setBackground(QBrush(source_color(r)))
            fmt.setToolTip(self.data.names[sources[r].other])
            for span in sources[r].spans:
                start, end = positions.span_to_qt(span.start, span.end)
                cursor.setPosition(start)
                cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
                cursor.mergeCharFormat(fmt)
        self.text.moveCursor(QTextCursor.MoveOperation.Start)

    def _bring_forward(self, row: int) -> None:
        """The selected source's passages on top, in its color (the others stay beneath)."""
        if self._shown and 0 <= row < len(self._shown):
            scroll = self.text.verticalScrollBar().value()
            self._fill_text(self._text, self._shown, forward=row)
            first = self._shown[row].spans[:1]
            if first and row > 0:
                from ..text_positions import PositionMap

                cursor = QTextCursor(self.text.document())
                cursor.setPosition(PositionMap(self._text).to_qt(first[0].start))
                self.text.setTextCursor(cursor)
                self.text.centerCursor()
            else:
                self.text.verticalScrollBar().setValue(scroll)

    def _clear(self) -> None:
        self.heading.setText(self.tr("Run a check, then pick a document to see where its text is found."))
        self.sources.setRowCount(0)
        self.text.clear()
        self._filled = None
        self.compare_button.setEnabled(False)

    def _picked(self, row: int) -> None:
        document = self.picker.itemData(row)
        if document is not None:
            self.show_document(int(document))

    # ----- sources -------------------------------------------------------------------------
    def current_pair(self) -> int | None:
        """The pair of the current source row (an index into Report.pairs), or None."""
        item = self.sources.item(self.sources.currentRow(), self.SOURCE) if self.sources.currentRow() >= 0 else None
        return int(item.data(PAIR_ROLE)) if item is not None and item.data(PAIR_ROLE) is not None else None

    def source_pairs(self) -> list[int]:
        """The pairs (indexes into Report.pairs) of the shown sources, in rank order."""
        return [self.sources.item(r, self.SOURCE).data(PAIR_ROLE) for r in range(self.sources.rowCount())]

    def _compare_row(self, row: int) -> None:
        item = self.sources.item(row, self.SOURCE)
        if item is not None:
            self.pairActivated.emit(int(item.data(PAIR_ROLE)))

    def _compare_current(self) -> None:
        row = self.sources.currentRow()
        self._compare_row(max(row, 0))

    def _sources_menu(self, pos) -> None:
        item = self.sources.itemAt(pos)
        if item is None or self.data is None:
            return
        k = int(self.sources.item(item.row(), self.SOURCE).data(PAIR_ROLE))
        report = self.data.report
        pair = report.pairs[k]
        menu = QMenu(self)
        menu.addAction(self.tr("Compare"), lambda: self.pairActivated.emit(k))
        menu.addSeparator()
        add_verdict_actions(menu, self.review.pair_verdict(pair, report),
                            lambda v: self.review.set_pair_verdict(pair, v, report), self)
        menu.exec(self.sources.viewport().mapToGlobal(pos))

    # ----- verdict on the document ---------------------------------------------------------
    def _show_verdict(self) -> None:
        if self.document is None or self.data is None:
            return
        verdict = self.review.document_verdict(self.document, self.data.report)
        self.verdict.blockSignals(True)
        self.verdict.setCurrentIndex(max(0, self.verdict.findData(verdict.status)))
        self.verdict.blockSignals(False)
        self.verdict.setToolTip(verdict_tooltip(verdict))
        self.note_button.setText(self.tr("Edit Note…") if verdict.note else self.tr("Add Note…"))
        self.note_button.setToolTip(verdict.note)

    def _verdict_picked(self, row: int) -> None:
        if self.document is None or self.data is None:
            return
        current = self.review.document_verdict(self.document, self.data.report)
        self.review.set_document_verdict(self.document, Verdict(self.verdict.itemData(row), current.note),
                                         self.data.report)

    def _edit_note(self) -> None:
        if self.document is None or self.data is None:
            return
        document, report = self.document, self.data.report
        edit_note(self.review.document_verdict(document, report),
                  lambda v: self.review.set_document_verdict(document, v, report), self)

    def _verdicts_changed(self) -> None:
        if self.document is None or self.data is None or self._stale:
            return
        report = self.data.report
        for r in range(self.sources.rowCount()):
            k = self.sources.item(r, self.SOURCE).data(PAIR_ROLE)
            verdict = self.review.pair_verdict(report.pairs[k], report)
            cell = self.sources.item(r, self.VERDICT)
            cell.setText(verdict_cell(verdict))
            cell.setToolTip(verdict_tooltip(verdict))
            brush = verdict_brush(verdict)
            cell.setBackground(brush if brush is not None else QBrush())
        self._show_verdict()

    # ----- language ------------------------------------------------------------------------
    def retranslate(self) -> None:
        self.picker_label.setText(self.tr("&Document:"))
        self.verdict_label.setText(self.tr("Verdict:"))
        self.verdict.blockSignals(True)
        current = self.verdict.currentData()
        self.verdict.clear()
        for status in ("", *VERDICTS):
            self.verdict.addItem(verdict_label(status), status)
        self.verdict.setCurrentIndex(max(0, self.verdict.findData(current)))
        self.verdict.blockSignals(False)
        self.compare_button.setText(self.tr("Compare Side by Side"))
        self.sources.setHorizontalHeaderLabels(["", self.tr("Source"), self.tr("Share of this text"),
                                                self.tr("Similarity"), self.tr("Verdict")])
        data, document = self.data, self.document
        if data is not None and document is not None and document < len(data.report.documents) \
                and not self._stale:  # the shown document's words, not only the labels
            self._show_heading(document)
            self._fill_sources(self._shown)
        elif data is None:
            self._clear()
        self._show_verdict()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
