"""The figures reviewers read, per document: CNKI's (总文字复制比 …) named the Turnitin way in English.

Definitions (docs/academic.md gives them with a worked example that
tests/core/test_academic_figures.py checks). "Characters" are the document's code points
that are not white space. A document's *passages* are its sides of the matches of every pair
it is in, each with its class in the document's own text (attribution.Attribution.side_class;
`template` as the match says). A passage *counts* when it has at least `min_match_chars`
CJK characters (mostly-CJK passages) or `min_match_words` units (others), and its class is
not excluded by the options (exclude_quotes: quoted, quoted_cited; exclude_references:
references; exclude_template: template).

- copied_chars (重复字数): characters inside at least one counted passage.
- total_copy_ratio (总文字复制比): copied_chars / the document's characters. This is THE
  per-document "how much of it was found elsewhere" figure: `found_elsewhere` computes it,
  and everything that shows one (the figures here, core.review.students' overall figure for
  the Student view and the class report's per-student summary, the CLI, JSON and CSV) calls it.
- copy_ratio_excluding_quotes (去除引用文献复制比): the same over counted passages that are
  not quoted, quoted_cited or references (only-cited verbatim text still counts).
- largest_source_ratio (单篇最大文字复制比): the largest, over the other documents, of the
  characters inside counted passages shared with that one document / the document's characters.
- sources: how many other documents it shares a counted unattributed passage with.
- sections: per section (headings where the text has them, else paragraph blocks of at
  least `BLOCK_CHARS` characters): title, start, end, and the share of its characters
  inside counted passages.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from core.academic.attribution import paragraphs
from core.academic.classify import Analyses, side_classes
from core.academic.text import CJK_CHAR, Counter, merge, mostly_cjk, overlap, units_in
from core.models import Report, Span
from core.options import CheckOptions

BLOCK_CHARS = 200  # a paragraph block of the section breakdown has at least this many characters
QUOTED = ("quoted", "quoted_cited", "references")
_INK = re.compile(r"\S")  # not white space: what str.strip() keeps (a section title's first character)
_LINE_BREAK = re.compile("[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")  # where str.splitlines() cuts

# Names in the UI languages: CNKI's for Chinese, Turnitin's for English.
LABELS = {
    "zh": {
        "total_copy_ratio": "总文字复制比",
        "copy_ratio_excluding_quotes": "去除引用文献复制比",
        "largest_source_ratio": "单篇最大文字复制比",
        "copied_chars": "重复字数",
        "sources": "相似文献数",
        "sections": "各部分复制比",
        "chars": "总字数",
    },
    "en": {
        "total_copy_ratio": "Similarity Index",
        "copy_ratio_excluding_quotes": "Similarity excluding quotes and bibliography",
        "largest_source_ratio": "Largest single source",
        "copied_chars": "Matched characters",
        "sources": "Sources",
        "sections": "Similarity by section",
        "chars": "Characters",
    },
}
CLASS_LABELS = {
    "zh": {"unattributed": "未标注引用", "quoted": "引号引用（未注出处）", "cited": "注明出处（未加引号）",
           "quoted_cited": "引用并注明出处", "references": "参考文献", "template": "模板文字"},
    "en": {"unattributed": "Unattributed", "quoted": "Quoted, not cited", "cited": "Cited, not quoted",
           "quoted_cited": "Quoted and cited", "references": "Bibliography", "template": "Template"},
}


@dataclass(frozen=True, slots=True)
class Section:
    title: str
    start: int
    end: int
    copy_ratio: float


@dataclass(frozen=True, slots=True)
class Figures:
    """One document's figures (see the module docstring); `ranked` is (document index,
    source ratio) of every other document with a counted passage, largest first."""

    chars: int
    copied_chars: int
    total_copy_ratio: float
    copy_ratio_excluding_quotes: float
    largest_source_ratio: float
    sources: int
    sections: tuple[Section, ...]
    ranked: tuple[tuple[int, float], ...] = ()

    def to_json(self) -> dict:
        return {
            "total_copy_ratio": round(self.total_copy_ratio, 6),
            "copy_ratio_excluding_quotes": round(self.copy_ratio_excluding_quotes, 6),
            "largest_source_ratio": round(self.largest_source_ratio, 6),
            "copied_chars": self.copied_chars,
            "sources": self.sources,
            "sections": [{"title": s.title, "start": s.start, "end": s.end,
                          "copy_ratio": round(s.copy_ratio, 6)} for s in self.sections],
        }


@dataclass(frozen=True, slots=True)
class Passage:
    """One side of a match in one document: span, class there, the other document and the
    pair (index into `Report.pairs`)."""

    span: Span
    cls: str
    other: int
    pair: int = -1


@dataclass(frozen=True, slots=True)
class Coverage:
    """How much of one document was found elsewhere (see `found_elsewhere`).

    `spans` are the counted passages merged (sorted, disjoint); `by_source` the same per other
    document; `copied_chars` / `chars` count non-white-space characters."""

    chars: int
    copied_chars: int
    spans: tuple[tuple[int, int], ...]
    by_source: dict[int, tuple[tuple[int, int], ...]]
    source_chars: dict[int, int]
    unattributed_sources: frozenset[int]

    @property
    def ratio(self) -> float:
        """total_copy_ratio: copied_chars / chars (0 for a document without characters)."""
        return self.copied_chars / self.chars if self.chars else 0.0

    def source_ratio(self, other: int) -> float:
        """The share of the document's characters inside counted passages shared with `other`."""
        return self.source_chars.get(other, 0) / self.chars if self.chars else 0.0


