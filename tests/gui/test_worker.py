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


def test_a_job_waits_while_the_window_repaints_and_goes_on_when_the_repaint_is_over(qtbot, window):
    """gui.worker.GiveWay: the main window's repaint holds jobs at their next step; the end of
    the event loop iteration that ran it lets them go."""
    from PySide6.QtWidgets import QWidget

    held = []

    class Probe(QWidget):
        def paintEvent(self, event):
            held.append(not worker_module._gui_thread.idle.is_set())

    window.show()
    qtbot.waitExposed(window)
    probe = Probe(window)
    probe.resize(20, 20)
    probe.show()
    probe.update()
    qtbot.waitUntil(lambda: bool(held), timeout=5_000)
    assert held[-1] is True  # painted while jobs were held
    qtbot.waitUntil(worker_module._gui_thread.idle.is_set, timeout=5_000)  # and let go after


def test_a_held_job_waits_at_most_its_turn(monkeypatch):
    import time

    turn = worker_module._GuiThread()
    monkeypatch.setattr(worker_module, "GUI_TURN", 0.2)
    turn.painting()
    started = time.monotonic()
    turn.wait_turn()
    assert 0.15 <= time.monotonic() - started < 5  # a GUI thread busy with something else is not waited for
    waits = []
    real_wait = turn.idle.wait
    turn.idle.wait = lambda timeout=None: waits.append(timeout) or real_wait(timeout)
    turn.wait_turn()  # the turn is over: no second wait
    assert waits == []
    monkeypatch.setattr(worker_module, "GUI_TURN", 60)
    turn.painting()
    threading.Timer(0.05, turn.done).start()
    started = time.monotonic()
    turn.wait_turn()
    assert len(waits) == 1 and time.monotonic() - started < 30  # released when the repaint ended, long before the turn ran out
