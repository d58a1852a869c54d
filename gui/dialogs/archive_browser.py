"""Archive > Browse Archive: search the archived documents by name or label, open a document's
text, remove documents (their text and fingerprints are deleted)."""

from __future__ import annotations

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
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from core.display import safe_name


class ArchiveBrowser(QDialog):
    """A table of the archive's documents over an open store (closed with the dialog)."""

    COLUMNS = ("id", "name", "label", "added", "characters")

    def __init__(self, store, parent=None):
        super().__init__(parent)
        self.store = store
        self.setObjectName("archiveBrowser")
        self.setWindowTitle(self.tr("Archive — %1").replace("%1", safe_name(store.location)))
        self.resize(820, 480)
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Search names and labels"))
        self.search.textChanged.connect(self.refresh)
        self.table = QTableWidget(0, len(self.COLUMNS))
        self.table.setHorizontalHeaderLabels([self.tr("ID"), self.tr("Name"), self.tr("Label"),
                                              self.tr("Added"), self.tr("Characters")])
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
        docs = self.store.documents(search=query) if query else self.store.documents()
        self.table.setRowCount(len(docs))
        for r, d in enumerate(docs):
            values = (str(d.id), safe_name(d.name), safe_name(d.label), d.added[:19].replace("T", " "),
                      f"{d.chars:,}")
            for c, value in enumerate(values):
                item = QTableWidgetItem(value)
                if c in (0, 4):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                item.setData(Qt.ItemDataRole.UserRole, d.id)
                item.setToolTip(f"{safe_name(d.path)}\nSHA-256 {d.sha256}")
                self.table.setItem(r, c, item)
        self.count.setText(self.tr("%n document(s)", "", len(docs)))

    def selected_ids(self) -> list[int]:
        rows = sorted({i.row() for i in self.table.selectedIndexes()})
        return [int(self.table.item(r, 0).data(Qt.ItemDataRole.UserRole)) for r in rows]

    def open_text(self) -> QDialog | None:
        ids = self.selected_ids()
        if not ids:
            return None
        doc = self.store.documents(ids[:1])[0]
        view = QDialog(self)
        view.setWindowTitle(safe_name(doc.name))
        text = QPlainTextEdit(self.store.texts([doc.id])[doc.id])
        text.setReadOnly(True)
        QVBoxLayout(view).addWidget(text)
        view.resize(700, 560)
        view.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        view.show()
        self.text_views.append(view)
        return view

    def remove_selected(self, confirm: bool = True) -> int:
        ids = self.selected_ids()
        if not ids:
            return 0
        if confirm:
            answer = QMessageBox.question(
                self, self.tr("Remove from the archive"),
                self.tr("Delete %n document(s) from the archive, with their text and "
                        "fingerprints? This cannot be undone.", "", len(ids)))
            if answer != QMessageBox.StandardButton.Yes:
                return 0
        removed = self.store.remove(ids)
        self.refresh()
        return removed

    def done(self, result: int) -> None:
        self.store.close()
        super().done(result)
