"""The worked example of docs/academic.md, the template class, and the figures in the
JSON (version 2) and CSV reports."""

import csv
import io
import json
import math
import random
import sys

import pytest

from core.academic.classify import attribute
from core.academic.figures import LABELS, Coverage, _ranked, _title, document_figures
from core.models import Document, Match, PairResult, Report, Span
from core.options import CheckOptions
from core.pipeline import check_documents, run
from core.reports import from_json, render_csv, render_json, to_json

A = ("一、引言\n交通网络的完善让城乡之间的距离越来越短。张三（2020）指出：“城市的发展离不开每一个普通劳动者的双手。”\n"
     "二、结论\n我们都应当珍惜今天的生活，也要记住来时的路。")
B = "今天，交通网络的完善让城乡之间的距离越来越短，人们往来方便。"
C = "城市的发展离不开每一个普通劳动者的双手，这是常识。"
P1 = "交通网络的完善让城乡之间的距离越来越短"
P2 = "城市的发展离不开每一个普通劳动者的双手"


def span(text, part):
    start = text.index(part)
    return Span(start, start + len(part))


def readme_report(options=CheckOptions()):  # noqa: B008 (a frozen value, never changed)
    docs = tuple(Document(i, n, n, "txt", t) for i, (n, t) in enumerate(
        [("a.txt", A), ("b.txt", B), ("c.txt", C)]))
    pairs = [PairResult(0, 1, 0, 0.2, 0.2, 0.6, 19, (Match(span(A, P1), span(B, P1), 19),)),
             PairResult(0, 2, 0, 0.2, 0.2, 0.7, 19, (Match(span(A, P2), span(C, P2), 19),))]
    return Report(options, docs, (0, 0, 0), tuple(attribute(docs, pairs, options)))


def test_readme_worked_example():
    report = readme_report()
    assert [m.attribution for p in report.pairs for m in p.matches] == ["unattributed", "quoted_cited"]
    f = document_figures(report)[0]
    assert f.chars == 83  # 86 code points, 3 of them line breaks
    assert f.copied_chars == 38
    assert f.total_copy_ratio == 38 / 83
    assert f.copy_ratio_excluding_quotes == 19 / 83
    assert f.largest_source_ratio == 19 / 83
    assert f.sources == 1
    assert [(s.title, s.start, s.end, s.copy_ratio) for s in f.sections] == [
        ("一、引言", 0, 59, 38 / 57), ("二、结论", 59, 86, 0.0)]
    excluding = document_figures(report, CheckOptions(exclude_quotes=True))[0]
    assert (excluding.copied_chars, excluding.total_copy_ratio) == (19, 19 / 83)
    assert document_figures(report, CheckOptions(min_match_chars=20))[0].copied_chars == 0
    assert set(LABELS["zh"]) == set(LABELS["en"])


def test_template_text_is_its_own_class_and_counts_only_when_asked():
    template = Document(9, "t.txt", "t.txt", "txt", "请阅读下面的材料并写一篇文章，题目自拟，不少于八百字，文体不限。")
    shared = "请阅读下面的材料并写一篇文章，题目自拟，不少于八百字，文体不限"
    a = Document(0, "a.txt", "a.txt", "txt", f"春夏秋冬风花雪月山水云天。{shared}。江河湖海林木草石光影星辰。")
    b = Document(1, "b.txt", "b.txt", "txt", f"东西南北金银铜铁琴棋书画。{shared}。诗酒茶米盐衣食住行车马舟。")
    ignored = run(check_documents([a, b], CheckOptions(workers=1), template=template))
    assert all(not p.matches for p in ignored.pairs)
    options = CheckOptions(workers=1, exclude_template=False)
    seen = run(check_documents([a, b], options, template=template))
    [pair] = seen.pairs
    assert [m.attribution for m in pair.matches] == ["template"]
    assert document_figures(seen, options.with_changes(exclude_template=True))[0].copied_chars == 0
    counted = document_figures(seen)[0]  # the report's options: template text counted
    # the closing mark both documents have after it is part of the copied passage
    assert counted.copied_chars == len(shared + "。") and counted.sources == 0


