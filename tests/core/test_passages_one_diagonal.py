"""`passages.align`'s plain-arithmetic way for runs all on one diagonal (`_one_diagonal`: near
copies whose edits keep every shared k-gram in line) finds what the general way finds."""

import random

import numpy as np
import pytest

from core.engine.hashing import kgram_hashes
from core.engine.profile import profile
from core.matching import passages
from core.matching.index import shared_kgram_runs
from core.options import CheckOptions


def _copies(rng: random.Random) -> tuple[str, str]:
    """A text and a copy with a few substitutions (the shared k-grams stay on one diagonal),
    sometimes an insertion or a name line (they move it), from small alphabets too (repeated
    k-grams, equal units around the runs' ends)."""
    alphabet = [chr(c) for c in range(0x4E00, 0x4E00 + 400)]
    pool = rng.choice(("天地玄", "天地玄黄宇", alphabet, alphabet))
    source = "".join(rng.choice(pool) for _ in range(rng.randint(20, 400)))
    copy = list(source)
    for _ in range(rng.choice((0, 1, 2, 3, 8, len(copy) // 10))):
        at = rng.randrange(len(copy))
        if rng.random() < 0.9:
            copy[at] = rng.choice(pool)
        else:
            copy.insert(at, rng.choice(pool))
    text = "".join(copy)
    if rng.random() < 0.2:
        text = "姓名某某某\n\n" + text
    return (source, text) if rng.random() < 0.5 else (text, source)


@pytest.mark.parametrize("seed", range(5))
def test_one_diagonal_finds_what_align_finds(seed, monkeypatch):
    rng = random.Random(seed)
    options = CheckOptions()
    cases = []
    for _ in range(120):
        left, right = _copies(rng)
        a, b = profile(left, options), profile(right, options)
        p = a.params
        ha, hb = kgram_hashes(a.units.hashes, p.k), kgram_hashes(b.units.hashes, p.k)
        _, ra, rb, rl = shared_kgram_runs(np.concatenate((ha, hb)), np.array([len(ha), len(hb)]),
                                             cap=10, max_repeats=8)
        if not len(ra):
            continue
        if rng.random() < 0.3:  # runs that continue each other (no longer maximal)
            cut = rl // 2
            ra, rb, rl = (np.concatenate((ra, ra + cut)), np.concatenate((rb, rb + cut)),
                          np.concatenate((cut, rl - cut)))
            ra, rb, rl = ra[rl > 0], rb[rl > 0], rl[rl > 0]
        # thresholds around what the runs hold, so each way out is taken
        short_gap = rng.choice((None, 0, 1, 3, p.short_gap))
        args = (p.k, rng.choice((1, 4, p.gap)), rng.choice((5, 20, p.guarantee, 200)), short_gap, p.dense)
        order = rng.sample(range(len(ra)), len(ra))  # any order of runs
        cases.append((a.units, b.units, ra[order], rb[order], rl[order], args))
    fast = [passages.align(a, b, ra, rb, *args, length=rl) for a, b, ra, rb, rl, args in cases]
    taken = sum(passages._one_diagonal(a, b, ra.tolist(), rb.tolist(), rl.tolist(), args[0],
                                       min(args[1], args[1] if args[3] is None else args[3]),
                                       args[2]) is not None
                for a, b, ra, rb, rl, args in cases)
    monkeypatch.setattr(passages, "_FEW", -1)  # the general way only
    slow = [passages.align(a, b, ra, rb, *args, length=rl) for a, b, ra, rb, rl, args in cases]
    assert fast == slow
    assert sum(bool(f.passages) for f in fast) > 20 and 20 < taken < len(cases) - 10


@pytest.mark.parametrize("seed", range(2))
def test_one_diagonal_of_many_pairs_is_that_of_each(seed):
    """`one_diagonal_each` (many pairs at once, as `plan` finds them) with `diagonal_passages`
    gives `_one_diagonal`'s passages pair by pair, and hands over (not whole) exactly where it
    does: runs a gap of about short_gap apart, runs inside others, one run, several k and
    short gaps, covered units around min_units."""
    rng = random.Random(40 + seed)
    options = CheckOptions()
    cases, taken, handed = [], 0, 0
    for case in range(160):
        if case % 8 == 0:  # a few pairs of documents, many runs on each
            left, right = _copies(rng)
            a, b = profile(left, options), profile(right, options)
        k = a.params.k
        d = rng.randint(-3, 3)
        count = rng.randint(1, passages._FEW)
        starts, at = [], rng.randint(max(0, -d), 5 + max(0, -d))
        for _ in range(count):
            starts.append(at)
            at += rng.choice((1, 2, k, 3 * k, 8, 9, 10, 11, 20))
        ra = np.array(starts, np.int64)
        rl = np.array([rng.randint(1, 12) for _ in starts], np.int64)
        keep = (ra + rl + k <= len(a.units)) & (ra + d + rl + k <= len(b.units)) & (ra + d >= 0)
        if not keep.any():
            continue
        ra, rl = ra[keep], rl[keep]
        cases.append((a.units, b.units, ra, ra + d, rl, k, rng.choice((0, 1, 8, 9, 10, 16)),
                      rng.choice((1, 10, 20, 40, 80))))
    whole, covered, a_lo, a_end = passages.one_diagonal_each(
        np.array([len(c[2]) for c in cases]), np.concatenate([c[2] for c in cases]),
        np.concatenate([c[4] for c in cases]), np.array([c[5] for c in cases]), np.array([c[6] for c in cases]))
    for (a, b, ra, rb, rl, k, short_gap, need), one, cov, lo, end in zip(
            cases, whole.tolist(), covered.tolist(), a_lo.tolist(), a_end.tolist()):
        want = passages._one_diagonal(a, b, ra.tolist(), rb.tolist(), rl.tolist(), k, short_gap, need)
        if want is None:
            assert not one
            handed += 1
            continue
        assert one and passages.diagonal_passages(a, b, lo, end, int(rb[0] - ra[0]), k, cov, need) == want
        taken += bool(want.passages)
    assert taken > 20 and handed > 20, (taken, handed)
