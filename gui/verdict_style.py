"""How a verdict is shown: its colour and its words in the current language."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

VERDICT_COLORS = {"confirmed": "#f6c9c4", "suspicious": "#fbe3b4", "not_plagiarism": "#cfe8d3"}


def verdict_label(status: str) -> str:
    """The words for a verdict status in the current language ("" for not yet reviewed)."""
    return {
        "": QCoreApplication.translate("Review", "Not yet reviewed"),
        "confirmed": QCoreApplication.translate("Review", "Confirmed"),
        "suspicious": QCoreApplication.translate("Review", "Suspicious"),
        "not_plagiarism": QCoreApplication.translate("Review", "Not plagiarism"),
    }.get(status, status)
