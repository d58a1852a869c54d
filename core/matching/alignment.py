"""In-passage alignment: which units of a matched passage were taken from the other side.

A passage (a unit range on each side) is aligned unit by unit: equal units the alignment pairs
are *taken*; the rest (inserted, deleted or substituted) are *changes*, shown as edit marks
and left out of the similarity. One alignment serves both.

How it aligns, without difflib and without an O(n * m) table over a whole passage:

1. the common prefix and suffix are taken (a verbatim passage ends here);
2. anchors: runs of equal k-grams on one diagonal, longest first, each unit used once on
   each side (a partly used run keeps its longest free stretch if it is still k long);
3. between two anchors that are in the same order on both sides (and in front of the first,
   behind the last), the gap is aligned again: by an exact longest-common-subsequence table
   when it is small (at most `DP_CELLS` cells), else by anchors of k - 1, down to `K_MIN`.
   Gaps between anchors in a different order (shuffled sentences) are not aligned across.

So the cost follows the edits, not the passage: a 10,000-unit copy with one unit in five
edited aligns in tens of milliseconds; a verbatim one in microseconds.
"""

from __future__ import annotations

import itertools
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from core.engine.hashing import few_kgram_hashes, kgram_hashes
from core.engine.normalize import Units
from core.matching.index import concat_ranges
from core.matching.kgram_counts import KgramCounts
from core.models import Match, Span

DP_CELLS = 400  # gaps up to this many cells (units left x units right) get an exact LCS
K_MIN = 2  # anchors shorter than this are chance: gaps left after k = 2 stay unaligned
MAX_OCCURRENCES = 8  # a k-gram this often on one side of a region anchors nothing

#: `_counted` of the k-grams of x starting at lo .. hi - 1 (lo, hi, k, how often each of y's
#: k-grams off the stretch occurs there), read off x's document; None where it cannot tell
Counted = Callable[[int, int, int, Counter], "bool | None"]


@dataclass(frozen=True, slots=True)
class UnitAlignment:
    """Of two unit ranges, which units are paired with an equal unit of the other (`left`,
    `right`: boolean masks over each range)."""

    left: np.ndarray
    right: np.ndarray

    @property
    def verbatim(self) -> bool:
        return bool(len(self.left) == len(self.right) and self.left.all() and self.right.all())


def align_units(x: np.ndarray, y: np.ndarray, k: int = 4,
                repeats: Callable[[], int] | None = None, counts: Counted | None = None) -> UnitAlignment:
    """Align two unit-hash sequences (see the module docstring); k is the first anchor length.
    `repeats`, when given, tells at least how often any k-gram of x occurs in x (its
    document's most repeated one; asked only when needed): with it, two copies each with a
    small edit of their own are aligned without hashing them (`_in_line`). `counts`: `_counted`
    of x's k-grams read off its document (`Counted`), where the told count is too high."""
    x = np.asarray(x, dtype=np.uint64)
    y = np.asarray(y, dtype=np.uint64)
    tx = np.zeros(len(x), dtype=bool)
    ty = np.zeros(len(y), dtype=bool)
    n = min(len(x), len(y))
    if len(x) == len(y):  # the first and the last differing unit are the common ends
        differ = (x != y).nonzero()[0]
        if not len(differ):
            tx[:] = ty[:] = True
            return UnitAlignment(tx, ty)
        head, tail = int(differ[0]), n - 1 - int(differ[-1])
        if len(differ) == 2 and repeats is not None and (
                _two_changes(n - head - tail, k, repeats) or _two_changes_counted(x, y, head, tail, k, counts)):
            tx[:] = ty[:] = True
            tx[differ] = ty[differ] = False
            return UnitAlignment(tx, ty)
        if len(differ) > 2 * k - 2 and repeats is not None:
            d = _shifted_by_one(x, y, head, tail, k, repeats, counts)
            if d:  # the region's last unit of x and first of y left (d = 1), or the other way
                tx[:] = ty[:] = True
                tx[head if d < 0 else n - tail - 1] = ty[n - tail - 1 if d < 0 else head] = False
                return UnitAlignment(tx, ty)
    else:
        front = _first_true(x[:n] != y[:n], 2)  # the first units differing on the start's diagonal
        head = front[0] if front else n
        rest = n - head
        back = _first_true(x[len(x) - rest:][::-1] != y[len(y) - rest:][::-1], 2)  # on the end's (a
        # second at rest - 1 is the last there is)
        tail = back[0] if back else rest
        if repeats is not None and len(back):
            end = n - tail  # the region's units on the start's diagonal end here
            if len(front) == 1 or front[1] >= end:
                start, both = True, False
            elif front[1] == end - 1:  # and past it (front is increasing)
                start, both = True, True
            else:
                start, both = False, len(back) == 2 and back[1] == rest - 1
            if (start or len(back) == 1 + both) and _one_shift(x, y, head, tail, k, start, both, repeats, counts):
                _mark_shift(x, y, head, tail, start, both, tx, ty)
                return UnitAlignment(tx, ty)
        differ = None
    tx[:head] = ty[:head] = True
    if tail:
        tx[len(x) - tail:] = ty[len(y) - tail:] = True
    _fill(x, y, head, len(x) - tail, head, len(y) - tail, max(k, K_MIN), tx, ty,
          repeats if k >= K_MIN else None, differ)
    return UnitAlignment(tx, ty)


