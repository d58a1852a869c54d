"""A start-up smoke run of the real app, for CI: PLAGSCOPE_SMOKE_SCREENSHOT=shot.png plagscope PATHS.

With that variable set, the app starts as usual with PATHS loaded, runs the check once the
documents are read (or, for a saved check named on the command line, once it has opened),
waits until the pairs table has rows, lets the window paint, grabs the
whole screen into the PNG and quits with status 0. It quits with status 3 (and one line on
stderr) when that has not happened within PLAGSCOPE_SMOKE_TIMEOUT seconds (default 120).

CI runs it on the xcb platform under Xvfb (tests/gui/test_smoke_xcb.py), so a window that
cannot appear on a real X server fails the build, which the offscreen tests never would.
"""

from __future__ import annotations

import os
import sys
import time

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QAbstractItemView, QApplication

ENV = "PLAGSCOPE_SMOKE_SCREENSHOT"
TIMEOUT_ENV = "PLAGSCOPE_SMOKE_TIMEOUT"
EXIT_TIMEOUT = 3


def pair_rows(window) -> int:
    """Rows in the window's pairs table (the widget `window.pairs`, or one named "pairs")."""
    table = getattr(window, "pairs", None) or window.findChild(QObject, "pairs")
    if table is None:
        return 0
    model = getattr(table, "model", None)
    model = model() if callable(model) else model
    if model is None and isinstance(table, QAbstractItemView):
        model = table.model()
    return model.rowCount() if model is not None else 0


class SmokeRun(QObject):
    """Drives the window from documents loaded, to check, to a screenshot, to quit."""

    def __init__(self, app: QApplication, window, target: str, timeout: float):
        super().__init__(window)
        self.app, self.window, self.target = app, window, target
        self.deadline = time.monotonic() + timeout
        self.checked = False
        self.seen_rows_at: float | None = None
        self.timer = QTimer(self)
        self.timer.setInterval(100)
        self.timer.timeout.connect(self.step)
        self.timer.start()

    def step(self) -> None:
        now = time.monotonic()
        if now > self.deadline:
            self.finish(EXIT_TIMEOUT, "the pairs table did not fill in time")
            return
        session = getattr(self.window, "session", None)
        if not self.checked:
            if session is None or session.busy:
                return
            if pair_rows(self.window) > 0:  # a saved check opened: its pairs are the result
                self.checked = True
            elif not session.ready_entries():
                return
            else:
                self.checked = True
                self.window.run_check()
                return
        if pair_rows(self.window) <= 0:
            return
        if self.seen_rows_at is None:  # let the table, the tab switch and the status bar paint
            self.seen_rows_at = now
            return
        if now - self.seen_rows_at < 1.0:
            return
        self.window.raise_()
        self.window.activateWindow()
        screen = self.window.screen() or QGuiApplication.primaryScreen()
        shot = screen.grabWindow(0)  # the whole screen, as a user sees it
        if shot.isNull() or not shot.save(self.target, "PNG"):
            self.finish(EXIT_TIMEOUT, f"could not save the screenshot to {self.target}")
            return
        self.finish(0, "")

    def finish(self, code: int, message: str) -> None:
        self.timer.stop()
        if message:
            print(f"plagscope smoke run: {message}", file=sys.stderr, flush=True)
        self.app.exit(code)


def arm(app: QApplication, window) -> SmokeRun | None:
    """Start the smoke run when PLAGSCOPE_SMOKE_SCREENSHOT names a file; otherwise nothing."""
    target = os.environ.get(ENV)
    if not target:
        return None
    try:
        timeout = float(os.environ.get(TIMEOUT_ENV, "120"))
    except ValueError:
        timeout = 120.0
    return SmokeRun(app, window, target, timeout)
