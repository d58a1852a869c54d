"""Per-student figures: each character counted once, sources ranked."""

import pytest

from core.academic.figures import document_figures
from core.models import Document, Match, PairResult, Report, Span
from core.options import CheckOptions
from core.review.students import student_summaries, student_summary

TEXT = "".join(chr(0x4E00 + 37 * i) for i in range(100))  # 100 CJK characters, none white space


def _report(options=CheckOptions()):  # noqa: B008 (a frozen value, never changed)
    docs = tuple(Document(i, f"d{i}", "", "txt", TEXT) for i in range(4))
    m = lambda a, b, c, d: Match(Span(a, b), Span(c, d), b - a)
    pairs = (
        # [70, 75) has 5 characters: under min_match_chars (13), it does not count
        PairResult(0, 1, 30, 0.40, 0, 0, 0, (m(0, 30, 0, 30), m(50, 65, 50, 65), m(70, 75, 70, 75))),
        PairResult(2, 0, 30, 0.05, 0, 0, 0, (m(0, 20, 20, 40),)),  # overlaps 0's [20, 30)
        PairResult(0, 3, 30, 0.20, 0, 0, 0,
                   (Match(Span(80, 100), Span(0, 20), 20, attribution="template"),)),
    )
    return Report(options, docs, (0,) * 4, pairs)


def test_each_character_counts_once_and_sources_rank_by_share():
    report = _report()
    s = student_summary(report, 0)
    # [0, 30) + [50, 65) from d1, [20, 40) from d2: union [0, 40) + [50, 65) = 55 of 100
    assert s.covered == 55 and s.overall == pytest.approx(0.55)
    assert [(x.other, round(x.share, 2), x.flagged) for x in s.sources] == [
        (1, 0.45, True), (2, 0.2, False), (3, 0.0, True)]  # template passages do not count
    assert s.sources[0].spans == (Span(0, 30), Span(50, 65))
    assert student_summaries(report)[0] == s
    assert [x.overall for x in student_summaries(report)] == [0.55, 0.45, 0.2, 0.0]


def test_the_overall_figure_is_the_similarity_index_under_every_option():
    """One definition (core.academic.figures.found_elsewhere): the same number as
    total_copy_ratio, template passages counted only when the options say so."""
    for options in (CheckOptions(), CheckOptions(exclude_template=False), CheckOptions(min_match_chars=16),
                    CheckOptions(exclude_quotes=True, exclude_references=True)):
        report = _report(options)
        overall = [x.overall for x in student_summaries(report)]
        assert overall == [f.total_copy_ratio for f in document_figures(report)]
        assert [x.covered for x in student_summaries(report)] == [f.copied_chars for f in document_figures(report)]
    with_template = [x.overall for x in student_summaries(_report(CheckOptions(exclude_template=False)))]
    assert with_template == [0.75, 0.45, 0.2, 0.2]
    assert [x.overall for x in student_summaries(_report(CheckOptions(min_match_chars=16)))] == [0.4, 0.3, 0.2, 0.0]


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
