"""Compare N profiled documents: candidate pairs from the fingerprint index, passages, metrics.

Winnowed fingerprints find the candidate pairs (an inverted index, no N^2 work); one sort over
all k-grams then yields every pair's shared k-grams at once, which become passages.
"""

from __future__ import annotations

from collections.abc import Generator

import numpy as np

from core.engine import vocabulary
from core.engine.hashing import kgram_hashes
from core.matching.index import candidate_pairs, document_frequency_cap, shared_kgram_arrays
from core.models import Match, PairResult, Progress
from core.options import CheckOptions
from core.matching.alignment import Taken, aligned_matches
from core.matching.passages import Alignment, align, coverage
from core.engine.profile import Profile
from core.engine.simhash import hamming
from core.matching.simhash_index import SimhashIndex

_STEP = 256  # pairs between two progress reports


def template_kgrams(profiles: list[Profile], template: Profile | None) -> np.ndarray:
    """Sorted k-gram hashes of the template at every k in use: never evidence of copying."""
    if template is None:
        return np.zeros(0, dtype=np.uint64)
    ks = sorted({p.params.k for p in profiles})
    return np.unique(np.concatenate([kgram_hashes(template.units.hashes, k) for k in ks]))


def near_duplicates(simhashes: np.ndarray, threshold: int, block: int = 256) -> set[tuple[int, int]]:
    """Pairs (i < j) whose simhashes differ in at most `threshold` bits: a pigeonhole index, or
    all against all in `block` rows at a time when the threshold is too wide for one."""
    i, j = SimhashIndex(simhashes, threshold, rows=block).pairs()
    return set(zip(i.tolist(), j.tolist()))


EDIT_PENALTY = 0.1  # at most this share of the figure is lost to edits inside the passages


def similarity(taken: Taken, a: Profile, b: Profile, words: float) -> float:
    """How much of the more-copied document was taken from the other, in [0, 1] (see README).

    A unit is taken when the in-passage alignment pairs it with an equal unit of the other
    side (`alignment.aligned_matches`); the share of taken units of the side with more is the
    figure. The edits inside the passages (changed units over all passage units, both sides)
    take off up to EDIT_PENALTY of it, so at equal extent a verbatim copy ranks above an edited
    one even when the edits were all insertions. A small share (vocabulary.WEIGHT) comes from
    the share of content words used by both (`words`), so pairs without a passage still rank
    by how much wording they share.
    """
    took_left, took_right = int(taken.left.sum()), int(taken.right.sum())
    copied = max(took_left / max(1, len(a.units)), took_right / max(1, len(b.units)))
    changed = taken.changed_left + taken.changed_right
    inside = took_left + took_right + changed
    if inside:
        copied *= 1.0 - EDIT_PENALTY * changed / inside
    return copied + (1.0 - copied) * vocabulary.WEIGHT * words


def pair_result(
    i: int, j: int, a: Profile, b: Profile, matches: list[Match], score: float
) -> PairResult:
    """The metrics of one pair from its passages (see README for the definitions)."""
    left_cov = coverage(a.units, [m.left for m in matches])
    right_cov = coverage(b.units, [m.right for m in matches])
    longest = max((max(len(m.left), len(m.right)) for m in matches), default=0)
    return PairResult(
        left=i,
        right=j,
        hamming=hamming(a.simhash, b.simhash),
        similarity=score,
        left_coverage=left_cov,
        right_coverage=right_cov,
        longest=longest,
        matches=tuple(matches),
    )


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


