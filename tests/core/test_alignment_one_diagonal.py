"""The in-passage alignment's shortcut for two copies each with a small edit of their own
(`alignment._one_diagonal`) gives what the anchors give, on stressed regions."""

import numpy as np
import pytest

from core.engine.hashing import kgram_hashes
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
        if fast is None:
            fell_back += 1
            assert not fast_x.any() and not fast_y.any()
            continue
        taken += 1
        slow_x, slow_y = np.zeros_like(fast_x), np.zeros_like(fast_y)
        assert fast == _anchors(hx, hy, pad, pad, k, slow_x, slow_y)
        assert (fast_x == slow_x).all() and (fast_y == slow_y).all()
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
