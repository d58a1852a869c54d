"""Processes: the command line leaves none behind, and the start method can be chosen."""

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
