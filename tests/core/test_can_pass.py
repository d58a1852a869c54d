"""The bulk rejection of pairs whose seeds cannot make a passage (passages.can_pass) rejects
only pairs `align` finds nothing in, and changes no result of a check."""

import random
import threading

import numpy as np
import pytest

from core.engine.hashing import kgram_hashes
from core.engine.profile import profiles
from core.matching import passages
from core.matching.compare import compare
from core.matching.index import shared_kgram_arrays, shared_kgram_runs
from core.matching.passages import align, can_pass, crowded
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
    run_pairs = np.unique(run_keys)
    assert run_pairs.tolist() == pair_keys.tolist()
    by_runs = fingerprints._can_pass(found, len(found), run_pairs, np.searchsorted(run_pairs, run_keys),
                                     run_left, run_right, run_length)
    assert (by_runs == (possible & (count >= p.guarantee - p.k + 1))).all()
    # on runs it says what it says on their seeds, the runs joined or not (and in no order)
    apart = shared_kgram_runs(hashes, lengths, cap=40, max_repeats=8, join=False)
    by_runs = fingerprints._can_pass(found, len(found), run_pairs, np.searchsorted(run_pairs, apart[0]),
                                     *apart[1:])
    assert (by_runs == (possible & (count >= p.guarantee - p.k + 1))).all()
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
        passages.append(bool(align(a.units, b.units, pa, pb, p.k, p.gap, p.guarantee,
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
    monkeypatch.setattr(fingerprints, "crowded", lambda doc, *args: np.ones(len(doc), bool))
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
    monkeypatch.setattr(fingerprints, "CAN_PASS_RUNS", 4)
    sliced = run(compare(found, options, texts=texts))
    assert len(slices) >= 10
    assert sliced == whole
    assert sum(1 for r in whole if r.matches) >= 5


ENGLISH = ["according to the ministry", "the spokesman said on monday", "as reported earlier",
           "in a statement released", "officials declined to comment"]


def _english(n: int, seed: int) -> list[str]:
    """English texts of few distinct words with stock phrases: documents of other parameters
    (k, short_gap, t) than the Chinese ones beside them."""
    rng = random.Random(seed)
    words = ["river", "stone", "light", "field", "north", "wind", "grain", "salt", "iron", "cloud"]
    texts = []
    for _ in range(n):
        parts = []
        for _ in range(rng.randint(6, 14)):
            parts.append(" ".join(rng.choice(words[:rng.choice((4, 10))]) for _ in range(rng.randint(2, 20))))
            parts.append(rng.choice(ENGLISH))
        if texts and rng.random() < 0.5:
            other = rng.choice(texts).split()
            at = rng.randrange(len(other))
            parts.insert(rng.randrange(len(parts)), " ".join(other[at:at + rng.randint(5, 30)]))
        texts.append(". ".join(parts) + ".")
    return texts


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("languages", ["zh", "zh+en"])
def test_the_source_checks_pairs_as_can_pass_does_each_on_its_own(seed, languages, monkeypatch):
    """The source leaves out, before `can_pass`, the runs `passages.crowded` finds in too thin
    a stretch of all pairs' runs, on the left axis (and the right one when every document has
    the same parameters): every pair must come out as `can_pass` says of all its runs alone,
    with its left document's parameters, in any order of the runs, whichever way the pairs
    are numbered."""
    options = CheckOptions()
    texts = _texts(30, seed) + (_english(30, seed) if languages == "zh+en" else [])
    found = profiles(texts, options)
    assert len({q.params for q in found}) == (2 if languages == "zh+en" else 1)
    hashes, lengths = fingerprints.all_kgrams(found)
    keys, left, right, length = shared_kgram_runs(hashes, lengths, cap=60, max_repeats=8, join=False)
    order = np.random.default_rng(seed).permutation(len(keys))
    keys, left, right, length = keys[order], left[order], right[order], length[order]
    n = len(found)
    want = []
    pair_keys = np.unique(keys)
    for key in pair_keys.tolist():
        mine = keys == key
        q = found[key // n].params
        want.append(int(length[mine].sum()) >= q.guarantee - q.k + 1 and bool(
            can_pass(np.zeros(int(mine.sum()), np.int64), left[mine], right[mine], np.array([q.k]),
                     np.array([q.short_gap]), np.array([q.guarantee]), 1, length[mine])[0]))
    want = np.array(want)
    assert want.sum() >= 5 and (~want).sum() >= 20
    left_docs = pair_keys // n
    if languages == "zh+en":
        assert want[left_docs >= 30].sum() >= 2 and want[left_docs < 30].sum() >= 2
    threads = []
    passing = fingerprints._passing

    def noted(*args):
        lo, hi = args[-1]
        threads.append((threading.current_thread().name, int(args[-2][lo:hi].sum())))
        return passing(*args)

    monkeypatch.setattr(fingerprints, "_passing", noted)
    whole = fingerprints.SPLIT_RUNS
    # runs read back from the packed rows, or gathered; crowded() or not; the pairs in two halves or not
    packed = fingerprints.sorted_rows
    for rows, share, split in ((packed, passages.CROWDED_SHARE, whole), (packed, 0.0, whole),
                               (lambda keys, then: None, 0.0, whole), (packed, 0.0, 8),
                               (lambda keys, then: None, 0.0, 8)):
        monkeypatch.setattr(fingerprints, "sorted_rows", rows)
        monkeypatch.setattr(passages, "CROWDED_SHARE", share)
        monkeypatch.setattr(fingerprints, "SPLIT_RUNS", split)
        columns = [keys.copy(), left, right, length]
        seen, pair, *runs = fingerprints._pairs_of(columns, pair_keys)
        assert not columns  # each handed over
        assert seen.tolist() == pair_keys.tolist()
        # sorted by pair, then left start
        assert (np.diff(pair) >= 0).all() and (np.diff(runs[0])[np.diff(pair) == 0] >= 0).all()
        assert (seen[pair] == np.sort(keys)).all()
        order = np.lexsort((left, keys))
        assert [r.tolist() for r in runs] == [left[order].tolist(), right[order].tolist(), length[order].tolist()]
        del threads[:]
        assert (fingerprints._can_pass(found, n, seen, pair, *runs) == want).all()
        if split == whole:
            assert len(threads) == 1
        else:  # one half here, the other on the helper thread, each with runs
            assert sorted(name for name, _ in threads) == sorted([threading.current_thread().name, "plagscope-ahead"])
            assert min(size for _, size in threads) > 3  # pairs to check in each half
    # the runs left out: some, and all of them in pairs that cannot pass
    units = np.array([len(q.units) for q in found])
    per_doc = [np.array([getattr(q.params, name) for q in found]) for name in ("k", "short_gap", "guarantee")]
    pair = np.searchsorted(pair_keys, keys)
    assert passages.CROWDED_SHARE == 0.0
    thin = ~crowded(keys // n, left, length, units, *per_doc)
    assert thin.sum() > 20 and not want[pair[thin]].all()
    assert crowded(keys // n, left, length, units * 0 + 10**6, *per_doc).all()  # too many units: all kept


def test_crowded_runs_by_hand(monkeypatch):
    """k = 5, short_gap = 16, min_units = 14; runs of 4 seeds cover 8 units. Two such runs
    with 10 units between them make a stretch of 16 units; 17 units apart they are two
    stretches of 8; the end of one document and the start of the next never join."""
    per_doc = [np.array([5, 5, 5]), np.array([16, 16, 16]), np.array([14, 14, 14])]
    units = np.array([80, 20, 20])
    args = (np.array([0, 0]), np.array([0, 30]), np.array([4, 4]), units, *per_doc)
    assert crowded(*args).tolist() == [True, True]  # 2 runs over 120 units: all let through
    monkeypatch.setattr(passages, "CROWDED_SHARE", 0.0)
    assert crowded(*args).tolist() == [False, False]
    doc = np.array([0, 0, 0, 0, 1, 2])
    pos = np.array([0, 18, 50, 62, 12, 0])
    length = np.array([4, 4, 1, 4, 4, 4])
    # doc 0: [0, 8) and [18, 26) joined (10 between): 16 units; [50, 55) and [62, 70) joined
    # (7 between; 24 after [18, 26)): 13 units, too few; doc 1's [12, 20) and doc 2's [0, 8):
    # apart, 8 each
    assert crowded(doc, pos, length, units, *per_doc).tolist() == [True, True, False, False, False, False]
    pos[1] = 24  # 16 units between [0, 8) and [24, 32): still joined
    assert crowded(doc, pos, length, units, *per_doc).tolist() == [True, True, False, False, False, False]
    pos[1] = 25  # 17 units between [0, 8) and [25, 33): two stretches of 8
    assert crowded(doc, pos, length, units, *per_doc).tolist() == [False] * 6
    pos[1], length[1] = 18, 2  # [0, 8) and [18, 24): 14 units, just enough
    assert crowded(doc, pos, length, units, *per_doc).tolist() == [True, True, False, False, False, False]
    assert crowded(doc[:0], pos[:0], length[:0], units, *per_doc).tolist() == []


def _crowded_by_definition(doc, pos, length, units, k, short_gap, min_units) -> list[bool]:
    """Per document, the units the runs' k-grams cover, joined into stretches by gaps of at
    most the document's short_gap; a run is kept when its stretch covers min_units units."""
    size = {}
    for d in range(len(units)):
        covered = sorted({p + t for dd, p, n in zip(doc, pos, length) if dd == d for t in range(n + k[d] - 1)})
        stretches: list[list[int]] = []
        for u in covered:
            if stretches and u - stretches[-1][-1] - 1 <= short_gap[d]:
                stretches[-1].append(u)
            else:
                stretches.append([u])
        size.update({(d, u): len(s) for s in stretches for u in s})
    return [size[(d, p)] >= min_units[d] for d, p in zip(doc.tolist(), pos.tolist())]


@pytest.mark.parametrize("uniform", [True, False])
def test_crowded_runs_are_those_of_stretches_covering_enough_units(uniform, monkeypatch):
    """Random runs in documents side by side (some empty, some short), with one set of
    parameters or one per document: crowded() keeps a run exactly when its stretch covers
    min_units units, whatever the next document holds."""
    monkeypatch.setattr(passages, "CROWDED_SHARE", 0.0)
    rng = np.random.default_rng(7 if uniform else 8)
    dropped = kept = 0
    for trial in range(300):
        n = int(rng.integers(1, 8))
        units = rng.integers(0, 120, n)
        k, short_gap, min_units = ((np.full(n, int(rng.integers(lo, hi))) if uniform else rng.integers(lo, hi, n))
                                   for lo, hi in ((2, 6), (0, 20), (1, 40)))
        runs = []
        for _ in range(int(rng.integers(1, 40))):
            d = int(rng.integers(0, n))
            room = int(units[d] - k[d] + 1)
            if room > 0:
                p = int(rng.integers(0, room))
                runs.append((d, p, int(rng.integers(1, min(room - p, 1 + trial % 6) + 1))))
        if not runs:
            continue
        doc, pos, length = (np.array(x, np.int64) for x in zip(*runs))
        got = crowded(doc, pos, length, units, k, short_gap, min_units).tolist()
        assert got == _crowded_by_definition(doc, pos, length, units, k, short_gap, min_units)
        kept, dropped = kept + sum(got), dropped + len(got) - sum(got)
    assert kept > 500 and dropped > 500


@pytest.mark.parametrize("packed", [True, False])
def test_pairs_of_reads_pairs_and_left_starts_back_from_the_sorted_rows(packed, monkeypatch):
    """`_pairs_of` reads each run's key and left start back from the sorted packed rows, the
    pairs counted where the key changes (or gathers them when the rows do not fit in 63 bits):
    the runs come out as a stable sort by key and left start orders them, with runs sharing a
    pair and left start, a pair's runs across slice edges, one pair alone, a left start of 0
    throughout and wide ones."""
    from core.matching import index

    rng = np.random.default_rng(4)
    monkeypatch.setattr(fingerprints, "SLICE", 13)
    if not packed:
        monkeypatch.setattr(fingerprints, "sorted_rows", lambda keys, then: None)
    for widest, most in ((1, 5000), (40, 5000), (2**30, 5000), (40, 1)):
        pairs = np.unique(rng.integers(0, most, 60))
        keys = pairs[rng.integers(0, len(pairs), 500)].astype(np.int32)
        left = rng.integers(0, widest, 500).astype(np.int32)
        right, length = rng.integers(0, 99, 500).astype(np.int32), rng.integers(1, 9, 500).astype(np.int32)
        seen, pair, *runs = fingerprints._pairs_of([keys.copy(), left, right, length], pairs)
        order = np.lexsort((left, keys))
        assert seen.tolist() == np.unique(keys).tolist() and (seen[pair] == keys[order]).all()
        assert seen.dtype == pairs.dtype
        assert [r.tolist() for r in runs] == [left[order].tolist(), right[order].tolist(), length[order].tolist()]
        assert pair.dtype == np.int32 and runs[0].dtype == np.int32
        if packed:
            assert index.sorted_rows(pair, runs[0]) is not None


def test_pairs_read_by_stretches_pass_as_runs_in_any_order_do():
    """Runs ordered by pair (as `_pairs_of` gives them) are read by each pair's stretch: each
    pair's seeds and whether it has a run of t units come out as on the same runs shuffled
    (run by run), with pairs without runs, runs exactly t units long, parameters per document
    and a t no longer than a k-gram."""
    from types import SimpleNamespace

    rng = np.random.default_rng(12)
    for trial in range(40):
        n = int(rng.integers(3, 12))
        found = [SimpleNamespace(units=np.zeros(int(rng.integers(30, 200))),
                                 params=SimpleNamespace(k=k, short_gap=int(rng.integers(1, 9)),
                                                        guarantee=k - 1 if trial % 5 == 0 else k + int(rng.integers(0, 30))))
                 for k in rng.integers(2, 9, n).tolist()]
        pair_keys = np.unique(rng.integers(0, n - 1, 30) * n + rng.integers(1, n, 30))
        pair_keys = pair_keys[pair_keys // n < pair_keys % n]
        runs = rng.integers(0, 7, len(pair_keys))  # a pair without runs among them
        pair = np.repeat(np.arange(len(pair_keys)), runs).astype(np.int32)
        length = rng.integers(1, 40, len(pair)).astype(np.int32)
        left = np.array([rng.integers(0, len(found[d].units)) for d in (pair_keys // n)[pair]], np.int32)
        right = np.array([rng.integers(0, len(found[d].units)) for d in (pair_keys % n)[pair]], np.int32)
        order = np.lexsort((left, pair))
        pair, left, right, length = pair[order], left[order], right[order], length[order]
        t = np.array([found[d].params.guarantee - found[d].params.k + 1 for d in (pair_keys // n)[pair]])
        length[: len(length) // 3] = np.maximum(1, t[: len(length) // 3])  # exactly t units
        seeds, longest = fingerprints._by_pair(pair, length, len(pair_keys))
        assert seeds.tolist() == np.bincount(pair, weights=length, minlength=len(pair_keys)).tolist()
        assert longest.tolist() == [int(length[pair == p].max(initial=0)) for p in range(len(pair_keys))]
        shuffled = rng.permutation(len(pair))
        if len(pair) > 1 and (np.diff(pair[shuffled]) >= 0).all():
            continue
        assert fingerprints._by_pair(pair[shuffled], length, len(pair_keys)) is None
        want = fingerprints._can_pass(found, n, pair_keys, pair[shuffled], left[shuffled], right[shuffled],
                                      length[shuffled])
        got = fingerprints._can_pass(found, n, pair_keys, pair, left, right, length)
        assert got.tolist() == want.tolist()
