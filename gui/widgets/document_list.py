"""The list of added documents: a titled, sortable table that keeps its selection by path."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QItemSelectionModel, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ..entries import State
from ..models.documents import PATH_ROLE, DocumentModel
from ..models.table import SORT_ROLE, SortFilterProxy

NAME_MIN_WIDTH = 100  # px the names keep before optional columns are hidden
CONTENTS_PRECISION = 60  # rows read to fit a column's width (Qt's default: 1,000)


class DocumentList(QWidget):
    """A titled, sortable table of the session's documents that keeps its selection by path."""

    selectionChanged = Signal()

    def __init__(self, session: QObject, parent=None):
        super().__init__(parent)
        self._session = session
        self.model = DocumentModel(session, self)
        self.proxy = SortFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(SORT_ROLE)

        self.title = QLabel()
        self.view = QTableView()
        self.view.setObjectName("documentView")
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(-1, Qt.SortOrder.AscendingOrder)  # keep the order files were added
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.view.verticalHeader().hide()
        self.view.setWordWrap(False)
        # names of one class differ at the end (essay_01.docx, essay_02.docx): keep the end
        self.view.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.view.setAlternatingRowColors(True)
        self.view.setTabKeyNavigation(False)  # Tab leaves the list (to the results), the arrows move in it
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(DocumentModel.NAME, QHeaderView.ResizeMode.Stretch)
        for col in (DocumentModel.FORMAT, DocumentModel.LENGTH, DocumentModel.HIGHEST, DocumentModel.VERDICT):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        # fitting a column reads the rows in view and at most this many more, not all 500 of a
        # class on every change (bench/review_bench.py)
        header.setResizeContentsPrecision(CONTENTS_PRECISION)
        self.view.selectionModel().selectionChanged.connect(lambda *_: self.selectionChanged.emit())

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.view)

        self._kept: list[str] = []
        self.model.modelAboutToBeReset.connect(self._keep_selection)
        self.model.modelReset.connect(self._restore_selection)
        self.model.modelReset.connect(self.retranslate)
        self._widths: dict[int, int] | None = None  # what each column's cells need, until they change
        self.model.modelReset.connect(self._refit)
        # new values in the same rows (a check finished): fit again, in an event of its own
        self._fit_timer = QTimer(self)
        self._fit_timer.setSingleShot(True)
        self._fit_timer.setInterval(0)
        self._fit_timer.timeout.connect(self._refit)
        self.model.dataChanged.connect(lambda *_: self._fit_timer.start())
        self.view.viewport().installEventFilter(self)
        self.retranslate()

    def selected_paths(self) -> list[str]:
        rows = self.view.selectionModel().selectedRows()
        return [self.proxy.data(i, PATH_ROLE) for i in sorted(rows, key=lambda i: i.row())]

    def current_path(self) -> str | None:
        index = self.view.currentIndex()
        return self.proxy.data(index.siblingAtColumn(0), PATH_ROLE) if index.isValid() else None

    def select_paths(self, paths: list[str]) -> None:
        wanted = set(paths)
        selection = self.view.selectionModel()
        selection.clearSelection()
        flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
        for row in range(self.proxy.rowCount()):
            index = self.proxy.index(row, 0)
            if self.proxy.data(index, PATH_ROLE) in wanted:
                selection.select(index, flags)
                if not self.view.currentIndex().isValid():
                    selection.setCurrentIndex(index, QItemSelectionModel.SelectionFlag.NoUpdate)

    def _keep_selection(self) -> None:
        self._kept = self.selected_paths()

    def _restore_selection(self) -> None:
        if self._kept:
            self.select_paths(self._kept)
        self.selectionChanged.emit()

    def retranslate(self) -> None:
        entries = self._session.entries
        failed = sum(e.state is State.FAILED for e in entries)
        text = self.tr("Documents (%1)").replace("%1", str(len(entries)))
        if failed:
            text += "  " + self.tr("%1 unreadable").replace("%1", str(failed))
        self.title.setText(f"<b>{text}</b>")

    def eventFilter(self, watched, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and watched is self.view.viewport():
            self._fit_columns()
        return super().eventFilter(watched, event)

    def _fit_columns(self) -> None:
        """In a narrow list, columns give way from the right rather than squeeze the names."""
        header = self.view.horizontalHeader()
        room = self.view.viewport().width() - NAME_MIN_WIDTH

        def width(column: int) -> int:  # what ResizeToContents would give it: its cells or its title
            title = self.model.headerData(column, Qt.Orientation.Horizontal) or ""
            return max(self.view.sizeHintForColumn(column), header.fontMetrics().horizontalAdvance(title) + 24)

        others = [c for c in range(self.model.columnCount()) if c != DocumentModel.NAME]
        if self._widths is None:  # a resize only changes the room (sizeHintForColumn reads 60 rows of data)
            self._widths = {c: width(c) for c in others}
        widths = self._widths
        shown = list(others)
        while shown and sum(widths[c] for c in shown) > room:
            shown.pop()
        for column in others:
            header.setSectionHidden(column, column not in shown)

    def _refit(self) -> None:
        """The cells changed: measure the columns again and fit them."""
        self._widths = None
        self._fit_columns()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            self.model.retranslate()
            self._refit()
        super().changeEvent(event)
