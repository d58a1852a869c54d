"""How often k-grams occur in any stretch of one document, read off its k-grams hashed once.

The in-passage alignment counts a region's k-grams where the document's most repeated one is
too frequent for its bound (`alignment._counted`). Near copies ask that of the same document
for many pairs, each time hashing and sorting most of it; the document's k-grams hashed once,
with where its few too frequent ones lie, answer it for any stretch with a few array calls.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np

from core.engine.hashing import find_sorted, kgram_hashes


@dataclass(frozen=True, slots=True)
class KgramCounts:
    """A document's k-gram hashes in order (`hashes`), and where those occurring more than
    `most` times in it lie (`frequent`: the i-th distinct one's positions as i * `width` +
    position, ascending; `ranks`: i * `width` for each)."""

    k: int
    most: int
    hashes: np.ndarray
    frequent: np.ndarray
    ranks: np.ndarray
    width: int

    @classmethod
    def of(cls, unit_hashes: np.ndarray, k: int, most: int) -> KgramCounts:
        """The counts of a document of these unit hashes, for k-grams of k units."""
        grams = kgram_hashes(np.asarray(unit_hashes, np.uint64), k)
        ordered = np.sort(grams)
        width = len(grams) + 1
        over = ordered[most:][ordered[most:] == ordered[:-most]] if len(ordered) > most else ordered[:0]
        values = over[np.concatenate(([True], over[1:] != over[:-1]))] if len(over) else over  # more than `most` times
        if not len(values):
            return cls(k, most, grams, np.zeros(0, np.int64), np.zeros(0, np.int64), width)
        present, at = find_sorted(values, grams)
        where = np.flatnonzero(present)
        return cls(k, most, grams, np.sort(at[where] * width + where), np.arange(len(values)) * width, width)

    def counted(self, lo: int, hi: int, k: int, outside: Counter) -> bool | None:
        """`alignment._counted` of the document's k-grams starting at lo .. hi - 1 (those of
        its units lo .. hi + k - 2: a k-gram's hash is its units' alone): whether none occurs
        there more than `most` times, nor one of `outside` counted with its count (how often
        it occurs off a stretch of the other side). A k-gram more than `most` times in the
        stretch is so in the document: one of `frequent`. None for another k."""
        if k != self.k:
            return None
        hi = max(lo, hi)
        if len(self.ranks) and (np.searchsorted(self.frequent, self.ranks + hi)
                                - np.searchsorted(self.frequent, self.ranks + lo) > self.most).any():
            return False
        stretch = self.hashes[lo:hi]
        return all(n + int(np.count_nonzero(stretch == np.uint64(gram))) <= self.most for gram, n in outside.items())
