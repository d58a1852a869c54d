"""Asking for essays to add: files or a folder, starting where the user last looked."""

from __future__ import annotations

import os

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFileDialog, QWidget

from ..settings import Settings

DOCUMENT_FILTER_SUFFIXES = "*.txt *.docx *.pdf"


class FileChooser(QObject):
    """File and folder dialogs that remember the last folder in the settings."""

    def __init__(self, settings: Settings, parent: QWidget):
        super().__init__(parent)
        self.settings = settings
        self._parent = parent

    def start_dir(self) -> str:
        return str(self.settings.q.value("files/last_dir", os.path.expanduser("~")))

    def essays(self) -> list[str]:
        paths, _ = QFileDialog.getOpenFileNames(
            self._parent, self.tr("Open Essays"), self.start_dir(),
            self.tr("Essays (%1);;All files (*)").replace("%1", DOCUMENT_FILTER_SUFFIXES))
        if paths:
            self.settings.q.setValue("files/last_dir", os.path.dirname(paths[0]))
        return paths

    def folder(self) -> list[str]:
        folder = QFileDialog.getExistingDirectory(self._parent, self.tr("Add Folder"), self.start_dir())
        if folder:
            self.settings.q.setValue("files/last_dir", folder)
        return [folder] if folder else []
