"""Attribution in a document's own text: quotations, citation markers, reference sections,
headings; and the class of a matched passage (one of `core.models.ATTRIBUTIONS`).

Everything is found with exact half-open code-point spans into `Document.text`. The rules
(docs/academic.md states them for users):

- A *quotation* is text between paired quotation marks (“…” ‘…’ 「…」 『…』 "…" '…') within
  one paragraph, or a set-off block quote (a docx paragraph styled or indented as a quote;
  in plain text a blank-line separated paragraph indented deeper than the body). Quoted
  text shorter than `QUOTE_MIN_CJK` CJK characters / `QUOTE_MIN_WORDS` words is emphasis
  (“内卷”, "so-called"), not a quotation.
- A *citation marker* is [1], [1-3], [1,4], a superscript number, (Author, 2020),
  (Author 2020, p. 5), Author (2020), 作者（2020）, 作者等（2020）, （作者，2020） or 据……统计.
- A *reference section* starts at a heading 参考文献 / 引用文献 / References / Bibliography /
  Works Cited (…) and runs to the next heading, or to the first paragraph after it that
  does not look like a reference entry, or to the end of the document.
- A citation *belongs* to a quotation when a trailing marker ([1], superscript, (Author,
  2020)) follows the closing mark with nothing but punctuation and spaces (at most
  `ADJACENT` characters) between them, when it stands before
  the opening mark in the same sentence (Smith (2020) writes: "…"), or, for a block quote,
  when it is inside the block or ends the sentence introducing it. A citation belongs to a
  passage when it lies in a sentence the passage touches (from the start of the sentence
  where the passage begins to the end of the sentence where it ends, and a marker right
  after that sentence's final punctuation: "…。[1]"), or belongs to a quotation that makes the
  passage quoted. A citation anywhere else (two sentences after the quote) does not count.
- A passage side is `references` when at least half of its characters lie in a reference
  section; else `quoted` when at least half lie in quotations; `cited` when a citation
  belongs to it; `quoted_cited` when both. Characters are non-white-space code points.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import accumulate

from core.academic.text import (
    Counter,
    lines,
    merge,
    overlap,
    sentence_ends,
    units_by_kind,
    units_mostly_cjk,
)
from core.models import Document, Layout, Span

QUOTE_MIN_CJK = 8  # CJK characters: “双减” or “躺平” are terms, not quotations
QUOTE_MIN_WORDS = 5  # words: "so-called" or "free market" are emphasis
ADJACENT = 3  # characters of punctuation or space between a closing mark and its citation
BEFORE = 80  # characters: how far before an opening mark a narrative citation may stand
MAJORITY = 0.5  # share of a passage's characters that makes it quoted or a reference
BLOCK_MAX = 1200  # characters: a longer indented paragraph is layout, not a block quote
PART_CJK, PART_WORDS = 13, 6  # a paragraph part that counts (min_match_chars / min_match_words)
_CREDITED = ("cited", "quoted_cited")  # the classes a citation gives
_HEADING_MAX = 40  # characters of a heading line

_OPEN = {"“": "”", "‘": "’", "「": "」", "『": "』", "﹁": "﹂", "﹃": "﹄"}
_CLOSE = {v: k for k, v in _OPEN.items()}
_MARK = re.compile("[" + re.escape("\"'’" + "".join(_OPEN) + "".join(_CLOSE)) + "]")

_YEAR = r"(?:1[5-9]\d\d|20\d\d)[a-z]?"
_NAME = r"(?:(?:van|von|de|der|da|le|la|Mc|Mac|O')\s?)?[A-Z][A-Za-z'’\-]+"
_AUTHORS = rf"{_NAME}(?:(?:,\s*|\s+)(?:and|&)\s+{_NAME}|,\s*{_NAME})*(?:\s+et\s+al\.?)?"
_LOCATOR = r"(?:[,，]\s*(?:pp?|para|chap|ch)\.?\s*\d+(?:\s*[-–]\s*\d+)?)"
_ZH_NAME = r"[\u4e00-\u9fff·]{1,4}"
_ZH_LOCATOR = r"(?:[,，:：]\s*(?:第\s*\d+(?:\s*[-–—~～]\s*\d+)?\s*页|pp?\.?\s*\d+(?:\s*[-–]\s*\d+)?))"
_ONE = rf"(?:{_AUTHORS}|{_ZH_NAME}(?:等人?)?)[,，]?\s*{_YEAR}(?:[,，]\s*{_YEAR})*(?:{_LOCATOR}|{_ZH_LOCATOR})?"
# a Chinese narrative marker: at most _ZH_NAMED characters (a name of four and 和 or 、 and another)
# before the white space ahead of its bracketed year
_ZH_NARRATIVE = re.compile(rf"{_ZH_NAME}(?:等人?|和{_ZH_NAME}|、{_ZH_NAME})?\s*[（(]\s*{_YEAR}(?:{_ZH_LOCATOR})?\s*[）)]")
_ZH_NAMED = 9
CITATION_PATTERNS = (
    ("numeric", re.compile(r"[\[［【]\s*\d{1,3}(?:\s*[-–—~～,，、]\s*\d{1,3})*\s*[\]］】]")),
    ("superscript", re.compile(r"[¹²³⁰⁴-⁹]+(?:[,⁻‒–][¹²³⁰⁴-⁹]+)*")),
    ("author_year", re.compile(rf"[(（](?:see\s+|e\.g\.,?\s*|cf\.\s*|参见|见)?{_ONE}(?:\s*[;；]\s*{_ONE})*\s*[)）]")),
    ("narrative", re.compile(rf"{_AUTHORS}\s*[(（]\s*{_YEAR}(?:{_LOCATOR})?\s*[)）]")),
    ("narrative", _ZH_NARRATIVE),
    ("according", re.compile(r"据[^，。！？；、,.!?;:：\n]{1,30}(?:统计|调查|报道|显示|记载|测算|介绍|披露|称)")),
)
_HELD = {"numeric": "[［【", "superscript": "¹²³⁰⁴⁵⁶⁷⁸⁹", "author_year": "(（", "narrative": "(（",
         "according": "据"}  # one of these is in every marker of the kind


def _holds(text: str, parts) -> bool:
    return any(c in text for c in parts)


# kinds whose every marker starts with one of its `_HELD` characters (and is never empty)
_LED = ("numeric", "superscript", "author_year")


def _places(text: str, chars: str) -> list[int]:
    """Where any of `chars` stands in `text`, ascending."""
    out = []
    for ch in chars:
        at = text.find(ch)
        while at >= 0:
            out.append(at)
            at = text.find(ch, at + 1)
    out.sort()
    return out


def _named_before(text: str, years: list[int]) -> list[int]:
    """Where a Chinese narrative marker may start, given where its "(2020" may (`years`): its
    name part ends where the white space ahead of the bracket starts (`\\s` is `str.isspace`)."""
    out: set[int] = set()
    for at in years:
        while at > 0 and text[at - 1].isspace():
            at -= 1
        out.update(range(max(0, at - _ZH_NAMED), at))
    return sorted(out)


def _led(pattern: re.Pattern, text: str, places: list[int]):
    """The matches `pattern.finditer(text)` finds, for a pattern whose every match is non-empty
    and starts at one of `places` (ascending): tried there alone, each after the last match's
    end, as finditer goes on (a search tries every position, and a bracket is rare)."""
    end = 0
    for at in places:
        if at >= end:
            found = pattern.match(text, at)
            if found is not None:
                end = found.end()
                yield found


_DATED = re.compile(_YEAR)  # what every author-year and narrative marker holds
_YEAR_OPEN = re.compile(rf"[(（]\s*{_YEAR}")  # what every narrative marker holds
# markers that follow what they cite; a narrative one (Smith (2020) / 据……统计) opens its sentence
_TRAILING = ("numeric", "superscript", "author_year")
_FINAL = (".", "!", "?", '."', ".”", "。", "！", "？")  # sentence-final punctuation before a label
_SUPERSCRIPT_TEXT = re.compile(r"[\[\(]?\d{1,3}(?:\s*[-–,，]\s*\d{1,3})*[\]\)]?")

_REFERENCE_TITLES = re.compile(
    r"(参考文献|引用文献|参考资料|参考书目|references?|reference\s+list|bibliography|works\s+cited"
    r"|literature\s+cited|sources\s+cited)", re.IGNORECASE)
# every reference title holds one of these (of all characters, only r and R match "r" ignoring case)
_REFERENCE_HINTS = ("r", "R", "参考文献", "引用文献", "参考资料", "参考书目")
_NUMBERING = re.compile(
    r"^(?:#{1,6}\s*|第[一二三四五六七八九十百零〇\d]+[章节部分篇]\s*|[一二三四五六七八九十]+[、.．]\s*"
    r"|[（(][一二三四五六七八九十\d]+[）)]\s*|\d{1,2}(?:\.\d{1,2})*(?:[.、．]\s*|\s+)|[IVX]{1,5}\.\s+)")
_SECTION_NAMES = re.compile(
    r"(摘要|关键词|引言|前言|绪论|导论|正文|结论|结语|总结|致谢|附录|abstract|introduction|background"
    r"|literature\s+review|methods?|methodology|results?|discussion|conclusions?"
    r"|acknowledge?ments?|appendix)\s*[:：]?", re.IGNORECASE)
_PARAGRAPH_BREAK = re.compile(r"(?:\r\n|\n|\r)(?:[ \t\u3000]*(?:\r\n|\n|\r))+"
                              r"|(?<=[。．！？!?.」”’)）\]］】])[ \t\u3000]*(?:\r\n|\n|\r)")
_LINE_BREAK = re.compile(r"\r\n|\n|\r")
_TERMINAL = tuple("。．.，,；;！!？?、")
_ENTRY = re.compile(r"^\s*(?:[\[［]\d{1,3}[\]］]|\d{1,3}[.、．)]\s)|\[(?:[JMDCNRSPGAZ]|EB/OL|J/OL|M/OL)\]"
                    r"|\b(?:1[5-9]|20)\d\d[a-z]?\b|et al\.|\bpp?\.\s*\d|doi|https?://|ISBN")


@dataclass(frozen=True, slots=True)
class Quotation:
    """Quoted text: its span (marks included), how it is set off, and whether a citation belongs to it."""

    span: Span
    kind: str  # "marks" or "block"
    cited: bool
    emphasis: bool  # too short to be a quotation of a passage


@dataclass(frozen=True, slots=True)
class Citation:
    span: Span
    kind: str  # numeric, superscript, author_year, narrative, according


@dataclass(frozen=True, slots=True)
class Heading:
    span: Span  # the heading line, without its line break
    title: str  # stripped text


class Attribution:
    """What a document's own text shows about attribution, and the class of any span of it.

    Each part is found on first use: figures need only the counts and headings of most
    documents, a passage's class the rest, and only in the documents a passage touches."""

    def __init__(self, document: Document, known: dict[str, tuple] | None = None):
        self.text = document.text
        # quotation marks by a paragraph's text (spans from its start, emphasis; then those not
        # emphasis), shared by the analyses of one check: near copies repeat most of their paragraphs
        self._known = {} if known is None else known
        self._layout = document.layout or Layout()
        self._paragraph_break = "\n" if document.format == "docx" else "blank"
        self._cited: dict[tuple[int, int], bool] = {}
        self._sides: dict[tuple[int, int], str] = {}  # side_class by span (copies ask again)
        self._classes: dict[tuple[int, int], str] = {}  # _span_class by span
        self._breaks: dict[tuple[int, int], list[tuple[int, int]]] = {}  # credit_breaks by span
        self._marks: list | None = None  # marks by paragraph, from its start (`_marks_of`), None: unread
        self._ends: dict[int, list[int]] = {}  # sentence ends by line start

    @cached_property
    def count(self) -> Counter:
        return Counter(self.text)

    @property
    def reading(self) -> tuple:
        """What classing the spans of this text reads: two texts with equal `reading` class
        every span alike. White space after the last character is left out of a plain text's
        (no quotation, citation, reference or paragraph part holds it): all it can change is
        which paragraphs are block quotes (a blank line and an indentation at the end make a
        paragraph whose indentation counts), so the block quotes found are part of the key."""
        if self._layout != Layout():  # a file's layout spans may reach into that white space
            return (self._paragraph_break, self._layout, self.text)
        end = len(self.text.rstrip())
        return (self._paragraph_break, self.text[:end],
                tuple((s, min(e, end), emphasis) for s, e, _, emphasis in self._blocks))

    @cached_property
    def paragraph_breaks(self) -> list[tuple[int, int]]:
        """(end of a paragraph, start of the next) at every paragraph break: blank lines (a docx:
        every line break), and a single line break after a sentence's final punctuation or a
        citation marker (text that does not separate paragraphs with blank lines)."""
        pattern = _LINE_BREAK if self._paragraph_break == "\n" else _PARAGRAPH_BREAK
        out = []
        for found in pattern.finditer(self.text):
            end, start = found.start(), found.end()
            while end > 0 and self.text[end - 1] in " \t\u3000":
                end -= 1
            while start < len(self.text) and self.text[start] in " \t\u3000":
                start += 1
            if 0 < end < start < len(self.text):
                out.append((end, start))
        return out

    def breaks_in(self, start: int, end: int) -> list[tuple[int, int]]:
        """The paragraph breaks strictly inside [start, end)."""
        breaks = self.paragraph_breaks
        lo = bisect_right(breaks, (start, len(self.text)))
        return [b for b in breaks[lo:] if b[1] < end]

    @cached_property
    def headings(self) -> tuple[Heading, ...]:
        return tuple(find_headings(self.text, self._layout))

    @cached_property
    def citations(self) -> tuple[Citation, ...]:
        return tuple(c for c in find_citations(self.text, self._layout) if not self._leads_next(c))

    @cached_property
    def cite_starts(self) -> list[int]:
        return [c.span.start for c in self.citations]

    @cached_property
    def _paragraphs(self) -> tuple[list[tuple[int, int]], list[int], list[int]]:
        """The paragraphs quotation marks pair within, their starts and their ends."""
        found = paragraphs(self.text, self._paragraph_break)
        return found, [s for s, _ in found], [e for _, e in found]

    @cached_property
    def paragraphs_blank(self) -> list[tuple[int, int]]:
        """The text's blank-line separated paragraphs (`paragraphs`), whatever its format."""
        return self._paragraphs[0] if self._paragraph_break == "blank" else paragraphs(self.text)

    @cached_property
    def _blocks(self) -> list[tuple[int, int, str, bool]]:
        return [(s, e, "block", self._emphasis(s, e))
                for s, e in block_quotes(self.text, self._layout, self.paragraphs_blank)]

    def _marks_of(self, lo: int, hi: int) -> list[tuple[list[tuple[int, int, bool]], list[tuple[int, int]]]]:
        """For each paragraph lo..hi-1: (start, end, emphasis) of its paired marks, from its
        start, and (start, end) of those that are not emphasis: what the analyses share for its
        text, not to be changed. Each paragraph is read once; those read already are taken as a
        slice of the analysis's table (a near copy's passage touches every paragraph of it)."""
        read = self._marks
        if read is None:
            read = self._marks = [None] * len(self._paragraphs[0])
        found = read[lo:hi]
        if None in found:
            paras, text, known = self._paragraphs[0], self.text, self._known
            for n, k in enumerate(range(lo, hi)):
                if found[n] is None:
                    start, end = paras[k]
                    inner = text[start:end]  # all that pairing the marks and their emphasis read
                    got = known.get(inner)
                    if got is None:
                        marks = [(s - start, e - start, self._emphasis(s, e)) for s, e in _marks(text, start, end)]
                        got = known[inner] = (marks, [(s, e) for s, e, short in marks if not short])
                    found[n] = read[k] = got
        return found

    def _quotes_in(self, start: int, end: int, emphasis: bool = True) -> list[tuple[int, int, str, bool]]:
        """(start, end, kind, emphasis) of the quotations overlapping [start, end), in text order,
        without deciding which are cited (`emphasis` False: those too short left out): quotation
        marks pair within a paragraph, so only the paragraphs the span touches are read (those
        ending after its start and starting before its end), and a mark's place in the text is
        made only for a mark that overlaps (every mark of a paragraph inside the span does)."""
        paras, starts, stops = self._paragraphs
        found = [q for q in self._blocks if q[0] < end and q[1] > start and (emphasis or not q[3])]
        lo, hi = bisect_right(stops, start), bisect_left(starts, end)
        for (at, stop), marks in zip(paras[lo:hi], self._marks_of(lo, hi)):
            if emphasis:
                found.extend((at + s, at + e, "marks", short) for s, e, short in marks[0]
                             if at + s < end and at + e > start)
            elif marks[1]:
                if start <= at and stop <= end:
                    found.extend((at + s, at + e, "marks", False) for s, e in marks[1])
                else:
                    found.extend((at + s, at + e, "marks", False) for s, e in marks[1]
                                 if at + s < end and at + e > start)
        found.sort()
        return found

    @cached_property
    def _quotes(self) -> list[tuple[int, int, str, bool]]:
        """(start, end, kind, emphasis) of every quotation, without deciding which are cited."""
        return self._quotes_in(0, len(self.text))

    @cached_property
    def quotations(self) -> tuple[Quotation, ...]:
        return tuple(Quotation(Span(s, e), kind, self._is_cited(s, e, kind), emphasis)
                     for s, e, kind, emphasis in self._quotes)

    @cached_property
    def quoted_spans(self) -> list[tuple[int, int]]:
        return merge((s, e) for s, e, _, emphasis in self._quotes if not emphasis)

    @cached_property
    def references(self) -> tuple[Span, ...]:
        if not _holds(self.text, _REFERENCE_HINTS):
            return ()  # no reference heading without a reference title: its headings are not read
        return tuple(Span(s, e) for s, e in find_references(self.text, self.headings))

    @cached_property
    def reference_spans(self) -> list[tuple[int, int]]:
        return [(r.start, r.end) for r in self.references]

    def _is_cited(self, start: int, end: int, kind: str) -> bool:
        key = (start, end)
        if key not in self._cited:
            self._cited[key] = self._quote_cited(start, end, kind)
        return self._cited[key]

    # ---- citations belonging to quotations and passages

    def _emphasis(self, start: int, end: int) -> bool:
        cjk, words = units_by_kind(self.text[start:end])
        if units_mostly_cjk(cjk, words):
            return cjk < QUOTE_MIN_CJK
        return cjk + words < QUOTE_MIN_WORDS

    def _citations_in(self, start: int, end: int) -> list[Citation]:
        lo = bisect_left(self.cite_starts, start)
        hi = bisect_left(self.cite_starts, end)
        return list(self.citations[lo:hi])

    def _adjacent_after(self, end: int) -> bool:
        """A citation follows `end` with only punctuation or spaces (<= ADJACENT characters) between."""
        i = bisect_left(self.cite_starts, end)
        if i == len(self.cite_starts) or self.citations[i].kind not in _TRAILING:
            return False
        gap = self.text[end:self.cite_starts[i]]
        return len(gap) <= ADJACENT and not any(ch.isalnum() for ch in gap)

    def _leads_next(self, citation: Citation) -> bool:
        """A bracketed number at the start of a line, or after a sentence's final punctuation
        and a space, with words right after it ("... a SyntaxError. [4] For instance",
        "\n[4] Due to ...") labels what follows (a footnote, a list item): not a citation."""
        if citation.kind != "numeric":
            return False
        before = self.text[max(0, citation.span.start - 8):citation.span.start]
        head = before.rstrip(" \t\u3000")
        after = self.text[citation.span.end:citation.span.end + 2]
        if not (after[:1] == " " and after[1:2].isalpha()):
            return False
        return (not head and citation.span.start < 8) or head.endswith(("\n", "\r")) or (
            len(head) < len(before) and head.endswith(_FINAL))

    def _line_ends(self, at: int) -> list[int]:
        """The sentence ends (`sentence_ends`) of the line starting at `at`, its line break
        included: every line break is a sentence mark of its own, so the marks after it are
        found as they are from the start of the text."""
        found = self._ends.get(at)
        if found is None:
            stop = self.text.find("\n", at)
            stop = len(self.text) if stop < 0 else stop + 1
            found = self._ends[at] = sentence_ends(
                self.text, [(c.span.start, c.span.end) for c in self.citations], at, stop)
        return found

    def sentence_of(self, position: int) -> tuple[int, int]:
        """The sentence containing `position`: (start, end), from the last sentence end at or
        before it (or the text's start) to the first after it (or the text's end); only the
        lines around it are read."""
        n = len(self.text)
        if position >= n:
            return n, n
        start, end = 0, n
        at = line = self.text.rfind("\n", 0, position) + 1
        while True:
            ends = self._line_ends(line)
            i = bisect_right(ends, position)
            if i:
                start = ends[i - 1]
                break
            if line == 0:
                break
            line = self.text.rfind("\n", 0, line - 1) + 1
        line = at
        while True:
            ends = self._line_ends(line)
            i = bisect_right(ends, position)
            if i < len(ends):
                end = ends[i]
                break
            line = self.text.find("\n", line) + 1
            if line == 0:
                break
        return start, end

    def _quote_cited(self, start: int, end: int, kind: str) -> bool:
        if not self.citations:
            return False  # what follows only looks for citations (and would find sentence ends)
        if self._adjacent_after(end):
            return True
        sentence_start, _ = self.sentence_of(start)
        before = [c for c in self._citations_in(max(sentence_start, start - BEFORE), start)
                  if c.span.end <= start]
        if before:
            return True
        if kind == "block":
            if self._citations_in(start, end):
                return True
            # the sentence introducing the block: "Smith (2020) puts it this way:"
            intro = self.text[:start].rstrip()
            if intro.endswith((":", "：")):
                intro_start, _ = self.sentence_of(max(0, len(intro) - 1))
                if self._citations_in(intro_start, len(intro)):
                    return True
        return False

    def _cited_passage(self, start: int, end: int) -> bool:
        if not self.citations:
            return False  # as in _quote_cited
        first, _ = self.sentence_of(start)
        _, last = self.sentence_of(max(start, end - 1))
        if self._citations_in(first, last) or self._adjacent_after(last):
            return True
        # a marker right after the passage even when the engine's span stops before the period
        return self._adjacent_after(end)

    # ---- classes

    def side_class(self, span: Span) -> str:
        """The class of one side of a matched passage in this document (never `template`).

        A citation credits only the paragraph it is in: a side that would be cited but runs
        across a paragraph break, with a paragraph part that no citation credits (at least
        PART_CJK CJK characters or PART_WORDS words), takes that part's class. (The check cuts
        such a passage at `credit_breaks` first; this covers a passage that cannot be cut.)"""
        key = (span.start, span.end)
        found = self._sides.get(key)
        if found is None:
            found = self._sides[key] = self._side_class(span)
        return found

    def told_side_class(self, start: int, end: int, cls: str) -> None:
        """Keep `cls` as the `side_class` of the span [start, end), as another analysis of the
        same reading found it (in another process): the class reads nothing else."""
        self._sides.setdefault((start, end), cls)

    def _side_class(self, span: Span) -> str:
        cls = self._span_class(span.start, span.end)
        if cls not in _CREDITED:
            return cls
        for start, end, part in self._parts(span):
            if part is not None and part not in _CREDITED:
                return part
        return cls

    def credit_breaks(self, span: Span) -> list[tuple[int, int]]:
        """The paragraph breaks inside one side of a passage where a citation's credit stops:
        between a part a citation credits and a part none does, each at least PART_CJK CJK
        characters or PART_WORDS words (smaller parts go with the part before them). Empty
        unless the side would be cited as a whole, so text without citations is never cut.
        Found once per span: every pair with a copy of the other text asks again (the list is
        shared, not to be changed)."""
        key = (span.start, span.end)
        found = self._breaks.get(key)
        if found is None:
            found = self._breaks[key] = self._credit_breaks(span)
        return found

    def _credit_breaks(self, span: Span) -> list[tuple[int, int]]:
        if self._span_class(span.start, span.end) not in _CREDITED:
            return []
        out, credit, last = [], None, span.start  # credit of the last part that counts
        for start, end, part in self._parts(span):
            if part is not None:
                if credit is not None and credit != (part in _CREDITED):
                    out.append((last, start))
                credit = part in _CREDITED
            last = end
        return out

    def credited(self, start: int, end: int) -> bool:
        """Whether a citation credits the text [start, end) (its class is cited or quoted_cited)."""
        return self._span_class(start, end) in _CREDITED

    def credit_marks(self, start: int, end: int) -> list[Span]:
        """The spans of the citations in the sentences of [start, end) and of one right after it."""
        first, _ = self.sentence_of(start)
        _, last = self.sentence_of(max(start, end - 1))
        found = self._citations_in(first, last)
        i = bisect_left(self.cite_starts, max(end, last))
        if i < len(self.citations) and (self._adjacent_after(end) or self._adjacent_after(last)):
            found.append(self.citations[i])
        return [c.span for c in found]

    def _parts(self, span: Span) -> list[tuple[int, int, str | None]]:
        """(start, end, class) of the paragraph parts of a span; class None for a part too
        small to count."""
        out, at = [], span.start
        for end, start in self.breaks_in(span.start, span.end) + [(span.end, span.end)]:
            cjk, words = self.count.units(at, end)
            enough = cjk >= PART_CJK if cjk >= words else cjk + words >= PART_WORDS
            out.append((at, end, self._span_class(at, end) if enough else None))
            at = start
        return out

    def _span_class(self, start: int, end: int) -> str:
        key = (start, end)
        if key not in self._classes:
            self._classes[key] = self._classify(start, end)
        return self._classes[key]

    def _classify(self, start: int, end: int) -> str:
        total = self.count(start, end)
        if total == 0:
            return "unattributed"
        if overlap(self.reference_spans, start, end, self.count) >= MAJORITY * total:
            return "references"
        quotes = self._quotes_in(start, end, emphasis=False)
        quoted = overlap(merge((s, e) for s, e, _, _ in quotes), start, end, self.count) >= MAJORITY * total
        cited = self._cited_passage(start, end) or (quoted and any(
            self._is_cited(s, e, kind) for s, e, kind, _ in quotes))
        if quoted:
            return "quoted_cited" if cited else "quoted"
        return "cited" if cited else "unattributed"


