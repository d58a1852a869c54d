"""Candidate source: winnowed fingerprints shared through an inverted index, then every shared
k-gram of those pairs (the seeds the scoring step builds passages from)."""

from __future__ import annotations

from collections.abc import Generator

import numpy as np

from core.engine.batches import slices
from core.engine.hashing import kgram_hashes
from core.engine.profile import Profile
from core.matching.index import candidate_pairs, concat_ranges, shared_kgram_runs
from core.matching.passages import can_pass
from core.matching.sources.base import COMMON, SEEDS, Candidates, Corpus, Seeds
from core.models import Progress


def all_kgrams(profiles: list[Profile]) -> tuple[np.ndarray, np.ndarray]:
    """Every document's k-gram hashes (at its language's k) in one array, and their counts."""
    lengths = np.array([max(0, len(p.units) - p.params.k + 1) for p in profiles], dtype=np.int64)
    hashes = np.empty(int(lengths.sum()), dtype=np.uint64)
    at = 0
    for p, size in zip(profiles, lengths.tolist()):
        if size:
            hashes[at:at + size] = kgram_hashes(p.units.hashes, p.params.k)
            at += size
    return hashes, lengths


#: Runs examined together by `can_pass`: its sorts hold several arrays of this length, so a
#: class of near copies (millions of runs) is checked in slices of bounded memory.
CAN_PASS_RUNS = 1 << 21


def _can_pass(profiles: list[Profile], n: int, pair_keys: np.ndarray, first_run: np.ndarray,
              count: np.ndarray, left: np.ndarray, right: np.ndarray, length: np.ndarray) -> np.ndarray:
    """Per pair: enough seeds for a passage (t - k + 1) and seeds that can make one
    (`passages.can_pass`), with the left document's parameters as the scoring step uses them.
    Runs are stored pair after pair from `first_run`. A pair with a run of t units or more
    can (the run alone is a solid piece); the others are checked on their runs in slices of
    about CAN_PASS_RUNS runs."""
    params = [p.params for p in profiles]
    k = np.array([q.k for q in params], dtype=np.int64)
    guarantee = np.array([q.guarantee for q in params], dtype=np.int64)
    short_gap = np.array([q.short_gap for q in params], dtype=np.int64)
    first = pair_keys // n
    seeds = np.add.reduceat(length, first_run) if len(first_run) else np.zeros(0, np.int64)
    longest = np.maximum.reduceat(length, first_run) if len(first_run) else np.zeros(0, np.int64)
    enough = seeds >= guarantee[first] - k[first] + 1
    todo = np.flatnonzero(enough & (longest + k[first] - 1 < guarantee[first]))
    for lo, hi in slices(count[todo], CAN_PASS_RUNS):
        part = todo[lo:hi]
        sizes = count[part]
        runs = np.repeat(first_run[part], sizes) + concat_ranges(sizes)
        pair = np.repeat(np.arange(len(part)), sizes)
        doc = first[part]
        enough[part] = can_pass(pair, left[runs], right[runs], k[doc], short_gap[doc], guarantee[doc],
                                len(part), length[runs])
    return enough


class FingerprintSource:
    """Pairs sharing a winnowed fingerprint; worth scoring when they share enough k-grams for
    a passage (t - k + 1 of them) placed so that they can make one (`passages.can_pass`). Leaves `Seeds` in the evidence, and under COMMON the k-grams
    in more than the cap of the documents."""

    name = "fingerprints"
    per_pair = True  # what it finds for a pair depends on the two documents (and document frequencies)

    def propose(self, corpus: Corpus, so_far: Candidates) -> Generator[Progress, None, Candidates]:
        profiles, options, n = corpus.profiles, corpus.options, corpus.n
        left, right, _ = candidate_pairs(
            [p.fp_hashes for p in profiles], ignored=corpus.ignored, cap=corpus.cap,
            max_repeats=options.max_repeats, weights=corpus.weights, counted=False)
        yield Progress("indexing", 1, 3)
        hashes, lengths = all_kgrams(profiles)
        common: list = []
        run_keys, run_left, run_right, run_length = shared_kgram_runs(
            hashes, lengths, ignored=corpus.ignored, cap=corpus.cap,
            max_repeats=options.max_repeats, pairs=left * n + right, common=common,
            weights=corpus.weights, join=False)
        if common:
            corpus.evidence[COMMON] = common[0]
        del hashes
        first = np.flatnonzero(np.diff(run_keys, prepend=-1))  # runs come sorted by key (keys >= 0)
        pair_keys, count = run_keys[first], np.diff(np.append(first, len(run_keys)))
        corpus.evidence[SEEDS] = Seeds(pair_keys, first, count, run_left, run_right, run_length)
        enough = _can_pass(profiles, n, pair_keys, first, count, run_left, run_right, run_length)
        yield Progress("indexing", 2, 3)
        return Candidates.of(pair_keys, score=enough)
