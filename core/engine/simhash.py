"""64-bit simhash from TF-IDF-weighted keywords, and Hamming distances between fingerprints."""

from __future__ import annotations

import heapq
import re
import unicodedata
from collections import Counter

import numpy as np

from core.engine.hashing import hash_strings
from core.engine.normalize import Units
from core.engine.segment import en_idf, han_words, zh_idf

_BITS = np.arange(64, dtype=np.uint64)


# What is not prose: markup, addresses and code say nothing about what a text says, and two
# pages sharing only their HTML or Markdown must not look alike.
_NOT_PROSE = re.compile(
    r"```.*?(?:```|\Z)"  # fenced code blocks
    r"|<!--.*?-->|<script\b.*?</script>|<style\b.*?</style>"  # comments, scripts, styles
    r"|</?[A-Za-z][^<>]{0,2000}>"  # HTML/XML tags with their attributes
    r"|&[A-Za-z]{2,8};|&#x?[0-9A-Fa-f]{1,6};"  # entities
    r"|(?:https?|ftp|file|mailto):[^\s<>\"'）)\]]+|www\.[^\s<>\"'）)\]]+"  # addresses
    r"|`[^`\n]{1,200}`"  # inline code
    r"|\]\([^)\s]{0,500}\)"  # Markdown link targets
    r"|[\w.+-]+@[\w-]+\.[\w.]+",  # e-mail addresses
    re.DOTALL | re.IGNORECASE)


_MAYBE_MARKUP = re.compile(r"[<`&@]|\]\(|://|www\.")


def prose(text: str) -> str:
    """The text with markup, code, addresses and e-mail blanked out (same length)."""
    return _NOT_PROSE.sub(lambda m: " " * len(m.group()), text)


def vocabulary(text: str, units: Units) -> dict[str, tuple[int, float]]:
    """Every content word of a text's prose (jieba words of two or more characters, Latin
    words of two or more letters; not numbers, markup, code or addresses) with its count and
    IDF."""
    zh_table, zh_default = zh_idf()
    clean = prose(text) if _MAYBE_MARKUP.search(text) else text
    vocab = {w: (n, zh_table.get(w, zh_default))
             for w, n in Counter(han_words(clean)).items() if len(w) > 1}
    words = Counter(
        unicodedata.normalize("NFKC", clean[s:e]).casefold()
        for s, e in zip(units.starts[~units.single].tolist(), units.ends[~units.single].tolist())
    )
    en_table, en_default = en_idf()
    for w, n in words.items():
        w = w.strip()
        if len(w) > 1 and not w.isdigit() and not any(c.isdigit() for c in w[:1]):
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
