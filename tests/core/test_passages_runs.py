"""`passages.align` works on runs of seeds along diagonals; it must find what the seed-by-seed
definition finds (kept below as it was written on seeds) on pairs that stress it: copies
edited here and there, shuffled pieces, repeated k-grams (ties at the ends of a group),
stock phrases a few units apart, heavy edits that thin out."""

import random

import numpy as np
import pytest

from core.engine.hashing import kgram_hashes
from core.engine.profile import profile
from core.matching.index import shared_kgram_runs
from core.matching.passages import (
    Alignment,
    UnitMatch,
    _back,
    _drop_shadowed,
    _forward,
    _grow,
    _merge,
    align,
)
from core.options import CheckOptions


# -- the seed-by-seed definition -------------------------------------------------------------
def _split(values, idx, k, gap):
    order = idx[np.argsort(values[idx], kind="stable")]
    v = values[order]
    reach = np.maximum.accumulate(v + k)
    cuts = np.flatnonzero(v[1:] - reach[:-1] > gap) + 1
    return np.split(order, cuts) if len(cuts) else [order]


def _cluster(pa, pb, k, gap, min_seeds=1):
    pending = [np.arange(len(pa))] if len(pa) >= min_seeds else []
    axis, stable_rounds = 0, 0
    while pending and stable_rounds < 2:
        values = pa if axis == 0 else pb
        nxt, split_any = [], False
        for group in pending:
            parts = _split(values, group, k, gap)
            split_any |= len(parts) > 1
            nxt.extend(part for part in parts if len(part) >= min_seeds)
        pending = nxt
        stable_rounds = 0 if split_any else stable_rounds + 1
        axis ^= 1
    return pending


def _covered(starts, k):
    if not len(starts):
        return 0
    s = np.sort(starts)
    return int(np.minimum(np.diff(s), k).sum()) + k


def _one_piece(values, k, gap):
    v = np.sort(values)
    return not len(v) or not bool((v[1:] - np.maximum.accumulate(v + k)[:-1] > gap).any())


def _solid(pa, pb, group, k, short_gap, min_units, gap, dense):
    ga, gb = pa[group], pb[group]
    if _one_piece(ga, k, short_gap) and _one_piece(gb, k, short_gap):
        ok = _covered(ga, k) >= min_units and _covered(gb, k) >= min_units
        return np.sort(group) if ok else group[:0]
    pieces = _cluster(ga, gb, k, short_gap)
    solid = [_covered(ga[p], k) >= min_units and _covered(gb[p], k) >= min_units for p in pieces]
    core = [p for p, ok in zip(pieces, solid) if ok]
    if core and len(core) < len(pieces) and _covered(ga[np.concatenate(core)], k) >= dense:
        _grow(solid, [(int(ga[p].min()), int(ga[p].max()) + k, int(gb[p].min()), int(gb[p].max()) + k)
                      for p in pieces], gap, short_gap // 2)
    kept = [p for p, ok in zip(pieces, solid) if ok]
    return np.sort(group[np.concatenate(kept)]) if kept else group[:0]


def align_seeds(a, b, pa, pb, k, gap, min_units, short_gap, dense):
    """`align` as written on seeds (given in order of left, then right position)."""
    if not len(pa):
        return Alignment([])
    found = []
    for group in _cluster(pa, pb, k, gap, -(-min_units // k)):
        group = _solid(pa, pb, group, k, short_gap, min_units, gap, dense)
        if not len(group):
            continue
        ga, gb = pa[group], pb[group]
        if _covered(ga, k) < min_units or _covered(gb, k) < min_units:
            continue
        first, last = int(np.argmin(ga)), int(np.argmax(ga))
        back = _back(a.hashes, b.hashes, int(ga[first]), int(gb[first]))
        fwd = _forward(a.hashes, b.hashes, int(ga[last]) + k, int(gb[last]) + k)
        a0, a1 = int(ga.min()) - back, int(ga.max()) + k + fwd
        first_b, last_b = int(np.argmin(gb)), int(np.argmax(gb))
        back_b = _back(a.hashes, b.hashes, int(ga[first_b]), int(gb[first_b]))
        fwd_b = _forward(a.hashes, b.hashes, int(ga[last_b]) + k, int(gb[last_b]) + k)
        b0, b1 = int(gb.min()) - back_b, int(gb.max()) + k + fwd_b
        found.append(UnitMatch(a0, a1, b0, b1, _covered(ga, k)))
    return Alignment(_drop_shadowed(_merge(found)))


# -- pairs that stress it ----------------------------------------------------------------------
def _pair(rng: random.Random) -> tuple[str, str]:
    small = "天地玄黄宇宙洪荒日月盈昃"  # few characters: repeated k-grams, chance seeds
    alphabet = [chr(c) for c in range(0x4E00, 0x4E00 + 400)]
    pool = rng.choice((small[:3], small[:5], small, alphabet, alphabet))
    source = "".join(rng.choice(pool) for _ in range(rng.randint(40, 600)))
    pieces = [source[i:i + rng.randint(8, 80)] for i in range(0, len(source), 60)]
    if rng.random() < 0.3:
        rng.shuffle(pieces)
    copy = list("".join(pieces))
    for _ in range(rng.choice((0, 1, 3, len(copy) // 12, len(copy) // 4))):
        at = rng.randrange(len(copy))
        edit = rng.random()
        if edit < 0.4:
            copy[at] = rng.choice(pool)
        elif edit < 0.7:
            copy.insert(at, rng.choice(pool))
        else:
            del copy[at]
    text = "".join(copy)
    if rng.random() < 0.3:
        text = "姓名某某某\n\n" + text + source[: rng.randint(0, 30)]  # a name line, a repeat
    return source, text


# seeds 82, 245, 252, 302: a group ends on a k-gram repeated on the other side (each end a tie)
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 82, 245, 252, 302])
def test_runs_find_what_seeds_find(seed):
    rng = random.Random(seed)
    options = CheckOptions()
    compared = with_passages = 0
    for _ in range(60):
        left, right = _pair(rng)
        a, b = profile(left, options), profile(right, options)
        p = a.params
        ha, hb = kgram_hashes(a.units.hashes, p.k), kgram_hashes(b.units.hashes, p.k)
        _, ra, rb, rl = shared_kgram_runs(np.concatenate((ha, hb)), np.array([len(ha), len(hb)]),
                                             cap=10, max_repeats=8)
        step = np.concatenate([np.arange(x) for x in rl.tolist()]) if len(rl) else np.zeros(0, np.int64)
        pa, pb = np.repeat(ra, rl) + step, np.repeat(rb, rl) + step
        order = np.lexsort((pb, pa))
        pa, pb = pa[order], pb[order]
        args = (p.k, p.gap, p.guarantee, p.short_gap, p.dense)
        want = align_seeds(a.units, b.units, pa, pb, *args)
        assert align(a.units, b.units, ra, rb, *args, length=rl) == want
        assert align(a.units, b.units, pa, pb, *args) == want  # seeds one by one
        cut = rl // 2  # runs that continue each other on a diagonal, in any order
        two = np.concatenate((ra, ra + cut)), np.concatenate((rb, rb + cut)), np.concatenate((cut, rl - cut))
        some = np.flatnonzero(two[2] > 0)[::-1]
        assert align(a.units, b.units, two[0][some], two[1][some], *args, length=two[2][some]) == want
        compared += 1
        with_passages += bool(want.passages)
    assert with_passages >= 20 and compared == 60
