"""Shared test set-up: Qt without a display, paths to fixtures and samples, and the list of
the tests that start processes (for the run under the spawn start method)."""

import functools
import multiprocessing.process
import os
import subprocess
from pathlib import Path

import pytest

import core.concurrency

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
SAMPLES = ROOT / "resources" / "samples"


@pytest.fixture
def data_dir() -> Path:
    return DATA


@pytest.fixture
def samples_dir() -> Path:
    return SAMPLES


@pytest.fixture(scope="session")
def planted_class():
    """(corpus, report): the generated class of 60 essays in 6 planted groups, checked once."""
    from make_class import make_class

    from core.options import CheckOptions
    from core.pipeline import check_documents, run

    corpus = make_class()
    report = run(check_documents(corpus.documents(), CheckOptions(workers=1)))
    return corpus, report


@pytest.fixture(autouse=True, scope="session")
def _private_data_dir(tmp_path_factory):
    """Autosaves and the default archive (core/store, gui/archive.py) go to a temporary folder,
    never the user's data directory, and $PLAGSCOPE_DB from the environment is not used."""
    saved = {k: os.environ.get(k) for k in ("PLAGSCOPE_DATA_DIR", "PLAGSCOPE_DB")}
    os.environ["PLAGSCOPE_DATA_DIR"] = str(tmp_path_factory.mktemp("plagscope-data"))
    os.environ.pop("PLAGSCOPE_DB", None)
    yield
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


#: A file to write the node ids of the tests that started a process, or would have with a core
#: idle, to: .ci/run runs those again under the spawn start method (the start method changes
#: nothing in a test that starts no process). Set by .ci/run; unset, nothing is noted.
PROCESS_TESTS = os.environ.get("PLAGSCOPE_PROCESS_TESTS", "")
_running: list[str] = []  # the node id of the test running now, while one runs
_starting: dict[str, None] = {}  # node ids of the tests that started a process, in run order


def _noted(function, starts=lambda *args, **kwargs: True):
    """`function`, noting the running test when a call of it `starts` a process."""
    @functools.wraps(function)
    def noting(*args, **kwargs):
        if _running and starts(*args, **kwargs):
            _starting.setdefault(_running[-1])
        return function(*args, **kwargs)
    return noting


if PROCESS_TESTS:
    subprocess.Popen.__init__ = _noted(subprocess.Popen.__init__)
    multiprocessing.process.BaseProcess.start = _noted(multiprocessing.process.BaseProcess.start)
    # workers that only a busy machine held back (core.concurrency.idle_core) count as started
    core.concurrency.workers_sharing = _noted(
        core.concurrency.workers_sharing, lambda asked, enough, since: (asked or 1) > 1 or asked is None and enough)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    _running.append(item.nodeid)
    try:
        return (yield)
    finally:
        _running.pop()


def pytest_sessionfinish(session, exitstatus):
    if PROCESS_TESTS:
        Path(PROCESS_TESTS).write_text("".join(f"{nodeid}\n" for nodeid in _starting), encoding="utf-8")
