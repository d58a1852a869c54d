"""64-bit simhash from TF-IDF-weighted keywords, and Hamming distances between fingerprints."""

from __future__ import annotations

import heapq
import unicodedata
from collections import Counter

import numpy as np

from core.engine.hashing import hash_strings
from core.engine.normalize import Units
from core.engine.segment import en_idf, han_words, zh_idf

_BITS = np.arange(64, dtype=np.uint64)


def vocabulary(text: str, units: Units) -> dict[str, tuple[int, float]]:
    """Every content word of a text (jieba words of two or more characters, Latin words of
    two or more letters) with its count and IDF."""
    zh_table, zh_default = zh_idf()
    vocab = {w: (n, zh_table.get(w, zh_default))
             for w, n in Counter(han_words(text)).items() if len(w) > 1}
    words = Counter(
        unicodedata.normalize("NFKC", text[s:e]).casefold()
        for s, e in zip(units.starts[~units.single].tolist(), units.ends[~units.single].tolist())
    )
    en_table, en_default = en_idf()
    for w, n in words.items():
        if len(w) > 1 and not w.isdigit():
            vocab[w] = (n, en_table.get(w, en_default))
    return vocab


def keywords(vocab: dict[str, tuple[int, float]], top: int) -> list[tuple[str, float]]:
    """The `top` words by TF-IDF weight, heaviest first (ties by word, so it is deterministic)."""
    best = heapq.nsmallest(top, [(-n * idf, w) for w, (n, idf) in vocab.items()])
    return [(w, -negative) for negative, w in best]


def simhash(weighted: list[tuple[str, float]]) -> int:
    """Charikar's simhash: each bit is the sign of the weighted vote of the features' bits."""
    if not weighted:
        return 0
    hashes = hash_strings([w for w, _ in weighted])
    weights = np.array([x for _, x in weighted], dtype=np.float64)
    bits = ((hashes[:, None] >> _BITS) & np.uint64(1)).astype(np.float64)
    votes = weights @ (2.0 * bits - 1.0)
    return int(np.sum(np.where(votes > 0, np.uint64(1) << _BITS, np.uint64(0)), dtype=np.uint64))


def hamming(a: int, b: int) -> int:
    """Number of differing bits of two 64-bit fingerprints."""
    return (a ^ b).bit_count()


def hamming_matrix(fps: np.ndarray) -> np.ndarray:
    """All pairwise Hamming distances of a uint64 array (uint8 matrix)."""
    fps = np.asarray(fps, dtype=np.uint64)
    return np.bitwise_count(fps[:, None] ^ fps[None, :]).astype(np.uint8)
