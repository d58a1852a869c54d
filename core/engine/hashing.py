"""Stable 64-bit hashing, vectorized: the same input gives the same hash in every process."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import numpy as np

_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_S30, _S27, _S31 = np.uint64(30), np.uint64(27), np.uint64(31)
_KGRAM_BASE = np.uint64(0x9E3779B97F4A7C15 | 1)
_POWERS: dict[int, tuple[np.ndarray, np.ndarray]] = {}


def mix64(x: np.ndarray, in_place: bool = False) -> np.ndarray:
    """The splitmix64 finalizer over a uint64 array (wrapping arithmetic); `in_place` reuses x
    (a uint64 array the caller owns) instead of allocating a result and temporaries."""
    z = x if in_place else np.array(x, dtype=np.uint64)
    z += _GOLDEN
    t = np.empty_like(z)
    for shift, factor in ((_S30, _M1), (_S27, _M2)):
        np.right_shift(z, shift, out=t)
        z ^= t
        z *= factor
    np.right_shift(z, _S31, out=t)
    z ^= t
    return z


def powers(base: np.uint64, n: int) -> tuple[np.ndarray, np.ndarray]:
    """base**i and base**-i modulo 2**64 for i < n (base odd), cached and grown by doubling."""
    key = int(base)
    have = _POWERS.get(key)
    if have is None or len(have[0]) < n:
        size = max(n, 2 * len(have[0]) if have else 4096)
        inverse = np.uint64(pow(key, -1, 1 << 64))
        fwd = np.empty(size, dtype=np.uint64)
        inv = np.empty(size, dtype=np.uint64)
        fwd[0] = inv[0] = 1
        fwd[1:] = base
        inv[1:] = inverse
        np.cumprod(fwd, out=fwd)
        np.cumprod(inv, out=inv)
        have = _POWERS[key] = (fwd, inv)
    return have


def distinct(values: np.ndarray) -> np.ndarray:
    """The sorted distinct values: np.unique by a sort. numpy 2's np.unique without extra
    outputs hashes instead, holding the interpreter lock throughout (a Ctrl-C waits for it)
    and slower than a sort on the large integer arrays of a check."""
    ordered = np.sort(np.asarray(values), kind="stable")
    if len(ordered) < 2:
        return ordered
    keep = np.empty(len(ordered), dtype=bool)
    keep[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    return ordered[keep]


def find_sorted(table: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Whether each of `values` is in the sorted array `table`, and where (an index of `table`;
    meaningless where absent, but always a valid index when `table` is not empty)."""
    values = np.asarray(values)
    if not len(table):
        return np.zeros(len(values), bool), np.zeros(len(values), np.int64)
    at = np.minimum(np.searchsorted(table, values), len(table) - 1)
    return table[at] == values, at


def kgram_hashes(unit_hashes: np.ndarray, k: int) -> np.ndarray:
    """Hash of every run of k consecutive units (len n - k + 1, empty when n < k)."""
    h = kgram_sums(unit_hashes, k)
    h ^= np.uint64(k)
    return mix64(h, in_place=True)


def kgram_sums(unit_hashes: np.ndarray, k: int, out: np.ndarray | None = None) -> np.ndarray:
    """`kgram_hashes` before their mix: a polynomial of each run's units. The mix is one to
    one, so two runs' sums are equal exactly when their hashes are (how often a k-gram
    repeats can be counted without it). Written into `out` (as long as the runs) when given."""
    n = len(unit_hashes)
    if n < k:
        return np.zeros(0, dtype=np.uint64)
    m = n - k + 1
    if out is None:
        h = unit_hashes[:m].copy()
    else:
        h = out
        h[:] = unit_hashes[:m]
    for i in range(1, k):
        h *= _KGRAM_BASE
        h += unit_hashes[i : m + i]
    return h


#: Hashes `kgram_hashes_laid` mixes at a time: a piece's passes stay in the cache.
MIX_PIECE = 1 << 16


def kgram_hashes_laid(streams: Sequence[np.ndarray], ks: Sequence[int]) -> np.ndarray:
    """`kgram_hashes` of each stream (at its own k), laid end to end: each stream's sums are
    written in place and the mix made a piece at a time (a class's thousands of documents:
    no array and no mix's calls per document)."""
    sizes = [max(0, len(u) - k + 1) for u, k in zip(streams, ks)]
    out = np.empty(sum(sizes), dtype=np.uint64)
    at = 0
    for u, k, size in zip(streams, ks, sizes):
        if size:
            part = kgram_sums(u, k, out=out[at:at + size])
            part ^= np.uint64(k)
            at += size
    for lo in range(0, len(out), MIX_PIECE):
        mix64(out[lo:lo + MIX_PIECE], in_place=True)
    return out


_MASK = (1 << 64) - 1
_PLAIN = tuple(int(c) for c in (_KGRAM_BASE, _GOLDEN, _M1, _M2))


def few_kgram_hashes(units: list[int], k: int) -> list[int]:
    """`kgram_hashes` of a few units as Python ints (the same values, without numpy's call
    costs: for a handful of k-grams)."""
    base, golden, m1, m2 = _PLAIN
    out = []
    for i in range(len(units) - k + 1):
        h = units[i]
        for u in units[i + 1:i + k]:
            h = (h * base + u) & _MASK
        z = ((h ^ k) + golden) & _MASK  # mix64
        z = ((z ^ (z >> 30)) * m1) & _MASK
        z = ((z ^ (z >> 27)) * m2) & _MASK
        out.append(z ^ (z >> 31))
    return out


def string_hash(word: str) -> int:
    """The stable 64-bit hash of a string (blake2b): a simhash feature's, a vocabulary word's."""
    return int.from_bytes(hashlib.blake2b(word.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "little")


def hash_strings(words: list[str]) -> np.ndarray:
    """string_hash of each string (uint64)."""
    return np.array([string_hash(w) for w in words], dtype=np.uint64)
