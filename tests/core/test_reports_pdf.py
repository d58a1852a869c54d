"""The PDF report: read back with pdfminer, and the layout rules of issue 10 checked on the pages.

Rules: no word or file name broken inside (Chinese may wrap between characters); headings on
the page of what follows them; long passages printed whole; everything within the page width.
"""

import io
import itertools
import random
import re
from datetime import datetime

import pytest
from pdfminer.high_level import extract_pages, extract_text
from pdfminer.layout import LTChar, LTTextLine
from report_samples import EN_WORDS, en_text, zh_text

from core.models import Document, Match, PairResult, Report, Span
from core.options import CheckOptions
from core.reports import pdf_text, write_report
from core.reports.pdf_report import render_pdf
from core.reports.pdf_text import (
    FontMissing,
    Measure,
    break_lines,
    break_positions,
    register_fonts,
)

WHEN = datetime(2024, 5, 1, 9, 30)
A4_WIDTH, MARGIN = 595.27, 15 * 72 / 25.4
LONG_NAME = "student_041_zh_essay_final_version_after_the_teachers_comments.txt"
HEADING_SIZES = {13.5, 11.0, 9.5}
CAPTION = re.compile(r"characters \d+–\d+|第 \d+–\d+ 字符")


def flat(text):
    return re.sub(r"\s+", "", text)


def pair_report(texts, names, matches, options=None):
    docs = tuple(Document(i, name, f"/class/{name}", "txt", text) for i, (name, text) in enumerate(zip(names, texts)))
    pairs = tuple(PairResult(0, i, 10, 0.9, 0.9, 0.9, 100, tuple(ms)) for i, ms in enumerate(matches, 1))
    return Report(options or CheckOptions(), docs, tuple(range(len(docs))), pairs)


def lines_by_page(data):
    """Per page: its text lines as (top y, text, font sizes) from top to bottom."""
    pages = []
    for page in extract_pages(io.BytesIO(data)):
        lines = []

        def walk(item):
            if isinstance(item, LTTextLine):
                sizes = {round(ch.size, 1) for ch in item if isinstance(ch, LTChar)}
                lines.append((item.y1, item.x0, item.x1, item.get_text().strip(), sizes))  # noqa: B023 (called at once, inside the loop's own turn)
            elif hasattr(item, "__iter__"):
                for child in item:
                    walk(child)

        walk(page)
        pages.append(sorted(lines, key=lambda line: -line[0]))
    return pages


@pytest.fixture(scope="module")
def english():
    """One long English pair: a 6,000-character passage whose sides differ, long names."""
    rng = random.Random(3)
    left = en_text(rng, 900)
    right = "Preface. " + left.replace("homework", "assignments")
    n = len(left)
    report = pair_report([left, right], [LONG_NAME, "b_" + LONG_NAME],
                         [[Match(Span(0, n), Span(9, len(right)), 800)]])
    return report, render_pdf(report, generated=WHEN)


def test_text_reads_back_whole_with_no_truncation(english):
    report, data = english
    text = re.sub(r"Plagscopesimilarityreport·Generated2024-05-0109:30Page\d+", "",
                  flat(extract_text(io.BytesIO(data))))  # the page footers
    assert flat(report.documents[0].text) in text  # a 6,000-character passage, whole
    assert flat(report.documents[1].text[9:]) in text
    assert "..." not in text and "…" not in text


def test_no_word_is_broken_across_lines(english):
    _, data = english
    words = set(EN_WORDS)
    body = [line[3] for page in lines_by_page(data) for line in page if line[4] == {9.0}]  # passage text
    assert len(body) > 50
    for text in body:
        for token in re.findall(r"[A-Za-z]+", text):
            # a token that is only a piece of one of the essay's words would be a broken word
            assert token in words or not any(token in w and token != w for w in words), (token, text)


def test_a_long_file_name_breaks_only_after_its_separators(english):
    _, data = english
    for page in lines_by_page(data):
        texts = [line[3] for line in page]
        for a, b in itertools.pairwise(texts):
            joined = a + b
            if LONG_NAME in joined and LONG_NAME not in a and LONG_NAME not in b:
                head = a[a.rindex(LONG_NAME[:8]):]
                assert head[-1] in "_.-", (a, b)


def test_everything_stays_within_the_page_width():
    rng = random.Random(5)
    path_like = "x" * 40 + "/" + "_".join(["verylongfolder"] * 12)
    texts = [zh_text(rng, 1500), en_text(rng, 200) + " " + "y" * 300]
    report = pair_report(texts, [LONG_NAME, path_like], [[Match(Span(0, 1500), Span(0, 100), 50)]])
    data = render_pdf(report, generated=WHEN, language="zh")
    for page in lines_by_page(data):
        for _, x0, x1, text, _ in page:
            assert MARGIN - 1 <= x0 and x1 <= A4_WIDTH - MARGIN + 1, text


