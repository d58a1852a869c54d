"""The HTML report: self-contained, escaped, with linked passages handled when they overlap."""

from collections import Counter
from datetime import datetime
from html.parser import HTMLParser

import pytest

from core.models import Document, FileError, Match, PairResult, Report, Span
from core.options import CheckOptions
from core.reports import from_json, render_html, to_json, write_report
from core.reports.html_report import marked_text

WHEN = datetime(2024, 5, 1, 9, 30)
HOSTILE = ('Intro <script>alert("x")</script> then <img src=x onerror="alert(1)"> and '
           "</textarea> plus {{ secret }} & 'quotes' see http://example.com/a.png end")


class Page(HTMLParser):
    """Collects start tags with their attributes, and all text outside <style>."""

    def __init__(self, markup):
        super().__init__(convert_charrefs=True)
        self.tags, self.data, self._in_style = [], [], False
        self.feed(markup)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in_style = tag == "style"

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        self._in_style = False

    def handle_data(self, data):
        if not self._in_style:
            self.data.append(data)

    @property
    def text(self):
        return "".join(self.data)

    def named(self, tag):
        return [attrs for t, attrs in self.tags if t == tag]

    def ids(self):
        return Counter(attrs["id"] for _, attrs in self.tags if "id" in attrs)


def doc(i, name, text, path=None):
    return Document(i, name, path or f"/essays/{name}", "txt", text)


def hostile_report():
    copy = "Copied: " + HOSTILE
    docs = (
        doc(0, '<img src=x onerror="alert(2)">.txt', HOSTILE, path='/e/"><script>alert(3)</script>'),
        doc(1, "copy.txt", copy),
    )
    n = len(HOSTILE)
    pair = PairResult(0, 1, 1, 0.9, 1.0, 0.9, n, (Match(Span(0, n), Span(8, 8 + n), 50),))
    error = FileError("/e/<script>bad</script>.pdf", "cannot read <b>this</b> & that")
    return Report(CheckOptions(), docs, (1, 2), (pair,), (error,))


def test_document_strings_render_as_text_never_as_markup():
    page = Page(render_html(hostile_report(), generated=WHEN))
    assert [t for t, _ in page.tags if t in ("script", "img", "textarea", "iframe", "object")] == []
    text = page.text
    for literal in ('<script>alert("x")</script>', '<img src=x onerror="alert(1)">', "</textarea>",
                    "{{ secret }}", "& 'quotes'", '<img src=x onerror="alert(2)">.txt',
                    "/e/<script>bad</script>.pdf", "cannot read <b>this</b> & that"):
        assert literal in text
    assert text.count(HOSTILE) == 2  # both sides show the whole text
    titles = [attrs["title"] for _, attrs in page.tags if "title" in attrs]
    # a path survives intact inside an attribute (tables show short names, "name — path" on hover)
    assert any(t.endswith('/e/"><script>alert(3)</script>') for t in titles)
    for _, attrs in page.tags:
        assert not any(name.startswith("on") for name in attrs)


def test_nothing_is_fetched_from_outside():
    report = hostile_report()
    markup = render_html(report, generated=WHEN)
    page = Page(markup)
    for _, attrs in page.tags:
        assert "src" not in attrs
        if "href" in attrs:
            assert attrs["href"].startswith("#")
    assert page.named("link") == [] and page.named("script") == []
    style = markup[markup.index("<style>"):markup.index("</style>")]
    assert "url(" not in style and "@import" not in style and "//" not in style
    # the only URLs are the literal ones inside the two document texts
    assert markup.count("http://") == sum(d.text.count("http://") for d in report.documents) == 2
    assert "https://" not in markup


def test_every_passage_link_has_exactly_one_target():
    page = Page(render_html(hostile_report(), generated=WHEN))
    ids = page.ids()
    assert ids["p1-m1-L"] == 1 and ids["p1-m1-R"] == 1
    assert all(count == 1 for count in ids.values())
    for _, attrs in page.tags:
        if attrs.get("href", "#")[1:]:
            assert attrs["href"][1:] in ids, attrs["href"]


