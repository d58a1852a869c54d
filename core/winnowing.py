"""Robust winnowing (Schleimer, Wilkerson, Aiken 2003): the rightmost minimum of each window."""

from __future__ import annotations

import numpy as np

from .hashing import kgram_hashes

_LOW = np.uint64(0xFFFFFFFF)
_HIGH = ~_LOW


def winnow(kgrams: np.ndarray, window: int) -> tuple[np.ndarray, np.ndarray]:
    """Select fingerprints from k-gram hashes; returns (hashes, k-gram start positions).

    Windows are ordered by hash with ties going to the rightmost position, and a position is
    recorded once however many consecutive windows it is the minimum of, so any run of
    `window` shared k-grams (k + window - 1 units) yields at least one shared fingerprint.
    """
    n = len(kgrams)
    if n == 0:
        return np.zeros(0, dtype=np.uint64), np.zeros(0, dtype=np.int64)
    positions = np.arange(n, dtype=np.uint64)
    # order by the top 32 bits of the hash, then rightmost first (a content-relative tie-break)
    keys = (kgrams & _HIGH) | (_LOW - positions)
    w = min(window, n)
    mins = keys[: n - w + 1].copy()
    for j in range(1, w):
        np.minimum(mins, keys[j : n - w + 1 + j], out=mins)
    changed = np.empty(len(mins), dtype=bool)
    changed[0] = True
    np.not_equal(mins[1:], mins[:-1], out=changed[1:])
    chosen = (_LOW - (mins[changed] & _LOW)).astype(np.int64)
    return kgrams[chosen], chosen


def fingerprints(unit_hashes: np.ndarray, k: int, window: int) -> tuple[np.ndarray, np.ndarray]:
    """Winnowed fingerprints (hashes, first-unit positions) of a unit-hash stream."""
    return winnow(kgram_hashes(unit_hashes, k), window)
