"""The one scoring step: a candidate pair -> its passages, in-passage alignment and figures.

Whatever source proposed the pair, it is scored the same way: the pair's shared k-grams (from
the fingerprint source's join, or joined here for a pair that join never saw) are grouped into
passages (`passages.align`), each passage is aligned unit by unit (`alignment`), and the
figures are computed from the passages that are shown (docs/engines.md, "The numbers per pair").
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from core.engine import vocabulary
from core.engine.hashing import distinct, find_sorted, kgram_hashes, kgram_sums
from core.engine.profile import Profile
from core.matching.alignment import MAX_OCCURRENCES, Taken, aligned_matches, longest_run
from core.matching.index import concat_ranges
from core.matching.kgram_counts import KgramCounts
from core.matching.passages import (
    Alignment,
    align,
    box_passages,
    boxes,
    coverage,
    diagonal_passages,
    group_boxes,
    on_one_diagonal,
    one_diagonal_each,
    one_piece,
    solid_groups,
    units_covered,
)
from core.matching.sources import SEEDS, SEMANTIC, SHARES, Corpus
from core.models import Match, PairResult
from core.rules import hamming

EDIT_PENALTY = 0.1  # at most this share of the figure is lost to edits inside the passages


def similarity(taken: Taken, a: Profile, b: Profile, words: float) -> float:
    """How much of the more-copied document was taken from the other, in [0, 1] (docs/engines.md).

    A unit is taken when the in-passage alignment pairs it with an equal unit of the other
    side (`alignment.aligned_matches`); the share of taken units of the side with more is the
    figure. The edits inside the passages (changed units over all passage units, both sides)
    take off up to EDIT_PENALTY of it, so at equal extent a verbatim copy ranks above an edited
    one even when the edits were all insertions. A small share (vocabulary.WEIGHT) comes from
    the share of content words used by both (`words`), so pairs without a passage still rank
    by how much wording they share.
    """
    took_left, took_right = taken.took_left, taken.took_right
    copied = max(took_left / max(1, len(a.units)), took_right / max(1, len(b.units)))
    changed = taken.changed_left + taken.changed_right
    inside = took_left + took_right + changed
    if inside:
        copied *= 1.0 - EDIT_PENALTY * changed / inside
    return np.float64(copied + (1.0 - copied) * vocabulary.WEIGHT * words)  # the type reports were made with


def pair_result(
    i: int, j: int, a: Profile, b: Profile, matches: list[Match], score: float, kept: tuple | None = None
) -> PairResult:
    """The metrics of one pair from its passages (docs/engines.md defines them). `kept`: the
    passages in units (`UnitMatch`es) the matches were made from by `aligned_matches`, whose
    spans hold exactly their units: the coverage is read off their ranges."""
    if kept is None:
        left_cov = coverage(a.units, [m.left for m in matches])
        right_cov = coverage(b.units, [m.right for m in matches])
    else:
        left_cov = float(units_covered([(m.a0, m.a1) for m in kept])) / len(a.units) if kept else 0.0
        right_cov = float(units_covered([(m.b0, m.b1) for m in kept])) / len(b.units) if kept else 0.0
    longest = max([max(len(m.left), len(m.right)) for m in matches], default=0)
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


def _kgram_index(corpus: Corpus, i: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A document's k-grams, its distinct k-grams repeated at most max_repeats times (the
    template's left out), and its k-grams sorted with their positions; cached per check."""
    cache = corpus.evidence.setdefault("kgram_index", {})
    if i not in cache:
        p = corpus.profiles[i]
        hashes = kgram_hashes(p.units.hashes, p.params.k)
        distinct, counts = np.unique(hashes, return_counts=True)
        good = distinct[counts <= corpus.options.max_repeats]
        if len(corpus.ignored):
            good = good[~np.isin(good, corpus.ignored, assume_unique=True)]
        order = np.argsort(hashes, kind="stable")
        cache[i] = (hashes, good, order, hashes[order])
    return cache[i]


