"""The first columns of a table kept in view while it scrolls sideways (Qt's "frozen column"
pattern): a second view over the same model and selection, laid over the table's left edge,
showing only those columns, scrolled vertically with it."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView


class FrozenColumns(QTableView):
    """Columns 0..count-1 of `table`, always at its left edge (the table's own copies of them
    scroll under it). It takes no focus: the keyboard stays in the table."""

    def __init__(self, table: QTableView, count: int):
        super().__init__(table)
        self.table, self.count = table, count
        self.setObjectName(f"{table.objectName() or 'table'}Frozen")
        self.setModel(table.model())
        self.setSelectionModel(table.selectionModel())
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setSelectionBehavior(table.selectionBehavior())
        self.setSelectionMode(table.selectionMode())
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setWordWrap(False)
        self.setTextElideMode(table.textElideMode())
        self.setAlternatingRowColors(table.alternatingRowColors())
        self.setItemDelegate(table.itemDelegate())
        self.verticalHeader().hide()
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollMode(table.verticalScrollMode())
        self.setStyleSheet("QTableView { border: none; border-right: 1px solid palette(mid); }")
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setSortIndicatorShown(True)
        header.setSectionsClickable(True)
        header.sectionClicked.connect(self._sort_by)
        source = table.horizontalHeader()
        header.setSortIndicator(source.sortIndicatorSection(), source.sortIndicatorOrder())
        source.sectionResized.connect(self._sync_widths)
        source.sortIndicatorChanged.connect(lambda c, o: header.setSortIndicator(c, o))
        table.verticalHeader().sectionResized.connect(lambda row, _old, size: self.setRowHeight(row, size))
        table.verticalScrollBar().valueChanged.connect(self.verticalScrollBar().setValue)
        self.verticalScrollBar().valueChanged.connect(table.verticalScrollBar().setValue)
        table.horizontalScrollBar().valueChanged.connect(lambda _v: self._place())
        table.horizontalScrollBar().rangeChanged.connect(lambda *_: self._place())
        self.doubleClicked.connect(table.doubleClicked)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(
            lambda pos: table.customContextMenuRequested.emit(table.viewport().mapFromGlobal(
                self.viewport().mapToGlobal(pos))))
        model = table.model()
        model.columnsInserted.connect(self._hide_columns)
        model.modelReset.connect(self._hide_columns)
        model.layoutChanged.connect(self._hide_columns)
        table.installEventFilter(self)
        table.viewport().stackUnder(self)
        self._hide_columns()

    def _hide_columns(self, *_args) -> None:
        for column in range(self.model().columnCount()):
            self.setColumnHidden(column, column >= self.count)
        self._sync_widths()

    def _sort_by(self, column: int) -> None:
        header = self.table.horizontalHeader()
        order = (Qt.SortOrder.AscendingOrder if header.sortIndicatorSection() == column
                 and header.sortIndicatorOrder() == Qt.SortOrder.DescendingOrder else Qt.SortOrder.DescendingOrder)
        self.table.sortByColumn(column, order)

    def _sync_widths(self, *_args) -> None:
        for column in range(min(self.count, self.model().columnCount())):
            self.setColumnWidth(column, self.table.columnWidth(column))
        self._place()

    def frozen_width(self) -> int:
        return sum(self.table.columnWidth(c) for c in range(min(self.count, self.model().columnCount())))

    def _place(self) -> None:
        """Over the table's first columns; shown only while the table is scrolled sideways
        (unscrolled, the table's own columns are in the same place)."""
        table = self.table
        frame = table.frameWidth()
        self.setGeometry(table.verticalHeader().width() + frame, frame, self.frozen_width(),
                         table.viewport().height() + table.horizontalHeader().height())
        self.setVisible(table.horizontalScrollBar().value() > 0)
        self.verticalScrollBar().setValue(table.verticalScrollBar().value())

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if obj is self.table and event.type() in (QEvent.Type.Resize, QEvent.Type.Show, QEvent.Type.LayoutRequest):
            self._place()
        return False
