"""gui.worker: a generator drained on a pool thread reports through signals, and stops when asked."""

import threading

import pytest
from PySide6.QtCore import QThreadPool

from core.models import Progress
from gui import worker as worker_module
from gui.worker import Worker, start


@pytest.fixture
def pool():
    p = QThreadPool()
    yield p
    p.waitForDone(10_000)


def test_finished_carries_the_return_value_and_progress_arrives_in_order(qtbot, pool, monkeypatch):
    monkeypatch.setattr(worker_module, "PROGRESS_INTERVAL", 0.0)  # keep every progress value
    threads = set()

    def job():
        threads.add(threading.current_thread())
        for i in range(3):
            yield Progress("step", i, 3)
        yield "an item"
        return 42

    w = Worker(job)
    seen = []
    w.signals.progress.connect(seen.append)
    with qtbot.waitSignal(w.signals.finished, timeout=10_000) as blocker:
        start(w, pool)
    assert blocker.args == [42]
    assert seen == [Progress("step", 0, 3), Progress("step", 1, 3), Progress("step", 2, 3), "an item"]
    assert threading.main_thread() not in threads  # it ran on a pool thread


def test_throttled_progress_still_delivers_the_last_value(qtbot, pool):
    def job():
        for i in range(1000):
            yield Progress("many", i, 1000)
        return None

    w = Worker(job)
    seen = []
    w.signals.progress.connect(seen.append)
    with qtbot.waitSignal(w.signals.finished, timeout=10_000):
        start(w, pool)
    assert seen[-1] == Progress("many", 999, 1000)
    assert len(seen) < 1000


def test_an_exception_becomes_failed_with_the_message(qtbot, pool):
    def job():
        yield Progress("x", 0, 1)
        raise ValueError("broken input")

    w = Worker(job)
    with qtbot.waitSignal(w.signals.failed, timeout=10_000) as blocker:
        start(w, pool)
    message, details = blocker.args
    assert message == "broken input"
    assert "ValueError" in details and "Traceback" in details


def test_cancel_closes_the_generator_and_emits_cancelled(qtbot, pool):
    closed = threading.Event()

    def job():
        try:
            i = 0
            while True:
                yield Progress("forever", i, 0)
                i += 1
        finally:
            closed.set()

    w = Worker(job)
    finished = []
    w.signals.finished.connect(finished.append)
    w.signals.progress.connect(lambda _p: w.cancel())  # cancel once it is really running
    with qtbot.waitSignal(w.signals.cancelled, timeout=10_000):
        start(w, pool)
    assert w.wait(5)
    assert closed.is_set()  # generator.close() ran the job's finally block
    assert finished == []
