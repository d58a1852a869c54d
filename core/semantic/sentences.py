"""Sentences of a Chinese or English text, each with its exact span, and which ones are minor.

Blocks first: a blank line, a heading (`#` or a short line without final punctuation), or a
list item ends one; a single line break inside a paragraph (hard-wrapped text, PDF lines)
does not. Inside a block a sentence ends at 。！？!?… (and closing quotes or brackets after
them) or at a period followed by a space, unless the period ends an abbreviation or an
initial. Over-long sentences are cut at clause punctuation so that one vector never stands
for a whole page. Spans are half-open code-point offsets into the text, trimmed of white
space and of list markers.

A sentence is *minor* when it is short, a heading, a short list item (under twice the
length that makes a sentence) or a formula of politeness
(greetings, thanks, closings): such sentences may join a run of aligned sentences but never
make a finding alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from core.lazy import LazyPattern

VERSION = 2  # of the splitting rules: stored sentences made by other rules are made again
MAX_CHARS = 240  # longer sentences are cut at clause punctuation
MIN_WORDS = 4  # an English sentence with fewer words is minor
MIN_HAN = 6  # a Chinese sentence with fewer characters is minor
_HEADING_CHARS = {"en": 60, "zh": 24}

_HAN = r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
_HAN_RE = LazyPattern(f"[{_HAN}]")
_WORD_RE = LazyPattern(r"[^\W_]+(?:['’][^\W_]+)*")
_LIST_MARKER = LazyPattern(r"[ \t\u3000]*(?:[*+\-•·◦▪‣]|\d{1,3}[.)、]|[(（]\d{1,3}[)）]|[a-zA-Z][.)]"
                          r"|[一二三四五六七八九十]{1,3}[、.．])[ \t\u3000]+")
_MARKER_ONLY = LazyPattern(r"[ \t\u3000]*(?:#{1,6}|>+)[ \t\u3000]*")
_ENDS_SENTENCE = LazyPattern(r"[。！？!?…．.:：;；][\"'”’)）」』】\]]*\s*$")
# a sentence ends after these (and any closing quotes/brackets after them)
_STOP = LazyPattern(r"(?:[。！？!?]+|…+|\.{3,}|(?<=[^\s.])\.(?=[\"'”’)）」』】\]]*(?:\s|$)))"
                   r"[\"'”’)）」』】\]]*")
_CLAUSE = LazyPattern(r"[，,；;：:、]")
_HEADING_NUMBER = LazyPattern(r"[\s#*>]*\d{1,3}")
_LAST_WORD = LazyPattern(r"([^\W\d_]+(?:\.[^\W\d_]+)*)$")
_ABBREVIATIONS = frozenset(
    ["mr", "mrs", "ms", "dr", "prof", "st", "jr", "sr", "vs", "etc", "e.g", "i.e", "cf", "fig", "no", "vol", "pp", "ch", "ed", "eds", "al", "approx", "dept", "inc", "ltd", "co", "corp", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "u.s", "u.k"])
_FORMULAS = LazyPattern(
    r"^(?:dear\b|hi\b|hello\b|hey\b|greetings\b|good (?:morning|afternoon|evening)\b|"
    r"thanks?\b|thank you\b|many thanks\b|best\b|(?:kind |best |warm )?regards\b|sincerely\b|"
    r"yours\b|cheers\b|respectfully\b|abstract\b|introduction\b|conclusions?\b|references\b|"
    r"尊敬的|亲爱的|您好|你好|大家好|谢谢|感谢|此致|敬礼|致谢|摘要|引言|结论|参考文献|关键词)",
    re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Sentences:
    """The sentences of one text: spans (code points), units (words or Han characters) and
    whether each is minor."""

    starts: np.ndarray  # int64
    ends: np.ndarray  # int64
    units: np.ndarray  # int32
    minor: np.ndarray  # bool

    def __len__(self) -> int:
        return len(self.starts)

    def texts(self, text: str) -> list[str]:
        return [text[s:e] for s, e in zip(self.starts.tolist(), self.ends.tolist())]


def count_units(piece: str) -> tuple[int, int]:
    """(Han characters, other words) in a piece of text."""
    han = len(_HAN_RE.findall(piece))
    words = len(_WORD_RE.findall(_HAN_RE.sub(" ", piece)))
    return han, words


def _blocks(text: str) -> list[tuple[int, int, bool]]:
    """(start, end, is_item) of each paragraph, heading or list item."""
    out: list[tuple[int, int, bool]] = []
    start, item = None, False
    pos = 0
    lines = text.splitlines(keepends=True)
    for n, line in enumerate(lines):
        body = line.rstrip("\r\n\u2028\u2029\x0b\x0c\x1c\x1d\x1e\x85")
        line_start, pos = pos, pos + len(line)
        stripped = body.strip()
        if not stripped:
            if start is not None:
                out.append((start, line_start, item))
            start = None
            continue
        marker = _LIST_MARKER.match(body)
        heading = body.lstrip().startswith("#")
        if marker or heading:
            if start is not None:
                out.append((start, line_start, item))
            start, item = line_start, bool(marker)
        elif start is None:
            start, item = line_start, False
        # a line of its own: a heading, or a short line with no final punctuation
        han, words = count_units(stripped)
        short = len(stripped) <= _HEADING_CHARS["zh" if han > words else "en"]
        nxt = lines[n + 1].strip() if n + 1 < len(lines) else ""
        if heading or (short and not _ENDS_SENTENCE.search(stripped) and nxt
                       and not nxt[0].islower() and not marker and start == line_start):
            out.append((start, line_start + len(body), item))
            start = None
    if start is not None:
        out.append((start, len(text), item))
    return out


def _abbreviation(block: str, dot: int) -> bool:
    """Whether the period at `dot` ends an abbreviation or an initial, not a sentence."""
    if dot <= 16 and _HEADING_NUMBER.fullmatch(block[:dot]):
        return True  # the number of a numbered heading: "### 1. Correction"
    m = _LAST_WORD.search(block[max(0, dot - 40):dot])
    if not m:
        return False
    word = m.group(1)
    if len(word) == 1 and word.isupper():
        return True  # an initial: "John S. Wolf"
    if "." in word and all(len(part) <= 2 for part in word.split(".")):
        return True  # a dotted acronym: "T.V.", "U.S.A."
    return word.lower() in _ABBREVIATIONS


def _cut_long(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Cut [start, end) at clause punctuation into pieces of at most about MAX_CHARS."""
    if end - start <= MAX_CHARS:
        return [(start, end)]
    pieces, begin = [], start
    while end - begin > MAX_CHARS:
        if end - begin < MAX_CHARS * 4 // 3:  # two halves rather than a long piece and a scrap
            window = text[begin:begin + (end - begin) // 2 + MAX_CHARS // 6]
        else:
            window = text[begin:begin + MAX_CHARS]
        cuts = [m.end() for m in _CLAUSE.finditer(window) if m.end() >= MAX_CHARS // 3]
        if not cuts:
            spaces = [m.end() for m in re.finditer(r"\s+", window) if m.end() >= MAX_CHARS // 3]
            cuts = spaces or [len(window)]
        pieces.append((begin, begin + cuts[-1]))
        begin += cuts[-1]
    pieces.append((begin, end))
    return pieces


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def split(text: str) -> Sentences:
    """The sentences of `text` with exact spans (see the module docstring)."""
    starts: list[int] = []
    ends: list[int] = []
    units: list[int] = []
    minor: list[bool] = []
    for b_start, b_end, item in _blocks(text):
        block = text[b_start:b_end]
        head = _LIST_MARKER.match(block) or _MARKER_ONLY.match(block)
        offset = head.end() if head else 0
        heading = block.lstrip().startswith("#")
        # a short line of its own without final punctuation: a title, a caption, a link
        lone_line = ("\n" not in block.strip() and len(block.strip()) <= 2 * _HEADING_CHARS["en"]
                     and not _ENDS_SENTENCE.search(block.strip()))
        begin = offset
        cuts = []
        for m in _STOP.finditer(block, offset):
            if block[m.start()] == "." and m.end() - m.start() == 1 and _abbreviation(block, m.start()):
                continue
            cuts.append(m.end())
        cuts.append(len(block))
        for cut in cuts:
            if cut <= begin:
                continue
            s, e = _trim(text, b_start + begin, b_start + cut)
            begin = cut
            for ps, pe in _cut_long(text, s, e):
                ps, pe = _trim(text, ps, pe)
                piece = text[ps:pe]
                han, words = count_units(piece)
                if han + words == 0:
                    continue
                short = han < MIN_HAN if han > words else han + words < MIN_WORDS
                # a list item is minor unless it is a sentence of some length (a point of a
                # summary, "2. False positive matches may be returned ...")
                brief = han < 2 * MIN_HAN if han > words else han + words < 2 * MIN_WORDS
                starts.append(ps)
                ends.append(pe)
                units.append(han + words)
                minor.append(bool(short or (item and brief) or heading or lone_line
                                  or _FORMULAS.match(piece.lstrip("\"'“‘(（【[ "))))
    return Sentences(np.array(starts, dtype=np.int64), np.array(ends, dtype=np.int64),
                     np.array(units, dtype=np.int32), np.array(minor, dtype=bool))
