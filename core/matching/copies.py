"""Identical documents compared once: a class of many copies costs what distinct essays cost.

Documents whose profiles (and texts, but for white space at the end) are identical form a
group. Matching runs on a reduced
class holding each group's first and last member, in the class's order, the last standing for
the group's other members (`weights`: every count of documents holding a k-gram, a
fingerprint or a word counts the whole group, so the common-text cap judges as it does on the
whole class). Every pair of the class maps to one pair of the reduced class with the same two
texts in the same order: (first of A, last of B) for a in A before b in B, (first, last) of A
for two copies in A. Its result, scored once, is every such pair's, sharing its passages.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass, replace

import numpy as np

from core.engine.profile import Profile
from core.matching.index import concat_ranges
from core.models import PairResult


@dataclass(frozen=True, slots=True)
class Copies:
    """The groups of identical documents of a class and its reduced class."""

    group: np.ndarray  # int64 per document: its group (numbered in order of first member)
    members: tuple[np.ndarray, ...]  # per group: its documents, ascending
    kept: np.ndarray  # int64, ascending: the documents of the reduced class
    weights: np.ndarray  # int64 per kept document: how many documents it stands for

    @property
    def reduces(self) -> bool:
        """Whether the reduced class is smaller than the class."""
        return len(self.kept) < len(self.group)

    def stands_for(self, at: int) -> np.ndarray:
        """The documents that kept document number `at` (of the reduced class) stands for."""
        doc = int(self.kept[at])
        members = self.members[int(self.group[doc])]
        return members[:1] if doc == members[0] else members[1:]


def _identity(profile: Profile, text: str | None) -> bytes:
    """A digest of everything matching reads of a document: equal digests, equal results.
    White space after the last character is not read (no unit holds it, and a passage takes
    in the marks after its last unit only up to white space), so copies that differ only
    there, as files saved by different editors do, are one group."""
    h = hashlib.blake2b(digest_size=20)
    h.update(repr((profile.lang, profile.params, profile.simhash)).encode())
    for array in (profile.units.starts, profile.units.ends, profile.units.hashes, profile.units.single,
                  profile.fp_hashes, profile.fp_units, profile.vocab, profile.vocab_idf):
        h.update(np.ascontiguousarray(array).tobytes())
        h.update(b"|")
    if text is not None:
        h.update(text.rstrip().encode("utf-8", "surrogatepass"))
    return h.digest()


def _outline(profile: Profile, text: str | None) -> tuple:
    """What `_identity` hashes, in short: documents with different outlines differ. The sum of
    the unit hashes (modulo 2**64) tells near copies apart, which are as long as each other
    and share a simhash, so they are not hashed whole for nothing."""
    return (profile.lang, profile.params, profile.simhash, len(profile.units), len(profile.fp_hashes),
            int(profile.units.hashes.sum(dtype=np.uint64)), None if text is None else len(text.rstrip()))


def copies(profiles: list[Profile], texts: tuple[str, ...] = ()) -> Copies:
    """The groups of identical documents among `profiles` (with their `texts` when given)."""
    n = len(profiles)
    # equal digests need equal outlines (what is hashed, in short): a document whose outline
    # no other has is a group of its own, and is never hashed
    outlines = [_outline(p, texts[d] if texts else None) for d, p in enumerate(profiles)]
    shared = {o for o, times in Counter(outlines).items() if times > 1}
    seen: dict[object, int] = {}
    group = np.empty(n, dtype=np.int64)
    for d, p in enumerate(profiles):
        identity = _identity(p, texts[d] if texts else None) if outlines[d] in shared else d
        group[d] = seen.setdefault(identity, len(seen))
    order = np.argsort(group, kind="stable")
    bounds = np.flatnonzero(np.diff(np.concatenate(([-1], group[order], [len(seen)]))))
    members = tuple(order[lo:hi] for lo, hi in zip(bounds[:-1].tolist(), bounds[1:].tolist()))
    kept, weights = [], []
    for m in members:
        kept.append(int(m[0]))
        weights.append(1)
        if len(m) > 1:
            kept.append(int(m[-1]))
            weights.append(len(m) - 1)
    kept_order = np.argsort(kept, kind="stable")
    return Copies(group, members, np.asarray(kept, np.int64)[kept_order],
                  np.asarray(weights, np.int64)[kept_order])


def pairs_between(left: np.ndarray, right: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every (a, b) with a in `left`, b in `right` and a < b (both ascending; the same array
    for pairs within one group)."""
    starts = np.searchsorted(right, left, "right")
    counts = len(right) - starts
    return np.repeat(left, counts), right[np.repeat(starts, counts) + concat_ranges(counts)]


def spread(found: list[PairResult], groups: Copies) -> list[PairResult]:
    """The results of the reduced class's pairs as the results of every pair of the class
    (indexes of the class; one result object per pair, its passages shared)."""
    out: list[PairResult] = []
    kept, first = groups.kept, np.array([m[0] for m in groups.members], dtype=np.int64)
    last = np.array([m[-1] for m in groups.members], dtype=np.int64)
    for r in found:
        x, y = int(kept[r.left]), int(kept[r.right])
        gx, gy = int(groups.group[x]), int(groups.group[y])
        if x != first[gx] or y != last[gy]:
            continue  # the same two texts in the same order as (first of gx, last of gy)
        lefts, rights = pairs_between(groups.members[gx], groups.members[gy])
        out += [replace(r, left=a, right=b) for a, b in zip(lefts.tolist(), rights.tolist())]
    return out


def spread_common(found: tuple[np.ndarray, np.ndarray, np.ndarray], groups: Copies
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The reduced class's common k-grams (hashes, kept documents, positions) as those of
    every document of the class."""
    hashes, docs, positions = found
    stands = [groups.stands_for(at) for at in range(len(groups.kept))]
    counts = np.array([len(s) for s in stands], dtype=np.int64)[docs]
    table = np.concatenate(stands) if stands else np.zeros(0, np.int64)
    offsets = np.concatenate(([0], np.cumsum([len(s) for s in stands])))[docs]
    return (np.repeat(hashes, counts), table[np.repeat(offsets, counts) + concat_ranges(counts)],
            np.repeat(positions, counts))
