"""Per-student figures: how much of one document is found elsewhere, and where.

A document's overall figure is the share of its characters lying inside a passage it shares
with any other document, each character counted once however many documents it is found
in (Turnitin's "similarity index"). Its sources are the other documents it shares passages
with, ranked by the share of its characters found in each (then by the pair's similarity).
Passages the template explains are not counted.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from core.models import Report, Span
from core.review.groups import _merge
from core.rules import is_flagged

__all__ = ["SourceShare", "StudentSummary", "student_summaries", "student_summary"]


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
    """A document's overall figure (0-1), the characters it counts, and its sources ranked."""

    document: int
    overall: float
    covered: int
    sources: tuple[SourceShare, ...]


def _entries(report: Report, documents=None) -> dict[int, list[tuple[int, int, list[Span]]]]:
    """For each document: (pair index, other document, its passages in that pair)."""
    by_doc: dict[int, list[tuple[int, int, list[Span]]]] = defaultdict(list)
    for k, p in enumerate(report.pairs):
        if documents is not None and p.left not in documents and p.right not in documents:
            continue
        kept = [m for m in p.matches if m.attribution != "template"]
        by_doc[p.left].append((k, p.right, [m.left for m in kept]))
        by_doc[p.right].append((k, p.left, [m.right for m in kept]))
    return by_doc


def _summary(report: Report, d: int, entries) -> StudentSummary:
    options = report.options
    chars = max(1, report.documents[d].chars)
    sources, every = [], []
    for k, other, spans in entries:
        merged = [Span(s, e) for s, e in _merge(spans)]
        every.extend(merged)
        p = report.pairs[k]
        sources.append(SourceShare(
            other, k, sum(len(s) for s in merged) / chars, p.similarity,
            is_flagged(p, options.display_threshold, options.hamming), tuple(merged)))
    sources.sort(key=lambda s: (-s.share, -s.similarity, s.other))
    covered = sum(e - s for s, e in _merge(every))
    return StudentSummary(d, covered / chars, covered, tuple(sources))


def student_summaries(report: Report) -> list[StudentSummary]:
    """One summary per document, in document order."""
    by_doc = _entries(report)
    return [_summary(report, d, by_doc.get(d, ())) for d in range(len(report.documents))]


def student_summary(report: Report, document: int) -> StudentSummary:
    """The summary of one document."""
    return _summary(report, document, _entries(report, {document}).get(document, ()))
