"""core.academic.attribution: quotations, citations, reference sections and passage classes."""

import io

import docx
import pytest
from docx.shared import Cm

from core.academic.attribution import analyse, match_class
from core.loaders.docx import extract_with_layout
from core.models import Document, Span


def doc(text, fmt="txt", layout=None):
    return Document(0, "a.txt", "/virtual/a.txt", fmt, text, layout=layout)


def spans_of(text, items):
    return [text[i.span.start:i.span.end] for i in items]


def span_of(text, part):
    start = text.index(part)
    return Span(start, start + len(part))


@pytest.mark.parametrize("quoted", [
    "“其实地上本没有路，走的人多了，也便成了路。”",
    "「其实地上本没有路，走的人多了，也便成了路。」",
    "『其实地上本没有路，走的人多了，也便成了路。』",
    "‘其实地上本没有路，走的人多了，也便成了路。’",
    '"the quick brown fox jumps over the lazy dog"',
    "'the quick brown fox jumps over the lazy dog'",
])
def test_each_kind_of_quotation_mark_gives_the_exact_span(quoted):
    text = f"He wrote {quoted} and left."
    a = analyse(doc(text))
    assert spans_of(text, a.quotations) == [quoted]
    assert not a.quotations[0].emphasis


def test_nested_quotes_and_apostrophes():
    text = "He said, “the students’ answer was ‘no’ every single time in class.” Don't stop."
    a = analyse(doc(text))
    assert spans_of(text, a.quotations) == ["“the students’ answer was ‘no’ every single time in class.”", "‘no’"]
    assert [q.emphasis for q in a.quotations] == [False, True]


def test_short_quoted_words_are_emphasis():
    text = "所谓“内卷”，就是 'so-called' progress，并非“一个完整的引用句子在这里”。"
    a = analyse(doc(text))
    assert [(t, q.emphasis) for t, q in zip(spans_of(text, a.quotations), a.quotations)] == [
        ("“内卷”", True), ("'so-called'", True), ("“一个完整的引用句子在这里”", False)]


def test_unclosed_quote_does_not_cross_a_paragraph():
    text = "第一段有一个“没有关上的引号\n\n第二段有一个完整的”结尾和“另一个很长的完整引用句子”。"
    a = analyse(doc(text))
    assert spans_of(text, a.quotations) == ["“另一个很长的完整引用句子”"]


def test_docx_paragraphs_end_quotes_at_each_line_break():
    text = "段落一“没有结尾\n段落二也有“完整的引用句子在这一段”"
    assert spans_of(text, analyse(doc(text, "docx")).quotations) == ["“完整的引用句子在这一段”"]


@pytest.mark.parametrize("marker,kind", [
    ("[1]", "numeric"), ("[1-3]", "numeric"), ("[1,4]", "numeric"), ("［2］", "numeric"),
    ("(Smith, 2020)", "author_year"), ("(Smith 2020, p. 5)", "author_year"),
    ("(Smith & Jones, 2019; Lee, 2020)", "author_year"), ("(Smith et al., 2020, pp. 3-4)", "author_year"),
    ("Smith (2020)", "narrative"), ("Smith et al. (2020)", "narrative"),
    ("张三（2020）", "narrative"), ("张三等（2020）", "narrative"), ("（张三，2020）", "author_year"),
    ("据国家统计局统计", "according"), ("²³", "superscript"),
])
def test_citation_markers(marker, kind):
    text = f"这是正文 {marker} 然后继续。"
    a = analyse(doc(text))
    assert [(text[c.span.start:c.span.end].strip(), c.kind) for c in a.citations] == [(marker, kind)]


def test_docx_superscript_numbers_are_citations():
    d = docx.Document()
    p = d.add_paragraph("Body text cites a source")
    run = p.add_run("12")
    run.font.superscript = True
    p.add_run(" and the year 2020 is plain.")
    buf = io.BytesIO()
    d.save(buf)
    text, layout = extract_with_layout(buf.getvalue())
    a = analyse(doc(text, "docx", layout))
    assert [(text[c.span.start:c.span.end], c.kind) for c in a.citations] == [("12", "superscript")]


def test_docx_quote_style_indentation_and_headings():
    d = docx.Document()
    d.add_heading("Introduction", 1)
    d.add_paragraph("An ordinary paragraph of body text.")
    d.add_paragraph("A quotation set off with the Quote style.", style="Quote")
    d.add_paragraph("Numbered item", style="List Number")
    indented = d.add_paragraph("A quotation set off by indentation alone.")
    indented.paragraph_format.left_indent = Cm(1.5)
    buf = io.BytesIO()
    d.save(buf)
    text, layout = extract_with_layout(buf.getvalue())
    assert [text[s.start:s.end] for s in layout.headings] == ["Introduction"]
    assert [text[s.start:s.end] for s in layout.block_quotes] == [
        "A quotation set off with the Quote style.", "A quotation set off by indentation alone."]
    a = analyse(doc(text, "docx", layout))
    assert [q.kind for q in a.quotations] == ["block", "block"]


