"""core.review.analysis: the review and the figures computed together with a report, and a saved
check opened with its analysis computed in a child process: the same as computing each here."""

from dataclasses import replace

import pytest

from core.academic import document_figures
from core.review import analyse, open_analysed, review
from core.steps import drain
from core.store.saved import open_check, save_check


def test_analyse_is_the_review_and_every_documents_figures(planted_class):
    _, report = planted_class
    analysis = drain(analyse(report))
    assert analysis.review == drain(review(report))
    assert analysis.figures.computed() == document_figures(report)
    assert analysis.serves(report, report.options.display_threshold)
    assert not analysis.serves(report, report.options.display_threshold + 0.1)


def test_the_progress_of_an_analysis_counts_up_to_one_total(planted_class):
    _, report = planted_class
    steps = []
    drain(analyse(report), lambda done, total: steps.append((done, total)))
    totals = {t for _, t in steps}
    assert len(totals) == 1 and steps[-1][0] == totals.pop()
    assert [d for d, _ in steps] == sorted(d for d, _ in steps)


@pytest.mark.parametrize("threshold", [None, 0.9])
def test_an_opened_check_comes_with_the_analysis_of_the_report_read_here(planted_class, tmp_path, threshold):
    _, report = planted_class
    path = save_check(tmp_path / "class.plagscope", report)
    saved, analysis = drain(open_analysed(path, threshold))
    assert saved == open_check(path)
    # computed in the child, bound to the report read here (the views compare by identity)
    assert analysis.figures.report is saved.report
    assert analysis.review.report.pairs is saved.report.pairs
    expected = drain(analyse(saved.report, threshold))
    assert analysis.review == expected.review
    assert analysis.figures.computed() == expected.figures.computed()
    wanted = report.options.display_threshold if threshold is None else threshold
    assert analysis.serves(saved.report, wanted)
    if threshold is not None:  # fewer pairs flagged at 90 %: other groups than at the check's threshold
        assert analysis.review.report.options.display_threshold == 0.9
        assert analysis.review.details != drain(review(report)).details


def test_an_opened_file_that_is_not_a_check_raises_the_readers_error(tmp_path):
    bogus = tmp_path / "bogus.plagscope"
    bogus.write_bytes(b"nonsense" * 10)
    with pytest.raises(Exception) as here:
        open_check(bogus)
    with pytest.raises(type(here.value)):
        drain(open_analysed(bogus))
    assert bogus.read_bytes() == b"nonsense" * 10


def test_a_table_of_given_figures_answers_without_computing(planted_class):
    from core.academic import FigureTable

    _, report = planted_class
    figures = document_figures(report)
    table = FigureTable.of(report, [replace(f, copied_chars=-1) for f in figures])
    assert [f.copied_chars for f in table.computed()] == [-1] * len(figures)  # not recomputed


@pytest.mark.parametrize("threshold", [0.3, 0.9])
def test_a_review_at_a_new_threshold_lent_the_last_one_is_the_review_computed_afresh(planted_class, threshold):
    _, report = planted_class
    before = drain(review(report))
    lent = drain(review(report, threshold, previous=before))
    fresh = drain(review(report, threshold))
    assert lent == fresh
    assert lent.students != before.students  # the sources' flags did change
    assert lent.names is before.names  # lent, not computed again


def test_a_review_of_other_results_is_not_lent(planted_class):
    _, report = planted_class
    before = drain(review(report))
    other = replace(report, pairs=report.pairs[: len(report.pairs) // 2])
    assert drain(review(other, previous=before)) == drain(review(other))
