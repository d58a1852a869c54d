"""What the candidate sources share: the corpus they read, the candidates they give, the keys of the
evidence they leave for scoring (core.matching.sources lists them)."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from core.engine.hashing import find_sorted
from core.engine.profile import Profile
from core.matching.index import concat_ranges, maximal_runs
from core.models import Progress
from core.options import CheckOptions

SEEDS = "seeds"  # evidence key: a `Seeds` (every shared k-gram of the pairs it knows)
SHARES = "shares"  # evidence key: an n x n matrix of vocabulary shares (upper triangle)
COMMON = "common"  # evidence key: (hashes, documents, positions) of k-grams in more than cap documents
SEMANTIC = "semantic"  # evidence key: {pair key: SemanticMatch} (the semantic layer's findings)
SCORED = "scored"  # evidence key: the PairResults scored before the late sources run
SHARED = "shared_texts"  # evidence key: the check's SharedTexts (for the late sources)


@dataclass
class Corpus:
    """What every source and the scoring step see of one check."""

    profiles: list[Profile]
    options: CheckOptions
    ignored: np.ndarray  # sorted k-gram hashes of the template: never evidence of copying
    cap: int  # a k-gram in more documents than this is common to the class
    keys: tuple[str, ...] = ()  # Document.key of each profile ("" when not known)
    texts: tuple[str, ...] = ()  # each document's text (passages take in shared marks), or ()
    evidence: dict = field(default_factory=dict)
    # how many documents of the class each one stands for (identical copies compared once,
    # core/matching/copies.py): every document frequency counts them; None: one each
    weights: np.ndarray | None = None

    @property
    def n(self) -> int:
        return len(self.profiles)

    @property
    def size(self) -> int:
        """The documents of the class (those the profiles stand for)."""
        return self.n if self.weights is None else int(self.weights.sum())


@dataclass(frozen=True, slots=True)
class Candidates:
    """Proposed pairs as sorted unique keys left * n + right, with what the proposer asks."""

    keys: np.ndarray  # int64, sorted, unique
    score: np.ndarray  # bool: run the scoring step on the pair
    listed: np.ndarray  # bool: report the pair even without a passage

    @classmethod
    def empty(cls) -> Candidates:
        return cls(np.zeros(0, np.int64), np.zeros(0, bool), np.zeros(0, bool))

    @classmethod
    def of(cls, keys, score=True, listed=False) -> Candidates:
        """From pair keys (any order, repeats allowed) with one flag value or an array each."""
        keys = np.asarray(keys, dtype=np.int64)
        score = np.broadcast_to(np.asarray(score, dtype=bool), keys.shape).copy()
        listed = np.broadcast_to(np.asarray(listed, dtype=bool), keys.shape).copy()
        if (keys[1:] > keys[:-1]).all():  # sorted and unique already (a source's pairs often are)
            return cls(keys.copy(), score, listed)
        unique, inverse = np.unique(keys, return_inverse=True)
        merged = cls(unique, np.zeros(len(unique), bool), np.zeros(len(unique), bool))
        np.logical_or.at(merged.score, inverse, score)
        np.logical_or.at(merged.listed, inverse, listed)
        return merged

    def merge(self, other: Candidates) -> Candidates:
        """The pairs of both, each scored / listed when either says so: the smaller one's keys
        looked up in the larger one's and the missing ones inserted (both sorted and unique)."""
        big, small = (self, other) if len(self) >= len(other) else (other, self)
        if not len(small):
            return big
        where = np.searchsorted(big.keys, small.keys)
        at = np.minimum(where, len(big) - 1)
        found = big.keys[at] == small.keys if len(big) else np.zeros(len(small), bool)
        score, listed = big.score.copy(), big.listed.copy()
        score[at[found]] |= small.score[found]
        listed[at[found]] |= small.listed[found]
        new, into = ~found, where[~found]
        return Candidates(np.insert(big.keys, into, small.keys[new]), np.insert(score, into, small.score[new]),
                          np.insert(listed, into, small.listed[new]))

    def lookup(self, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(present, index) of each key in these candidates."""
        return find_sorted(self.keys, np.asarray(keys, dtype=np.int64))

    def __len__(self) -> int:
        return len(self.keys)


class CandidateSource(Protocol):
    """See the module docstring."""

    name: str

    def propose(self, corpus: Corpus, so_far: Candidates) -> Generator[Progress, None, Candidates]:
        ...


#: Joined runs of several pairs: (their keys, ascending; how many runs each has, at least one;
#: the runs' left starts, right starts and lengths, one pair's runs after another's)
Batch = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]


@dataclass(frozen=True, slots=True)
class Seeds:
    """Every shared k-gram of the pairs a source joined, as runs along diagonals
    (index.shared_kgram_runs), grouped by pair (ordered by the pair's index, each pair's runs
    in any order); runs may continue each other. A pair's runs are found by a search of
    `pair` and joined (`index.maximal_runs`) when it is asked for, so the runs of pairs never
    scored are never sorted by where they lie: `prepare` joins a batch of pairs at once."""

    pair_keys: np.ndarray  # sorted unique pair keys
    pair: np.ndarray  # per run: the index of its pair in pair_keys (ascending)
    left: np.ndarray  # run start in the left document, per run
    right: np.ndarray  # run start in the right document, per run
    length: np.ndarray  # k-grams in the run, per run
    joined: dict = field(default_factory=dict)  # pair key -> its runs, of the pairs asked for together

    def runs(self, key: int) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
        """The runs of one pair (left starts, right starts, lengths; maximal, by left start),
        or None when this join did not see the pair."""
        if key in self.joined:
            return self.joined[key]
        at = self._at(np.array([key], np.int64))
        if not len(at):
            return None
        return _by_pair(self._join(at))[int(key)]

    def prepare(self, keys: np.ndarray) -> Batch:
        """Join the runs of these pairs at once (one sort for all of them), for `runs`; in place
        of the pairs prepared before. Returns them as `Batch` arrays, for work on all of them."""
        batch = self._join(self._at(np.asarray(keys, np.int64)))
        self.joined.clear()
        self.joined.update(_by_pair(batch))
        return batch

    def _at(self, keys: np.ndarray) -> np.ndarray:
        """Where the given keys are among `pair_keys` (those present)."""
        present, at = find_sorted(self.pair_keys, keys)
        return at[present]

    def _rows(self, at: np.ndarray) -> np.ndarray:
        """The runs of the pairs `at` (each pair's runs are one stretch of the runs)."""
        at = at.astype(self.pair.dtype)  # else the search converts every run's pair to its type
        first = np.searchsorted(self.pair, at, "left")
        count = np.searchsorted(self.pair, at, "right") - first
        return np.repeat(first, count) + concat_ranges(count)

    def _join(self, at: np.ndarray) -> Batch:
        """The maximal runs of the pairs `at`, as a `Batch`."""
        rows = self._rows(at)
        keys, left, right, length = maximal_runs(self.pair_keys[self.pair[rows]],
                                                 self.left[rows].astype(np.int64),
                                                 self.right[rows].astype(np.int64), self.length[rows])
        first = np.flatnonzero(np.concatenate(([True], keys[1:] != keys[:-1]))) if len(keys) else keys
        return keys[first], np.diff(np.append(first, len(keys))), left, right, length


def _by_pair(batch: Batch) -> dict:
    """Each pair's runs of a `Batch` by its key."""
    keys, count, left, right, length = batch
    ends = np.cumsum(count).tolist()
    return {key: (left[a:b], right[a:b], length[a:b]) for key, a, b in zip(keys.tolist(), [0, *ends[:-1]], ends)}
