"""Robust winnowing (Schleimer, Wilkerson, Aiken 2003): the rightmost minimum of each window."""

from __future__ import annotations

import numpy as np

from core.engine.hashing import kgram_hashes


def _window_minima(kgrams: np.ndarray, w: int) -> np.ndarray:
    """Position of the rightmost minimum of every window of w consecutive hashes (len n - w + 1).

    By doubling, a sparse table of (value, offset of its position from the window's start)
    with the right one winning ties: log2(w) passes instead of w. Offsets are below 256
    (w <= 256), so they are bytes chosen by arithmetic: np.where on positions cost 2.5x more.
    """
    if w > 256:
        raise ValueError("window must be at most 256")
    n = len(kgrams)
    m = n - w + 1
    val, off = kgrams, np.zeros(n, dtype=np.uint8)
    width = 1
    while 2 * width <= w:  # each level: rightmost minimum of [s, s + 2 * width)
        off = _pick(val[width:] <= val[:-width], off[:-width], off[width:], width)
        val = np.minimum(val[width:], val[:-width])
        width *= 2
    shift = w - width  # [s, s + w) is [s, s + width) and [s + shift, s + w), overlapping
    off = _pick(val[shift : shift + m] <= val[:m], off[:m], off[shift : shift + m], shift)
    return np.arange(m, dtype=np.int64) + off


def _pick(right: np.ndarray, left_off: np.ndarray, right_off: np.ndarray, shift: int) -> np.ndarray:
    """left_off where not `right`, else right_off + shift (uint8 arithmetic, no branches)."""
    return left_off + right.view(np.uint8) * (right_off + np.uint8(shift) - left_off)


def _runs(chosen: np.ndarray) -> np.ndarray:
    """The first window of each run of windows choosing the same position (window minima move
    only rightwards, so a position is chosen by one run of consecutive windows)."""
    first = np.empty(len(chosen), dtype=bool)
    first[:1] = True
    np.not_equal(chosen[1:], chosen[:-1], out=first[1:])
    return np.flatnonzero(first)


def winnow(kgrams: np.ndarray, window: int) -> tuple[np.ndarray, np.ndarray]:
    """Select fingerprints from k-gram hashes; returns (hashes, k-gram start positions).

    Each window of `window` consecutive hashes contributes its minimum, the rightmost one on
    ties, recorded once however many consecutive windows it is the minimum of. So any run of
    `window` shared k-grams (k + window - 1 shared units) yields a shared fingerprint.
    """
    kgrams = np.asarray(kgrams, dtype=np.uint64)
    if len(kgrams) == 0:
        return np.zeros(0, dtype=np.uint64), np.zeros(0, dtype=np.int64)
    minima = _window_minima(kgrams, min(window, len(kgrams)))
    chosen = minima[_runs(minima)]
    return kgrams[chosen], chosen


def fingerprints(unit_hashes: np.ndarray, k: int, window: int) -> tuple[np.ndarray, np.ndarray]:
    """Winnowed fingerprints (hashes, first-unit positions) of a unit-hash stream."""
    return winnow(kgram_hashes(unit_hashes, k), window)


def fingerprints_joined(hashes: np.ndarray, offsets: np.ndarray, k: int, window: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """fingerprints() of each stream hashes[offsets[i]:offsets[i + 1]], the streams laid end to
    end: k-grams and windows that straddle two streams are dropped, so each stream keeps
    exactly the fingerprints it has alone."""
    starts, lengths = offsets[:-1], np.diff(offsets)
    windows = lengths - k - window + 2
    full = windows >= 1  # streams with a whole window; shorter ones winnow on their own
    out: list = [None] * len(starts)
    for i in np.flatnonzero(~full).tolist():
        out[i] = fingerprints(hashes[starts[i]:offsets[i + 1]], k, window)
    if not full.any():
        return out
    kgrams = kgram_hashes(hashes, k)
    minima = _window_minima(kgrams, window)
    runs = _runs(minima)
    # keep a run if one of its windows lies inside one stream: the last stream window-range
    # starting at or before the run's last window must reach its first
    run_last = np.empty_like(runs)
    run_last[:-1] = runs[1:] - 1
    run_last[-1:] = len(minima) - 1
    firsts = starts[full]
    ends = firsts + windows[full]
    j = np.searchsorted(firsts, run_last, "right") - 1
    runs = runs[(j >= 0) & (ends[np.maximum(j, 0)] > runs)]
    chosen = minima[runs]
    selected = kgrams[chosen]
    members = np.flatnonzero(full).tolist()
    cuts = np.searchsorted(chosen, firsts[1:]).tolist()
    for i, base, a, b in zip(members, firsts.tolist(), [0, *cuts], [*cuts, len(chosen)]):
        out[i] = (selected[a:b], chosen[a:b] - base)
    return out
