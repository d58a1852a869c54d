"""core.review.analysis: the review and the figures computed together with a report, and a saved
check opened with its analysis computed in a child process: the same as computing each here."""

from dataclasses import replace

import pytest

from core.academic import document_figures
from core.options import CheckOptions
from core.review import analyse, review
from core.steps import drain
from core.store.saved import open_analysed, open_check, save_check


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


def test_a_check_in_a_child_process_is_the_check_here_with_its_analysis(planted_class):
    from core.engine.profile import ProfileCache
    from core.pipeline import CheckRequest, run_check

    corpus, _ = planted_class
    documents, options = corpus.documents(), CheckOptions(workers=1, semantic=False)
    request = CheckRequest(documents=tuple(documents), review=True)
    here_checked = drain(run_check(request, options))
    here, here_analysis = here_checked.report, here_checked.analysis
    cache = ProfileCache()
    checked = drain(run_check(replace(request, in_child=True), options, cache))
    report, analysis = checked.report, checked.analysis
    assert report.pairs == here.pairs and report.documents == here.documents
    assert replace(analysis.review, report=None) == replace(here_analysis.review, report=None)
    assert analysis.figures.computed() == here_analysis.figures.computed()
    # bound to the report received here (the views compare by identity)
    assert analysis.serves(report, options.display_threshold)
    assert len(cache) == len({d.key for d in documents})  # the child's profiles (one a text), kept


def test_the_child_reuses_the_profiles_it_is_sent_and_returns_only_new_ones(planted_class):
    from core.engine.profile import ProfileCache
    from core.pipeline import CheckRequest, _check_in_child

    corpus, _ = planted_class
    request = CheckRequest(review=True)
    documents, options = corpus.documents(), CheckOptions(workers=1, semantic=False)
    texts = len({d.key for d in documents})  # whole copies share a text, so a profile
    first = drain(_check_in_child(request, documents, options, ()))[4]
    assert len(first) == texts  # none sent: every profile is new
    cache = ProfileCache()
    cache.update(first[:-5])
    sent = cache.about(d.key for d in documents)
    assert len(sent) == texts - 5
    again = drain(_check_in_child(request, documents, options, sent))[4]
    assert [key for key, _ in again] == [key for key, _ in first[-5:]]
    assert cache.about(["not a document's key"]) == []
