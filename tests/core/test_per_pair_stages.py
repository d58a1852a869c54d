"""The stages after scoring work on all of a check's pairs at once: each answers as the pair by
pair rule does (the copied share of core.evidence, the JSON report written item by item)."""

import json
import random
from dataclasses import replace

import numpy as np
import pytest

from core.academic.figures import FigureTable
from core.academic.text import Counter
from core.evidence import _verdict, _with_verdict, judge, judged, rank_key
from core.models import (
    ArchiveEntry,
    Document,
    Layout,
    Match,
    PairResult,
    Report,
    SemanticMatch,
    SentencePair,
    SharedText,
    Span,
    Verdict,
)
from core.options import CheckOptions
from core.reports import render_json, to_json
from core.reports.json_report import _pair_item, _PairTexts
from core.review.verdicts import Verdicts, pair_key

WORDS = ["床前", "明月光", " ", "\n", "疑是", "地上霜", "moon", "light", "\t", "。", "  "]


def _text(rng: random.Random) -> str:
    return "".join(rng.choice(WORDS) for _ in range(rng.randrange(0, 40)))


def _span(rng: random.Random, n: int) -> Span:
    a, b = sorted(rng.randrange(0, n + 8) for _ in range(2))
    return Span(a, b)


def _match(rng: random.Random, left: int, right: int) -> Match:
    changes = [tuple(_span(rng, n) for _ in range(rng.choice([0, 0, 1, 2, 3, 5]))) for n in (left, right)]
    if rng.random() < 0.1:  # a change ending before it starts: what _minus does with it is the rule too
        changes[0] = (*changes[0], Span(5, 2))
    attribution = rng.choice(["unattributed"] * 6 + ["template", "quoted", "cited"])
    return Match(_span(rng, left), _span(rng, right), 3, changes[0], changes[1], attribution)


def _pairs(rng: random.Random, texts: list[str], count: int) -> list[PairResult]:
    out = []
    for _ in range(count):
        left, right = rng.sample(range(len(texts)), 2)
        matches = tuple(_match(rng, len(texts[left]), len(texts[right]))
                        for _ in range(rng.choice([0, 1, 1, 1, 2])))
        semantic = None
        if rng.random() < 0.1:
            sentences = (SentencePair(_span(rng, len(texts[left])), _span(rng, len(texts[right])), 0.9),)
            semantic = SemanticMatch("paraphrase", 0.5, sentences)
        out.append(PairResult(left, right, rng.randrange(64), rng.random(), 0.0, 0.0, 0, matches, semantic))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_every_pair_is_judged_as_the_pair_by_pair_rule_judges_it(seed):
    rng = random.Random(seed)
    texts = [_text(rng) for _ in range(12)] + [""]
    pairs = _pairs(rng, texts, 400)
    expected = []
    for p in pairs:
        if not (texts[p.left] and texts[p.right]):
            expected.append(p)
        elif p.semantic is not None:
            expected.append(judge(p, Counter(texts[p.left]), Counter(texts[p.right])))
        else:
            expected.append(_with_verdict(p, *_verdict(p, Counter(texts[p.left]), Counter(texts[p.right]))))
    got = judged(texts, pairs)
    assert got == sorted(expected, key=rank_key)
    assert any(p.copied > 0 and p.kind == "edited" and len(p.matches) == 1 for p in got)
    counters = [Counter(t) for t in texts]
    assert judged(texts, pairs, lambda i: counters[i]) == got


def test_a_single_passage_pair_counts_each_character_outside_its_changes_once():
    texts = ["abcdefghij", "abcdefghij"]
    # changes overlap, come unsorted and run past the passage: 2-6 and 7-12 are left out
    match = Match(Span(1, 9), Span(0, 10), 8, (Span(4, 6), Span(2, 5), Span(7, 12)), ())
    (pair,) = judged(texts, [PairResult(0, 1, 0, 1.0, 1.0, 1.0, 8, (match,))])
    assert pair.kind == "edited" and pair.copied == 1.0  # the right side took all ten
    match = Match(Span(1, 9), Span(1, 2), 8, (Span(4, 6), Span(2, 5), Span(7, 12)), ())
    (pair,) = judged(texts, [PairResult(0, 1, 0, 1.0, 1.0, 1.0, 8, (match,))])
    assert pair.copied == 0.2  # left: 1-2 and 6-7 of ten characters


