"""Inverted index of winnowed fingerprints -> candidate document pairs, without N^2 work."""

from __future__ import annotations

import numpy as np


def document_frequency_cap(n_docs: int, max_share: float, min_common: int) -> int:
    """A fingerprint in more documents than this is common text, not evidence of copying."""
    return max(min_common, int(max_share * n_docs))


def _postings(fp_lists: list[np.ndarray], max_repeats: int) -> tuple[np.ndarray, np.ndarray]:
    """(hash, doc) for each distinct fingerprint of each document, dropping in-document repeats."""
    hashes, docs = [], []
    for doc, fps in enumerate(fp_lists):
        uniq, counts = np.unique(fps, return_counts=True)
        uniq = uniq[counts <= max_repeats]
        hashes.append(uniq)
        docs.append(np.full(len(uniq), doc, dtype=np.int64))
    if not hashes:
        return np.zeros(0, dtype=np.uint64), np.zeros(0, dtype=np.int64)
    return np.concatenate(hashes), np.concatenate(docs)


def common_hashes(hashes: np.ndarray, docs: np.ndarray, cap: int) -> np.ndarray:
    """Sorted hashes that occur in more than `cap` documents (given one posting per document)."""
    uniq, counts = np.unique(hashes, return_counts=True)
    return uniq[counts > cap]


def candidate_pairs(
    fp_lists: list[np.ndarray],
    *,
    ignored: np.ndarray | None = None,
    cap: int,
    max_repeats: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Document pairs (left < right) sharing a fingerprint, with the number they share.

    Fingerprints in `ignored` (sorted), repeated more than `max_repeats` times in one document,
    or present in more than `cap` documents are left out. Returns (left, right, shared).
    """
    hashes, docs = _postings(fp_lists, max_repeats)
    if ignored is not None and len(ignored):
        keep = ~np.isin(hashes, ignored)
        hashes, docs = hashes[keep], docs[keep]
    order = np.lexsort((docs, hashes))
    hashes, docs = hashes[order], docs[order]
    n = len(hashes)
    empty = np.zeros(0, dtype=np.int64)
    if n < 2:
        return empty, empty, empty
    boundaries = np.flatnonzero(np.concatenate(([True], hashes[1:] != hashes[:-1], [True])))
    sizes = np.diff(boundaries)
    good = (sizes >= 2) & (sizes <= cap)
    starts, sizes = boundaries[:-1][good], sizes[good]
    if not len(sizes):
        return empty, empty, empty
    # every element pairs with the elements after it in its group (vectorized triangle)
    member = np.repeat(starts, sizes) + _ranges(sizes)
    rank = _ranges(sizes)
    after = np.repeat(sizes, sizes) - 1 - rank
    left = np.repeat(member, after)
    right = left + 1 + _ranges(after)
    n_docs = len(fp_lists)
    keys = docs[left] * n_docs + docs[right]
    pair_keys, shared = np.unique(keys, return_counts=True)
    return pair_keys // n_docs, pair_keys % n_docs, shared


def _ranges(sizes: np.ndarray) -> np.ndarray:
    """Concatenated aranges: [0..sizes[0]), [0..sizes[1]), ..."""
    total = int(sizes.sum())
    if total == 0:
        return np.zeros(0, dtype=np.int64)
    offsets = np.repeat(np.cumsum(sizes) - sizes, sizes)
    return np.arange(total, dtype=np.int64) - offsets
