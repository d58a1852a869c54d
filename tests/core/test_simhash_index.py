"""The pigeonhole simhash index: hand-checked cases and a brute-force cross-check."""

import numpy as np
import pytest

from core.matching.compare import near_duplicates
from core.matching.simhash_index import SimhashIndex, blocks

BIT = [1 << i for i in range(64)]


def brute_pairs(fps: np.ndarray, k: int) -> set[tuple[int, int]]:
    n = len(fps)
    return {(i, j) for i in range(n) for j in range(i + 1, n)
            if (int(fps[i]) ^ int(fps[j])).bit_count() <= k}


def as_set(i: np.ndarray, j: np.ndarray) -> set[tuple[int, int]]:
    return set(zip(i.tolist(), j.tolist()))


def test_blocks_split_64_bits_into_k_plus_1():
    assert blocks(0) == [(0, 64)]
    assert blocks(3) == [(0, 16), (16, 16), (32, 16), (48, 16)]
    # 64 = 5 * 12 + 4: the first four blocks get the spare bits
    assert blocks(4) == [(0, 13), (13, 13), (26, 13), (39, 13), (52, 12)]


def test_hand_checked_pairs_and_queries():
    fps = np.array([0, 0b111, 0b1111, BIT[63], (1 << 64) - 1], dtype=np.uint64)
    index = SimhashIndex(fps, 3)
    # distances: 0-1: 3, 0-2: 4, 0-3: 1, 1-2: 1, 1-3: 4, 2-3: 5, 4 is 60+ bits from all
    assert as_set(*index.pairs()) == {(0, 1), (0, 3), (1, 2)}
    assert index.query(0) == [0, 1, 3]
    assert index.query(BIT[63] | BIT[62]) == [0, 3]
    assert index.query((1 << 64) - 1) == [4]
    q, ids = index.query_many(np.array([0b1111, 12345 << 20], dtype=np.uint64))
    assert list(zip(q.tolist(), ids.tolist())) == [(0, 1), (0, 2)]


def test_differences_spread_over_blocks():
    # three differing bits in three of the four 16-bit blocks: equal only on the last block
    three = BIT[0] | BIT[16] | BIT[32]
    four = three | BIT[48]
    fps = np.array([0, three, four], dtype=np.uint64)
    assert as_set(*SimhashIndex(fps, 3).pairs()) == {(0, 1), (1, 2)}
    assert as_set(*SimhashIndex(fps, 4).pairs()) == {(0, 1), (0, 2), (1, 2)}
    assert as_set(*SimhashIndex(fps, 0).pairs()) == set()


def test_duplicates_empty_and_extremes():
    assert as_set(*SimhashIndex(np.array([7, 7, 7], dtype=np.uint64), 0).pairs()) == {
        (0, 1), (0, 2), (1, 2)}
    for k in (0, 3):  # repeated fingerprints: every id, once each
        assert SimhashIndex(np.array([7, 0xFF00, 7, 7], dtype=np.uint64), k).query(7) == [0, 2, 3]
    empty = SimhashIndex(np.zeros(0, dtype=np.uint64), 3)
    assert len(empty) == 0 and len(empty.pairs()[0]) == 0 and len(empty.query(5)) == 0
    assert len(SimhashIndex(np.array([1], dtype=np.uint64), 3).pairs()[0]) == 0
    everything = SimhashIndex(np.array([0, (1 << 64) - 1, 12345], dtype=np.uint64), 64)
    assert as_set(*everything.pairs()) == {(0, 1), (0, 2), (1, 2)}
    with pytest.raises(ValueError):
        SimhashIndex(np.zeros(1, dtype=np.uint64), 65)


@pytest.mark.parametrize("k", [0, 1, 2, 3, 4, 6, 7, 8, 12])
def test_matches_brute_force(k):
    rng = np.random.default_rng(k)
    base = rng.integers(0, 2**63, size=150, dtype=np.uint64) * np.uint64(2) + rng.integers(
        0, 2, size=150, dtype=np.uint64)
    # near copies: each flips 0-6 random bits of a base fingerprint
    near = []
    for i in range(150):
        value = int(base[rng.integers(0, 150)])
        for bit in rng.choice(64, size=int(rng.integers(0, 7)), replace=False):
            value ^= 1 << int(bit)
        near.append(value)
    fps = np.concatenate([base, np.array(near, dtype=np.uint64)])
    expected = brute_pairs(fps, k)
    assert len(expected) > (0 if k else 20)
    index = SimhashIndex(fps, k)
    assert as_set(*index.pairs()) == expected
    assert near_duplicates(fps, k) == expected
    queries = fps[::7]
    q, ids = index.query_many(queries)
    got = set(zip(q.tolist(), ids.tolist()))
    want = {(qi, j) for qi, value in enumerate(queries.tolist()) for j in range(len(fps))
            if (value ^ int(fps[j])).bit_count() <= k}
    assert got == want
    for i, value in enumerate(queries.tolist()):  # one at a time: the plain-Python tables
        assert index.query(value) == sorted(j for qi, j in want if qi == i)
