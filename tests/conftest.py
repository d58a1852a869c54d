"""Shared test set-up: Qt without a display, paths to fixtures and samples."""

import os
from pathlib import Path

import pytest

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
