"""The per-student report: figures in the reader's language, ranked sources, verdict, the text
colored by attribution class; written as HTML and PDF."""

from itertools import pairwise

import make_academic
import pytest

from core.academic.figures import LABELS, document_figures
from core.models import Verdict
from core.reports.colors import COLORS, source_color
from core.reports.html_report import html_page
from core.reports.model import Figures, MarkedText, Paragraph, Table
from core.reports.student_pages import student_document, write_student_reports
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
    # colored by source, as the Student view: the legend names the sources in the table's order
    legend = {f.label: f.value for f in text.legend}
    assert list(legend) == [r.cells[0].text for r in sources.rows][:len(legend)]
    assert list(legend.values()) == [source_color(r) for r in range(len(legend))]
    assert all(m.color == legend[m.label] and m.color in COLORS for m in text.marks)
    texts = {d.name: d.text for d in report.documents}
    for p in essay.planted:  # each planted copy is marked as found in a document holding it
        mark = next(m for m in text.marks if m.start <= p.start < m.end)
        assert mark.label == p.source or essay.text[p.start:p.end] in texts[mark.label]


def test_overlapping_sources_show_one_color(report):
    names = [d.name for d in report.documents]
    i = names.index("zh_source_b.txt")  # its reference list is shared with two documents
    text = next(b for b in blocks(student_document(report, i)) if isinstance(b, MarkedText))
    spans = [(m.start, m.end) for m in text.marks]
    assert spans == sorted(spans) and all(a[1] <= b[0] for a, b in pairwise(spans))


def test_the_verdict_and_note_are_on_the_page(report):
    i = [d.name for d in report.documents].index("en_essay.txt")
    verdicts = Verdicts().set_document(report.documents[i].key, Verdict("suspicious", "asked to explain"))
    page = student_document(report, i, language="en", verdicts=verdicts)
    lines = [b.text for b in blocks(page) if isinstance(b, Paragraph)]
    assert any(line.startswith("Verdict: ") and "asked to explain" in line for line in lines)
    assert not any(line.startswith("Verdict") for line in
                   (b.text for b in blocks(student_document(report, i)) if isinstance(b, Paragraph)))
    html = html_page(page)
    assert ".src-0 { background-color: #ffd8a8; }" in html and " src-0" in html  # the first source's color


def test_write_student_reports_writes_html_and_pdf_per_student(report, tmp_path):
    written = write_student_reports(report, tmp_path, language="zh")
    figures = document_figures(report)
    assert len(written) == 2 * sum(1 for f in figures if f.copied_chars)
    pdf = next(p for p in written if p.name.endswith("zh_essay.pdf"))
    assert pdf.read_bytes().startswith(b"%PDF")
    from pdfminer.high_level import extract_text

    text = extract_text(str(pdf))
    assert "总文字复制比" in text and "去除引用文献复制比" in text and "zh_source_a.txt" in text


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_long_name_in_the_pdf_title_breaks_only_after_its_separators(report, language):
    import io
    from dataclasses import replace

    from pdfminer.high_level import extract_text

    from core.reports.pdf_report import pdf_bytes

    i = [d.name for d in report.documents].index("en_essay.txt")
    for extra in ("", "x", "xyz", "wxyz0"):  # where a line would run out moves along the name
        long_name = f"grade10_class3_2026spring{extra}_essay_student_017_final_version_after_comments.txt"
        docs = list(report.documents)
        docs[i] = replace(docs[i], name=long_name)
        renamed = replace(report, documents=tuple(docs))
        text = extract_text(io.BytesIO(pdf_bytes(student_document(renamed, i, language=language))))
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        start = next(n for n, line in enumerate(lines) if "grade10" in line)
        pieces = [lines[start][lines[start].index("grade10"):]]
        while long_name not in "".join(pieces):
            pieces.append(lines[start + len(pieces)])
        assert len(pieces) > 1  # the name did not fit one line
        for piece in pieces[:-1]:
            assert piece[-1] in "_.-", pieces  # a line ends after a separator, never inside a word