def approximate_shares(profiles: list[Profile], left: np.ndarray, right: np.ndarray) -> np.ndarray:
    """vocabulary.overlap of many pairs (sorted by left document) at once, summed in float64
    instead of float32, so equal to it within a relative 1e-6: to rule out pairs far below a
    threshold without a call each.

    Words used by two or more documents become the columns of a bit matrix (documents x
    words); a left document's words are looked up in the rows of all its right partners at once.
    """
    sizes = np.array([len(p.vocab) for p in profiles], dtype=np.int64)
    shares = np.zeros(len(left))
    if not len(left) or not sizes.sum():
        return shares
    offsets = np.concatenate(([0], np.cumsum(sizes)))
    weights = np.concatenate([p.vocab_idf for p in profiles]).astype(np.float64)
    cumulative = np.concatenate(([0.0], np.cumsum(weights)))
    totals = cumulative[offsets[1:]] - cumulative[offsets[:-1]]
    _, inverse, counts = np.unique(np.concatenate([p.vocab for p in profiles]),
                                   return_inverse=True, return_counts=True)
    shared_word = counts >= 2
    column = np.where(shared_word, np.cumsum(shared_word) - 1, -1)[inverse]
    bits = np.zeros((len(profiles), max(1, (int(shared_word.sum()) + 7) // 8)), dtype=np.uint8)
    entries = np.flatnonzero(column >= 0)
    owner = np.repeat(np.arange(len(profiles)), sizes)[entries]
    np.bitwise_or.at(bits, (owner, column[entries] >> 3),
                     np.uint8(1) << (column[entries] & 7).astype(np.uint8))
    starts = np.flatnonzero(np.concatenate(([True], left[1:] != left[:-1])))
    for lo, hi in zip(starts.tolist(), starts[1:].tolist() + [len(left)]):
        i = int(left[lo])
        cols = column[offsets[i]:offsets[i + 1]]
        mine = cols >= 0
        cols, w = cols[mine], weights[offsets[i]:offsets[i + 1]][mine]
        if not len(cols):
            continue
        block = bits[right[lo:hi, None], (cols >> 3)[None, :]]
        hits = (block >> (cols & 7).astype(np.uint8)[None, :]) & np.uint8(1)
        shares[lo:hi] = hits @ w
    smaller = np.minimum(totals[left], totals[right])
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(smaller > 0, shares / smaller, 0.0)


def compare(
    profiles: list[Profile], options: CheckOptions, template: Profile | None = None
) -> Generator[Progress, None, list[PairResult]]:
    """All pairs worth reporting (a passage, a near-duplicate simhash, or a large share of
    vocabulary), ranked by similarity."""
    n = len(profiles)
    yield Progress("indexing", 0, 3)
    ignored = template_kgrams(profiles, template)
    cap = document_frequency_cap(n, options.max_share, options.min_common)
    left, right, _ = candidate_pairs(
        [p.fp_hashes for p in profiles], ignored=ignored, cap=cap, max_repeats=options.max_repeats
    )
    yield Progress("indexing", 1, 3)
    hashes, lengths = all_kgrams(profiles)
    seed_keys, seed_left, seed_right = shared_kgram_arrays(
        hashes, lengths, ignored=ignored, cap=cap, max_repeats=options.max_repeats,
        pairs=left * n + right,
    )
    del hashes
    yield Progress("indexing", 2, 3)
    simhashes = np.array([p.simhash for p in profiles], dtype=np.uint64)
    near = near_duplicates(simhashes, options.hamming)
    pair_keys, first_seed, seed_count = np.unique(seed_keys, return_index=True, return_counts=True)
    todo = set(zip((pair_keys // n).tolist(), (pair_keys % n).tolist())) | near
    shares = None
    if n <= vocabulary.ALL_PAIRS_LIMIT:
        shares = vocabulary.shared_shares([p.vocab for p in profiles],
                                          [p.vocab_idf for p in profiles], cap)
        todo |= vocabulary.paraphrase_pairs(shares)
    todo = sorted(todo)
    # Most pairs share a few k-grams and nothing else: find those that cannot be reported (too
    # few seeds for a passage, not near-duplicates, too little shared vocabulary) all at once.
    ti = np.array([i for i, _ in todo], dtype=np.int64)
    tj = np.array([j for _, j in todo], dtype=np.int64)
    todo_keys = ti * n + tj
    slot = np.zeros(len(todo), dtype=np.int64)
    seeded = np.zeros(len(todo), dtype=bool)
    if len(pair_keys):
        slot = np.minimum(np.searchsorted(pair_keys, todo_keys), len(pair_keys) - 1)
        seeded = pair_keys[slot] == todo_keys
    need = np.array([p.params.guarantee - p.params.k + 1 for p in profiles], dtype=np.int64)
    hopeless = np.where(seeded, seed_count[slot] if len(pair_keys) else 0, 0) < need[ti]
    if near:
        hopeless &= ~np.isin(todo_keys, np.array([i * n + j for i, j in near], dtype=np.int64))
    if shares is not None:
        hopeless &= shares[ti, tj] < vocabulary.PARAPHRASE_SHARE
    elif hopeless.any():
        rest = np.flatnonzero(hopeless)
        approx = approximate_shares(profiles, ti[rest], tj[rest])
        hopeless[rest] = approx < vocabulary.PARAPHRASE_SHARE - 1e-4
    yield Progress("indexing", 3, 3)

    empty = np.zeros(0, np.int64)
    results: list[PairResult] = []
    total = len(todo)
    for done, (i, j) in enumerate(todo):
        if done % _STEP == 0:
            yield Progress("comparing", done, total)
        if hopeless[done]:
            continue
        a, b = profiles[i], profiles[j]
        params = a.params
        pa = pb = empty
        if seeded[done]:
            at, count = int(first_seed[slot[done]]), int(seed_count[slot[done]])
            pa, pb = seed_left[at:at + count], seed_right[at:at + count]
        found = Alignment([])
        if len(pa) >= params.guarantee - params.k + 1:  # fewer seeds cannot make a passage
            found = align(a.units, b.units, pa, pb, params.k, params.gap, params.guarantee,
                          params.verbatim)
        matches, taken = aligned_matches(a.units, b.units, found.passages, params.k,
                                         options.min_passage)
        words = (float(shares[i, j]) if shares is not None else
                 vocabulary.overlap(a.vocab, a.vocab_idf, b.vocab, b.vocab_idf))
        hidden = options.min_passage > 0 and not matches  # --min-passage hid all it had
        if matches or (i, j) in near or (words >= vocabulary.PARAPHRASE_SHARE and not hidden):
            results.append(pair_result(i, j, a, b, matches, similarity(taken, a, b, words)))
    yield Progress("comparing", total, total)
    results.sort(key=lambda r: (-r.similarity, r.hamming, r.left, r.right))
    return results
