"""Identical documents are compared once (core/matching/copies.py), and the report is exactly
the one comparing every pair gives: every pair, passage, figure, mark and shared text."""

from __future__ import annotations

import random

import numpy as np
import pytest

import core.pipeline
from core.engine.profile import profiles
from core.matching.copies import copies, pairs_between
from core.matching.sources import default_sources
from core.options import CheckOptions
from core.pipeline import check_documents, run


class _Plain:
    """A source as it is, but without `per_pair`: the check compares every pair itself."""

    def __init__(self, source):
        self.source, self.name = source, source.name

    def propose(self, corpus, so_far):
        return (yield from self.source.propose(corpus, so_far))


def _reports(docs, texts, options, monkeypatch, template=None):
    grouped = run(check_documents(docs(*texts), options, template=template))
    with monkeypatch.context() as m:
        m.setattr(core.pipeline, "default_sources",
                  lambda *a, **k: tuple(_Plain(s) for s in default_sources(*a, **k)))
        plain = run(check_documents(docs(*texts), options, template=template))
    return grouped, plain


def _han(rng: random.Random, size: int) -> str:
    return "".join(chr(rng.randrange(0x4E00, 0x4E00 + 3000)) for _ in range(size))


def _words(rng: random.Random, size: int) -> str:
    vocab = [f"w{rng.randrange(10**6)}ing" for _ in range(400)]
    sentences = []
    for _ in range(size // 12):
        sentences.append(" ".join(rng.choice(vocab) for _ in range(12)).capitalize() + ".")
    return " ".join(sentences)


def _edited(rng: random.Random, text: str, every: int = 40) -> str:
    chars = list(text)
    for at in range(5, len(chars), every):
        chars[at] = chr(rng.randrange(0x4E00, 0x4E00 + 3000))
    return "".join(chars)


def chinese_class(seed: int = 3) -> list[str]:
    """Copies of six texts interleaved, in groups of 1 to 7: one text holds a passage of
    another, one is an edited copy of it, most documents hold the same assignment (over the
    common-text cap), two texts differ only in their punctuation."""
    rng = random.Random(seed)
    prompt = _han(rng, 120)
    a = _han(rng, 500)
    b = _han(rng, 200) + a[100:260] + _han(rng, 200)
    c = _edited(rng, a)
    d = _han(rng, 450)
    e = d[:200] + "，" + d[200:] + "。"
    f = _han(rng, 300)
    bodies = [prompt + a, prompt + b, c, prompt + d, e, f]
    counts = [7, 4, 1, 5, 2, 3]
    texts = [body for body, k in zip(bodies, counts) for _ in range(k)]
    rng.shuffle(texts)
    return texts


def english_class(seed: int = 4) -> list[str]:
    rng = random.Random(seed)
    a, b = _words(rng, 400), _words(rng, 400)
    mixed = a[: len(a) // 2] + " " + b[len(b) // 2:]
    texts = [a] * 5 + [b] * 3 + [mixed] * 2 + [_words(rng, 300)]
    rng.shuffle(texts)
    return texts


def test_groups_keep_first_and_last_and_count_the_rest():
    texts = ["甲" * 50, "乙" * 50, "甲" * 50, "丙" * 50, "甲" * 50, "乙" * 50]
    groups = copies(profiles(texts, CheckOptions()), tuple(texts))
    assert [m.tolist() for m in groups.members] == [[0, 2, 4], [1, 5], [3]]
    assert groups.kept.tolist() == [0, 1, 3, 4, 5]
    assert groups.weights.tolist() == [1, 1, 1, 2, 1]
    assert groups.stands_for(3).tolist() == [2, 4]
    left, right = pairs_between(groups.members[0], groups.members[1])
    assert list(zip(left.tolist(), right.tolist())) == [(0, 1), (0, 5), (2, 5), (4, 5)]


def test_the_same_text_with_other_punctuation_is_not_a_copy_here():
    texts = ["甲乙丙丁" * 20, "甲乙丙丁" * 20 + "。"]
    groups = copies(profiles(texts, CheckOptions()), tuple(texts))
    assert not groups.reduces and len(groups.members) == 2


@pytest.mark.parametrize("shape", ["chinese", "english"])
def test_a_class_of_copies_reports_exactly_what_every_pair_compared_gives(docs, monkeypatch, shape):
    texts = chinese_class() if shape == "chinese" else english_class()
    options = CheckOptions(workers=1)
    assert copies(profiles(texts, options), tuple(texts)).reduces
    grouped, plain = _reports(docs, texts, options, monkeypatch)
    assert len(plain.pairs) >= 30
    assert grouped.pairs == plain.pairs
    assert grouped == plain
    if shape == "chinese":  # the class shows what it is meant to: shared text, copies, an edit
        assert plain.shared_texts and any(m.shared_by for p in plain.pairs for m in p.matches)
        assert {p.kind for p in plain.pairs} >= {"verbatim", "edited"}


def test_copies_differing_only_in_white_space_at_the_end_are_compared_once(docs, monkeypatch):
    """Each copy ends in white space of its own (blank lines, spaces, an ideographic space):
    grouped as the bare copies are, and the report is still exactly every pair's."""
    bare = chinese_class(5)
    ends = ["", "\n", "\n\n", "  ", "\r\n", "\u3000", "\n \n\t"]
    texts = [t + ends[i % len(ends)] for i, t in enumerate(bare)]
    options = CheckOptions(workers=1)
    groups = copies(profiles(texts, options), tuple(texts))
    assert len(groups.members) == len(copies(profiles(bare, options), tuple(bare)).members) == 6
    grouped, plain = _reports(docs, texts, options, monkeypatch)
    assert len(plain.pairs) >= 30
    assert grouped == plain
    # a mark at the end is read: a copy ending in "。" is no copy of one without
    marked = [bare[0], bare[0] + "。", bare[0] + "。\n"]
    assert [m.tolist() for m in copies(profiles(marked, options), tuple(marked)).members] == [[0], [1, 2]]


def test_copies_over_the_cap_and_a_template(docs, monkeypatch):
    """12 copies among 16 documents (over the cap of 10: joined pair by pair and marked) and a
    template most documents hold."""
    rng = random.Random(9)
    template = _han(rng, 150)
    essay = template + _han(rng, 300)
    texts = [essay] * 12 + [template + _han(rng, 300) for _ in range(4)]
    rng.shuffle(texts)
    options = CheckOptions(workers=1)
    tpl = docs(template)[0]
    grouped, plain = _reports(docs, texts, options, monkeypatch, template=tpl)
    assert grouped == plain
    copies_pairs = [p for p in plain.pairs if texts[p.left] == texts[p.right]]
    assert len(copies_pairs) == 66 and {m.shared_by for p in copies_pairs for m in p.matches} == {12}


def test_copy_pairs_share_their_passages(docs):
    texts = [_han(random.Random(2), 300)] * 6
    report = run(check_documents(docs(*texts), CheckOptions(workers=1)))
    assert len(report.pairs) == 15
    assert len({id(p.matches) for p in report.pairs}) < 15


def test_near_copies_as_long_as_each_other_are_told_apart_without_hashing_them_whole(monkeypatch):
    """Near copies as alike as can be but for one unit each (as long, one simhash, the same
    fingerprints): only the two identical documents are hashed whole, and the groups are each
    near copy alone and the two together."""
    import dataclasses

    import core.matching.copies as module

    rng = random.Random(4)
    [base] = profiles([_han(rng, 400)], CheckOptions(workers=1))
    found = []
    for at in range(20, 380, 40):
        hashes = base.units.hashes.copy()
        hashes[at] += np.uint64(at + 1)  # each its own unit hash
        found.append(dataclasses.replace(base, units=dataclasses.replace(base.units, hashes=hashes)))
    found += [base, base]
    hashed = []
    real = module._identity
    monkeypatch.setattr(module, "_identity", lambda p, t: hashed.append(p) or real(p, t))
    groups = copies(found)
    assert [m.tolist() for m in groups.members] == [[d] for d in range(len(found) - 2)] + [[9, 10]]
    assert len(hashed) == 2 and all(p is base for p in hashed)
