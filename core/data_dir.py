"""Where Plagscope keeps the user's files (archive, autosave, templates, sentence vectors)."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_dir


def data_dir() -> Path:
    """The user's data directory for Plagscope (platformdirs), e.g. ~/.local/share/plagscope;
    $PLAGSCOPE_DATA_DIR overrides it."""
    if os.environ.get("PLAGSCOPE_DATA_DIR"):  # tests, portable installs
        return Path(os.environ["PLAGSCOPE_DATA_DIR"])

    return Path(user_data_dir("plagscope", appauthor=False))
