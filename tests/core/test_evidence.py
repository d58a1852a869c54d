"""core.evidence: passage and pair kinds, the counted meaning finding, the copied share and the
rank; the worked example of docs/figures.md."""

from __future__ import annotations

import pytest

from core.academic.text import Counter
from core.evidence import judge, judged, label, passage_kind, rank_key
from core.models import Match, PairResult, SemanticMatch, SentencePair, Span
from core.rules import is_flagged


def _pair(matches=(), semantic=None, similarity=0.0, left=0, right=1):
    return PairResult(left, right, 30, similarity, 0.0, 0.0, 0, tuple(matches), semantic)


def test_the_worked_example_of_the_docs():
    """docs/figures.md, "A worked example": A has 200 characters, B 100."""
    a, b = "甲" * 200, "乙" * 100
    passage = Match(Span(0, 60), Span(0, 60), 60, (Span(20, 30),), (Span(20, 30),))
    meaning = SemanticMatch("paraphrase", 0.5, (
        SentencePair(Span(50, 70), Span(50, 70), 0.9),     # 10 of its 20 characters in the passage
        SentencePair(Span(100, 160), Span(70, 100), 0.8)))  # outside it
    pair = judge(_pair([passage], meaning, similarity=0.5), Counter(a), Counter(b))
    assert pair.semantic.sentences == (meaning.sentences[1],)  # the covered one does not count
    assert pair.semantic.share == 0.25  # one of the two aligned sentences left
    # A: 20 + 30 taken unchanged + 60 in the sentence = 110 of 200; B: 50 + 30 = 80 of 100
    assert pair.copied == 0.8
    assert pair.kind == "edited"  # on B: 50 characters of edited copy, 30 of paraphrase
    assert label(pair.kind) == "edited copy" and label(pair.kind, "zh") == "改动复制"


def test_white_space_is_not_counted_and_each_character_counts_once():
    a = "one two three four five six"
    b = "one two three four five six seven eight nine ten"
    m = Match(Span(0, len(a)), Span(0, len(a)), 6)
    twice = SemanticMatch("paraphrase", 1.0, (SentencePair(Span(0, 7), Span(40, 49), 0.9),))
    pair = judge(_pair([m, m], twice), Counter(a), Counter(b))
    assert pair.copied == 1.0 and pair.kind == "verbatim"  # a: all of it, the sentence inside too
    right = Counter(b)
    assert right(0, len(b)) == len(b.replace(" ", ""))


def test_an_identical_copy_is_verbatim_never_paraphrase():
    text = "这是第一句话。这是第二句话。这是第三句话。"
    found = SemanticMatch("paraphrase", 1.0, tuple(
        SentencePair(Span(i, i + 7), Span(i, i + 7), 1.0) for i in (0, 7, 14)))
    pair = judge(_pair([Match(Span(0, 21), Span(0, 21), 21)], found, 1.0), Counter(text), Counter(text))
    assert pair.semantic is None and pair.kind == "verbatim" and pair.copied == 1.0
    edited = Match(Span(0, 21), Span(0, 21), 21, (Span(3, 4),), (Span(3, 4),))
    assert passage_kind(edited) == "edited" and passage_kind(Match(Span(0, 1), Span(0, 1), 1)) == "verbatim"


def test_credited_passages_name_the_pair_only_when_nothing_is_uncredited():
    text = "x" * 100
    refs = Match(Span(60, 100), Span(60, 100), 40, attribution="references")
    copy = Match(Span(0, 20), Span(0, 20), 20)
    assert judge(_pair([refs]), Counter(text), Counter(text)).kind == "references"
    both = judge(_pair([refs, copy]), Counter(text), Counter(text))
    assert both.kind == "verbatim" and both.copied == 0.6  # 20 of 60 copied characters: uncredited
    heading = Match(Span(50, 55), Span(50, 55), 5)
    assert judge(_pair([refs, heading]), Counter(text), Counter(text)).kind == "references"
    template = Match(Span(0, 50), Span(0, 50), 50, attribution="template")
    only_template = judge(_pair([template]), Counter(text), Counter(text))
    assert only_template.copied == 0.0 and only_template.kind == ""  # never evidence of copying


def test_a_translation_ranks_above_a_small_verbatim_copy_and_translations_by_share():
    zh, en = "中" * 100, "e" * 100
    def translation(n):
        return SemanticMatch("translation", n / 10, tuple(
            SentencePair(Span(10 * i, 10 * i + 10), Span(10 * i, 10 * i + 10), 0.7) for i in range(n)))
    texts = [zh, en, zh, en, "中" * 80 + "乙" * 20]
    pairs = [_pair((), translation(9), 0.0, 0, 1), _pair((), translation(5), 0.0, 2, 3),
             _pair([Match(Span(0, 20), Span(0, 20), 20)], None, 0.2, 0, 4)]
    ranked = judged(texts, pairs)
    assert [(p.left, p.right) for p in ranked] == [(0, 1), (2, 3), (0, 4)]
    assert [p.copied for p in ranked] == [0.9, 0.5, 0.2] and ranked == sorted(ranked, key=rank_key)
    assert [p.kind for p in ranked] == ["translation", "translation", "verbatim"]
    assert all(is_flagged(p, 0.1, 3) for p in ranked)


def test_a_small_meaning_finding_alone_does_not_flag_a_pair():
    a, b = "甲" * 1000, "乙" * 1000
    found = SemanticMatch("paraphrase", 0.05, (SentencePair(Span(0, 30), Span(0, 30), 0.7),
                                              SentencePair(Span(30, 60), Span(30, 60), 0.7)))
    pair = judge(_pair((), found, 0.018), Counter(a), Counter(b))
    assert pair.kind == "paraphrase" and pair.copied == pytest.approx(0.06)
    assert not is_flagged(pair, 0.1, 3)  # 6 % of either essay: below the display threshold