def counted(mine: dict[tuple[int, int, str], list[int]], options: CheckOptions,
            count: Counter, seen: dict | None = None) -> list[tuple[tuple[int, int, str], list[int]]]:
    """The passages that count (long enough, of a class the options do not exclude), as
    ((start, end, class), other documents) from a document's passages by span and class
    (`grouped`): copies repeat a passage, and each span and class is judged once (`seen`:
    `Counter.at_least`'s, shared by the documents of one table)."""
    return [(key, others) for key, others in mine.items()
            if not excluded(key[2], options) and _long_enough(count, key[0], key[1], options, seen)]


def grouped(mine: Sequence[Passage]) -> dict[tuple[int, int, str], list[int]]:
    """A document's passages by (start, end, class): the other document of each, in order."""
    out: dict[tuple[int, int, str], list[int]] = {}
    for p in mine:
        out.setdefault((p.span.start, p.span.end, p.cls), []).append(p.other)
    return out


def _long_enough(count: Counter, start: int, end: int, options: CheckOptions, seen: dict | None = None) -> bool:
    """`long_enough` of text[start:end], from the document's counts: a span with enough CJK
    characters and enough units is long enough under either rule, whichever applies."""
    if count.at_least(start, end, options.min_match_chars, options.min_match_words, seen):
        return True
    cjk, words = count.units(start, end)
    if cjk > 0 and cjk >= words:  # mostly CJK
        return cjk >= options.min_match_chars
    return cjk + words >= options.min_match_words


def found_elsewhere(text: str, mine: Sequence[Passage], options: CheckOptions,
                    count: Counter | None = None) -> Coverage:
    """THE figure of how much of a document was found in other documents (the one definition).

    The document's non-white-space characters inside at least one counted passage (each
    character once, however many documents it is found in), over its non-white-space
    characters. A passage counts when it is long enough (`min_match_chars` CJK characters or
    `min_match_words` units) and its class is not excluded (exclude_quotes, exclude_references,
    exclude_template). Also per source: the characters inside counted passages with it.
    """
    count = count or Counter(text)
    return _coverage(counted(grouped(mine), options, count), count, len(text))


