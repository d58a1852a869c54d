"""The hostile-input suite's tools: saved checks and archives an adversary made, servers that
freeze or go away, disks that fill. Each case runs the command a user would (`run`: `python -m
core.cli` in a child process bounded in time and memory) and expects one line naming the file
and what is wrong (`one_line`), never a traceback; on SQLite and PostgreSQL (the store tests'
backends). No conftest.py here: tests/gui imports its own by that name."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.append(str(ROOT / "tests" / "core"))
from store_backends import postgres_dsn, store_location  # noqa: F401 (fixtures)

MEMORY_LIMIT = 2 << 30  # address space of a child: a bomb that inflates fails, never the machine
TIMEOUT_S = 60  # a child that takes longer hangs


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def command(*args, env: dict | None = None) -> list[str]:
    return [sys.executable, "-m", "core.cli", *map(str, args)]


def start(*args, env: dict | None = None, cwd=ROOT) -> subprocess.Popen:
    """`plagscope ARGS` started in a child process (its own session, so a test can end it)."""
    full = dict(os.environ, **(env or {}))
    full.pop("PLAGSCOPE_DB", None)
    full["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])
    return subprocess.Popen(command(*args), cwd=cwd, env=full, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=_limit_memory,  # noqa: PLW1509 (limits the child's memory before exec; the test process has no threads then)
                            start_new_session=True)


def finish(proc: subprocess.Popen, timeout: float = TIMEOUT_S) -> subprocess.CompletedProcess:
    """Wait for `proc`; a child still running after `timeout` is killed and counted as hung."""
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        out, err = proc.communicate()
        return subprocess.CompletedProcess(proc.args, "hung", out, err)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def run(*args, env: dict | None = None, timeout: float = TIMEOUT_S, cwd=ROOT) -> subprocess.CompletedProcess:
    return finish(start(*args, env=env, cwd=cwd), timeout)


def run_all(*commands: tuple, env: dict | None = None, cwd=ROOT) -> list[subprocess.CompletedProcess]:
    """Several commands (tuples of arguments) run side by side; their results in order."""
    procs = [start(*args, env=env, cwd=cwd) for args in commands]
    return [finish(p) for p in procs]


def one_line(result: subprocess.CompletedProcess, *words: str) -> str:
    """The single `plagscope: ...` line the command printed on stderr, checked to hold `words`
    (the command ended, with status 1 or 2, and printed no traceback)."""
    assert result.returncode in (1, 2), (result.returncode, result.stderr[-2000:])
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    assert len(lines) == 1 and lines[0].startswith("plagscope: "), result.stderr[-2000:]
    for word in words:
        assert word in lines[0], (word, lines[0])
    return lines[0]


@pytest.fixture
def cli_env(tmp_path) -> dict:
    """The environment of a command: its own data directory (the default archive)."""
    data = tmp_path / "data"
    data.mkdir()
    return {"PLAGSCOPE_DATA_DIR": str(data), "QT_QPA_PLATFORM": "offscreen"}


@pytest.fixture(scope="session")
def hostile_checks(tmp_path_factory) -> dict[str, Path]:
    """tests/data/make_hostile.py's good check and every hostile one, made once (read-only:
    a test that changes one copies it first)."""
    import make_hostile

    return make_hostile.write_all(tmp_path_factory.mktemp("hostile-checks"))
