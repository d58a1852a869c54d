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


def test_ranked_pairs_and_pair_details_use_distinct_short_names_with_the_key(planted_class):
    from core.reports.html_report import html_page
    from core.reports.model import Article, Comparison, Table

    _, report = planted_class
    document = build_document(report, threshold=0.0)
    sections = {s.anchor: s for s in document.sections}
    table = next(b for b in sections["pairs"].blocks if isinstance(b, Table))
    rows = [(r.cells[1].text, r.cells[2].text) for r in table.rows]
    assert len(rows) > 30 and len(set(rows)) == len(rows)  # no two rows read the same
    full = {d.name for d in report.documents}
    for row in table.rows:  # short names, the full name and path on hover
        for cell in row.cells[1:3]:
            assert cell.text not in full and re.fullmatch(r"\d{3}", cell.text)
            name, path = cell.hint.split(" — ")
            assert name in full and path.endswith(name) and cell.text in name
    articles = [b for b in sections["details"].blocks if isinstance(b, Article)]
    assert articles and len({a.title for a in articles}) == len(articles)
    for article in articles:
        assert not any(name in article.title for name in full)
        cmp = next(b for b in article.blocks if isinstance(b, Comparison))
        assert cmp.left.title != cmp.right.title and cmp.left.title not in full
    # the documents table is the key: short name, full name and path, one row each
    key = next(b for b in sections["documents"].blocks if isinstance(b, Table))
    shown = [r.cells[1].text for r in key.rows]
    assert len(set(shown)) == len(shown) == len(report.documents)
    assert [r.cells[2].text for r in key.rows] == [d.name for d in report.documents]
    html = html_page(document)
    first = report.documents[report.pairs[0].left]
    assert f'title="{first.name} — {first.path}"' in html
