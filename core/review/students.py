"""Per-student figures: how much of one document is found elsewhere, and where.

A document's overall figure is THE per-document figure of core.academic
(`core.academic.figures.found_elsewhere`, total_copy_ratio / 总文字复制比 / Similarity Index):
its non-white-space characters inside a counted passage it shares with any other document,
each counted once however many documents it is found in, over its non-white-space
characters. Counted: long enough (min_match_chars / min_match_words) and not excluded by the
options (template passages by default, quotations / references when asked). Its sources are
the other documents it shares passages with, ranked by the share of its characters found in
each (then by the pair's similarity); a source's spans are the counted passages with it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, replace

from core.academic.figures import (
    FigureTable,
    Passage,
    found_elsewhere,
    match_passages,
    needs_classes,
    passages,
)
from core.academic.text import Counter
from core.models import Report, Span
from core.rules import is_flagged

__all__ = ["SourceShare", "StudentSummary", "each_student_summary", "reflagged", "student_summaries",
           "student_summary"]


@dataclass(frozen=True, slots=True)
class SourceShare:
    """One source of a document: the other document, the pair (index into `Report.pairs`),
    the share of this document's characters in passages with it, the pair's similarity,
    whether the pair is flagged, and this document's passages with it (merged, sorted)."""

    other: int
    pair: int
    share: float
    similarity: float
    flagged: bool
    spans: tuple[Span, ...]


@dataclass(frozen=True, slots=True)
class StudentSummary:
    """A document's overall figure (0-1, = total_copy_ratio), the characters found elsewhere
    (= copied_chars: non-white-space), and its sources ranked."""

    document: int
    overall: float
    covered: int
    sources: tuple[SourceShare, ...]


def _passages(report: Report, documents=None) -> list[list[Passage]]:
    """Each document's passages, classed as precisely as the options need (see needs_classes)."""
    if needs_classes(report.options):
        return passages(report, FigureTable(report).analyses)
    return match_passages(report, documents)


def _pairs_of(report: Report, documents=None) -> dict[int, list[tuple[int, int]]]:
    """For each document: (pair index, other document) of every pair it is in."""
    out: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for k, p in enumerate(report.pairs):
        if documents is None or p.left in documents or p.right in documents:
            out[p.left].append((k, p.right))
            out[p.right].append((k, p.left))
    return out


def _summary(report: Report, d: int, mine: list[Passage], pairs) -> StudentSummary:
    options = report.options
    text = report.documents[d].text
    found = found_elsewhere(text, mine, options, Counter(text))
    sources = []
    for k, other in pairs:
        p = report.pairs[k]
        spans = tuple(Span(s, e) for s, e in found.by_source.get(other, ()))
        sources.append(SourceShare(other, k, found.source_ratio(other), p.similarity,
                                   is_flagged(p, options.display_threshold, options.hamming), spans))
    sources.sort(key=lambda s: (-s.share, -s.similarity, s.other))
    return StudentSummary(d, found.ratio, found.copied_chars, tuple(sources))


def student_summaries(report: Report) -> list[StudentSummary]:
    """One summary per document, in document order."""
    return list(each_student_summary(report))


def each_student_summary(report: Report) -> Iterator[StudentSummary]:
    """`student_summaries` one document at a time (a progress generator can yield between them)."""
    every, pairs = _passages(report), _pairs_of(report)
    for d in range(len(report.documents)):
        yield _summary(report, d, every[d], pairs.get(d, ()))


def student_summary(report: Report, document: int) -> StudentSummary:
    """The summary of one document."""
    return _summary(report, document, _passages(report, {document})[document],
                    _pairs_of(report, {document}).get(document, ()))


def reflagged(summaries: tuple[StudentSummary, ...], report: Report) -> tuple[StudentSummary, ...]:
    """`summaries` of `report` computed at another display threshold, with each source's
    `flagged` set for the report's own: nothing else in a summary depends on the threshold, so a
    new threshold costs a pass over the sources instead of every document's figures again."""
    options = report.options
    out = []
    for summary in summaries:
        sources = []
        for source in summary.sources:
            flagged = is_flagged(report.pairs[source.pair], options.display_threshold, options.hamming)
            sources.append(source if source.flagged == flagged else replace(source, flagged=flagged))
        changed = any(a is not b for a, b in zip(sources, summary.sources))
        out.append(replace(summary, sources=tuple(sources)) if changed else summary)
    return tuple(out)
