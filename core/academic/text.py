"""Text helpers the academic analysis shares: counting characters and units, lines, sentences."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator

import numpy as np

from core.engine.normalize import code_points

_STRIPPED = [c for c in range(0x3001) if chr(c).isspace()]  # what str.strip() removes (none above)
_SPACE_CODES = np.array(_STRIPPED + [0xFEFF], dtype=np.uint32)
_SOLID = np.ones(0x110000, dtype=bool)  # by code point: not white space
_SOLID[_SPACE_CODES] = False
_CJK = r"\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
CJK_CHAR = re.compile(f"[{_CJK}]")
_CJK_RANGES = ((0x3040, 0x30FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0x20000, 0x3134F))
WORD = re.compile(rf"[^\W_{_CJK}]+")
# where a sentence ends: CJK terminators, or . ! ? followed by a space, a closing mark or the end
_SENTENCE_END = re.compile(r"[。！？；!?;]+[”’」』\"')）]*|\.(?=[\s”’\"')）]|$)[”’\"')）]*|\n")
_ABBREVIATION = re.compile(r"(?:\b[A-Z]|\bal|\be\.g|\bi\.e|\bcf|\bvs|\betc|\bpp?|\bvol|\bno|\bed|\beds"
                           r"|\bDr|\bMr|\bMrs|\bMs|\bProf|\bSt|\bch|\bchap|\bfig|\bpara)$", re.IGNORECASE)


class Counter:
    """Counts the non-white-space characters of any span of one text in O(1)."""

    WINDOW = 64  # characters `at_least` reads at a span's start before making the prefix counts

    def __init__(self, text: str):
        self.text = text
        self._cjk = None  # prefix counts for `units`, made on first use
        self._window_failed = False  # `at_least` read a span's start and could not tell
        # 32-bit counts (a text is far shorter than 2**31 characters): a check keeps one per
        # document analysed, and half the bytes is half the memory of its last stages
        self.prefix = np.zeros(len(text) + 1, dtype=np.int32)
        np.cumsum(_SOLID.take(code_points(text)), dtype=np.int32, out=self.prefix[1:])

    def __call__(self, start: int, end: int) -> int:
        last = len(self.prefix) - 1  # spans of a report read back without its text may lie beyond it
        start, end = min(max(start, 0), last), min(max(end, 0), last)
        if end <= start:
            return 0
        return int(self.prefix[end] - self.prefix[start])

    def units(self, start: int, end: int) -> tuple[int, int]:
        """(CJK characters, words) of text[start:end] in O(1): what `units_in` and
        `mostly_cjk` count on that slice (a word cut by the slice's edge counts, as there)."""
        if self._cjk is None:
            self._measure()
        last = len(self.prefix) - 1
        start, end = min(max(start, 0), last), min(max(end, 0), last)
        if end <= start:
            return 0, 0
        cjk = int(self._cjk[end] - self._cjk[start])
        words = int(self._runs[end] - self._runs[start + 1]) + int(self._in_word[start])
        return cjk, words

    def at_least(self, start: int, end: int, cjk: int, units: int, seen: dict | None = None) -> bool:
        """Whether text[start:end] holds at least `cjk` CJK characters and at least `units` units.

        Until `units` has made its prefix counts, the span's first `WINDOW` characters are read
        first: their counts never exceed the span's (a word the window's end cuts is one word of
        the span too), so reaching both there answers True, and only a span that does not makes
        the prefix counts (a near copy's passages are long: a few dozen characters tell).
        `seen`: what windows read before told, by their text and the two thresholds (the window
        is all that answer reads), shared by the counters of texts that start passages alike."""
        last = len(self.text)
        start, end = min(max(start, 0), last), min(max(end, 0), last)  # as `units` reads a span
        if end <= start:
            return cjk <= 0 and units <= 0
        if self._cjk is None and not self._window_failed:
            window = self.text[start:min(end, start + self.WINDOW)]
            both = None if seen is None else seen.get((window, cjk, units))
            if both is None:
                kinds = _kinds(code_points(window))
                found = int(np.count_nonzero(kinds & _CJK_BIT))
                word = (kinds & _WORD_BIT) != 0
                words = int(word[0]) + int(np.count_nonzero(word[1:] & ~word[:-1]))
                both = found >= cjk and found + words >= units
                if seen is not None:
                    seen[window, cjk, units] = both
            if both:
                return True
            self._window_failed = True  # this text's spans are read from the prefix counts from now on
        found, words = self.units(start, end)
        return found >= cjk and found + words >= units

    def _measure(self) -> None:
        text = self.text
        n = len(text)
        kinds = _kinds(code_points(text))
        cjk = (kinds & _CJK_BIT) != 0  # the ranges of CJK_CHAR
        in_word = np.zeros(n + 1, dtype=bool)
        in_word[:n] = (kinds & _WORD_BIT) != 0  # WORD's matches are the runs of its characters
        starts = in_word[:n].copy()
        starts[1:] &= ~in_word[:n - 1]
        self._cjk = np.zeros(n + 1, dtype=np.int32)
        np.cumsum(cjk, dtype=np.int32, out=self._cjk[1:])
        self._runs = np.zeros(n + 1, dtype=np.int32)  # run starts before i
        np.cumsum(starts, dtype=np.int32, out=self._runs[1:])
        self._in_word = in_word

    def union(self, spans: list[tuple[int, int]]) -> int:
        """Non-white-space characters inside the union of the spans."""
        return sum(self(s, e) for s, e in merge(spans))


# by code point: a character of WORD, of CJK_CHAR (never of WORD), and whether WORD was asked yet
_WORD_BIT, _CJK_BIT, _ASKED = 1, 2, 4
_KIND = np.zeros(0x110000, dtype=np.uint8)
for _lo, _hi in _CJK_RANGES:
    _KIND[_lo:_hi + 1] = _CJK_BIT | _ASKED


def _kinds(cps: np.ndarray) -> np.ndarray:
    """The `_KIND` bits of each code point (each distinct one not seen before asked of WORD once)."""
    found = _KIND.take(cps)
    unknown = (found & _ASKED) == 0
    if unknown.any():
        new = np.unique(cps[unknown])
        _KIND[new] = [_ASKED | (WORD.fullmatch(chr(c)) is not None) for c in new.tolist()]
        found = _KIND.take(cps)
    return found


def merge(spans) -> list[tuple[int, int]]:
    """The union of half-open spans as sorted, disjoint spans."""
    out: list[tuple[int, int]] = []
    for s, e in sorted((int(s), int(e)) for s, e in spans if e > s):
        if out and s <= out[-1][1]:
            if e > out[-1][1]:
                out[-1] = (out[-1][0], e)
        else:
            out.append((s, e))
    return out


def overlap(spans: list[tuple[int, int]], start: int, end: int, count: Counter) -> int:
    """Non-white-space characters of [start, end) inside the (disjoint, sorted) spans."""
    return sum(count(max(s, start), min(e, end)) for s, e in spans if s < end and e > start)


def units_in(text: str) -> int:
    """Units as the engine counts them: each CJK character, each word or number."""
    cjk, words = units_by_kind(text)
    return cjk + words


def mostly_cjk(text: str) -> bool:
    """True when CJK characters are at least half of the units."""
    cjk = len(CJK_CHAR.findall(text))
    return cjk > 0 and units_mostly_cjk(cjk, len(WORD.findall(text)))


def units_by_kind(text: str) -> tuple[int, int]:
    """(CJK characters, words and numbers) of a text: `units_in` by kind, each read once."""
    return len(CJK_CHAR.findall(text)), len(WORD.findall(text))


def units_mostly_cjk(cjk: int, words: int) -> bool:
    """`mostly_cjk` of a text holding these units (`units_by_kind`)."""
    return cjk > 0 and 2 * cjk >= cjk + words


def lines(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) of every line, without its line break (\\r\\n, \\n or \\r)."""
    at = 0
    for m in re.finditer(r"\r\n|\n|\r", text):
        yield at, m.start()
        at = m.end()
    yield at, len(text)


def sentence_ends(text: str, protected: list[tuple[int, int]] = (), start: int = 0,
                  stop: int | None = None) -> list[int]:
    """Sorted offsets where a sentence ends (exclusive), never inside a `protected` span
    (citations such as "Smith et al. (2020, p. 5)") nor after an abbreviation; the text's end
    is the last. With `stop`, only the ends of the sentence marks found from `start` (0, or
    just after a line break: every line break is a mark of its own, so the marks after it are
    those found from the text's start) that begin before `stop`, without the text's end."""
    ends = []
    guard = merge(protected)
    guard_starts = [s for s, _ in guard]
    for m in _SENTENCE_END.finditer(text, start):
        if stop is not None and m.start() >= stop:
            break
        if m.group().startswith(".") and _ABBREVIATION.search(text, max(0, m.start() - 6), m.start()):
            continue
        at = bisect_right(guard_starts, m.start()) - 1  # the last guard starting at or before it
        if at >= 0 and m.start() < guard[at][1]:
            continue
        ends.append(m.end())
    if stop is None and (not ends or ends[-1] != len(text)):
        ends.append(len(text))
    return ends
