"""The list of tests that start processes, which .ci/run runs again under the spawn start method:
a test that starts one, or whose pool only a busy machine held back, is on it; one that starts
none is not."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = '''
import multiprocessing
import subprocess

from core.concurrency import CpuSample, pool, workers_sharing


def test_pure():
    assert sum(range(4)) == 6


def test_runs_a_command():
    subprocess.run(["true"], check=True)


def test_asks_for_workers_with_enough_work():
    assert workers_sharing(None, True, CpuSample()) >= 1


def test_asks_for_workers_without_enough_work():
    assert workers_sharing(None, False, CpuSample()) == 1


def test_starts_a_pool():
    with pool(1) as workers:
        assert workers.submit(abs, -3).result() == 3


def test_starts_a_process():
    process = multiprocessing.get_context("fork").Process(target=abs, args=(1,))
    process.start()
    process.join()
'''


def _listed(tmp_path: Path) -> str:
    shutil.copy(ROOT / "tests" / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "test_probe.py").write_text(PROBE, encoding="utf-8")
    listed = tmp_path / "process-tests.txt"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PLAGSCOPE_PROCESS_TESTS": str(listed)}
    env.pop("PLAGSCOPE_START_METHOD", None)
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_probe.py"],
                         check=False, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    return listed.read_text(encoding="utf-8")


def test_the_tests_that_start_processes_are_listed_in_the_order_they_ran(tmp_path):
    assert _listed(tmp_path) == "".join(f"test_probe.py::test_{name}\n" for name in (
        "runs_a_command", "asks_for_workers_with_enough_work", "starts_a_pool", "starts_a_process"))

