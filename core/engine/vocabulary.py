"""Shared content vocabulary of two documents: a weak, order-free sign of paraphrase.

Exact passages miss a heavily reworded copy; the share of one document's IDF-weighted content
words that the other also uses still ranks it above an essay merely on the same topic.
"""

from __future__ import annotations

import numpy as np

IDF_FLOOR = 6.0  # words commoner than about 1 in 400 carry no evidence
PARAPHRASE_SHARE = 0.35  # report a pair without passages from this vocabulary share on
ALL_PAIRS_LIMIT = 2000  # above this many documents only candidate pairs are scored
WEIGHT = 0.05  # the most that vocabulary alone adds to a similarity


def overlap(a_words: np.ndarray, a_idf: np.ndarray, b_words: np.ndarray, b_idf: np.ndarray) -> float:
    """IDF-weighted shared words over the smaller document's total (sorted unique word hashes)."""
    if not len(a_words) or not len(b_words):
        return 0.0
    shared = a_idf[np.isin(a_words, b_words, assume_unique=True)].sum()
    return float(shared / min(a_idf.sum(), b_idf.sum()))


def shared_shares(words: list[np.ndarray], idfs: list[np.ndarray], cap: int,
                  counts: np.ndarray | None = None) -> np.ndarray:
    """The overlap of every pair as an n x n matrix (upper triangle filled), via an inverted
    index of words; words in more than `cap` documents (each counting `counts[doc]` times when
    given) count as shared by none."""
    n = len(words)
    if n < 2:
        return np.zeros((n, n))
    totals = np.array([w.sum() for w in idfs], dtype=np.float64)
    hashes = np.concatenate(words) if n else np.zeros(0, dtype=np.uint64)
    weights = np.concatenate(idfs).astype(np.float64)
    docs = np.repeat(np.arange(n), [len(w) for w in words])
    order = np.argsort(hashes, kind="stable")
    hashes, weights, docs = hashes[order], weights[order], docs[order]
    bounds = np.flatnonzero(np.concatenate(([True], hashes[1:] != hashes[:-1], [True])))
    sizes = np.diff(bounds)
    held = sizes  # documents holding each word
    if counts is not None and len(docs):
        held = np.add.reduceat(counts[docs], bounds[:-1])
    shared = np.zeros(n * n, dtype=np.float64)
    for size in np.unique(sizes):
        if size < 2:
            continue
        starts = bounds[:-1][(sizes == size) & (held <= cap)]
        if not len(starts):
            continue
        ii, jj = np.triu_indices(size, 1)
        for chunk in np.array_split(starts, max(1, len(starts) * len(ii) // 5_000_000)):
            members = chunk[:, None] + np.arange(size)  # (groups, size): docs of one word each
            keys = (docs[members[:, ii]] * n + docs[members[:, jj]]).ravel()
            shared += np.bincount(keys, np.repeat(weights[chunk], len(ii)), minlength=n * n)
    matrix = shared.reshape(n, n)
    smaller = np.minimum(totals[:, None], totals[None, :])
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(smaller > 0, matrix / smaller, 0.0)


def paraphrase_pairs(shares: np.ndarray) -> set[tuple[int, int]]:
    """Pairs (i < j) sharing at least PARAPHRASE_SHARE of the smaller vocabulary."""
    i, j = np.nonzero(np.triu(shares, 1) >= PARAPHRASE_SHARE)
    return set(zip(i.tolist(), j.tolist()))
