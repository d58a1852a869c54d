"""The per-student report: figures in the reader's language, ranked sources, verdict, the text
colored by attribution class; written as HTML and PDF."""

import pytest

import make_academic
from core.academic.figures import LABELS, document_figures
from core.models import Verdict
from core.reports.colors import COLORS
from core.reports.html_report import html_page
from core.reports.model import Figures, MarkedText, Paragraph, Table
from core.reports.student_pages import class_key, student_document, write_student_reports
from core.review.verdicts import Verdicts


@pytest.fixture
def report(academic_report):
    return academic_report


def blocks(document):
    [section] = document.sections
    return section.blocks


@pytest.mark.parametrize("language", ["zh", "en"])
def test_the_page_has_the_figures_in_the_readers_language(report, language):
    names = [d.name for d in report.documents]
    i = names.index("zh_essay.txt")
    f = document_figures(report)[i]
    page = student_document(report, i, language=language)
    assert "zh_essay.txt" in page.title and page.language == language
    cards = next(b for b in blocks(page) if isinstance(b, Figures))
    assert [(c.label, c.value) for c in cards.items] == [
        (LABELS[language]["total_copy_ratio"], f"{f.total_copy_ratio * 100:.1f}%"),
        (LABELS[language]["copy_ratio_excluding_quotes"], f"{f.copy_ratio_excluding_quotes * 100:.1f}%"),
        (LABELS[language]["largest_source_ratio"], f"{f.largest_source_ratio * 100:.1f}%"),
        (LABELS[language]["copied_chars"], f"{f.copied_chars:,} / {f.chars:,}"),
        (LABELS[language]["sources"], str(f.sources)),
    ]
    sources = next(b for b in blocks(page) if isinstance(b, Table) and b.kind == "sources")
    assert [r.cells[0].text for r in sources.rows] == ["zh_source_a.txt", "zh_source_b.txt", "zh_combined.txt"]
    text = next(b for b in blocks(page) if isinstance(b, MarkedText))
    essay = {d.name: d for d in make_academic.build()}["zh_essay.txt"]
    assert {(m.start, m.end): m.color for m in text.marks} == {(p.start, p.end): class_key(p.cls)
                                                               for p in essay.planted}
    assert all(m.color in COLORS for m in text.marks)
    assert [f.value for f in text.legend] == [class_key(c) for c in
                                              ("unattributed", "quoted", "cited", "quoted_cited", "references")]


def test_overlapping_passages_show_the_least_attributed_class(report):
    names = [d.name for d in report.documents]
    i = names.index("zh_source_b.txt")  # its reference list is shared with two documents
    text = next(b for b in blocks(student_document(report, i)) if isinstance(b, MarkedText))
    spans = [(m.start, m.end) for m in text.marks]
    assert spans == sorted(spans) and all(a[1] <= b[0] for a, b in zip(spans, spans[1:]))


def test_the_verdict_and_note_are_on_the_page(report):
    i = [d.name for d in report.documents].index("en_essay.txt")
    verdicts = Verdicts().set_document(report.documents[i].key, Verdict("suspicious", "asked to explain"))
    page = student_document(report, i, language="en", verdicts=verdicts)
    lines = [b.text for b in blocks(page) if isinstance(b, Paragraph)]
    assert any(line.startswith("Verdict: ") and "asked to explain" in line for line in lines)
    assert not any(line.startswith("Verdict") for line in
                   (b.text for b in blocks(student_document(report, i)) if isinstance(b, Paragraph)))
    html = html_page(page)
    assert ".cls-quoted_cited { background-color: #b2f2bb; }" in html and " cls-quoted_cited" in html


def test_write_student_reports_writes_html_and_pdf_per_student(report, tmp_path):
    written = write_student_reports(report, tmp_path, language="zh")
    figures = document_figures(report)
    assert len(written) == 2 * sum(1 for f in figures if f.copied_chars)
    pdf = next(p for p in written if p.name.endswith("zh_essay.pdf"))
    assert pdf.read_bytes().startswith(b"%PDF")
    from pdfminer.high_level import extract_text

    text = extract_text(str(pdf))
    assert "总文字复制比" in text and "去除引用文献复制比" in text and "zh_source_a.txt" in text
