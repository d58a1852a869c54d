"""core.academic.attribution reads only what a passage needs (the paragraphs it touches, the
lines around a sentence, the lines that may be headings): every answer is checked here against
the rule applied to the whole text, written out plainly, on generated texts full of the cases
that decide (citations across line breaks, \\r and \\r\\n, quotes across paragraphs, indented
blocks, short lines ending in punctuation, reference titles, white space str.strip keeps)."""

import random
import re
from bisect import bisect_right

import pytest

from core.academic.attribution import (
    _DATED,
    _HEADING_MAX,
    _HELD,
    _LEADING,
    _NUMBERING,
    _REFERENCE_HINTS,
    _REFERENCE_TITLES,
    _SECTION_NAMES,
    _TERMINAL,
    CITATION_PATTERNS,
    Heading,
    _indent,
    analyse,
    block_quotes,
    find_citations,
    find_headings,
    find_quotations,
    find_references,
    paragraphs,
)
from core.academic.text import CJK_CHAR, WORD, Counter, lines, merge, overlap, sentence_ends
from core.models import Document, Layout, Span

PIECES = ["“", "”", '"', "'", "‘", "’", "「", "」", "[1]", "[2,3]", "(Smith, 2020)", "Smith (2019)",
          "王明（2018）", "据国家统计局统计", "。", ".", "!", "?", "；", "：", ":", "，", "\n", "\n\n", "\r\n",
          "\r", "\r\n\r\n", "  ", "\t", "\u3000\u3000", "参考文献", "References:", "1. ", "一、", "(Smith,\n2020)",
          "[1,\n2]", "［２３\n］", "e.g.", "Dr.", "¹²", "abc def ghi", "中文文字内容很多而且不短", "。”",
          "the quick brown fox jumps", "Works Cited\n", "\n    indented quote line that is long enough\n",
          "\ufeff", "\x0b", "\u2028", "\x85", "引言", "结论"]


def texts(seed, count=100):
    rnd = random.Random(seed)
    return ["".join(rnd.choice(PIECES) for _ in range(rnd.randint(1, 160))) for _ in range(count)]


def doc(text, fmt="txt", layout=None):
    return Document(0, "a.txt", "/virtual/a.txt", fmt, text, layout=layout)


# ---- the rules over the whole text, written out plainly


def paragraphs_plain(text, paragraph_break="blank"):
    pattern = r"\r\n|\n|\r" if paragraph_break == "\n" else r"(?:\r\n|\n|\r)(?:[ \t\u3000]*(?:\r\n|\n|\r))+"
    out, at = [], 0
    for m in re.finditer(pattern, text):
        if m.start() > at:
            out.append((at, m.start()))
        at = m.end()
    if at < len(text):
        out.append((at, len(text)))
    return out


def headings_plain(text, layout):
    styled = {(s.start, s.end) for s in layout.headings}
    spans = list(lines(text))
    out = []
    for i, (s, e) in enumerate(spans):
        line = text[s:e]
        title = line.strip()
        if not title:
            continue
        lead = len(line) - len(line.lstrip())
        span = (s + lead, s + lead + len(title))
        if span in styled or (s, e) in styled:
            out.append(Heading(Span(*span), title))
            continue
        if len(title) > _HEADING_MAX:
            continue
        bare = _NUMBERING.sub("", title, count=1).strip()
        if _REFERENCE_TITLES.fullmatch(bare.rstrip(":：").strip()):
            out.append(Heading(Span(*span), title))
            continue
        if title.endswith((*_TERMINAL, ":", "：")) or not bare:
            continue
        if any(ch in title for ch in "。，；！？") or (". " in title):
            continue
        alone = (i == 0 or not text[spans[i - 1][0]:spans[i - 1][1]].strip()) and \
                (i + 1 == len(spans) or not text[spans[i + 1][0]:spans[i + 1][1]].strip())
        numbered = bare != title and _NUMBERING.match(title)
        if numbered or _SECTION_NAMES.fullmatch(bare) or (alone and len(title) <= 30 and len(spans) > 1):
            out.append(Heading(Span(*span), title))
    return out


