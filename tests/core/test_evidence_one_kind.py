"""core.evidence: a side whose passages are all of one kind (`_one_kind`) is judged as the
general way (`_any_kinds`) judges it, on stressed pairs: overlapping and repeated passages,
changes out of order, overlapping, empty or outside their passage, spans beyond the text,
white space, templates, credited classes, meaning findings, empty texts."""

from __future__ import annotations

import dataclasses
import random

import pytest

from core.academic.text import Counter
from core.evidence import _any_kinds, _side, _with_verdict, judge, judged
from core.models import ATTRIBUTIONS, Match, PairResult, SemanticMatch, SentencePair, Span


def _span(rng: random.Random, n: int) -> Span:
    a = rng.randrange(-2, n + 3)
    return Span(a, a + rng.randrange(0, max(1, n // 2)))


def _changes(rng: random.Random, span: Span, n: int) -> tuple[Span, ...]:
    out = []
    for _ in range(rng.choice((0, 0, 1, 2, 4))):
        if rng.random() < 0.8 and len(span) > 0:  # inside the passage, maybe empty or overlapping
            a = rng.randrange(span.start, span.end + 1)
            out.append(Span(a, min(span.end, a + rng.randrange(0, 4))))
        else:
            out.append(_span(rng, n))
    rng.shuffle(out)
    return tuple(out)


def _pair(rng: random.Random, n_left: int, n_right: int) -> PairResult:
    matches = []
    one = rng.random() < 0.5  # all of one attribution, or mixed
    attribution = rng.choice(ATTRIBUTIONS)
    for _ in range(rng.choice((0, 1, 1, 2, 3, 5))):
        left, right = _span(rng, n_left), _span(rng, n_right)
        matches.append(Match(left, right, len(left), _changes(rng, left, n_left),
                             _changes(rng, right, n_right),
                             attribution if one else rng.choice(ATTRIBUTIONS)))
    if matches and rng.random() < 0.2:
        matches.append(matches[0])  # the same passage twice
    semantic = None
    if rng.random() < 0.25:
        semantic = SemanticMatch(rng.choice(("translation", "paraphrase")), 0.5, tuple(
            SentencePair(_span(rng, n_left), _span(rng, n_right), 0.9)
            for _ in range(rng.randrange(0, 3))))
    return PairResult(0, 1, 3, 0.5, 0.1, 0.2, 7, tuple(matches), semantic)


def _text(rng: random.Random) -> str:
    return "".join(rng.choice("甲乙丙 \n\tab") for _ in range(rng.choice((0, 1, 5, 40, 120))))


@pytest.mark.parametrize("seed", range(4))
def test_one_kind_is_the_general_way(seed):
    rng = random.Random(seed)
    shortened = 0
    for _ in range(3000):
        a, b = _text(rng), _text(rng)
        pair = _pair(rng, len(a), len(b))
        for side, text in (("left", a), ("right", b)):
            count = Counter(text)
            assert _side(pair, side, count) == _any_kinds(pair, side, count)
        kinds = {m.attribution for m in pair.matches if m.attribution != "template"}
        shortened += pair.semantic is None and len(kinds) <= 1
    assert shortened > 1000  # the shortcut was taken, and with passages and changes


def test_a_verdict_keeps_every_other_field():
    """`_with_verdict` is `replace`: it fails when PairResult gains a field it does not copy."""
    names = [f.name for f in dataclasses.fields(PairResult)]
    values = {name: (f"v{n}" if name != "matches" else (Match(Span(0, 1), Span(0, 1), 1),))
              for n, name in enumerate(names)}
    pair = PairResult(**values)
    assert _with_verdict(pair, 0.5, "edited") == dataclasses.replace(pair, copied=0.5, kind="edited")


def test_judged_is_judge_pair_by_pair():
    rng = random.Random(9)
    texts = [_text(rng) for _ in range(6)]
    pairs = []
    for _ in range(400):
        i, j = rng.sample(range(6), 2)
        pairs.append(dataclasses.replace(_pair(rng, len(texts[i]), len(texts[j])), left=i, right=j))
    pairs += pairs[:50]  # copies of a pair are judged once
    got = judged(texts, pairs)
    want = sorted((judge(p, Counter(texts[p.left]), Counter(texts[p.right]))
                   if texts[p.left] and texts[p.right] else p for p in pairs),
                  key=lambda p: (-p.copied, -p.similarity, p.hamming, p.left, p.right))
    assert got == want
