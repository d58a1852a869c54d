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
