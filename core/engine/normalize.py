"""Text -> normalized units (CJK characters, case-folded Latin words and numbers) with spans.

Vectorized over code points with numpy: each unit keeps its half-open span in the original
text and a stable 64-bit hash of its folded form, so engines never lose the way back.
"""

from __future__ import annotations

import hashlib
import itertools
import types
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from core.engine.batches import batches
from core.engine.derived import derived
from core.engine.hashing import mix64, powers

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


def _derive_tables() -> dict[str, np.ndarray]:
    chars = [chr(cp) for cp in range(0x10000)]
    kind = np.fromiter((_kind_of(ch) for ch in chars), dtype=np.uint8, count=0x10000)
    kind[0xD800:0xE000] = SKIP  # lone surrogates
    fold = np.fromiter(
        (_fold_of(ch) if k else 0 for ch, k in zip(chars, kind)), dtype=np.uint32, count=0x10000
    )
    return {"kind": kind, "fold": fold}


def _tables_source() -> str:
    """What the code-point tables are derived from: the Unicode database and the rules here
    (the same in every process: a set among the code's constants is written in sorted order,
    not in the order of the process's string hashes)."""
    rules = [unicodedata.unidata_version, _SINGLE_RANGES, (SKIP, SINGLE, WORD)]
    rules += [_stable(f.__code__) for f in (_kind_of, _fold_of)]
    return hashlib.sha256(repr(rules).encode()).hexdigest()[:24]


def _stable(value):
    """`value` (a code object, its constants) in a form whose repr is the same in every process."""
    if isinstance(value, types.CodeType):
        return (value.co_code, _stable(value.co_consts), value.co_names)
    if isinstance(value, tuple):
        return tuple(_stable(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return ("set", sorted(repr(_stable(v)) for v in value))
    return value


@lru_cache(maxsize=1)
def code_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Kind, folded code point and single-unit hash of every BMP code point, derived once per
    install (core.engine.derived: a Python call per code point) and read once per process
    (the hash table saves hashing each CJK character of every text again)."""
    tables = derived("code-tables", _tables_source(), _derive_tables)
    return tables["kind"], tables["fold"], _single_hashes(tables["fold"])


def _single_hashes(folded: np.ndarray) -> np.ndarray:
    """The hash of a single-character unit from its folded code point."""
    return mix64(folded.astype(np.uint64) | _SINGLE_TAG)


def _single_hash_of(ch: str) -> int:
    return int(_single_hashes(np.array([_fold_of(ch)], dtype=np.uint32))[0])


def code_points(text: str) -> np.ndarray:
    """The text as an array of code points (uint32), one per Python character."""
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype="<u4")


def units(text: str) -> Units:
    """Split `text` into units; spans are half-open code-point offsets into `text`."""
    kind_table, fold_table, single_table = code_tables()
    cps = code_points(text)
    n = len(cps)
    if n == 0:
        empty = np.zeros(0, dtype=np.int32)
        return Units(empty, empty, np.zeros(0, dtype=np.uint64), np.zeros(0, dtype=bool))
    astral = bool(cps.max() >= 0x10000)  # once per text: without, plain table lookups
    kind = _per_code_point(kind_table, cps, _kind_of, astral)
    word = kind == WORD
    # word boundaries alternate start, end: where `word` changes, with False on either side
    change = np.empty(n + 1, dtype=bool)
    change[0], change[n] = word[0], word[-1]
    np.not_equal(word[1:], word[:-1], out=change[1:n])
    edges = np.flatnonzero(change)
    word_starts, word_ends = edges[0::2], edges[1::2]
    first = kind == SINGLE
    first[word_starts] = True  # a unit starts at every single character and every word start
    starts = np.flatnonzero(first)
    is_single = kind[starts] == SINGLE
    word_units = np.flatnonzero(~is_single)
    ends = starts + 1
    ends[word_units] = word_ends
    # every unit hashed as a single character, then the words overwritten: cheaper than masks
    hashes = _per_code_point(single_table, cps[starts], _single_hash_of, astral)
    if len(word_starts):
        # position-independent polynomial hash of each word, over the word characters alone:
        # sum fold[j] * B^(j - start)
        lengths = word_ends - word_starts
        folded = _per_code_point(fold_table, cps[word], _fold_of, astral).astype(np.uint64)
        fwd, inv = powers(_WORD_BASE, len(folded) + 1)
        prefix = np.empty(len(folded) + 1, dtype=np.uint64)
        prefix[0] = 0
        np.cumsum(folded * fwd[: len(folded)], out=prefix[1:])
        offsets = np.cumsum(lengths) - lengths
        poly = (prefix[offsets + lengths] - prefix[offsets]) * inv[offsets]
        poly += lengths.astype(np.uint64)
        hashes[word_units] = mix64(poly, in_place=True)
    return Units(starts.astype(np.int32), ends.astype(np.int32), hashes, is_single)


def _per_code_point(table: np.ndarray, cps: np.ndarray, of_char, astral: bool) -> np.ndarray:
    """table[cp] for each code point of the BMP; of_char(chr(cp)) for those beyond the table
    (only looked for when `astral`: the text has some)."""
    if not astral or not len(cps) or cps.max() < 0x10000:
        return table[cps]
    out = table[np.where(cps < 0x10000, cps, 0)]
    beyond = np.flatnonzero(cps >= 0x10000)
    out[beyond] = [of_char(chr(cp)) for cp in cps[beyond].tolist()]
    return out


def unit_texts(text: str, u: Units) -> list[str]:
    """The folded text of each unit (for tests and keyword extraction)."""
    return [fold_text(text[s:e]) for s, e in zip(u.starts.tolist(), u.ends.tolist())]


def fold_text(s: str) -> str:
    """Fold a string the way units are folded (full-width to half-width, case-folded)."""
    _, fold, _ = code_tables()
    return "".join(chr(fold[ord(c)]) if ord(c) < 0x10000 and fold[ord(c)] else
                   (chr(_fold_of(c)) if ord(c) >= 0x10000 else c) for c in s)


def unit_batches(texts: list[str]) -> Iterator[tuple[Units, np.ndarray]]:
    """The units of consecutive batches of texts, one numpy pass per batch: (the batch's units
    laid end to end, each with its span in its own text; where each text's units start, plus
    the end). Per text, numpy's per-call cost would dominate a short essay."""
    for group in batches([len(t) for t in texts]):
        # a newline is no unit and ends any word, so no unit spans two texts
        joined = units("\n".join(texts[i] for i in group))
        bases = np.cumsum([0] + [len(texts[i]) + 1 for i in group[:-1]], dtype=np.int64)
        offsets = np.concatenate((np.searchsorted(joined.starts, bases), [len(joined)]))
        starts, ends = joined.starts.copy(), joined.ends.copy()
        for base, a, b in zip(bases.tolist(), offsets[:-1].tolist(), offsets[1:].tolist()):
            starts[a:b] -= base  # spans in each text's own characters
            ends[a:b] -= base
        yield Units(starts, ends, joined.hashes, joined.single), offsets


def split_units(joined: Units, offsets: np.ndarray) -> list[Units]:
    """The units of each text of a batch (views into the batch's arrays)."""
    bounds = offsets.tolist()
    return [Units(joined.starts[a:b], joined.ends[a:b], joined.hashes[a:b], joined.single[a:b])
            for a, b in itertools.pairwise(bounds)]
