"""Text -> normalized units (CJK characters, case-folded Latin words and numbers) with spans.

Vectorized over code points with numpy: each unit keeps its half-open span in the original
text and a stable 64-bit hash of its folded form, so engines never lose the way back.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .hashing import mix64, powers

SKIP, SINGLE, WORD = 0, 1, 2
_SINGLE_RANGES = (
    (0x3040, 0x30FF),  # Hiragana, Katakana
    (0x3400, 0x4DBF),  # CJK Extension A
    (0x4E00, 0x9FFF),  # CJK Unified Ideographs
    (0xAC00, 0xD7AF),  # Hangul syllables
    (0xF900, 0xFAFF),  # CJK Compatibility Ideographs
    (0x20000, 0x3134F),  # CJK Extensions B-G
)
_SINGLE_TAG = np.uint64(0x5A17_0000_0000_0000)
_WORD_BASE = np.uint64(0x100000001B3)


@dataclass(frozen=True, slots=True)
class Units:
    """The unit stream of a text: starts/ends (code points) and stable hashes, one per unit."""

    starts: np.ndarray  # int32
    ends: np.ndarray  # int32
    hashes: np.ndarray  # uint64
    single: np.ndarray  # bool: a CJK-style single-character unit (else a word)

    def __len__(self) -> int:
        return len(self.starts)


def _kind_of(ch: str) -> int:
    cp = ord(ch)
    if any(lo <= cp <= hi for lo, hi in _SINGLE_RANGES):
        return SINGLE
    if ch.isalnum() or unicodedata.category(ch) in ("Mn", "Mc"):
        return WORD
    return SKIP


def _fold_of(ch: str) -> int:
    folded = unicodedata.normalize("NFKC", ch).casefold()
    if len(folded) == 1:
        return ord(folded)
    lower = ch.lower()
    return ord(lower) if len(lower) == 1 else ord(ch)


@lru_cache(maxsize=1)
def _tables() -> tuple[np.ndarray, np.ndarray]:
    """Kind and folded code point for every BMP code point, built once per process."""
    chars = [chr(cp) for cp in range(0x10000)]
    kind = np.fromiter((_kind_of(ch) for ch in chars), dtype=np.uint8, count=0x10000)
    kind[0xD800:0xE000] = SKIP  # lone surrogates
    fold = np.fromiter(
        (_fold_of(ch) if k else 0 for ch, k in zip(chars, kind)), dtype=np.uint32, count=0x10000
    )
    return kind, fold


def code_points(text: str) -> np.ndarray:
    """The text as an array of code points (uint32), one per Python character."""
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype="<u4")


def units(text: str) -> Units:
    """Split `text` into units; spans are half-open code-point offsets into `text`."""
    kind_table, fold_table = _tables()
    cps = code_points(text)
    n = len(cps)
    if n == 0:
        empty = np.zeros(0, dtype=np.int32)
        return Units(empty, empty, np.zeros(0, dtype=np.uint64), np.zeros(0, dtype=bool))
    bmp = cps < 0x10000
    index = np.where(bmp, cps, 0)
    kind = kind_table[index]
    fold = fold_table[index]
    if not bmp.all():
        for i in np.flatnonzero(~bmp):
            ch = chr(cps[i])
            kind[i] = _kind_of(ch)
            fold[i] = _fold_of(ch) if kind[i] else 0
    word = kind == WORD
    prev_word = np.concatenate(([False], word[:-1]))
    next_word = np.concatenate((word[1:], [False]))
    single = kind == SINGLE
    starts = np.flatnonzero(single | (word & ~prev_word))
    word_ends = np.flatnonzero(word & ~next_word) + 1
    is_single = single[starts]
    ends = starts + 1
    ends[~is_single] = word_ends
    hashes = np.empty(len(starts), dtype=np.uint64)
    hashes[is_single] = mix64(fold[starts[is_single]].astype(np.uint64) | _SINGLE_TAG)
    if len(word_ends):
        # position-independent polynomial hash of each word: sum fold[j] * B^(j - start)
        fwd, inv = powers(_WORD_BASE, n + 1)
        terms = fold.astype(np.uint64) * fwd[:n]
        prefix = np.concatenate(([np.uint64(0)], np.cumsum(terms, dtype=np.uint64)))
        ws = starts[~is_single]
        poly = (prefix[word_ends] - prefix[ws]) * inv[ws]
        hashes[~is_single] = mix64(poly + (word_ends - ws).astype(np.uint64))
    return Units(starts.astype(np.int32), ends.astype(np.int32), hashes, is_single)


def unit_texts(text: str, u: Units) -> list[str]:
    """The folded text of each unit (for tests and keyword extraction)."""
    return [fold_text(text[s:e]) for s, e in zip(u.starts.tolist(), u.ends.tolist())]


def fold_text(s: str) -> str:
    """Fold a string the way units are folded (full-width to half-width, case-folded)."""
    _, fold = _tables()
    return "".join(chr(fold[ord(c)]) if ord(c) < 0x10000 and fold[ord(c)] else
                   (chr(_fold_of(c)) if ord(c) >= 0x10000 else c) for c in s)
