"""Processes: the command line leaves none behind, and the start method can be chosen."""

import ast
import os
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from core import concurrency

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def big_class(tmp_path_factory):
    """A folder of essays with enough text that the check reads and profiles them in workers."""
    from make_class import make_class

    folder = tmp_path_factory.mktemp("big-class")
    for d in make_class(docs=240, group_sizes=(4, 3)).documents():
        (folder / d.name).write_text(d.text, encoding="utf-8")
    return folder


def _run_watching(args, env=None) -> tuple[int, set[int], str]:
    """Run `python -m core.cli ARGS`, noting every process below it while it runs; its exit
    status, those processes and its stderr."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    child = subprocess.Popen([sys.executable, "-m", "core.cli", *map(str, args)], cwd=ROOT, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seen: set[int] = set()
    watched = psutil.Process(child.pid)
    while child.poll() is None:
        try:
            seen |= {p.pid for p in watched.children(recursive=True)}
        except psutil.Error:
            pass
        time.sleep(0.02)
    return child.returncode, seen, child.stderr.read()


def _alive(pids: set[int], wait: float = 1.0) -> list[int]:
    """Those of `pids` still running after up to `wait` seconds (zombies count as ended)."""
    deadline = time.monotonic() + wait
    while True:
        alive = []
        for pid in pids:
            try:
                if psutil.Process(pid).status() != psutil.STATUS_ZOMBIE:
                    alive.append(pid)
            except psutil.Error:
                pass
        if not alive or time.monotonic() > deadline:
            return alive
        time.sleep(0.1)


@pytest.mark.slow
@pytest.mark.parametrize("method", ["forkserver", "spawn"])
def test_the_command_line_leaves_no_process_behind(big_class, method):
    status, seen, err = _run_watching(["check", big_class, "--workers", "2", "--no-semantic", "--quiet"],
                                      {concurrency.START_METHOD_VARIABLE: method})
    assert status == 0, err
    assert len(seen) >= 2, "the check did not start its workers: the test proves nothing"
    assert _alive(seen) == []


def test_the_start_method_follows_the_environment(monkeypatch):
    monkeypatch.delenv(concurrency.START_METHOD_VARIABLE, raising=False)
    assert concurrency.start_method() == "forkserver"  # Linux; spawn where there is none
    monkeypatch.setenv(concurrency.START_METHOD_VARIABLE, "spawn")
    assert concurrency.context().get_start_method() == "spawn"
    monkeypatch.setenv(concurrency.START_METHOD_VARIABLE, "threads")
    with pytest.raises(ValueError, match="PLAGSCOPE_START_METHOD"):
        concurrency.start_method()


def _square(x):
    return x * x


@pytest.mark.parametrize("method", ["forkserver", "spawn"])
def test_a_pool_gives_every_result_in_either_start_method(monkeypatch, method):
    monkeypatch.setenv(concurrency.START_METHOD_VARIABLE, method)
    results = dict(item for item in concurrency.run_jobs(_square, [(i,) for i in range(6)], 2)
                   if item is not None)
    assert results == {i: i * i for i in range(6)}
    assert list(concurrency.ordered(_square, [(i,) for i in range(6)], 2, ahead=1)) == [i * i for i in range(6)]


def _where(x):
    return x, os.getpid()


@pytest.mark.parametrize("method", [None, "forkserver", "spawn"])
def test_shared_jobs_run_here_and_in_the_pool_and_each_gives_its_result(monkeypatch, method):
    if method is None:
        monkeypatch.delenv(concurrency.START_METHOD_VARIABLE, raising=False)
    else:
        monkeypatch.setenv(concurrency.START_METHOD_VARIABLE, method)
    here = []

    def _here(x):
        here.append(x)
        time.sleep(0.05)  # the worker gets its share meanwhile
        return x, os.getpid()

    results = dict(item for item in concurrency.run_jobs(_where, [(i,) for i in range(12)], 2, share=True,
                                                         here=_here) if item is not None)
    assert {i: x for i, (x, _) in results.items()} == {i: i for i in range(12)}
    pids = {pid for _, pid in results.values()}
    assert os.getpid() in pids and len(pids) == 2  # this process took some, one worker the rest
    assert sorted(here) == sorted(i for i, (_, pid) in results.items() if pid == os.getpid())


_HELD_MODULE = """
HELD = []


def held(_):
    return list(HELD)
"""

_INHERIT_CHILD = """
import os, threading
from core import concurrency
import held_module
held_module.HELD.append("warm")

def results():
    return [item[1] for item in concurrency.run_jobs(held_module.held, [(i,) for i in range(4)], 2, share=True)
            if item is not None]

alone = concurrency.can_inherit(), results()
stop = threading.Event()
t = threading.Thread(target=stop.wait)
t.start()
threaded = concurrency.can_inherit(), results()
stop.set()
t.join()
os.environ[concurrency.START_METHOD_VARIABLE] = "forkserver"
told = concurrency.can_inherit(), results()
print(repr((alone, threaded, told)))
"""


def test_workers_inherit_what_this_process_holds_only_when_it_runs_one_thread(tmp_path):
    """Forked workers start with this process's memory (a warm segmenter); a process running
    a second thread (the GUI's, a stage's helper) is never forked, nor one that was told which
    start method to use."""
    (tmp_path / "held_module.py").write_text(_HELD_MODULE, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(tmp_path)])}
    env.pop(concurrency.START_METHOD_VARIABLE, None)
    out = subprocess.run([sys.executable, "-c", _INHERIT_CHILD], cwd=ROOT, env=env, capture_output=True,
                         text=True, check=True).stdout
    alone, threaded, told = ast.literal_eval(out.strip().splitlines()[-1])
    assert alone == (True, [["warm"]] * 4)
    assert threaded[0] is False and ["warm"] in threaded[1] and [] in threaded[1]
    assert told[0] is False and [] in told[1]


_HALF_SENT = """
import os, struct, sys, time


def half_sent(marker):
    \"\"\"Send the start of a result, say so in `marker`, and wait to be killed: a worker ended
    while it sends one.\"\"\"
    frame = sys._getframe(1)
    while "result_queue" not in frame.f_locals:  # the pool's worker loop, which holds the queue
        frame = frame.f_back
    os.write(frame.f_locals["result_queue"]._writer.fileno(), struct.pack("!i", 1 << 20) + b"x" * 64)
    open(marker, "w").close()
    time.sleep(60)
"""

_ENDED_CHILD = """
import os, sys, time
from core import concurrency
from half_sent import half_sent
executor = concurrency.pool(1)
executor.submit(half_sent, sys.argv[1])
while not os.path.exists(sys.argv[1]):
    time.sleep(0.05)
executor.shutdown(wait=False, cancel_futures=True)  # as Ctrl-C does: the pool let go first,
del executor
concurrency.end_children(0)  # then its worker killed
print("ended", flush=True)
"""


@pytest.mark.parametrize("method", ["forkserver", "spawn"])
def test_a_process_whose_worker_was_ended_while_sending_exits(tmp_path, method):
    """A worker killed while it sends its result (here: half a message, then it waits): the
    process still exits, with nothing on stderr. Before, the pool's thread waited for the rest
    of the message for good, and Python's exit waited for that thread."""
    (tmp_path / "half_sent.py").write_text(_HALF_SENT, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{tmp_path}", concurrency.START_METHOD_VARIABLE: method}
    out = subprocess.run([sys.executable, "-c", _ENDED_CHILD, str(tmp_path / "sent")], check=False, cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert (out.returncode, out.stdout, out.stderr) == (0, "ended\n", "")
