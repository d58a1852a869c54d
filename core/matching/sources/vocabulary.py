"""Candidate source: a large share of IDF-weighted content words (a possible paraphrase).

Up to vocabulary.ALL_PAIRS_LIMIT documents every pair is scanned (and the share matrix is left
in the evidence for the scoring step); above it, only the pairs other sources proposed but did
not find worth scoring are looked at, all at once (`approximate_shares`).
"""

from __future__ import annotations

from collections.abc import Generator

import numpy as np

from core.engine import vocabulary
from core.engine.profile import Profile
from core.matching.sources.base import SHARES, Candidates, Corpus
from core.models import Progress


def approximate_shares(profiles: list[Profile], left: np.ndarray, right: np.ndarray) -> np.ndarray:
    """vocabulary.overlap of many pairs (sorted by left document) at once, summed in float64
    instead of float32, so equal to it within a relative 1e-6: to rule out pairs far below a
    threshold without a call each.

    Words used by two or more documents become the columns of a bit matrix (documents x
    words); a left document's words are looked up in the rows of all its right partners at once.
    """
    sizes = np.array([len(p.vocab) for p in profiles], dtype=np.int64)
    shares = np.zeros(len(left))
    if not len(left) or not sizes.sum():
        return shares
    offsets = np.concatenate(([0], np.cumsum(sizes)))
    weights = np.concatenate([p.vocab_idf for p in profiles]).astype(np.float64)
    cumulative = np.concatenate(([0.0], np.cumsum(weights)))
    totals = cumulative[offsets[1:]] - cumulative[offsets[:-1]]
    _, inverse, counts = np.unique(np.concatenate([p.vocab for p in profiles]),
                                   return_inverse=True, return_counts=True)
    shared_word = counts >= 2
    column = np.where(shared_word, np.cumsum(shared_word) - 1, -1)[inverse]
    bits = np.zeros((len(profiles), max(1, (int(shared_word.sum()) + 7) // 8)), dtype=np.uint8)
    entries = np.flatnonzero(column >= 0)
    owner = np.repeat(np.arange(len(profiles)), sizes)[entries]
    np.bitwise_or.at(bits, (owner, column[entries] >> 3),
                     np.uint8(1) << (column[entries] & 7).astype(np.uint8))
    starts = np.flatnonzero(np.concatenate(([True], left[1:] != left[:-1])))
    for lo, hi in zip(starts.tolist(), starts[1:].tolist() + [len(left)]):
        i = int(left[lo])
        cols = column[offsets[i]:offsets[i + 1]]
        mine = cols >= 0
        cols, w = cols[mine], weights[offsets[i]:offsets[i + 1]][mine]
        if not len(cols):
            continue
        block = bits[right[lo:hi, None], (cols >> 3)[None, :]]
        hits = (block >> (cols & 7).astype(np.uint8)[None, :]) & np.uint8(1)
        shares[lo:hi] = hits @ w
    smaller = np.minimum(totals[left], totals[right])
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(smaller > 0, shares / smaller, 0.0)


class VocabularySource:
    """Pairs sharing at least vocabulary.PARAPHRASE_SHARE of the smaller document's weighted
    content words are worth scoring (the scoring step lists them on the exact share)."""

    name = "vocabulary"
    per_pair = True  # what it finds for a pair depends on the two documents (and document frequencies)

    def alone(self, corpus: Corpus) -> bool:
        """Whether its proposal for `corpus` reads nothing of the other sources' (every pair
        scanned), so that it can be made beside theirs."""
        return corpus.size <= vocabulary.ALL_PAIRS_LIMIT

    def propose(self, corpus: Corpus, so_far: Candidates) -> Generator[Progress, None, Candidates]:
        profiles, n = corpus.profiles, corpus.n
        if corpus.size <= vocabulary.ALL_PAIRS_LIMIT:
            shares = vocabulary.shared_shares([p.vocab for p in profiles],
                                              [p.vocab_idf for p in profiles], corpus.cap,
                                              corpus.weights)
            corpus.evidence[SHARES] = shares
            pairs = vocabulary.paraphrase_pairs(shares)
            return Candidates.of([i * n + j for i, j in pairs], score=True)
        rest = so_far.keys[~so_far.score]
        if not len(rest):
            return Candidates.empty()
        yield Progress("indexing", 3, 3)
        approx = approximate_shares(profiles, rest // n, rest % n)
        return Candidates.of(rest, score=approx >= vocabulary.PARAPHRASE_SHARE - 1e-4)
