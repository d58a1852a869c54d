"""Arrays derived from data that changes only with an install (an IDF table, the Unicode
database), kept in the user's data folder so that each process reads them instead of
deriving them again."""

from __future__ import annotations

import contextlib
import glob
import io
from collections.abc import Callable

import numpy as np

from core.atomic import write_bytes_atomic
from core.data_dir import data_dir

#: The layout of what is kept; a new layout gets new file names.
VERSION = 1


def derived(kind: str, key: str, build: Callable[[], dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """The arrays `build()` gives, read from `cache/<kind>-<key>-v<VERSION>.npz` in the data
    folder when they are there, else built and written there (atomically; a folder that cannot
    be written only means building them again next time). `key` must change with whatever
    the arrays are derived from (a file's hash, the rules' code), and be the same in every
    process that derives the same arrays; one file of each kind is kept (writing one removes
    the kind's others), so the folder does not grow with versions."""
    folder = data_dir() / "cache"
    path = folder / f"{kind}-{key}-v{VERSION}.npz"
    # not there yet, unreadable or damaged in any way: built again
    with contextlib.suppress(Exception), np.load(path, allow_pickle=False) as f:
        return {name: f[name] for name in f.files}
    arrays = build()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        out = io.BytesIO()
        np.savez(out, **arrays)
        write_bytes_atomic(path, out.getvalue())
        for other in folder.glob(f"{glob.escape(kind)}-*.npz"):
            if other != path:
                other.unlink(missing_ok=True)
    except OSError:
        pass
    return arrays
