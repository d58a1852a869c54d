"""core.child_process.in_child: a progress generator drained in a child process; its progress,
result and errors come back, a report goes in pieces, and stopping the generator ends the child."""

import multiprocessing
import os
import time

import pytest

from core.child_process import BATCH, Unpicklable, in_child
from core.models import Progress
from core.steps import drain


def _count(n, pause=0.0):
    """A job: a pause, n progress steps, then the child's process id."""
    time.sleep(pause)
    for i in range(n):
        yield Progress("working", i + 1, n)
    return os.getpid()


def _forever():
    while True:
        yield Progress("working", 0, 1)


def _fail():
    yield Progress("working", 0, 1)
    raise ValueError("no such column: pairs")


def _digest(report, extra):
    yield Progress("working", 1, 1)
    return (len(report.documents), len(report.pairs), tuple(d.text for d in report.documents),
            report.pairs, report.options, extra)


def test_the_job_runs_in_another_process_and_its_progress_and_result_come_back():
    steps = in_child(_count, 3, 0.3, stage="counting")
    assert next(steps) == Progress("counting", 0, 1)  # until the child sends its own
    heard = []
    pid = drain(steps, lambda done, total: heard.append((done, total)))
    assert pid != os.getpid()
    assert heard[-1] == (3, 3)  # the last step always comes through
    assert all(0 <= done <= total for done, total in heard)


def test_an_error_in_the_child_is_raised_here():
    with pytest.raises(ValueError, match="no such column"):
        drain(in_child(_fail))


def test_a_report_goes_in_pieces_and_arrives_whole(planted_class):
    _, report = planted_class
    assert len(report.pairs) > BATCH  # more than one piece
    n_docs, n_pairs, texts, pairs, options, extra = drain(in_child(_digest, "x", report=report))
    assert (n_docs, n_pairs) == (len(report.documents), len(report.pairs))
    assert texts == tuple(d.text for d in report.documents) and pairs == report.pairs
    assert options == report.options and extra == "x"


def test_stopping_the_generator_ends_the_child():
    gen = in_child(_forever, name="plagscope-test-forever")
    for _ in range(3):
        next(gen)
    assert any(p.name == "plagscope-test-forever" for p in multiprocessing.active_children())
    gen.close()
    assert not any(p.name == "plagscope-test-forever" for p in multiprocessing.active_children())


def test_a_job_that_cannot_be_sent_raises_unpicklable():
    with pytest.raises(Unpicklable):
        drain(in_child(lambda: (yield)))