def find_quotations(text: str, layout: Layout, paragraph_break: str = "blank") -> list[tuple[int, int, str]]:
    """(start, end, kind) of quoted text: paired marks within a paragraph, then block quotes."""
    found: list[tuple[int, int, str]] = []
    for p_start, p_end in paragraphs(text, paragraph_break):
        found.extend((s, e, "marks") for s, e in _marks(text, p_start, p_end))
    found.extend((s, e, "block") for s, e in block_quotes(text, layout))
    found.sort()
    return found


def block_quotes(text: str, layout: Layout, paras: list[tuple[int, int]] | None = None) -> list[tuple[int, int]]:
    """Set-off block quotes: the docx layout's and the plain text's indented blocks, merged
    (`paras`: the text's blank-line separated paragraphs, if at hand)."""
    return merge([(s.start, s.end) for s in layout.block_quotes] + list(_indented_blocks(text, paras)))


# by rule and by whether the text holds a \r: without one, no \r\n or \r can match and the same
# breaks are found by a pattern led by \n alone, which is searched for that one character
_PARAGRAPHS = {("\n", True): re.compile(r"(\r\n|\n|\r)"), ("\n", False): re.compile(r"(\n)"),
               ("blank", True): re.compile(r"((?:\r\n|\n|\r)(?:[ \t\u3000]*(?:\r\n|\n|\r))+)"),
               ("blank", False): re.compile(r"(\n(?:[ \t\u3000]*\n)+)")}


