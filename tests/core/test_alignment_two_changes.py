"""Two equally long copies that differ in two units (each copy with one unit changed) are
aligned by `alignment._two_changes` without `_fill`: it answers exactly where `_in_line` does,
and the alignment is the general one, on stressed inputs."""

import numpy as np
import pytest
from unit_texts import stressed_units

from core.engine.hashing import kgram_hashes
from core.matching import alignment
from core.matching.alignment import _in_line, _two_changes, align_units


@pytest.mark.parametrize("k", range(2, 9))
def test_it_answers_where_in_line_answers(k):
    """On the region `_fill` gets (its first and last units differing, `known`), for every
    length around DP_CELLS and the bounds and every told repeat count, `_in_line` answers
    with the stretch between the two units where the shortcut answers, and else does not
    (or the region is `_lcs`'s)."""
    rng = np.random.default_rng(k)
    answered = declined = 0
    for la in range(2, 75):
        for most in range(1, alignment.MAX_OCCURRENCES + 1):
            x = stressed_units(rng, la + 4, k).astype(np.uint64)
            y = x.copy()
            x[2], y[2], x[la + 1], y[la + 1] = 9000, 9001, 9002, 9003  # the region: 2 .. la + 1
            tx, ty = np.zeros(len(x), bool), np.zeros(len(y), bool)
            anchors = _in_line(x, y, 2, la + 2, 2, la + 2, k, tx, ty, lambda m=most: m,
                               np.array([2, la + 1]))
            fast = _two_changes(la, k, lambda m=most: m)
            if la * la <= alignment.DP_CELLS:
                assert not fast
                continue
            assert fast == (anchors is not None)
            if fast:
                assert anchors == [(3, 3, la - 2)]
                answered += 1
            else:
                declined += 1
    assert answered > 50 and declined > 50, (answered, declined)


def _copies(rng: np.random.Generator, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Two equally long copies of one text, each with one unit changed (maybe both the same
    unit, maybe near an end or one apart), or one with two changed."""
    size = int(rng.integers(2, 90))
    x = stressed_units(rng, max(size, k + 12), k)
    y = x.copy()
    p = int(rng.integers(0, len(x)))
    q = min(len(x) - 1, p + int(rng.integers(0, 40))) if rng.integers(0, 2) else int(rng.integers(0, len(x)))
    x[p] = 5000 + int(rng.integers(0, 2))
    (x if rng.integers(0, 5) == 0 else y)[q] = 5000 + int(rng.integers(0, 2))
    if rng.integers(0, 3) == 0:  # the changed unit one already in the text
        y[q] = x[(q + int(rng.integers(1, 3))) % len(x)]
    return x.astype(np.uint64), y.astype(np.uint64)


@pytest.mark.parametrize("seed", range(3))
def test_the_alignment_is_the_general_one(seed, monkeypatch):
    """align_units told the document's most repeated k-gram (or a count over it) gives with
    the shortcut what it gives without it, on copies each with a unit changed."""
    rng = np.random.default_rng(300 + seed)
    cases = []
    for _ in range(600):
        k = int(rng.integers(1, 7))  # k = 1: align_units anchors with K_MIN, untold
        x, y = _copies(rng, k)
        most = int(np.unique(kgram_hashes(x, k), return_counts=True)[1].max()) + int(rng.integers(0, 2))
        cases.append((x, y, k, most))
    fast = [align_units(x, y, k, lambda m=most: m) for x, y, k, most in cases]
    monkeypatch.setattr(alignment, "_two_changes", lambda *_: False)
    slow = [align_units(x, y, k, lambda m=most: m) for x, y, k, most in cases]
    for f, s in zip(fast, slow):
        assert (f.left == s.left).all() and (f.right == s.right).all()
    two = [(x != y).nonzero()[0] for x, y, _, _ in cases]
    taken = sum(len(d) == 2 and _two_changes(int(d[1] - d[0]) + 1, k, lambda m=most: m)
                for d, (_, _, k, most) in zip(two, cases))
    assert taken > 60 and sum(len(d) == 2 for d in two) - taken > 60