def test_json_version_2_has_classes_changes_and_figures_and_reads_back():
    report = readme_report()
    report = Report(report.options, report.documents, report.simhashes, (
        PairResult(0, 1, 0, 0.2, 0.2, 0.6, 19, (Match(span(A, P1), span(B, P1), 19,
                                                      (Span(6, 8),), (Span(8, 10),)),)),
        report.pairs[1]))
    data = to_json(report)
    assert (data["version"], data["schema"]) == (1, 2)
    assert to_json(report, version=2)["version"] == 2
    m1, m2 = data["pairs"][0]["matches"][0], data["pairs"][1]["matches"][0]
    assert (m1["class"], m1["left_changes"], m1["right_changes"]) == ("unattributed", [[6, 8]], [[8, 10]])
    assert (m2["class"], m2["left_class"], m2["right_class"]) == ("quoted_cited", "quoted_cited", "unattributed")
    assert data["documents"][0]["figures"] == {
        "total_copy_ratio": round(38 / 83, 6), "copy_ratio_excluding_quotes": round(19 / 83, 6),
        "largest_source_ratio": round(19 / 83, 6), "copied_chars": 38, "sources": 1,
        "sections": [{"title": "一、引言", "start": 0, "end": 59, "copy_ratio": round(38 / 57, 6)},
                     {"title": "二、结论", "start": 59, "end": 86, "copy_ratio": 0.0}]}
    back = from_json(json.loads(render_json(report)), [A, B, C])
    assert back.pairs == report.pairs
    assert "figures" not in to_json(report, version=1)["documents"][0]
    bad = json.loads(render_json(report))
    bad["pairs"][0]["matches"][0]["class"] = "stolen"
    with pytest.raises(ValueError, match="class"):
        from_json(bad, [A, B, C])


def test_csv_rows_carry_both_documents_figures():
    report = readme_report()
    rows = list(csv.DictReader(io.StringIO(render_csv(report), newline="")))
    assert rows[0]["left_total_copy_ratio"] == f"{38 / 83:.4f}"
    assert rows[0]["left_copied_chars"] == "38" and rows[0]["left_sources"] == "1"
    assert rows[1]["right_total_copy_ratio"] == f"{19 / 25:.4f}"
    assert rows[1]["left_copy_ratio_excluding_quotes"] == f"{19 / 83:.4f}"


def test_every_output_shows_the_one_found_elsewhere_figure():
    """total_copy_ratio is the per-student overall figure too: the Student view's and the class
    report's summary (core.review), the per-student report, JSON and the CLI's --by-document."""
    from core.cli.academic import format_figures
    from core.reports.builder import build_document
    from core.reports.model import Figures, Table
    from core.reports.student_pages import student_document
    from core.review import student_summaries

    for options in (CheckOptions(), CheckOptions(exclude_quotes=True)):
        report = readme_report(options)
        figure = document_figures(report)[0].total_copy_ratio
        assert figure == (38 if not options.exclude_quotes else 19) / 83
        summaries = student_summaries(report)
        assert summaries[0].overall == figure
        assert [x.overall for x in summaries] == [f.total_copy_ratio for f in document_figures(report)]
        shown = f"{figure * 100:.1f}%"
        section = next(s for s in build_document(report, threshold=0.0).sections if s.anchor == "students")
        table = next(b for b in section.blocks if isinstance(b, Table))
        assert [r.cells[1].text for r in table.rows if r.cells[0].hint.startswith("a.txt")] == [shown]
        page = student_document(report, 0)
        cards = next(b for b in page.sections[0].blocks if isinstance(b, Figures))
        assert cards.items[0].value == shown
        assert to_json(report)["documents"][0]["figures"]["total_copy_ratio"] == round(figure, 6)
        row = next(line for line in format_figures(report).splitlines() if line.startswith("a.txt"))
        assert f"{figure * 100:6.1f}" in row


def test_the_fast_length_rule_equals_the_slice_rule():
    import random

    from core.academic.figures import _long_enough, long_enough
    from core.academic.text import Counter, mostly_cjk, units_in

    rng = random.Random(3)
    pieces = ["交通网络", "的完善", " well-known ", "words_here", "GPT4o", "。", "，", "\n\n", " 2020 ", "x",
              "ab", "城市", "𠀀𠀁", "  ", "e.g.", "Straße", "ひらがな"]
    for _ in range(40):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 30)))
        count = Counter(text)
        for _ in range(30):
            a = rng.randint(0, len(text))
            b = rng.randint(a, len(text))
            part = text[a:b]
            cjk, words = count.units(a, b)
            assert (cjk + words, cjk > 0 and cjk >= words) == (units_in(part), mostly_cjk(part)), (text, a, b)
            for options in (CheckOptions(), CheckOptions(min_match_chars=3, min_match_words=2)):
                assert _long_enough(count, a, b, options) == long_enough(part, options)


