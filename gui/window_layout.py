"""The main window's size, toolbar state, splitter position and table columns, kept in the
settings between runs; the first start (or a screen smaller than the saved size) fits the
window to the screen's available area, never larger."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QHeaderView, QMainWindow, QSplitter

from .settings import Settings

#: The first start's share of the available screen, and the size beyond which more is not useful.
FIRST_SHARE = 0.9
FIRST_MAX = QSize(1600, 1000)


def available(window: QMainWindow) -> QRect:
    screen = window.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else QRect(0, 0, 1024, 700)


def fit(window: QMainWindow, first: bool) -> None:
    """Size the window to the available screen: on the first start `FIRST_SHARE` of it (at most
    `FIRST_MAX`), centered; else only shrunk and moved back onto it when it does not fit."""
    area = available(window)
    frame = window.frameGeometry()
    extra = QSize(max(frame.width() - window.width(), 0), max(frame.height() - window.height(), 0))
    room = QSize(max(area.width() - extra.width(), window.minimumWidth()),
                 max(area.height() - extra.height(), window.minimumHeight()))
    if first:
        size = QSize(min(int(area.width() * FIRST_SHARE), FIRST_MAX.width(), room.width()),
                     min(int(area.height() * FIRST_SHARE), FIRST_MAX.height(), room.height()))
    else:
        size = window.size().boundedTo(room)
    window.resize(size)
    x = area.left() + max((area.width() - size.width() - extra.width()) // 2, 0) if first else \
        min(max(window.x(), area.left()), area.right() - size.width() - extra.width())
    y = area.top() + max((area.height() - size.height() - extra.height()) // 2, 0) if first else \
        min(max(window.y(), area.top()), area.bottom() - size.height() - extra.height())
    window.move(max(x, area.left()), max(y, area.top()))


def restore(window: QMainWindow, splitter: QSplitter, settings: Settings,
            headers: dict[str, QHeaderView] | None = None) -> None:
    geometry = settings.geometry()
    for saved, apply in ((geometry, window.restoreGeometry),
                         (settings.window_state(), window.restoreState),
                         (settings.splitter("main"), splitter.restoreState)):
        if saved is not None:
            apply(saved)
    for name, header in (headers or {}).items():
        saved = settings.view_state(name)
        if saved is not None:
            header.restoreState(saved)
    fit(window, first=geometry is None)


def save(window: QMainWindow, splitter: QSplitter, settings: Settings,
         headers: dict[str, QHeaderView] | None = None) -> None:
    settings.set_geometry(window.saveGeometry())
    settings.set_window_state(window.saveState())
    settings.set_splitter("main", splitter.saveState())
    for name, header in (headers or {}).items():
        settings.set_view_state(name, header.saveState())
    settings.sync()
