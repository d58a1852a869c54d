"""The compare view's list of matched passages: number and color, length on each side, excerpt."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView

from ..models.pairs import kind_text
from ..models.passages import PassageListModel, PassageRow


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
            PassageListModel.NUMBER: str(len(rows)),
            PassageListModel.KIND: max((kind_text(k) for k in {r.kind for r in rows}),
                                       key=metrics.horizontalAdvance, default=""),
            PassageListModel.LEFT: str(max((r.left_chars for r in rows), default=0)),
            PassageListModel.RIGHT: str(max((r.right_chars for r in rows), default=0)),
        }
        icon = self.style().pixelMetric(self.style().PixelMetric.PM_SmallIconSize)
        for column, text in widest.items():
            title = model.headerData(column, Qt.Orientation.Horizontal)
            width = max(metrics.horizontalAdvance(text), metrics.horizontalAdvance(title) + 8)
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
