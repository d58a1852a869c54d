"""The main window's size, toolbar state and splitter position, kept in the settings between runs."""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow, QSplitter

from .settings import Settings


def restore(window: QMainWindow, splitter: QSplitter, settings: Settings) -> None:
    for saved, apply in ((settings.geometry(), window.restoreGeometry),
                         (settings.window_state(), window.restoreState),
                         (settings.splitter("main"), splitter.restoreState)):
        if saved is not None:
            apply(saved)


def save(window: QMainWindow, splitter: QSplitter, settings: Settings) -> None:
    settings.set_geometry(window.saveGeometry())
    settings.set_window_state(window.saveState())
    settings.set_splitter("main", splitter.saveState())
    settings.sync()
