"""Near-duplicate lookup over 64-bit simhashes: a multi-index (pigeonhole) table for Hamming <= k.

Two fingerprints that differ in at most k bits agree exactly on at least one of k + 1 disjoint
bit blocks (Manku, Jain, Das Sarma 2007). So each block gets a table sorted by its value, a
lookup gathers the fingerprints equal on some block, and a popcount of the XOR keeps those
really within k bits. All of it is vectorized with numpy over many queries at once.
"""

from __future__ import annotations

import itertools

import numpy as np

from core.engine.hashing import distinct
from core.matching.index import concat_ranges

_MASK64 = (1 << 64) - 1
MIN_BLOCK_BITS = 8  # narrower blocks select too much: comparing everything is then cheaper


def blocks(k: int) -> list[tuple[int, int]]:
    """(shift, width) of the k + 1 blocks covering the 64 bits, the wider ones first."""
    count = k + 1
    base, extra = divmod(64, count)
    out, shift = [], 0
    for i in range(count):
        width = base + (1 if i < extra else 0)
        out.append((shift, width))
        shift += width
    return out


def _group_bounds(keys: np.ndarray) -> np.ndarray:
    """Where each run of equal sorted keys starts, then len(keys) ([0] when there are none)."""
    if not len(keys):
        return np.zeros(1, dtype=np.int64)
    return np.flatnonzero(np.concatenate(([True], keys[1:] != keys[:-1], [True])))


class _NoBucket(dict):
    """Buckets of wide blocks by their bits: a missing key is an empty bucket."""

    def __missing__(self, key: int) -> tuple:
        return ()