def test_headings_never_end_a_page():
    """Many pairs with passages of random length: some heading lands near each page bottom."""
    rng = random.Random(11)
    texts, matches = [zh_text(rng, 3000)], []
    for i in range(1, 16):
        length = rng.randrange(200, 1400)
        texts.append(texts[0][:length] + zh_text(rng, 300))
        matches.append([Match(Span(0, length), Span(0, length), length)])
    report = pair_report(texts, [f"essay_{i:02d}.txt" for i in range(len(texts))], matches)
    pages = lines_by_page(render_pdf(report, generated=WHEN, language="zh"))
    assert len(pages) > 5
    for number, page in enumerate(pages[:-1], 1):
        body = [line for line in page if line[0] > MARGIN + 10]  # above the footer
        last = body[-1]
        assert not (last[4] & HEADING_SIZES) and not CAPTION.search(last[3]), (number, last[3])


def test_chinese_report_reads_back_in_chinese():
    text = "网络改变了青少年的阅读习惯。"
    report = pair_report([text, text], ["作文甲.txt", "作文乙.txt"], [[Match(Span(0, 14), Span(0, 14), 13)]])
    out = extract_text(io.BytesIO(render_pdf(report, generated=WHEN, language="zh")))
    for expected in ("Plagscope 相似度检测报告", "按相似度排序的文档对", "作文甲.txt", text, "文字相同"):
        assert flat(expected) in flat(out)


def test_write_report_writes_a_pdf(tmp_path, english):
    report, _ = english
    path = write_report(report, tmp_path / "r.pdf")
    assert path.read_bytes().startswith(b"%PDF")


def test_a_missing_chinese_font_is_a_clear_error(monkeypatch):
    monkeypatch.setattr(pdf_text, "FONT_CANDIDATES", ())
    monkeypatch.setattr(pdf_text.shutil, "which", lambda name: None)
    monkeypatch.delenv(pdf_text.FONT_ENV, raising=False)
    with pytest.raises(FontMissing, match="fonts-wqy-microhei"):
        pdf_text.find_cjk_font()
    monkeypatch.setenv(pdf_text.FONT_ENV, "/nonexistent/font.ttf")
    with pytest.raises(OSError, match="PLAGSCOPE_CJK_FONT"):
        pdf_text.find_cjk_font()


# break_lines: where a line may break -------------------------------------------------------

@pytest.fixture(scope="module")
def measure():
    font, _ = register_fonts()
    return Measure(font, 10)


def test_breaks_between_words_and_chinese_characters_not_inside_words():
    assert break_positions("ab cd") == [3]
    assert break_positions("中文字") == [1, 2]
    assert break_positions("中，文") == [2]  # never before closing punctuation
    assert break_positions("（中）") == [2] or break_positions("（中）") == []
    assert break_positions("a_b.c") == []
    assert break_positions("a_b.c", "name") == [2, 4]
    assert break_positions("0a1f", "code") == [1, 2, 3]
    assert break_positions("well-known") == [5]


def test_break_lines_fills_lines_greedily_and_cuts_only_a_word_wider_than_the_line(measure):
    text = "alpha beta gamma"
    width = measure("alpha beta") + 1
    assert break_lines(text, width, measure) == [11]  # the space at the line's end does not count
    assert break_lines(text, width - 2, measure) == [6, 11]
    long = "x" * 50
    cuts = break_lines(long, measure("x" * 20), measure)
    assert cuts == [20, 40]  # the last resort: nothing else could fit it
    assert break_lines(LONG_NAME, measure(LONG_NAME[:30]), measure, "name")[0] in (
        [i + 1 for i, ch in enumerate(LONG_NAME) if ch in "_."])


def test_column_widths_fill_the_page_and_never_squeeze_numbers():
    from core.reports.model import Column, ReportDocument
    from core.reports.pdf_report import Layout, column_widths
    st = Layout(ReportDocument("t", "s", "en", "en"), 500).st
    columns = (Column("#", "number"), Column("Name", "name"), Column("SHA-256", "code"),
               Column("Path", "path", 2.0))
    rows = [("1000", LONG_NAME, "ab" * 32, "/class/" + LONG_NAME)] * 3
    for width in (500.0, 200.0):
        widths = column_widths(columns, rows, width, st)
        assert abs(sum(widths) - width) < 0.01
        assert widths[0] >= st["number"].measure("1000") + 6  # the number fits on its line
    tight = column_widths(columns, rows, 200.0, st)
    roomy = column_widths(columns, rows, 500.0, st)
    assert tight[0] == roomy[0] and tight[1] < roomy[1]


def test_markup_in_names_and_texts_is_printed_as_text():
    text = 'Intro <b>bold?</b> & <font size="40">big</font> <br/> end of the essay here'
    name = '<i>x</i> & <para>.txt'
    report = pair_report([text, text], [name, "b.txt"], [[Match(Span(0, len(text)), Span(0, len(text)), 9)]])
    out = flat(extract_text(io.BytesIO(render_pdf(report, generated=WHEN))))
    assert flat(text) in out and flat(name) in out
