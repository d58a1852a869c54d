import numpy as np

from core.index import candidate_pairs, document_frequency_cap


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
