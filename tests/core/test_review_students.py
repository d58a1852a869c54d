"""Per-student figures: each character counted once, sources ranked."""

import pytest

from core.models import Document, Match, PairResult, Report, Span
from core.options import CheckOptions
from core.review.students import student_summaries, student_summary


def _report():
    docs = tuple(Document(i, f"d{i}", "", "txt", "x" * 100) for i in range(4))
    m = lambda a, b, c, d: Match(Span(a, b), Span(c, d), b - a)  # noqa: E731
    pairs = (
        PairResult(0, 1, 30, 0.40, 0, 0, 0, (m(0, 30, 0, 30), m(50, 60, 50, 60))),
        PairResult(2, 0, 30, 0.05, 0, 0, 0, (m(0, 10, 20, 40),)),  # overlaps 0's [20, 30)
        PairResult(0, 3, 30, 0.20, 0, 0, 0,
                   (Match(Span(80, 100), Span(0, 20), 20, attribution="template"),)),
    )
    return Report(CheckOptions(), docs, (0,) * 4, pairs)


def test_each_character_counts_once_and_sources_rank_by_share():
    report = _report()
    s = student_summary(report, 0)
    # [0, 30) + [50, 60) from d1, [20, 40) from d2: union [0, 40) + [50, 60) = 50 of 100
    assert s.covered == 50 and s.overall == pytest.approx(0.5)
    assert [(x.other, round(x.share, 2), x.flagged) for x in s.sources] == [
        (1, 0.4, True), (2, 0.2, False), (3, 0.0, True)]  # template passages do not count
    assert s.sources[0].spans == (Span(0, 30), Span(50, 60))
    assert student_summaries(report)[0] == s
    assert [x.overall for x in student_summaries(report)] == [0.5, 0.4, 0.1, 0.0]


def test_planted_class_copies_are_mostly_found(planted_class):
    corpus, report = planted_class
    by_name = {d.name: i for i, d in enumerate(report.documents)}
    summaries = student_summaries(report)
    for planted in corpus.groups:
        for name in planted.members:
            s = summaries[by_name[name]]
            assert s.overall > 0.3
            assert {report.documents[x.other].name for x in s.sources if x.flagged} & set(planted.members)
    essays = [summaries[i].overall for n, i in by_name.items() if n.endswith("_essay.txt")]
    assert max(essays) < 0.05
