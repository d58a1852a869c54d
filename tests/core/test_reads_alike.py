"""Copies that differ only in white space at their end (files saved by different editors) are
classed, counted and written once after scoring, and every figure stays what each document's
own analysis gives: a citation or a paragraph break near the end, white space that is not at the
end, and a blank line with an indentation at the end (which can make paragraphs block quotes)."""

import random

import pytest

from core.academic.attribution import Attribution
from core.academic.classify import Analyses
from core.models import Document
from core.options import CheckOptions
from core.pipeline import check_documents, run
from core.reports import render_json


def _paragraph(rng: random.Random, sentences: int) -> str:
    alphabet = [chr(c) for c in range(0x4E00, 0x4E00 + 2000)]
    return "".join("".join(rng.choice(alphabet) for _ in range(rng.randrange(12, 20))) + "。"
                   for _ in range(sentences))


def _texts() -> dict[str, str]:
    rng = random.Random(5)
    p1, p2, q1, q2 = (_paragraph(rng, 4) for _ in range(4))
    # two body paragraphs, then two indented ones, the last cited right at the end of the text
    text = f"{p1}\n\n{p2}\n\n    {q1}\n\n    {q2}[1]"
    return {
        "a0": text,
        "a1": text + "\n",
        "a2": text + "\n\n  ",  # a paragraph of white space: its indentation makes the others quotes
        "a3": text + "   \n\n\t\n",
        "b0": text.replace(f"{p1}\n\n", f"{p1} ", 1),  # white space not at the end: no paragraph break
        "b1": text.replace(f"{p1}\n\n", f"{p1} ", 1) + "\n\n",
        "c0": text.removesuffix("[1]"),  # the same text without its citation
        "c1": text.removesuffix("[1]") + "\n\n  ",
        "c2": text.removesuffix("[1]") + "\r\n",
    }


def _report(texts: dict[str, str]):
    documents = [Document(i, f"{name}.txt", f"/virtual/{name}.txt", "txt", text)
                 for i, (name, text) in enumerate(texts.items())]
    return run(check_documents(documents, CheckOptions(workers=1)))


@pytest.mark.parametrize("version", [None, 2])
def test_copies_with_white_space_at_the_end_read_alike(monkeypatch, version):
    texts = _texts()
    report = _report(texts)
    written = render_json(report, version=version)
    analyses = Analyses.of(report.documents)
    names = list(texts)
    reader = {name: analyses.reader(i) for i, name in enumerate(names)}
    assert reader["a1"] is reader["a0"] and reader["a3"] is reader["a0"] and reader["b1"] is reader["b0"]
    assert reader["c2"] is reader["c0"]
    assert reader["a2"] is not reader["a0"] and reader["c1"] is not reader["c0"]  # its block quotes
    assert reader["b0"] is not reader["a0"]
    classes = {m.attribution for p in report.pairs for m in p.matches}
    assert {"quoted_cited", "unattributed"} <= classes  # the block quotes and the citation count
    assert len(report.pairs) == len(names) * (len(names) - 1) // 2

    # every document analysed on its own (no reader shared): the same report, byte for byte
    monkeypatch.setattr(Attribution, "reading", property(lambda self: id(self)))
    alone = _report(texts)
    alone_analyses = Analyses.of(alone.documents)
    assert len({id(alone_analyses.reader(i)) for i in range(len(names))}) == len(names)
    assert render_json(alone, version=version) == written


def test_reading_leaves_out_only_white_space_at_the_end():
    texts = _texts()

    def reading(text: str, fmt: str = "txt", layout=None) -> tuple:
        return Attribution(Document(0, "x", "/x", fmt, text, layout=layout)).reading

    assert reading(texts["a0"]) == reading(texts["a1"]) == reading(texts["a3"])
    assert reading(texts["a0"]) != reading(texts["a2"])
    assert reading(texts["a0"]) != reading(texts["b0"])
    assert reading(texts["a0"]) != reading(texts["a0"], "docx")  # every line break a paragraph
    assert reading(" " + texts["a0"]) != reading(texts["a0"])  # white space at the start is read


def test_the_marks_of_a_paragraph_found_once_are_each_documents_own():
    """The analyses of a check find a paragraph's quotation marks once per paragraph text: each
    document's quotations are still those its own analysis finds (the same paragraph further
    on, a mark changed in a paragraph of the same length)."""
    rng = random.Random(7)
    body = [_paragraph(rng, 3) for _ in range(3)]
    quoted = "他说：“" + _paragraph(rng, 2) + "”，又说“好”。" + _paragraph(rng, 1)
    texts = ["\n\n".join([quoted, *body]),
             "张三 学号 0001\n\n" + "\n\n".join([quoted, *body]),  # the same paragraphs further on
             "\n\n".join([quoted.replace("“", "‘", 1), *body]),  # the first mark pairs no more
             "\n\n".join([*body, quoted])]
    documents = [Document(i, f"d{i}.txt", f"/virtual/d{i}.txt", "txt", t) for i, t in enumerate(texts)]
    analyses = Analyses(documents)
    found = []
    for i, document in enumerate(documents):
        alone = Attribution(document)
        whole = (0, len(document.text))
        assert analyses[i].quotations == alone.quotations
        assert analyses[i]._quotes_in(*whole) == alone._quotes_in(*whole)
        found.append([(q.span.start, q.span.end, q.emphasis) for q in alone.quotations])
    assert found[0] and found[1] != found[0] and found[2] != found[0]
    assert len(found[2]) < len(found[0])


def test_pairs_sharing_their_passages_are_judged_on_their_own_documents():
    """Copies share their passages' tuple (copies.spread) and are judged once per pair of
    counters: pairs of other documents holding the same tuple get their own copied share."""
    from core.evidence import judged
    from core.models import Match, PairResult, Span

    shared = (Match(Span(0, 20), Span(0, 20), 20, (), ()),)
    texts = ["甲" * 20 + "丙" * 20, "甲" * 20 + "乙" * 20, "甲" * 20 + "乙" * 60, "甲" * 20 + "乙" * 80,
             "甲" * 20 + "乙" * 60 + "\n\n", "甲" * 20 + "丁" * 5]
    pairs = [PairResult(a, b, 0, 1.0, 1.0, 1.0, 20, shared) for a, b in ((0, 1), (1, 2), (2, 3), (1, 4), (2, 5))]
    documents = [Document(i, f"d{i}.txt", f"/virtual/d{i}.txt", "txt", t) for i, t in enumerate(texts)]
    analyses = Analyses(documents)
    assert analyses.reader(4) is analyses.reader(2)
    two = (Match(Span(0, 10), Span(0, 10), 10, (), ()), Match(Span(10, 20), Span(10, 20), 10, (), ()))
    for passages in (shared, two):  # one passage (judged all at once) or more (pair by pair)
        pairs = [PairResult(p.left, p.right, 0, 1.0, 1.0, 1.0, 20, passages) for p in pairs]
        for counters in (None, lambda i: analyses.reader(i).count, lambda i: analyses[i].count):
            got = {(p.left, p.right): (p.copied, p.kind) for p in judged(texts, pairs, counters)}
            alone = {(p.left, p.right): (q.copied, q.kind) for p in pairs for q in judged(texts, [p])}
            assert got == alone
            assert got[(1, 2)] == (0.5, "verbatim") and got[(2, 3)] == (0.25, "verbatim")
            assert got[(1, 4)] == got[(1, 2)] and got[(2, 5)] == (0.8, "verbatim")
