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
