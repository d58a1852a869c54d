"""Archive > Browse Archive: search the archived documents by name or label, open a document's
text, remove documents (their text and fingerprints are deleted).

The dialog never touches the archive itself: each read or removal is a job it hands to `run`
(the archive controller runs it on the worker pool with progress, Cancel and an error dialog),
so a slow or frozen server never holds the window. The list is searched in memory.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
)

from core.display import safe_name

from ..models.table import KEY_ROLE, RIGHT, Column, ColumnTableModel

# run(work, label, done): `work(store)` on the archive in the background; `done(result)` on
# the GUI thread when it succeeded. Returns the running task (gui.background.FileTask).
Run = Callable[[Callable, str, Callable], object]


class ArchivedModel(ColumnTableModel):
    """Archived documents (core's ArchivedDocument) as table rows, keyed by their id."""

    def make_columns(self):
        return (
            Column(lambda: self.tr("ID"), lambda d: str(d.id), sort_key=lambda d: d.id, alignment=RIGHT),
            Column(lambda: self.tr("Name"), lambda d: safe_name(d.name)),
            Column(lambda: self.tr("Label"), lambda d: safe_name(d.label)),
            Column(lambda: self.tr("Added"), lambda d: d.added[:19].replace("T", " ")),
            Column(lambda: self.tr("Characters"), lambda d: f"{d.chars:,}", sort_key=lambda d: d.chars,
                   alignment=RIGHT),
        )

    def row_key(self, row, item):
        return item.id

    def row_tooltip(self, item):
        return f"{safe_name(item.path)}\nSHA-256 {item.sha256}"


def matches(query: str, document) -> bool:
    """Whether a search finds `document`: `query` within its name or label, ignoring case."""
    q = query.casefold()
    return q in document.name.casefold() or q in (document.label or "").casefold()


class ArchiveBrowser(QDialog):
    """A table of the archive's documents, listed when the dialog opens."""

    def __init__(self, location: str, documents: Sequence, run: Run, parent=None):
        """`location`: the archive as shown to the user (a PostgreSQL password never in it);
        `documents`: its documents now; `run`: how a job on the archive is started."""
        super().__init__(parent)
        self.run = run
        self.task = None  # the job on the archive now running, if any
        self.all_documents = list(documents)
        self.setObjectName("archiveBrowser")
        self.setWindowTitle(self.tr("Archive — %1").replace("%1", safe_name(location)))
        self.resize(820, 480)
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Search names and labels"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.refresh)
        self.model = ArchivedModel(self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        for column in (0, 2, 3, 4):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        self.table.doubleClicked.connect(lambda _i: self.open_text())
        self.count = QLabel()
        self.open_button = QPushButton(self.tr("Open Text"))
        self.open_button.clicked.connect(self.open_text)
        self.remove_button = QPushButton(self.tr("Remove…"))
        self.remove_button.clicked.connect(lambda: self.remove_selected())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        row = QHBoxLayout()
        row.addWidget(self.count, 1)
        row.addWidget(self.open_button)
        row.addWidget(self.remove_button)
        row.addWidget(buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(self.search)
        layout.addWidget(self.table, 1)
        layout.addLayout(row)
        self.text_views: list[QDialog] = []
        self.refresh()

    def refresh(self) -> None:
        query = self.search.text().strip()
        docs = [d for d in self.all_documents if matches(query, d)] if query else self.all_documents
        self.model.set_rows(docs)
        self.count.setText(self.tr("%n document(s)", "", len(docs)))

    def selected_ids(self) -> list[int]:
        rows = sorted({i.row() for i in self.table.selectionModel().selectedRows()})
        return [int(self.model.index(r, 0).data(KEY_ROLE)) for r in rows]

    def _start(self, work: Callable, label: str, done: Callable) -> object:
        """One job at a time: the buttons wait while it runs."""
        self.open_button.setEnabled(False)
        self.remove_button.setEnabled(False)
        self.task = task = self.run(work, label, done)
        task.ended.connect(self._ended)
        return task

    def _ended(self) -> None:
        self.task = None
        self.open_button.setEnabled(True)
        self.remove_button.setEnabled(True)

    def open_text(self):
        """Open the first selected document's text in a window of its own (read in the
        background); the running task, None when nothing is selected or a job runs."""
        ids = self.selected_ids()
        if not ids or self.task is not None:
            return None
        doc_id = ids[0]
        name = next((d.name for d in self.all_documents if d.id == doc_id), str(doc_id))
        return self._start(lambda store: store.texts([doc_id]).get(doc_id),
                           self.tr("Reading %1…").replace("%1", safe_name(name)),
                           lambda text: self._show_text(name, text))

    def _show_text(self, name: str, text: str | None) -> None:
        if text is None:  # removed meanwhile (by a colleague, on a shared archive)
            QMessageBox.information(self, self.tr("Archive"),
                                    self.tr("%1 is no longer in the archive.").replace("%1", safe_name(name)))
            return
        view = QDialog(self)
        view.setWindowTitle(safe_name(name))
        edit = QPlainTextEdit(text)
        edit.setReadOnly(True)
        QVBoxLayout(view).addWidget(edit)
        view.resize(700, 560)
        view.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        view.show()
        self.text_views.append(view)

    def remove_selected(self, confirm: bool = True):
        """Delete the selected documents from the archive after a confirmation, then list the
        archive again; the running task, None when nothing was removed."""
        ids = self.selected_ids()
        if not ids or self.task is not None:
            return None
        if confirm:
            answer = QMessageBox.question(
                self, self.tr("Remove from the archive"),
                self.tr("Delete %n document(s) from the archive, with their text and "
                        "fingerprints? This cannot be undone.", "", len(ids)))
            if answer != QMessageBox.StandardButton.Yes:
                return None
        task = self._start(lambda store: (store.remove(ids), store.documents()),
                           self.tr("Removing %n document(s)…", "", len(ids)), self._removed)
        task.ended.connect(lambda: self._relist(task))
        return task

    def _removed(self, result) -> None:
        self.removed, documents = result
        self.all_documents = list(documents)
        self.refresh()

    def _relist(self, removal) -> None:
        """A removal that was cancelled or failed may have removed some: list the archive again."""
        if removal.result is None and self.task is None:
            self._start(lambda store: store.documents(), self.tr("Listing the archive…"), self._listed)

    def _listed(self, documents) -> None:
        self.all_documents = list(documents)
        self.refresh()
