"""Chinese word segmentation (jieba's, via rjieba), loaded lazily once per process."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable, Sequence
from itertools import chain, compress, count

import numpy as np

from core.engine.lexicon import en_lexicon, zh_lexicon
from core.engine.normalize import code_tables

_HAN_RUN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]+")

#: A Han run at least this long is segmented once per process and its words remembered: a
#: class of near copies made of long unpunctuated runs (one body behind many files, each with
#: a line of its own) then segments each body once. Real prose has almost no run this long, so
#: it pays nothing for the memory.
LONG_RUN = 32
#: A line at least this long that the texts profiled together hold more than once
#: (`shared_lines`) is segmented once per process and its words remembered: a near copy then
#: segments only its own lines. A shorter line costs about what looking it up would.
SHARED_LINE = 16
#: The characters of long runs and shared lines remembered before the memory starts afresh (it
#: holds about two bytes a character for the text and its words, four beyond the Basic
#: Multilingual Plane).
REMEMBERED_CHARS = 4_000_000


class Remembered:
    """The words of two or more characters of a long run or shared line, remembered once per
    process (" "-joined, about two bytes a character), with their ids in the lexicon that last
    looked them up (`looked`: that lexicon's `epoch` and the ids), so that the words a line
    several texts hold are looked up once too (core.engine.simhash)."""

    __slots__ = ("joined", "looked")

    def __init__(self, words: list[str]):
        self.joined = " ".join(words)  # a Han run's words hold no space
        self.looked: tuple[object, np.ndarray] | None = None

    def words(self) -> list[str]:
        return self.joined.split(" ") if self.joined else []


#: What `content_pieces` gives a text's words in: words segmented now, or a remembered line's or run's.
Piece = list[str] | Remembered

_remembered: dict[str, Remembered] = {}  # a long run or shared line: its words
_held = [0]  # characters of the runs and lines in _remembered


def han_words(text: str) -> list[str]:
    """jieba's words (precise mode, no HMM) of the Chinese runs of `text`; Latin text never
    reaches the segmenter.

    Segmented by rjieba (jieba-rs: jieba's dictionary and algorithm in Rust), much faster than
    jieba itself and word-for-word the same on real text (tests/core/test_segment.py); the two
    differ only in how they break exact ties such as 人人人. HMM is off: new-word discovery
    adds nothing to a fingerprint and costs a third of the time.
    """
    runs = _HAN_RUN.findall(text)
    if not runs:
        return []
    import rjieba

    return rjieba.cut("\n".join(runs), hmm=False)


def import_for(texts) -> None:
    """Import the segmenter on this thread when any of `texts` has a Han run, before a helper
    thread segments them: a Ctrl-C that lands in an import on this thread can leave Python's
    import lock held, and a helper that imports then waits forever, and so does the join that
    ends it. (Imported lazily: its import builds jieba's dictionary.)"""
    if "rjieba" not in sys.modules and any(not t.isascii() and _HAN_RUN.search(t) for t in texts):
        import rjieba  # noqa: F401 (imported here, so that the helper thread never imports)


def shared_lines(texts: Iterable[str]) -> list[tuple[int, ...]]:
    """For each text, the numbers of its lines ("\\n"-separated, `SHARED_LINE` characters or
    more) that the texts hold more than once, in two of them or twice in one: the lines whose
    words `content_words` remembers. Lines are told apart by their hash alone, so only ints are
    kept (one sort finds the repeats); a line taken for a repeat by a collision is remembered
    for nothing, never given another line's words (the memory is keyed by the line itself)."""
    # -1 is no str's hash (CPython never returns it), so it marks the short lines
    hashed = [[hash(line) if len(line) >= SHARED_LINE else -1 for line in text.split("\n")] for text in texts]
    every, times = np.unique(np.fromiter(chain.from_iterable(hashed), np.int64), return_counts=True)
    repeated = set(every[times > 1].tolist())
    repeated.discard(-1)
    return [tuple(compress(count(), map(repeated.__contains__, text))) if not repeated.isdisjoint(text) else ()
            for text in hashed]


def content_words(text: str, shared: Sequence[int] = ()) -> list[str]:
    """`han_words` of two or more characters (the only ones weighed): `content_pieces`' words
    in order."""
    return words_of(content_pieces(text, shared))


def words_of(pieces: Sequence[Piece]) -> list[str]:
    """The words of `content_pieces`, in order."""
    return [w for p in pieces for w in (p.words() if isinstance(p, Remembered) else p)]


def content_pieces(text: str, shared: Sequence[int] = ()) -> list[Piece]:
    """`han_words` of two or more characters in order, a piece at a time: each long run's
    (`LONG_RUN`) and each of the `shared` lines' (numbers of lines, ascending, as
    `shared_lines` gives them) remembered where this process has segmented it before
    (`Remembered`), the words between them segmented now (lists).

    Exact: jieba cuts its input into blocks at every character outside its Han and
    alphanumeric pattern (the "\\n" joining the runs is one) and segments each block on its
    own, so a run's words are the same wherever it stands, and a line, which holds whole runs,
    gives its runs' words. A run is never cut further: the best route through a block is a
    sum of logarithms whose ties fall by rounding, which depends on what follows in the block."""
    if shared:
        lines = text.split("\n")
        out: list[Piece] = []
        start = 0
        for at in shared:
            if start < at:
                out += content_pieces("\n".join(lines[start:at]))
            out.append(_remembered_words(lines[at], content_words))
            start = at + 1
        if start < len(lines):
            out += content_pieces("\n".join(lines[start:]))
        return out
    runs = _HAN_RUN.findall(text)
    if not runs:
        return []
    if max(map(len, runs)) < LONG_RUN:
        return [_weighed("\n".join(runs))]
    out = []
    start = 0
    for at, run in enumerate(runs):
        if len(run) >= LONG_RUN:
            if start < at:
                out.append(_weighed("\n".join(runs[start:at])))
            out.append(_remembered_words(run, _weighed))
            start = at + 1
    if start < len(runs):
        out.append(_weighed("\n".join(runs[start:])))
    return out


def _weighed(runs: str) -> list[str]:
    """jieba's words of two or more characters of Han runs joined by "\\n"."""
    import rjieba

    return [w for w in rjieba.cut(runs, hmm=False) if len(w) > 1]


def _remembered_words(piece: str, segmenter: Callable[[str], list[str]]) -> Remembered:
    """The words of two or more characters of a long Han run or a shared line (`segmenter`'s),
    remembered."""
    known = _remembered.get(piece)
    if known is not None:
        return known
    known = Remembered(segmenter(piece))
    if _held[0] + len(piece) > REMEMBERED_CHARS:
        forget_remembered()
    _remembered[piece] = known
    _held[0] += len(piece)
    return known


def forget_remembered() -> None:
    """Let go of the long runs' and shared lines' remembered words (a check's profile stage
    does when it ends, so that they do not add to the stages after it)."""
    _remembered.clear()
    _held[0] = 0


def warm_up() -> None:
    """Load the segmenter's dictionary, the IDF tables and the code-point tables now (once per
    process).

    The desktop app calls this on a thread at start-up, so that the first check does not:
    rjieba builds its dictionary holding the GIL, which would freeze the window.
    """
    han_words("预热")
    code_tables()
    zh_lexicon()
    en_lexicon()
