"""Grouping many small items into batches, so per-call costs are paid once per batch."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

# Texts are cut into units and winnowed a batch at a time: large enough that numpy's per-call
# cost vanishes, small enough that the arrays stay in cache (measured: 2-4x one text per call).
BATCH_UNITS = 1 << 15


def batches(sizes: list[int], limit: int | None = None) -> list[range]:
    """Consecutive index ranges whose sizes sum to at most `limit` (BATCH_UNITS unless given;
    an item larger than that alone)."""
    limit = BATCH_UNITS if limit is None else limit
    out, begin, total = [], 0, 0
    for i, size in enumerate(sizes):
        if total and total + size > limit:
            out.append(range(begin, i))
            begin, total = i, 0
        total += size
    if begin < len(sizes):
        out.append(range(begin, len(sizes)))
    return out


def slices(sizes: np.ndarray, limit: int) -> Iterator[tuple[int, int]]:
    """`batches` of a numpy array of sizes, as (start, stop): consecutive index ranges whose
    sizes sum to at most `limit` (an item larger than that alone), one search per range
    rather than a Python step per item (for the millions of groups of a class's index)."""
    ends = np.cumsum(sizes)
    lo = 0
    while lo < len(sizes):
        hi = max(lo + 1, int(np.searchsorted(ends, ends[lo] - sizes[lo] + limit, "right")))
        yield lo, hi
        lo = hi