def test_header_pair_table_and_errors():
    report = Report(
        CheckOptions(display_threshold=0.2, hamming=3),
        (doc(0, "a.txt", "alpha beta gamma"), doc(1, "b.txt", "alpha beta delta"), doc(2, "c.txt", "x")),
        (0, 1, 2),
        (PairResult(0, 1, 9, 0.4235, 0.5, 0.25, 10, (Match(Span(0, 10), Span(0, 10), 2),)),
         PairResult(1, 2, 2, 0.05, 0.0, 0.0, 0, ()),
         PairResult(0, 2, 30, 0.15, 0.1, 0.0, 4, ())),
        (FileError("/e/d.pdf", "encrypted"),),
    )
    markup = render_html(report, generated=WHEN)
    page = Page(markup)
    assert "2024-05-01 09:30" in page.text
    table = markup.split('<table class="pairs">')[1].split("</table>")[0]
    rows = table.split("<tbody>")[1].split("</tr>")[:-1]
    cells = [Page(row).data for row in rows]
    # copied share and kind first (0 and none, an empty cell: these pairs were never judged), then the verbatim figures
    assert cells[0] == ["1", "a.txt", "b.txt", "0.0%", "42.4%", "9", "50.0%", "25.0%", "10", "1"]
    assert cells[1] == ["2", "b.txt", "c.txt", "0.0%", "5.0%", "2", "0.0%", "0.0%", "0", "0"]
    assert cells[2] == ["3", "a.txt", "c.txt", "0.0%", "15.0%", "30", "10.0%", "0.0%", "4", "0"]
    # Shown side by side: 1 (similarity 42% >= 20%) and 2 (Hamming 2 <= 3), not 3.
    articles = [attrs["id"] for attrs in page.named("article")]
    assert articles == ["pair-1", "pair-2"]
    assert [attrs.get("class") for attrs in Page(table).named("tr")] == [None, "flagged", "flagged", None]
    errors = markup.split('<table class="errors">')[1].split("</table>")[0]
    assert Page(errors.split("<tbody>")[1]).data == ["/e/d.pdf", "encrypted"]


def test_empty_report_renders():
    page = Page(render_html(Report(CheckOptions(), (), (), (), ()), generated=WHEN))
    assert "No two documents share a passage." in page.text
    assert page.named("article") == []


def test_chinese_displays_and_labels_can_be_chinese():
    text = "网络改变了青少年的阅读习惯。"
    report = Report(CheckOptions(), (doc(0, "作文甲.txt", text), doc(1, "作文乙.txt", text)), (1, 1),
                    (PairResult(0, 1, 0, 1.0, 1.0, 1.0, 14, (Match(Span(0, 14), Span(0, 14), 13),)),))
    markup = render_html(report, generated=WHEN, language="zh")
    page = Page(markup)
    assert page.named("meta")[0] == {"charset": "utf-8"}
    assert page.named("html") == [{"lang": "zh-CN"}]
    for font in ('"Noto Sans CJK SC"', '"WenQuanYi Micro Hei"', '"Microsoft YaHei"', "sans-serif"):
        assert font in markup
    assert "作文甲.txt" in page.text and "按相似度排序的文档对" in page.text
    assert text in page.text
    texts = [attrs for attrs in page.named("div") if attrs.get("class") == "text"]
    assert texts == [{"class": "text", "lang": "zh"}, {"class": "text", "lang": "zh"}]
    with pytest.raises(ValueError):
        render_html(report, language="fr")


def test_report_read_back_without_texts_says_so():
    report = from_json(to_json(hostile_report()))
    page = Page(render_html(report, generated=WHEN))
    assert "The texts of these documents are not available in this report." in page.text


def test_write_report_html(tmp_path):
    path = write_report(hostile_report(), tmp_path / "r.HTM")
    markup = path.read_bytes().decode("utf-8")
    assert markup.startswith("<!DOCTYPE html>")
    assert Page(markup).named("article") == [{"class": "pair", "id": "pair-1"}]


# marked_text: the text cut at every passage boundary ------------------------------------

def test_disjoint_passages():
    out = marked_text("0123456789", [(1, 1, 3), (2, 5, 8)], 4, "L")
    assert out == (
        '0<a class="m m1 c0" id="p4-m1-L" href="#p4-m1-R" title="Passage 1">12</a>34'
        '<a class="m m2 c1" id="p4-m2-L" href="#p4-m2-R" title="Passage 2">567</a>89')


