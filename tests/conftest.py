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