def _first_true(mask: np.ndarray, many: int) -> list[int]:
    """The first `many` positions of True in a boolean array (all of them when fewer):
    `np.flatnonzero(mask)[:many]`, without finding the rest (two copies shifted apart differ
    in most units on each diagonal)."""
    found: list[int] = []
    at = 0
    while len(found) < many and at < len(mask):
        i = at + int(mask[at:].argmax())
        if not mask[i]:
            break
        found.append(i)
        at = i + 1
    return found


def _two_changes(la: int, k: int, repeats: Callable[[], int]) -> bool:
    """Whether `_fill` takes every unit of two equally long sides that differ in two units
    only, but those two (`la` units from the one to the other: the region it gets, its first
    and last unit differing; two copies each with one unit changed): `_in_line` answers there,
    on the main diagonal, with the stretch between them. Its differing units are the region's
    ends, so its stretch is the la - k - 1 k-grams clear of both, o_x = o_y = 2, and its hash
    checks are skipped (`_apart_by_one`: each end k-gram holds one differing unit); `_fill`
    then finds the two units left, one each side of the anchor, unequal."""
    return _room(la, la, la - k - 1, k) and _alone(la - k - 1, 2, 2, 0, repeats())


def _two_changes_counted(x, y, head: int, tail: int, k: int, counts: Counted | None = None) -> bool:
    """`_two_changes` with x's k-grams counted in the region (x[head:len(x) - tail]) where the
    told count is too high: `_counted_alone`."""
    la = len(x) - head - tail
    return _room(la, la, la - k - 1, k) and _counted_alone(
        x, y, head, len(x) - tail, head, len(y) - tail, 1, la - k - 1, 2, 2, 0, k, counts)


def _room(la: int, lb: int, count: int, k: int) -> bool:
    """Whether `_fill` gives a region of la and lb units, its ends differing, to `_in_line`
    (more than DP_CELLS cells, else `_lcs`; k >= K_MIN) and there is a stretch of `count` >= 1
    k-grams (so both sides hold more than k units)."""
    return k >= K_MIN and la * lb > DP_CELLS and count >= 1


def _one_shift(x, y, head: int, tail: int, k: int, start: bool, both: bool,
               repeats: Callable[[], int], counts: Counted | None = None) -> bool:
    """Whether `_fill` aligns the region of two unequally long sides (x[head:len(x) - tail],
    y[head:len(y) - tail]: la, lb units, d = lb - la, its first and last units differing; one
    copy with a unit changed, the other with units inserted or deleted) as `_mark_shift` does:
    `_in_line` answers with the stretch between the differing units of a diagonal. If `start`,
    the region's units are equal on the diagonal through its start but its first, else on the
    one through its end but its last; `both`: but also the other end of that diagonal's
    overlap (x's last unit against y's at the same place, or x's unit lo against y's lo + d).

    `_fill` gets the region untrimmed; it is `_in_line`'s when la * lb > DP_CELLS, k >= K_MIN
    and both sides are k units or more. `_near_diagonals` (not main) tries 0 first where found,
    then d. With mid = la // 2, short = min(la, lb), lo = max(0, -d) and b = 1 if `both`:
    if start, 0 is found (x[mid] = y[mid] for 1 <= mid < short - b, and mid < mid + d + k for
    d > -k); its differing units are x's first (s = 1) and, if both, its unit short - 1, which
    is past n for d > 1 - k (r = short - k), else r = hi. If not start, 0 is not found (mid >=
    lb or x[mid] != y[mid]) and d is (x[mid] = y[mid + d] for lo + b <= mid < la - 1, d > -k);
    its differing units are x's last (r = n - 1) and, if both, x's unit lo, at most k - 2
    (s = lo + 1), else s = lo. Either way s < k and n - r < k, count = short - k - b,
    o_x = 1 + b + max(0, -d), o_y = 1 + b + max(0, d), the bounds are `_alone`'s on that
    diagonal, and the k-gram at each differing end holds that unit alone (`_apart_by_one`: not
    hashed). Told too high a count, the region's own count may show them (`_counted_alone`)."""
    la, lb = len(x) - tail - head, len(y) - tail - head
    d, short, mid = lb - la, min(la, lb), la // 2
    count = short - k - both
    if not _room(la, lb, count, k) or d <= both - k:
        return False
    if start:
        if not 1 <= mid < short - both:
            return False
        on = 0
    else:
        if not max(0, -d) + both <= mid < la - 1 or mid < lb and x[head + mid] == y[head + mid]:
            return False
        on = d
    ox, oy = 1 + both + max(0, -d), 1 + both + max(0, d)
    return (_alone(count, ox, oy, on, repeats())
            or _counted_alone(x, y, head, len(x) - tail, head, len(y) - tail,
                              1 if start else max(0, d) + both, count, ox, oy, on, k, counts))


