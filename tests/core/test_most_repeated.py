"""`scoring.most_repeated` counts a document's k-grams by their sums before the hash's mix:
it must give how often the most repeated k-gram hash occurs, as counting the hashes does."""

from types import SimpleNamespace

import numpy as np
from unit_texts import stressed_units

from core.engine.hashing import kgram_hashes
from core.matching.scoring import most_repeated


def test_most_repeated_is_the_count_of_the_most_repeated_kgram_hash():
    rng = np.random.default_rng(201)
    profiles, expected = [], []
    for _ in range(600):
        k = int(rng.integers(1, 9))
        size = int(rng.choice([rng.integers(0, k + 3), rng.integers(k, 80), 3000]))
        units = stressed_units(rng, size, k, phrases=int(rng.integers(2, 30))).astype(np.uint64)
        if rng.random() < 0.3:  # unit hashes over the whole 64 bits
            units = units * np.uint64(0x9E3779B97F4A7C15) + np.uint64(0xBF58476D1CE4E5B9)
        profiles.append(SimpleNamespace(units=SimpleNamespace(hashes=units), params=SimpleNamespace(k=k)))
        hashes = kgram_hashes(units, k)
        expected.append(int(np.unique(hashes, return_counts=True)[1].max()) if len(hashes) else 0)
    corpus = SimpleNamespace(evidence={}, profiles=profiles)
    assert [most_repeated(corpus, i) for i in range(len(profiles))] == expected
    assert sum(e == 0 for e in expected) > 20 and sum(e == 1 for e in expected) > 50
    assert sum(2 <= e <= 9 for e in expected) > 100 and sum(e > 9 for e in expected) > 50
