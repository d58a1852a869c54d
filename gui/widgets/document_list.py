"""The list of added documents: a titled, sortable table that keeps its selection by path."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QItemSelectionModel, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QStyle,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ..entries import State
from ..models.documents import PATH_ROLE, DocumentModel
from ..models.table import SORT_ROLE, SortFilterProxy

NAME_MIN_WIDTH = 100  # px the names keep before optional columns are hidden
#: The longest texts of a column that are measured: its cells are figures, formats and short
#: words, and the widest is among the longest (measuring each text shapes it, not cheap).
MEASURED = 8


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
        self._set_resize_modes()
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

    def _set_resize_modes(self) -> None:
        """The names take the room left; the other columns get the widths `_fit_columns` sets
        (also after a saved header state, which brings its own modes, is restored)."""
        header = self.view.horizontalHeader()
        for column in range(self.model.columnCount()):
            mode = QHeaderView.ResizeMode.Stretch if column == DocumentModel.NAME else QHeaderView.ResizeMode.Fixed
            if header.sectionResizeMode(column) != mode:
                header.setSectionResizeMode(column, mode)

    def _measure(self) -> dict[int, int]:
        """Each column's width but the names': its widest cell or its title, as Qt's
        ResizeToContents would size it. Measured from the cells' texts, every row, in one
        pass: ResizeToContents asks the delegate for each row's size hint, through the model
        in Python, on every change (a check's end or a saved check's opening spent most of
        its time on the GUI thread there)."""
        view, header = self.view, self.view.horizontalHeader()
        italic = QFont(view.font())
        italic.setItalic(True)  # the template's row
        metrics = (view.fontMetrics(), QFontMetrics(italic))
        margin = 2 * (view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1) + 1
        rows = self.model.rows()
        widths = {}
        for column in range(self.model.columnCount()):
            if column == DocumentModel.NAME:
                continue
            value = self.model.columns[column].value
            texts = sorted({str(text) for text in map(value, rows) if text}, key=len)[-MEASURED:]
            cells = max((max(m.horizontalAdvance(t) for m in metrics) for t in texts), default=0)
            title = self.model.headerData(column, Qt.Orientation.Horizontal) or ""
            widths[column] = max(cells + margin, header.fontMetrics().horizontalAdvance(title) + 24)
        return widths

    def _fit_columns(self) -> None:
        """In a narrow list, columns give way from the right rather than squeeze the names."""
        header = self.view.horizontalHeader()
        room = self.view.viewport().width() - NAME_MIN_WIDTH
        self._set_resize_modes()
        if self._widths is None:  # a resize only changes the room
            self._widths = self._measure()
        widths = self._widths
        others = list(widths)
        shown = list(others)
        while shown and sum(widths[c] for c in shown) > room:
            shown.pop()
        for column in others:
            header.setSectionHidden(column, column not in shown)
            if column in shown and header.sectionSize(column) != widths[column]:
                header.resizeSection(column, widths[column])

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
