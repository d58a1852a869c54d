"""The HTML/PDF report leads with the groups and the per-student summary (issue 13)."""

import re

from core.models import Verdict
from core.reports import render
from core.reports.builder import build_document
from core.review import Verdicts


def test_groups_and_students_lead_the_report_with_short_names(planted_class):
    _, report = planted_class
    document = build_document(report)
    ids = [s.anchor for s in document.sections]
    assert ids.index("groups") < ids.index("students") < ids.index("pairs")
    groups = next(s for s in document.sections if s.anchor == "groups")
    table = next(b for b in groups.blocks if hasattr(b, "rows"))
    assert len(table.rows) == 6
    sources = [row.cells[2].text for row in table.rows]
    assert sum(bool(re.fullmatch(r"\d{3}", s)) for s in sources) == 4  # 4 named by short name
    students = next(s for s in document.sections if s.anchor == "students")
    rows = next(b for b in students.blocks if hasattr(b, "rows")).rows
    figures = [float(r.cells[1].text.rstrip("%")) for r in rows]
    assert figures == sorted(figures, reverse=True) and len(rows) >= 28
    assert all(re.fullmatch(r"\d{3}", r.cells[0].text) for r in rows)


def test_verdicts_appear_in_the_html(planted_class):
    _, report = planted_class
    doc = report.pairs[5].left
    verdicts = Verdicts().set_document(report.documents[doc].key, Verdict("suspicious", "ask"))
    html = render(report, "html", verdicts=verdicts).decode("utf-8")
    assert "Suspicious (ask)" in html
    assert "Suspicious" not in render(report, "html").decode("utf-8")
