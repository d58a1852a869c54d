"""A PDF's layout as attribution sees it (issue 15): block quotes set in from the margin,
superscript citation markers, headings in a larger or bold font, as exact spans into the
text the loader returns; and the classes of the passages they decide (zh and en PDFs
typeset here by reportlab)."""

import pytest

pytest.importorskip("reportlab")

from reportlab.lib.enums import TA_JUSTIFY, TA_LEFT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.platypus import Paragraph, SimpleDocTemplate

from core.academic.attribution import analyse
from core.academic.figures import document_figures
from core.loaders import load_document
from core.models import Document
from core.options import CheckOptions
from core.pipeline import check_documents, run

EN = {
    "cited": "Cities grow in ways that planners rarely foresee, and the people who live in them adapt "
             "faster than any plan ever written for them.",
    "quote": "Public libraries remain one of the few places where anyone can sit for hours without being "
             "asked to buy anything, and this matters more than ever in a city where every seat has a price.",
    "plain": "Streets are also where children first learn how to share space with strangers, and this "
             "lesson stays with them for the rest of their lives.",
}
ZH = {
    "cited": "城市的发展往往超出规划者的预料，生活在其中的人们总是比任何规划都适应得更快。",
    "quote": "公共图书馆仍然是少数几个任何人都可以在那里坐上几个小时而不会被要求购买任何东西的地方，"
             "在一个每个座位都有价格的城市里，这一点比以往任何时候都更加重要。",
    "plain": "街道也是孩子们第一次学会与陌生人分享空间的地方，这一课将伴随他们的一生。",
}
HEADINGS = {"en": ("1. Introduction", "2. Conclusion"), "zh": ("一、引言", "二、结论")}
SUPERSCRIPTS = {"en": ("1", "2,3"), "zh": ("1", "2")}


def typeset(path, lang: str) -> None:
    cjk = lang == "zh"
    if cjk:
        pdfmetrics.registerFont(UnicodeCIDFont("STSong-Light"))
    font, bold = ("STSong-Light", "STSong-Light") if cjk else ("Helvetica", "Helvetica-Bold")
    # justified, as word processors set essays (pdfminer keeps a paragraph whose first line is
    # indented in one text box when the lines' right edges align)
    body = ParagraphStyle("body", fontName=font, fontSize=11, leading=16, spaceAfter=8, alignment=TA_JUSTIFY if cjk else TA_LEFT,
                          firstLineIndent=22 if cjk else 0, wordWrap="CJK" if cjk else None)
    quote = ParagraphStyle("quote", parent=body, leftIndent=36, rightIndent=36, fontSize=10, leading=14,
                           firstLineIndent=0)
    head = ParagraphStyle("head", parent=body, fontName=bold, fontSize=15, leading=20, firstLineIndent=0,
                          alignment=TA_LEFT)
    note = ParagraphStyle("note", parent=body, fontSize=8.5, leading=11, firstLineIndent=0)
    t = EN if lang == "en" else ZH
    h1, h2 = HEADINGS[lang]
    s1, s2 = SUPERSCRIPTS[lang]
    if lang == "en":
        story = [
            (head, h1),
            (body, (f"{t['cited']}<super>{s1}</super> Her view still shapes the debate about streets and "
                   "neighbourhoods today.")),
            (body, "Smith (2020) writes about the role of libraries as follows:"),
            (quote, t["quote"]),
            (body, t["plain"]),
            (head, h2),
            (body, (f"Transport and libraries together widen what a city offers.<super>{s2}</super> "
                   "That is the point of this short essay.")),
            (note, ("A footnote in a smaller font, flush with the margin, which is no quotation of anything "
                   "at all and must not be taken for one by the reader.")),
        ]
    else:
        story = [
            (head, h1),
            (body, (f"{t['cited']}<super>{s1}</super>这一看法至今仍然影响着关于街道与社区的讨论，也影响着"
                   "许多城市在规划新区时对公共空间的安排和对步行者的重视。")),
            (body, "李四（2020）在谈到这类场所时这样写道："),
            (quote, t["quote"]),
            (body, t["plain"]),
            (head, h2),
            (body, f"交通与图书馆一起拓宽了城市能够为人们提供的东西。<super>{s2}</super>这就是本文的要点。"),
            (note, "这是一个字号较小、与正文左边对齐的脚注，它不是对任何文字的引用，读者也不应把它当作引用。"),
        ]
    SimpleDocTemplate(str(path), pagesize=A4).build([Paragraph(text, style) for style, text in story])


@pytest.fixture(scope="module", params=["en", "zh"])
def pdf(request, tmp_path_factory):
    lang = request.param
    path = tmp_path_factory.mktemp(f"pdf-layout-{lang}") / f"essay_{lang}.pdf"
    typeset(path, lang)
    return lang, load_document(path, 0)