def _coverage(kept: Sequence[tuple[tuple[int, int, str], list[int]]], count: Counter, chars: int) -> Coverage:
    """`found_elsewhere` of the passages that count (`counted`), in a text of `chars` code points."""
    spans = merge({(s, e) for (s, e, _), _ in kept})
    if len(kept) == 1:
        return _one_passage(kept[0], spans, count, chars)
    raw: dict[int, list[tuple[int, int]]] = {}
    for (s, e, _), others in kept:
        span = (s, e)
        for other in others:
            found = raw.get(other)
            if found is None:
                raw[other] = [span]
            else:
                found.append(span)
    # many sources share the same passages (copies of one text): each set merged and counted once
    merged: dict[tuple, tuple[tuple[int, int], ...]] = {}
    sets = {}
    for other, found in raw.items():
        key = tuple(found)
        mine = merged.get(key)
        if mine is None:
            mine = merged[key] = tuple(merge(found))
        sets[other] = mine
    at = _read(count, ((0, chars),), spans, *merged.values())
    held = {mine: sum(at(s, e) for s, e in mine) for mine in merged.values()}
    return Coverage(
        chars=at(0, chars), copied_chars=sum(at(s, e) for s, e in spans), spans=tuple(spans),
        by_source=sets, source_chars={other: held[mine] for other, mine in sets.items()},
        unattributed_sources=frozenset(other for (_, _, cls), others in kept if cls == "unattributed"
                                       for other in others))


def _one_passage(kept: tuple[tuple[int, int, str], list[int]], spans: list[tuple[int, int]], count: Counter,
                 chars: int) -> Coverage:
    """`_coverage` of one counted span and class (a near copy's one passage, in all its pairs):
    each of its sources holds that span alone, however many times it is listed (`merge` keeps
    it once), in the order they first come, as the loop over sources would find them."""
    (_, _, cls), others = kept
    mine = tuple(spans)
    at = _read(count, ((0, chars),), mine)
    held = sum(at(s, e) for s, e in mine)
    return Coverage(chars=at(0, chars), copied_chars=held, spans=mine, by_source=dict.fromkeys(others, mine),
                    source_chars=dict.fromkeys(others, held),
                    unattributed_sources=frozenset(others) if cls == "unattributed" else frozenset())


def _read(count: Counter, *spans) -> Callable[[int, int], int]:
    """`count` of any span whose start and end are starts or ends of these lists of spans,
    their prefix counts read at once (a span [s, e) holds max(0, at[e] - at[s]), each offset
    kept inside the text as `Counter` keeps it)."""
    item, last = count.prefix.item, len(count.prefix) - 1
    at = {x: item(x) if 0 <= x <= last else item(min(max(x, 0), last))
          for part in spans for pair in part for x in pair}
    return lambda start, end: max(0, at[end] - at[start])


def needs_classes(options: CheckOptions) -> bool:
    """Whether counting depends on the classes in each document's own text (an analysis per
    document); without these exclusions only `template`, which the match itself says, matters."""
    return bool(options.exclude_quotes or options.exclude_references)


def match_passages(report: Report, documents=None) -> list[list[Passage]]:
    """Every document's passages with the class the match carries (`template` or the match's
    class): enough for `found_elsewhere` when `needs_classes` is False. `documents` limits the
    pairs gone through to those touching these document indexes."""
    out: list[list[Passage]] = [[] for _ in report.documents]
    for k, pair in enumerate(report.pairs):
        if documents is not None and pair.left not in documents and pair.right not in documents:
            continue
        for m in pair.matches:
            out[pair.left].append(Passage(m.left, m.attribution, pair.right, k))
            out[pair.right].append(Passage(m.right, m.attribution, pair.left, k))
    return out


def long_enough(text: str, options: CheckOptions) -> bool:
    """At least min_match_chars CJK characters (mostly-CJK text) or min_match_words units."""
    if mostly_cjk(text):
        return len(CJK_CHAR.findall(text)) >= options.min_match_chars
    return units_in(text) >= options.min_match_words


def excluded(cls: str, options: CheckOptions) -> bool:
    return ((options.exclude_quotes and cls in ("quoted", "quoted_cited"))
            or (options.exclude_references and cls == "references")
            or (options.exclude_template and cls == "template"))


