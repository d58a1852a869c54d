"""core.child_process.in_child: a progress generator drained in a child process; its progress,
result and errors come back, a report goes in pieces, and stopping the generator ends the child."""

import multiprocessing
import os
import time

import pytest

from core.child_process import BATCH, Batched, Unpicklable, in_child
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
    n_docs, n_pairs, texts, pairs, options, extra = drain(in_child(_digest, report, "x"))
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


def _echo(report, items, word):
    """A job: its inputs back, as a tuple holding a report and a batched sequence."""
    yield Progress("working", 1, 1)
    return report, Batched(items), word, list(items[:2])


def test_batched_inputs_and_a_tuple_result_cross_both_ways_in_pieces(planted_class):
    _, report = planted_class
    items = Batched(range(3 * BATCH + 7))
    steps = in_child(_echo, report, items, "x")
    heard = []
    try:
        while True:
            heard.append(next(steps))
    except StopIteration as stop:
        back, echoed, word, plain = stop.value
    assert back == report and back.pairs == report.pairs and back.documents == report.documents
    assert type(echoed) is Batched and echoed == items and word == "x" and plain == [0, 1]
    # a step between the pieces received: the report's documents and pairs, and the items
    pieces = -(-len(report.documents) // BATCH) + -(-len(report.pairs) // BATCH) + 4
    assert len(heard) >= pieces


def _pool_forever(pid_file):
    """A job that starts a process pool, writes its worker's process id, then never ends."""
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("forkserver"))
    with open(pid_file, "w") as f:
        f.write(str(pool.submit(os.getpid).result()))
    while True:
        yield Progress("working", 0, 1)


def _gone(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[0] == b"Z"  # ended, not yet reaped
    except FileNotFoundError:
        return True


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads process states from /proc")
def test_stopping_the_generator_ends_the_processes_the_child_started(tmp_path):
    pid_file = tmp_path / "worker.pid"
    gen = in_child(_pool_forever, str(pid_file), name="plagscope-test-pool")
    deadline = time.monotonic() + 60
    while not (pid_file.exists() and pid_file.read_text()) and time.monotonic() < deadline:
        next(gen)
    worker = int(pid_file.read_text())
    assert not _gone(worker)
    gen.close()
    while not _gone(worker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _gone(worker)  # the pool's worker would otherwise wait for work forever


def _slow_save(path, report):
    """A job that writes a saved check, pausing between its steps (so a stop comes midway)."""
    from core.store.saved import save_check_steps

    for step in save_check_steps(path, report):
        time.sleep(0.02)
        yield step


def test_a_stopped_child_unwinds_its_job_so_a_half_written_file_is_removed(planted_class, tmp_path):
    _, report = planted_class
    steps = in_child(_slow_save, str(tmp_path / "class.plagscope"), report, stage="saving")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        step = next(steps)
        if 0 < step.done < step.total:  # the child is writing its temporary file
            break
    assert any(tmp_path.iterdir())
    steps.close()  # the job sees Ended and removes its temporary file on the way out
    assert list(tmp_path.iterdir()) == []
