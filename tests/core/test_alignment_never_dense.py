"""`aligned_matches` drops a pair whose passages cannot be dense before aligning them
(`_never_dense`): it must say so only where the alignment of every passage is not `dense`,
and the matches must be those of the general path."""

import numpy as np

from core.engine.normalize import Units
from core.matching import alignment
from core.matching.passages import UnitMatch


def _units(hashes: np.ndarray) -> Units:
    n = len(hashes)
    starts = np.arange(0, 2 * n, 2, dtype=np.int32)
    return Units(starts, starts + 1, hashes.astype(np.uint64), np.ones(n, bool))


def _case(rng: np.random.Generator, t: int, taken: int):
    """A right side of few distinct units and a left side of pieces copied from it (some as
    long as t, some one unit changed) between units the right side does not hold: stock
    phrases a few units apart."""
    y = rng.integers(0, int(rng.integers(3, 9)), int(rng.integers(4, 40)))
    parts, size = [], int(rng.integers(1, taken + 4))
    while sum(len(p) for p in parts) < size:
        if rng.random() < 0.6:
            at = int(rng.integers(0, len(y)))
            piece = y[at:at + int(rng.choice([t - 1, t, t + 1, int(rng.integers(1, t + 2))]))].copy()
            if len(piece) and rng.random() < 0.3:
                piece[rng.integers(0, len(piece))] = 100 + rng.integers(0, 3)
            parts.append(piece)
        else:
            parts.append(100 + rng.integers(0, 3, int(rng.integers(1, 4))))
    x = np.concatenate(parts)[:size]
    return x, y


def _passages(rng: np.random.Generator, x: np.ndarray, y: np.ndarray) -> list[UnitMatch]:
    out = [UnitMatch(0, len(x), 0, len(y))]
    for _ in range(int(rng.integers(0, 3))):
        a0, b0 = int(rng.integers(0, len(x))), int(rng.integers(0, len(y)))
        out.append(UnitMatch(a0, int(rng.integers(a0 + 1, len(x) + 1)), b0, int(rng.integers(b0 + 1, len(y) + 1))))
    rng.shuffle(out)
    return out


def test_never_dense_only_where_no_alignment_is_dense():
    """On short passages around t and `taken` units (taken below t too), with verbatim
    stretches of t - 1, t and t + 1 units: where it answers, no passage's alignment is dense;
    it answers on most of the pairs that are not."""
    rng = np.random.default_rng(191)
    seen = {"never": 0, "handed over": 0, "dense at t": 0, "dense by count": 0}
    for _ in range(3000):
        t = int(rng.integers(2, 9))
        taken = int(rng.integers(max(1, t - 3), t + 10))
        k = int(rng.integers(1, 6))
        x, y = _case(rng, t, taken)
        found = _passages(rng, x, y)
        aligned = [alignment.align_units(x[m.a0:m.a1], y[m.b0:m.b1], k).left for m in found]
        any_dense = any(alignment.dense(took, len(took) - int(took.sum()), t, taken) for took in aligned)
        never = alignment._never_dense(x, y, found, t, taken)
        assert not (never and any_dense), (x, y, found, t, taken)
        seen["never"] += never
        seen["handed over"] += not never and not any_dense
        seen["dense at t"] += any(alignment.longest_run(took) == t for took in aligned) and any_dense
        seen["dense by count"] += any(int(took.sum()) >= taken > alignment.longest_run(took) for took in aligned)
    assert seen["never"] > 500 and seen["dense at t"] > 100 and seen["dense by count"] > 30
    assert seen["never"] > seen["handed over"]


def test_matches_are_those_of_the_general_path(monkeypatch):
    rng = np.random.default_rng(192)
    cases = []
    for _ in range(600):
        t = int(rng.integers(2, 9))
        taken = int(rng.integers(max(1, t - 3), t + 10))
        x, y = _case(rng, t, taken)
        cases.append((_units(x), _units(y), _passages(rng, x, y), int(rng.integers(1, 6)), t, taken))
    fast = [alignment.aligned_matches(a, b, found, k, 0, t, taken) for a, b, found, k, t, taken in cases]
    monkeypatch.setattr(alignment, "_never_dense", lambda *args: False)
    slow = [alignment.aligned_matches(a, b, found, k, 0, t, taken) for a, b, found, k, t, taken in cases]
    assert fast == slow
    assert 50 < sum(not m for m, _ in slow) < len(cases) - 50