def _mark_shift(x, y, head: int, tail: int, start: bool, both: bool, tx, ty) -> None:
    """What `_fill` takes of a region `_one_shift` answers for: the anchor (the short - 1 - b
    units after the first, or before the last); around it one unit a side, unequal, and on
    its other side the longer side's |d| units against none, or (both) one unit against 1 + |d|
    units, which `_fill` gives to `_lcs`."""
    short = min(len(x), len(y)) - head - tail
    tx[:] = ty[:] = True
    if start:
        tx[head] = ty[head] = False
        gap = head + short - both  # where the gap after the anchor starts on both sides
        tx[gap:len(x) - tail] = ty[gap:len(y) - tail] = False
        if both:
            _lcs(x[gap:len(x) - tail].tolist(), y[gap:len(y) - tail].tolist(), gap, gap, tx, ty)
    else:
        tx[len(x) - tail - 1] = ty[len(y) - tail - 1] = False
        ex, ey = len(x) - tail - short + both, len(y) - tail - short + both  # the gap before it
        tx[head:ex] = ty[head:ey] = False
        if both:
            _lcs(x[head:ex].tolist(), y[head:ey].tolist(), head, head, tx, ty)


def _shifted_by_one(x, y, head: int, tail: int, k: int, repeats: Callable[[], int],
                    counts: Counted | None = None) -> int:
    """The diagonal d (1 or -1) on which `_fill` takes all of two equally long sides' region
    (x[head:len(x) - tail], la units, its ends differing; two copies of one text cut a unit
    apart, one unit more at each copy's other end) but x's last unit and y's first (d = 1:
    y[i + 1] = x[i] for i < la - 1) or x's first and y's last (d = -1); 0 when that is not
    shown: `_in_line` answers so.

    Its caller has seen more than 2k - 2 differing units, so on diagonal 0 (tried first) the
    region is no stretch. Of the others, `_near_diagonals` tries those pairing x's middle unit
    with an equal unit, from 1 - k up: none but d does (checked). On d nothing differs: s = lo,
    r = hi, o_x = o_y = 1, count = la - k, no hash checks; the anchor is the la - 1 units, and
    `_fill` finds no unit a side to align around it. Told too high a count, the region's own
    count may show it (`_counted_alone`)."""
    la = len(x) - head - tail
    count, mid = la - k, head + la // 2
    if not _room(la, la, count, k):
        return 0
    if np.array_equal(x[head:head + la - 1], y[head + 1:head + la]):
        d = 1
    elif np.array_equal(x[head + 1:head + la], y[head:head + la - 1]):
        d = -1
    else:
        return 0
    near = y[max(head, mid - k + 1):min(head + la, mid + k)]  # y's units on diagonals 1 - k .. k - 1
    if np.count_nonzero(near == x[mid]) - (y[mid] == x[mid]) > 1:  # d pairs them; another does too
        return 0
    if _alone(count, 1, 1, d, repeats()) or _counted_alone(
            x, y, head, head + la, head, head + la, 1 if d > 0 else 0, count, 1, 1, d, k, counts):
        return d
    return 0


def _alone(count: int, ox: int, oy: int, d: int, most: int) -> bool:
    """`_in_line`'s bounds: whether a stretch of `count` equal k-grams on diagonal d, with ox,
    oy k-grams of x and y outside it and no k-gram of x more than `most` times in x, is made
    of ok k-grams and holds more equal k-grams than any other diagonal (proof there)."""
    return most + oy <= MAX_OCCURRENCES and _longest(count, ox, oy, d, most)


def _longest(count: int, ox: int, oy: int, d: int, most: int) -> bool:
    """`_in_line`'s chain bound: no diagonal but d holds `count` equal k-grams when no k-gram
    of x occurs more than `most` times in x."""
    return count - oy > (max(ox + d, oy - d) + oy) * (most - 1)


def _counted_alone(x, y, a0: int, a1: int, b0: int, b1: int, sy: int, count: int, ox: int,
                   oy: int, d: int, k: int, counts: Counted | None = None) -> bool:
    """`_alone` for the stretch of `count` equal k-grams on diagonal d of the free region
    x[a0:a1], y[b0:b1] (from y's k-gram sy; the k-grams next to it on d unequal), with x's
    k-grams counted in the region instead of told (real prose repeats a phrase more often than
    the told bound allows, mostly outside the region). `_counted`, as `_one_diagonal` counts
    them: the stretch's k-grams are ok, and no k-gram of x occurs more than MAX_OCCURRENCES
    times in x, which is all the chain argument needs: `_longest` with that count leaves every
    other diagonal fewer equal k-grams. So `_anchors` takes the stretch first and whole and
    drops every other run (their free units of x lie in its ends, each shorter than k);
    `_in_line` and `_one_diagonal` answer as it does or hand over to it. `counts`, when it
    answers for k, counts x's k-grams off its document instead of hashing the region."""
    if not _longest(count, ox, oy, d, MAX_OCCURRENCES):
        return False
    off = Counter(few_kgram_hashes(y[b0:b0 + sy + k - 1].tolist(), k)
                  + few_kgram_hashes(y[b0 + sy + count:b1].tolist(), k))  # y's k-grams off the stretch
    read = None if counts is None else counts(a0, a1 - k + 1, k, off)
    return _counted(kgram_hashes(x[a0:a1], k), off) if read is None else read


def _counted(hx: np.ndarray, outside: Counter) -> bool:
    """Whether no k-gram occurs more than MAX_OCCURRENCES times in hx, nor one of y's k-grams
    off its stretch (`outside`: how often each is there) counted with its count in hx: every
    k-gram of the stretch is then ok (in hy, its count in the stretch plus its count off it)."""
    ux = np.sort(hx)
    if len(ux) > MAX_OCCURRENCES and (ux[MAX_OCCURRENCES:] == ux[:-MAX_OCCURRENCES]).any():  # one too often
        return False
    if outside:
        extra = np.fromiter(outside.keys(), np.uint64, len(outside))
        in_x = np.searchsorted(ux, extra, "right") - np.searchsorted(ux, extra, "left")
        if int((in_x + np.fromiter(outside.values(), np.int64, len(outside))).max()) > MAX_OCCURRENCES:
            return False
    return True


