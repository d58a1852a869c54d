"""A saved check reads back with every attribution class and figure it had (issue 15): the
documents' layout (docx/pdf block quotes, superscript citations, headings) is saved too."""

import pytest

from core.academic.figures import FigureTable, document_figures, passages
from core.options import CheckOptions
from core.review import student_summaries
from core.store.saved import open_check, save_check


@pytest.fixture
def report(academic_report):
    return academic_report


def facts(report, options=None):
    table = FigureTable(report, options)
    return {
        "figures": document_figures(report, options),
        "classes": [[(p.span, p.cls, p.other) for p in mine] for mine in passages(report, table.analyses)],
        "matches": [m.attribution for p in report.pairs for m in p.matches],
        "students": [(s.overall, s.covered, [(x.other, x.share) for x in s.sources])
                     for s in student_summaries(report)],
    }


def test_every_class_and_figure_reads_back_from_a_saved_check(report, tmp_path):
    docx = next(d for d in report.documents if d.format == "docx")
    assert docx.layout is not None and docx.layout.block_quotes and docx.layout.superscripts
    back = open_check(save_check(tmp_path / "class.plagscope", report)).report
    assert [d.layout for d in back.documents] == [d.layout for d in report.documents]
    for options in (None, CheckOptions(exclude_quotes=True, exclude_references=True)):
        assert facts(back, options) == facts(report, options)
    # without the layout the docx's block quote and superscript citation would be lost
    bare = back.__class__(back.options, tuple(d.__class__(d.id, d.name, d.path, d.format, d.text, d.sha256)
                                               for d in back.documents), back.simhashes, back.pairs)
    assert facts(bare)["classes"] != facts(report)["classes"]


def test_a_damaged_layout_entry_opens_without_layouts(report, tmp_path):
    import sqlite3

    path = save_check(tmp_path / "damaged.plagscope", report)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE plagscope_meta SET value = '{not json' WHERE key = 'check_layouts'")
    back = open_check(path).report
    assert all(d.layout is None for d in back.documents)
    assert [d.text for d in back.documents] == [d.text for d in report.documents]


def test_every_class_and_figure_reads_back_from_the_json_report_with_the_texts(report):
    import json

    from core.reports import from_json, render_json

    data = json.loads(render_json(report))
    docx = next(i for i, d in enumerate(report.documents) if d.format == "docx")
    assert data["documents"][docx]["layout"]["block_quotes"]
    back = from_json(data, [d.text for d in report.documents])
    assert [d.layout for d in back.documents] == [d.layout for d in report.documents]
    assert facts(back) == facts(report)
    data["documents"][docx]["layout"]["headings"] = [[5, 10**9]]
    with pytest.raises(ValueError, match="layout"):
        from_json(data, [d.text for d in report.documents])
