"""core.steps.from_callback: callback-reporting work as a progress generator that can be stopped."""

import threading

import pytest

from core.models import Progress
from core.steps import Stopped, from_callback


def _drain(gen):
    items = []
    while True:
        try:
            items.append(next(gen))
        except StopIteration as stop:
            return items, stop.value


def test_the_result_and_the_progress_come_through():
    release = threading.Event()

    def work(tell):
        tell(1, 4)
        release.wait(5)
        tell(4, 4)
        return "done"

    gen = from_callback(work, "writing_report", poll=0.001)
    first = next(gen)
    assert first.stage == "writing_report" and first.total in (1, 4)
    release.set()
    items, value = _drain(gen)
    assert value == "done"
    assert all(isinstance(p, Progress) for p in items)


def test_an_exception_of_the_work_reaches_the_consumer():
    def work(tell):
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        _drain(from_callback(work, "writing_report", poll=0.001))


def test_stopping_the_generator_stops_the_work_at_its_next_callback():
    started, steps, outcome = threading.Event(), [], []

    def work(tell):
        started.set()
        try:
            for i in range(10_000):
                tell(i, 10_000)
                steps.append(i)
                threading.Event().wait(0.001)
        except Stopped:
            outcome.append("stopped")
            raise
        outcome.append("finished")

    gen = from_callback(work, "writing_report", poll=0.001)
    next(gen)
    started.wait(5)
    gen.close()  # returns only once the work has ended
    assert outcome == ["stopped"] and len(steps) < 10_000


def test_placed_puts_each_part_on_its_share_of_one_bar():
    from core.steps import placed

    def part(n):
        for i in range(n + 1):
            yield Progress("opening", i, n)
        return n

    def whole():
        first = yield from placed(part(4), 0.0, 0.9)
        second = yield from placed(part(2), 0.9, 1.0)
        return first + second

    items, value = _drain(whole())
    assert value == 6
    assert [p.done for p in items] == [0, 225, 450, 675, 900, 900, 950, 1000]
    assert {p.total for p in items} == {1000}


def test_drain_tells_the_progress_and_closes_the_generator_when_tell_stops():
    from core.steps import drain

    closed, heard = [], []

    def steps():
        try:
            for i in range(5):
                yield Progress("saving", i, 5)
        finally:
            closed.append(True)
        return "never"

    def tell(done, total):
        heard.append(done)
        if done == 2:
            raise Stopped()

    with pytest.raises(Stopped):
        drain(steps(), tell)
    assert heard == [0, 1, 2] and closed == [True]


def test_drain_paces_progress_and_passes_everything_else():
    """The one drain (a GUI worker and a child process both use it): Progress at most once per
    `every` seconds, a step that ends its stage always, the last one held back before the result,
    other items as they come; `before` runs before every step and may stop the run."""
    from core.steps import drain

    def steps():
        for i in range(1, 1000):
            yield Progress("profiling", i, 1000)
        yield "an item"
        yield Progress("profiling", 1000, 1000)
        for i in range(1, 500):
            yield Progress("comparing", i, 1000)
        return "report"

    seen, befores = [], []
    assert drain(steps(), each=seen.append, every=60.0, before=lambda: befores.append(1)) == "report"
    assert seen == [Progress("profiling", 1, 1000), "an item", Progress("profiling", 1000, 1000),
                    Progress("comparing", 499, 1000)]
    assert len(befores) == 999 + 1 + 1 + 499 + 1  # before each step, the last one included
    everything = []
    assert drain(steps(), each=everything.append) == "report"
    assert len(everything) == 1500  # every=0: nothing held back

    closed = []

    def stoppable():
        try:
            yield Progress("x", 1, 2)
            yield Progress("x", 2, 2)
        finally:
            closed.append(True)

    class Stop(Exception):
        pass

    calls = iter([None, None, Stop()])

    def before():
        stop = next(calls)
        if stop:
            raise stop

    with pytest.raises(Stop):
        drain(stoppable(), each=seen.append, before=before)
    assert closed == [True]
