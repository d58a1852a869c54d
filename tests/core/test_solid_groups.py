"""`passages.cluster` and `passages.solid_groups` split every group of every pair at once; they
must give what splitting group by group gives (written out below as `cluster` was), and a
check whose pairs get their groups found together (`scoring.plan`) must find what one that
finds them pair by pair finds, whatever the gaps."""

import random
from dataclasses import replace

import numpy as np
import pytest

from core import options as options_module
from core.engine.hashing import kgram_hashes
from core.engine.profile import profile, profiles
from core.matching import compare as compare_module
from core.matching import passages, scoring
from core.matching.compare import compare
from core.matching.index import shared_kgram_runs
from core.options import CheckOptions
from core.pipeline import run


# -- group by group, as `cluster` was written --------------------------------------------------
def _split(values, length, idx, k, gap):
    order = idx[np.argsort(values[idx], kind="stable")]
    v = values[order]
    reach = np.maximum.accumulate(v + length[order] - 1 + k)
    cuts = np.flatnonzero(v[1:] - reach[:-1] > gap) + 1
    return np.split(order, cuts) if len(cuts) else [order]


def _cluster(pa, pb, length, k, gap, min_seeds=1):
    pending = [np.arange(len(pa))] if int(length.sum()) >= min_seeds else []
    axis, stable_rounds = 0, 0
    while pending and stable_rounds < 2:
        values = pa if axis == 0 else pb
        nxt, split_any = [], False
        for group in pending:
            parts = _split(values, length, group, k, gap)
            split_any |= len(parts) > 1
            nxt.extend(part for part in parts if int(length[part].sum()) >= min_seeds)
        pending = nxt
        stable_rounds = 0 if split_any else stable_rounds + 1
        axis ^= 1
    return pending


def _covered(starts, k, length):
    units = set()
    for s, n in zip(starts.tolist(), length.tolist()):
        units.update(range(s, s + n - 1 + k))
    return len(units)