def _fill(x, y, a0, a1, b0, b1, k, tx, ty, repeats: Callable[[], int] | None = None,
          differ: np.ndarray | None = None) -> None:
    """Pair equal units of x[a0:a1] and y[b0:b1] into the masks tx, ty (`repeats`: see
    align_units; it holds for this k only). `differ`: of two equally long sides whose
    region is all that is left free between their common ends, where they differ (the
    region's first and last unit among them)."""
    if differ is None:  # else the region's first and last units differ
        while a0 < a1 and b0 < b1 and x[a0] == y[b0]:
            tx[a0] = ty[b0] = True
            a0, b0 = a0 + 1, b0 + 1
        while a0 < a1 and b0 < b1 and x[a1 - 1] == y[b1 - 1]:
            tx[a1 - 1] = ty[b1 - 1] = True
            a1, b1 = a1 - 1, b1 - 1
    la, lb = a1 - a0, b1 - b0
    if not la or not lb or la == lb == 1:  # one unit each: they differ (else taken above)
        return
    if la * lb <= DP_CELLS:
        _lcs(x[a0:a1].tolist(), y[b0:b1].tolist(), a0, b0, tx, ty)
        return
    if k < K_MIN or la < k or lb < k:
        return
    anchors = None if repeats is None else _in_line(x, y, a0, a1, b0, b1, k, tx, ty, repeats, differ)
    if anchors is None:
        both = kgram_hashes(np.concatenate((x[a0:a1], y[b0:b1])), k)  # each k-gram hashed alone
        hx, hy = both[:a1 - a0 - k + 1], both[a1 - a0:]  # those across the join left out
        anchors = _one_diagonal(hx, hy, a0, b0, k, tx, ty, repeats)
        if anchors is None:
            anchors = _anchors(hx, hy, a0, b0, k, tx, ty)
    anchors.sort()
    bounds = [(a0, b0, 0), *anchors, (a1, b1, 0)]
    for (pa, pb, pl), (qa, qb, _) in itertools.pairwise(bounds):
        ga0, gb0 = pa + pl, pb + pl
        if ga0 + 1 == qa and gb0 + 1 == qb:  # one unit each: taken when equal and free
            if not ty[gb0] and x[ga0] == y[gb0]:
                tx[ga0] = ty[gb0] = True
        elif ga0 < qa and gb0 < qb and not np.count_nonzero(ty[gb0:qb]):
            _fill(x, y, ga0, qa, gb0, qb, k - 1, tx, ty)


def _one_diagonal(hx, hy, a0, b0, k, tx, ty,
                  repeats: Callable[[], int] | None = None) -> list[tuple[int, int, int]] | None:
    """`_anchors` for a free region whose equal k-grams on one diagonal (the one through the
    region's start or its end) are one stretch that leaves less than k units free at each end
    of x (two copies each with a small edit of their own, the sides equally long or not), or
    None when that cannot be shown without `_anchors`' work.

    Shown so: the stretch is one run of ok k-grams (none in hx more than MAX_OCCURRENCES
    times; in hy, a k-gram occurs as often as in the stretch of hx, plus its occurrences
    outside hy's stretch, checked for those); every other diagonal holds fewer equal k-grams
    than the stretch (checked on the diagonals with room for as many), so the stretch is the
    longest run and `_anchors` takes it first, whole (the region is free). Every other run
    then finds free units of x only in its ends, each shorter than k, and is dropped.
    `repeats` (see align_units), when given, bounds how often any k-gram occurs in x: the
    k-grams of x need not be counted when it is low enough."""
    n, m = len(hx), len(hy)
    if not n or not m or np.count_nonzero(tx[a0:a0 + n + k - 1]) or np.count_nonzero(ty[b0:b0 + m + k - 1]):
        return None
    for d in (0, m - n) if m != n else (0,):  # hy[i + d] against hx[i]
        lo, hi = max(0, -d), min(n, m - d)
        same = np.flatnonzero(hx[lo:hi] == hy[lo + d:hi + d]) + lo
        if not len(same):
            continue
        s, r = int(same[0]), int(same[-1]) + 1
        count = r - s
        if len(same) == count and s < k and n - r < k:  # units left free at x's ends: s, n - r
            break
    else:
        return None
    outside = Counter(hy[:s + d].tolist() + hy[r + d:].tolist())  # hy's k-grams off its stretch
    most = repeats() if repeats is not None else MAX_OCCURRENCES + 1  # no k-gram of x more often
    if most + max(outside.values(), default=0) > MAX_OCCURRENCES and not _counted(hx, outside):
        return None
    for e in range(count - n, m - count + 1):  # every other diagonal with room for `count` k-grams
        start, stop = max(0, -e), min(n, m - e)
        if e == d or stop - start < count:
            continue
        first = stop - count + 1  # more unequal k-grams than the rest leaves room for
        if not np.count_nonzero(hx[start:first] == hy[start + e:first + e]):
            continue
        if np.count_nonzero(hx[start:stop] == hy[start + e:stop + e]) >= count:
            return None
    size = count + k - 1
    tx[a0 + s:a0 + s + size] = True
    ty[b0 + s + d:b0 + s + d + size] = True
    return [(a0 + s, b0 + s + d, size)]