def _rich_report() -> tuple[Report, Verdicts]:
    texts = ["床前明月光，疑是地上霜。\n\n举头望明月，低头思故乡。", "床前明月光，疑似地上霜。举头望明月。",
             "Moonlight before my bed, \"frost on the ground\" (Li, 2020)."]
    docs = (Document(0, "a.txt", "/x/a.txt", "txt", texts[0]),
            Document(1, "b.docx", "/x/b.docx", "docx", texts[1],
                     layout=Layout(block_quotes=(Span(0, 5),), headings=(Span(6, 8),))),
            Document(2, "c.txt", "/x/c.txt", "txt", texts[2], archive=ArchiveEntry(7, "2023", "2024-01-02")))
    pairs = (
        PairResult(0, 1, 3, 0.75, 0.5, 0.6, 5, (
            Match(Span(0, 5), Span(0, 5), 5),
            Match(Span(6, 12), Span(6, 12), 6, (Span(8, 9),), (Span(8, 9),), "unattributed", 3),
        ), copied=0.4, kind="edited"),
        PairResult(0, 2, 30, 0.1, 0.1, 0.1, 0, (Match(Span(14, 19), Span(0, 9), 2, (), (), "template"),),
                   SemanticMatch("translation", 0.5, (SentencePair(Span(0, 12), Span(0, 25), 0.91),)),
                   0.3, "translation"),
        PairResult(1, 2, 40, 0.0, 0.0, 0.0, 0, ()),
    )
    report = Report(CheckOptions(), docs, (1, 2, 3), pairs,
                    shared_texts=(SharedText("床前明月光", (0, 1), (Span(0, 5), Span(0, 5))),))
    verdicts = (Verdicts().set_pair(pair_key(report, pairs[0]), Verdict("confirmed", "copied"))
                .set_document(docs[2].key, Verdict("", "ask")))
    return report, verdicts


def _one_item_per_line(data: dict) -> str:
    """The JSON report's layout of `to_json`'s dict (each document, pair, error ... on a line)."""
    dump = json.JSONEncoder(ensure_ascii=False, allow_nan=False).encode
    keys = list(data)
    lines = []
    for n, key in enumerate(keys):
        value = data[key]
        body = (("[\n  " + ",\n  ".join(dump(item) for item in value) + "\n ]" if value else "[]")
                if isinstance(value, list) else dump(value))
        lines.append(("{" if n == 0 else " ") + f"{dump(key)}: " + body + ("}" if n == len(keys) - 1 else ","))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("version", [None, 1, 2])
def test_the_json_report_written_item_by_item_is_to_json_dict_laid_out(version):
    report, verdicts = _rich_report()
    for given in (None, verdicts):
        data = to_json(report, given, version=version)
        assert render_json(report, given, version=version) == _one_item_per_line(data)
    data = to_json(report, verdicts, version=version)
    assert list(data["pairs"][0])[-2:] == ["verdict", "note"]
    assert list(data["documents"][2])[-1] == "note"
    if version != 1:
        assert list(data["pairs"][0]["matches"][1]) == [
            "left", "right", "units", "kind", "class", "left_class", "right_class",
            "left_changes", "right_changes", "shared_by"]
        assert list(data["documents"][1])[-2:] == ["figures", "layout"]
        assert list(data["pairs"][1])[-1] == "semantic"


