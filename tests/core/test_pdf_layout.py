"""PDF text as written (issue 12): a text and a PDF typeset from it (hyphenation, a running
header, page numbers, paragraphs across pages) read as the same text."""

import random
import re

import pytest

reportlab = pytest.importorskip("reportlab")  # in the dev extra, which CI installs

from reportlab.lib.pagesizes import A4
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfgen import canvas

from core.loaders import load_document
from core.options import CheckOptions
from core.pipeline import check_documents, run

WORDS = ["teacher", "student", "essay", "plagiarism", "comparison", "institutional", "responsibility", "characteristically", "documentation", "acknowledgement", "interpretation", "the", "of", "and", "a", "to", "in", "is", "that", "it", "was", "for", "on", "are", "with", "as", "his", "they", "be", "at", "one", "have", "this", "from", "or", "had", "by", "word", "but", "what", "some", "we", "can", "out", "other", "were", "all", "there", "when", "up", "use", "your", "how", "said", "an", "each", "she", "which", "do", "their", "time", "if", "will", "way", "about", "many", "then", "them", "write", "would", "like", "so", "these", "her", "long", "make", "thing", "see", "him", "two", "has", "look", "more", "day", "could", "go", "come", "did", "number", "sound", "no", "most", "people", "my", "over", "know", "water", "than", "call", "first", "who", "may", "down", "side", "been", "now", "find"]


def english(rng: random.Random) -> list[str]:
    paragraphs = []
    for _ in range(20):
        sentences = []
        for _ in range(rng.randint(3, 5)):
            words = [rng.choice(WORDS) for _ in range(rng.randint(8, 16))]
            sentences.append(" ".join(words).capitalize() + ".")
        paragraphs.append(" ".join(sentences))
    return paragraphs


def chinese(rng: random.Random) -> list[str]:
    han = lambda n: "".join(chr(rng.randrange(0x4E00, 0x4E00 + 3000)) for _ in range(n))
    return ["，".join(han(rng.randint(8, 20)) for _ in range(rng.randint(8, 14))) + "。"
            for _ in range(20)]


def lines_of(paragraph: str, font: str, size: float, width: float, cjk: bool) -> list[str]:
    """Greedy line breaking; an English word that does not fit is hyphenated when long."""
    fits = lambda s: pdfmetrics.stringWidth(s, font, size) <= width
    lines, line = [], ""
    if cjk:
        for ch in paragraph:
            if not fits(line + ch):
                lines.append(line)
                line = ""
            line += ch
        return lines + [line]
    for word in paragraph.split():
        candidate = f"{line} {word}" if line else word
        if fits(candidate):
            line = candidate
            continue
        if len(word) >= 8:
            for cut in range(len(word) - 3, 2, -1):
                if fits(f"{line} {word[:cut]}-"):
                    lines.append(f"{line} {word[:cut]}-")
                    line = word[cut:]
                    break
            else:
                lines.append(line)
                line = word
        else:
            lines.append(line)
            line = word
    return lines + [line]


def typeset(path, paragraphs: list[str], cjk: bool) -> int:
    font = "STSong-Light" if cjk else "Helvetica"
    if cjk:
        pdfmetrics.registerFont(UnicodeCIDFont(font))
    c = canvas.Canvas(str(path), pagesize=A4)
    size, leading, left, width = 11, 15, 72, 300
    top, bottom, page = 760, 90, 1

    def furniture():
        c.setFont(font, 9)
        c.drawString(left, 805, "课程论文 Course paper" if cjk else "Course paper: Academic Writing")
        c.drawCentredString(A4[0] / 2, 40, str(page))
        c.setFont(font, size)

    furniture()
    y = top
    for paragraph in paragraphs:
        for line in lines_of(paragraph, font, size, width, cjk):
            if y < bottom:
                c.showPage()
                page += 1
                furniture()
                y = top
            c.drawString(left, y, line)
            y -= leading
        y -= leading  # a blank line between paragraphs
    c.save()
    return page


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_typeset_pdf_reads_as_the_text_it_was_made_from(tmp_path, docs, lang):
    paragraphs = (english if lang == "en" else chinese)(random.Random(4))
    source = "\n\n".join(paragraphs)
    pages = typeset(tmp_path / "paper.pdf", paragraphs, cjk=lang == "zh")
    assert pages >= 3  # headers, page numbers and page breaks are really there
    text = load_document(tmp_path / "paper.pdf").text
    assert abs(len(text) - len(source)) <= 0.01 * len(source)
    assert [re.sub(r"\s+", " ", p) for p in text.split("\n\n")] == paragraphs
    [pair] = run(check_documents(docs(source, text), CheckOptions())).pairs
    assert pair.similarity >= 0.98


def test_a_two_column_page_reads_column_by_column(tmp_path):
    paragraphs = english(random.Random(9))[:6]
    c = canvas.Canvas(str(tmp_path / "columns.pdf"), pagesize=A4)
    c.setFont("Helvetica", 10)
    for column, left in ((paragraphs[:3], 50), (paragraphs[3:], 310)):
        y = 780
        for paragraph in column:
            for line in lines_of(paragraph, "Helvetica", 10, 230, cjk=False):
                c.drawString(left, y, line)
                y -= 13
            y -= 13
    c.save()
    text = load_document(tmp_path / "columns.pdf").text
    assert [re.sub(r"\s+", " ", p) for p in text.split("\n\n")] == paragraphs
