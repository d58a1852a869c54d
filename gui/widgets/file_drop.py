"""Accept files and folders dropped on a widget (the main window) and hand over their paths."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtWidgets import QWidget


class FileDrop(QObject):
    """An event filter: local files dragged over `widget` are accepted, dropped ones emitted."""

    dropped = Signal(list)  # [str] local paths

    def __init__(self, widget: QWidget):
        super().__init__(widget)
        widget.setAcceptDrops(True)
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.DragEnter:
            if event.mimeData().hasUrls() and any(u.isLocalFile() for u in event.mimeData().urls()):
                event.acceptProposedAction()
            else:
                event.ignore()
            return True
        if kind == QEvent.Type.DragMove and event.mimeData().hasUrls():
            event.acceptProposedAction()
            return True
        if kind == QEvent.Type.Drop:
            paths = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
            if paths:
                event.acceptProposedAction()
                self.dropped.emit(paths)
            return True
        return super().eventFilter(watched, event)
