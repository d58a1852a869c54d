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
    # window minima by doubling (a sparse table of (value, position), the right one winning
    # ties): log2(w) passes instead of w
    val, pos = kgrams, np.arange(n, dtype=np.int64)
    width = 1
    while 2 * width <= w:  # each level: rightmost minimum of [s, s + 2 * width)
        right = val[width:] <= val[:-width]
        val = np.where(right, val[width:], val[:-width])
        pos = np.where(right, pos[width:], pos[:-width])
        width *= 2
    shift = w - width  # [s, s + w) is [s, s + width) and [s + shift, s + w), overlapping
    right = val[shift : shift + m] <= val[:m]
    chosen = np.where(right, pos[shift : shift + m], pos[:m])
    # window minima move only rightwards, so a repeat is always the previous window's
    keep = np.empty(m, dtype=bool)
    keep[0] = True
    np.not_equal(chosen[1:], chosen[:-1], out=keep[1:])
    chosen = chosen[keep]
    return kgrams[chosen], chosen


def fingerprints(unit_hashes: np.ndarray, k: int, window: int) -> tuple[np.ndarray, np.ndarray]:
    """Winnowed fingerprints (hashes, first-unit positions) of a unit-hash stream."""
    return winnow(kgram_hashes(unit_hashes, k), window)
