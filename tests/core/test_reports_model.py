"""The report document: what the builder puts in it, in each language, and what it leaves out."""

from datetime import datetime

import pytest
from report_samples import class_report

import core.reports.strings as strings_module
from core.models import Document, FileError, Match, PairResult, Report, Span
from core.options import CheckOptions
from core.reports import FORMATS, format_for, render
from core.reports.builder import DETAIL_BUDGET, build_document, detailed_pairs
from core.reports.model import Article, Comparison, Figures, Paragraph, Table
from core.reports.strings import OPTION_LABELS, strings
from core.rules import is_flagged

WHEN = datetime(2024, 5, 1, 9, 30)


def small_report(**options):
    docs = (Document(0, "a.txt", "/e/a.txt", "txt", "alpha beta gamma delta"),
            Document(1, "b.txt", "/e/b.txt", "txt", "alpha beta gamma epsilon"),
            Document(2, "c.txt", "/e/c.txt", "txt", "zeta eta theta"),
            Document(3, "d.txt", "/e/d.txt", "txt", "iota kappa"))
    pairs = (PairResult(0, 1, 20, 0.60, 0.7, 0.6, 16, (Match(Span(0, 16), Span(0, 16), 3),)),
             PairResult(2, 3, 2, 0.01, 0.0, 0.0, 0, ()),  # near-duplicate only
             PairResult(0, 2, 30, 0.08, 0.1, 0.1, 5, (Match(Span(0, 5), Span(0, 4), 1),)))
    # a report of the verbatim check: the semantic layer did not run (no "meaning" column)
    options = {"semantic": False, **options}
    return Report(CheckOptions(**options), docs, (1, 2, 3, 4), pairs, (FileError("/e/x.pdf", "is empty"),))


def section(doc, anchor):
    return next(s for s in doc.sections if s.anchor == anchor)


def test_flagged_means_the_shared_rule_at_the_given_threshold():
    report = small_report(display_threshold=0.5, hamming=3)
    for threshold in (0.5, 0.05):
        doc = build_document(report, threshold=threshold, generated=WHEN)
        articles = [b for b in section(doc, "details").blocks if isinstance(b, Article)]
        expected = [f"pair-{k}" for k, p in enumerate(report.pairs, 1) if is_flagged(p, threshold, 3)]
        assert [a.anchor for a in articles] == expected
        cards = section(doc, "summary").blocks[0]
        assert cards.items[2].value == str(len(expected)) and cards.items[2].emphasis
    assert expected == ["pair-1", "pair-2", "pair-3"]  # the last threshold flags all three


def test_ranked_table_marks_flagged_rows_and_links_only_detailed_ones():
    doc = build_document(small_report(display_threshold=0.5), generated=WHEN)
    table = section(doc, "pairs").blocks[0]
    assert isinstance(table, Table) and len(table.columns) == 11
    assert [row.flagged for row in table.rows] == [True, True, False]
    assert [row.cells[1].link for row in table.rows] == ["pair-1", "pair-2", ""]
    assert table.rows[0].cells[1].hint == "a.txt — /e/a.txt" and table.rows[0].cells[5].text == "60.0%"


def test_a_pair_with_passages_becomes_a_comparison_with_marks_on_both_sides():
    doc = build_document(small_report(display_threshold=0.5), generated=WHEN)
    first, second = [b for b in section(doc, "details").blocks if isinstance(b, Article)]
    comparison = first.blocks[1]
    assert isinstance(comparison, Comparison)
    assert comparison.left.title == "a.txt" and comparison.right.title == "b.txt"
    # colored by attribution class in each text (issue 15), with the class in the captions
    assert [(m.start, m.end, m.color) for m in comparison.left.marks] == [(0, 16, "cls-unattributed")]
    assert comparison.passages[0].left_caption == "a.txt, characters 0–16 · Unattributed"
    assert [f.label for f in comparison.legend] == ["Unattributed"]
    assert comparison.left.link == "p1" and comparison.right.side == "R"
    # the near-duplicate without passages says why it is flagged instead
    assert not any(isinstance(b, Comparison) for b in second.blocks)
    assert "near-duplicate" in second.blocks[1].text


def test_changes_inside_passages_reach_the_marked_texts():
    report = small_report(display_threshold=0.5)
    m = Match(Span(0, 16), Span(0, 16), 3, left_changes=(Span(6, 10),), right_changes=(Span(6, 11),))
    report = Report(report.options, report.documents, report.simhashes,
                    (PairResult(0, 1, 20, 0.6, 0.7, 0.6, 16, (m,)),))
    comparison = next(b for b in section(build_document(report), "details").blocks
                  if isinstance(b, Article)).blocks[1]
    assert comparison.left.changes == ((6, 10),) and comparison.right.changes == ((6, 11),)


def test_options_are_named_for_people_never_by_field_name():
    for language in ("en", "zh"):
        doc = build_document(small_report(min_passage=12, display_threshold=0.25), language=language)
        table = section(doc, "options").blocks[0]
        labels = [row.cells[0].text for row in table.rows]
        values = {row.cells[0].text: row.cells[1].text for row in table.rows}
        assert set(labels) == set(OPTION_LABELS[language].values())
        for field in CheckOptions().to_dict():
            assert field not in labels
        assert values[OPTION_LABELS[language]["min_passage"]] == "12"
        assert values[OPTION_LABELS[language]["display_threshold"]] == "25%"
    assert set(OPTION_LABELS["en"]) == set(CheckOptions().to_dict())  # every field has a label


