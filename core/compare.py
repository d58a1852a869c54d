"""Compare N profiled documents: candidate pairs from the fingerprint index, passages, metrics.

Winnowed fingerprints find the candidate pairs (an inverted index, no N^2 work); one sort over
all k-grams then yields every pair's shared k-grams at once, which become passages.
"""

from __future__ import annotations

from collections.abc import Generator

import numpy as np

from . import vocabulary
from .hashing import kgram_hashes
from .index import candidate_pairs, document_frequency_cap, shared_kgrams
from .models import Match, PairResult, Progress
from .options import CheckOptions
from .passages import Alignment, align, coverage, to_matches
from .profile import Profile
from .simhash import hamming

_STEP = 256  # pairs between two progress reports


def template_kgrams(profiles: list[Profile], template: Profile | None) -> np.ndarray:
    """Sorted k-gram hashes of the template at every k in use: never evidence of copying."""
    if template is None:
        return np.zeros(0, dtype=np.uint64)
    ks = sorted({p.params.k for p in profiles})
    return np.unique(np.concatenate([kgram_hashes(template.units.hashes, k) for k in ks]))


def near_duplicates(simhashes: np.ndarray, threshold: int, block: int = 256) -> set[tuple[int, int]]:
    """Pairs (i < j) whose simhashes differ in at most `threshold` bits, in row blocks."""
    found: set[tuple[int, int]] = set()
    n = len(simhashes)
    for lo in range(0, n, block):
        rows = simhashes[lo : lo + block]
        dist = np.bitwise_count(rows[:, None] ^ simhashes[None, :])
        ii, jj = np.nonzero(dist <= threshold)
        ii = ii + lo
        keep = ii < jj
        found.update(zip(ii[keep].tolist(), jj[keep].tolist()))
    return found


def similarity(found: Alignment, a: Profile, b: Profile, words: float) -> float:
    """How much of the more-copied document is copied, in [0, 1] (see README).

    Units inside shared k-grams of a passage count half, and the other half again when they
    lie in a verbatim run, so a verbatim copy outranks a revised one; a small share
    (vocabulary.WEIGHT) comes from the share of content words used by both (`words`), so
    pairs without a passage still rank by how much wording they share.
    """
    left = (found.exact_left + found.verbatim_left) / (2 * max(1, len(a.units)))
    right = (found.exact_right + found.verbatim_right) / (2 * max(1, len(b.units)))
    copied = max(left, right)
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
    seeds = shared_kgrams(
        [kgram_hashes(p.units.hashes, p.params.k) for p in profiles],
        ignored=ignored, cap=cap, max_repeats=options.max_repeats, pairs=left * n + right,
    )
    yield Progress("indexing", 2, 3)
    simhashes = np.array([p.simhash for p in profiles], dtype=np.uint64)
    near = near_duplicates(simhashes, options.hamming)
    todo = set(seeds) | near
    shares = None
    if n <= vocabulary.ALL_PAIRS_LIMIT:
        shares = vocabulary.shared_shares([p.vocab for p in profiles],
                                          [p.vocab_idf for p in profiles], cap)
        todo |= vocabulary.paraphrase_pairs(shares)
    todo = sorted(todo)
    yield Progress("indexing", 3, 3)

    results: list[PairResult] = []
    total = len(todo)
    for done, (i, j) in enumerate(todo):
        if done % _STEP == 0:
            yield Progress("comparing", done, total)
        a, b = profiles[i], profiles[j]
        params = a.params
        pa, pb = seeds.get((i, j), (np.zeros(0, np.int64), np.zeros(0, np.int64)))
        found = Alignment([])
        if len(pa) >= params.guarantee - params.k + 1:  # fewer seeds cannot make a passage
            found = align(a.units, b.units, pa, pb, params.k, params.gap, params.guarantee,
                          params.verbatim)
        matches = to_matches(a.units, b.units, found.passages, options.min_passage)
        if not matches:
            found = Alignment([])
        words = (float(shares[i, j]) if shares is not None else
                 vocabulary.overlap(a.vocab, a.vocab_idf, b.vocab, b.vocab_idf))
        if matches or (i, j) in near or words >= vocabulary.PARAPHRASE_SHARE:
            results.append(pair_result(i, j, a, b, matches, similarity(found, a, b, words)))
    yield Progress("comparing", total, total)
    results.sort(key=lambda r: (-r.similarity, r.hamming, r.left, r.right))
    return results
