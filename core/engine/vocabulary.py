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
_PAIRS_AT_ONCE = 1 << 17  # (pair, word) incidences counted together: bounded memory
_DENSE_FROM = 16  # words in more than 1/16 of the documents: one matrix product (fewer flops)


def _ranges(sizes: np.ndarray) -> np.ndarray:
    """Concatenated aranges: [0..sizes[0]), [0..sizes[1]), ..."""
    return np.arange(int(sizes.sum())) - np.repeat(np.cumsum(sizes) - sizes, sizes)


def overlap(a_words: np.ndarray, a_idf: np.ndarray, b_words: np.ndarray, b_idf: np.ndarray) -> float:
    """IDF-weighted shared words over the smaller document's total (sorted unique word hashes)."""
    if not len(a_words) or not len(b_words):
        return 0.0
    at = np.searchsorted(b_words, a_words)  # both sorted: the words of a that b holds
    at[at == len(b_words)] = 0
    shared = a_idf[b_words[at] == a_words].sum()
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
    shared = None  # the pairs' sums, n * n: the dense product's, or zeros
    # each word's IDF is added to every pair of documents holding it. The IDFs are float32
    # values of IDF_FLOOR or more, so multiples of 2**-21, and their float64 sums stay far
    # below 2**32: every sum is exact in any order. So the words most documents hold (a pair
    # each for most pairs) are one matrix product, and the pairs of the others are counted in
    # a few bincounts.
    counted = (sizes >= 2) & (held <= cap)
    dense = counted & (sizes >= max(2, n // _DENSE_FROM))
    if dense.any():
        columns = np.repeat(np.arange(int(dense.sum())), sizes[dense])
        at = np.repeat(bounds[:-1][dense], sizes[dense]) + _ranges(sizes[dense])
        holds = np.zeros((n, int(dense.sum())))
        holds[docs[at], columns] = 1.0
        product = (holds * weights[bounds[:-1][dense]]) @ holds.T
        del holds
        for i in range(n):  # the upper triangle kept in place (np.triu would copy it)
            product[i, :i + 1] = 0.0
        shared = product.ravel()
    if shared is None:
        shared = np.zeros(n * n, dtype=np.float64)
    keys: list[np.ndarray] = []
    values: list[np.ndarray] = []
    pending = 0
    for size in np.unique(sizes[counted & ~dense]).tolist():
        starts = bounds[:-1][(sizes == size) & counted & ~dense]
        ii, jj = np.triu_indices(size, 1)
        for chunk in np.array_split(starts, max(1, len(starts) * len(ii) // _PAIRS_AT_ONCE)):
            members = chunk[:, None] + np.arange(size)  # (groups, size): docs of one word each
            keys.append((docs[members[:, ii]] * n + docs[members[:, jj]]).ravel())
            values.append(np.repeat(weights[chunk], len(ii)))
            pending += len(keys[-1])
            if pending >= _PAIRS_AT_ONCE:
                shared += np.bincount(np.concatenate(keys), np.concatenate(values), minlength=n * n)
                keys, values, pending = [], [], 0
    if keys:
        shared += np.bincount(np.concatenate(keys), np.concatenate(values), minlength=n * n)
    matrix = shared.reshape(n, n)
    smaller = np.minimum(totals[:, None], totals[None, :])
    empty = smaller <= 0
    smaller[empty] = 1.0  # a document without content words shares none: 0 / 1
    matrix /= smaller  # in place: n x n matrices are the largest arrays here
    return matrix


def paraphrase_pairs(shares: np.ndarray) -> set[tuple[int, int]]:
    """Pairs (i < j) sharing at least PARAPHRASE_SHARE of the smaller vocabulary."""
    i, j = np.nonzero(np.triu(shares >= PARAPHRASE_SHARE, 1))
    return set(zip(i.tolist(), j.tolist()))
