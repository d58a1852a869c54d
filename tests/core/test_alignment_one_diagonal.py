"""The in-passage alignment's shortcut for two copies each with a small edit of their own
(`alignment._one_diagonal`) gives what the anchors give, on stressed regions."""

from collections import Counter

import numpy as np
import pytest

from core.engine.hashing import few_kgram_hashes, kgram_hashes
from core.matching import alignment
from core.matching.alignment import _anchors, _one_diagonal, align_units


def _region(rng: np.random.Generator, alphabet: int, size: int, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Two equally long unit sequences, equal but for a few units near each end (fewer than
    k from it), from an alphabet of `alphabet` units (small ones repeat k-grams), some periodic
    or with a repeated phrase."""
    shape = rng.integers(0, 4)
    if shape == 0:
        x = rng.integers(0, alphabet, size)
    elif shape == 1:  # periodic
        period = int(rng.integers(1, 2 * k + 2))
        size = max(size, 3 * k)
        x = np.resize(rng.integers(0, 1000, period), size)
    elif shape == 2:  # a phrase repeated some times among other text
        x = rng.integers(100, 100 + alphabet, size)
        phrase = rng.integers(0, 50, k + 1)
        for at in rng.choice(size - len(phrase), int(rng.integers(1, 12)), replace=False):
            x[at:at + len(phrase)] = phrase
    else:
        x = rng.integers(0, 1000, size)
    y = x.copy()
    if rng.integers(0, 4) == 0:  # an end left free by a shift: a run off the diagonal fits there
        m = int(rng.integers(k, 2 * k))
        phrase = rng.integers(20000, 20100, m)
        x[1:1 + m], y[2:2 + m] = phrase, phrase
        x[0], y[0], x[-1], y[-1] = 9000, 9001, 9002, 9003
        return x.astype(np.uint64), y.astype(np.uint64)
    for side in (x, y):
        for _ in range(int(rng.integers(0, 3))):
            at = int(rng.integers(0, k))
            side[at if rng.integers(0, 2) else size - 1 - at] = 5000 + rng.integers(0, 3)
    x[0], y[0] = 9000, 9001  # the region starts and ends on a change (as _fill leaves it)
    x[-1], y[-1] = 9002, 9003
    return x.astype(np.uint64), y.astype(np.uint64)


def _same_as_anchors(fast, fast_x, fast_y, hx, hy, pad: int, k: int) -> bool:
    """Whether a shortcut answered (False: it handed over and marked nothing); where it did,
    its anchors and masks are asserted to be those of `_anchors` on the same region."""
    if fast is None:
        assert not fast_x.any() and not fast_y.any()
        return False
    slow_x, slow_y = np.zeros_like(fast_x), np.zeros_like(fast_y)
    assert fast == _anchors(hx, hy, pad, pad, k, slow_x, slow_y)
    assert (fast_x == slow_x).all() and (fast_y == slow_y).all()
    return True


@pytest.mark.parametrize("seed", range(6))
def test_shortcut_gives_the_anchors(seed):
    rng = np.random.default_rng(seed)
    taken = fell_back = 0
    for _ in range(400):
        k = int(rng.integers(2, 10))
        size = int(rng.integers(21, 90))
        x, y = _region(rng, int(rng.integers(2, 40)), size, k)
        pad = int(rng.integers(0, 5))  # the region inside longer masks
        hx, hy = kgram_hashes(x, k), kgram_hashes(y, k)
        fast_x, fast_y = np.zeros(len(x) + 2 * pad, bool), np.zeros(len(x) + 2 * pad, bool)
        fast = _one_diagonal(hx, hy, pad, pad, k, fast_x, fast_y)
        if _same_as_anchors(fast, fast_x, fast_y, hx, hy, pad, k):
            taken += 1
        else:
            fell_back += 1
    assert taken > 50 and fell_back > 50  # both ways are exercised


@pytest.mark.parametrize("seed", range(4))
def test_whole_alignment_is_unchanged(seed, monkeypatch):
    """align_units with the shortcut == without it, on copies of one text with small edits of
    their own (substitutions, insertions, deletions) in texts that repeat phrases."""
    rng = np.random.default_rng(100 + seed)
    cases = []
    for _ in range(150):
        base = rng.integers(0, int(rng.integers(3, 3000)), int(rng.integers(30, 400)))
        copies = []
        for _ in range(2):
            c = base.copy()
            for _ in range(int(rng.integers(1, 4))):
                at, op = int(rng.integers(0, len(c))), int(rng.integers(0, 3))
                if op == 0:
                    c[at] = 7000 + rng.integers(0, 5)
                elif op == 1:
                    c = np.insert(c, at, 7000)
                else:
                    c = np.delete(c, at)
            copies.append(c.astype(np.uint64))
        cases.append((copies, int(rng.integers(2, 6))))
    fast = [align_units(x, y, k) for (x, y), k in cases]
    monkeypatch.setattr(alignment, "_one_diagonal", lambda *args: None)
    slow = [align_units(x, y, k) for (x, y), k in cases]
    for f, s in zip(fast, slow):
        assert (f.left == s.left).all() and (f.right == s.right).all()


@pytest.mark.parametrize("seed", range(6))
def test_the_shortcut_on_units_gives_the_anchors(seed):
    """`_in_line` (no hashing but of the ends, given a bound on x's repeated k-grams) takes
    what `_anchors` takes, wherever it answers."""
    rng = np.random.default_rng(50 + seed)
    taken = fell_back = 0
    for _ in range(400):
        k = int(rng.integers(2, 7))
        x, y = _region(rng, int(rng.integers(2, 400)), int(rng.integers(21, 120)), k)
        if rng.integers(0, 2):  # differences of their own a little inside the ends
            for side in (x, y):
                side[int(rng.integers(0, k))] = 9100 + rng.integers(0, 2)
        if _in_line_or_anchors(rng, x, y, k) is None:
            fell_back += 1
        else:
            taken += 1
    assert taken > 50 and fell_back > 50


@pytest.mark.parametrize("seed", range(3))
def test_alignment_given_the_repeats_is_unchanged(seed):
    """align_units told how often x repeats its k-grams == align_units not told."""
    rng = np.random.default_rng(200 + seed)
    for _ in range(200):
        k = int(rng.integers(2, 6))
        base = rng.integers(0, int(rng.integers(3, 3000)), int(rng.integers(30, 400)))
        x, y = base.copy(), base.copy()
        for side in (x, y):
            side[int(rng.integers(0, len(base)))] = 7000 + rng.integers(0, 3)
        x, y = x.astype(np.uint64), y.astype(np.uint64)
        hx = kgram_hashes(x, k)
        repeats = int(np.unique(hx, return_counts=True)[1].max()) if len(hx) else 0
        told, not_told = align_units(x, y, k, lambda r=repeats: r), align_units(x, y, k)
        assert (told.left == not_told.left).all() and (told.right == not_told.right).all()


def _weak_hash(monkeypatch, modulus: int):
    """k-grams hashed by the sum of their units modulo `modulus`: collisions where
    `kgram_hashes` has none, also between k-grams one unit apart (so `_apart_by_one`, which
    relies on that never happening, is turned off)."""
    def weak(units, k):
        return np.convolve(np.asarray(units, np.int64) % modulus, np.ones(k, np.int64), "valid").astype(np.uint64) % modulus

    monkeypatch.setattr(alignment, "kgram_hashes", weak)
    monkeypatch.setattr(alignment, "few_kgram_hashes", lambda units, k: weak(units, k).tolist())
    monkeypatch.setattr(alignment, "_apart_by_one", lambda *_: False)
    return weak


def test_the_shortcut_on_units_hashes_its_ends(monkeypatch):
    """Where k-grams holding a differing unit hash alike (a collision, forced here by a weak
    hash), the anchors see them equal: the shortcut must not answer."""
    weak = _weak_hash(monkeypatch, 1000)
    rng = np.random.default_rng(7)
    same = 0
    for _ in range(300):
        k = int(rng.integers(2, 5))
        size = int(rng.integers(25, 60))
        x = rng.integers(0, 100000, size).astype(np.uint64)
        y = x.copy()
        x[0], y[0] = 9000, 10000 + 1001 * rng.integers(0, 2)  # units differ, hashes may not
        x[-1], y[-1] = 9002, 9003
        hx, hy = weak(x, k), weak(y, k)
        repeats = int(np.unique(hx, return_counts=True)[1].max())
        fast_x, fast_y = np.zeros(size, bool), np.zeros(size, bool)
        fast = alignment._in_line(x, y, 0, size, 0, size, k, fast_x, fast_y, lambda r=repeats: r)
        if fast is not None:
            slow_x, slow_y = np.zeros(size, bool), np.zeros(size, bool)
            assert fast == _anchors(hx, hy, 0, 0, k, slow_x, slow_y)
            same += 1
    assert 0 < same < 300


def test_few_kgram_hashes_are_kgram_hashes():
    """The plain-Python hashes of a few k-grams are `kgram_hashes`' values (full 64-bit units)."""
    rng = np.random.default_rng(3)
    for n in range(24):
        for k in range(1, 8):
            units = rng.integers(0, 2**64, n, dtype=np.uint64)
            assert few_kgram_hashes(units.tolist(), k) == kgram_hashes(units, k).tolist()


def test_hash_equal_both_ways():
    """`_hash_equal` in Python ints and in numpy (more than _FEW_KGRAMS k-grams) answer alike."""
    rng = np.random.default_rng(4)
    seen = {True: 0, False: 0}
    for _ in range(400):
        k = int(rng.integers(1, 5))
        n = int(rng.integers(k, k + 2 * alignment._FEW_KGRAMS))
        x = rng.integers(0, 3, n).astype(np.uint64)
        y = rng.integers(0, 3, n).astype(np.uint64)
        want = bool((kgram_hashes(x, k) == kgram_hashes(y, k)).any())
        assert alignment._hash_equal(x, y, k) == want
        seen[n - k + 1 > alignment._FEW_KGRAMS] += want
    assert seen[True] and seen[False]


def _units(n: int, rng: np.random.Generator):
    from core.engine.normalize import Units

    starts = np.cumsum(rng.integers(1, 4, n)).astype(np.int32)
    return Units(starts, starts + rng.integers(1, 3, n).astype(np.int32), np.zeros(n, np.uint64),
                 np.ones(n, bool))


def test_change_spans_both_ways():
    """The runs of changed units found in Python (few) and with numpy (many) are the runs of
    the mask: one span from a run's first unit's start to its last unit's end."""
    rng = np.random.default_rng(5)
    ways = set()
    for _ in range(500):
        n = int(rng.integers(1, 200))
        u, lo = _units(n + 10, rng), int(rng.integers(0, 10))
        taken = rng.random(n) < rng.choice([0.3, 0.8, 0.97, 1.0])
        want, run = [], None
        for i, t in enumerate(taken.tolist() + [True]):
            if not t and run is None:
                run = i
            elif t and run is not None:
                want.append((int(u.starts[lo + run]), int(u.ends[lo + i - 1])))
                run = None
        got = alignment.change_spans(u, lo, taken)
        assert [(s.start, s.end) for s in got] == want
        ways.add(int((~taken).sum()) > alignment._FEW_CHANGES)
    assert ways == {True, False}


def test_small_regions_are_an_exact_lcs():
    """Sides small enough for the exact table are aligned by it after their common ends (a
    single differing unit on each side pairs nothing)."""
    rng = np.random.default_rng(6)
    for _ in range(3000):
        x = rng.integers(0, int(rng.integers(1, 4)), int(rng.integers(0, 12))).astype(np.uint64)
        y = rng.integers(0, int(rng.integers(1, 4)), int(rng.integers(0, 12))).astype(np.uint64)
        want_x, want_y = np.zeros(len(x), bool), np.zeros(len(y), bool)
        a0, b0, a1, b1 = 0, 0, len(x), len(y)
        while a0 < a1 and b0 < b1 and x[a0] == y[b0]:
            want_x[a0] = want_y[b0] = True
            a0, b0 = a0 + 1, b0 + 1
        while a0 < a1 and b0 < b1 and x[a1 - 1] == y[b1 - 1]:
            want_x[a1 - 1] = want_y[b1 - 1] = True
            a1, b1 = a1 - 1, b1 - 1
        alignment._lcs(x[a0:a1].tolist(), y[b0:b1].tolist(), a0, b0, want_x, want_y)
        got = align_units(x, y, 4)
        assert got.left.tolist() == want_x.tolist() and got.right.tolist() == want_y.tolist()


def test_kgrams_one_unit_apart_never_hash_alike():
    """What `_apart_by_one` relies on: k-grams differing in exactly one unit never hash alike,
    whatever the two units (all 64 bits, differing by 2**63 or in one bit) and where."""
    rng = np.random.default_rng(11)
    for _ in range(3000):
        k = int(rng.integers(1, 8))
        x = rng.integers(0, 2**64, k, dtype=np.uint64)
        y = x.copy()
        at = int(rng.integers(0, k))
        y[at] ^= rng.choice([np.uint64(1 << 63), np.uint64(1 << int(rng.integers(0, 64))),
                             rng.integers(1, 2**64, dtype=np.uint64)])
        assert kgram_hashes(x, k)[0] != kgram_hashes(y, k)[0]


@pytest.mark.parametrize("seed", range(3))
def test_the_shortcut_answers_alike_with_and_without_the_one_unit_rule(seed, monkeypatch):
    """`_in_line` leaving k-grams one differing unit apart unhashed answers as hashing them
    does: copies with one or a few differing units at each end, some next to each other,
    under a weak hash that keeps the rule (a unit changed by 1 or 2 changes the sum) but makes
    k-grams two units apart collide (changes of +d and -d)."""
    def weak(units, k):
        return np.convolve(np.asarray(units, np.int64) % 1000, np.ones(k, np.int64), "valid").astype(np.uint64) % 1000

    monkeypatch.setattr(alignment, "kgram_hashes", weak)
    monkeypatch.setattr(alignment, "few_kgram_hashes", lambda units, k: weak(units, k).tolist())
    rng = np.random.default_rng(300 + seed)
    cases = []
    for _ in range(400):
        k = int(rng.integers(3, 6))
        size = int(rng.integers(60, 200))
        x = rng.integers(10, 100000, size).astype(np.int64)
        y = x.copy()
        for end in (0, size - 1):  # the end unit, and one more within k - 1 units or not
            inner = abs(end - int(rng.integers(1, k - 1)))
            change = int(rng.choice([-1, 1])) * int(rng.integers(1, 3))
            y[end] = x[end] + change
            if rng.integers(0, 3):  # cancelling the end's change (+d, -d) or not
                y[inner] = x[inner] - change * int(rng.choice([1, 1, -1]))
        x, y = x.astype(np.uint64), y.astype(np.uint64)
        repeats = int(np.unique(weak(x, k), return_counts=True)[1].max())
        cases.append((x, y, k, repeats))

    def answers():
        out = []
        for x, y, k, repeats in cases:
            tx, ty = np.zeros(len(x), bool), np.zeros(len(y), bool)
            out.append((alignment._in_line(x, y, 0, len(x), 0, len(y), k, tx, ty, lambda r=repeats: r),
                        tx.tolist(), ty.tolist()))
        return out

    fast = answers()
    with monkeypatch.context() as m:
        m.setattr(alignment, "_apart_by_one", lambda *_: False)
        slow = answers()
    assert fast == slow
    assert sum(a is not None for a, *_ in fast) > 50


def _shifted_region(rng: np.random.Generator, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Two copies of one text as `_fill` hands them over, not equally long: each with an edit
    of its own at one end (a unit changed, inserted or deleted, or a few), so that the equal
    k-grams lie on the diagonal through the region's start or through its end; in texts that
    repeat units, phrases (some more than MAX_OCCURRENCES times) or periods."""
    size = int(rng.integers(2 * k + 4, 120))
    shape = rng.integers(0, 4)
    if shape == 0:
        base = rng.integers(0, int(rng.integers(2, 40)), size)
    elif shape == 1:  # periodic
        base = np.resize(rng.integers(0, 1000, int(rng.integers(1, 2 * k + 2))), size)
    elif shape == 2:  # a phrase repeated among other text
        base = rng.integers(100, 100 + int(rng.integers(20, 400)), size)
        phrase = rng.integers(0, 50, k + int(rng.integers(0, 3)))
        for at in rng.choice(size - len(phrase), min(size - len(phrase), int(rng.integers(1, 14))), replace=False):
            base[at:at + len(phrase)] = phrase
    else:
        base = rng.integers(0, 100000, size)
    x, y = list(base), list(base)
    for side, end in ((x, 0), (y, -1)) if rng.integers(0, 2) else ((x, -1), (y, 0)):
        for _ in range(int(rng.integers(1, 3))):
            at = int(rng.integers(0, k)) if end == 0 else len(side) - 1 - int(rng.integers(0, k))
            op = int(rng.integers(0, 3))
            if op == 0:
                side[at] = 5000 + int(rng.integers(0, 3))
            elif op == 1:
                side.insert(at, 5000 + int(rng.integers(0, 3)))
            elif len(side) > 2 * k:
                del side[at]
    if rng.integers(0, 3) == 0:  # a unit more at one end of one side: the sides' lengths differ
        (x if rng.integers(0, 2) else y).insert(0 if rng.integers(0, 2) else len(base), 6000)
    x[0], y[0], x[-1], y[-1] = 9000, 9001, 9002, 9003  # a region starts and ends on a change
    return np.array(x, np.uint64), np.array(y, np.uint64)


@pytest.mark.parametrize("seed", range(6))
def test_shortcut_gives_the_anchors_on_sides_of_unequal_length(seed):
    """Where the edits at the ends shift one copy against the other, the shortcut takes the
    anchor `_anchors` takes (on the diagonal through the start or through the end), and
    answers for neither diagonal alone."""
    rng = np.random.default_rng(400 + seed)
    taken = fell_back = 0
    diagonals = set()
    for _ in range(500):
        k = int(rng.integers(2, 8))
        x, y = _shifted_region(rng, k)
        if len(x) < k or len(y) < k:
            continue
        pad = int(rng.integers(0, 5))
        hx, hy = kgram_hashes(x, k), kgram_hashes(y, k)
        fast_x, fast_y = np.zeros(len(x) + 2 * pad, bool), np.zeros(len(y) + 2 * pad, bool)
        fast = _one_diagonal(hx, hy, pad, pad, k, fast_x, fast_y, _told(rng, hx))
        if _same_as_anchors(fast, fast_x, fast_y, hx, hy, pad, k):
            taken += 1
            diagonals.add(("start" if fast[0][1] == fast[0][0] else "end") if len(x) != len(y) else "equal")
        else:
            fell_back += 1
    assert taken > 60 and fell_back > 50
    assert diagonals == {"start", "end", "equal"}


@pytest.mark.parametrize("seed", range(4))
def test_shortcut_gives_the_anchors_on_short_hash_sequences(seed):
    """On short k-gram hash sequences over a few values (ties between diagonals, a value
    just at MAX_OCCURRENCES on one side and over it on the other), the shortcut answers only
    with what `_anchors` gives."""
    rng = np.random.default_rng(500 + seed)
    taken = 0
    for _ in range(3000):
        k = int(rng.integers(2, 5))
        hx = list(rng.integers(0, int(rng.integers(1, 5)), int(rng.integers(1, 14))))
        hy = list(hx)
        for _ in range(int(rng.integers(1, 4))):
            side = hx if rng.integers(0, 2) else hy
            at = int(rng.integers(0, k)) if rng.integers(0, 2) else len(side) - int(rng.integers(0, k)) - 1
            at = min(max(at, 0), len(side))
            op = int(rng.integers(0, 3))
            if op == 0 and at < len(side):
                side[at] = int(rng.integers(0, 6))
            elif op == 1:
                side.insert(at, int(rng.integers(0, 6)))
            elif len(side) > 1 and at < len(side):
                del side[at]
        hx, hy = np.array(hx, np.uint64), np.array(hy, np.uint64)
        fast_x, fast_y = np.zeros(len(hx) + k + 1, bool), np.zeros(len(hy) + k + 1, bool)
        fast = _one_diagonal(hx, hy, 1, 1, k, fast_x, fast_y, _told(rng, hx))
        taken += _same_as_anchors(fast, fast_x, fast_y, hx, hy, 1, k)
    assert taken > 300


def test_a_value_over_the_bound_only_in_the_other_side_ends_the_shortcut():
    """A k-gram held MAX_OCCURRENCES times by x's stretch and once more by y's start, where
    y's stretch begins one further on: `_anchors` leaves it out (too frequent in y), so the
    stretch is no single anchor."""
    often = [7] * alignment.MAX_OCCURRENCES
    hx = np.array([1, 2, 3, *often, 4, 5, 6], np.uint64)
    hy = np.array([7, 1, 2, 3, *often, 4, 5, 6], np.uint64)
    tx, ty = np.zeros(len(hx) + 4, bool), np.zeros(len(hy) + 4, bool)
    for told in (None, lambda: alignment.MAX_OCCURRENCES):  # x's k-grams counted, or bounded
        assert _one_diagonal(hx, hy, 0, 0, 4, tx, ty, told) is None
    hy[0] = 8  # not that k-gram: the stretch is the anchor
    assert _same_as_anchors(_one_diagonal(hx, hy, 0, 0, 4, tx, ty), tx, ty, hx, hy, 0, 4)
    tx[:], ty[:] = False, False
    assert _same_as_anchors(_one_diagonal(hx, hy, 0, 0, 4, tx, ty, lambda: 8), tx, ty, hx, hy, 0, 4)


def _told(rng: np.random.Generator, hx: np.ndarray):
    """None, or how often x's most repeated k-gram occurs in it (or a little more), as
    `align_units` is told it."""
    if not len(hx) or rng.integers(0, 2):
        return None
    most = int(np.unique(hx, return_counts=True)[1].max()) + int(rng.integers(0, 2))
    return lambda: most


def _copies_edited_at_their_ends(rng: np.random.Generator, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Two copies of one text with their common ends cut off (as `_fill` gets them), each with
    its own edits (a unit changed, inserted or deleted) near one end or both, or a whole unit
    more or less at an end; the text random, over a few units, periodic with a few changes,
    or repeating a phrase some times (ties between diagonals, k-grams near the bounds)."""
    size = int(rng.integers(3 * k, 90))
    shape = rng.integers(0, 4)
    if shape == 0:
        base = rng.integers(0, int(rng.integers(2, 30)), size)
    elif shape == 1:  # periodic, a few units changed
        base = np.resize(rng.integers(0, 1000, int(rng.integers(1, 3 * k))), size)
        base[rng.integers(0, size, int(rng.integers(0, 4)))] = rng.integers(2000, 2100)
    elif shape == 2:  # a phrase repeated among other text
        base = rng.integers(100, 100 + int(rng.integers(20, 400)), size)
        phrase = rng.integers(0, 50, k + int(rng.integers(-1, 3)))
        for at in rng.choice(size - len(phrase), min(size - len(phrase), int(rng.integers(1, 10))), replace=False):
            base[at:at + len(phrase)] = phrase
    else:
        base = rng.integers(0, 100000, size)
    x, y = list(base), list(base)
    if rng.integers(0, 3) == 0:  # passages cut from the text a few units apart: shifted sides
        x = x[int(rng.integers(0, k + 1)):len(x) - int(rng.integers(0, k + 1))]
    for side in (x, y):
        for _ in range(int(rng.integers(0, 3)) if len(side) > 1 else 0):
            from_end = int(rng.integers(0, min(k + 1, len(side))))
            at = from_end if rng.integers(0, 2) else len(side) - 1 - from_end
            op = int(rng.integers(0, 4))
            if op == 0:
                side[at] = 5000 + int(rng.integers(0, 3))
            elif op == 1:
                side.insert(at, 5000 + int(rng.integers(0, 3)))
            elif op == 2:
                del side[at]
            else:  # a unit more at the very end or start: the diagonals part by one
                side.insert(0 if rng.integers(0, 2) else len(side), int(rng.choice([6000, side[0], side[-1]])))
    while x and y and x[0] == y[0]:
        x, y = x[1:], y[1:]
    while x and y and x[-1] == y[-1]:
        x, y = x[:-1], y[:-1]
    return np.array(x, np.uint64), np.array(y, np.uint64)


def _in_line_or_anchors(rng: np.random.Generator, x: np.ndarray, y: np.ndarray, k: int, hash_=kgram_hashes):
    """`_in_line` on the region (inside longer masks), told x's most repeated k-gram's count
    or one more, checked against `_anchors` where it answers: 'start', 'end' or 'equal' (the
    diagonal it took: 'shifted' for one through neither end), or None."""
    hx, hy = hash_(x, k), hash_(y, k)
    repeats = int(np.unique(hx, return_counts=True)[1].max()) + int(rng.integers(0, 2))
    pad = int(rng.integers(0, 4))
    xs = np.concatenate((np.full(pad, 1, np.uint64), x, np.full(pad, 2, np.uint64)))
    ys = np.concatenate((np.full(pad, 3, np.uint64), y, np.full(pad, 4, np.uint64)))
    fast_x, fast_y = np.zeros(len(xs), bool), np.zeros(len(ys), bool)
    fast = alignment._in_line(xs, ys, pad, pad + len(x), pad, pad + len(y), k, fast_x, fast_y, lambda: repeats)
    if not _same_as_anchors(fast, fast_x, fast_y, hx, hy, pad, k):
        return None
    d = fast[0][1] - fast[0][0]
    return "equal" if len(x) == len(y) == len(x) + d else "start" if d == 0 else "end" if d == len(y) - len(x) else "shifted"


@pytest.mark.parametrize("seed", range(6))
def test_the_shortcut_on_units_gives_the_anchors_on_sides_of_unequal_length(seed):
    """`_in_line` on copies edited at their ends, one side longer: where it answers (on the
    diagonal through the region's start or its end), it takes what `_anchors` takes."""
    rng = np.random.default_rng(600 + seed)
    seen = Counter()
    for _ in range(1500):
        k = int(rng.integers(2, 7))
        x, y = _copies_edited_at_their_ends(rng, k)
        if len(x) < k or len(y) < k:
            continue
        seen[_in_line_or_anchors(rng, x, y, k)] += 1
    assert seen["start"] > 30 and seen["end"] > 30 and seen["equal"] > 10 and seen["shifted"] > 10 and seen[None] > 300


def test_the_shortcut_on_units_hashes_its_ends_on_sides_of_unequal_length(monkeypatch):
    """Under a weak hash (k-grams holding differing units collide, one unit apart too), the
    shortcut on sides of unequal length answers only with what `_anchors` gives."""
    weak = _weak_hash(monkeypatch, 100)
    rng = np.random.default_rng(700)
    seen = Counter()
    for _ in range(3000):
        k = int(rng.integers(2, 5))
        x, y = _copies_edited_at_their_ends(rng, k)
        if len(x) >= k and len(y) >= k and len(x) != len(y):
            seen[_in_line_or_anchors(rng, x, y, k, weak)] += 1
    assert seen["start"] > 10 and seen["end"] > 10 and seen[None] > 100


@pytest.mark.parametrize("seed", range(3))
def test_alignment_of_copies_edited_at_their_ends_is_unchanged(seed, monkeypatch):
    """align_units told how often x repeats its k-grams == align_units with neither shortcut,
    on copies of one text with units changed, inserted or deleted near a copy's ends."""
    rng = np.random.default_rng(800 + seed)
    cases = []
    for _ in range(300):
        k = int(rng.integers(2, 6))
        x, y = _copies_edited_at_their_ends(rng, k)
        lead = rng.integers(0, 50, int(rng.integers(0, 5))).astype(np.uint64)  # common ends
        x, y = np.concatenate((lead, x, lead)), np.concatenate((lead, y, lead))
        hx = kgram_hashes(x, k)
        cases.append((x, y, k, int(np.unique(hx, return_counts=True)[1].max()) if len(hx) else 0))
    fast = [align_units(x, y, k, lambda r=repeats: r) for x, y, k, repeats in cases]
    monkeypatch.setattr(alignment, "_one_diagonal", lambda *args: None)
    slow = [align_units(x, y, k) for x, y, k, _ in cases]
    for f, s in zip(fast, slow):
        assert (f.left == s.left).all() and (f.right == s.right).all()


def _periodic_copies(rng: np.random.Generator, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Two copies of a periodic text (a unit or two changed), one running on by up to a period
    at its start or its end, either end of either copy maybe a change of its own: x's k-grams
    repeat near the bound, other diagonals hold nearly as many equal k-grams as the stretch."""
    period = int(rng.integers(2, k + 3))
    size = int(rng.integers(3 * k, 40))
    more = int(rng.integers(1, period + 1))
    text = np.resize(rng.integers(0, 1000, period), size + more)
    text[rng.integers(0, len(text), int(rng.integers(0, 2)))] = 2000 + rng.integers(0, 3)
    cut = int(rng.integers(0, more + 1))  # x cut from the text at `cut` units off y's start, or from its end
    x, y = (text[cut:cut + size].copy() if rng.integers(0, 2) else text[more - cut:len(text) - cut].copy()), text.copy()
    for side, end, mark in ((x, 0, 9000), (x, -1, 9002), (y, 0, 9001), (y, -1, 9003)):
        if rng.integers(0, 2):
            side[end] = mark
    return (x, y) if rng.integers(0, 2) else (y, x)


@pytest.mark.parametrize("seed", range(4))
def test_the_shortcut_on_units_on_periodic_copies(seed):
    """`_in_line` on periodic copies, one running on: both of its bounds (a k-gram's count in
    the longer y, the other diagonals) are met or missed by a k-gram or two here."""
    rng = np.random.default_rng(900 + seed)
    seen = Counter()
    for _ in range(2500):
        k = int(rng.integers(2, 5))
        x, y = _periodic_copies(rng, k)
        seen[_in_line_or_anchors(rng, x.astype(np.uint64), y.astype(np.uint64), k)] += 1
    assert seen["start"] > 20 and seen["end"] > 20 and seen["shifted"] > 20 and seen[None] > 1000


def test_the_near_diagonals_are_those_pairing_the_middle_unit():
    """`_near_diagonals` gives every diagonal 1 - k < d < m - n + k that pairs x's middle unit
    with an equal unit of y's side, and no other, for regions inside longer arrays (either side
    much longer than the other, near the arrays' starts): the main one first when asked."""
    rng = np.random.default_rng(12)
    for _ in range(3000):
        k = int(rng.integers(2, 6))
        x = rng.integers(0, 3, int(rng.integers(1, 80))).astype(np.uint64)
        y = rng.integers(0, 3, int(rng.integers(1, 80))).astype(np.uint64)
        a0, a1 = sorted(int(v) for v in rng.choice(len(x) + 1, 2, replace=False)) if len(x) > 1 else (0, 1)
        b0, b1 = sorted(int(v) for v in rng.choice(len(y) + 1, 2, replace=False)) if len(y) > 1 else (0, 1)
        la, lb, mid = a1 - a0, b1 - b0, (a1 - a0) // 2
        want = {d for d in range(1 - k, lb - la + k) if 0 <= mid + d < lb and y[b0 + mid + d] == x[a0 + mid]}
        main = bool(rng.integers(0, 2))
        got = list(alignment._near_diagonals(x, y, a0, a1, b0, b1, k, main))
        assert len(got) == len(set(got)) and set(got) - {0} == want - {0}
        assert (0 in got) == (main or 0 in want)
        if main or 0 in want:
            assert got[0] == 0
