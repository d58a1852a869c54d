"""Near copies after scoring: what attribution and the groups take short answers as the general
path does. Every pair is checked against its passages cut and classed one by one
(`_passage`), on near copies (one character changed, a name line on top) of texts full of what
decides a class: long and short quotations, indented blocks, headings and a reference list,
citations (in some texts only, on either side of a pair), \\r\\n and \\r line ends."""

from __future__ import annotations

import random

import pytest

from core.academic.attribution import QUOTE_MIN_CJK, QUOTE_MIN_WORDS, analyse
from core.academic.classify import Analyses, _passage, _Template, attribute
from core.academic.text import CJK_CHAR, WORD
from core.models import Document, Match, PairResult, Span
from core.options import CheckOptions

PARAGRAPHS = [
    "城市热岛的形成与下垫面性质密切相关，沥青和混凝土白天吸收大量太阳辐射，夜间缓慢释放。",
    "他在文章中写道：“城市中心的气温明显高于周边农田，这种差异在晴朗无风的夜晚最为显著。”",
    "所谓“内卷”，不过是“躺平”的另一面。",
    "Urban heat islands form where asphalt and concrete store the afternoon sun and release it.",
    'She wrote that "the gap is widest on calm, clear evenings in every city measured" and left.',
    "        引用的文字缩进得更深一些，是一段块引用，足够长了。\n        第二行也一样深，仍是引用。",
    "    an indented block quote that is long enough to count as one\n    and its second line",
]
CITED = [
    "行道树能够有效缓解热岛效应，可使行人高度的气温在夏季午后下降约两摄氏度[1]。",
    "Street trees reduce this effect because their shade keeps surfaces cool (Bowler et al., 2010).",
    "王明（2018）指出：“树冠遮荫能够降低地表温度，叶片蒸腾作用增加空气湿度。”",
]
REFERENCES = ["参考文献\n[1] 张明, 李华. 城市绿化的降温效应[J]. 生态学报, 2010, 30(5): 1-9.",
              "References\nBowler, D. E. (2010). Urban greening to cool towns. Landscape, 97, 147-155."]
HEADINGS = ["一、引言", "结论", "1. Introduction"]
BREAKS = ["\n\n", "\r\n\r\n", "\r\r", "\n", "\n\n\u3000\u3000"]
CHANGED = ["“", "”", "\n", " ", "[", "1", "。", "a", "字", "\r"]


def _base(rng: random.Random, cited: bool) -> str:
    parts = [rng.choice(HEADINGS)] + rng.sample(PARAGRAPHS, 5)
    if cited:
        parts.insert(rng.randrange(2, len(parts)), rng.choice(CITED))
        parts.append(rng.choice(REFERENCES))
    elif rng.random() < 0.3:
        parts.append(REFERENCES[0].replace("[1]", "一"))  # a list whose entries cite nothing
    breaks = rng.choice(BREAKS)
    return breaks.join(parts)


def _near(rng: random.Random, text: str) -> str:
    """A near copy: one character changed, or a name line on top."""
    if rng.random() < 0.5:
        return rng.choice(["张三\n\n", "Name: Li Hua\r\n\r\n", "王五\n"]) + text
    at = rng.randrange(len(text))
    return text[:at] + rng.choice(CHANGED) + text[at + 1:]


def _span(rng: random.Random, text: str) -> Span:
    """A passage side: whole paragraphs at times (so a cited one may be cut off), else anywhere."""
    if rng.random() < 0.6:
        starts = [0] + [i + 1 for i, ch in enumerate(text) if ch in "\n\r" and i + 1 < len(text)]
        a = rng.choice(starts)
        return Span(a, rng.choice([len(text)] + [s for s in starts if s > a + 20] or [len(text)]))
    a = rng.randrange(len(text))
    return Span(a, rng.randrange(a + 1, len(text) + 1))


def _check(seed: int) -> tuple[list[Document], list[PairResult]]:
    rng = random.Random(seed)
    texts = []
    for n in range(6):
        base = _base(rng, cited=n % 3 == 0)
        texts += [base] + [_near(rng, base) for _ in range(3)]
    docs = [Document(i, f"{i}.txt", f"/x/{i}.txt", "docx" if i % 7 == 6 else "txt", t)
            for i, t in enumerate(texts)]
    pairs = []
    for _ in range(150):
        i, j = sorted(rng.sample(range(len(docs)), 2))
        matches = tuple(Match(_span(rng, texts[i]), _span(rng, texts[j]), 10,
                              attribution=rng.choice(["unattributed"] * 4 + ["quoted"]))
                        for _ in range(rng.choice([1, 1, 2])))
        pairs.append(PairResult(i, j, 0, 0.5, 0.5, 0.5, 10, matches))
    return docs, pairs


def _general(docs, pairs, template=None) -> list[tuple[Match, ...]]:
    """Each pair's passages cut and classed one by one, by fresh analyses."""
    found = Analyses(docs)
    templ = _Template(template, CheckOptions()) if template is not None else None
    return [tuple(m for whole in p.matches
                  for m in _passage(whole, p, found.reader(p.left), found.reader(p.right), docs, templ))
            for p in pairs]


@pytest.mark.parametrize("seed", range(4))
def test_pairs_are_classed_as_their_passages_one_by_one(seed):
    docs, pairs = _check(seed)
    got = attribute(docs, pairs, CheckOptions(), analyses=Analyses(docs))
    assert [p.matches for p in got] == _general(docs, pairs)
    found = Analyses(docs)
    cited = [bool(found.reader(i).citations) for i in range(len(docs))]
    # every way a pair may be: no citation, one on the left only, one on the right only
    assert {(cited[p.left], cited[p.right]) for p in pairs} >= {(False, False), (True, False), (False, True)}
    assert any(len(g.matches) > len(p.matches) for g, p in zip(got, pairs)
               if cited[p.right] and not cited[p.left])  # a passage cut on its right side only
    assert {m.attribution for p in got for m in p.matches} >= {"unattributed", "quoted", "cited", "references"}


def test_a_template_passage_is_classed_as_its_passages_one_by_one():
    docs, pairs = _check(9)
    template = Document(99, "t.txt", "/x/t.txt", "txt", PARAGRAPHS[0] + "\n\n" + PARAGRAPHS[3])
    got = attribute(docs, pairs, CheckOptions(), template, analyses=Analyses(docs))
    assert [p.matches for p in got] == _general(docs, pairs, template)
    assert any(m.attribution == "template" for p in got for m in p.matches)


@pytest.mark.parametrize("seed", range(2))
def test_a_quotation_is_emphasis_by_the_rule_of_its_units(seed):
    rng = random.Random(seed)
    pieces = ["中", "文字", "a", "ab", " ", "word", "1", "，", "-", "_", "ほ", "\u3000"]
    for _ in range(400):
        inner = "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 12)))
        text = "前文。“" + inner + "”后文。"
        a = analyse(Document(0, "a.txt", "/x/a.txt", "txt", text))
        cjk, words = len(CJK_CHAR.findall(text, 3, len(text) - 3)), len(WORD.findall(text, 3, len(text) - 3))
        # CJK characters at least half of the units: as many CJK characters as words, or more
        rule = cjk < QUOTE_MIN_CJK if cjk and cjk >= words else cjk + words < QUOTE_MIN_WORDS
        assert a._emphasis(3, len(text) - 3) == rule, inner