def test_the_json_match_classes_and_the_passages_are_each_match_s_side_classes():
    """The JSON report's `left_class` / `right_class` and the figures' passages read each pair's
    side classes from the figures' table, found once: they are `side_classes` of each match
    from analyses of their own, for documents on the left of one pair and the right of another,
    cited and quoted text, pairs of several matches and template passages."""
    import random

    from core.academic.classify import Analyses, side_classes
    from core.academic.figures import FigureTable, Passage, grouped, passages

    rng = random.Random(17)
    pieces = ["交通网络的完善", "城市的发展很快。", "“引文在此处”", "[1]", "（王明，2019）", "Smith (2020) said ",
              "plain words here. ", "\n\n", "参考文献\n[1] 王明. 书名[M]. 2019.\n", "“quoted words”", "。"]
    texts = ["".join(rng.choice(pieces) for _ in range(rng.randint(8, 30))) for _ in range(6)]
    documents = tuple(Document(i, f"{i}.txt", f"/virtual/{i}.txt", "txt", t) for i, t in enumerate(texts))

    def some_span(text):
        a = rng.randrange(len(text))
        return Span(a, rng.randint(a + 1, len(text)))

    pairs = []
    for left in range(6):
        for right in rng.sample([d for d in range(6) if d != left], 3):
            matches = tuple(Match(some_span(texts[left]), some_span(texts[right]), 5,
                                  attribution=rng.choice(["unattributed", "unattributed", "template"]))
                            for _ in range(rng.randint(1, 3)))
            pairs.append(PairResult(left, right, 0, 0.5, 0.5, 0.5, 5, matches))
    report = Report(CheckOptions(), documents, (0,) * 6, tuple(pairs))
    fresh = Analyses(list(documents))
    expected = [[side_classes(m, p.left, p.right, fresh) for m in p.matches] for p in report.pairs]
    written = [[(m["left_class"], m["right_class"]) for m in p["matches"]] for p in to_json(report)["pairs"]]
    assert written == expected
    assert len({c for sides in expected for pair in sides for c in pair}) >= 3  # classes that differ
    mine = [[] for _ in documents]  # each side of each match, with its class in its own document
    for k, (p, sides) in enumerate(zip(report.pairs, expected)):
        for m, (left, right) in zip(p.matches, sides):
            mine[p.left].append(Passage(m.left, left, p.right, k))
            mine[p.right].append(Passage(m.right, right, p.left, k))
    table = FigureTable(report)
    table.computed()
    assert mine == passages(report, Analyses(list(documents)))
    assert table._passages == [grouped(found) for found in mine]


def _near_copies(rng):
    """Texts as a class hands them in: a few essays (headings, numbered sections, a reference
    list, quotations, full-width and odd white space, CRLF), each again with one character
    changed, a student's name line on top, or blank lines at its end."""
    paras = ["交通网络的完善让城乡之间的距离越来越短，人们往来方便。", "城市的发展离不开每一个普通劳动者的双手。",
             "张三（2020）指出：“城市的发展离不开每一个普通劳动者的双手，这是常识。”[1]",
             "Plain words here, and more words there. ", "\u3000\u3000缩进的段落也算正文。", "短句。"]
    heads = ["一、引言", "二、结论", "## Methods", "Introduction", "第三章 讨论", "参考文献\n[1] 王明. 书名[M]. 2019."]
    bases = []
    for _ in range(4):
        parts = []
        for _ in range(rng.randint(3, 9)):
            if rng.random() < 0.35:
                parts.append(rng.choice(heads))
            parts.append("".join(rng.choice(paras) for _ in range(rng.randint(1, 12))))
        text = "\n\n".join(parts)
        bases.append(text.replace("\n", "\r\n") if rng.random() < 0.3 else text)
    texts = []
    for base in bases:
        texts.append(base)
        for _ in range(rng.randint(2, 4)):
            at = rng.randrange(len(base))
            shape = rng.choice(["char", "name", "blank", "feff"])
            if shape == "char":
                texts.append(base[:at] + rng.choice("的 a。\n") + base[at + 1:])
            elif shape == "name":
                texts.append(rng.choice(["姓名：张三\n\n", "李四 2023012345\r\n", "Wang Wu\n"]) + base)
            elif shape == "blank":
                texts.append(base + "\n" * rng.randint(1, 3))
            else:
                texts.append("\ufeff" + base[:at] + " " + base[at:])
    return texts


