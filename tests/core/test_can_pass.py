"""The bulk rejection of pairs whose seeds cannot make a passage (passages.can_pass) rejects
only pairs `align` finds nothing in, and changes no result of a check."""

import random

import numpy as np
import pytest

from core.engine.hashing import kgram_hashes
from core.engine.profile import profiles
from core.matching.compare import compare
from core.matching.index import shared_kgram_arrays, shared_kgram_runs
from core.matching.passages import align, can_pass
from core.matching.sources import fingerprints
from core.options import CheckOptions
from core.pipeline import run

STOCK = ["新华社北京电", "记者报道", "中共中央政治局委员", "外交部发言人", "据了解", "完", "责任编辑",
         "国务院副总理", "新闻发布会上表示", "有关负责人介绍"]


def _texts(n: int, seed: int) -> list[str]:
    """Texts of few distinct characters (many chance shared k-grams), stock phrases a few
    characters apart, and copies of pieces of other texts, plain or edited."""
    rng = random.Random(seed)
    alphabet = "天地玄黄宇宙洪荒日月盈昃辰宿列张寒来暑往秋收冬藏"
    texts = []
    for i in range(n):
        parts = []
        for _ in range(rng.randint(8, 20)):
            parts.append("".join(rng.choice(alphabet[:rng.choice((6, 12, 24))]) for _ in range(rng.randint(3, 40))))
            parts.append(rng.choice(STOCK))
        if texts and rng.random() < 0.5:
            other = rng.choice(texts)
            at = rng.randrange(len(other))
            piece = list(other[at:at + rng.randint(8, 60)])
            for _ in range(rng.randint(0, len(piece) // 6)):
                piece[rng.randrange(len(piece))] = rng.choice(alphabet)
            parts.insert(rng.randrange(len(parts)), "".join(piece))
        texts.append("".join(parts))
    return texts


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_rejected_pair_has_no_passage(seed):
    options = CheckOptions()
    found = profiles(_texts(40, seed), options)
    lengths = np.array([len(p.units) - p.params.k + 1 for p in found])
    hashes = np.concatenate([kgram_hashes(p.units.hashes, p.params.k) for p in found])
    keys, left, right = shared_kgram_arrays(hashes, lengths, cap=40, max_repeats=8)
    pair_keys, first, count = np.unique(keys, return_index=True, return_counts=True)
    p = found[0].params
    same = np.full(len(pair_keys), 1, dtype=np.int64)
    possible = can_pass(np.repeat(np.arange(len(pair_keys)), count), left, right, same * p.k,
                        same * p.short_gap, same * p.guarantee, len(pair_keys))
    # the same with per-pair parameters (a pair of another language, without seeds, beside them)
    mixed = can_pass(np.repeat(np.arange(len(pair_keys)), count), left, right,
                     np.append(same * p.k, 3), np.append(same * p.short_gap, 10),
                     np.append(same * p.guarantee, 12), len(pair_keys) + 1)
    assert (mixed[:-1] == possible).all() and not mixed[-1]
    # the source's check on runs (a pair with a run of t units passes without a look at its
    # seeds) says the same of every pair
    run_keys, run_left, run_right, run_length = shared_kgram_runs(hashes, lengths, cap=40, max_repeats=8)
    run_pairs, run_first, run_count = np.unique(run_keys, return_index=True, return_counts=True)
    assert run_pairs.tolist() == pair_keys.tolist()
    by_runs = fingerprints._can_pass(found, len(found), run_pairs, run_first, run_count, run_left,
                                     run_right, run_length)
    assert (by_runs == (possible & (count >= p.guarantee - p.k + 1))).all()
    # on runs it says what it says on their seeds, the runs joined or not
    apart = shared_kgram_runs(hashes, lengths, cap=40, max_repeats=8, join=False)
    for keys_, left_, right_, length_ in ((run_keys, run_left, run_right, run_length), apart):
        on_runs = can_pass(np.searchsorted(pair_keys, keys_), left_, right_, same * p.k,
                           same * p.short_gap, same * p.guarantee, len(pair_keys), length_)
        assert (on_runs == possible).all()
        assert (length_ > 1).sum() > 20
    assert ((run_length + p.k - 1 >= p.guarantee) & possible[np.searchsorted(pair_keys, run_keys)]).sum()
    passages = []
    for key, lo, size in zip(pair_keys.tolist(), first.tolist(), count.tolist()):
        a, b = found[key // len(found)], found[key % len(found)]
        pa, pb = left[lo:lo + size], right[lo:lo + size]
        passages.append(bool(align(a.units, b.units, pa, pb, p.k, p.gap, p.guarantee, p.verbatim,
                                   p.short_gap, p.dense).passages))
    passages = np.array(passages)
    assert not (passages & ~possible).any()  # never rejects a pair with a passage
    enough = count >= p.guarantee - p.k + 1
    assert (enough & ~possible).sum() >= 10  # and rejects pairs with seeds enough for one
    assert passages.sum() >= 5


def test_a_check_finds_the_same_with_and_without_rejection(monkeypatch):
    options = CheckOptions(semantic=False)
    found = profiles(_texts(60, 7), options)
    texts = _texts(60, 7)
    with_rejection = run(compare(found, options, texts=texts))
    rejected = []

    def keep_all(pair, pa, pb, k, short_gap, min_units, n_pairs, length):
        rejected.append(int((~can_pass(pair, pa, pb, k, short_gap, min_units, n_pairs, length)).sum()))
        return np.ones(n_pairs, dtype=bool)

    monkeypatch.setattr(fingerprints, "can_pass", keep_all)
    without = run(compare(found, options, texts=texts))
    assert rejected[0] >= 10
    assert with_rejection == without
    assert sum(1 for r in with_rejection if r.matches) >= 5


def test_pairs_checked_in_small_slices_give_the_same_check(monkeypatch):
    options = CheckOptions(semantic=False)
    texts = _texts(60, 11)
    found = profiles(texts, options)
    whole = run(compare(found, options, texts=texts))
    slices = []

    def counting(pair, pa, pb, k, short_gap, min_units, n_pairs, length):
        slices.append(n_pairs)
        return can_pass(pair, pa, pb, k, short_gap, min_units, n_pairs, length)

    monkeypatch.setattr(fingerprints, "can_pass", counting)
    monkeypatch.setattr(fingerprints, "CAN_PASS_RUNS", 16)
    sliced = run(compare(found, options, texts=texts))
    assert len(slices) >= 10
    assert sliced == whole
    assert sum(1 for r in whole if r.matches) >= 5