def test_txt_block_quote_is_an_indented_blank_line_separated_paragraph():
    text = ("First body paragraph, not indented at all, with some words.\n\n"
            "Second body paragraph follows the first one here.\n\n"
            "    An indented quotation of several words set off\n    from the body (Orwell, 1946, p. 12).\n\n"
            "Third body paragraph ends the text.")
    a = analyse(doc(text))
    assert spans_of(text, a.quotations) == [
        "An indented quotation of several words set off\n    from the body (Orwell, 1946, p. 12)."]
    assert a.quotations[0].cited


def test_chinese_first_line_indent_is_not_a_block_quote():
    text = "\n\n".join("　　这是普通的段落，首行缩进两个字。" * 2 for _ in range(4))
    assert analyse(doc(text)).quotations == ()


def test_reference_section_runs_to_next_heading_or_first_non_entry():
    text = ("一、引言\n正文在这里。\n\n参考文献\n[1] 鲁迅. 故乡[M]. 北京: 人民文学出版社, 1921.\n"
            "[2] Smith, J. (2020). Foxes. Journal, 3, 1-10.\n\n第二篇　春天\n第二篇的正文。\n\n"
            "References\nSmith, J. (2020). Foxes. Journal, 3, 1-10.\n\nA body paragraph with no year or number after the list.")
    a = analyse(doc(text))
    assert [h.title for h in a.headings] == ["一、引言", "参考文献", "第二篇　春天", "References"]
    assert [text[r.start:r.end] for r in a.references] == [
        "参考文献\n[1] 鲁迅. 故乡[M]. 北京: 人民文学出版社, 1921.\n[2] Smith, J. (2020). Foxes. Journal, 3, 1-10.",
        "References\nSmith, J. (2020). Foxes. Journal, 3, 1-10."]


SENTENCE = "其实地上本没有路，走的人多了，也便成了路"


@pytest.mark.parametrize("text,expected", [
    (f"我们都知道{SENTENCE}。这是常识。", "unattributed"),
    (f"鲁迅说：“{SENTENCE}。”[1]这是常识。", "quoted_cited"),
    (f"鲁迅（1921）说：“{SENTENCE}。”这是常识。", "quoted_cited"),
    (f"鲁迅说：“{SENTENCE}。”这是常识。", "quoted"),
    (f"鲁迅说：“{SENTENCE}。”这是常识。大家都这样想。后来的研究也如此（张三，2020）。", "quoted"),  # far citation
    (f"我们都知道{SENTENCE}[3]。这是常识。", "cited"),
    (f"据张三统计，{SENTENCE}。这是常识。", "cited"),
    (f"我们都知道所谓“内卷”就是{SENTENCE}。这是常识。", "unattributed"),  # emphasis
    (f"正文。\n\n参考文献\n[1] {SENTENCE}[M]. 北京: 出版社, 1921.", "references"),
])
def test_side_class(text, expected):
    a = analyse(doc(text))
    assert a.side_class(span_of(text, SENTENCE)) == expected


def test_english_side_classes():
    s = "the cities we share are built by the many hands of those who live in them"
    cases = [
        (f"Smith (2020) argues that \"{s}.\" Then more.", "quoted_cited"),
        (f"It is said that \"{s}\" (Smith, 2020, p. 5). Then more.", "quoted_cited"),
        (f"It is said that \"{s}.\" Then more. And more (Jones, 2018).", "quoted"),
        (f"It is often said that {s} (Brown & Green, 2019).", "cited"),
        (f"It is often said that {s}. Et al. (Brown, 2019) is later.", "unattributed"),
    ]
    for text, expected in cases:
        assert analyse(doc(text)).side_class(span_of(text, s)) == expected, text


def test_match_class_is_the_attributing_side():
    assert match_class("unattributed", "quoted_cited") == "quoted_cited"
    assert match_class("cited", "unattributed") == "cited"
    assert match_class("quoted", "quoted_cited") == "quoted_cited"
    assert match_class("references", "references") == "references"
    assert match_class("unattributed", "unattributed") == "unattributed"


def test_a_narrative_citation_opening_the_next_sentence_is_not_the_previous_ones():
    text = f"我们都知道{SENTENCE}。张三（2020）指出：“另一句很长的引用在这里出现了。”"
    a = analyse(doc(text))
    assert a.side_class(span_of(text, SENTENCE)) == "unattributed"
    text = f"鲁迅说：“{SENTENCE}。”张三（2020）则认为并非如此。"
    assert analyse(doc(text)).side_class(span_of(text, SENTENCE)) == "quoted"
