"""The class report's pair details paint every passage by its attribution class in each
document's own text (the colors of core/reports/colors.py, the app's compare view and the
per-student pages), with a legend of the classes shown and the changed words marked."""

import make_academic
import pytest

from core.academic.classify import attribute
from core.models import ATTRIBUTIONS, Document, Match, PairResult, Report, Span
from core.options import CheckOptions
from core.reports.builder import build_document
from core.reports.colors import COLORS, class_color
from core.reports.html_report import html_page
from core.reports.model import Article, Comparison
from core.reports.pdf_report import pdf_bytes


@pytest.fixture
def report(academic_report):
    return academic_report


def comparisons(document):
    details = next(s for s in document.sections if s.anchor == "details")
    out = {}
    for article in (b for b in details.blocks if isinstance(b, Article)):
        [cmp] = [b for b in article.blocks if isinstance(b, Comparison)]
        # columns are titled by short names (core/review/names.py); the hint has "name — path"
        out[(cmp.left.hint.split(" — ")[0], cmp.right.hint.split(" — ")[0])] = cmp
    return out


@pytest.mark.parametrize("language", ["en", "zh"])
def test_each_passage_has_its_class_color_in_each_text_and_a_legend(report, language):
    planted = {d.name: d for d in make_academic.build()}
    found = comparisons(build_document(report, language=language, threshold=0.0))
    assert found
    checked = set()
    for (left, right), cmp in found.items():
        for name, side, other in ((left, cmp.left, right), (right, cmp.right, left)):
            expected = {(p.start, p.end): class_color(p.cls) for p in planted.get(name, make_academic.Doc(name)).planted
                        if p.cls and p.source == other}
            got = {(m.start, m.end): m.color for m in side.marks}
            for span, color in expected.items():
                assert got.get(span) == color, (name, other, span)
                checked.add(color)
        colors = {m.color for m in cmp.left.marks} | {m.color for m in cmp.right.marks}
        assert [f.value for f in cmp.legend] == [class_color(c) for c in ATTRIBUTIONS if class_color(c) in colors]
        assert all(c in COLORS for c in colors)
        for p in cmp.passages:  # the passage list and the PDF paint each side in that side's color
            [lm] = [m for m in cmp.left.marks if m.number == p.number]
            [rm] = [m for m in cmp.right.marks if m.number == p.number]
            assert (p.side_color("L"), p.side_color("R")) == (lm.color, rm.color)
    assert checked == {class_color(c) for c in ("unattributed", "quoted", "cited", "quoted_cited", "references")}


A = "交通网络的完善让城乡之间的距离越来越短。张三（2020）指出：“城市的发展离不开每一个普通劳动者的双手。”"
B = "今天，交通网络的改善让城乡之间的距离越来越短，人们往来方便。城市的发展离不开每一个普通劳动者的双手，这是常识。"


def small_report():
    def span(text, part):
        return Span(text.index(part), text.index(part) + len(part))
    docs = (Document(0, "a.txt", "a.txt", "txt", A), Document(1, "b.txt", "b.txt", "txt", B))
    p1a, p1b = span(A, "交通网络的完善让城乡之间的距离越来越短"), span(B, "交通网络的改善让城乡之间的距离越来越短")
    p2a, p2b = span(A, "城市的发展离不开每一个普通劳动者的双手"), span(B, "城市的发展离不开每一个普通劳动者的双手")
    changed_a, changed_b = Span(p1a.start + 5, p1a.start + 6), Span(p1b.start + 5, p1b.start + 6)  # 完 / 改
    pairs = [PairResult(0, 1, 0, 0.8, 0.8, 0.7, 19, (Match(p1a, p1b, 19, (changed_a,), (changed_b,)),
                                                      Match(p2a, p2b, 19)))]
    return Report(CheckOptions(), docs, (0, 0), tuple(attribute(docs, pairs, CheckOptions()))), changed_a, changed_b


@pytest.mark.parametrize("language", ["en", "zh"])
def test_sides_differ_in_class_changes_are_marked_and_both_formats_show_them(language):
    report, changed_a, changed_b = small_report()
    doc = build_document(report, language=language, threshold=0.0)
    [cmp] = comparisons(doc).values()
    assert [m.color for m in cmp.left.marks] == [class_color("unattributed"), class_color("quoted_cited")]
    assert [m.color for m in cmp.right.marks] == [class_color("unattributed"), class_color("unattributed")]
    assert cmp.left.changes == ((changed_a.start, changed_a.end),)
    assert cmp.right.changes == ((changed_b.start, changed_b.end),)
    assert [f.value for f in cmp.legend] == [class_color("unattributed"), class_color("quoted_cited")]
    assert cmp.passages[1].color == class_color("quoted_cited")  # the class in the document that took it
    html = html_page(doc)
    assert 'class="m m2 cls-quoted_cited"' in html and 'class="m m2 cls-unattributed"' in html
    assert f'<dt class="cls-quoted_cited">&nbsp;</dt><dd>{cmp.legend[1].label}</dd>' in html
    assert 'chg' in html
    pdf = pdf_bytes(doc)
    assert pdf.startswith(b"%PDF")
