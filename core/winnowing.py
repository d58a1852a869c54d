"""Robust winnowing (Schleimer, Wilkerson, Aiken 2003): the rightmost minimum of each window."""

from __future__ import annotations

import numpy as np

from .hashing import kgram_hashes


def winnow(kgrams: np.ndarray, window: int) -> tuple[np.ndarray, np.ndarray]:
    """Select fingerprints from k-gram hashes; returns (hashes, k-gram start positions).

    Each window of `window` consecutive hashes contributes its minimum, the rightmost one on
    ties, recorded once however many consecutive windows it is the minimum of. So any run of
    `window` shared k-grams (k + window - 1 shared units) yields a shared fingerprint.
    """
    kgrams = np.asarray(kgrams, dtype=np.uint64)
    n = len(kgrams)
    if n == 0:
        return np.zeros(0, dtype=np.uint64), np.zeros(0, dtype=np.int64)
    w = min(window, n)
    m = n - w + 1
    mins = kgrams[:m].copy()
    for j in range(1, w):
        np.minimum(mins, kgrams[j : m + j], out=mins)
    chosen = np.full(m, -1, dtype=np.int64)
    starts = np.arange(m, dtype=np.int64)
    for j in range(w - 1, -1, -1):
        hit = (chosen < 0) & (kgrams[j : m + j] == mins)
        chosen[hit] = starts[hit] + j
    # window minima move only rightwards, so a repeat is always the previous window's
    keep = np.empty(m, dtype=bool)
    keep[0] = True
    np.not_equal(chosen[1:], chosen[:-1], out=keep[1:])
    chosen = chosen[keep]
    return kgrams[chosen], chosen


def fingerprints(unit_hashes: np.ndarray, k: int, window: int) -> tuple[np.ndarray, np.ndarray]:
    """Winnowed fingerprints (hashes, first-unit positions) of a unit-hash stream."""
    return winnow(kgram_hashes(unit_hashes, k), window)