def _in_line(x, y, a0, a1, b0, b1, k, tx, ty, repeats: Callable[[], int],
             known: np.ndarray | None = None) -> list[tuple[int, int, int]] | None:
    """`_one_diagonal` read off the units, given `repeats` (no k-gram of x occurs more often in
    x): for two free sides whose units on one diagonal differ only less than k - 1 units from
    x's ends (or where that diagonal leaves x), two copies each with a small edit of their own,
    shifted or not; or None when that is not so.

    On that diagonal d the k-grams clear of the differing units are equal (equal units), and
    so are none of the others (they are hashed to see it: they are fewer than 2k); so the
    equal ones are one stretch of `count` k-grams leaving less than k units free at each end
    of x. With o_x, o_y the k-grams of x and y outside it, its k-grams are ok when repeats +
    o_y <= MAX_OCCURRENCES (a k-gram's count in y is its count in the stretch plus at most
    o_y), as in `_one_diagonal`. No other diagonal e holds as many equal k-grams once count -
    o_y > (F + o_y)(repeats - 1), F = max(o_x + d, o_y - d): e pairs at least count - o_y
    k-grams of x with equal k-grams of y's stretch, so links i -> i + f between equal k-grams
    of x (f = e - d, |f| <= F for a diagonal with room for count k-grams) in an interval of
    at most count starts, missing at most o_y of them: at most F + o_y chains, one of them
    then with more than repeats - 1 links, more equal k-grams than x holds.
    `known`: where x and y differ, when `align_units` found it on equally long sides and the
    region is all that is free between the common ends (a0 == b0 and the masks clear in it)."""
    n, m = a1 - a0 - k + 1, b1 - b0 - k + 1  # k-grams of each side
    if n < 1 or m < 1 or known is None and (np.count_nonzero(tx[a0:a1]) or np.count_nonzero(ty[b0:b1])):
        return None
    for d in _near_diagonals(x, y, a0, a1, b0, b1, k, known is not None):  # y's k-gram i + d against x's i
        lo, hi = max(0, -d), min(n, m - d)  # x's k-grams on this diagonal
        if known is not None and d == 0:
            differ = known - a0
        else:
            differ = (x[a0 + lo:a0 + hi + k - 1] != y[b0 + lo + d:b0 + hi + k - 1 + d]).nonzero()[0] + lo
        if len(differ) > 2 * k - 2:  # at most k - 1 at each end
            continue
        ends = differ.tolist()
        head, tail = [p for p in ends if p <= k - 2], [p for p in ends if p >= n]
        s, r = head[-1] + 1 if head else lo, tail[0] - k + 1 if tail else hi  # the stretch: s .. r - 1
        if len(head) + len(tail) == len(ends) and s < k and n - r < k:
            break
    else:
        return None
    count = r - s
    ox, oy = n - count, m - count
    if count < 1:
        return None
    if not _alone(count, ox, oy, d, repeats()):
        return None
    if (s > lo and not _apart_by_one(ends, lo, s, k)
            and _hash_equal(x[a0 + lo:a0 + s + k - 1], y[b0 + lo + d:b0 + s + k - 1 + d], k)
            or r < hi and not _apart_by_one(ends, r, hi, k)
            and _hash_equal(x[a0 + r:a0 + hi + k - 1], y[b0 + r + d:b0 + hi + k - 1 + d], k)):
        return None
    length = count + k - 1
    tx[a0 + s:a0 + s + length] = True
    ty[b0 + s + d:b0 + s + d + length] = True
    return [(a0 + s, b0 + s + d, length)]


def _near_diagonals(x, y, a0, a1, b0, b1, k, main: bool) -> Iterator[int]:
    """The diagonals d (y's unit i + d against x's unit i) on which a stretch of equal units
    can leave fewer than k units of x free at each end (1 - k < d < m - n + k), those pairing
    x's middle unit with an equal unit (a stretch that long holds it): the diagonal through the
    region's start first, then the one through its end, then the rest. `main`: the one
    through the start is tried before the others are looked for."""
    if main:
        yield 0
    la, lb, mid = a1 - a0, b1 - b0, (a1 - a0) // 2
    first = max(0, mid + 1 - k)  # y's units those diagonals pair with x's middle: first .. stop - 1
    stop = max(first, min(lb, mid + lb - la + k))
    found = ((y[b0 + first:b0 + stop] == x[a0 + mid]).nonzero()[0] + (first - mid)).tolist()
    if len(found) > 1:
        found.sort(key=lambda d: (d != 0, d != lb - la))
    yield from (d for d in found if not (main and d == 0))


def _apart_by_one(differ: list[int], first: int, stop: int, k: int) -> bool:
    """Whether the k-grams starting at first .. stop - 1 each hold one of the units `differ`
    and no other (here: the units they span hold one of them, which each k-gram holds): two
    k-grams one unit apart never hash alike (`kgram_hashes`: their sums differ by an odd
    power of the base times the two units' difference, not 0 modulo 2**64, and the mix
    after it is one to one), so `_hash_equal` need not hash them."""
    inside = [d for d in differ if first <= d < stop + k - 1]
    return len(inside) == 1 and stop - 1 <= inside[0] < first + k


