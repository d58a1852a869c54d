"""Shared k-grams of two documents -> merged passages (Matches).

Seeds are every k-gram the two documents share (index.shared_kgram_runs), not only the
winnowed ones, which serve to find candidate pairs; they are worked as runs along diagonals
(k-grams shared at consecutive positions of both), so a copy's thousands of seeds are a few
runs. Seeds are grouped by closeness in both documents regardless of their order, so
shuffled sentences stay one passage; each group's ends are then extended along equal units.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.engine.normalize import Units
from core.matching.index import by_key
from core.models import Match, Span


def cluster(pa: np.ndarray, pb: np.ndarray, length: np.ndarray, k: int, gap: int,
            min_seeds: int = 1) -> list[np.ndarray]:
    """Groups of seeds close together in both documents, as index arrays of runs (`pa`, `pb`
    start runs of `length` seeds along a diagonal; a run is never cut: its seeds are one unit
    apart); groups of fewer than `min_seeds` seeds are dropped as soon as they appear.

    Every group is split along one document where more than `gap` units separate neighbours,
    then along the other, until neither cuts; each group's runs come in the order of a stable
    sort by the position last split, the parts of a group in their order along it."""
    order, starts = _parts(np.zeros(len(pa), np.int64), pa, pb, length, k, gap, min_seeds)
    return np.split(order, starts[1:]) if len(order) else []


def _parts(pair: np.ndarray, pa: np.ndarray, pb: np.ndarray, length: np.ndarray, k, gap,
           min_seeds=1) -> tuple[np.ndarray, np.ndarray]:
    """`cluster` of many pairs at once (run i belongs to pair `pair[i]`, ascending; `k`, `gap`,
    `min_seeds` one value or one per run): the groups as (run indexes, one group after another
    in pair order; where each group starts). All groups are split in each round (one sort of
    (group, position)); a pair whose groups no longer change is sorted again with the others,
    which changes no group and only the order of runs inside one."""
    empty = np.zeros(0, np.int64)
    n = len(pa)
    k, gap, min_seeds = (np.broadcast_to(np.asarray(x, np.int64), (n,)) for x in (k, gap, min_seeds))
    held = np.bincount(pair, weights=length, minlength=int(pair[-1]) + 1) if n else empty
    idx = np.flatnonzero(held[pair] >= min_seeds) if n else empty
    if not len(idx):
        return empty, empty
    seg = pair[idx].astype(np.int64)
    span = int(max(pa.max(), pb.max())) + 1
    axis, stable = 0, 0
    while stable < 2:
        key = seg * span + (pa if axis == 0 else pb)[idx]
        order = np.argsort(key, kind="stable")
        idx, key = idx[order], key[order]
        g = key // span
        v = key - g * span
        reach = _running_max(v + length[idx] - 1 + k[idx], g)
        same = g[1:] == g[:-1]
        cut = same & (v[1:] - reach[:-1] > gap[idx[:-1]])
        new = np.concatenate(([True], ~same | cut))
        seg = np.cumsum(new) - 1
        if cut.any():
            first = np.flatnonzero(new)
            keep = (np.bincount(seg, weights=length[idx]) >= min_seeds[idx[first]])[seg]
            if not keep.all():
                idx, new = idx[keep], new[keep]
                if not len(idx):
                    return empty, empty
                seg = np.cumsum(new) - 1
        stable = 0 if cut.any() else stable + 1
        axis ^= 1
    return idx, np.flatnonzero(new)


def solid_groups(pair: np.ndarray, pa: np.ndarray, pb: np.ndarray, length: np.ndarray, k, gap,
                 short_gap, min_units, dense, n_pairs: int) -> list[list[tuple[np.ndarray, bool]]]:
    """Of many pairs at once (run i belongs to pair `pair[i]`, ascending; `k`, `gap`,
    `short_gap`, `min_units` and `dense` one value or one per run), what `_solid` keeps of
    `align`'s groups (`cluster` at gap): per pair, in `cluster`'s order, each group that holds
    a solid piece as (sorted run indexes counted from the pair's first run, True) when they
    are what `_solid` keeps: the whole group when all its pieces are solid, its solid pieces
    when the others cannot grow onto them (the solid ones hold fewer than `dense` units on the
    left); else (the group, False), for `_solid` to grow. A group without a solid piece
    `_solid` drops.

    The pieces are found once over all of a pair's runs. Where short_gap <= gap, a piece is
    never cut by a gap of more than short_gap units, so it lies inside one group, and a
    group's pieces are the pair's pieces inside it. Where short_gap > gap, a group is one
    piece for `_solid`, kept when it covers min_units units on each side (which `align`
    checks again), and it lies inside one of the pair's pieces, which covers no fewer: a group
    whose piece is not solid cannot be kept, and no group holds pieces of both kinds."""
    out: list[list[tuple[np.ndarray, bool]]] = [[] for _ in range(n_pairs)]
    n = len(pa)
    if not n:
        return out
    k, min_units, dense = (np.broadcast_to(np.asarray(x, np.int64), (n,)) for x in (k, min_units, dense))
    order, starts = _parts(pair, pa, pb, length, k, gap, -(-min_units // k))
    if not len(order):
        return out
    pieces, piece_starts = _parts(pair, pa, pb, length, k, short_gap)
    piece = np.empty(n, np.int64)
    piece[pieces] = np.repeat(np.arange(len(piece_starts)), np.diff(np.append(piece_starts, n)))
    need = min_units[pieces[piece_starts]]
    solid = ((_covered_each(piece, pa, k, length, len(piece_starts)) >= need)
             & (_covered_each(piece, pb, k, length, len(piece_starts)) >= need))[piece[order]]
    bounds = np.append(starts, len(order))
    held = np.logical_or.reduceat(solid, starts)
    whole = np.logical_and.reduceat(solid, starts)
    core = order[solid]  # the runs in solid pieces, group after group
    group = np.repeat(np.arange(len(starts)), np.diff(bounds))[solid]
    grows = ~whole & (_covered_each(group, pa[core], k[core], length[core], len(starts))
                      >= dense[order[starts]])
    first = np.flatnonzero(np.diff(pair, prepend=-1))  # each pair's first run
    for at in np.flatnonzero(held).tolist():
        lo, hi = bounds[at], bounds[at + 1]
        runs = order[lo:hi] if whole[at] or grows[at] else order[lo:hi][solid[lo:hi]]
        out[int(pair[runs[0]])].append(
            (np.sort(runs) - first[np.searchsorted(first, runs[0], "right") - 1], not grows[at]))
    return out


def can_pass(pair: np.ndarray, pa: np.ndarray, pb: np.ndarray, k: np.ndarray, short_gap: np.ndarray,
             min_units: np.ndarray, n_pairs: int, length: np.ndarray | None = None) -> np.ndarray:
    """Of many pairs at once (run i belongs to pair `pair[i]`, sorted; per-pair `k`,
    `short_gap`, `min_units`), whether `align` could find a passage in their seeds (runs of
    `length` seeds along a diagonal from `pa`, `pb`; None: one seed each).

    A passage needs a solid piece (`_solid`): seeds joined by at most short_gap units in both
    documents with min_units units inside shared k-grams on each side. Such a piece stays in
    one group while `cluster` splits all of a pair's seeds at short_gap (a gap that cuts the
    group cuts no piece), and a group holding it covers at least as many units; so groups
    covering fewer units on the axis just split are dropped, and a pair with no group left
    cannot make a passage. The splitting is `cluster`'s, run on every pair's seeds together
    (a run's seeds are one unit apart: never cut, the units they cover one stretch)."""
    possible = np.zeros(n_pairs, dtype=bool)
    if not len(pair):
        return possible
    length = np.ones(len(pa), np.int64) if length is None else length
    params = (k, short_gap, min_units)
    uniform = all((p == p[0]).all() for p in params)  # one language: no lookups per run
    seg = pair.astype(np.int64)
    span = int(max(pa.max(), pb.max())) + 1
    packed = len(seg) * span < 2**62  # (group, position) as one key: one sort, not a lexsort
    axis, stable = 0, 0
    while len(seg) and stable < 2:
        v = pa if axis == 0 else pb
        if packed:
            key = seg * span + v
            order = np.arange(len(key)) if (key[1:] >= key[:-1]).all() else by_key(key)  # given sorted
        else:
            order = np.lexsort((v, seg))
        g, v = seg[order], v[order]
        kk, gap, need = (np.broadcast_to(p[0], order.shape) if uniform else p[pair[order]] for p in params)
        end = v + length[order] - 1 + kk
        reach = _running_max(end, g)
        same = g[1:] == g[:-1]
        cut = same & (v[1:] - reach[:-1] > gap[:-1])
        new = np.concatenate(([True], ~same | cut))
        g = np.cumsum(new) - 1
        before = np.where(new, v, np.concatenate(([0], reach[:-1])))
        covered = np.bincount(g, weights=np.maximum(0, end - np.maximum(v, before)))
        keep = (covered >= need[new])[g]
        order = order[keep]
        seg, pa, pb, pair, length = g[keep], pa[order], pb[order], pair[order], length[order]
        stable = 0 if cut.any() else stable + 1
        axis ^= 1
    possible[pair] = True
    return possible


#: `crowded` works over every unit of the class at once: above this many, it lets every run
#: through (its arrays would be the check's largest), and so it does with fewer runs than
#: this share of the units (its passes over every unit would cost more than it saves).
CROWDED_UNITS = 1 << 23
CROWDED_SHARE = 0.25


def crowded(doc: np.ndarray, pos: np.ndarray, length: np.ndarray, units: np.ndarray,
            k: np.ndarray, short_gap: np.ndarray, min_units: np.ndarray) -> np.ndarray:
    """Of the runs of many pairs on one axis (run i: `length[i]` seeds from k-gram `pos[i]` of
    document `doc[i]`; per document: its `units`, and the `k`, `short_gap` and `min_units` that
    `can_pass` uses for the runs there), those that can lie in a group `can_pass` keeps when it
    splits on this axis, with the runs of every pair at once: a group's runs are joined by gaps
    of at most short_gap in their document, so they lie in one stretch of the units the runs
    of all pairs cover there (joined by the same gaps), which covers at least as many units.
    A run in a stretch covering fewer than min_units units is in no kept group, and a group is
    all of one stretch: leaving such runs out changes nothing that `can_pass` finds."""
    offsets = np.concatenate(([0], np.cumsum(units)))
    total = int(offsets[-1])
    if total > CROWDED_UNITS or not len(doc) or len(doc) < CROWDED_SHARE * total:
        return np.ones(len(doc), bool)

    def each(per_doc: np.ndarray, at: np.ndarray):
        return per_doc[0] if (per_doc == per_doc[0]).all() else per_doc[at]

    # the documents laid out one after another with more than short_gap units between them,
    # so that no stretch joins the end of one to the start of the next
    room = units + (int(short_gap.max()) + 1)
    placed = np.concatenate(([0], np.cumsum(room)))
    start = placed[doc] + pos
    span = int(placed[-1])
    covers = np.bincount(start, minlength=span + 1)
    covers -= np.bincount(start + length + (each(k, doc) - 1), minlength=span + 1)
    covered = np.cumsum(covers[:span]) > 0
    del covers
    at = np.flatnonzero(covered)  # the covered units, in order
    gap = short_gap[0] if (short_gap == short_gap[0]).all() else np.repeat(short_gap, room)[at[1:]]
    stretch = np.cumsum(np.concatenate(([True], np.diff(at) - 1 > gap))) - 1  # of each covered unit
    held = np.bincount(stretch)
    rank = np.cumsum(covered, dtype=np.int64 if span >= 2**31 else np.int32) - 1  # of a covered unit among them
    return held[stretch[rank[start]]] >= each(min_units, doc)


def _covered(starts: np.ndarray, k: int, length: np.ndarray) -> int:
    """Units covered by the k-grams of runs of `length` consecutive k-gram starts from
    `starts`: the union of [s, s + length - 1 + k)."""
    if len(starts) <= _FEW:  # plain arithmetic costs less than numpy's calls on so few
        return _union(sorted(zip(starts.tolist(), length.tolist())), k)
    if not len(starts):
        return 0
    order = np.argsort(starts, kind="stable")
    s = starts[order]
    e = s + length[order] - 1 + k
    before = np.maximum.accumulate(e)[:-1]  # the furthest any earlier run reaches
    return int(e[0] - s[0] + np.maximum(0, e[1:] - np.maximum(s[1:], before)).sum())


def _back(ha: np.ndarray, hb: np.ndarray, a0: int, b0: int) -> int:
    """Equal units before a0 in a and b0 in b."""
    n = min(a0, b0)
    if not n or ha[a0 - 1] != hb[b0 - 1]:
        return 0
    differ = np.flatnonzero(ha[a0 - n:a0][::-1] != hb[b0 - n:b0][::-1])
    return int(differ[0]) if len(differ) else n


def _forward(ha: np.ndarray, hb: np.ndarray, a1: int, b1: int) -> int:
    """Equal units from a1 in a and b1 in b on."""
    n = min(len(ha) - a1, len(hb) - b1)
    if n <= 0 or ha[a1] != hb[b1]:
        return 0
    differ = np.flatnonzero(ha[a1:a1 + n] != hb[b1:b1 + n])
    return int(differ[0]) if len(differ) else n


@dataclass(frozen=True, slots=True)
class UnitMatch:
    """A passage in unit indexes: [a0, a1) in the left document, [b0, b1) in the right."""

    a0: int
    a1: int
    b0: int
    b1: int
    evidence: int = 0  # units of the left side inside shared k-grams


@dataclass(frozen=True, slots=True)
class Alignment:
    """Passages of a pair in unit ranges, ordered by left position."""

    passages: list[UnitMatch]


def _runs(pa: np.ndarray, pb: np.ndarray, length: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Maximal runs of consecutive seeds on one diagonal, from runs that may overlap or
    continue each other: (first a, first b, seed count)."""
    diagonal = pb - pa
    order = np.lexsort((pa, diagonal))
    a, d, end = pa[order], diagonal[order], pa[order] + length[order]
    reach = end.copy()
    new = np.ones(len(a), dtype=bool)
    if len(a) > 1:
        # a run joins the one before when on its diagonal and starting at most where it ends
        same = d[1:] == d[:-1]
        group = np.cumsum(np.concatenate(([True], ~same))) - 1
        reach = _running_max(end, group)
        new[1:] = ~same | (a[1:] > reach[:-1])
    first = np.flatnonzero(new)
    last = np.concatenate((first[1:], [len(a)])) - 1
    return a[first], a[first] + d[first], reach[last] - a[first]


def _running_max(values: np.ndarray, group: np.ndarray) -> np.ndarray:
    """The running maximum of `values` within each run of equal `group` ids."""
    shift = group.astype(np.int64) * (int(values.max()) - int(values.min()) + 1)
    return np.maximum.accumulate(values - values.min() + shift) - shift + values.min()


def _solid(pa: np.ndarray, pb: np.ndarray, length: np.ndarray, group: np.ndarray, k: int,
           short_gap: int, min_units: int, gap: int | None = None, dense: int = 0) -> np.ndarray:
    """The runs of a group (run starts `pa`, `pb` of `length` seeds) that lie in solid pieces: pieces are the seeds joined by gaps of at
    most `short_gap` units in both documents, and a solid one has `min_units` units inside
    shared k-grams on each side. A long gap is so bridged only between solid pieces, never by
    a short match alone (stock phrases a few lines apart are no passage).

    Given `gap`, a thin piece still belongs to the passage when it continues a kept piece
    (a) in line: at most `gap` units after or before it in both documents, the two gaps
    differing by at most short_gap / 2 units (the thinning end of a heavily edited copy stays
    on the copy's diagonal, an unrelated stock phrase lands on it only by chance), or (b)
    inside the passage: within short_gap / 2 units of the kept pieces' extent in both
    documents (a short sentence of a shuffled copy, on a diagonal of its own). Without (a) and
    (b), which apply only where the solid pieces alone hold `dense` units in shared k-grams
    (thin pieces never make a passage dense: alignment.dense), zh recall fell by 0.004-0.008 on the shared benchmarks (heavy edits and shuffles lost
    their ends), while the stock phrases that (a) and (b) could let in cost no precision there
    nor on the news-zh and archaic-en genre sets (bench/README)."""
    ga, gb, gl = pa[group], pb[group], length[group]
    if _one_piece(ga, gl, k, short_gap) and _one_piece(gb, gl, k, short_gap):  # most groups: no cut
        ok = _covered(ga, k, gl) >= min_units and _covered(gb, k, gl) >= min_units
        return np.sort(group) if ok else group[:0]
    pieces = cluster(ga, gb, gl, k, short_gap)
    solid = [_covered(ga[p], k, gl[p]) >= min_units and _covered(gb[p], k, gl[p]) >= min_units
             for p in pieces]
    core = [p for p, ok in zip(pieces, solid) if ok]
    if (gap is not None and core and len(core) < len(pieces)
            and _covered(ga[np.concatenate(core)], k, gl[np.concatenate(core)]) >= dense):
        _grow(solid, [(int(ga[p].min()), int((ga[p] + gl[p]).max()) - 1 + k,
                       int(gb[p].min()), int((gb[p] + gl[p]).max()) - 1 + k) for p in pieces],
              gap, short_gap // 2)
    kept = [p for p, ok in zip(pieces, solid) if ok]
    return np.sort(group[np.concatenate(kept)]) if kept else group[:0]


def _covered_each(group: np.ndarray, starts: np.ndarray, k, length: np.ndarray, n: int) -> np.ndarray:
    """`_covered` of the runs of each of `n` groups (`group`: each run's; `k` one value or one
    per run)."""
    if not len(group):
        return np.zeros(n, np.int64)
    lo = int(starts.min())
    span = int(starts.max()) - lo + 1
    if (int(group.max()) + 1) * span < 2**62:  # (group, start) packed in one key: one sort, not a lexsort
        key = group.astype(np.int64) * span + (starts - lo)
        order = None if (key[1:] >= key[:-1]).all() else np.argsort(key, kind="stable")  # given in order
    else:
        order = np.lexsort((starts, group))
    g, s = group, starts
    if order is not None:
        g, s, length = group[order], starts[order], length[order]
        k = k if np.ndim(k) == 0 else np.asarray(k)[order]
    e = s + length - 1 + k
    reach = _running_max(e, g)
    first = np.concatenate(([True], g[1:] != g[:-1]))
    before = np.where(first, s, np.concatenate(([0], reach[:-1])))
    return np.bincount(g, weights=np.maximum(0, e - np.maximum(s, before)), minlength=n).astype(np.int64)


def _one_piece(values: np.ndarray, length: np.ndarray, k: int, gap: int) -> bool:
    """Whether no gap of more than `gap` units separates the runs of k-grams starting at
    `values` (then `cluster` would not cut them on this axis)."""
    order = np.argsort(values, kind="stable")
    v = values[order]
    return not len(v) or not bool((v[1:] - np.maximum.accumulate(v + length[order] - 1 + k)[:-1] > gap).any())


def _grow(kept: list[bool], box: list[tuple[int, int, int, int]], gap: int, slack: int) -> None:
    """Mark the thin pieces (boxes a0, a1, b0, b1) that continue the kept ones (see _solid),
    until none is added."""
    grown = True
    while grown:
        grown = False
        hull = [b for b, ok in zip(box, kept) if ok]
        a0, a1 = min(b[0] for b in hull), max(b[1] for b in hull)
        b0, b1 = min(b[2] for b in hull), max(b[3] for b in hull)
        for i, thin in enumerate(box):
            if kept[i]:
                continue
            if max(thin[0] - a1, a0 - thin[1]) <= slack and max(thin[2] - b1, b0 - thin[3]) <= slack:
                kept[i] = grown = True
                continue
            for other, ok in zip(box, kept):
                if not ok:
                    continue
                after = thin[0] >= other[1]
                if after != (thin[2] >= other[3]):
                    continue  # after it in one document, before it in the other
                da = thin[0] - other[1] if after else other[0] - thin[1]
                db = thin[2] - other[3] if after else other[2] - thin[3]
                if 0 <= da <= gap and 0 <= db <= gap and abs(da - db) <= slack:
                    kept[i] = grown = True
                    break


def align(
    a: Units, b: Units, pa: np.ndarray, pb: np.ndarray, k: int, gap: int, min_units: int,
    short_gap: int | None = None, dense: int = 0, length: np.ndarray | None = None,
    groups: list[tuple[np.ndarray, bool]] | None = None,
) -> Alignment:
    """Passages of two documents from their shared k-grams (seed start positions `pa` in a,
    `pb` in b; given `length`, runs of that many seeds along a diagonal from each, no seed in
    two runs), in unit
    ranges ordered by left position. A passage needs `min_units` units inside shared k-grams
    on each side, in pieces whose seeds are at most `short_gap` units apart (see _solid;
    None: any gap up to `gap`). Seeds are worked as runs: a copy's thousands of seeds on
    one diagonal are one run. `groups`: `solid_groups` of these runs, when already found
    with those of other pairs (a group marked False goes through `_solid`); the passages are
    `box_passages` of the groups' `Box`es (`boxes` of all of them at once)."""
    if not len(pa):
        return Alignment([])
    if length is None:  # seeds one by one: as their runs
        pa, pb, length = _runs(pa, pb, np.ones(len(pa), np.int64))
    if len(pa) <= _FEW:
        one = _one_diagonal(a, b, pa.tolist(), pb.tolist(), length.tolist(), k,
                            min(gap, gap if short_gap is None else short_gap), min_units)
        if one is not None:
            return one
    if groups is None:
        groups = ([(g, True) for g in cluster(pa, pb, length, k, gap, -(-min_units // k))]
                  if short_gap is None else
                  solid_groups(np.zeros(len(pa), np.int64), pa, pb, length, k, gap, short_gap,
                               min_units, dense, 1)[0])
    kept = [group if whole else _solid(pa, pb, length, group, k, short_gap, min_units, gap, dense)
            for group, whole in groups]
    kept = [group for group in kept if len(group)]
    if not kept:
        return Alignment([])
    runs = np.concatenate(kept)
    made = boxes(np.array([len(group) for group in kept], np.int64), pa[runs], pb[runs], length[runs],
                 np.full(len(kept), k, np.int64))
    return box_passages(a, b, made, k, min_units)


@dataclass(frozen=True, slots=True)
class Box:
    """What `align` reads of a group of runs to make its passage: the units their k-grams
    cover on each side, the first and the last seed on each side (`a_lo`, `a_end`, `b_lo`,
    `b_end`), and where the seeds at those ends are on the other side (of several, the first)."""

    covered_a: int
    covered_b: int
    a_lo: int
    a_end: int
    b_lo: int
    b_end: int
    b_at_a_lo: int
    b_at_a_end: int
    a_at_b_lo: int
    a_at_b_end: int


def box_passages(a: Units, b: Units, boxes: list[Box], k: int, min_units: int) -> Alignment:
    """`align`'s passages of groups it keeps whole, from their `Box`es in its order of groups:
    each group's passage when it covers min_units units on each side, those overlapping in both
    documents merged, those shadowed dropped (one passage is left as it is by both)."""
    found = [_passage(a, b, box, k) for box in boxes if box.covered_a >= min_units and box.covered_b >= min_units]
    return Alignment(_drop_shadowed(_merge(found)) if len(found) > 1 else found)


def _passage(a: Units, b: Units, box: Box, k: int) -> UnitMatch:
    """A group's passage: from the seeds at its ends, extended along equal units."""
    back = _back(a.hashes, b.hashes, box.a_lo, box.b_at_a_lo)
    fwd = _forward(a.hashes, b.hashes, box.a_end + k, box.b_at_a_end + k)
    back_b = _back(a.hashes, b.hashes, box.a_at_b_lo, box.b_lo)
    fwd_b = _forward(a.hashes, b.hashes, box.a_at_b_end + k, box.b_end + k)
    return UnitMatch(box.a_lo - back, box.a_end + k + fwd, box.b_lo - back_b, box.b_end + k + fwd_b, box.covered_a)


def boxes(count: np.ndarray, pa: np.ndarray, pb: np.ndarray, length: np.ndarray, k: np.ndarray) -> list[Box]:
    """The `Box` of all the runs of each of many pairs at once (pair i: the next `count[i]` >= 1
    runs from `pa`, `pb` of `length` seeds; per pair `k`): what `align` reads of each group it
    keeps, and `plan` of pairs whose runs are one group kept whole (`one_piece`). The one place
    a `Box` is made."""
    n = len(count)
    if not n:
        return []
    last = np.cumsum(count)
    first = last - count
    ea, eb = pa + length - 1, pb + length - 1
    a_lo, a_end = np.minimum.reduceat(pa, first), np.maximum.reduceat(ea, first)
    b_lo, b_end = np.minimum.reduceat(pb, first), np.maximum.reduceat(eb, first)

    def least(values: np.ndarray, where: np.ndarray) -> np.ndarray:
        return np.minimum.reduceat(np.where(where, values, _NONE), first)

    if n <= 2:  # `align`'s groups of one pair, mostly: `_covered` of each costs less than `_covered_each`'s calls
        bounds = list(zip(first.tolist(), last.tolist(), k.tolist()))
        covered = [_covered(x[at:end], kk, length[at:end]) for x in (pa, pb) for at, end, kk in bounds]
    else:
        pair = np.repeat(np.arange(n), count)
        covered = np.concatenate([_covered_each(pair, x, k[pair], length, n) for x in (pa, pb)]).tolist()
    ends = (a_lo, a_end, b_lo, b_end, least(pb, pa == np.repeat(a_lo, count)), least(eb, ea == np.repeat(a_end, count)),
            least(pa, pb == np.repeat(b_lo, count)), least(ea, eb == np.repeat(b_end, count)))
    return [Box(*box) for box in zip(covered[:n], covered[n:], *(f.tolist() for f in ends))]


def group_boxes(groups: list[list[tuple[np.ndarray, bool]]], first: np.ndarray, pa: np.ndarray, pb: np.ndarray,
                length: np.ndarray, k: np.ndarray) -> list[list[Box]]:
    """The `Box` of each group of many pairs at once (pair i: its groups as `solid_groups` gives
    them, runs counted from its `first` run of `pa`, `pb` of `length` seeds; per pair `k`), per
    pair in the order of its groups: what `align` reads of each group it keeps whole."""
    runs = [g + at for each, at in zip(groups, first.tolist()) for g, _ in each]
    held = [len(each) for each in groups]
    if not runs:
        return [[] for _ in groups]
    made = boxes(np.array([len(r) for r in runs], np.int64), *(x[np.concatenate(runs)] for x in (pa, pb, length)),
                 np.repeat(k, held))
    ends = np.cumsum(held).tolist()
    return [made[end - many:end] for many, end in zip(held, ends)]


_NONE = np.iinfo(np.int64).max  # no seed: above any
_FEW = 16  # runs a pair may have for `_one_diagonal` to be tried (it works on Python ints)


def on_one_diagonal(count: np.ndarray, pa: np.ndarray, pb: np.ndarray) -> np.ndarray:
    """Of many pairs' runs (pair i: the next `count[i]` >= 1 runs from `pa`, `pb`), whether
    `align` tries `_one_diagonal` first: few runs, all on one diagonal. Most such pairs (near
    copies) it settles there, without `solid_groups`; the others it groups itself, as
    `solid_groups` of many pairs would."""
    if not len(count):
        return np.zeros(0, bool)
    first = np.concatenate(([0], np.cumsum(count[:-1])))
    d = pb - pa
    return (count <= _FEW) & (np.maximum.reduceat(d, first) == np.minimum.reduceat(d, first))


def one_piece(count: np.ndarray, pa: np.ndarray, pb: np.ndarray, length: np.ndarray, k: np.ndarray,
              gap: np.ndarray) -> np.ndarray:
    """Of many pairs' runs (pair i: the next `count[i]` >= 1 runs from `pa`, `pb` of `length`
    seeds; per pair `k` and `gap`), whether no gap of more than `gap` units separates them on
    either axis (`_one_piece` of each pair on both). At gap = the smaller of `align`'s gap and
    short gap, the runs are one group that `cluster` never cuts and one piece of it for
    `_solid`: `solid_groups` finds the group of all of them, kept whole when it is solid (which
    `align` checks again), and nothing else."""
    n = len(count)
    if not n:
        return np.zeros(0, bool)
    pair = np.repeat(np.arange(n), count)
    reach = pa.max(initial=0) + pb.max(initial=0) + length.max(initial=0) + int(k.max()) + 1
    cut = np.zeros(n, bool)
    for v in (pa, pb):
        order = np.argsort(pair * reach + v, kind="stable")
        p, s = pair[order], v[order]
        ends = _running_max(s + length[order] - 1 + k[p], p)
        apart = (p[1:] == p[:-1]) & (s[1:] - ends[:-1] > gap[p[1:]])
        cut[p[1:][apart]] = True
    return ~cut


def _union(runs: list[tuple[int, int]], k: int) -> int:
    """Units covered by the k-grams of runs (start, seed count) sorted by start: `_covered`."""
    total, reach = 0, None
    for s, n in runs:
        e = s + n - 1 + k
        if reach is None or s >= reach:
            total += e - s
            reach = e
        elif e > reach:
            total += e - reach
            reach = e
    return total


def _one_diagonal(a: Units, b: Units, pa: list[int], pb: list[int], length: list[int], k: int,
                  short_gap: int, min_units: int) -> Alignment | None:
    """`align` for runs all on one diagonal, no two further apart than `short_gap` (the
    smaller of gap and short_gap), in plain arithmetic: such runs are one group that `cluster`
    never cuts (on each axis the same gaps) and one piece for `_solid`, whose passage ends at
    the end runs, extended along equal units, and holds every run whole; or None when the
    runs are not so (then `align` works them out in general)."""
    d = pb[0] - pa[0]
    if any(y - x != d for x, y in zip(pa, pb)):
        return None
    runs = sorted(zip(pa, length))
    covered, reach, a_end = 0, -1, 0  # `_union` of the runs; the furthest reach; a_hi + 1
    for s, n in runs:
        e = s + n - 1 + k
        if covered and s - reach > short_gap:
            return None
        if s >= reach:
            covered += e - s
            reach = e
        elif e > reach:
            covered += e - reach
            reach = e
        a_end = max(a_end, s + n)
    return diagonal_passages(a, b, runs[0][0], a_end, d, k, covered, min_units)


def diagonal_passages(a: Units, b: Units, a_lo: int, a_end: int, d: int, k: int, covered: int,
                      min_units: int) -> Alignment:
    """`_one_diagonal`'s passage of runs on diagonal d in one piece (`covered` units, left
    starts from a_lo, the last run ending at a_end): none below min_units covered units, else
    from the end runs, extended along equal units."""
    if covered < min_units:
        return Alignment([])
    a_hi = a_end - 1
    back = _back(a.hashes, b.hashes, a_lo, a_lo + d)
    fwd = _forward(a.hashes, b.hashes, a_hi + k, a_hi + d + k)
    return Alignment([UnitMatch(a_lo - back, a_hi + k + fwd, a_lo + d - back, a_hi + d + k + fwd, covered)])


def one_diagonal_each(count: np.ndarray, pa: np.ndarray, length: np.ndarray, k: np.ndarray,
                      short_gap: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """`_one_diagonal`'s arithmetic for many pairs at once (pair i: the next `count[i]` >= 1
    runs from left starts `pa` of `length` seeds, all on one diagonal (`on_one_diagonal`) and
    in order of left start, as `Seeds.prepare` gives them; per pair `k` and `short_gap`): per
    pair whether no run starts more than short_gap units past the furthest any earlier run's
    k-grams reach (else `_one_diagonal` hands over), the units those k-grams cover, the first
    left start and the furthest left end of a run (a_end)."""
    first = np.concatenate(([0], np.cumsum(count[:-1])))
    pair = np.repeat(np.arange(len(count)), count)
    reach = _running_max(pa + length - 1 + k[pair], pair)
    apart = (pair[1:] == pair[:-1]) & (pa[1:] - reach[:-1] > short_gap[pair[1:]])
    whole = np.ones(len(count), bool)
    whole[pair[1:][apart]] = False
    return (whole, _covered_each(pair, pa, k[pair], length, len(count)), pa[first],
            np.maximum.reduceat(pa + length, first))


def _overlap(lo1: int, hi1: int, lo2: int, hi2: int) -> int:
    return max(0, min(hi1, hi2) - max(lo1, lo2))


def _drop_shadowed(found: list[UnitMatch]) -> list[UnitMatch]:
    """Drop a passage whose text is mostly inside a much better-supported passage on one side.

    Repetitive documents make one copied passage align to several places of the other
    document; only the best-supported mapping is a copy. Equally supported ones (a passage
    copied twice) are kept.
    """
    order = sorted(found, key=lambda m: -m.evidence)
    kept: list[UnitMatch] = []
    for m in order:
        shadowed = any(
            2 * m.evidence < other.evidence
            and (2 * _overlap(m.a0, m.a1, other.a0, other.a1) > m.a1 - m.a0
                 or 2 * _overlap(m.b0, m.b1, other.b0, other.b1) > m.b1 - m.b0)
            for other in kept
        )
        if not shadowed:
            kept.append(m)
    kept.sort(key=lambda m: (m.a0, m.b0))
    return kept


def _merge(found: list[UnitMatch]) -> list[UnitMatch]:
    """Merge passages that overlap in both documents."""
    found.sort(key=lambda m: (m.a0, m.b0))
    merged: list[UnitMatch] = []
    for m in found:
        for i, other in enumerate(merged):
            if m.a0 < other.a1 and other.a0 < m.a1 and m.b0 < other.b1 and other.b0 < m.b1:
                merged[i] = UnitMatch(min(m.a0, other.a0), max(m.a1, other.a1),
                                      min(m.b0, other.b0), max(m.b1, other.b1),
                                      m.evidence + other.evidence)
                break
        else:
            merged.append(m)
    return merged


def to_matches(a: Units, b: Units, found: list[UnitMatch], min_chars: int) -> list[Match]:
    """Unit ranges -> character spans in both texts, dropping passages under `min_chars`."""
    out = []
    for m in found:
        left = Span(int(a.starts[m.a0]), int(a.ends[m.a1 - 1]))
        right = Span(int(b.starts[m.b0]), int(b.ends[m.b1 - 1]))
        if min(len(left), len(right)) >= min_chars:
            out.append(Match(left, right, m.a1 - m.a0))
    return out


def coverage(u: Units, spans: list[Span]) -> float:
    """Share of a document's units that lie inside the given character spans."""
    n = len(u.starts)
    if not n or not spans:
        return 0.0
    if len(spans) == 1:  # most pairs: one passage
        inside = int(u.ends.searchsorted(spans[0].end, "right")) - int(u.starts.searchsorted(spans[0].start, "left"))
        return float(max(0, inside)) / n
    return float(units_covered([(int(u.starts.searchsorted(s.start, "left")), int(u.ends.searchsorted(s.end, "right")))
                               for s in spans])) / n


def units_covered(ranges: list[tuple[int, int]]) -> int:
    """The units in the union of unit ranges [lo, hi) (any order; empty ones hold none)."""
    if len(ranges) == 1:
        lo, hi = ranges[0]
        return max(0, hi - lo)
    inside, reach = 0, 0
    for lo, hi in sorted(ranges):
        lo = max(lo, reach)
        if hi > lo:
            inside += hi - lo
            reach = hi
    return inside