def most_repeated(corpus: Corpus, i: int) -> int:
    """How often document i's most repeated k-gram occurs in it (cached per check): the
    in-passage alignment's bound (alignment.align_units)."""
    cache = corpus.evidence.setdefault("most_repeated", {})
    if i not in cache:
        p = corpus.profiles[i]
        sums = np.sort(kgram_sums(p.units.hashes, p.params.k))  # equal where the k-grams' hashes are
        cache[i] = 1 + longest_run(sums[1:] == sums[:-1]) if len(sums) else 0
    return cache[i]


def region_counts(corpus: Corpus, i: int) -> KgramCounts:
    """Document i's k-grams sorted, for counting those of any stretch of it (cached per check;
    asked only where the in-passage alignment counts a region's k-grams)."""
    cache = corpus.evidence.setdefault("kgram_counts", {})
    if i not in cache:
        p = corpus.profiles[i]
        cache[i] = KgramCounts.of(p.units.hashes, p.params.k, MAX_OCCURRENCES)
    return cache[i]


def pair_seeds(corpus: Corpus, i: int, j: int) -> tuple[np.ndarray, np.ndarray]:
    """Every k-gram documents i and j share (start in i, start in j), the template's and those
    repeated more than max_repeats times in either document left out."""
    ha, good_a, _, _ = _kgram_index(corpus, i)
    _, good_b, order, sb = _kgram_index(corpus, j)
    empty = np.zeros(0, np.int64)
    good = good_a[find_sorted(good_b, good_a)[0]]  # both sorted and distinct
    if not len(good):
        return empty, empty
    ia = np.flatnonzero(np.isin(ha, good))
    lo = np.searchsorted(sb, ha[ia], "left")
    hi = np.searchsorted(sb, ha[ia], "right")
    reps = hi - lo
    pa = np.repeat(ia, reps)
    pb = order[np.repeat(lo, reps) + concat_ranges(reps)]
    return pa.astype(np.int64), pb.astype(np.int64)


DF = "document_frequency"  # evidence key: (sorted k-gram hashes, in how many documents each)


def document_frequency(corpus: Corpus) -> tuple[np.ndarray, np.ndarray]:
    """In how many of the checked documents each k-gram occurs (built once, when a pair first
    needs it: only pairs sharing text common to most documents do)."""
    if DF not in corpus.evidence:
        per_doc = [distinct(kgram_hashes(p.units.hashes, p.params.k)) for p in corpus.profiles]
        hashes, inverse = np.unique(np.concatenate(per_doc) if per_doc else np.zeros(0, np.uint64),
                                    return_inverse=True)
        held = (np.ones(len(per_doc), np.int64) if corpus.weights is None else corpus.weights)
        counts = np.bincount(inverse.ravel(), weights=np.repeat(held, [len(d) for d in per_doc]),
                             minlength=len(hashes)).astype(np.int64)
        corpus.evidence[DF] = (hashes, counts)
    return corpus.evidence[DF]


def shared_by(corpus: Corpus, a: Profile, matches: list[Match]) -> list[Match]:
    """The matches, each marked with how many documents hold its text when that is more than
    the cap (the median document frequency of its k-grams)."""
    hashes, counts = document_frequency(corpus)
    k = a.params.k
    out = []
    for m in matches:
        lo = int(np.searchsorted(a.units.starts, m.left.start))
        hi = int(np.searchsorted(a.units.starts, m.left.end))
        grams = kgram_hashes(a.units.hashes[lo:hi], k)
        present, at = find_sorted(hashes, grams)
        df = np.where(present, counts[at], 1)
        n = int(np.median(df)) if len(df) else 0
        out.append(replace(m, shared_by=n) if n > corpus.cap else m)
    return out


GROUPS = "groups"  # evidence key: {pair key: its `passages.solid_groups`} for the pairs scored next
SETTLED = "settled"  # evidence key: {pair key: its `passages.Alignment`} for the pairs scored next


