"""A document's k-grams counted once (`KgramCounts`) answer for any stretch of it what hashing
and sorting the stretch's k-grams gives (`alignment._counted`), on stressed inputs; and the
first differing units `align_units` reads are `np.flatnonzero`'s."""

from collections import Counter

import numpy as np
from unit_texts import stressed_units

from core.engine.hashing import kgram_hashes
from core.matching.alignment import MAX_OCCURRENCES, _counted, _first_true
from core.matching.kgram_counts import KgramCounts


def _outside(rng: np.random.Generator, grams: np.ndarray) -> Counter:
    """How often each of a few k-grams occurs off a stretch of the other side: the document's
    own (often its most repeated ones) or not in it, up to MAX_OCCURRENCES times each."""
    told: Counter = Counter()
    values, counts = np.unique(grams, return_counts=True) if len(grams) else (grams, grams)
    for _ in range(int(rng.integers(0, 5))):
        if len(values) and rng.integers(0, 3):
            gram = int(values[np.argmax(counts)] if rng.integers(0, 2) else rng.choice(values))
        else:
            gram = int(rng.integers(0, 2**63)) * 2 + 1
        told[gram] += int(rng.integers(1, MAX_OCCURRENCES + 1)) if rng.integers(0, 4) == 0 else 1
    return told


def test_a_stretch_is_counted_as_its_own_kgrams_are():
    """`counted` of every kind of stretch (empty, a few k-grams, the whole document, its ends)
    of random, few-unit, periodic and phrase-repeating documents, k 1-8, is `_counted` of the
    stretch's k-grams hashed and sorted; it must say no for each of its two reasons and yes."""
    rng = np.random.default_rng(2040)
    seen: Counter = Counter()
    for _ in range(700):
        k = int(rng.integers(1, 9))
        units = stressed_units(rng, int(rng.integers(0, 400)), k, 30).astype(np.uint64)
        counts = KgramCounts.of(units, k, MAX_OCCURRENCES)
        grams = kgram_hashes(units, k)
        assert counts.counted(0, len(grams), k + 1, Counter()) is None  # counted for k only
        for _ in range(6):
            lo = int(rng.integers(0, len(grams) + 1))
            hi = int(rng.choice([lo, len(grams), min(len(grams), lo + int(rng.integers(0, 60)))]))
            outside = _outside(rng, grams)
            want = _counted(grams[lo:hi], outside)
            assert counts.counted(lo, hi, k, outside) == want, (k, lo, hi, outside)
            within = _counted(grams[lo:hi], Counter())
            seen[want, within] += 1
    assert seen[True, True] > 100 and seen[False, False] > 100 and seen[False, True] > 100, seen


def test_the_first_true_positions_are_those_flatnonzero_finds():
    """`_first_true` is `np.flatnonzero(mask)[:many]` for empty, all-false, all-true, sparse
    and dense masks."""
    rng = np.random.default_rng(2041)
    for _ in range(2000):
        size = int(rng.integers(0, 40))
        mask = rng.random(size) < rng.choice([0.0, 0.05, 0.3, 0.9, 1.0])
        many = int(rng.integers(1, 4))
        assert _first_true(mask, many) == np.flatnonzero(mask)[:many].tolist()
