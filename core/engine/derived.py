"""Arrays derived from data that changes only with an install (an IDF table, the Unicode
database), kept in the user's data folder so that each process reads them instead of
deriving them again."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable

import numpy as np

from core.atomic import write_bytes_atomic
from core.data_dir import data_dir

#: The layout of what is kept; a new layout gets new file names.
VERSION = 1


def derived(name: str, build: Callable[[], dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """The arrays `build()` gives, read from `cache/<name>-v<VERSION>.npz` in the data folder
    when they are there, else built and written there (atomically; a folder that cannot be
    written only means building them again next time). `name` must change with whatever
    the arrays are derived from (a file's hash, a version)."""
    path = data_dir() / "cache" / f"{name}-v{VERSION}.npz"
    # not there yet, unreadable or damaged in any way: built again
    with contextlib.suppress(Exception), np.load(path, allow_pickle=False) as f:
        return {key: f[key] for key in f.files}
    arrays = build()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        out = io.BytesIO()
        np.savez(out, **arrays)
        write_bytes_atomic(path, out.getvalue())
    except OSError:
        pass
    return arrays
