"""The bulk helpers behind compare at scale: they must agree with the per-pair definitions."""

import numpy as np

from core.engine import vocabulary
from core.engine.hashing import kgram_hashes
from core.engine.profile import profile
from core.matching.compare import all_kgrams, approximate_shares
from core.matching.index import (
    _duplicated,
    maximal_runs,
    shared_kgram_arrays,
    shared_kgrams,
    split_by_pair,
)
from core.options import CheckOptions

TEXTS = [
    "The committee approved the budget after a long debate about libraries and parks.",
    "After a long debate about libraries, the committee finally approved the budget.",
    "Photosynthesis converts light into chemical energy stored in sugars.",
    "Libraries and parks were the subject of the debate; the budget passed.",
    "",
    "学校图书馆的开放时间延长了，学生们在晚上也可以借书和自习。",
    "图书馆延长开放时间以后，学生晚上可以借书，也可以自习。",
]


def test_duplicated_keeps_repeated_hashes_in_stable_order():
    hashes = np.array([9, 3, 9, 7, 3, 3, 1], dtype=np.uint64)
    full, index, _ = _duplicated(hashes)
    assert full.tolist() == [3, 3, 3, 9, 9]
    assert index.tolist() == [1, 4, 5, 0, 2]
    # hashes equal in their top bits but not in full are not duplicates
    close = np.array([1 << 40, (1 << 40) + 1, 5], dtype=np.uint64)
    assert len(_duplicated(close)[0]) == 0


def test_duplicated_orders_hashes_that_share_their_top_bits():
    # hashes differing only in their low bits collide in the packed keys' prefix: the result
    # is still every repeated hash ordered by hash, then index
    rng = np.random.default_rng(5)
    for n in (3, 50, 4000):
        hashes = (np.uint64(1 << 50) * rng.integers(0, 3, n).astype(np.uint64)
                  + rng.integers(0, 40, n).astype(np.uint64))
        values, counts = np.unique(hashes, return_counts=True)
        index = np.flatnonzero(np.isin(hashes, values[counts >= 2]))
        index = index[np.lexsort((index, hashes[index]))]
        full, got, _ = _duplicated(hashes)
        assert got.tolist() == index.tolist()
        assert full.tolist() == hashes[index].tolist()


def test_arrays_match_the_dictionary_form():
    lists = [np.array(x, dtype=np.uint64) for x in ([5, 6, 7, 5], [7, 5, 9], [6, 9])]
    keys, left, right = shared_kgram_arrays(np.concatenate(lists), np.array([4, 3, 2]),
                                            cap=10, max_repeats=4)
    got = {k: (a.tolist(), b.tolist()) for k, (a, b) in split_by_pair(keys, left, right, 3).items()}
    assert got == {(0, 1): ([0, 2, 3], [1, 0, 1]), (0, 2): ([1], [0]), (1, 2): ([2], [1])}
    assert got == {k: (a.tolist(), b.tolist())
                   for k, (a, b) in shared_kgrams(lists, cap=10, max_repeats=4).items()}


def test_all_kgrams_concatenates_each_documents_kgrams():
    profiles = [profile(t, CheckOptions()) for t in TEXTS]
    hashes, lengths = all_kgrams(profiles)
    expected = [kgram_hashes(p.units.hashes, p.params.k) for p in profiles]
    assert lengths.tolist() == [len(e) for e in expected]
    assert hashes.tolist() == np.concatenate(expected).tolist()


def test_approximate_shares_agree_with_overlap():
    profiles = [profile(t, CheckOptions()) for t in TEXTS]
    pairs = [(i, j) for i in range(len(TEXTS)) for j in range(i + 1, len(TEXTS))]
    left = np.array([i for i, _ in pairs])
    right = np.array([j for _, j in pairs])
    approx = approximate_shares(profiles, left, right)
    exact = [vocabulary.overlap(profiles[i].vocab, profiles[i].vocab_idf,
                                profiles[j].vocab, profiles[j].vocab_idf) for i, j in pairs]
    assert np.allclose(approx, exact, rtol=1e-6, atol=1e-9)
    assert max(exact) > 0.3  # the pairs above share real vocabulary


def _maximal_runs_by_lexsort(keys, left, right, length):
    diagonal = right - left
    order = np.lexsort((left, diagonal, keys))
    keys, left, right, length, diagonal = (x[order] for x in (keys, left, right, length, diagonal))
    new = np.concatenate(([True], (keys[1:] != keys[:-1]) | (diagonal[1:] != diagonal[:-1])
                          | (left[1:] != left[:-1] + length[:-1])))
    at = np.flatnonzero(new)
    length = np.add.reduceat(length, at)
    keys, left, right = keys[at], left[at], right[at]
    order = np.lexsort((left, keys))
    return keys[order], left[order], right[order], length[order]


def test_maximal_runs_sort_as_three_key_lexsorts_would():
    # packed into one integer, or (keys too large to pack) by lexsort: the same runs, in the
    # same order, seeds of one left start on several diagonals included
    rng = np.random.default_rng(3)
    for scale in (1, 1 << 50):
        for _ in range(50):
            seeds = np.unique(np.stack([rng.integers(0, 5, 300) * scale, rng.integers(0, 30, 300),
                                        rng.integers(0, 30, 300)]), axis=1)
            keys, left, right = seeds[:, rng.permutation(seeds.shape[1])]
            length = np.ones(len(keys), dtype=np.int64)
            want = _maximal_runs_by_lexsort(keys, left, right, length)
            got = maximal_runs(keys, left, right, length)
            assert all(np.array_equal(a, b) for a, b in zip(want, got))
            assert len(got[0]) < len(keys)  # some seeds continue each other