_FEW_KGRAMS = 8  # up to this many k-grams a side, `_hash_equal` hashes them in plain Python


def _hash_equal(x: np.ndarray, y: np.ndarray, k: int) -> bool:
    """Whether any k-gram of x hashes as the k-gram of y at the same place (`kgram_hashes`)."""
    if len(x) - k + 1 > _FEW_KGRAMS:
        return bool(np.count_nonzero(kgram_hashes(x, k) == kgram_hashes(y, k)))
    return any(a == b for a, b in zip(few_kgram_hashes(x.tolist(), k), few_kgram_hashes(y.tolist(), k)))


def _anchors(hx, hy, a0, b0, k, tx, ty) -> list[tuple[int, int, int]]:
    """Runs of equal k-grams of the region (its k-gram hashes hx, hy from a0, b0), longest
    first, each unit used once: (a, b, length) marked taken in tx, ty. The region's taken
    units are also held as bits of an integer a side, so a run with no free unit is passed
    over without numpy calls."""
    order = np.argsort(hy, kind="stable")
    sy = hy[order]
    lo = np.searchsorted(sy, hx, "left")
    hi = np.searchsorted(sy, hx, "right")
    count = hi - lo
    ok = (count > 0) & (count <= MAX_OCCURRENCES)
    sx = np.sort(hx)
    if len(sx) > MAX_OCCURRENCES and (sx[MAX_OCCURRENCES:] == sx[:-MAX_OCCURRENCES]).any():  # one too often
        ok &= np.searchsorted(sx, hx, "right") - np.searchsorted(sx, hx, "left") <= MAX_OCCURRENCES
    i = np.flatnonzero(ok)
    if not len(i):
        return []
    reps = count[i]
    pi = np.repeat(i, reps)
    pj = order[np.repeat(lo[i], reps) + concat_ranges(reps)]
    diagonal = pj - pi
    o = np.lexsort((pi, diagonal))
    pi, pj, diagonal = pi[o], pj[o], diagonal[o]
    breaks = np.flatnonzero((diagonal[1:] != diagonal[:-1]) | (pi[1:] != pi[:-1] + 1)) + 1
    first = np.concatenate(([0], breaks))
    length = np.diff(np.concatenate((first, [len(pi)]))) + k - 1
    runs = sorted(zip((-length).tolist(), pi[first].tolist(), pj[first].tolist()))
    out = []
    bits_x, bits_y = _bits(tx[a0:a0 + len(hx) + k - 1]), _bits(ty[b0:b0 + len(hy) + k - 1])
    for neg, i0, j0 in runs:
        size, ai, bj = -neg, a0 + i0, b0 + j0
        whole = (1 << size) - 1
        taken = (bits_x >> i0 | bits_y >> j0) & whole
        if taken == whole:  # no free unit
            continue
        if taken:  # its longest free stretch (the first of the longest), if k long
            at, size = _longest_free(whole & ~taken)
            if size < k:
                continue
            ai, bj = ai + at, bj + at
        tx[ai:ai + size] = True
        ty[bj:bj + size] = True
        bits_x |= ((1 << size) - 1) << (ai - a0)
        bits_y |= ((1 << size) - 1) << (bj - b0)
        out.append((ai, bj, size))
    return out


def _longest_free(free: int) -> tuple[int, int]:
    """The first of the longest runs of set bits of `free` (> 0): where it starts, its length."""
    at = size = 0
    while free:
        low = (free & -free).bit_length() - 1
        rest = free >> low
        run = (~rest & rest + 1).bit_length() - 1  # the set bits from low up
        if run > size:
            at, size = low, run
        free = rest >> run << low + run
    return at, size


def _bits(mask: np.ndarray) -> int:
    """A boolean mask as the bits of an integer (mask[i] is bit i)."""
    return int.from_bytes(np.packbits(mask, bitorder="little").tobytes(), "little")


def _lcs(xs: list, ys: list, a0: int, b0: int, tx, ty) -> None:
    """An exact longest common subsequence of two short lists, marked into tx, ty. The table
    (row i: the LCS of xs[:i] with each ys[:j]) is held a row to an integer: bit j set where
    row[j + 1] = row[j], so row[j] is j less the bits set below j; a row follows from the one
    before by the bit-parallel step (Allison and Dix; Hyyro). The traceback is the table's:
    take equal units (their cell is one more than the one before both), else go up where
    the cell above is at least the one to the left."""
    where: dict = {}
    for j, yv in enumerate(ys):
        where[yv] = where.get(yv, 0) | 1 << j
    full = (1 << len(ys)) - 1
    rows = [full]
    for xv in xs:
        v = rows[-1]
        u = v & where.get(xv, 0)
        rows.append((v + u | v - u) & full)
    i, j = len(xs), len(ys)
    while i and j:
        if xs[i - 1] == ys[j - 1]:
            tx[a0 + i - 1] = ty[b0 + j - 1] = True
            i, j = i - 1, j - 1
        elif (rows[i - 1] & (1 << j) - 1).bit_count() <= (rows[i] & (1 << j - 1) - 1).bit_count() + 1:
            i -= 1  # the cell above, j less its bits below j, is at least the one to the left
        else:
            j -= 1