def passages(report: Report, analyses: Analyses | None = None,
             classes: Sequence[Sequence[tuple[str, str]]] | None = None) -> list[list[Passage]]:
    """Every document's passages with their classes in that document (`classes`: the
    `pair_classes` of these analyses, when found already)."""
    analyses = analyses or Analyses.of(report.documents)
    classes = classes if classes is not None else pair_classes(report, analyses)
    out: list[list[Passage]] = [[] for _ in report.documents]
    for k, (pair, sides) in enumerate(zip(report.pairs, classes)):
        for m, (left, right) in zip(pair.matches, sides):
            out[pair.left].append(Passage(m.left, left, pair.right, k))
            out[pair.right].append(Passage(m.right, right, pair.left, k))
    return out


def grouped_passages(report: Report, classes: Sequence[Sequence[tuple[str, str]]]
                     ) -> list[dict[tuple[int, int, str], list[int]]]:
    """`grouped` of every document's `passages` (`classes`: `pair_classes`), made from the
    pairs without a Passage each: a document of near copies has one span in all its pairs."""
    out: list[dict[tuple[int, int, str], list[int]]] = [{} for _ in report.documents]
    for pair, sides in zip(report.pairs, classes):
        mine, theirs = out[pair.left], out[pair.right]
        for m, (a, b) in zip(pair.matches, sides):
            for groups, span, kind, other in ((mine, m.left, a, pair.right), (theirs, m.right, b, pair.left)):
                key = (span.start, span.end, kind)
                found = groups.get(key)
                if found is None:
                    groups[key] = [other]
                else:
                    found.append(other)
    return out


def pair_classes(report: Report, analyses: Analyses) -> list[list[tuple[str, str]]]:
    """Each pair's `side_classes` of each of its matches, in order: what the figures and the
    JSON report's match classes both read."""
    return [[side_classes(m, pair.left, pair.right, analyses) for m in pair.matches]
            for pair in report.pairs]


def document_figures(report: Report, options: CheckOptions | None = None) -> list[Figures]:
    """The figures of every document of the report, in document order."""
    return FigureTable(report, options).computed()


class FigureTable:
    """One document's figures on demand (a GUI shows a few rows of thousands), each computed once."""

    def __init__(self, report: Report, options: CheckOptions | None = None):
        self.report = report
        self.options = options or report.options
        self.analyses = Analyses.of(report.documents)
        self._passages: list[dict[tuple[int, int, str], list[int]]] | None = None  # grouped_passages
        self._classes: list[list[tuple[str, str]]] | None = None
        self._done: dict[int, Figures] = {}
        self._windows: dict = {}  # `Counter.at_least`'s windows, read once for all documents

    @classmethod
    def of(cls, report: Report, figures: Sequence[Figures], options: CheckOptions | None = None) -> FigureTable:
        """The table of `report` with every document's figures given (computed elsewhere, e.g.
        in a child process: `figures` in document order)."""
        table = cls(report, options)
        table._done = dict(enumerate(figures))
        return table

    @property
    def classes(self) -> list[list[tuple[str, str]]]:
        """`pair_classes` of the report, found once for the figures and whoever else reads them."""
        if self._classes is None:
            self._classes = pair_classes(self.report, self.analyses)
        return self._classes

    def computed(self) -> list[Figures]:
        """Every document's figures, in document order (computed now where not yet)."""
        return [self[i] for i in range(len(self))]

    def __len__(self) -> int:
        return len(self.report.documents)

    def __getitem__(self, index: int) -> Figures:
        if index not in self._done:
            if self._passages is None:
                self._passages = grouped_passages(self.report, self.classes)
            self._done[index] = self._compute(index)
        return self._done[index]

    def _compute(self, index: int) -> Figures:
        doc, options, analyses = self.report.documents[index], self.options, self.analyses
        count = analyses[index].count
        # the passages' units are counted where they were classed: copies that differ only in
        # white space at their end share that reader and its counts
        mine = self._passages[index]
        kept = counted(mine, options, analyses.reader(index).count, self._windows) if mine else []
        found = _coverage(kept, count, len(doc.text))
        strict = merge({(s, e) for (s, e, cls), _ in kept if cls not in QUOTED})
        return _figures(doc.text, count, found, strict, _sections(doc.text, index, analyses))


