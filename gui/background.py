"""File work the user waits for (Save Check, Open Check, Export Report) and autosave, off the
GUI thread.

`FileTask` runs a core progress generator on the worker pool (gui/worker.py). After a short
delay a window-modal progress dialog with Cancel appears; Cancel stops the generator at its
next step (the writers write to a temporary file and rename it, so a cancelled save or export
leaves nothing half-written and an existing file as it was). A failure is shown in a dialog
that names the file and the reason. `Autosaver` keeps one silent save of the session at a time,
coalescing the requests that arrive meanwhile into one more save.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Generator

from PySide6.QtCore import QCoreApplication, QObject, Qt, QThreadPool, QTimer, Signal
from PySide6.QtWidgets import QProgressDialog, QWidget

from core.display import safe_name
from core.memory import collections_paused
from core.models import Progress

from .worker import Worker, start

log = logging.getLogger(__name__)

#: The progress dialog appears only for work that takes longer than this (ms): a second, as
#: desktop guidelines ask of progress indicators. Its appearance blocks the window, which then
#: repaints all of it, longer while a save writes beside it, so a dialog that appears sooner
#: stalls the quick saves it was meant to report (bench/review_bench.py).
DIALOG_DELAY_MS = 1000


def without_collections(steps: Generator) -> Generator:
    """`steps` run with `collections_paused`."""
    with collections_paused():
        return (yield from steps)


class FileTask(QObject):
    """One file operation on the worker pool, with a progress dialog, Cancel and an error dialog.

    `done(result)` is emitted on success, `ended()` in every case (success, failure, cancel).
    `result`, `error` and `cancelled` say how it ended; `wait()` is for tests and scripts.
    """

    done = Signal(object)
    ended = Signal()

    def __init__(self, factory: Callable[[], Generator], *, parent: QWidget, title: str, label: str,
                 path: str, failure: str, messages=None, pool: QThreadPool | None = None):
        super().__init__(parent)
        self.title, self.label, self.path, self.failure = title, label, path, failure
        self.messages = messages
        self.result: object = None
        self.error: str | None = None
        self.cancelled = False
        self.finished = False
        self.worker = Worker(lambda: without_collections(factory()), name=title)
        self._pool = pool
        self.dialog = QProgressDialog(label, QCoreApplication.translate("FileTask", "Cancel"), 0, 0, parent)
        self.dialog.setWindowTitle(title)
        self.dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self.dialog.setMinimumDuration(DIALOG_DELAY_MS)
        self.dialog.setAutoClose(False)
        self.dialog.setAutoReset(False)
        self.dialog.canceled.connect(self.cancel)
        s = self.worker.signals
        s.progress.connect(self._progress)
        s.finished.connect(self._finished)
        s.failed.connect(self._failed)
        s.cancelled.connect(self._cancelled)

    def start(self) -> FileTask:
        self.dialog.setValue(0)  # starts the dialog's delay timer
        start(self.worker, self._pool)
        return self

    def cancel(self) -> None:
        """Stop at the next step; the file is left as it was."""
        if not self.finished:
            self.dialog.setLabelText(QCoreApplication.translate("FileTask", "Cancelling…"))
            self.worker.cancel()

    def _progress(self, value) -> None:
        if isinstance(value, Progress) and not self.finished:
            if self.dialog.maximum() != value.total:
                self.dialog.setRange(0, max(value.total, 0))
            self.dialog.setValue(min(value.done, value.total))

    def _end(self) -> None:
        self.finished = True
        self.dialog.canceled.disconnect(self.cancel)
        self.dialog.reset()
        self.dialog.hide()
        self.dialog.deleteLater()
        self.ended.emit()

    def _finished(self, result) -> None:
        self.result = result
        self._end()
        self.done.emit(result)

    def _failed(self, message: str, _details: str) -> None:
        self.error = message
        self._end()
        log.warning("%s failed for %s: %s", self.title, self.path, message)
        if self.messages is not None:
            text = self.failure.replace("%1", safe_name(os.path.basename(self.path) or self.path))
            self.messages.error(self.title, text, f"{safe_name(self.path)}\n\n{message}")

    def _cancelled(self) -> None:
        self.cancelled = True
        self._end()

    def wait(self, timeout: float = 60.0) -> object:
        """Block until the task has ended and its signals are handled; its result (None if it
        failed or was cancelled). The GUI thread's events are handled meanwhile, as in the app:
        the job may wait on them (a repaint's turn, a test's gate)."""
        deadline = time.monotonic() + timeout
        while not self.finished and time.monotonic() < deadline:
            QCoreApplication.processEvents()
            self.worker.wait(0.002)
        return self.result


class Autosaver(QObject):
    """At most one autosave job at a time; a request while one runs makes one more run after it.

    `save_job()` returns the generator to run (None: nothing to save); `saved(path)` is
    emitted on the GUI thread after each successful save.
    """

    saved = Signal(object)

    def __init__(self, save_job: Callable[[], Generator | None], parent: QObject | None = None,
                 pool: QThreadPool | None = None, delay_ms: int = 0):
        super().__init__(parent)
        self._save_job = save_job
        self._pool = pool
        self._worker: Worker | None = None
        self._again = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self._start)

    @property
    def busy(self) -> bool:
        return self._worker is not None or self._timer.isActive()

    def request(self, delay_ms: int | None = None) -> None:
        """Save soon (after `delay_ms`, default the constructor's): several requests, one save."""
        if self._worker is not None:
            self._again = True
            return
        self._timer.start(self._timer.interval() if delay_ms is None else delay_ms)

    def _start(self) -> None:
        job = self._save_job()
        if job is None:
            return
        worker = Worker(lambda: job, name="autosave")
        worker.signals.finished.connect(self._finished)  # bound methods: see gui/review.py
        worker.signals.failed.connect(self._failed)
        worker.signals.cancelled.connect(self._ended)
        self._worker = worker
        start(worker, self._pool)

    def _finished(self, path) -> None:
        self._ended()
        self.saved.emit(path)

    def _failed(self, message: str, _details: str) -> None:
        self._ended(message)

    def _ended(self, message: str = "") -> None:
        if message:
            log.warning("autosave failed: %s", message)  # autosave must never get in the way
        self._worker = None
        if self._again:
            self._again = False
            self._timer.start()

    def cancel(self) -> None:
        """Stop a pending or running autosave (the autosave file stays as it was)."""
        self._timer.stop()
        self._again = False
        if self._worker is not None:
            self._worker.cancel()

    def wait(self, timeout: float = 30.0) -> bool:
        """Run a pending save now and block until none is running (tests, shutdown)."""
        deadline = time.monotonic() + timeout
        if self._timer.isActive():
            self._timer.stop()
            self._start()
        while self._worker is not None or self._again or self._timer.isActive():
            if time.monotonic() > deadline:
                return False
            if self._timer.isActive():
                self._timer.stop()
                self._start()
            if self._worker is not None:
                self._worker.wait(max(0.0, deadline - time.monotonic()))
            QCoreApplication.processEvents()
            time.sleep(0.002)
        return True
