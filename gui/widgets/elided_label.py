"""A one-line label that shortens its text with "…" instead of widening its window."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QLabel, QSizePolicy

MIN_CHARS = 8  # the label may shrink to about this many characters


class ElidedLabel(QLabel):
    """Shows as much of its text as fits (the middle elided); `text()` is always the whole text."""

    def __init__(self, text: str = "", parent=None, mode: Qt.TextElideMode = Qt.TextElideMode.ElideMiddle):
        super().__init__(parent)
        self._full = ""
        self._suffix = ""
        self._mode = mode
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setText(text)

    def setText(self, text: str, suffix: str = "") -> None:
        """Show `text`, shortened when it does not fit, then `suffix` whole (e.g. a figure)."""
        self._full, self._suffix = text, suffix
        self._elide()
        self.updateGeometry()

    def text(self) -> str:
        return self._full + self._suffix

    def sizeHint(self) -> QSize:
        margins = self.contentsMargins()
        width = self.fontMetrics().horizontalAdvance(self.text()) + margins.left() + margins.right() + 2
        return QSize(width, super().sizeHint().height())

    def minimumSizeHint(self) -> QSize:
        return QSize(self.fontMetrics().averageCharWidth() * MIN_CHARS, super().minimumSizeHint().height())

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        metrics = self.fontMetrics()
        room = max(self.contentsRect().width() - metrics.horizontalAdvance(self._suffix), 0)
        super().setText(metrics.elidedText(self._full, self._mode, room) + self._suffix)