def indented_plain(text):
    if not re.search("^[ \t\u3000]", text, re.MULTILINE):
        return []
    paras = paragraphs_plain(text)
    if len(paras) < 3:
        return []
    firsts = sorted(_indent(_LEADING.match(text, s, e).group()) for s, e in paras)
    need = max(firsts[len(firsts) // 2] + 2, 2)
    out = []
    for s, e in paras:
        if e - s > 1200:
            continue
        rows = [text[s + a:s + b] for a, b in lines(text[s:e]) if text[s + a:s + b].strip()]
        if not rows or any(_indent(r) < need for r in rows):
            continue
        out.append((s + len(text[s:e]) - len(text[s:e].lstrip()), e))
    return out


def sentence_plain(a, position):
    ends = sentence_ends(a.text, [(c.span.start, c.span.end) for c in a.citations])
    i = bisect_right(ends, position)
    return (ends[i - 1] if i else 0), (ends[i] if i < len(ends) else len(a.text))


def quoted_plain(a, start, end):
    """Whether [start, end) is mostly quoted, and whether a quotation it overlaps is cited, from
    every quotation of the text."""
    quotes = [(q.span.start, q.span.end, q.cited) for q in a.quotations if not q.emphasis]
    total = a.count(start, end)
    quoted = overlap(merge((s, e) for s, e, _ in quotes), start, end, a.count) >= 0.5 * total
    return quoted, any(c for s, e, c in quotes if s < end and e > start)


# ---- the tests


@pytest.mark.parametrize("seed", range(3))
def test_paragraphs_headings_and_blocks_are_those_of_every_line(seed):
    for text in texts(seed) + [t.replace("\r", "") for t in texts(seed)]:  # also without any \r
        for breaks in ("blank", "\n"):
            assert paragraphs(text, breaks) == paragraphs_plain(text, breaks)
        assert find_headings(text, Layout()) == headings_plain(text, Layout())
        assert block_quotes(text, Layout()) == indented_plain(text)


@pytest.mark.parametrize("text", [
    "正文第一段写了很多字，而且很长很长。\n\n" + " " * 30 + "结论" + " " * 30 + "\n\n正文。",
    "正文。\n\n\t\t\t\t\t\t\t\t\t\t参考文献：\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\n[1] 王明. 书名[M]. 2019.",
])
def test_a_short_title_in_a_long_line_of_white_space_is_a_heading(text):
    assert find_headings(text, Layout()) == headings_plain(text, Layout())
    assert len(find_headings(text, Layout())) == 1


def test_a_paragraph_whose_first_line_is_blank_is_read_on():  # (a line of white space the breaks keep)
    body = "\u3000\u3000正文的段落写得很长很长，一句又一句。\n\n"
    block = "  \x0b  \n        引用的文字缩进得更深一些，是一段块引用。\n        第二行也一样深。"
    text = body * 4 + block + "\n\n" + body
    assert block_quotes(text, Layout()) == indented_plain(text)
    assert len(block_quotes(text, Layout())) == 1


def test_styled_headings_are_read_whatever_their_length():
    text = "第一章 " + "很长的标题" * 12 + "\n\n正文。\n\n短标题：\n"
    long_line = (0, text.index("\n"))
    layout = Layout(headings=(Span(*long_line),))
    assert find_headings(text, layout) == headings_plain(text, layout)
    assert find_headings(text, layout)[0].span == Span(*long_line)


@pytest.mark.parametrize("seed", range(3))
def test_sentences_are_those_of_the_whole_text(seed):
    rnd = random.Random(seed)
    for text in texts(seed + 10):
        a = analyse(doc(text))
        for position in sorted({rnd.randrange(len(text) + 2) for _ in range(12)}) + [0, len(text)]:
            assert a.sentence_of(position) == sentence_plain(a, position), (text, position)


def test_a_citation_across_a_line_break_keeps_the_sentence_open():
    text = "第一句话在这里。第二句引用了别人的话[1,\n2]然后继续说下去。\n第三句。"
    a = analyse(doc(text))
    inside = text.index("然后")
    assert a.sentence_of(inside) == (text.index("第二句"), text.index("第三句") - 1)
    assert a.sentence_of(inside) == sentence_plain(a, inside)


@pytest.mark.parametrize("seed", range(3))
def test_quotations_near_a_span_are_those_of_the_whole_text(seed):
    rnd = random.Random(seed)
    for text in texts(seed + 20):
        for fmt in ("txt", "docx"):
            a = analyse(doc(text, fmt))
            every = find_quotations(text, Layout(), "\n" if fmt == "docx" else "blank")
            assert [(s, e, k) for s, e, k, _ in a._quotes_in(0, len(text))] == every
            for _ in range(10):
                start = rnd.randrange(len(text) + 1)
                end = min(len(text), start + rnd.choice([1, 10, 60, 400]))
                near = [(s, e, k) for s, e, k, _ in a._quotes_in(start, end)]
                assert near == [q for q in every if q[0] < end and q[1] > start]
                if a.count(start, end):
                    b = analyse(doc(text, fmt))
                    cls = b._span_class(start, end)  # the class of the span as a whole
                    quoted, cited = quoted_plain(b, start, end)
                    if cls != "references":
                        assert quoted == cls.startswith("quoted"), (text, start, end, cls)
                        if quoted and cited:
                            assert cls == "quoted_cited"


@pytest.mark.parametrize("seed", range(3))
def test_quotations_a_span_is_classed_by_are_those_long_enough(seed):
    """What classing a span reads (`_quotes_in` without emphasis) is the whole text's quotations
    that overlap the span and are not emphasis, each where it is in this text: asked span after
    span of one analysis, with the paragraphs' marks first found by a text that holds them
    further on (shared by paragraph text, kept from the paragraph's start)."""
    rnd = random.Random(seed)
    for text in texts(seed + 30):
        for fmt in ("txt", "docx"):
            known = {}
            analyse(doc("前言。\n\n" + text, fmt), known)._quotes_in(0, len(text) + 5)
            a, plain = analyse(doc(text, fmt), known), analyse(doc(text, fmt))
            every = find_quotations(text, Layout(), "\n" if fmt == "docx" else "blank")
            for _ in range(10):
                start = rnd.randrange(len(text) + 1)
                end = min(len(text), start + rnd.choice([1, 10, 60, 400]))
                want = [(s, e, k, False) for s, e, k in every
                        if s < end and e > start and not plain._emphasis(s, e)]
                assert a._quotes_in(start, end, emphasis=False) == want, (text, fmt, start, end)


def test_a_quote_in_another_paragraph_is_not_read():
    para = "他说：“这是一句很长的引用，足够长了吧。”\n\n"
    text = para * 50
    a = analyse(doc(text))
    assert a.side_class(Span(0, len(para) - 2)) == "quoted"
    assert sum(m is not None for m in a._marks) == 1  # one paragraph read of fifty
    assert a.quotations and None not in a._marks


def test_counts_are_those_of_the_characters():
    for text in texts(99, 60):
        count = Counter(text)
        solid = [0]
        for ch in text:
            solid.append(solid[-1] + (not ch.isspace() and ch != "\ufeff"))
        assert count.prefix.tolist() == solid


def test_units_are_those_the_words_and_cjk_characters_give():
    rnd = random.Random(5)
    every_range = "ぁゖァヺ㐀䶿一鿿豈﫿\U00020000\U0003134f"  # the first and last of each range of CJK_CHAR
    for text in texts(98, 60) + ["naïve café 第2版 x_y ２０２０年 Ⅻ ½ ①", "", every_range + "゙한국어〇", "ゟ㆐\U00031350"]:
        count = Counter(text)
        for _ in range(20):
            start = rnd.randrange(len(text) + 1)
            end = rnd.randrange(start, len(text) + 1)
            piece = text[start:end]
            words = len(WORD.findall(piece))
            assert count.units(start, end) == (len(CJK_CHAR.findall(piece)), words), (text, start, end)


def test_citations_are_those_every_pattern_finds():
    """find_citations skips a pattern in a text without a character all its markers hold, and
    tries a marker only where one may start: the same markers as running every pattern."""
    markers = ["[12]", "［3］", "【4-6】", "¹²", "⁴⁵", "(Smith, 2020)", "（王明，2019）", "Smith (2020)",
               "王明等（2018）", "据统计局统计", "(see Lee 2001, p. 4)",
               # years without a 2 or without a 1, each alone in a text below
               "(Smith, 1999)", "(Lee, 2023)", "（王明，1988）", "Smith (1899)", "李华（2034）", "(Lee 2003a)",
               # markers tried only where they may start: one right after another, a Chinese name
               # part of nine characters, white space and line breaks before the bracket
               "[1][2]", "［1］【2】", "(Lee, 2020)(Smith, 2021)", "¹²³", "欧阳王明和司马李华（2018）",
               "欧阳王明、司马李华 （2018，第5页）", "王明和李华\n\n　 \t（2018）", "研究者王明等人 (2019)",
               "他说这是王明（2018）", "（2018）", "王明（（2018）"]
    rnd = random.Random(11)
    for text in (texts(97, 80) + ["".join(rnd.choice(markers + PIECES) for _ in range(40)) for _ in range(200)]
                 + [f"正文{m}。" for m in markers] + ["".join(markers)]):
        found = []
        for kind, pattern in CITATION_PATTERNS:
            found.extend((m.start(), m.end(), kind) for m in pattern.finditer(text))
            assert all(any(c in m.group() for c in _HELD[kind]) for m in pattern.finditer(text))
            if kind in ("author_year", "narrative"):  # and a year, which starts with 1 or 2
                assert all(_DATED.search(m.group()) for m in pattern.finditer(text))
        found.sort(key=lambda f: (f[0], -f[1]))
        plain = []
        for s, e, kind in found:
            if not plain or s >= plain[-1][1]:
                plain.append((s, e, kind))
        assert [(c.span.start, c.span.end, c.kind) for c in find_citations(text, Layout())] == plain


def test_every_reference_title_holds_a_hint():
    """A text holding none of _REFERENCE_HINTS has no reference section (its headings unread)."""
    for title in _REFERENCE_TITLES.pattern.strip("()").split("|"):
        assert any(hint in title for hint in _REFERENCE_HINTS), title
    assert [c for c in range(0x110000) if re.fullmatch("r", chr(c), re.IGNORECASE)] == [ord("R"), ord("r")]
    text = "引言\n\n正文。\n\n参考书目\n[1] 王明. 书名[M]. 2019.\n"
    assert analyse(doc(text)).references == tuple(Span(s, e) for s, e in find_references(text, tuple(
        find_headings(text, Layout())))) != ()


def test_credit_breaks_asked_again_are_those_found_afresh():
    """Every pair with a copy of the other text asks a side's credit breaks again: the answer
    kept by span is the one a fresh analysis gives, for spans sharing a start or an end."""
    rnd = random.Random(21)
    asked = cut = 0
    for text in texts(96, 60):
        kept = analyse(doc(text))
        ends = sorted({0, len(text)} | {rnd.randrange(len(text) + 1) for _ in range(4)})
        spans = [Span(s, e) for s in ends for e in ends if s < e]
        for span in spans + rnd.sample(spans, len(spans)):
            found = kept.credit_breaks(span)
            assert found == analyse(doc(text)).credit_breaks(span), (text, span)
            asked += 1
            cut += bool(found)
    assert cut > 20 and asked > 1000  # spans with breaks among them


def test_a_counter_keeps_four_bytes_a_character_for_each_count():
    """A check keeps a Counter per document analysed: its prefix counts are 32-bit, and the
    counts are those of the characters (test_counts_are_those_of_the_characters)."""
    text = "网络阅读 words 2024。\n\n" * 50
    count = Counter(text)
    count.units(0, len(text))
    for counts in (count.prefix, count._cjk, count._runs):
        assert counts.dtype.itemsize == 4 and len(counts) == len(text) + 1
    assert int(count.prefix[-1]) == sum(not c.isspace() for c in text)
    assert count.units(0, len(text)) == (4 * 50, 2 * 50)


def test_at_least_is_what_the_whole_span_counts_say():
    """`Counter.at_least` reads a span's first WINDOW characters before making the prefix counts:
    its answer is that of the whole span's counts, for thresholds met inside the window, just
    past it and never, spans longer than the window, beyond the text or empty, on a fresh counter
    and on one asked before (whose window failed or whose prefix counts are made)."""
    rnd = random.Random(23)
    pieces = ["交通网络", "的", " well-known ", "words_here", "GPT4o", "。", " ", "\n\n", "x", "Straße",
              "ひらがな", "𠀀", "a b", "-", "２０２０年"]
    window = Counter.WINDOW
    by_window = past_window = 0
    for _ in range(150):
        text = "".join(rnd.choice(pieces) for _ in range(rnd.randint(1, 90)))
        asked = Counter(text)
        for _ in range(8):
            start = rnd.randint(-3, len(text) + 2)
            end = rnd.randint(start - 2, len(text) + 3)
            cjk, words = Counter(text).units(start, end)
            near_cjk, near_words = Counter(text).units(start, min(end, max(start, 0) + window))
            for need_cjk in {0, near_cjk, near_cjk + 1, cjk, cjk + 1}:
                for need in {0, near_cjk + near_words, near_cjk + near_words + 1, cjk + words, cjk + words + 1}:
                    expected = cjk >= need_cjk and cjk + words >= need
                    fresh = Counter(text)
                    assert fresh.at_least(start, end, need_cjk, need) == expected, (text, start, end, need_cjk, need)
                    assert asked.at_least(start, end, need_cjk, need) == expected, (text, start, end, need_cjk, need)
                    if expected and fresh._cjk is None:
                        by_window += 1
                        past_window += end - max(start, 0) > window
    assert by_window > 1000 and past_window > 200  # the window answered, for spans longer than it too


def test_a_span_reads_a_paragraph_it_touches_by_one_character():
    """A span that ends one character into a paragraph, or starts one character before a
    paragraph's end, reads that paragraph's quotations (each paragraph opens and closes with one)."""
    quote = "“这是一句很长的引用，足够长了吧，真的很长。”"
    text = "\n\n".join([quote + "他说了这些。" + quote] * 6)
    for fmt in ("txt", "docx"):
        every = find_quotations(text, Layout(), "\n" if fmt == "docx" else "blank")
        a, plain = analyse(doc(text, fmt)), analyse(doc(text, fmt))
        for at, stop in paragraphs(text):
            for start, end in ((at - 3, at + 1), (stop - 1, stop + 3), (at, at + 1), (stop - 1, stop)):
                want = [(s, e, k, False) for s, e, k in every if s < end and e > start and not plain._emphasis(s, e)]
                assert want and a._quotes_in(start, end, emphasis=False) == want, (start, end)
