"""The list of added documents: name, format, length, highest similarity, and load state."""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QItemSelectionModel,
    QModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QTableView, QVBoxLayout, QWidget

from . import icons
from .session import Entry, Session, State

PATH_ROLE = Qt.ItemDataRole.UserRole + 1
SORT_ROLE = Qt.ItemDataRole.UserRole + 2

FAILED_COLOR = QColor("#b3261e")
TEMPLATE_COLOR = QColor("#5b6f82")


class DocumentModel(QAbstractTableModel):
    """The session's entries as table rows; reset whenever the session's documents change."""

    NAME, FORMAT, LENGTH, HIGHEST = range(4)

    def __init__(self, session: Session, parent=None):
        super().__init__(parent)
        self._session = session
        self._rows: list[Entry] = list(session.entries)
        session.documentsChanged.connect(self.refresh)

    def refresh(self) -> None:
        self.beginResetModel()
        self._rows = list(self._session.entries)
        self.endResetModel()

    def entry(self, row: int) -> Entry:
        return self._rows[row]

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else 4

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return (self.tr("Name"), self.tr("Format"), self.tr("Length"), self.tr("Highest"))[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return (
                self.tr("File name"),
                self.tr("File format"),
                self.tr("Length in characters"),
                self.tr("Highest similarity to any other document in the last check"),
            )[section]
        return None

    def data(self, index: QModelIndex, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        e = self._rows[index.row()]
        col = index.column()
        is_template = e.path == self._session.template
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(e, col, is_template)
        if role == SORT_ROLE:
            return self._sort_key(e, col)
        if role == PATH_ROLE:
            return e.path
        if role == Qt.ItemDataRole.DecorationRole and col == self.NAME:
            if e.state is State.FAILED:
                return icons.icon("doc_failed")
            if e.state is State.LOADING:
                return icons.icon("doc_loading")
            return icons.icon("doc_template" if is_template else "doc_ready")
        if role == Qt.ItemDataRole.ForegroundRole:
            if e.state is State.FAILED:
                return QBrush(FAILED_COLOR)
            if is_template:
                return QBrush(TEMPLATE_COLOR)
        if role == Qt.ItemDataRole.FontRole and is_template:
            font = QFont()
            font.setItalic(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(e, is_template)
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (self.LENGTH, self.HIGHEST):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _display(self, e: Entry, col: int, is_template: bool) -> str:
        if col == self.NAME:
            return self.tr("%1 (template)").replace("%1", e.name) if is_template else e.name
        if col == self.FORMAT:
            if e.document is not None:
                return e.document.format.upper()
            return e.path.rsplit(".", 1)[-1].upper() if "." in e.name else ""
        if col == self.LENGTH:
            if e.state is State.LOADING:
                return self.tr("loading…")
            if e.state is State.FAILED:
                return self.tr("unreadable")
            return f"{e.document.chars:,}"
        if col == self.HIGHEST:
            highest = self._session.highest_similarity(e.path)
            return "" if highest is None else f"{highest * 100:.1f}%"
        return ""

    def _sort_key(self, e: Entry, col: int):
        if col == self.NAME:
            return e.name.casefold()
        if col == self.FORMAT:
            return self._display(e, col, False)
        if col == self.LENGTH:
            return e.document.chars if e.document else -1
        highest = self._session.highest_similarity(e.path)
        return -1.0 if highest is None else highest

    def _tooltip(self, e: Entry, is_template: bool) -> str:
        if e.state is State.FAILED:
            return self.tr("Could not read %1:\n%2").replace("%1", e.path).replace("%2", e.error or "")
        if e.state is State.LOADING:
            return self.tr("Loading %1…").replace("%1", e.path)
        if is_template:
            return self.tr("%1\nTemplate: text shared with it is ignored").replace("%1", e.path)
        return e.path


class DocumentList(QWidget):
    """A titled, sortable table of the session's documents that keeps its selection by path."""

    selectionChanged = Signal()

    def __init__(self, session: Session, parent=None):
        super().__init__(parent)
        self._session = session
        self.model = DocumentModel(session, self)
        self.proxy = QSortFilterProxyModel(self)
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
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(DocumentModel.NAME, QHeaderView.ResizeMode.Stretch)
        for col in (DocumentModel.FORMAT, DocumentModel.LENGTH, DocumentModel.HIGHEST):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        self.view.selectionModel().selectionChanged.connect(lambda *_: self.selectionChanged.emit())

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.view)

        self._kept: list[str] = []
        self.model.modelAboutToBeReset.connect(self._keep_selection)
        self.model.modelReset.connect(self._restore_selection)
        self.model.modelReset.connect(self.retranslate)
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

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            self.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, 3)
        super().changeEvent(event)
