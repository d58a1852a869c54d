"""Candidate source: near-duplicate simhashes (whole documents alike, with or without passages)."""

from __future__ import annotations

from collections.abc import Generator

import numpy as np

from core.matching.simhash_index import SimhashIndex
from core.matching.sources.base import Candidates, Corpus
from core.models import Progress


def near_duplicates(simhashes: np.ndarray, threshold: int, block: int = 256) -> set[tuple[int, int]]:
    """Pairs (i < j) whose simhashes differ in at most `threshold` bits: a pigeonhole index, or
    all against all in `block` rows at a time when the threshold is too wide for one."""
    i, j = SimhashIndex(simhashes, threshold, rows=block).pairs()
    return set(zip(i.tolist(), j.tolist()))


class SimhashSource:
    """Near-duplicate pairs: always scored and always listed."""

    name = "simhash"
    per_pair = True  # what it finds for a pair depends on the two documents (and document frequencies)

    def propose(self, corpus: Corpus, so_far: Candidates) -> Generator[Progress, None, Candidates]:
        simhashes = np.array([p.simhash for p in corpus.profiles], dtype=np.uint64)
        i, j = SimhashIndex(simhashes, corpus.options.hamming, rows=256).pairs()
        yield Progress("indexing", 3, 3)
        return Candidates.of(np.asarray(i, np.int64) * corpus.n + np.asarray(j, np.int64),
                             score=True, listed=True)
