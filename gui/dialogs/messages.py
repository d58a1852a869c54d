"""Window-modal message boxes that never block their caller, and the About box."""

from __future__ import annotations

import os
import platform

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QObject, Qt, qVersion
from PySide6.QtWidgets import QMessageBox, QWidget

from core import __version__
from core.display import safe_name

from .. import icons
from ..i18n import core_language

FAILURES_LISTED = 10  # failures named in the dialog's text; all are in its details


class Messages(QObject):
    """Opens message boxes over `parent` and keeps them alive until they are closed."""

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self._parent = parent
        self.open: list[QMessageBox] = []

    def show(self, icon: QMessageBox.Icon, title: str, text: str, informative: str = "",
             details: str = "") -> QMessageBox:
        """A window-modal message box that does not block the caller (nothing ever exits)."""
        box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, self._parent)
        box.setWindowModality(Qt.WindowModality.WindowModal)
        if informative:
            box.setInformativeText(informative)
        if details:
            box.setDetailedText(details)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.open.append(box)
        box.finished.connect(lambda _result, box=box: self.open.remove(box) if box in self.open else None)
        box.open()
        return box

    def error(self, title: str, text: str, informative: str = "", details: str = "") -> QMessageBox:
        return self.show(QMessageBox.Icon.Critical, title, text, informative, details)

    def unreadable(self, failures: list) -> QMessageBox:
        """Which files of a load could not be read, and why (FileError values)."""
        lang = core_language()
        lines = [f"{safe_name(os.path.basename(f.path))} — {f.text(lang)}" for f in failures[:FAILURES_LISTED]]
        if len(failures) > FAILURES_LISTED:
            lines.append(self.tr("… and %1 more (see Show Details)").replace(
                "%1", str(len(failures) - FAILURES_LISTED)))
        return self.show(
            QMessageBox.Icon.Warning,
            self.tr("Some files could not be read"),
            self.tr("%n file(s) could not be read and will be left out of the check. "
                    "The other documents are not affected.", "", len(failures)),
            "\n".join(lines),
            "\n".join(f"{safe_name(f.path)}: {f.text(lang)}" for f in failures),
        )

    def about(self) -> QMessageBox:
        text = self.tr(
            "<h3>Plagscope %1</h3><p>Finds copied passages between Chinese and English essays "
            "(txt, docx, pdf) with winnowing fingerprints, and near-duplicate essays with simhash.</p>"
        ).replace("%1", __version__)
        info = self.tr("Python %1, Qt %2, PySide6 %3").replace("%1", platform.python_version()).replace(
            "%2", qVersion()).replace("%3", pyside_version)
        box = self.show(QMessageBox.Icon.NoIcon, self.tr("About Plagscope"), text, info)
        box.setIconPixmap(icons.icon("app").pixmap(64, 64))
        return box
