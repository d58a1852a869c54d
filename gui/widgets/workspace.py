"""The window's central area: the document list beside the results (a banner over the tabs)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSplitter, QVBoxLayout, QWidget


def workspace(documents: QWidget, banner: QWidget, results: QWidget) -> QSplitter:
    """A splitter: `documents` keeps its width as the window grows, the results take the rest."""
    right = QWidget()
    layout = QVBoxLayout(right)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(banner)
    layout.addWidget(results, 1)
    splitter = QSplitter(Qt.Orientation.Horizontal)
    splitter.setObjectName("mainSplitter")
    splitter.addWidget(documents)
    splitter.addWidget(right)
    splitter.setStretchFactor(0, 0)
    splitter.setStretchFactor(1, 1)
    splitter.setSizes([360, 840])
    splitter.setChildrenCollapsible(False)
    return splitter