def _figures(text, count, found: Coverage, strict, sections) -> Figures:
    total = found.chars
    ranked = _ranked(found)
    spans, strict_chars = found.spans, 0
    if spans:
        at = _read(count, spans, [(s, e) for _, s, e in sections], strict)
        parts = tuple(Section(title, s, e, (overlap(spans, s, e, at) / held) if (held := at(s, e)) else 0.0)
                      for title, s, e in sections)
        strict_chars = sum(at(s, e) for s, e in strict)
    else:  # nothing counted (so nothing in `strict`, part of it): no section holds a counted character
        parts = tuple(Section(title, s, e, 0.0) for title, s, e in sections)
    return Figures(
        chars=total,
        copied_chars=found.copied_chars,
        total_copy_ratio=found.ratio,
        copy_ratio_excluding_quotes=strict_chars / total if total else 0.0,
        largest_source_ratio=ranked[0][1] if ranked else 0.0,
        sources=len(found.unattributed_sources),
        sections=parts,
        ranked=ranked,
    )


def _ranked(found: Coverage) -> tuple[tuple[int, float], ...]:
    """Each source's `source_ratio`, largest first (then by document): the negated ratio sorts
    as the ratio's key would, and negating it back gives the ratio itself. Sources that all hold
    as many characters (a near copy's one passage) are in document order, each with that ratio."""
    total, held = found.chars, found.source_chars
    if len(set(held.values())) == 1:
        ratio = next(iter(held.values())) / total if total else 0.0
        return tuple([(other, ratio) for other in sorted(held)])
    order = sorted((-(chars / total) if total else -0.0, other) for other, chars in held.items())
    return tuple((other, -ratio) for ratio, other in order)


def _sections(text: str, index: int, analyses: Analyses) -> list[tuple[str, int, int]]:
    """(title, start, end): from each heading to the next (text before the first heading is
    a section titled by its first line), else paragraph blocks of at least BLOCK_CHARS characters."""
    attribution = analyses[index]
    count = attribution.count
    headings = attribution.headings
    if headings:
        out = []
        first = headings[0].span.start
        if count(0, first):
            out.append((_title(text, 0, first), 0, first))
        for n, h in enumerate(headings):
            end = headings[n + 1].span.start if n + 1 < len(headings) else len(text)
            out.append((h.title, h.span.start, end))
        return out
    paras = attribution.paragraphs_blank
    if len(paras) <= 1:
        paras = paragraphs(text, "\n")
    # a block's characters are its paragraphs' (what separates them is white space)
    held = (count.prefix[[e for _, e in paras]] - count.prefix[[s for s, _ in paras]]).tolist()
    blocks: list[list[int]] = []  # start, end, characters
    for (s, e), n in zip(paras, held):
        if blocks and blocks[-1][2] < BLOCK_CHARS:
            blocks[-1][1] = e
            blocks[-1][2] += n
        else:
            blocks.append([s, e, n])
    if len(blocks) > 1 and blocks[-1][2] < BLOCK_CHARS // 2:
        last = blocks.pop()  # popped first: blocks[-2] on the left would be read after the pop
        blocks[-1][1] = last[1]
    return [(_title(text, s, e), s, e) for s, e, _ in blocks]


def _title(text: str, start: int, end: int, width: int = 20) -> str:
    """The first line of text[start:end] that is not white space, stripped, cut to `width`
    characters ("…" after a cut): read from where it starts, not from a copy of the section."""
    found = _INK.search(text, start, end)
    if found is None:
        return ""
    first = found.start()
    stop = _LINE_BREAK.search(text, first, end)  # the line ends there, or where the span does
    line = text[first:end if stop is None else stop.start()].strip()
    return line if len(line) <= width else line[:width] + "…"
