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
    hashes = np.concatenate(words)
    if not len(hashes):  # no content words: no pair shares any
        return np.zeros((n, n))
    totals = np.array([w.sum() for w in idfs], dtype=np.float64)
    weights = np.concatenate(idfs).astype(np.float64)
    docs = np.repeat(np.arange(n), [len(w) for w in words])
    order = np.argsort(hashes, kind="stable")
    hashes, weights, docs = hashes[order], weights[order], docs[order]
    bounds = np.flatnonzero(np.concatenate(([True], hashes[1:] != hashes[:-1], [True])))
    sizes = np.diff(bounds)
    held = sizes  # documents holding each word
    if counts is not None and len(docs):
        held = np.add.reduceat(counts[docs], bounds[:-1])
    counted = (sizes >= 2) & (held <= cap)
    weight = weights[bounds[:-1]]  # a word's IDF as every pair adds it: its first holder's
    kind, first = _kinds(words)
    incidences = int((sizes * (sizes - 1) // 2)[counted].sum())  # (pair, word) to sum
    if len(first) > ALIKE * n or incidences < n * n:  # the kinds would not spare their n x n reading
        shared = _pair_sums(docs, bounds, counted, weight, n)
    else:  # the kinds' sums, each pair of documents given its two kinds'
        shared = _sums_by_kind(docs, bounds, counted, weight, kind, first).ravel()
    matrix = shared.reshape(n, n)
    smaller = np.minimum(totals[:, None], totals[None, :])
    empty = smaller <= 0
    smaller[empty] = 1.0  # a document without content words shares none: 0 / 1
    matrix /= smaller  # in place: n x n matrices are the largest arrays here
    return matrix


#: `shared_shares` sums the pairs of kinds of documents (those holding the same words) when
#: there are at most this share as many kinds as documents (near copies) and more (pair,
#: word) incidences than pairs, else of documents.
ALIKE = 0.5


def _kinds(words: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Each document's kind (documents holding exactly the same words are one kind, numbered
    in the order of their first documents) and the first document of each kind."""
    seen: dict[bytes, int] = {}
    kind = np.array([seen.setdefault(np.asarray(w, dtype=np.uint64).tobytes(), len(seen)) for w in words],
                    dtype=np.int64)
    first = np.full(len(seen), len(words), dtype=np.int64)
    np.minimum.at(first, kind, np.arange(len(words)))
    return kind, first


def _sums_by_kind(docs: np.ndarray, bounds: np.ndarray, counted: np.ndarray, weight: np.ndarray,
                  kind: np.ndarray, first: np.ndarray) -> np.ndarray:
    """`_pair_sums` of every document pair, read off the pairs of their kinds: two documents
    of kinds a and b share the words kinds a and b both hold (a = b: every word of a). The
    words' holders are those of the full index, so whether a word counts and its IDF are as
    the documents' own pairs take them; the sums are exact in any order (`_pair_sums`)."""
    n, m = len(kind), len(first)
    mine = np.zeros(n, bool)
    mine[first] = True
    entry = np.flatnonzero(mine[docs])  # the entries of each kind's first document
    word = np.repeat(np.arange(len(bounds) - 1), np.diff(bounds))[entry]
    holders = kind[docs[entry]]  # ascending within a word, as the kinds' first documents are
    at = np.flatnonzero(np.concatenate(([True], word[1:] != word[:-1], [True])))
    word = word[at[:-1]]
    sums = _pair_sums(holders, at, counted[word], weight[word], m).reshape(m, m)
    sums = sums + sums.T  # the lower triangle (and diagonal) is zero: both orders of each pair
    sums[np.diag_indices(m)] = np.bincount(holders, weights=np.repeat(np.where(counted[word], weight[word], 0.0),
                                                                      np.diff(at)), minlength=m)
    shared = sums[kind][:, kind]
    for i in range(n):  # the upper triangle kept in place (np.triu would copy it)
        shared[i, :i + 1] = 0.0
    return shared


def _pair_sums(docs: np.ndarray, bounds: np.ndarray, counted: np.ndarray, weight: np.ndarray,
               n: int) -> np.ndarray:
    """Each pair's (i < j) summed `weight` of the `counted` words both hold, n * n flat (the
    rest zero): words' holders `docs[bounds[w]:bounds[w + 1]]`, ascending, each once."""
    sizes = np.diff(bounds)
    counted = counted & (sizes >= 2)
    shared = None  # the pairs' sums, n * n: the dense product's, or zeros
    # each word's IDF is added to every pair of documents holding it. The IDFs are float32
    # values of IDF_FLOOR or more, so multiples of 2**-21, and their float64 sums stay far
    # below 2**32: every sum is exact in any order. So the words most documents hold (a pair
    # each for most pairs) are one matrix product, and the pairs of the others are counted in
    # a few bincounts.
    dense = counted & (sizes >= max(2, n // _DENSE_FROM))
    if dense.any():
        columns = np.repeat(np.arange(int(dense.sum())), sizes[dense])
        at = np.repeat(bounds[:-1][dense], sizes[dense]) + _ranges(sizes[dense])
        holds = np.zeros((n, int(dense.sum())))
        holds[docs[at], columns] = 1.0
        product = (holds * weight[dense]) @ holds.T
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
        these = np.flatnonzero((sizes == size) & counted & ~dense)
        ii, jj = np.triu_indices(size, 1)
        for chunk in np.array_split(these, max(1, len(these) * len(ii) // _PAIRS_AT_ONCE)):
            members = bounds[chunk][:, None] + np.arange(size)  # (groups, size): docs of one word each
            keys.append((docs[members[:, ii]] * n + docs[members[:, jj]]).ravel())
            values.append(np.repeat(weight[chunk], len(ii)))
            pending += len(keys[-1])
            if pending >= _PAIRS_AT_ONCE:
                shared += np.bincount(np.concatenate(keys), np.concatenate(values), minlength=n * n)
                keys, values, pending = [], [], 0
    if keys:
        shared += np.bincount(np.concatenate(keys), np.concatenate(values), minlength=n * n)
    return shared


def paraphrase_pairs(shares: np.ndarray) -> set[tuple[int, int]]:
    """Pairs (i < j) sharing at least PARAPHRASE_SHARE of the smaller vocabulary."""
    i, j = np.nonzero(np.triu(shares >= PARAPHRASE_SHARE, 1))
    return set(zip(i.tolist(), j.tolist()))