def test_the_layout_has_exact_spans_of_quotes_superscripts_and_headings(pdf):
    lang, doc = pdf
    t, text, layout = (EN if lang == "en" else ZH), doc.text, doc.layout
    assert layout is not None
    assert [text[s.start:s.end] for s in layout.block_quotes] == [t["quote"]]
    assert [text[s.start:s.end] for s in layout.superscripts] == list(SUPERSCRIPTS[lang])
    assert text[layout.superscripts[0].start - 1] in ".。"  # right after the cited sentence
    assert [text[s.start:s.end] for s in layout.headings] == list(HEADINGS[lang])
    found = analyse(doc)
    assert [h.title for h in found.headings] == list(HEADINGS[lang])


def test_the_layout_decides_the_classes_of_the_passages(pdf):
    lang, doc = pdf
    t = EN if lang == "en" else ZH
    filler = (" The weather was mild that year and the harvest came in early. Nobody in the valley "
              "remembered such a quiet autumn, and the markets were full of pears and late plums. " if lang == "en"
              else "那一年的天气很温和，庄稼也早早地收完了。山谷里没有人记得有过这样安静的秋天，"
                   "集市上堆满了梨子和晚熟的李子，孩子们整天在河边玩耍。")
    source = Document(1, "source.txt", "source.txt", "txt",
                      filler.join(["", t["cited"], t["quote"], t["plain"], ""]))
    options = CheckOptions(workers=1)

    def classes(document):
        report = run(check_documents([document, source], options))
        [pair] = report.pairs
        return {document.text[m.left.start:m.left.end].strip(): m.attribution for m in pair.matches}, report

    found, report = classes(doc)
    by_key = {key: next(cls for passage, cls in found.items() if t[key][:12] in passage) for key in t}
    assert by_key == {"cited": "cited", "quote": "quoted_cited", "plain": "unattributed"}
    # without the layout the same text has no block quote and no superscript to go by
    bare, _ = classes(Document(0, doc.name, doc.path, doc.format, doc.text))
    assert {key: next(cls for passage, cls in bare.items() if t[key][:12] in passage) for key in t} == \
        {"cited": "unattributed", "quote": "unattributed", "plain": "unattributed"}
    # the headings make the sections of the figures
    [figures] = document_figures(report)[:1]
    assert [s.title for s in figures.sections][-2:] == list(HEADINGS[lang])


def test_a_pdf_without_set_off_text_has_no_block_quote(tmp_path):
    from reportlab.pdfgen import canvas

    path = tmp_path / "plain.pdf"
    c = canvas.Canvas(str(path), pagesize=A4)
    y = 760
    for n in range(12):  # first-line indents only, and a one-line indented paragraph
        c.setFont("Helvetica", 11)
        c.drawString(100 if n % 3 == 0 else 78, y, f"Line {n} of an ordinary paragraph with words enough to fill it up")
        y -= 16 if n % 3 != 2 else 28
    y -= 20
    for n in range(4):  # a two-column part (a table): the right column is set in, but beside the left
        c.drawString(78, y, f"Left cell line {n} with a few words")
        c.drawString(300, y, f"Right cell line {n} holding several more words")
        y -= 14
    c.save()
    doc = load_document(path, 0)
    assert "Right cell line 3" in doc.text
    assert doc.layout is None or not doc.layout.block_quotes


@pytest.mark.parametrize("cjk", [False, True], ids=["en", "zh"])
def test_every_line_but_running_heads_and_page_numbers_is_placed_in_the_text(tmp_path, cjk):
    """Hyphenated words rejoined, paragraphs across pages joined, heads and page numbers
    dropped by the text reconstruction: every other line still has its exact place."""
    import random

    import test_pdf_layout as typesetting  # engine's typesetter: running head, page numbers, hyphens

    from core.loaders import pdf
    from core.loaders.pdf_layout import Collector

    rng = random.Random(1)
    path = tmp_path / "long.pdf"
    typesetting.typeset(path, typesetting.chinese(rng) if cjk else typesetting.english(rng), cjk)
    collector = Collector()
    text = pdf._extract(path.read_bytes(), collector.converter)
    collector.layout(text)
    lost = {line.text.strip() for line in collector.lines if line.start < 0}
    assert lost and all(x.isdigit() or "Course paper" in x for x in lost)
    for line in collector.lines:
        if line.start >= 0:
            stripped = line.text.strip()
            assert text.startswith(stripped.rstrip("-"), line.start)
    assert sum(line.start >= 0 for line in collector.lines) > 90