def _unique_pairs(first: np.ndarray, second: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Distinct (first, second) pairs sorted by first, then second (values below n)."""
    keys = distinct(first.astype(np.int64) * n + second.astype(np.int64))
    return keys // n, keys % n


class SimhashIndex:
    """The simhashes of a collection, indexed for finding those within `k` bits of a query.

    Ids are positions in the array given. `query_many` and `pairs` are the fast paths;
    `query` answers one fingerprint, as a list. `rows` bounds the memory of the all-against-all
    comparison used when k is too large for blocks of MIN_BLOCK_BITS.
    """

    def __init__(self, simhashes, k: int, rows: int = 256):
        if not 0 <= k <= 64:
            raise ValueError("the Hamming threshold must be between 0 and 64")
        self.k = k
        self._rows = max(1, rows)
        self.fps = np.ascontiguousarray(np.asarray(simhashes, dtype=np.uint64).ravel())
        self._brute = k + 1 > 64 // MIN_BLOCK_BITS
        self._buckets: list[tuple[int, int, list | dict]] | None = None
        self._tables: list[tuple[int, np.uint64, np.ndarray, np.ndarray]] = []
        if not self._brute:
            for shift, width in blocks(k):
                mask = np.uint64((1 << width) - 1)
                values = (self.fps >> np.uint64(shift)) & mask
                order = np.argsort(values, kind="stable")
                self._tables.append((shift, mask, values[order], order))

    def __len__(self) -> int:
        return len(self.fps)

    def query(self, simhash: int) -> list[int]:
        """Sorted ids of the stored fingerprints within k bits of `simhash`.

        One lookup is too small for numpy's per-call cost, so it runs in plain Python on
        tables the first call builds: per block, its bits -> the stored fingerprints having
        them, each packed with its id as `id << 64 | fingerprint`, so a candidate costs one
        object and no second lookup (bench/speed.py, table 3, measures it).
        """
        value = int(simhash) & _MASK64
        if self._brute:
            return self._brute_query(np.array([value], dtype=np.uint64))[1].tolist()
        if self._buckets is None:
            self._buckets = self._build_buckets()
        k, found = self.k, set()
        for shift, mask, table in self._buckets:
            for packed in table[(value >> shift) & mask]:
                if ((packed ^ value) & _MASK64).bit_count() <= k:
                    found.add(packed >> 64)
        return sorted(found)

    def _build_buckets(self) -> list[tuple[int, int, list | dict]]:
        packed = [value | i << 64 for i, value in enumerate(self.fps.tolist())]
        out = []
        for shift, mask, keys, ids in self._tables:
            # a list indexed by the block's bits where it fits (16 bits at the default k = 3):
            # no hashing, no key to compare
            table = [()] * (int(mask) + 1) if mask < 1 << 20 else _NoBucket()
            key_list = keys.tolist()
            id_list = ids.tolist()
            bounds = _group_bounds(keys).tolist()
            for a, b in itertools.pairwise(bounds):
                table[key_list[a]] = tuple([packed[i] for i in id_list[a:b]])
            out.append((shift, int(mask), table))
        return out

    def query_many(self, simhashes) -> tuple[np.ndarray, np.ndarray]:
        """Every (query position, stored id) within k bits, sorted by query, then id."""
        queries = np.asarray(simhashes, dtype=np.uint64).ravel()
        n, q = len(self.fps), len(queries)
        empty = np.zeros(0, dtype=np.int64)
        if n == 0 or q == 0:
            return empty, empty
        if self._brute:
            return self._brute_query(queries)
        found_q, found_id = [], []
        for shift, mask, keys, ids in self._tables:
            values = (queries >> np.uint64(shift)) & mask
            lo = np.searchsorted(keys, values, "left")
            hi = np.searchsorted(keys, values, "right")
            counts = hi - lo
            hit_q = np.repeat(np.arange(q, dtype=np.int64), counts)
            hit_id = ids[np.repeat(lo, counts) + concat_ranges(counts)]
            close = np.bitwise_count(self.fps[hit_id] ^ queries[hit_q]) <= self.k
            found_q.append(hit_q[close])
            found_id.append(hit_id[close])
        return _unique_pairs(np.concatenate(found_q), np.concatenate(found_id), n)

    def pairs(self) -> tuple[np.ndarray, np.ndarray]:
        """All stored pairs (i < j) within k bits of each other, sorted by i, then j."""
        n = len(self.fps)
        empty = np.zeros(0, dtype=np.int64)
        if n < 2:
            return empty, empty
        if self._brute:
            qi, ids = self._brute_query(self.fps)
            keep = qi < ids
            return qi[keep], ids[keep]
        found_i, found_j = [], []
        for _, _, keys, ids in self._tables:
            bounds = _group_bounds(keys)
            sizes = np.diff(bounds)
            starts, sizes = bounds[:-1][sizes >= 2], sizes[sizes >= 2]
            if not len(sizes):
                continue
            # each member pairs with the members after it in its group
            member = np.repeat(starts, sizes) + concat_ranges(sizes)
            after = np.repeat(sizes, sizes) - 1 - concat_ranges(sizes)
            first = np.repeat(member, after)
            second = first + 1 + concat_ranges(after)
            a, b = ids[first], ids[second]
            close = np.bitwise_count(self.fps[a] ^ self.fps[b]) <= self.k
            a, b = a[close], b[close]
            found_i.append(np.minimum(a, b))
            found_j.append(np.maximum(a, b))
        if not found_i:
            return empty, empty
        return _unique_pairs(np.concatenate(found_i), np.concatenate(found_j), n)

    def _brute_query(self, queries: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """query_many by comparing every query with every stored fingerprint, in row blocks."""
        found_q, found_id = [], []
        for lo in range(0, len(queries), self._rows):
            rows = queries[lo:lo + self._rows]
            qi, ids = np.nonzero(np.bitwise_count(rows[:, None] ^ self.fps[None, :]) <= self.k)
            found_q.append(qi.astype(np.int64) + lo)
            found_id.append(ids.astype(np.int64))
        return np.concatenate(found_q), np.concatenate(found_id)