def change_spans(u: Units, lo: int, taken: np.ndarray) -> tuple[Span, ...]:
    """Character spans of the runs of units lo + i not taken (one span per run of changes)."""
    return _runs_of(u, lo, np.flatnonzero(~taken))


_FEW_CHANGES = 32  # up to this many changed units, their runs are found in plain Python


def _runs_of(u: Units, lo: int, free: np.ndarray) -> tuple[Span, ...]:
    """`change_spans` from the increasing positions of the units not taken."""
    if len(free) <= _FEW_CHANGES:
        if not len(free):
            return ()
        starts, ends = u.starts, u.ends
        spans = []
        first, *rest = free.tolist()
        last = first
        for at in rest:
            if at != last + 1:  # a run ends at last
                spans.append(Span(starts.item(lo + first), ends.item(lo + last)))
                first = at
            last = at
        spans.append(Span(starts.item(lo + first), ends.item(lo + last)))
        return tuple(spans)
    breaks = np.flatnonzero(free[1:] != free[:-1] + 1) + 1
    starts = free[np.concatenate(([0], breaks))] + lo
    lasts = free[np.concatenate((breaks - 1, [len(free) - 1]))] + lo
    return tuple(Span(s, e) for s, e in zip(u.starts[starts].tolist(), u.ends[lasts].tolist()))


@dataclass(frozen=True, slots=True)
class Taken:
    """What a pair's shown passages took, per side: the units taken from the other side (each
    counted once where passages overlap), the units inside passages that are changes, and the
    passages themselves (`UnitMatch`es: their unit ranges are the units their spans hold)."""

    took_left: int = 0
    took_right: int = 0
    changed_left: int = 0
    changed_right: int = 0
    kept: tuple = ()


def longest_run(mask: np.ndarray) -> int:
    """The longest run of True in a boolean array."""
    edges = np.flatnonzero(np.diff(np.concatenate(([0], mask.view(np.int8), [0]))))
    return int((edges[1::2] - edges[0::2]).max()) if len(edges) else 0


def dense(took: np.ndarray, free: int, t: int, taken: int) -> bool:
    """A passage is dense when its alignment took (`took`: its left side's mask, `free` of its
    units not taken) a verbatim run of t units (what winnowing always finds) or `taken` units
    in all (LangParams.dense): stock phrases a few units apart take less (news datelines,
    titles and figures: at most 25 characters in our news-zh genre set; formulas of an archaic
    text up to 20 words), a heavily edited copy of 150 characters about 80."""
    return len(took) - free >= taken or longest_run(took) >= t


def _never_dense(x: np.ndarray, y: np.ndarray, passages, t: int, taken: int) -> bool:
    """Whether no passage can be `dense`, seen without aligning them (False: maybe). A unit
    the alignment takes equals a unit of the other side, so a passage of fewer than `taken`
    units on the left, none of whose stretches of units found on its right side reaches t
    units, takes fewer than `taken` units and no verbatim run of t: stock phrases a few units
    apart, dropped before their alignment."""
    for m in passages:
        if m.a1 - m.a0 >= taken:
            return False
        if m.a1 - m.a0 < t:
            continue
        other = set(y[m.b0:m.b1].tolist())
        run = 0
        for unit in x[m.a0:m.a1].tolist():
            run = run + 1 if unit in other else 0
            if run >= t:
                return False
    return True


_OPENING = ("Ps", "Pi")  # opening brackets and quotes: they belong to the text after them


def _marks(a: Units, ta: str, a0: int, a1: int, b: Units, tb: str, b0: int, b1: int
           ) -> tuple[int, int, int, int]:
    """How far the character spans of units [a0, a1) and [b0, b1) reach over the marks (no
    units: punctuation) around them that both texts share: after the last unit, the equal
    characters up to the next unit or white space (a copied sentence's closing mark, 。or .);
    before the first, equal opening brackets and quotes. Returns (before_a, after_a, before_b,
    after_b) in characters."""
    end_a, end_b = a.ends.item(a1 - 1), b.ends.item(b1 - 1)
    stop_a = a.starts.item(a1) if a1 < len(a.starts) else len(ta)
    stop_b = b.starts.item(b1) if b1 < len(b.starts) else len(tb)
    after = 0
    while (end_a + after < stop_a and end_b + after < stop_b
           and ta[end_a + after] == tb[end_b + after] and not ta[end_a + after].isspace()):
        after += 1
    start_a, start_b = a.starts.item(a0), b.starts.item(b0)
    floor_a = a.ends.item(a0 - 1) if a0 else 0
    floor_b = b.ends.item(b0 - 1) if b0 else 0
    before = 0
    while (start_a - before > floor_a and start_b - before > floor_b
           and ta[start_a - before - 1] == tb[start_b - before - 1]
           and unicodedata.category(ta[start_a - before - 1]) in _OPENING):
        before += 1
    return before, after, before, after


