"""Compare N profiled documents: candidate pairs from the fingerprint index, passages, metrics."""

from __future__ import annotations

from collections.abc import Generator

import numpy as np

from .hashing import kgram_hashes
from .index import candidate_pairs, document_frequency_cap
from .models import Match, PairResult, Progress
from .options import CheckOptions, LangParams
from .passages import Alignment, Side, align, coverage, side, to_matches
from .profile import Profile
from . import vocabulary
from .simhash import hamming

_STEP = 64  # pairs between two progress reports


def pair_params(a: Profile, b: Profile) -> LangParams:
    """The parameters two documents are aligned with: their language's, or the finer of two."""
    return a.params if a.params.k <= b.params.k else b.params


def ignored_kgrams(
    profiles: list[Profile], template: Profile | None, options: CheckOptions
) -> np.ndarray:
    """Sorted k-gram hashes never counted as evidence: the template's and the too-common ones."""
    ks = sorted({p.params.k for p in profiles})
    parts = []
    if template is not None:
        parts += [kgram_hashes(template.units.hashes, k) for k in ks]
    cap = document_frequency_cap(len(profiles), options.max_share, options.min_common)
    if len(profiles) > cap:
        per_doc = [np.unique(kgram_hashes(p.units.hashes, p.params.k)) for p in profiles]
        uniq, counts = np.unique(np.concatenate(per_doc), return_counts=True)
        parts.append(uniq[counts > cap])
    if not parts:
        return np.zeros(0, dtype=np.uint64)
    return np.unique(np.concatenate(parts))


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
    """All pairs worth reporting (any passage, or a near-duplicate simhash), ranked."""
    n = len(profiles)
    yield Progress("indexing", 0, n)
    ignored = ignored_kgrams(profiles, template, options)
    cap = document_frequency_cap(n, options.max_share, options.min_common)
    left, right, _ = candidate_pairs(
        [p.fp_hashes for p in profiles], ignored=ignored, cap=cap, max_repeats=options.max_repeats
    )
    simhashes = np.array([p.simhash for p in profiles], dtype=np.uint64)
    near = near_duplicates(simhashes, options.hamming)
    todo = set(zip(left.tolist(), right.tolist())) | near
    if n <= vocabulary.ALL_PAIRS_LIMIT:
        todo |= vocabulary.paraphrase_pairs([p.vocab for p in profiles],
                                            [p.vocab_idf for p in profiles], cap)
    todo = sorted(todo)
    yield Progress("indexing", n, n)

    sides: dict[tuple[int, int], Side] = {}

    def side_of(doc: int, k: int) -> Side:
        key = (doc, k)
        if key not in sides:
            sides[key] = side(profiles[doc].units, k, ignored, options.max_repeats)
        return sides[key]

    results: list[PairResult] = []
    total = len(todo)
    for done, (i, j) in enumerate(todo):
        if done % _STEP == 0:
            yield Progress("comparing", done, total)
        a, b = profiles[i], profiles[j]
        params = pair_params(a, b)
        found = align(side_of(i, params.k), side_of(j, params.k), params.k, params.gap,
                      params.guarantee, params.verbatim)
        matches = to_matches(a.units, b.units, found.passages, options.min_passage)
        words = vocabulary.overlap(a.vocab, a.vocab_idf, b.vocab, b.vocab_idf)
        if matches or (i, j) in near or words >= vocabulary.PARAPHRASE_SHARE:
            results.append(pair_result(i, j, a, b, matches, similarity(found, a, b, words)))
    yield Progress("comparing", total, total)
    results.sort(key=lambda r: (-r.similarity, r.hamming, r.left, r.right))
    return results