def paragraphs(text: str, paragraph_break: str = "blank") -> list[tuple[int, int]]:
    """Paragraph spans: separated by blank lines, or by every line break when `paragraph_break` is "\\n"."""
    rule = "\n" if paragraph_break == "\n" else "blank"
    parts = _PARAGRAPHS[rule, "\r" in text].split(text)  # paragraphs and breaks alternate
    offsets = list(accumulate(map(len, parts), initial=0))
    return [(s, e) for s, e in zip(offsets[0::2], offsets[1::2]) if e > s]


def _marks(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Spans of paired quotation marks inside [start, end); unpaired marks are ignored."""
    spans: list[tuple[int, int]] = []
    stack: list[tuple[str, int]] = []  # (closing mark expected, position of the opening)
    for found in _MARK.finditer(text, start, end):  # only the marks: a loop over every character
        i = found.start()                           # was a third of a 1,000-essay check
        ch = text[i]
        prev = text[i - 1] if i > start else " "
        nxt = text[i + 1] if i + 1 < end else " "
        if ch in ("’", "'") and prev.isalnum() and nxt.isalnum():
            continue  # an apostrophe: don't, students’s
        if ch == '"' or ch == "'":
            if stack and stack[-1][0] == ch and not prev.isspace():
                spans.append((stack.pop()[1], i + 1))
            elif not nxt.isspace() and (not prev.isalnum() or ch == '"'):
                stack.append((ch, i))
            continue
        if ch in _OPEN:
            stack.append((_OPEN[ch], i))
        elif ch in _CLOSE:
            for depth in range(len(stack) - 1, -1, -1):
                if stack[depth][0] == ch:
                    spans.append((stack[depth][1], i + 1))
                    del stack[depth:]
                    break
    return sorted(spans)


_INDENTED_LINE = re.compile("^[ \t\u3000]", re.MULTILINE)
_LEADING = re.compile("[ \t\u3000]*")


def _indent(line: str) -> int:
    width = 0
    for ch in line:
        if ch == " ":
            width += 1
        elif ch == "\t":
            width += 4
        elif ch == "\u3000":
            width += 2
        else:
            break
    return width


@lru_cache(maxsize=256)
def _lead_width(lead: str) -> int:
    """`_indent` of a paragraph's leading white space: a class's paragraphs share a few."""
    return _indent(lead)


def _indented_blocks(text: str, paras: list[tuple[int, int]] | None = None):
    """Plain-text block quotes: a blank-line separated paragraph of at most BLOCK_MAX
    characters whose every line is indented deeper than the body paragraphs' first lines."""
    if not _INDENTED_LINE.search(text):
        return  # a block quote's lines are all indented: a text without one has none
    paras = paragraphs(text) if paras is None else paras
    if len(paras) < 3:
        return
    leads = [_LEADING.match(text, s, e) for s, e in paras]
    indented = [m.end() for m in leads]  # where each first line's text starts
    firsts = [_lead_width(m.group()) for m in leads]
    body = sorted(firsts)[len(firsts) // 2]  # the median first-line indentation
    need = max(body + 2, 2)
    for (s, e), at, first in zip(paras, indented, firsts):
        if e - s > BLOCK_MAX:
            continue
        if first < need and at < e and not text[at].isspace():
            continue  # the first line has text after too small an indentation: not read further
        rows = (text[s + a:s + b] for a, b in lines(text[s:e]) if text[s + a:s + b].strip())
        first = next(rows, None)  # most paragraphs fail on their first line: the rest is not read
        if first is None or _indent(first) < need or any(_indent(r) < need for r in rows):
            continue
        lead = len(text[s:e]) - len(text[s:e].lstrip())
        yield s + lead, e


def find_citations(text: str, layout: Layout) -> list[Citation]:
    """Citation markers in text order; overlapping matches keep the earliest, longest one."""
    found: list[tuple[int, int, str]] = []
    # a year starts with an ASCII 1 or 2: most texts are ruled out without a search
    dated = ("1" in text or "2" in text) and _DATED.search(text) is not None
    opens = _places(text, "(（") if dated else []  # where "(2020" and an author-year marker may start
    years = [at for at in opens if _YEAR_OPEN.match(text, at)]  # where "(2020" starts
    for kind, pattern in CITATION_PATTERNS:
        if kind == "narrative" and not years:
            continue  # every narrative marker holds "(2020": a text without one has none
        if kind == "author_year" and not dated:
            continue  # every author-year marker holds a year
        if pattern is _ZH_NARRATIVE:  # tried only where a name may stand before a "(2020"
            matches = _led(pattern, text, _named_before(text, years))
        elif kind in _LED:  # tried only where such a marker may start (none there: none at all)
            matches = _led(pattern, text, opens if kind == "author_year" else _places(text, _HELD[kind]))
        elif _holds(text, _HELD[kind]):
            matches = pattern.finditer(text)
        else:
            continue  # a text without any character every such marker holds has none
        found.extend((m.start(), m.end(), kind) for m in matches)
    for span in layout.superscripts:
        if _SUPERSCRIPT_TEXT.fullmatch(text[span.start:span.end].strip()):
            found.append((span.start, span.end, "superscript"))
    found.sort(key=lambda f: (f[0], -f[1]))
    out: list[Citation] = []
    for s, e, kind in found:
        if out and s < out[-1].span.end:
            continue
        out.append(Citation(Span(s, e), kind))
    return out


_SENTENCE_MARK = re.compile("[。，；！？]")  # a title holding one is no heading
_LINES = re.compile(r"(\r\n|\n|\r)")  # split on it: lines and their breaks alternate


def _rows(text: str) -> list[str]:
    """The lines `lines` gives, as strings."""
    return _LINES.split(text)[::2] if "\r" in text else text.split("\n")


def _starts(text: str, rows: list[str]) -> list[int]:
    """Where each of `_rows(text)` starts."""
    if "\r" in text:
        return [s for s, _ in lines(text)]
    return list(accumulate((len(r) + 1 for r in rows), initial=0))


def find_headings(text: str, layout: Layout) -> list[Heading]:
    """Heading lines: styled as headings in docx, numbered (一、 1.2 第三章 ## …), a known
    section name, or a short line standing alone between blank lines; never ending like a sentence."""
    styled = {(s.start, s.end) for s in layout.headings}
    rows, starts = _rows(text), None  # starts found when a heading needs its place
    count = len(rows)
    # only a line whose title is short enough may be an unstyled heading
    todo = range(count) if styled else [i for i, row in enumerate(rows) if len(row) <= _HEADING_MAX
                                        or len(row.strip()) <= _HEADING_MAX]
    out: list[Heading] = []
    for i in todo:
        line = rows[i]
        title = line.strip()
        if not title or not styled and (len(title) > _HEADING_MAX or title.endswith(_TERMINAL)
                                        or _SENTENCE_MARK.search(title)):
            continue  # what would be skipped below (neither can be a reference title), found first
        starts = _starts(text, rows) if starts is None else starts
        s, e = starts[i], starts[i] + len(line)
        lead = len(line) - len(line.lstrip())
        span = (s + lead, s + lead + len(title))
        if span in styled or (s, e) in styled:
            out.append(Heading(Span(*span), title))
            continue
        if len(title) > _HEADING_MAX:
            continue
        bare = _NUMBERING.sub("", title, count=1).strip()
        if _REFERENCE_TITLES.fullmatch(bare.rstrip(":：").strip()):
            out.append(Heading(Span(*span), title))
            continue
        if title.endswith(_TERMINAL) or title.endswith((":", "：")) or not bare:
            continue
        if any(ch in title for ch in "。，；！？") or (". " in title):
            continue
        alone = (i == 0 or not rows[i - 1].strip()) and (i + 1 == count or not rows[i + 1].strip())
        numbered = bare != title and _NUMBERING.match(title)
        if numbered or _SECTION_NAMES.fullmatch(bare) or (alone and len(title) <= 30 and count > 1):
            out.append(Heading(Span(*span), title))
    return out


def is_reference_heading(heading: Heading) -> bool:
    bare = _NUMBERING.sub("", heading.title, count=1).strip().rstrip(":：").strip()
    return bool(_REFERENCE_TITLES.fullmatch(bare))


def find_references(text: str, headings: tuple[Heading, ...]) -> list[tuple[int, int]]:
    """Reference sections: from a reference heading to the next heading, the first paragraph
    that is not a reference entry, or the end of the text."""
    out = []
    starts = [h.span.start for h in headings]
    for n, heading in enumerate(headings):
        if not is_reference_heading(heading):
            continue
        limit = starts[n + 1] if n + 1 < len(starts) else len(text)
        end = heading.span.end
        for s, e in lines(text[heading.span.end:limit]):
            a, b = heading.span.end + s, heading.span.end + e
            row = text[a:b]
            if not row.strip():
                continue
            if not _ENTRY.search(row):
                break
            end = b
        out.append((heading.span.start, end))
    return out


def analyse(document: Document, known: dict | None = None) -> Attribution:
    """The attribution found in one document's text (and its docx layout, if any); `known`:
    what the analyses of the other documents of a check found in paragraphs (`Attribution`)."""
    return Attribution(document, known)


def match_class(left: str, right: str) -> str:
    """The class of a passage from its two sides' classes: the class in the document that
    took it, i.e. the attributed side when only one side attributes it."""
    if left == right:
        return left
    if left == "unattributed":
        return right
    if right == "unattributed":
        return left
    order = ("quoted_cited", "quoted", "cited", "references")
    return min(left, right, key=order.index)