def _equal_sides(a: Units, b: Units, m, k: int, min_chars: int, t: int | None, taken: int,
                 texts: tuple[str, str] | None, repeats: Callable[[], int] | None):
    """`aligned_matches` of the one passage `m` whose equally long sides are equal, or differ in
    one unit, or in two that `_two_changes` settles: `align_units` takes every unit there but
    those, so the changes, the figures and `dense` are read off where the sides differ, without
    its masks. None for any other passage: the general path answers."""
    a0, a1, b0, b1 = m.a0, m.a1, m.b0, m.b1
    n = a1 - a0
    if n != b1 - b0:
        return None
    ls, le = a.starts.item(a0), a.ends.item(a1 - 1)
    rs, re = b.starts.item(b0), b.ends.item(b1 - 1)
    if min(le - ls, re - rs) < min_chars:  # dropped: no passage left
        return [], Taken()
    differ = (a.hashes[a0:a1] != b.hashes[b0:b1]).nonzero()[0]
    changed = len(differ)
    if changed < 2:  # `_fill` gets one unit each side between the common ends, and leaves it
        longest = max(differ.item(0), n - 1 - differ.item(0)) if changed else n
    elif changed == 2 and repeats is not None:
        p, q = differ.tolist()
        if not _two_changes(q - p + 1, k, repeats):
            return None
        longest = max(p, q - p - 1, n - 1 - q)
    else:
        return None
    if t is not None and not (n - changed >= taken or longest >= t):  # `dense` of its mask
        return [], Taken()
    if texts is not None:
        ba, fa, bb, fb = _marks(a, texts[0], a0, a1, b, texts[1], b0, b1)
        ls, le, rs, re = ls - ba, le + fa, rs - bb, re + fb
    changes = (_runs_of(a, a0, differ), _runs_of(b, b0, differ)) if changed else ((), ())
    return [Match(Span(ls, le), Span(rs, re), n, *changes)], Taken(n - changed, n - changed, changed, changed, (m,))


def aligned_matches(a: Units, b: Units, passages, k: int, min_chars: int = 0,
                    t: int | None = None, taken: int = 0, texts: tuple[str, str] | None = None,
                    repeats: Callable[[], int] | None = None, counts: Callable[[], KgramCounts] | None = None):
    """The passages (unit ranges with a0, a1, b0, b1) as Matches with their in-passage changes,
    dropping those under `min_chars` characters on either side and, given t, all of them when
    none is `dense` with t and `taken` (a pair's lightly edited fragments count beside a dense passage; alone
    they are stock phrases), and what the kept ones took. Given the two `texts`, each span
    also takes in the marks around it that both texts share (see _marks). `repeats`: at least
    how often a's most repeated k-gram occurs in a (see align_units); `counts`: a's k-grams
    counted (asked only when needed)."""
    if t is not None and _never_dense(a.hashes, b.hashes, passages, t, taken):
        return [], Taken()
    if len(passages) == 1:
        read = _equal_sides(a, b, passages[0], k, min_chars, t, taken, texts, repeats)
        if read is not None:
            return read
    aligned = []
    for m in passages:
        a0, a1, b0, b1 = m.a0, m.a1, m.b0, m.b1
        ls, le = a.starts.item(a0), a.ends.item(a1 - 1)
        rs, re = b.starts.item(b0), b.ends.item(b1 - 1)
        if min(le - ls, re - rs) < min_chars:
            continue
        if texts is not None:
            ba, fa, bb, fb = _marks(a, texts[0], a0, a1, b, texts[1], b0, b1)
            ls, le, rs, re = ls - ba, le + fa, rs - bb, re + fb
        al = align_units(a.hashes[a0:a1], b.hashes[b0:b1], k, repeats, None if counts is None else _from(counts, a0))
        aligned.append((m, Span(ls, le), Span(rs, re), al, _free(al.left), _free(al.right)))
    if t is not None and not any(dense(al.left, len(free), t, taken) for _, _, _, al, free, _ in aligned):
        return [], Taken()
    changed_left = changed_right = 0
    out = []
    for m, left, right, _, free_left, free_right in aligned:
        changed_left += len(free_left)
        changed_right += len(free_right)
        out.append(Match(left, right, m.a1 - m.a0, _runs_of(a, m.a0, free_left) if len(free_left) else (),
                         _runs_of(b, m.b0, free_right) if len(free_right) else ()))
    if len(aligned) == 1:  # one passage takes what its alignment took
        m, _, _, al, free_left, free_right = aligned[0]
        return out, Taken(m.a1 - m.a0 - len(free_left), m.b1 - m.b0 - len(free_right), changed_left, changed_right,
                          (m,))
    # passages may overlap on one side: a unit taken twice counts once
    return out, Taken(_took(len(a), [(m.a0, al.left) for m, _, _, al, _, _ in aligned]),
                      _took(len(b), [(m.b0, al.right) for m, _, _, al, _, _ in aligned]),
                      changed_left, changed_right, tuple(m for m, *_ in aligned))


def _from(counts: Callable[[], KgramCounts], at: int) -> Counted:
    """`Counted` of a passage starting at unit `at` of its document (its `KgramCounts`)."""
    return lambda lo, hi, k, outside: counts().counted(at + lo, at + hi, k, outside)


def _took(n: int, sides: list[tuple[int, np.ndarray]]) -> int:
    """The units of a document of n units taken by any of the passages (start, taken mask)."""
    if not sides:
        return 0
    mask = np.zeros(n, dtype=bool)
    for lo, took in sides:
        mask[lo:lo + len(took)] |= took
    return int(np.count_nonzero(mask))


_NONE = np.zeros(0, np.int64)


def _free(took: np.ndarray) -> np.ndarray:
    """The positions of the units a passage's side did not take (none, without a search, when
    it took them all: a verbatim side)."""
    return _NONE if np.count_nonzero(took) == len(took) else (~took).nonzero()[0]
