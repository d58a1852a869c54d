"""The in-passage alignment's exact table and its anchors, worked on integers as bit vectors
(`alignment._lcs`, `alignment._anchors`), give what the plain table and the plain runs give."""

from collections import Counter

import numpy as np
import pytest

from core.matching import alignment
from core.matching.alignment import _anchors, _lcs, _longest_free


def _lcs_by_table(xs: list, ys: list, a0: int, b0: int, tx, ty) -> None:
    """The longest common subsequence by the whole table, traced back from its last cell:
    equal units taken, else up where the cell above is at least the one to the left."""
    m = len(ys)
    rows = [[0] * (m + 1)]
    for xv in xs:
        prev, row = rows[-1], [0]
        for j, yv in enumerate(ys):
            row.append(prev[j] + 1 if xv == yv else max(prev[j + 1], row[j]))
        rows.append(row)
    i, j = len(xs), m
    while i and j:
        if xs[i - 1] == ys[j - 1] and rows[i][j] == rows[i - 1][j - 1] + 1:
            tx[a0 + i - 1] = ty[b0 + j - 1] = True
            i, j = i - 1, j - 1
        elif rows[i - 1][j] >= rows[i][j - 1]:
            i -= 1
        else:
            j -= 1


def test_the_table_by_bits_is_the_plain_table():
    """Every list length up to 30 against up to 30 (more than DP_CELLS cells), over one to a
    thousand units, periodic and near copies: the same units taken."""
    rng = np.random.default_rng(194)
    for _ in range(1200):
        alphabet = int(rng.choice([1, 2, 3, 5, 1000]))
        xs = rng.integers(0, alphabet, int(rng.integers(0, 31))).tolist()
        if rng.integers(0, 3) == 0:  # a near copy: a few units changed, inserted or deleted
            ys = list(xs)
            for _ in range(int(rng.integers(1, 4))):
                at = int(rng.integers(0, len(ys) + 1))
                ys[at:at + int(rng.integers(0, 2))] = rng.integers(0, alphabet, int(rng.integers(0, 2))).tolist()
        elif rng.integers(0, 2):
            ys = np.resize(rng.integers(0, alphabet, int(rng.integers(1, 4))), int(rng.integers(0, 31))).tolist()
        else:
            ys = rng.integers(0, alphabet, int(rng.integers(0, 31))).tolist()
        a0, b0 = int(rng.integers(0, 3)), int(rng.integers(0, 3))
        want = np.zeros(len(xs) + a0, bool), np.zeros(len(ys) + b0, bool)
        got = np.zeros(len(xs) + a0, bool), np.zeros(len(ys) + b0, bool)
        _lcs_by_table(xs, ys, a0, b0, *want)
        _lcs(xs, ys, a0, b0, *got)
        assert got[0].tolist() == want[0].tolist() and got[1].tolist() == want[1].tolist(), (xs, ys)


def _anchors_plainly(hx, hy, a0, b0, k, tx, ty) -> list[tuple[int, int, int]]:
    """`_anchors` cell by cell: every maximal run of equal k-grams on a diagonal whose k-grams
    occur at most MAX_OCCURRENCES times a side, longest first (then by start), each keeping the
    first of its longest stretches of units free on both sides if that is k long."""
    hx, hy = hx.tolist(), hy.tolist()
    cx, cy = Counter(hx), Counter(hy)

    def ok(i, j):
        return (0 <= i < len(hx) and 0 <= j < len(hy) and hx[i] == hy[j]
                and cx[hx[i]] <= alignment.MAX_OCCURRENCES and cy[hy[j]] <= alignment.MAX_OCCURRENCES)

    runs = []
    for i in range(len(hx)):
        for j in range(len(hy)):
            if ok(i, j) and not ok(i - 1, j - 1):
                size = 1
                while ok(i + size, j + size):
                    size += 1
                runs.append((-(size + k - 1), i, j))
    out = []
    for neg, i, j in sorted(runs):
        ai, bj = a0 + i, b0 + j
        free = [not tx[ai + t] and not ty[bj + t] for t in range(-neg)] + [False]
        best_at, best, at = 0, 0, None
        for t, f in enumerate(free):
            if f and at is None:
                at = t
            elif not f and at is not None:
                if t - at > best:
                    best_at, best = at, t - at
                at = None
        if best < k:
            continue
        tx[ai + best_at:ai + best_at + best] = True
        ty[bj + best_at:bj + best_at + best] = True
        out.append((ai + best_at, bj + best_at, best))
    return out


@pytest.mark.parametrize("seed", range(1))
def test_the_anchors_by_bits_are_the_plain_runs(seed):
    """Regions over a few units, periodic or near copies repeating a k-gram more often than
    MAX_OCCURRENCES, some units taken beforehand on either side, k 1-6: the same anchors and
    the same units taken."""
    rng = np.random.default_rng(1941 + seed)
    for _ in range(250):
        k = int(rng.integers(1, 7))
        alphabet = int(rng.choice([2, 3, 4, 8, 1000]))
        units = rng.integers(0, alphabet, int(rng.integers(k, 50)))
        if rng.integers(0, 2):
            units = np.resize(units[:int(rng.integers(1, 2 * k + 2))], len(units))
        other = units.copy() if rng.integers(0, 2) else rng.integers(0, alphabet, int(rng.integers(k, 50)))
        for at in rng.integers(0, len(other), int(rng.integers(0, 4))):
            other[at] = 5000
        hx = alignment.kgram_hashes(units.astype(np.uint64), k)
        hy = alignment.kgram_hashes(other.astype(np.uint64), k)
        a0, b0 = int(rng.integers(0, 3)), int(rng.integers(0, 3))
        tx = np.zeros(a0 + len(units) + 2, bool)
        ty = np.zeros(b0 + len(other) + 2, bool)
        for mask in (tx, ty):
            if rng.integers(0, 3) == 0:  # taken before: a stretch or scattered units
                at = int(rng.integers(0, len(mask)))
                mask[at:at + int(rng.integers(1, 2 * k + 2))] = True
                mask[rng.integers(0, len(mask), int(rng.integers(0, 4)))] = True
        want_x, want_y, got_x, got_y = tx.copy(), ty.copy(), tx.copy(), ty.copy()
        want = _anchors_plainly(hx, hy, a0, b0, k, want_x, want_y)
        assert _anchors(hx, hy, a0, b0, k, got_x, got_y) == want
        assert got_x.tolist() == want_x.tolist() and got_y.tolist() == want_y.tolist()


def test_the_longest_free_stretch_is_the_first_of_the_longest():
    """`_longest_free` of a few hundred random bit patterns (sparse, dense, one run, ties)."""
    rng = np.random.default_rng(5)
    for _ in range(1000):
        size = int(rng.integers(1, 80))
        bits = (rng.random(size) < rng.choice([0.1, 0.5, 0.9])).tolist()
        if not any(bits):
            continue
        value = sum(1 << i for i, b in enumerate(bits) if b)
        best_at, best, at = 0, 0, None
        for t, b in enumerate(bits + [False]):
            if b and at is None:
                at = t
            elif not b and at is not None:
                if t - at > best:
                    best_at, best = at, t - at
                at = None
        assert _longest_free(value) == (best_at, best), bits
