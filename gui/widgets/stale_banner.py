"""The yellow banner above the results when they no longer match the documents or options."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QLabel


class StaleBanner(QLabel):
    """Hidden until the results are out of date."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWordWrap(True)
        self.setStyleSheet(
            "background:#fff4ce; color:#5c4400; border:1px solid #e6cf7a; border-radius:3px; padding:5px;")
        self.hide()
        self.retranslate()

    def retranslate(self) -> None:
        self.setText(self.tr("Results are out of date: documents or options changed since "
                             "the last check. Press Check (Ctrl+R) to update them."))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