def _solid_groups(pa, pb, length, k, gap, short_gap, min_units, dense, kinds=None):
    """Each group at gap holding a solid piece: (the runs `_solid` keeps, sorted, True), or
    (the group, sorted, False) when thin pieces may grow onto its solid ones (`kinds` gets
    which case each was)."""
    out = []
    kinds = [] if kinds is None else kinds
    for group in _cluster(pa, pb, length, k, gap, -(-min_units // k)):
        ga, gb, gl = pa[group], pb[group], length[group]
        pieces = _cluster(ga, gb, gl, k, short_gap)
        solid = [_covered(ga[p], k, gl[p]) >= min_units and _covered(gb[p], k, gl[p]) >= min_units
                 for p in pieces]
        core = np.concatenate([p for p, ok in zip(pieces, solid) if ok] or [group[:0]])
        if all(solid):
            out.append((np.sort(group), True))
            kinds.append("whole")
        elif any(solid) and _covered(ga[core], k, gl[core]) >= dense:
            out.append((np.sort(group), False))
            kinds.append("grow")
        elif any(solid):
            out.append((np.sort(group[core]), True))
            kinds.append("solid pieces")
    return out


# -- runs that stress it -------------------------------------------------------------------------
STOCK = ["新华社北京电", "记者报道", "外交部发言人", "据了解", "完", "责任编辑", "新闻发布会上表示"]


def _text(rng: random.Random, others: list[str]) -> str:
    """Few distinct characters (chance seeds), stock phrases a few characters apart, and a
    piece of another text, edited so heavily that it thins into pieces of its own."""
    alphabet = "天地玄黄宇宙洪荒日月盈昃辰宿列张寒来暑往"
    parts = []
    for _ in range(rng.randint(4, 14)):
        parts.append("".join(rng.choice(alphabet[:rng.choice((5, 10, 20))])
                             for _ in range(rng.randint(2, 30))))
        parts.append(rng.choice(STOCK))
    if others and rng.random() < 0.7:
        other = rng.choice(others)
        at = rng.randrange(len(other))
        piece = list(other[at:at + rng.randint(10, 120)])
        for _ in range(rng.randint(0, len(piece) // 4)):
            piece[rng.randrange(len(piece))] = rng.choice(alphabet)
        parts.insert(rng.randrange(len(parts)), "".join(piece))
    return "".join(parts)


def _pairs_runs(seed: int, n: int = 24):
    """The runs of every pair of n such texts sharing any: [(a, b, runs a, runs b, lengths)]."""
    rng = random.Random(seed)
    texts: list[str] = []
    for _ in range(n):
        texts.append(_text(rng, texts))
    found = profiles(texts, CheckOptions())
    k = found[0].params.k
    hashes = [kgram_hashes(p.units.hashes, k) for p in found]
    keys, ra, rb, rl = shared_kgram_runs(np.concatenate(hashes), np.array([len(h) for h in hashes]),
                                         cap=n, max_repeats=8)
    out = []
    for key in np.unique(keys).tolist():
        at = keys == key
        out.append((found[key // n], found[key % n], ra[at], rb[at], rl[at]))
    return out


def _random_runs(rng: random.Random):
    """Runs at random places, some on shared diagonals, long and short."""
    count = rng.randint(1, 60)
    spread = rng.choice((30, 120, 600))
    pa = np.array([rng.randrange(spread) for _ in range(count)], np.int64)
    diagonal = np.array([rng.choice((0, 3, rng.randrange(-40, 40))) for _ in range(count)], np.int64)
    pb = np.maximum(0, pa + diagonal)
    length = np.array([rng.choice((1, 1, 2, 3, 8, 20)) for _ in range(count)], np.int64)
    keep = np.unique(np.stack((pa, pb)), axis=1, return_index=True)[1]  # no run starts twice
    return pa[keep], pb[keep], length[keep]


@pytest.mark.parametrize("seed", range(4))
def test_cluster_splits_as_group_by_group(seed):
    rng = random.Random(seed)
    split = 0
    for _ in range(200):
        pa, pb, length = _random_runs(rng)
        order = rng.sample(range(len(pa)), len(pa))
        pa, pb, length = pa[order], pb[order], length[order]
        k, gap, min_seeds = rng.choice((3, 5)), rng.choice((0, 2, 10, 16, 45)), rng.choice((1, 3, 8))
        want = _cluster(pa, pb, length, k, gap, min_seeds)
        got = passages.cluster(pa, pb, length, k, gap, min_seeds)
        assert [g.tolist() for g in got] == [g.tolist() for g in want]
        split += len(want) > 1
    assert split > 50


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_solid_groups_of_many_pairs_are_each_pairs(seed):
    pairs = _pairs_runs(seed)
    rng = random.Random(seed)
    pairs += [(None, None, *_random_runs(rng)) for _ in range(100)]
    p = CheckOptions().params("zh")
    args = (p.k, p.gap, p.short_gap, p.guarantee, p.dense)
    kinds: list[str] = []
    want = [_solid_groups(ra, rb, rl, *args, kinds) for _, _, ra, rb, rl in pairs]
    counts = np.array([len(ra) for _, _, ra, _, _ in pairs])
    pair = np.repeat(np.arange(len(pairs)), counts)
    cat = [np.concatenate([x[i] for x in pairs]) for i in (2, 3, 4)]
    got = passages.solid_groups(pair, *cat, *args, len(pairs))
    assert [[(g.tolist(), w) for g, w in one] for one in got] == \
        [[(g.tolist(), w) for g, w in one] for one in want]
    # groups kept whole, their solid pieces only, groups to grow; pairs with several groups
    assert min(kinds.count(kind) for kind in ("whole", "solid pieces", "grow")) > 5
    assert sum(len(one) > 1 for one in want) > 3


@pytest.mark.parametrize("seed, gaps", [(4, None), (5, None), (6, (4, 12)), (7, (10, 10))])
def test_align_given_the_groups_finds_what_each_group_through_solid_finds(seed, gaps):
    found = 0
    for a, b, ra, rb, rl in _pairs_runs(seed, 30):
        p = a.params if gaps is None else replace(a.params, gap=gaps[0], short_gap=gaps[1])
        args = (p.k, p.gap, p.guarantee, p.short_gap, p.dense)
        one_by_one = [(g, False) for g in passages.cluster(ra, rb, rl, p.k, p.gap, -(-p.guarantee // p.k))]
        want = passages.align(a.units, b.units, ra, rb, *args, length=rl, groups=one_by_one)
        assert passages.align(a.units, b.units, ra, rb, *args, length=rl) == want
        found += bool(want.passages)
    assert found > 10


def _check(texts, monkeypatch, by_pair: bool):
    if by_pair:
        monkeypatch.setattr(compare_module, "plan", lambda corpus, keys: None)
    options = CheckOptions(semantic=False)
    return run(compare(profiles(texts, options), options, texts=texts))


@pytest.mark.parametrize("gaps", [None, (4, 12), (45, 16)])
def test_a_check_finds_the_same_with_groups_found_together(gaps, monkeypatch):
    if gaps is not None:  # pieces wider than the groups, or not: the shortcut must see it
        gap, short_gap = gaps
        monkeypatch.setitem(options_module.DEFAULTS, "zh",
                            replace(options_module.DEFAULTS["zh"], gap=gap, short_gap=short_gap))
    rng = random.Random(9)
    texts: list[str] = []
    for _ in range(40):
        texts.append(_text(rng, texts))
    for source in texts[:12]:  # copies edited more and more towards their end (thin ends grow)
        copy = list(source)
        for at in range(len(copy) // 3, len(copy)):
            if rng.random() < 0.35 * at / len(copy):
                copy[at] = rng.choice("天地玄黄宇宙洪荒")
        texts.append("".join(copy))
    planned = []  # pairs with groups found together: left to align, or settled from their groups
    real_plan, real_settle = scoring.plan, scoring._settle_groups
    monkeypatch.setattr(compare_module, "plan",
                        lambda corpus, keys: (real_plan(corpus, keys), planned.append(len(corpus.evidence[scoring.GROUPS]))))
    monkeypatch.setattr(scoring, "_settle_groups",
                        lambda corpus, settled, keys, *rest: (planned.append(len(keys)),
                                                              real_settle(corpus, settled, keys, *rest)))
    together = _check(texts, monkeypatch, False)
    by_pair = _check(texts, monkeypatch, True)
    assert together == by_pair
    assert sum(1 for r in together if r.matches) >= 5
    assert sum(planned) >= (0 if gaps == (4, 12) else 10)
    assert profile(texts[0], CheckOptions()).params.gap == (45 if gaps is None else gaps[0])
