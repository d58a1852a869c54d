"""Run a core generator on the Qt thread pool and report through queued signals.

A job is any generator that yields values (usually `Progress`) and returns its result.
Workers never touch widgets: they only emit signals of a QObject created on the GUI thread,
so Qt delivers them there through queued connections.
"""

from __future__ import annotations

import logging
import threading
import time
import traceback
from collections.abc import Callable, Generator

from PySide6.QtCore import (
    QAbstractEventDispatcher,
    QCoreApplication,
    QEvent,
    QObject,
    QRunnable,
    QThreadPool,
    Signal,
)

from core.steps import drain

log = logging.getLogger(__name__)

#: Progress is passed on at most this often (s), the last value always: the one place the
#: GUI paces progress, since a progress bar repaints at once when its value changes and a
#: modal progress dialog's setValue also runs the event loop.
PROGRESS_INTERVAL = 0.1

#: Jobs wait, before each of their steps, while the GUI thread repaints a window, but never
#: past this long (s) after the repaint began.
GUI_TURN = 0.1


class _GuiThread:
    """Whether the GUI thread is repainting a window (see `GiveWay`)."""

    def __init__(self):
        self.idle = threading.Event()
        self.idle.set()
        self.since = 0.0

    def painting(self) -> None:
        self.since = time.monotonic()
        self.idle.clear()

    def done(self) -> None:
        # called at every turn of the event loop: Event.set takes a lock and notifies even
        # when it is set already
        if not self.idle.is_set():
            self.idle.set()

    def wait_turn(self) -> None:
        """Block while the GUI thread repaints, at most until GUI_TURN after it began."""
        if not self.idle.is_set():
            left = self.since + GUI_TURN - time.monotonic()
            if left > 0:
                self.idle.wait(left)


_gui_thread = _GuiThread()


class GiveWay(QObject):
    """Jobs pause between their steps while the GUI thread repaints a window this filter watches
    (`watch`). Why: a table's paint makes thousands of calls into Python models, and each waits
    for the interpreter lock while a job computes, so the pair table's paint took several times
    longer beside a busy job (bench/review_bench.py, a re-check while the table scrolls). The
    repaint is over when the event loop iteration that ran it ends: the glib dispatcher emits
    `awake` after handling events (and `aboutToBlock` before), the plain Unix one `awake`
    before and `aboutToBlock` after, so either signal ends the turn."""

    def __init__(self, app: QObject):
        super().__init__(app)
        dispatcher = QAbstractEventDispatcher.instance(app.thread())
        dispatcher.awake.connect(_gui_thread.done)
        dispatcher.aboutToBlock.connect(_gui_thread.done)

    def watch(self, window: QObject) -> None:
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.UpdateRequest:  # a window is about to repaint what changed
            _gui_thread.painting()
        return False


_give_way: GiveWay | None = None


def give_way_to(window: QObject) -> None:
    """Jobs pause between their steps while `window` repaints (GiveWay, one per application)."""
    global _give_way
    app = QCoreApplication.instance()
    if app is None:
        return
    if _give_way is None or _give_way.parent() is not app:
        _give_way = GiveWay(app)
    _give_way.watch(window)


class WorkerSignals(QObject):
    """What a running job tells the GUI thread."""

    progress = Signal(object)  # a yielded value: Progress, or a job-specific item
    finished = Signal(object)  # the generator's return value
    failed = Signal(str, str)  # one-line message, traceback text for the log
    cancelled = Signal()


class Worker(QRunnable):
    """Drain a generator made by `factory` on a pool thread; `cancel()` closes it early."""

    def __init__(self, factory: Callable[[], Generator], *, name: str = "job"):
        super().__init__()
        self.setAutoDelete(False)  # Python keeps the reference; Qt must not delete it under us
        self.name = name
        self.signals = WorkerSignals()
        self._factory = factory
        self._cancel = threading.Event()
        self._done = threading.Event()

    def cancel(self) -> None:
        """Ask the job to stop; it does so at its next yield."""
        self._cancel.set()

    @property
    def cancelling(self) -> bool:
        return self._cancel.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the job has ended (for tests and shutdown); True if it has."""
        return self._done.wait(timeout)

    def run(self) -> None:  # runs on a pool thread
        try:
            self._drain()
        finally:
            self._done.set()

    def _drain(self) -> None:
        try:
            result = drain(self._factory(), each=self.signals.progress.emit, every=PROGRESS_INTERVAL,
                           before=self._before_step)
        except _Cancelled:
            self.signals.cancelled.emit()
        except Exception as exc:  # noqa: BLE001 (every failure becomes a signal; nothing escapes the thread)
            details = traceback.format_exc()
            log.error("%s failed:\n%s", self.name, details)
            self.signals.failed.emit(str(exc) or type(exc).__name__, details)
        else:
            self.signals.finished.emit(result)

    def _before_step(self) -> None:
        """Stop here when cancelled (the generator is closed), else give way to a window's repaint."""
        if self._cancel.is_set():
            raise _Cancelled
        _gui_thread.wait_turn()


class _Cancelled(Exception):
    """Raised before a cancelled job's next step: the drain closes its generator."""


def start(worker: Worker, pool: QThreadPool | None = None) -> Worker:
    """Queue `worker` on `pool` (the global pool by default) and return it."""
    (pool or QThreadPool.globalInstance()).start(worker)
    return worker


_ANALYSIS_POOL: QThreadPool | None = None


def analysis_pool() -> QThreadPool:
    """One pool thread for the reviews a new display threshold asks for: one after another,
    never side by side. Two CPU-bound Python threads at once left the GUI thread a third of
    the interpreter lock, and every Python call it makes while painting waited for its turn
    (bench/review_bench.py)."""
    global _ANALYSIS_POOL
    if _ANALYSIS_POOL is None:
        _ANALYSIS_POOL = QThreadPool()
        _ANALYSIS_POOL.setMaxThreadCount(1)
        _ANALYSIS_POOL.setExpiryTimeout(-1)
    return _ANALYSIS_POOL


def start_analysis(worker: Worker, pool: QThreadPool | None = None) -> Worker:
    """Queue `worker` on the analysis pool (or `pool`, e.g. a test's)."""
    (pool or analysis_pool()).start(worker)
    return worker
