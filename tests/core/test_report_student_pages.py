"""The per-student pages of the HTML and PDF reports: figures, ranked sources, verdict, class colors."""

import pytest

import make_academic
from core.academic.figures import LABELS, document_figures
from core.models import Verdict
from core.options import CheckOptions
from core.pipeline import check, run
from core.reports.builder import build_document
from core.reports.colors import COLORS
from core.reports.html_report import render_html
from core.reports.model import Article, Figures, MarkedText, Table
from core.reports.student_pages import class_key
from core.review.verdicts import Verdicts


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    folder = tmp_path_factory.mktemp("academic-pages")
    make_academic.write(folder)
    return run(check([folder], CheckOptions(workers=1)))


def pages(document):
    [section] = [s for s in document.sections if s.anchor == "students"]
    return {block.title: block for block in section.blocks if isinstance(block, Article)}


@pytest.mark.parametrize("language", ["zh", "en"])
def test_a_page_per_student_with_the_figures_in_the_ui_language(report, language):
    names = [d.name for d in report.documents]
    figures = document_figures(report)
    found = pages(build_document(report, language=language))
    assert set(found) == {n for n, f in zip(names, figures) if f.copied_chars}
    page = found["zh_essay.txt"]
    f = figures[names.index("zh_essay.txt")]
    cards = next(b for b in page.blocks if isinstance(b, Figures))
    assert [(c.label, c.value) for c in cards.items] == [
        (LABELS[language]["total_copy_ratio"], f"{f.total_copy_ratio * 100:.1f}%"),
        (LABELS[language]["copy_ratio_excluding_quotes"], f"{f.copy_ratio_excluding_quotes * 100:.1f}%"),
        (LABELS[language]["largest_source_ratio"], f"{f.largest_source_ratio * 100:.1f}%"),
        (LABELS[language]["copied_chars"], f"{f.copied_chars:,} / {f.chars:,}"),
        (LABELS[language]["sources"], str(f.sources)),
    ]
    sources = next(b for b in page.blocks if isinstance(b, Table) and b.kind == "sources")
    assert [r.cells[0].text for r in sources.rows] == ["zh_source_a.txt", "zh_source_b.txt", "zh_combined.txt"]
    text = next(b for b in page.blocks if isinstance(b, MarkedText))
    essay = {d.name: d for d in make_academic.build()}["zh_essay.txt"]
    by_span = {(m.start, m.end): m.color for m in text.marks}
    for p in essay.planted:
        assert by_span[(p.start, p.end)] == class_key(p.cls)
    assert all(m.color in COLORS for m in text.marks)
    assert {f.value for f in text.legend} == {class_key(c) for c in
                                              ("unattributed", "quoted", "cited", "quoted_cited", "references")}


def test_the_verdict_and_note_are_on_the_page(report):
    i = [d.name for d in report.documents].index("en_essay.txt")
    verdicts = Verdicts().set_document(report.documents[i].key, Verdict("suspicious", "asked to explain"))
    page = pages(build_document(report, language="en", verdicts=verdicts))["en_essay.txt"]
    lines = [b.text for b in page.blocks if hasattr(b, "text") and isinstance(b.text, str)]
    assert "Verdict: suspicious · Note: asked to explain" in lines
    html = render_html(report, language="en")
    assert ".cls-quoted_cited { background-color: #b2f2bb; }" in html and " cls-quoted_cited\"" in html
