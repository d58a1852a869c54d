"""The one scoring step: a candidate pair -> its passages, in-passage alignment and figures.

Whatever source proposed the pair, it is scored the same way: the pair's shared k-grams (from
the fingerprint source's join, or joined here for a pair that join never saw) are grouped into
passages (`passages.align`), each passage is aligned unit by unit (`alignment`), and the
figures are computed from the passages that are shown (see README, "The numbers per pair").
"""

from __future__ import annotations

import numpy as np

from core.engine import vocabulary
from core.engine.hashing import kgram_hashes
from core.engine.profile import Profile
from core.matching.alignment import Taken, aligned_matches
from core.matching.index import concat_ranges
from core.matching.passages import Alignment, align, coverage
from core.matching.sources import SEEDS, SHARES, Corpus
from core.models import Match, PairResult
from core.rules import hamming

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


def pair_seeds(corpus: Corpus, a: Profile, b: Profile) -> tuple[np.ndarray, np.ndarray]:
    """Every k-gram two documents share (start in a, start in b), the template's and those
    repeated more than max_repeats times in either document left out."""
    k = a.params.k
    ha, hb = kgram_hashes(a.units.hashes, k), kgram_hashes(b.units.hashes, k)
    empty = np.zeros(0, np.int64)
    if not len(ha) or not len(hb):
        return empty, empty
    ua, ca = np.unique(ha, return_counts=True)
    ub, cb = np.unique(hb, return_counts=True)
    good = np.intersect1d(ua[ca <= corpus.options.max_repeats], ub[cb <= corpus.options.max_repeats])
    if len(corpus.ignored):
        good = good[~np.isin(good, corpus.ignored)]
    ia = np.flatnonzero(np.isin(ha, good))
    order = np.argsort(hb, kind="stable")
    sb = hb[order]
    lo = np.searchsorted(sb, ha[ia], "left")
    hi = np.searchsorted(sb, ha[ia], "right")
    reps = hi - lo
    pa = np.repeat(ia, reps)
    pb = order[np.repeat(lo, reps) + concat_ranges(reps)]
    return pa.astype(np.int64), pb.astype(np.int64)


def score_pair(corpus: Corpus, i: int, j: int, listed: bool) -> PairResult | None:
    """The PairResult of documents i < j, or None when there is nothing to report: no passage
    shown, not `listed` by a source, and too little shared vocabulary."""
    a, b = corpus.profiles[i], corpus.profiles[j]
    params, options = a.params, corpus.options
    seeds = corpus.evidence.get(SEEDS)
    if seeds is not None:
        found_seeds = seeds.of(i * corpus.n + j)
        pa, pb = found_seeds if found_seeds is not None else (np.zeros(0, np.int64),) * 2
    else:
        pa, pb = pair_seeds(corpus, a, b)
    found = Alignment([])
    if len(pa) >= params.guarantee - params.k + 1:  # fewer seeds cannot make a passage
        found = align(a.units, b.units, pa, pb, params.k, params.gap, params.guarantee,
                      params.verbatim, params.short_gap)
    matches, taken = aligned_matches(a.units, b.units, found.passages, params.k,
                                     options.min_passage, params.guarantee, params.dense)
    shares = corpus.evidence.get(SHARES)
    words = (float(shares[i, j]) if shares is not None else
             vocabulary.overlap(a.vocab, a.vocab_idf, b.vocab, b.vocab_idf))
    hidden = options.min_passage > 0 and not matches  # --min-passage hid all it had
    if matches or listed or (words >= vocabulary.PARAPHRASE_SHARE and not hidden):
        return pair_result(i, j, a, b, matches, similarity(taken, a, b, words))
    return None
