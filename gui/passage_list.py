"""The compare view's list of matched passages: number and color, length on each side, excerpt."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QAbstractTableModel, QItemSelectionModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView

EXCERPT_CHARS = 40
_TOOLTIP_CHARS = 400


def excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    """`text` on one line (white space runs collapsed), cut to `limit` characters with an ellipsis."""
    line = " ".join(text.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


@dataclass(frozen=True, slots=True)
class PassageRow:
    """What the list shows for one passage."""

    color: QColor
    left_chars: int
    right_chars: int
    left_text: str


class PassageListModel(QAbstractTableModel):
    """Read-only table of passages; row i is passage number i + 1."""

    NUMBER, LEFT, RIGHT, EXCERPT = range(4)

    def __init__(self, rows: Sequence[PassageRow], parent=None):
        super().__init__(parent)
        self._rows = tuple(rows)
        self._excerpts = tuple(excerpt(r.left_text) for r in self._rows)

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else 4

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return (self.tr("#"), self.tr("Left"), self.tr("Right"), self.tr("Excerpt"))[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return (
                self.tr("Passage number"),
                self.tr("Length in the left document, in characters"),
                self.tr("Length in the right document, in characters"),
                self.tr("The start of the passage"),
            )[section]
        return None

    def data(self, index: QModelIndex, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        row, column = self._rows[index.row()], index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == self.NUMBER:
                return index.row() + 1
            if column == self.LEFT:
                return row.left_chars
            if column == self.RIGHT:
                return row.right_chars
            return self._excerpts[index.row()]
        if role == Qt.ItemDataRole.DecorationRole and column == self.NUMBER:
            return row.color
        if role == Qt.ItemDataRole.TextAlignmentRole and column != self.EXCERPT:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole and column == self.EXCERPT:
            return excerpt(row.left_text, _TOOLTIP_CHARS)
        return None


class PassageList(QTableView):
    """A table of passages; emits `passageChosen(row)` when the user picks one."""

    passageChosen = Signal(int)

    def __init__(self, rows: Sequence[PassageRow], parent=None):
        super().__init__(parent)
        self._quiet = False
        self._row_before_press = -1
        self.setModel(PassageListModel(rows, self))
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setAlternatingRowColors(False)
        self.setWordWrap(False)
        self.verticalHeader().hide()
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self._size_columns(rows)
        self.selectionModel().currentRowChanged.connect(self._on_current_row)
        self.clicked.connect(self._on_clicked)

    def _size_columns(self, rows: Sequence[PassageRow]) -> None:
        # Widths from the widest number, not ResizeToContents, which asks every row for its data.
        metrics, header = self.fontMetrics(), self.horizontalHeader()
        model = self.model()
        widest = {
            PassageListModel.NUMBER: len(rows),
            PassageListModel.LEFT: max((r.left_chars for r in rows), default=0),
            PassageListModel.RIGHT: max((r.right_chars for r in rows), default=0),
        }
        icon = self.style().pixelMetric(self.style().PixelMetric.PM_SmallIconSize)
        for column, number in widest.items():
            title = model.headerData(column, Qt.Orientation.Horizontal)
            width = max(metrics.horizontalAdvance(str(number)), metrics.horizontalAdvance(title) + 8)
            if column == PassageListModel.NUMBER:
                width += icon + 6
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(column, width + 16)
        header.setStretchLastSection(True)

    def set_current(self, row: int) -> None:
        """Select `row` and scroll it into view without emitting passageChosen."""
        self._quiet = True
        try:
            index = self.model().index(row, 0)
            self.selectionModel().setCurrentIndex(
                index,
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows,
            )
            self.scrollTo(index)
        finally:
            self._quiet = False

    def current_row(self) -> int:
        """The selected row, or -1."""
        return self.selectionModel().currentIndex().row()

    def mousePressEvent(self, event) -> None:
        self._row_before_press = self.current_row()
        super().mousePressEvent(event)

    def _on_clicked(self, index: QModelIndex) -> None:
        # A click on the row that is already current changes nothing, yet the user asks to go there.
        if index.row() == self._row_before_press:
            self.passageChosen.emit(index.row())

    def _on_current_row(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not self._quiet and current.isValid():
            self.passageChosen.emit(current.row())
