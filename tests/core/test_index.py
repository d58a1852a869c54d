import numpy as np

from core.matching.index import candidate_pairs, document_frequency_cap


def fps(*lists):
    return [np.array(x, dtype=np.uint64) for x in lists]


def test_pairs_and_shared_counts():
    left, right, shared = candidate_pairs(fps([1, 2, 3], [2, 3, 9], [3, 7], [8]), cap=10, max_repeats=5)
    assert list(zip(left.tolist(), right.tolist(), shared.tolist())) == [(0, 1, 2), (0, 2, 1), (1, 2, 1)]


def test_common_fingerprints_are_ignored():
    left, right, shared = candidate_pairs(fps([1, 2, 3], [2, 3, 9], [3, 7], [8]), cap=2, max_repeats=5)
    assert list(zip(left.tolist(), right.tolist(), shared.tolist())) == [(0, 1, 1)]


def test_ignored_and_repeated_fingerprints():
    lists = fps([1, 2, 2, 2], [2, 1])
    left, _, shared = candidate_pairs(lists, cap=10, max_repeats=2)
    assert shared.tolist() == [1]  # 2 repeats three times in document 0
    left, _, _ = candidate_pairs(lists, ignored=np.array([1], dtype=np.uint64), cap=10, max_repeats=2)
    assert len(left) == 0


def test_cap():
    assert document_frequency_cap(30, 0.1, 10) == 10
    assert document_frequency_cap(1000, 0.1, 10) == 100


def test_shared_kgrams_by_hand():
    from core.matching.index import shared_kgrams

    kg = fps([5, 6, 7, 5], [7, 5, 9], [6, 9])
    got = {k: (a.tolist(), b.tolist()) for k, (a, b) in shared_kgrams(kg, cap=10, max_repeats=4).items()}
    # 5 at 0 and 3 in doc 0 meets 5 at 1 in doc 1; 7 at 2 meets 7 at 0; 6 and 9 pair docs 0-2, 1-2
    assert got == {(0, 1): ([0, 3, 2], [1, 1, 0]), (0, 2): ([1], [0]), (1, 2): ([2], [1])}
    got = shared_kgrams(kg, cap=10, max_repeats=1)
    assert got[(0, 1)][0].tolist() == [2]  # 5 repeats in doc 0
    assert list(shared_kgrams(kg, cap=10, max_repeats=4, pairs=np.array([0 * 3 + 2]))) == [(0, 2)]
    assert shared_kgrams(kg, cap=1, max_repeats=4) == {}
