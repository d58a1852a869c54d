"""Candidate source: winnowed fingerprints shared through an inverted index, then every shared
k-gram of those pairs (the seeds the scoring step builds passages from)."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Generator

import numpy as np

from core.concurrency import on_thread_ahead
from core.engine.batches import slices
from core.engine.hashing import kgram_hashes_laid
from core.engine.profile import Profile
from core.matching.index import SLICE, by_key, candidate_pairs, shared_kgram_runs, sorted_rows
from core.matching.passages import can_pass, crowded
from core.matching.sources.base import COMMON, SEEDS, Candidates, Corpus, Seeds
from core.models import Progress


def kgram_counts(profiles: list[Profile]) -> np.ndarray:
    """How many k-grams (at its language's k) each document has."""
    return np.array([max(0, len(p.units) - p.params.k + 1) for p in profiles], dtype=np.int64)


def all_kgrams(profiles: list[Profile]) -> tuple[np.ndarray, np.ndarray]:
    """Every document's k-gram hashes (at its language's k) in one array, and their counts."""
    return kgram_hashes_laid([p.units.hashes for p in profiles], [p.params.k for p in profiles]), kgram_counts(profiles)


#: Runs examined together by `can_pass`: its sorts hold several arrays of this length, so a
#: class of near copies (millions of runs) is checked in slices of bounded memory.
CAN_PASS_RUNS = 1 << 21

#: `_can_pass` checks the pairs in two halves, one on a helper thread, from twice this many
#: runs: its array operations let go of the GIL, so the second core works the other half.
SPLIT_RUNS = 1 << 18


def _pairs_of(columns: list[np.ndarray], pairs: np.ndarray) -> tuple[np.ndarray, ...]:
    """From the join's runs, `columns` = [pair keys (all among the sorted `pairs`), left
    starts, right starts, lengths]: the pairs seen (sorted unique keys), then each run's
    index among them, left start, right start and length, the runs sorted by pair, then left
    start (the order `Seeds` and `can_pass` read them in). One sort of the packed rows
    (`sorted_rows`), from which each run's key and left start are read back in order, a pair
    index counted where the key changes; where the rows do not fit in 63 bits they are
    gathered by the order. Empties `columns`: each array is let go of once it is read (in a
    class of near copies these are millions of runs)."""
    keys = columns.pop(0)
    if not len(keys):
        return (np.zeros(0, np.int64), np.zeros(0, np.int64), *columns)
    small = np.int32 if len(pairs) < 2**31 else np.int64
    rows = sorted_rows(keys, columns[0])
    if rows is None:
        order = by_key(keys, columns[0])
        keys = keys[order]
        new = np.concatenate(([True], keys[1:] != keys[:-1]))
        out = [keys[new].astype(pairs.dtype), (np.cumsum(new) - 1).astype(small)]
        del keys, new
    else:  # each run's key and left start read back from the sorted rows, not gathered
        order, shift, bits = rows
        kind = columns.pop(0).dtype
        del rows, keys  # the unsorted columns let go of before the sorted ones are made
        pair, left = np.empty(len(order), small), np.empty(len(order), kind)
        found, last, seen = [], -1, -1  # the key before the slice and its pair's index
        for lo in range(0, len(order), SLICE):
            part = order[lo:lo + SLICE] >> bits
            left[lo:lo + SLICE] = part & ((1 << shift) - 1)
            part >>= shift
            new = np.empty(len(part), bool)
            new[0] = part[0] != last
            np.not_equal(part[1:], part[:-1], out=new[1:])
            found.append(part[new])
            counted = np.cumsum(new, dtype=small)
            counted += seen
            pair[lo:lo + SLICE] = counted
            last, seen = int(part[-1]), int(counted[-1])
            order[lo:lo + SLICE] &= (1 << bits) - 1
        del part, new, counted
        out = [np.concatenate(found).astype(pairs.dtype, copy=False), pair, left]
    while columns:  # one column moved at a time
        out.append(columns.pop(0)[order])
    return tuple(out)


def _can_pass(profiles: list[Profile], n: int, pair_keys: np.ndarray, pair: np.ndarray,
              left: np.ndarray, right: np.ndarray, length: np.ndarray) -> np.ndarray:
    """Per pair (`pair_keys`; run i belongs to pair `pair[i]`, runs in any order, read by
    stretches when ordered by pair: `_by_pair`): enough
    seeds for a passage (t - k + 1) and seeds that can make one (`passages.can_pass`), with
    the left document's parameters as the scoring step uses them. A pair with a run of t
    units or more can (the run alone is a solid piece); the others are checked on their runs
    that `passages.crowded` keeps on each axis (the right one when every document has the
    same parameters), sorted by pair, then left start, in slices of about CAN_PASS_RUNS runs."""
    if not len(pair_keys):
        return np.zeros(0, bool)
    params = [p.params for p in profiles]
    k = np.array([q.k for q in params], dtype=np.int64)
    guarantee = np.array([q.guarantee for q in params], dtype=np.int64)
    short_gap = np.array([q.short_gap for q in params], dtype=np.int64)
    uniform = all((x == x[0]).all() for x in (k, guarantee, short_gap))
    first = pair_keys // n
    by_pair = _by_pair(pair, length, len(pair_keys))
    if by_pair is not None:  # a pair has a run that long when its longest is
        seeds, longest = by_pair
        whole = (longest > 0) & (longest + (k[first] - 1) >= guarantee[first])
        del by_pair, longest
    else:
        seeds = np.zeros(len(pair_keys))
        for lo in range(0, len(pair), SLICE):  # the runs' pairs and weights widened a slice at a time
            seeds += np.bincount(pair[lo:lo + SLICE], weights=length[lo:lo + SLICE],
                                 minlength=len(pair_keys))
        if uniform:
            alone = length + (k[0] - 1) >= guarantee[0]
        else:
            doc = first[pair]
            alone = length + (k[doc] - 1) >= guarantee[doc]
            del doc
        whole = np.zeros(len(pair_keys), bool)
        whole[pair[alone]] = True
        del alone
    enough = seeds >= guarantee[first] - k[first] + 1
    todo = enough & ~whole
    enough[todo] = False
    units = np.array([len(p.units) for p in profiles], dtype=np.int64)
    axes = (k, short_gap, guarantee)
    parts = [(0, len(pair_keys))]
    checked = np.cumsum(np.where(todo, seeds, 0))  # the seeds of the pairs to check, so far
    if checked[-1] >= 2 * SPLIT_RUNS:  # two halves of the pairs (by left document), one on a helper thread
        half = int(np.searchsorted(checked, checked[-1] / 2)) + 1
        parts = [(0, half), (half, len(pair_keys))]
    del checked
    work = functools.partial(_passing, pair_keys, n, first, pair, left, right, length, units, axes, uniform, todo)
    with contextlib.closing(on_thread_ahead(work, parts[1:])) as beside:
        found = [work(parts[0]), *beside]
    for passing in found:
        enough[passing] = True
    return enough


def _by_pair(pair: np.ndarray, length: np.ndarray, count: int) -> tuple[np.ndarray, np.ndarray] | None:
    """Of runs ordered by pair (run i of pair `pair[i]`, of `count` pairs): each pair's seeds
    (its runs' lengths summed, as floats) and longest run (0: none), each summed over the
    pair's stretch of runs rather than added run by run. None when not ordered by pair."""
    if not len(pair):
        return None
    step = np.diff(pair)
    if not bool((step >= 0).all()):
        return None
    at = np.flatnonzero(step)
    del step
    at += 1
    at = np.concatenate(([0], at))
    present = pair[at]
    seeds = np.zeros(count)
    seeds[present] = np.add.reduceat(length, at, dtype=np.int64)
    longest = np.zeros(count, np.int64)
    longest[present] = np.maximum.reduceat(length, at)
    return seeds, longest


def _passing(pair_keys: np.ndarray, n: int, first: np.ndarray, pair: np.ndarray, left: np.ndarray,
             right: np.ndarray, length: np.ndarray, units: np.ndarray, axes: tuple, uniform: bool,
             todo: np.ndarray, part: tuple[int, int]) -> np.ndarray:
    """The pairs (indexes) among those `todo` numbered from part = (lo, hi) whose seeds can
    make a passage: `_can_pass`'s work on whole pairs, so that parts can be worked apart.
    `passages.crowded` sees the runs of the part's pairs alone, over the documents they lie
    in: its stretches then cover those runs' units (a group of a pair lies in one of them all
    the same)."""
    lo, hi = part
    if lo or hi < len(todo):
        todo = np.concatenate((np.zeros(lo, bool), todo[lo:hi], np.zeros(len(todo) - hi, bool)))
    rows = np.flatnonzero(todo[pair])
    del todo
    doc = first[pair[rows]]
    k, short_gap, guarantee = axes
    rows = rows[_crowded(doc, left[rows], length[rows], units, axes)]
    if uniform:
        rows = rows[_crowded(pair_keys[pair[rows]] % n, right[rows], length[rows], units, axes)]
    of = pair[rows]
    if len(rows) and not (np.diff(of) >= 0).all():  # else grouped by pair (can_pass sorts within)
        order = by_key(of, left[rows])
        rows, of = rows[order], of[order]
    starts = np.flatnonzero(np.diff(of, prepend=-1))
    counts = np.diff(np.append(starts, len(rows)))
    found = []
    for a, b in slices(counts, CAN_PASS_RUNS):  # the part's pairs a..b-1, in slices of bounded runs
        these = of[starts[a:b]]
        runs = rows[starts[a]:starts[b - 1] + counts[b - 1]]
        local = np.repeat(np.arange(b - a), counts[a:b])
        doc = first[these]
        found.append(these[can_pass(local, left[runs], right[runs], k[doc], short_gap[doc], guarantee[doc],
                                    b - a, length[runs])])
    return np.concatenate(found) if found else np.zeros(0, np.int64)


def _crowded(doc: np.ndarray, pos: np.ndarray, length: np.ndarray, units: np.ndarray, axes: tuple) -> np.ndarray:
    """`passages.crowded` of runs over the documents from the first to the last they lie in."""
    if not len(doc):
        return np.ones(0, bool)
    lo, hi = int(doc.min()), int(doc.max()) + 1
    k, short_gap, guarantee = (a[lo:hi] for a in axes)
    return crowded(doc - lo, pos, length, units[lo:hi], k, short_gap, guarantee)


class FingerprintSource:
    """Pairs sharing a winnowed fingerprint; worth scoring when they share enough k-grams for
    a passage (t - k + 1 of them) placed so that they can make one (`passages.can_pass`). Leaves `Seeds` in the evidence, and under COMMON the k-grams
    in more than the cap of the documents."""

    name = "fingerprints"
    per_pair = True  # what it finds for a pair depends on the two documents (and document frequencies)

    def propose(self, corpus: Corpus, so_far: Candidates) -> Generator[Progress, None, Candidates]:
        profiles, options, n = corpus.profiles, corpus.options, corpus.n

        def candidates(_item) -> np.ndarray:
            left, right, _ = candidate_pairs(
                [p.fp_hashes for p in profiles], ignored=corpus.ignored, cap=corpus.cap,
                max_repeats=options.max_repeats, weights=corpus.weights, counted=False)
            return left * n + right

        # the candidate pairs are found on a helper thread while the k-grams are sorted here
        # (array operations that let go of the GIL); the join takes them when it needs them
        with contextlib.closing(on_thread_ahead(candidates, [None])) as ahead:
            found: list[np.ndarray] = []

            def pairs() -> np.ndarray:
                if not found:
                    found.append(next(ahead))
                return found[0]

            yield Progress("indexing", 1, 3)
            common: list = []
            # the k-grams are made by the join, which lets go of them after its first sort
            runs = list(shared_kgram_runs(
                lambda: all_kgrams(profiles)[0], kgram_counts(profiles), ignored=corpus.ignored, cap=corpus.cap,
                max_repeats=options.max_repeats, pairs=pairs, common=common,
                weights=corpus.weights, join=False))
            pairs()
        if common:
            corpus.evidence[COMMON] = common[0]
        pair_keys, pair, run_left, run_right, run_length = _pairs_of(runs, found[0])
        corpus.evidence[SEEDS] = Seeds(pair_keys, pair, run_left, run_right, run_length)
        enough = _can_pass(profiles, n, pair_keys, pair, run_left, run_right, run_length)
        yield Progress("indexing", 2, 3)
        return Candidates.of(pair_keys, score=enough)
