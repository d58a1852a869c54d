"""In-passage alignment: taken units, change spans, and the similarity built on them."""

import random

import numpy as np
import pytest

from core.engine.vocabulary import WEIGHT
from core.matching.alignment import align_units
from core.models import Span
from core.options import CheckOptions
from core.pipeline import check_documents, run

SOURCE = "春眠不觉晓处处闻啼鸟夜来风雨声花落知多少床前明月光疑是地上霜举头望明月低头思故乡"


def random_han(rng: random.Random, n: int) -> list[str]:
    return [chr(rng.randrange(0x4E00, 0x4E00 + 3000)) for _ in range(n)]


def edit_every_fifth(units: list[str], rng: random.Random, op: str, vocab: list[str]) -> list[str]:
    """One unit in five (chosen at random, as make_benchmark.py edits) inserted, deleted or
    substituted throughout the text."""
    edited = set(rng.sample(range(len(units)), len(units) // 5))
    out = []
    for i, u in enumerate(units):
        if i not in edited:
            out.append(u)
        elif op == "insert":
            out += [u, rng.choice(vocab)]
        elif op == "substitute":
            out.append(rng.choice(vocab))
    return out


def test_verbatim_is_all_taken_and_has_no_changes():
    x = np.arange(100, dtype=np.uint64)
    al = align_units(x, x.copy(), 5)
    assert al.verbatim and al.left.all() and al.right.all()


def test_substitution_insertion_deletion_are_the_changes():
    x = np.arange(1000, 1060, dtype=np.uint64)
    y = np.concatenate((x[:10], [7], x[11:30], [8, 9], x[30:50], x[51:]))  # sub, ins, del
    al = align_units(x, y, 5)
    assert np.flatnonzero(~al.left).tolist() == [10, 50]
    assert np.flatnonzero(~al.right).tolist() == [10, 30, 31]


def test_readme_worked_example(docs):
    """docs/engines.md: the 40-character poem, one character substituted and one inserted."""
    edited = SOURCE[:20] + "雪" + SOURCE[21:30] + "新" + SOURCE[30:]
    [pair] = run(check_documents(docs(SOURCE, edited), CheckOptions())).pairs
    [m] = pair.matches
    assert m.left_changes == (Span(20, 21),)
    assert m.right_changes == (Span(20, 21), Span(30, 31))
    taken = 39 / 40  # the left side: 39 of its 40 characters taken
    penalty = 1 - 0.1 * 3 / (39 + 39 + 3)  # 3 changed of 81 passage units
    copied = taken * penalty
    assert copied == pytest.approx(0.9714, abs=1e-4)
    assert copied <= pair.similarity <= copied + (1 - copied) * WEIGHT
    assert round(pair.similarity, 3) == 0.973


@pytest.mark.parametrize("op", ["insert", "delete", "substitute"])
def test_one_unit_in_five_edited_throughout_reads_as_copied(docs, op):
    rng = random.Random(7)
    source = random_han(rng, 3000)
    copy = edit_every_fifth(source, rng, op, random_han(rng, 3000))
    [pair] = run(check_documents(docs("".join(source), "".join(copy)), CheckOptions())).pairs
    assert pair.similarity >= 0.70
    assert pair.similarity < 1.0


def test_english_one_word_in_five_substituted(docs):
    rng = random.Random(3)
    words = [f"w{rng.randrange(5000)}" for _ in range(600)]
    copy = edit_every_fifth(words, rng, "substitute", [f"x{i}" for i in range(500)])
    [pair] = run(check_documents(docs(" ".join(words), " ".join(copy)), CheckOptions())).pairs
    assert pair.similarity >= 0.70


def test_verbatim_ranks_above_an_edited_copy_of_equal_extent(docs):
    rng = random.Random(11)
    source = random_han(rng, 400)
    inserted = edit_every_fifth(source, rng, "insert", random_han(rng, 100))
    report = run(check_documents(docs("".join(source), "".join(source), "".join(inserted)),
                                 CheckOptions()))
    sims = {(p.left, p.right): p.similarity for p in report.pairs}
    assert sims[(0, 1)] == 1.0
    assert 0.9 < sims[(0, 2)] < 1.0


def test_min_passage_figures_come_from_the_passages_shown(docs):
    rng = random.Random(5)
    a = random_han(rng, 300)
    b = random_han(rng, 280) + a[:20]  # one 20-character passage
    both = docs("".join(a), "".join(b))
    [shown] = run(check_documents(both, CheckOptions())).pairs
    assert shown.matches and shown.similarity >= 20 / 300
    hidden = run(check_documents(both, CheckOptions(min_passage=30))).pairs
    assert hidden == ()  # its only passage hidden, not a near-duplicate: not listed


def test_min_passage_keeps_a_near_duplicate_without_passages(docs):
    text = "".join(random_han(random.Random(2), 200))
    [pair] = run(check_documents(docs(text, text), CheckOptions(min_passage=10_000))).pairs
    assert pair.matches == () and pair.hamming == 0
    assert pair.similarity <= WEIGHT  # nothing shown, so nothing counted as taken


def _lcs_length(x, y):
    prev = [0] * (len(y) + 1)
    for xv in x:
        row = [0]
        for j, yv in enumerate(y):
            row.append(prev[j] + 1 if xv == yv else max(prev[j + 1], row[j]))
        prev = row
    return prev[-1]


@pytest.mark.parametrize("seed", range(24))
def test_alignment_pairs_equal_units_one_to_one(seed):
    """Repetitive inputs (a small alphabet, repeated blocks, shuffles) included: the units
    taken on each side are the same multiset of values, and on an order-preserving edit at
    least most of what the longest common subsequence pairs."""
    rng = random.Random(seed)
    alphabet = rng.choice([3, 8, 50])
    block = [rng.randrange(alphabet) for _ in range(rng.randrange(5, 40))]
    x = block * rng.randrange(1, 6) + [rng.randrange(alphabet) for _ in range(rng.randrange(80))]
    y = [v for v in x if rng.random() > 0.2] + block
    rng.shuffle(y) if seed % 7 == 0 else None
    xa, ya = np.array(x, dtype=np.uint64), np.array(y, dtype=np.uint64)
    al = align_units(xa, ya, 3)
    assert sorted(xa[al.left].tolist()) == sorted(ya[al.right].tolist())
    if seed % 7 and alphabet == 50:  # tiny alphabets: most of their LCS is chance
        assert al.left.sum() >= 0.8 * _lcs_length(x, y)