def test_nested_passages_split_the_outer_one():
    out = marked_text("abcdefghij", [(1, 0, 8), (2, 2, 5)], 1, "R")
    assert out == (
        '<a class="m m1 c0" id="p1-m1-R" href="#p1-m1-L" title="Passage 1">ab</a>'
        '<a class="m m1 m2 c1 ov" id="p1-m2-R" href="#p1-m2-L" title="Passage 2 (also passage 1)">cde</a>'
        '<a class="m m1 c0" href="#p1-m1-L" title="Passage 1">fgh</a>ij')


def test_partly_overlapping_passages():
    out = marked_text("abcdefghij", [(1, 0, 6), (2, 4, 10)], 1, "L")
    assert out == (
        '<a class="m m1 c0" id="p1-m1-L" href="#p1-m1-R" title="Passage 1">abcd</a>'
        '<a class="m m1 m2 c1 ov" id="p1-m2-L" href="#p1-m2-R" title="Passage 2 (also passage 1)">ef</a>'
        '<a class="m m2 c1" href="#p1-m2-R" title="Passage 2">ghij</a>')


def test_identical_spans_each_keep_an_id():
    out = marked_text("abcdef", [(1, 1, 4), (2, 1, 4)], 2, "R")
    assert out == (
        'a<span class="anchor" id="p2-m2-R"></span>'
        '<a class="m m1 m2 c0 ov" id="p2-m1-R" href="#p2-m1-L" title="Passage 1 (also passage 2)">bcd</a>'
        'ef')


def test_empty_and_out_of_range_spans_become_anchors():
    out = marked_text("abc", [(1, 1, 1), (2, 2, 9), (3, 7, 9)], 1, "L")
    assert out == (
        'a<span class="anchor" id="p1-m1-L"></span>b'
        '<a class="m m2 c1" id="p1-m2-L" href="#p1-m2-R" title="Passage 2">c</a>'
        '<span class="anchor" id="p1-m3-L"></span>')


def test_text_inside_passages_is_escaped():
    out = marked_text("<b>&</b>", [(1, 0, 4)], 1, "L")
    assert out == ('<a class="m m1 c0" id="p1-m1-L" href="#p1-m1-R" title="Passage 1">'
                   '&lt;b&gt;&amp;</a>&lt;/b&gt;')


def test_colors_cycle_through_the_palette():
    spans = [(j, j, j + 1) for j in range(1, 13)]
    out = marked_text("x" * 20, spans, 1, "L")
    assert 'class="m m10 c9"' in out and 'class="m m11 c0"' in out and 'class="m m12 c1"' in out


def test_changes_inside_a_passage_are_marked():
    from core.reports.html_report import marked_html
    from core.reports.model import Mark, MarkedText
    from core.reports.strings import strings
    text = MarkedText("abcdefgh", (Mark(1, 7, 1, "c0", "Passage 1"),), changes=((3, 5), (7, 8)), link="p1")
    out = marked_html(text, strings("en"))
    assert out == ('a<a class="m m1 c0" id="p1-m1-L" href="#p1-m1-R" title="Passage 1">bc</a>'
                   '<a class="m m1 c0 chg" href="#p1-m1-R" title="Passage 1">de</a>'
                   '<a class="m m1 c0" href="#p1-m1-R" title="Passage 1">fg</a>'
                   '<span class="chg">h</span>')
    unlinked = marked_html(MarkedText("ab<", (Mark(0, 3, 2, "c1", "x"),)), strings("en"))
    assert unlinked == '<span class="m m2 c1" title="x">ab&lt;</span>'


def test_every_new_part_escapes_too():
    """Options (a template path), groups and errors go through the same escaping."""
    from core.models import Group
    report = hostile_report()
    report = Report(CheckOptions(template='/t/<script>alert(4)</script>.txt', exclude=("<i>x</i>",)),
                    report.documents, report.simhashes, report.pairs, report.errors,
                    (Group((0, 1), 0),))
    page = Page(render_html(report, generated=WHEN))
    assert [t for t, _ in page.tags if t in ("script", "img", "i")] == []
    assert "/t/<script>alert(4)</script>.txt" in page.text and "<i>x</i>" in page.text
    full = '<img src=x onerror="alert(2)">.txt'
    titles = [attrs["title"] for _, attrs in page.tags if "title" in attrs]
    # the documents table (the key) shows it; pairs, groups and details name it on hover
    assert page.text.count(full) >= 1 and sum(full in t for t in titles) >= 3