def test_a_pair_written_as_text_is_what_encoding_its_object_writes():
    # the pair's text without its objects, against the object each pair's JSON item is made from,
    # on numbers of every type a pair may hold, every class and kind, changes, shared_by, escapes
    report, verdicts = _rich_report()
    changed = (Span(np.int64(2), 3), Span(4, 5))
    matches = (
        Match(Span(0, 5), Span(0, 5), 5),
        Match(Span(np.int64(6), np.int32(12)), Span(6, 12), np.int64(6), changed, (), "unattributed", 3),
        Match(Span(1, 4), Span(2, 9), 2, (), (Span(3, 4),), "quoted_cited", np.int64(17)),
        Match(Span(12, 18), Span(12, 18), 1, (), (), "template"),
        Match(Span(0, 12), Span(0, 18), 4, changed, changed, "references"),
        Match(Span(2, 9), Span(1, 7), 3, (Span(4, 6),), (), "cited"),
    )
    meaning = SemanticMatch("paraphrase", 0.5, (SentencePair(Span(0, 12), Span(0, 18), 0.8),))
    pairs = (
        PairResult(0, 2, 2, np.float64(0.1) + 0.2, np.float32(0.25), 1e-07, 18, matches, copied=2 / 3, kind="edited"),
        PairResult(np.int64(2), 1, np.int64(64), 0.0, -0.0, 1.0, 0, (), copied=1.0, kind='say "猫"\n\x01'),
        PairResult(1, 0, True, 0.5, 0.5, 0.5, 3.0, matches[:2], kind="cited"),  # what int() takes
        PairResult(0, 1, 2, 0.5, 0.5, 0.5, "3", matches[:1]),  # a string int() reads: the object writes it
        PairResult(2, 0, 2, 0.5, 0.5, 0.5, 3, matches[:1], meaning, 0.5, "paraphrase"),
        PairResult(1, 2, 2, 5e-324, 0.5, 0.5, 3, matches[1:3], copied=np.float64(1 / 3), kind="verbatim"),
    )
    report = replace(report, pairs=pairs)
    found = FigureTable(report).classes
    names = ("unattributed", "quoted", "cited", "quoted_cited", "references", "template", 'a "名"\\')
    other = [[(names[(k + n) % 7], names[(k + 2 * n) % 7]) for n in range(len(p.matches))]
             for k, p in enumerate(pairs)]  # classes as any table may hold them, alike or not
    dump = json.JSONEncoder(ensure_ascii=False, allow_nan=False).encode
    text = _PairTexts()  # one for all: ratios and names written before are written again
    for classes in (found, other, found):
        texts = [text(pair, sides) for pair, sides in zip(pairs, classes)]
        assert [t is not None for t in texts] == [True, True, True, False, False, True]
        for pair, sides, written in zip(pairs, classes, texts):
            assert written is None or written == dump(_pair_item(pair, report, sides, None))
    assert text(pairs[0], found[0][:-1]) is None  # a class for each match, or the object
    for given in (None, verdicts):  # with verdicts every pair is written from its object
        for version in (None, 1, 2):
            assert render_json(report, given, version=version) == _one_item_per_line(
                to_json(report, given, version=version))
    for value in (float("nan"), float("inf"), float("-inf")):
        bad = replace(pairs[0], copied=value)
        assert text(bad, found[0]) is None
        with pytest.raises(ValueError):
            render_json(replace(report, pairs=(bad,)))


def test_groups_read_again_are_those_of_the_same_pairs_and_thresholds():
    from core.review.groups import group_details

    docs = tuple(Document(i, f"{i}.txt", f"/x/{i}.txt", "txt", "床前明月光" * 4) for i in range(4))
    match = (Match(Span(0, 20), Span(0, 20), 20),)
    pairs = (PairResult(0, 1, 0, 0.9, 1.0, 1.0, 20, match), PairResult(2, 3, 20, 0.05, 0.3, 0.3, 6, match))
    report = Report(CheckOptions(), docs, (0, 0, 0, 0), pairs)
    assert [d.members for d in group_details(report)] == [(0, 1)]
    assert group_details(report) == group_details(replace(report, groups=()))
    lower = replace(report, options=CheckOptions(display_threshold=0.04))
    assert [d.members for d in group_details(lower)] == [(0, 1), (2, 3)]
    assert [d.members for d in group_details(replace(report, pairs=pairs[1:]))] == []
    assert [d.members for d in group_details(report)] == [(0, 1)]