def test_both_languages_have_the_same_strings():
    en, zh = strings_module._TABLES["en"], strings_module._TABLES["zh"]
    assert set(en) == set(zh)
    for key in en:
        assert type(en[key]) is type(zh[key]), key
    doc = build_document(small_report(), language="zh", generated=WHEN)
    assert doc.title == "Plagscope 相似度检测报告" and doc.html_language == "zh-CN"
    assert section(doc, "pairs").title == "按相似度排序的文档对"
    with pytest.raises(ValueError):
        strings("fr")


def test_names_are_shown_safely():
    report = small_report()
    evil = "\x1b]0;owned\x07essay\u202etxt.exe"
    docs = (Document(0, evil, "/e/" + evil, "txt", report.documents[0].text), *report.documents[1:])
    doc = build_document(Report(report.options, docs, report.simhashes, report.pairs), threshold=0)
    cell = section(doc, "pairs").blocks[0].rows[0].cells[1]  # its short name; full name on hover
    listed = section(doc, "documents").blocks[0].rows[0].cells[2].text  # the key table
    for text in (cell.text, cell.hint, listed):
        assert "\x1b" not in text and "\u202e" not in text
    assert "\\x1b" in cell.hint and "\\x1b" in listed


def test_errors_and_documents_sections():
    doc = build_document(small_report(), generated=WHEN)
    errors = section(doc, "errors").blocks[0]
    assert [c.text for c in errors.rows[0].cells] == ["/e/x.pdf", "is empty"]
    docs = section(doc, "documents").blocks[0]
    assert [c.label for c in docs.columns][-1] == "Path"
    assert "SHA-256" not in [c.label for c in docs.columns]  # shown only when known
    sha = "ab" * 32
    report = small_report()
    with_sha = Report(report.options, tuple(Document(d.id, d.name, d.path, d.format, d.text, sha256=sha)
                                            for d in report.documents), report.simhashes, report.pairs)
    table = section(build_document(with_sha), "documents").blocks[0]
    assert sha in [c.text for c in table.rows[0].cells]


def test_pair_details_stay_within_the_budget_each_document_first():
    report = class_report(n_docs=60, groups=4, chars=3000)
    flagged = [(k, p) for k, p in enumerate(report.pairs, 1) if is_flagged(p, 0.1, 3)]
    budget = 60_000
    shown = detailed_pairs(report.documents, flagged, budget)
    assert sum(report.documents[p.left].chars + report.documents[p.right].chars for _, p in shown) <= budget
    assert [k for k, _ in shown] == sorted(k for k, _ in shown)
    best = {}
    for k, p in flagged:
        best.setdefault(p.left, k)
        best.setdefault(p.right, k)
    strongest = sorted(set(best.values()))
    # the strongest pairs come first: the budget holds 10 pairs, all of them strongest ones
    assert {k for k, _ in shown} <= set(strongest) and len(shown) == 10
    doc = build_document(report)
    notes = [b.text for b in section(doc, "details").blocks if isinstance(b, Paragraph)]
    assert any("listed in the table only" in n for n in notes)
    assert DETAIL_BUDGET >= 80 * 6000


def test_html_for_a_class_of_200_stays_under_5_mb():
    """200 essays of 3,000 Chinese characters, 2 groups of 66 copies: 4,290 flagged pairs."""
    report = class_report(n_docs=200, groups=2, chars=3000)
    data = render(report, "html")
    assert len(report.pairs) > 4000
    assert len(data) < 5_000_000


def test_formats_are_one_table():
    assert list(FORMATS) == ["html", "pdf", "json", "csv"]
    assert format_for("x.PDF") == "pdf" and format_for("x.htm") == "html"
    assert FORMATS["pdf"].label("zh_CN") == "PDF 报告" and FORMATS["csv"].label("en") == "CSV table"
    assert [f.name for f in FORMATS.values() if f.for_people] == ["html", "pdf"]
    with pytest.raises(ValueError):
        render(small_report(), "docx")


def test_figures_block_kinds():
    doc = build_document(small_report())
    assert isinstance(section(doc, "legend").blocks[0], Figures)
    assert section(doc, "legend").blocks[0].kind == "terms"


def test_file_errors_are_given_in_the_reports_language():
    report = small_report()
    report = Report(report.options, report.documents, report.simhashes, report.pairs,
                    (FileError.of("/e/empty.txt", "file.empty"), FileError("/e/old.pdf", "an old message")))
    zh = section(build_document(report, language="zh"), "errors").blocks[0]
    assert [[c.text for c in row.cells] for row in zh.rows] == [["/e/empty.txt", "是空文件"],
                                                               ["/e/old.pdf", "an old message"]]
    en = section(build_document(report, language="en"), "errors").blocks[0]
    assert en.rows[0].cells[1].text == "is empty"


def test_the_ranked_table_of_a_large_class_is_cut_after_the_strongest_but_keeps_detailed_pairs():
    from core.reports.builder import MAX_FLAGGED_ROWS
    report = class_report(n_docs=200, groups=2, chars=3000)
    doc = build_document(report, language="en")
    table, note = section(doc, "pairs").blocks[:2]
    ranks = [int(row.cells[0].text) for row in table.rows]
    detailed = {int(b.anchor.split("-")[1]) for b in section(doc, "details").blocks if isinstance(b, Article)}
    assert set(range(1, MAX_FLAGGED_ROWS + 1)) | detailed == set(ranks)
    assert note.text.startswith(f"{len(report.pairs) - len(ranks)} more flagged pairs")


def test_a_template_path_in_the_options_is_shown_safely():
    doc = build_document(small_report(template="/t/\x1b[31mred.txt", exclude=("a\u202eb",)))
    values = {row.cells[0].text: row.cells[1].text for row in section(doc, "options").blocks[0].rows}
    assert values[OPTION_LABELS["en"]["template"]] == "/t/\\x1b[31mred.txt"
    assert values[OPTION_LABELS["en"]["exclude"]] == "a\\u202eb"