def plan(corpus: Corpus, keys: np.ndarray) -> None:
    """Ready the pairs `keys` for `score_pair`: the runs of those the fingerprint join found
    joined at once (`Seeds.prepare`); the passages of those whose few runs lie on one diagonal
    in one piece found at once (`passages.one_diagonal_each`, what `align` would find with
    `_one_diagonal`), left under SETTLED; and the groups `align` works in the others found at
    once (`passages.solid_groups`: a few array operations for any number of pairs, instead of
    some per group): the passages of the pairs whose groups are all kept whole made of them
    (`_settle_groups`), under SETTLED too, the groups of the others left under GROUPS; in place
    of those readied before."""
    seeds = corpus.evidence.get(SEEDS)
    found: dict[int, list] = {}
    settled: dict[int, Alignment] = {}
    corpus.evidence[GROUPS] = found
    corpus.evidence[SETTLED] = settled
    if seeds is None:
        return
    pair_keys, count, pa, pb, length = seeds.prepare(keys)
    k, gap, short_gap, guarantee, dense = _params(corpus)[pair_keys // corpus.n].T
    if not len(pair_keys):
        return
    # the pairs align will see, but for those it settles on one diagonal (they need no groups)
    enough = np.add.reduceat(length.astype(np.int64), np.cumsum(count) - count) >= guarantee - k + 1
    alone = on_one_diagonal(count, pa, pb)
    ready = enough & ~alone
    within = np.minimum(gap, short_gap)  # the gap a group's runs may leave (`_one_diagonal`, `one_piece`)
    if (enough & alone).any():
        _settle(corpus, settled, enough & alone, pair_keys, count, pa, pb, length, k, within, guarantee)
    if ready.any():  # those in one piece are one group (near copies of a text that repeats phrases)
        runs = np.repeat(ready, count)
        whole = one_piece(count[ready], pa[runs], pb[runs], length[runs], k[ready],
                          within[ready])
        kept = np.zeros(len(count), bool)
        kept[np.flatnonzero(ready)[whole]] = True
        if kept.any():
            runs = np.repeat(kept, count)
            profiles, n = corpus.profiles, corpus.n
            for key, box, kk, need in zip(pair_keys[kept].tolist(),
                                          boxes(count[kept], pa[runs], pb[runs], length[runs], k[kept]),
                                          k[kept].tolist(), guarantee[kept].tolist()):
                settled[key] = box_passages(profiles[key // n].units, profiles[key % n].units, [box], kk, need)
            ready &= ~kept
    if not ready.any():
        return
    runs = np.repeat(ready, count)
    pair = np.repeat(np.arange(int(ready.sum())), count[ready])
    groups = solid_groups(pair, pa[runs], pb[runs], length[runs], k[ready][pair], gap[ready][pair],
                          short_gap[ready][pair], guarantee[ready][pair], dense[ready][pair], len(pair_keys[ready]))
    whole = np.array([all(kept for _, kept in g) for g in groups], bool)  # align grows none of their groups
    if whole.any():
        _settle_groups(corpus, settled, pair_keys[ready][whole], [g for g, w in zip(groups, whole) if w],
                       (np.cumsum(count) - count)[ready][whole], pa, pb, length, k[ready][whole],
                       guarantee[ready][whole])
    found.update((key, g) for key, g, w in zip(pair_keys[ready].tolist(), groups, whole.tolist()) if not w)


def _settle_groups(corpus: Corpus, settled: dict, keys: np.ndarray, groups: list, first: np.ndarray,
                   pa: np.ndarray, pb: np.ndarray, length: np.ndarray, k: np.ndarray, guarantee: np.ndarray) -> None:
    """The passages of pairs whose `solid_groups` are all kept whole (runs counted from each
    pair's `first` run), into `settled`: `box_passages` of their groups' `Box`es (`group_boxes`
    of all pairs at once), which is what `align` makes of them one group at a time."""
    profiles, n = corpus.profiles, corpus.n
    for key, made, kk, need in zip(keys.tolist(), group_boxes(groups, first, pa, pb, length, k), k.tolist(),
                                   guarantee.tolist()):
        settled[key] = box_passages(profiles[key // n].units, profiles[key % n].units, made, kk, need)


def _settle(corpus: Corpus, settled: dict, some: np.ndarray, pair_keys: np.ndarray, count: np.ndarray,
            pa: np.ndarray, pb: np.ndarray, length: np.ndarray, k: np.ndarray, short_gap: np.ndarray,
            guarantee: np.ndarray) -> None:
    """The passages of the pairs `some` (their runs on one diagonal) whose runs are one piece at
    short_gap (the smaller of gap and short gap), into `settled`; `align` works out the others."""
    runs = np.repeat(some, count)
    whole, covered, a_lo, a_end = one_diagonal_each(count[some], pa[runs], length[runs], k[some], short_gap[some])
    first = (np.cumsum(count) - count)[some]
    diagonal = pb[first] - pa[first]
    profiles, n = corpus.profiles, corpus.n
    for key, one, cov, lo, end, d, kk, need in zip(pair_keys[some].tolist(), whole.tolist(), covered.tolist(),
                                                   a_lo.tolist(), a_end.tolist(), diagonal.tolist(),
                                                   k[some].tolist(), guarantee[some].tolist()):
        if one:
            settled[key] = diagonal_passages(profiles[key // n].units, profiles[key % n].units, lo, end, d, kk,
                                             cov, need)


PARAMS = "params"  # evidence key: per document, its (k, gap, short_gap, guarantee, dense)


def _params(corpus: Corpus) -> np.ndarray:
    """The parameters `plan` reads of each document (its language's), as rows of an array."""
    if PARAMS not in corpus.evidence:
        corpus.evidence[PARAMS] = np.array(
            [[q.k, q.gap, q.short_gap, q.guarantee, q.dense] for q in (p.params for p in corpus.profiles)],
            np.int64).reshape(-1, 5)
    return corpus.evidence[PARAMS]


def score_pair(corpus: Corpus, i: int, j: int, listed: bool) -> PairResult | None:
    """The PairResult of documents i < j, or None when there is nothing to report: no passage
    shown, not `listed` by a source, and too little shared vocabulary.

    A pair the fingerprint join did not see (a near-duplicate whose text is common to more
    than the cap of the documents, or a pair another source proposed) gets its shared
    k-grams joined here, common ones included: so N identical copies among M documents all
    show at 100% whatever N, and their passages say in how many documents the text is."""
    a, b = corpus.profiles[i], corpus.profiles[j]
    params, options = a.params, corpus.options
    seeds = corpus.evidence.get(SEEDS)
    key = i * corpus.n + j
    found = corpus.evidence.get(SETTLED, {}).get(key)  # found by `plan` with those of other pairs
    joined_here = False
    if found is None:
        runs = seeds.runs(key) if seeds is not None else None
        joined_here = runs is None
        pa, pb, length = (*pair_seeds(corpus, i, j), None) if joined_here else runs
        found = Alignment([])
        if (len(pa) if length is None else int(length.sum())) >= params.guarantee - params.k + 1:
            # fewer seeds cannot make a passage
            groups = None if joined_here else corpus.evidence.get(GROUPS, {}).get(key)
            found = align(a.units, b.units, pa, pb, params.k, params.gap, params.guarantee,
                          params.short_gap, params.dense, length=length, groups=groups)
    texts = (corpus.texts[i], corpus.texts[j]) if corpus.texts else None
    matches, taken = aligned_matches(a.units, b.units, found.passages, params.k,
                                     options.min_passage, params.guarantee, params.dense, texts,
                                     lambda: most_repeated(corpus, i), lambda: region_counts(corpus, i))
    if joined_here and matches and seeds is not None:
        matches = shared_by(corpus, a, matches)
    shares = corpus.evidence.get(SHARES)
    words = (float(shares[i, j]) if shares is not None else
             vocabulary.overlap(a.vocab, a.vocab_idf, b.vocab, b.vocab_idf))
    hidden = options.min_passage > 0 and not matches  # --min-passage hid all it had
    if matches or listed or (words >= vocabulary.PARAPHRASE_SHARE and not hidden):
        result = pair_result(i, j, a, b, matches, similarity(taken, a, b, words), taken.kept)
        meaning = corpus.evidence.get(SEMANTIC, {}).get(key)
        return replace(result, semantic=meaning) if meaning is not None else result
    return None