def _figures_counted_by_hand(report, options):
    """Every document's figures, counting each character of each counted passage one by one."""
    from core.academic.classify import Analyses, side_classes
    from core.academic.figures import QUOTED, _sections, excluded, long_enough

    analyses = Analyses(list(report.documents))
    classes = [[side_classes(m, p.left, p.right, analyses) for m in p.matches] for p in report.pairs]
    out = []
    for i, doc in enumerate(report.documents):
        text = doc.text
        solid = {x for x, ch in enumerate(text) if not ch.isspace() and ch != "\ufeff"}
        kept = [(set(range(span.start, span.end)) & solid, cls, other)
                for p, sides in zip(report.pairs, classes) for m, (a, b) in zip(p.matches, sides)
                for mine, span, cls, other in ((p.left, m.left, a, p.right), (p.right, m.right, b, p.left))
                if mine == i and not excluded(cls, options) and long_enough(text[span.start:span.end], options)]
        chars = len(solid)

        def share(found, chars=chars):
            return len(found) / chars if chars else 0.0

        found = set().union(*(c for c, _, _ in kept))
        by_source = {}
        for c, _, other in kept:
            by_source.setdefault(other, set()).update(c)
        ranked = sorted(((other, share(c)) for other, c in by_source.items()), key=lambda r: (-r[1], r[0]))
        sections = []
        for title, s, e in _sections(text, i, analyses):
            held = set(range(s, e)) & solid
            sections.append((title, s, e, len(held & found) / len(held) if held else 0.0))
        out.append((chars, len(found), share(found), share(set().union(*(c for c, k, _ in kept if k not in QUOTED))),
                    ranked[0][1] if ranked else 0.0, len({o for _, k, o in kept if k == "unattributed"}),
                    sections, tuple(ranked)))
    return out


