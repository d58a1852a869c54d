"""The one table model every table uses: rows, and columns as a table of extractors.

A subclass lists its columns (`Column`: header, value, sort key, tooltips, alignment,
decoration) and, where a whole row looks different (near-duplicate, failed, template), says
so in `row_style`. Everything Qt asks for is answered here, once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QSortFilterProxyModel, Qt

R = TypeVar("R")

#: The row's key: what a view hands back to its owner (a pair's index, a document's path).
KEY_ROLE = Qt.ItemDataRole.UserRole + 1
#: What sorting compares (numbers stay numbers, names are case-folded).
SORT_ROLE = Qt.ItemDataRole.UserRole + 2

RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter

_STYLE_ROLES = (
    Qt.ItemDataRole.FontRole,
    Qt.ItemDataRole.BackgroundRole,
    Qt.ItemDataRole.ForegroundRole,
)


@dataclass(frozen=True, slots=True)
class Column(Generic[R]):
    """One column: how its header and cells are made from a row.

    `header` and `header_tip` are called each time Qt asks, so they follow the language.
    `sort_key` defaults to `value`; `tooltip` defaults to the model's `row_tooltip`.
    """

    header: Callable[[], str]
    value: Callable[[R], Any]
    sort_key: Callable[[R], Any] | None = None
    header_tip: Callable[[], str] | None = None
    tooltip: Callable[[R], str | None] | None = None
    alignment: Qt.AlignmentFlag | None = None
    decoration: Callable[[R], Any] | None = None


class ColumnTableModel(QAbstractTableModel, Generic[R]):
    """A read-only table of `rows` whose columns come from `columns()`."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self._rows: Sequence[R] = ()
        self.columns: tuple[Column[R], ...] = tuple(self.make_columns())

    # ----- what a subclass provides ----------------------------------------------------------
    def make_columns(self) -> Sequence[Column[R]]:
        raise NotImplementedError

    def row_key(self, row: int, item: R) -> Any:
        """What KEY_ROLE returns for a row (its position by default)."""
        return row

    def row_style(self, item: R, role: Qt.ItemDataRole) -> Any:
        """Font, background or foreground of a whole row, or None."""
        return None

    def row_tooltip(self, item: R) -> str | None:
        """The tooltip of cells whose column has none of its own."""
        return None

    # ----- rows ------------------------------------------------------------------------------
    def set_rows(self, rows: Sequence[R]) -> None:
        self.beginResetModel()
        self._rows = tuple(rows)
        self.endResetModel()

    def row(self, row: int) -> R:
        return self._rows[row]

    def rows(self) -> Sequence[R]:
        return self._rows

    def restyle(self) -> None:
        """Every cell may look different now (a threshold changed): ask the views to repaint."""
        if self._rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._rows) - 1, len(self.columns) - 1))

    def retranslate(self) -> None:
        """The headers follow a language change."""
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self.columns) - 1)

    # ----- QAbstractTableModel ---------------------------------------------------------------
    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: B008 (Qt's signature: the invalid index, never changed)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: B008 (Qt's signature: the invalid index, never changed)
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return None
        column = self.columns[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return column.header()
        if role == Qt.ItemDataRole.ToolTipRole and column.header_tip is not None:
            return column.header_tip()
        return None

    def data(self, index: QModelIndex, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        return self._value(self._rows[index.row()], index.row(), self.columns[index.column()], role)

    def multiData(self, index: QModelIndex, roles) -> None:
        """Every role a view asks of a cell at once: one call into Python per cell painted
        instead of one per role. Each such call waits for the interpreter lock while a job
        computes (see gui/worker.py)."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            for slot in roles:
                slot.clearData()
            return
        item, row, column = self._rows[index.row()], index.row(), self.columns[index.column()]
        for slot in roles:
            slot.setData(self._value(item, row, column, slot.role()))

    def _value(self, item: R, row: int, column: Column[R], role):
        if role == Qt.ItemDataRole.DisplayRole:
            return column.value(item)
        if role == SORT_ROLE:
            return (column.sort_key or column.value)(item)
        if role == KEY_ROLE:
            return self.row_key(row, item)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return None if column.alignment is None else int(column.alignment)
        if role == Qt.ItemDataRole.DecorationRole:
            return None if column.decoration is None else column.decoration(item)
        if role == Qt.ItemDataRole.ToolTipRole:
            return column.tooltip(item) if column.tooltip is not None else self.row_tooltip(item)
        if role in _STYLE_ROLES:
            return self.row_style(item, role)
        return None


class SortFilterProxy(QSortFilterProxyModel):
    """A sort/filter proxy that hands a cell's roles to its ColumnTableModel in one call
    (QSortFilterProxyModel asks its source for each role separately, from C++).

    `source` is the source model kept on the Python side: `sourceModel()` finds the Python
    object of a C++ pointer on each call, a cost paid per row filtered and per cell painted."""

    source: QAbstractTableModel | None = None

    def setSourceModel(self, model) -> None:
        self.source = model
        super().setSourceModel(model)

    def multiData(self, index: QModelIndex, roles) -> None:
        source = self.source
        if isinstance(source, ColumnTableModel):
            source.multiData(self.mapToSource(index), roles)
        else:
            super().multiData(index, roles)