def test_the_figures_are_those_counted_character_by_character():
    """Each document's figures from its passages grouped by span and class, its counts read once
    per document and each passage window read once per table are those of counting every
    character of every counted passage: near copies (one character changed, a name line on top,
    blank lines or a BOM), headings and paragraph sections, CRLF, passages of several classes,
    spans past a text's end, thresholds a passage's start reaches and ones it does not."""
    import random

    from core.academic.figures import FigureTable

    rng = random.Random(190)
    texts = _near_copies(rng)
    texts.append("一、引言\n\n没有人抄过的一篇。\n\n二、结论\n\n也没有抄过别人。")  # in no pair: nothing counted
    documents = tuple(Document(i, f"{i}.txt", f"/virtual/{i}.txt", "txt", t) for i, t in enumerate(texts))

    def some_span(text):
        if rng.random() < 0.2:  # a long passage running past the text's end
            return Span(rng.randrange(len(text) // 2), len(text) + 2)
        a = rng.randrange(len(text))
        return Span(a, min(rng.randint(a + 1, len(text) + 3), len(text) + rng.choice([0, 0, 0, 2])))

    pairs = []
    for left in range(len(texts) - 1):
        for right in range(left + 1, len(texts) - 1):
            if rng.random() < 0.5:
                continue
            whole = Match(Span(0, len(texts[left])), Span(0, len(texts[right])), 9)  # a near copy's one passage
            more = tuple(Match(some_span(texts[left]), some_span(texts[right]), 5,
                               attribution=rng.choice(["unattributed", "unattributed", "cited", "template"]))
                         for _ in range(rng.randint(0, 3)))
            pairs.append(PairResult(left, right, 0, 0.5, 0.5, 0.5, 5, (whole, *more) if rng.random() < 0.7 else more
                                    or (whole,)))
    seen_false = 0
    for options in (CheckOptions(), CheckOptions(exclude_quotes=True, exclude_references=True),
                    CheckOptions(exclude_template=True, min_match_chars=3, min_match_words=2),
                    CheckOptions(min_match_chars=40, min_match_words=30)):
        # a sequence of its own: analyses (and counters) of their own, windows read afresh
        report = Report(options, (*documents,), (0,) * len(documents), tuple(pairs))
        table = FigureTable(report)
        got = [(f.chars, f.copied_chars, f.total_copy_ratio, f.copy_ratio_excluding_quotes, f.largest_source_ratio,
                f.sources, [(s.title, s.start, s.end, s.copy_ratio) for s in f.sections], f.ranked)
               for f in table.computed()]
        assert got == _figures_counted_by_hand(report, options)
        # the windows near copies share were read once: fewer than the spans judged
        assert 0 < len(table._windows) < sum(map(len, table._passages)) // 2
        seen_false += sum(not both for both in table._windows.values())
    assert seen_false  # and some windows fell short, handing over to the whole span's counts
    assert any(len(s) > 1 for f in got for s in [f[6]]) and any("\r\n" in t for t in texts)


def test_a_window_seen_before_answers_as_the_whole_span_counts():
    """`Counter.at_least` with the windows other counters read (`seen`): the same answers as
    the whole span's counts, for near copies whose change falls inside and outside the window
    and thresholds met by the window, by the span alone, and never."""
    import random

    from core.academic.text import Counter

    rng = random.Random(5)
    pieces = ["交通网络", "的", " well-known ", "words_here", "。", " ", "\n\n", "x", "ひらがな", "𠀀", "a b"]
    seen: dict = {}
    hits = 0
    for _ in range(60):
        base = "".join(rng.choice(pieces) for _ in range(rng.randint(5, 60)))
        for text in [base] + [base[:(at := rng.randrange(len(base)))] + rng.choice(" 的x") + base[at + 1:]
                              for _ in range(4)]:
            start = rng.choice([0, 0, rng.randrange(len(text))])
            end = rng.randint(start, len(text) + 2)
            cjk, words = Counter(text).units(start, end)
            near_cjk, near_words = Counter(text).units(start, min(end, start + Counter.WINDOW))
            for need_cjk in {0, near_cjk, near_cjk + 1, cjk, cjk + 1}:
                for need in {0, near_cjk + near_words, near_cjk + near_words + 1, cjk + words + 1}:
                    before = len(seen)
                    answer = Counter(text).at_least(start, end, need_cjk, need, seen)
                    hits += len(seen) == before and end > start
                    assert answer == (cjk >= need_cjk and cjk + words >= need), (text, start, end, need_cjk, need)
    assert hits > 200


def test_a_section_title_is_the_first_line_of_its_text_stripped():
    # read in place against the title's definition on a copy of the section: every white space
    # character (some of them line breaks, some not) around, inside and between the lines
    spaces = [chr(c) for c in range(sys.maxunicode + 1) if chr(c).isspace()]
    alphabet = [*spaces, "\r\n", "a", "字", "😀", "\u200b", "…"] + ["b"] * 10
    rng = random.Random(7)
    for _ in range(4000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 30)))
        start = rng.randrange(0, len(text) + 1)
        end = rng.randrange(start, len(text) + 1)
        width = rng.randrange(0, 8)
        part = text[start:end].strip()
        line = part.splitlines()[0].strip() if part else ""
        assert _title(text, start, end, width) == (line if len(line) <= width else line[:width] + "…")


def test_the_sources_are_ranked_by_their_ratio_then_by_document():
    # sources met in any order, holding as many characters or not, in a text with characters or none
    for held in ({5: 10, 2: 10, 9: 10}, {5: 10, 2: 30, 9: 10, 1: 30}, {4: 0, 1: 0}, {}, {3: 7}):
        for total in (0, 40, 7):
            found = Coverage(total, 0, (), {}, held, frozenset())
            ranked = _ranked(found)
            assert ranked == tuple(sorted(((other, chars / total if total else 0.0) for other, chars in held.items()),
                                          key=lambda source: (-source[1], source[0])))
            assert all(math.copysign(1.0, ratio) == 1.0 for _, ratio in ranked)  # never -0.0
