"""Inverted index of winnowed fingerprints -> candidate document pairs, without N^2 work."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable

import numpy as np

from core.concurrency import on_thread_ahead
from core.engine.batches import slices
from core.engine.hashing import distinct, find_sorted, mix64


def document_frequency_cap(n_docs: int, max_share: float, min_common: int) -> int:
    """A fingerprint in more documents than this is common text, not evidence of copying."""
    return max(min_common, int(max_share * n_docs))


def _postings(fp_lists: list[np.ndarray], max_repeats: int) -> tuple[np.ndarray, np.ndarray]:
    """(hash, doc) for each distinct fingerprint of each document held by another one too,
    in-document repeats dropped, ordered by hash, then document: a fingerprint no other
    document holds pairs no documents. One sort of every document's fingerprints together
    (`_duplicated`: those held once are left out before it)."""
    sizes = [len(f) for f in fp_lists]
    empty = np.zeros(0, dtype=np.uint64), np.zeros(0, dtype=np.int64)
    if sum(sizes) < 2:
        return empty
    hashes, index, _ = _duplicated(np.concatenate(fp_lists).astype(np.uint64, copy=False))
    if not len(hashes):
        return empty
    docs = np.searchsorted(np.cumsum(sizes), index, "right")  # ascending within a hash
    new = np.concatenate(([True], (hashes[1:] != hashes[:-1]) | (docs[1:] != docs[:-1])))
    first = np.flatnonzero(new)
    keep = first[np.diff(np.append(first, len(hashes))) <= max_repeats]
    return hashes[keep], docs[keep].astype(np.int64)


def candidate_pairs(
    fp_lists: list[np.ndarray],
    *,
    ignored: np.ndarray | None = None,
    cap: int,
    max_repeats: int,
    weights: np.ndarray | None = None,
    counted: bool = True,
) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """Document pairs (left < right, ordered) sharing a fingerprint, with the number they share
    (None when not `counted`: finding the pairs alone is one plain sort of their keys).

    Fingerprints in `ignored` (sorted), repeated more than `max_repeats` times in one document,
    or present in more than `cap` documents (each counted `weights[doc]` times when given) are
    left out. Returns (left, right, shared).
    """
    hashes, docs = _postings(fp_lists, max_repeats)
    if ignored is not None and len(ignored):
        keep = ~np.isin(hashes, ignored)
        hashes, docs = hashes[keep], docs[keep]
    n = len(hashes)
    empty = np.zeros(0, dtype=np.int64)
    if n < 2:
        return empty, empty, empty if counted else None
    boundaries = np.flatnonzero(np.concatenate(([True], hashes[1:] != hashes[:-1], [True])))
    sizes = np.diff(boundaries)
    held = sizes if weights is None else np.add.reduceat(weights[docs], boundaries[:-1])
    good = (sizes >= 2) & (held <= cap)
    starts, sizes = boundaries[:-1][good], sizes[good]
    if not len(sizes):
        return empty, empty, empty if counted else None
    starts, sizes, times = _same_members(docs, starts, sizes)
    # every element pairs with the elements after it in its group (vectorized triangle), some
    # groups at a time; a group standing for several with the same members counts `times`
    n_docs = len(fp_lists)
    found, counts = [], []
    for lo, hi in slices(sizes * (sizes - 1) // 2, PAIR_SLICE):
        z = sizes[lo:hi]
        member = np.repeat(starts[lo:hi], z) + concat_ranges(z)
        after = np.repeat(z, z) - 1 - concat_ranges(z)
        left = np.repeat(member, after)
        right = left + 1 + concat_ranges(after)
        if not counted:
            found.append(distinct(docs[left] * n_docs + docs[right]))
            continue
        keys, inverse = np.unique(docs[left] * n_docs + docs[right], return_inverse=True)
        found.append(keys)
        counts.append(np.bincount(inverse.ravel(), weights=np.repeat(times[lo:hi], z * (z - 1) // 2),
                                  minlength=len(keys)))
    if not counted:
        pair_keys = found[0] if len(found) == 1 else distinct(np.concatenate(found))
        return pair_keys // n_docs, pair_keys % n_docs, None
    pair_keys, inverse = np.unique(np.concatenate(found), return_inverse=True)
    shared = np.bincount(inverse.ravel(), weights=np.concatenate(counts), minlength=len(pair_keys))
    return pair_keys // n_docs, pair_keys % n_docs, shared.astype(np.int64)


def _same_members(docs: np.ndarray, starts: np.ndarray, sizes: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Of groups of postings (documents `docs[start:start + size]`, ascending), one per set of
    groups holding exactly the same documents, with how many it stands for: copies share most
    of their fingerprints, each a group of the same members. Groups are matched by a sum of
    per-document hashes and their members then compared, so a collision only costs a group."""
    member = np.repeat(starts, sizes) + concat_ranges(sizes)
    held = docs[member]
    at = np.concatenate(([0], np.cumsum(sizes)[:-1]))
    sig = np.add.reduceat(mix64(held.astype(np.uint64)), at)
    order = np.lexsort((sig, sizes))
    first = np.concatenate(([True], (sig[order][1:] != sig[order][:-1])
                            | (sizes[order][1:] != sizes[order][:-1])))
    rep = order[np.maximum.accumulate(np.where(first, np.arange(len(order)), 0))]  # per order[i]
    lead = np.empty(len(order), dtype=np.int64)
    lead[order] = rep  # per group: the first group of its (size, sum)
    same = held == held[np.repeat(at[lead], sizes) + concat_ranges(sizes)]
    same = np.logical_and.reduceat(same, at) & (lead != np.arange(len(sizes)))
    times = np.ones(len(sizes), dtype=np.int64)
    np.add.at(times, lead[same], 1)
    keep = ~same
    return starts[keep], sizes[keep], times[keep]


#: Pairs of postings expanded together by `candidate_pairs` (bounds its memory).
PAIR_SLICE = 1 << 21

#: `shared_kgram_runs` looks the pairs it keeps up in a table of every pair key when there are
#: at most this many (8 MB: classes of up to about 2,900 documents); else it searches them.
TABLE_KEYS = 1 << 23

#: Pairs of a block's members expanded together by `shared_kgram_runs`: its temporaries stay
#: small and are reused. From twice this many, the second half of them is expanded on a helper
#: thread (array operations that let go of the GIL: the second core works them).
BLOCK_PAIRS = 1 << 19


def concat_ranges(sizes: np.ndarray) -> np.ndarray:
    """Concatenated aranges: [0..sizes[0]), [0..sizes[1]), ..."""
    total = int(sizes.sum())
    if total == 0:
        return np.zeros(0, dtype=np.int64)
    offsets = np.repeat(np.cumsum(sizes) - sizes, sizes)
    return np.arange(total, dtype=np.int64) - offsets


#: `_maybe_repeated` counts hashes in 2**k buckets, k at most this (a table of 8 * 2**k bytes).
BUCKET_BITS = 23


def _maybe_repeated(hashes: np.ndarray) -> np.ndarray | None:
    """The indexes of the hashes whose bucket (their top bits) holds another one too: a hash
    alone in its bucket occurs once. None when that would not leave out enough of them to
    pay (too many hashes for the buckets, or most of them repeated, as in a class of copies)."""
    n = len(hashes)
    bits = min(BUCKET_BITS, n.bit_length() + 1)  # two to four buckets a hash
    if n < 1 << 16 or (1 << bits) < 1.5 * n:
        return None
    # the buckets of hashes whose top bits are 0 first, a sixteenth of them (every hash of such
    # a bucket is there): when most of their hashes share a bucket, so do most of all
    part = hashes[hashes < np.uint64(1 << 60)]
    if len(part) >= 1 << 12:
        part = (part >> np.uint64(64 - bits)).astype(np.intp)
        if np.count_nonzero(np.bincount(part, minlength=1 << (bits - 4))[part] >= 2) >= 0.75 * len(part):
            return None
    del part
    bucket = (hashes >> np.uint64(64 - bits)).view(np.int64)  # below 2**bits: the same values
    crowded = np.bincount(bucket, minlength=1 << bits) >= 2  # the counts dropped at once
    shared = crowded[bucket]
    del bucket, crowded
    maybe = np.flatnonzero(shared)
    return maybe if len(maybe) < 0.6 * n else None


def _duplicated(hashes: np.ndarray, lengths: np.ndarray | None = None, dtype=np.int32
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """(hash, index, document) of every element whose hash occurs at least twice, ordered by
    hash, then index: the order a stable argsort gives, at the cost of a plain sort of packed
    keys. The documents (of `dtype`) are those of the elements laid end to end in documents of
    `lengths`, when given (else None).

    Each key is the hash's top bits above the element's row; sorting keys groups equal prefixes
    with rows ascending. A row is the element's index, or where every element is sorted (a
    class of copies) and it takes few more bits, its document above its position in it
    (`_document_rows`): the same order, and each element's document read off its key. The
    full hashes in that order are the hashes sorted where no two of them share a prefix
    (`_in_prefix_order`); else they are gathered by index and prefix collisions removed by
    re-checking them.
    """
    n = len(hashes)
    bits = max(1, (n - 1).bit_length())
    # temporaries a piece at a time (PIECE): these arrays are the biggest of a check
    maybe = _maybe_repeated(hashes)
    layout = _document_rows(lengths, bits) if lengths is not None and maybe is None else None
    if layout is not None:
        bits, within, starts_at = layout
    low = np.uint64((1 << bits) - 1)
    if maybe is not None:  # only those can be repeated: the sort is of them alone
        keys = hashes[maybe] & ~low
        keys |= maybe.astype(np.uint64)
        del maybe
    else:
        rows = np.arange(PIECE, dtype=np.uint64)
        if layout is None:
            keys = np.empty(n, dtype=np.uint64)
            for lo in range(0, n, PIECE):  # a piece's key made while it is in the cache
                part = keys[lo:lo + PIECE]
                np.bitwise_and(hashes[lo:lo + PIECE], ~low, out=part)
                part |= rows[:len(part)]
                rows += np.uint64(PIECE)
        else:  # each row's index plus its document's (document << within) - offset
            keys = np.repeat(starts_at, lengths)
            top = np.empty(PIECE, dtype=np.uint64)
            for lo in range(0, n, PIECE):
                part = keys[lo:lo + PIECE]
                part += rows[:len(part)]
                part |= np.bitwise_and(hashes[lo:lo + PIECE], ~low, out=top[:len(part)])
                rows += np.uint64(PIECE)
            del top
        del rows
    keys.sort()
    m = len(keys)
    keep = np.zeros(m, dtype=bool)
    for lo in range(0, m - 1, PIECE):
        hi = min(m - 1, lo + PIECE)
        same = (keys[lo + 1:hi + 1] ^ keys[lo:hi]) <= low  # equal prefixes
        keep[lo + 1:hi + 1] |= same
        keep[lo:hi] |= same
    # the rows kept, narrowed a piece at a time (copies keep every k-gram here)
    index = np.empty(int(np.count_nonzero(keep)), dtype=np.int32 if n < 2**31 else np.int64)
    at, part = 0, None
    for lo in range(0, m, PIECE):
        part = keys[lo:lo + PIECE][keep[lo:lo + PIECE]]
        part &= low
        index[at:at + len(part)] = part
        at += len(part)
    del keys, part
    offsets = None if lengths is None else np.concatenate(([0], np.cumsum(lengths, dtype=np.int64)))
    docs = None
    if layout is not None:  # a row is (document << within) + position: the index read off it
        docs = (index >> within).astype(dtype)
        index &= (1 << within) - 1
        index += offsets.astype(index.dtype)[docs]
    # every element sorted and most of them kept (a class of copies): their hashes sorted
    full = (_in_prefix_order(hashes, low, None if len(index) == m else keep)
            if m == n and 2 * len(index) >= m else None)
    del keep
    if full is None:  # else, or two hashes share a prefix: each element's hash gathered
        full = hashes[index]
        # ordered by (prefix, index): a stable sort by full hash gives (hash, index), in about
        # linear time; the order is wrong only where prefixes collide, which is seldom
        if not bool((full[1:] >= full[:-1]).all()):
            order = np.argsort(full, kind="stable")
            full, index = full[order], index[order]
            docs = None if docs is None else docs[order]
            del order
    same = full[1:] == full[:-1]
    keep = np.zeros(len(full), dtype=bool)
    keep[1:] = same
    keep[:-1] |= same
    if not keep.all():
        full, index = full[keep], index[keep]
        docs = None if docs is None else docs[keep]
    if offsets is not None and docs is None:
        docs = _documents(index, offsets, dtype)
    return full, index, docs


#: `_duplicated` lays its rows out by document where that takes at most this many bits more
#: than an index (its keys' hash prefixes are as much shorter).
LAYOUT_BITS = 3


def _document_rows(lengths: np.ndarray, bits: int) -> tuple[int, int, np.ndarray] | None:
    """Rows of elements laid end to end in documents of `lengths` as (document << within) +
    position, each row's index plus its document's `starts_at`: (their bits, within,
    starts_at as uint64), or None when they take more than LAYOUT_BITS bits above `bits`
    (one document much longer than the others) or 31."""
    n_docs = len(lengths)
    if not n_docs:
        return None
    within = max(1, (int(lengths.max()) - 1).bit_length())
    width = max(1, (n_docs - 1).bit_length()) + within
    if width > min(31, bits + LAYOUT_BITS):
        return None
    offsets = np.concatenate(([0], np.cumsum(lengths)[:-1]))
    return width, within, ((np.arange(n_docs, dtype=np.int64) << within) - offsets).astype(np.uint64)


def _in_prefix_order(values: np.ndarray, low: np.uint64, keep: np.ndarray | None) -> np.ndarray | None:
    """`values` (hashes) in the order `_duplicated` sorts them, by their bits above `low`, then
    by index (those at `keep` when given), or None when two different values share those bits.
    Where no two do, sorting the values puts each prefix's one value at the places its prefix
    takes among the sorted keys: one sort, no gather of every element's hash at random places."""
    ordered = np.sort(values)
    for lo in range(0, len(ordered) - 1, PIECE):  # neighbours with equal prefixes are equal
        hi = min(len(ordered) - 1, lo + PIECE)
        apart = ordered[lo + 1:hi + 1] ^ ordered[lo:hi]
        apart -= np.uint64(1)  # 0 (equal) wraps to the top: only 1..low, a shared prefix, stays below low
        if bool((apart < low).any()):
            return None
    return ordered if keep is None else ordered[keep]


def shared_kgram_runs(
    hashes: np.ndarray | Callable[[], np.ndarray],
    lengths: np.ndarray,
    *,
    ignored: np.ndarray | None = None,
    cap: int,
    max_repeats: int,
    pairs: np.ndarray | Callable[[], np.ndarray] | None = None,
    common: list | None = None,
    weights: np.ndarray | None = None,
    join: bool = True,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every k-gram two documents share, over the documents' k-grams concatenated (`lengths`
    per document), as runs along diagonals: (pair keys left * n + right (without `join`, int32
    where every key fits), starts in left, starts in right, run lengths); run i stands for the
    seeds (left[i] + t, right[i] + t),
    t < lengths[i]. Runs are maximal and sorted by key, then left start, so each pair's runs
    are one stretch; without `join`, runs that continue each other are left apart, in no
    particular order (`maximal_runs` of a pair's runs joins them as the whole would be: most
    pairs' runs are never looked at, nor need sorting). K-grams in `ignored`, repeated more than `max_repeats` times in one
    document, or in more than `cap` documents (each counted `weights[doc]` times when given;
    None: once) are left out; given a list `common`, the last ones are appended to it as
    (hashes, documents, positions) ordered by hash (the class's shared text:
    core/matching/common.py). `pairs` (sorted keys) limits the result to those pairs; given as a
    function, it is called once they are needed (after the sort: the caller may find them
    meanwhile). `hashes` given as a function is called for them: the join then holds the only
    reference to them and lets go of them after its first sort.

    K-grams held at consecutive positions by the same documents are joined once: a class of
    near copies shares thousands of consecutive k-grams per pair, which would otherwise be as
    many seeds (and the whole class's seeds held and sorted at once)."""
    n = len(lengths)
    empty = np.zeros(0, dtype=np.int64)
    if callable(hashes):
        hashes = hashes()
    if len(hashes) < 2:
        return empty, empty, empty, empty
    offsets = np.concatenate(([0], np.cumsum(lengths, dtype=np.int64)))
    # only k-grams occurring twice or more can be shared: the rest never leave this sort
    small = np.int32 if int(offsets[-1]) < 2**31 else np.int64
    hashes, index, docs = _duplicated(np.asarray(hashes, dtype=np.uint64), lengths, small)
    if ignored is not None and len(ignored):
        keep = ~np.isin(hashes, ignored)
        hashes, index, docs = hashes[keep], index[keep], docs[keep]
    if len(hashes) < 2:
        return empty, empty, empty, empty
    # the arrays below are as long as the class's repeated k-grams (all of a class of copies)
    new_hash = np.concatenate(([True], hashes[1:] != hashes[:-1]))
    new_run = new_hash | np.concatenate(([True], docs[1:] != docs[:-1]))
    # occurrences of the same k-gram in the same document: drop when repeated too often (read
    # on the occurrences in such runs only: in most classes few are)
    repeated_ok = np.ones(len(hashes), dtype=bool)
    in_run = ~new_run
    in_run[:-1] |= ~new_run[1:]
    at = np.flatnonzero(in_run)
    del in_run
    if len(at):
        run_id = np.cumsum(new_run[at]) - 1
        repeated_ok[at] = (np.bincount(run_id) <= max_repeats)[run_id]
        del run_id
    del at
    # from here on each k-gram is its group's number (k-grams sorted by hash: numbered in
    # order), half the bytes of its hash; the hashes are kept once a group, for `common`
    group_start = np.flatnonzero(new_hash)
    group_hash = hashes[group_start] if common is not None else None
    del hashes
    group_id = np.cumsum(new_hash, dtype=small)
    group_id -= 1
    first = group_id[new_run]  # each document holding a k-gram counts once (ascending)
    groups = np.arange(len(group_start) + 1, dtype=small)
    distinct_docs = (np.diff(np.searchsorted(first, groups)) if weights is None else
                     np.bincount(first, weights=weights[docs[new_run]].astype(np.float64),
                                 minlength=len(groups) - 1).astype(np.int64))
    del groups, first
    del group_start, new_run, new_hash
    if common is not None:
        crowded = distinct_docs > cap
        if crowded.any():
            over = repeated_ok & crowded[group_id]
            common.append((group_hash[group_id[over]], docs[over].astype(np.int64), index[over] - offsets[docs[over]]))
            del over
        else:  # no k-gram in more than the cap: none of them looked at
            common.append((np.zeros(0, np.uint64), np.zeros(0, np.int64), np.zeros(0, np.int64)))
        del crowded
    del group_hash
    keep = repeated_ok & ((distinct_docs >= 2) & (distinct_docs <= cap))[group_id]
    del repeated_ok, distinct_docs
    if not keep.all():  # the documents carried along: not looked up again
        group_id, index, docs = group_id[keep], index[keep], docs[keep]
    del keep
    if len(group_id) < 2:
        return empty, empty, empty, empty
    bounds = np.flatnonzero(np.concatenate(([True], group_id[1:] != group_id[:-1], [True])))
    sizes = np.diff(bounds)
    if not (sizes >= 2).all():  # a k-gram once in the class is shared by no pair
        kept = np.repeat(sizes >= 2, sizes)
        group_id, index, docs = group_id[kept], index[kept], docs[kept]
        del kept
        bounds = np.flatnonzero(np.concatenate(([True], group_id[1:] != group_id[:-1], [True])))
    del group_id, sizes
    if len(index) < 2:
        return empty, empty, empty, empty
    starts, sizes, length = _blocks(bounds, index, offsets)
    positions = np.empty(len(index), dtype=small)
    for lo in range(0, len(index), SLICE):
        positions[lo:lo + SLICE] = index[lo:lo + SLICE] - offsets[docs[lo:lo + SLICE]]
    del index
    # every member of a block pairs with the members after it (vectorized triangle), some blocks
    # at a time, the second half of them on a helper thread when there are many
    if callable(pairs):
        pairs = pairs()
    if pairs is not None and n * n <= TABLE_KEYS:  # every key looked up in a table of the pairs
        table = np.zeros(n * n, bool)
        table[pairs] = True
        pairs = table
    chunks = list(slices(sizes * (sizes - 1) // 2, BLOCK_PAIRS))
    half = (len(chunks) + 1) // 2 if int(sizes @ (sizes - 1)) // 2 >= 2 * BLOCK_PAIRS else len(chunks)
    work = functools.partial(_block_pairs, starts, sizes, length, docs, positions, n, pairs)
    with contextlib.closing(on_thread_ahead(work, chunks[half:])) as beside:
        parts = [work(chunk) for chunk in chunks[:half]] + list(beside)
    del work, docs, positions
    keys, left, right, run = _columns(parts)
    if not join:
        return keys, left, right, run.astype(small, copy=False)
    return maximal_runs(keys.astype(np.int64), left.astype(np.int64), right.astype(np.int64), run)


def _columns(parts: list[tuple[np.ndarray, ...]]) -> list[np.ndarray]:
    """The parts' columns, each concatenated: a column's pieces are let go of as soon as it is
    whole, so the parts and their concatenation are not all alive at once (in a class of near
    copies they are the biggest arrays of the join). Empties `parts`."""
    pieces = [list(p) for p in parts]
    parts.clear()
    columns = []
    for i in range(len(pieces[0]) if pieces else 0):
        columns.append(np.concatenate([p[i] for p in pieces]) if len(pieces) != 1 else pieces[0][i])
        for p in pieces:
            p[i] = None
    return columns


def _block_pairs(starts: np.ndarray, sizes: np.ndarray, length: np.ndarray, docs: np.ndarray,
                 positions: np.ndarray, n: int, pairs: np.ndarray | None, chunk: tuple[int, int]
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The runs the blocks chunk = (lo, hi) give (`shared_kgram_runs`): (pair keys, left
    starts, right starts, lengths) of each two members of a block in different documents (of
    a pair in `pairs` when given, sorted keys or a table of every key), in the blocks' order."""
    lo, hi = chunk
    z = sizes[lo:hi]
    member = np.repeat(starts[lo:hi], z) + concat_ranges(z)
    after = np.repeat(z, z) - 1 - concat_ranges(z)
    run = np.repeat(np.repeat(length[lo:hi], z), after)
    # a member's partners are the members after it: each pair's second is its rank among the
    # member's pairs on from the member's next; what a pair reads of its first member is repeated
    second = np.repeat(member + 1 - (np.cumsum(after) - after), after)
    second += np.arange(len(second))
    kept = np.int32 if n * n < 2**31 else np.int64  # the keys kept: the narrowest that holds them
    if pairs is not None and pairs.dtype == bool:  # a member and one in its own document: a key off the table
        keys = np.repeat(docs[member].astype(kept) * kept(n), after)  # a table of every key: they fit
        keys += docs[second]
        inside = pairs[keys]
        return (keys[inside].astype(kept, copy=False), np.repeat(positions[member], after)[inside],
                positions[second[inside]], run[inside])
    first = np.repeat(member, after)
    del member, after
    cross = docs[first] != docs[second]
    first, second, run = first[cross], second[cross], run[cross]
    keys = docs[first].astype(np.int64) * n + docs[second]
    if pairs is not None:
        inside = find_sorted(pairs, keys)[0]
        keys, first, second, run = keys[inside], first[inside], second[inside], run[inside]
    return keys.astype(kept), positions[first], positions[second], run


def by_key(keys: np.ndarray, then: np.ndarray | None = None) -> np.ndarray:
    """The order of rows by non-negative `keys`, then by non-negative `then` when given, as a
    stable sort gives it: one sort of the keys packed above each row's index where they fit
    in 63 bits (`sorted_rows`; an argsort costs about twice as much)."""
    rows = sorted_rows(keys, then)
    if rows is None:
        return np.argsort(keys, kind="stable") if then is None else np.lexsort((then, keys))
    packed, _, bits = rows
    packed &= (1 << bits) - 1
    return packed


def sorted_rows(keys: np.ndarray, then: np.ndarray | None = None) -> tuple[np.ndarray, int, int] | None:
    """Each row as ((key << then_bits | then) << row_bits | row), sorted: the order of a stable
    sort by non-negative `keys`, then `then`, whose keys can be read back without gathering
    them. Returns (packed, then_bits, row_bits), or None when they do not fit in 63 bits."""
    n = len(keys)
    if not n:
        return np.zeros(0, np.int64), 0, 0
    bits = max(1, (n - 1).bit_length())
    shift = int(then.max()).bit_length() if then is not None else 0
    if int(keys.max()).bit_length() + shift + bits > 63:
        return None
    packed = np.empty(n, np.int64)  # the one array as long as the rows: each piece packed in place
    rows = np.arange(PIECE, dtype=np.int64)
    for lo in range(0, n, PIECE):  # a piece's fields put in while it is in the cache
        part = packed[lo:lo + PIECE]
        part[:] = keys[lo:lo + PIECE]
        if then is not None:
            part <<= shift
            part |= then[lo:lo + PIECE]
        part <<= bits
        part |= rows[:len(part)]
        rows += PIECE
    packed.sort()
    return packed, shift, bits


PIECE = 1 << 15  # elements worked at a time by a few passes each (`sorted_rows`, `_duplicated`): temporaries in the cache


SLICE = 1 << 20  # elements of the join's longest arrays worked at a time (bounds temporaries)


def _documents(index: np.ndarray, offsets: np.ndarray, dtype) -> np.ndarray:
    """The document of each k-gram `index` (documents' first k-grams at `offsets`; of equal
    offsets, the last: an empty document holds none), a slice at a time. Many indexes (all of
    a class of near copies) are looked up in blocks of about a document's length: the
    document holding a block's first k-gram, then one further while the next one starts at
    or before the index (a few steps, the rest searched), instead of a binary search each."""
    docs = np.empty(len(index), dtype=dtype)
    n, total = len(offsets) - 1, int(offsets[-1])
    if len(index) < 4 * n or not total:
        for lo in range(0, len(index), SLICE):
            docs[lo:lo + SLICE] = np.searchsorted(offsets, index[lo:lo + SLICE], "right") - 1
        return docs
    shift = max(0, (total // n).bit_length() - 1)  # blocks at most as long as the mean document
    first = np.searchsorted(offsets, np.arange(0, total, 1 << shift, dtype=np.int64), "right") - 1
    following = offsets[1:]  # where the document after each one starts
    for lo in range(0, len(index), SLICE):
        at = index[lo:lo + SLICE]
        doc = first[at >> shift]
        moving = np.flatnonzero(following[doc] <= at)
        for _ in range(_STEPS):
            if not len(moving):
                break
            doc[moving] += 1
            moving = moving[following[doc[moving]] <= at[moving]]
        else:
            if len(moving):
                doc[moving] = np.searchsorted(offsets, at[moving], "right") - 1
        docs[lo:lo + SLICE] = doc
    return docs


#: `_blocks` looks up each member's next k-gram when they are fewer than this share of the
#: class's k-grams, else reads every position in order (near copies: nearly all of them).
SPARSE = 0.5

_STEPS = 4  # `_documents` steps a block's indexes this many documents on, then searches


def _blocks(bounds: np.ndarray, index: np.ndarray, offsets: np.ndarray
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Of the occurrences (k-gram `index`es sorted by hash, then index; groups of equal hashes
    from `bounds`, each of two or more), the groups that start a block, as (first occurrence,
    size, block length): a block is a chain of groups where the next group holds exactly the
    next k-gram of each member, in the same documents (so each pair of members shares a run of
    that length)."""
    m = len(index)
    gstart, gsize = bounds[:-1], np.diff(bounds)
    small = np.int32 if max(m, int(offsets[-1]) + 1) < 2**31 else np.int64  # arrays as long as the class's k-grams
    total = int(offsets[-1])
    # each k-gram's group by position (-1: none), so the test below reads positions in order
    group = np.full(total + 1, -1, dtype=small)
    group[index] = np.repeat(np.arange(len(gsize), dtype=small), gsize)
    succ = group[index[gstart] + 1]  # the group the first member's next k-gram is in
    # a group chains on when every member's next k-gram is in that group and it is as large:
    # the members' next k-grams (distinct, ascending as the members are) are then all of
    # its members, each of the same rank; a document's last k-gram has no next one
    chained = (succ >= 0) & (gsize[succ] == gsize)
    ends = group[offsets[1:] - 1][offsets[1:] > 0]
    chained[ends[ends >= 0]] = False
    if m < SPARSE * total:  # few of the positions: each member's next k-gram looked up
        gid = np.repeat(np.arange(len(gsize), dtype=small), gsize)
        for lo in range(0, m, SLICE):
            g = gid[lo:lo + SLICE]
            chained[g[group[index[lo:lo + SLICE] + 1] != succ[g]]] = False
        del gid
    else:  # most of them: every position read in order, beside the next one
        for lo in range(0, total, SLICE):
            hi = min(total, lo + SLICE)
            g = group[lo:hi]
            chained[g[(group[lo + 1:hi + 1] != succ[g]) & (g >= 0)]] = False
    del group
    has_pred = np.zeros(len(gsize), dtype=bool)
    has_pred[succ[chained]] = True
    # a block's length: its first member's next k-grams (consecutive indexes) that chain on
    on = np.sort(index[gstart[chained]])
    last = np.flatnonzero(np.concatenate((on[1:] != on[:-1] + 1, [True])))  # ends of consecutive stretches
    head = np.flatnonzero(~has_pred)
    at = index[gstart[head]]
    where = np.minimum(np.searchsorted(on, at), max(0, len(on) - 1))
    chains = len(on) > 0
    starts_on = chains & (on[where] == at) if chains else np.zeros(len(at), dtype=bool)
    stretch_end = on[last[np.searchsorted(last, where)]] if chains else at
    length = np.where(starts_on, stretch_end - at + 2, 1)
    return gstart[head], gsize[head], length


def maximal_runs(keys: np.ndarray, left: np.ndarray, right: np.ndarray, length: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Runs of seeds (pair key, left start, right start, length; no seed twice) joined where
    they continue each other on a diagonal, sorted by key, then left start."""
    if not len(keys):
        return keys, left, right, length
    diagonal = right - left
    order = _order(keys, diagonal, left)
    keys, left, right, length = keys[order], left[order], right[order], length[order]
    diagonal = diagonal[order]
    new = np.concatenate(([True], (keys[1:] != keys[:-1]) | (diagonal[1:] != diagonal[:-1])
                          | (left[1:] != left[:-1] + length[:-1])))
    at = np.flatnonzero(new)
    length = np.add.reduceat(length, at)
    keys, left, right, diagonal = keys[at], left[at], right[at], diagonal[at]
    order = _order(keys, left, diagonal)  # as a stable sort by key, then left start
    return keys[order], left[order], right[order], length[order]


def _order(first: np.ndarray, second: np.ndarray, third: np.ndarray) -> np.ndarray:
    """The order of rows by (first, second, third), all distinct rows of non-negative
    `first`: one sort of the three packed into one integer where they fit (a lexsort of
    three keys costs several times more), else a lexsort."""
    lo2, lo3 = int(second.min()), int(third.min())
    span2, span3 = int(second.max()) - lo2 + 1, int(third.max()) - lo3 + 1
    if (int(first.max()) + 1) * span2 * span3 < 2**62:
        return np.argsort((first * span2 + (second - lo2)) * span3 + (third - lo3))
    return np.lexsort((third, second, first))


def expand_runs(left: np.ndarray, right: np.ndarray, length: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray]:
    """The seeds of runs (in the order of the runs)."""
    step = concat_ranges(length)
    return np.repeat(left, length) + step, np.repeat(right, length) + step


def shared_kgram_arrays(
    hashes: np.ndarray,
    lengths: np.ndarray,
    **options,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`shared_kgram_runs` as seeds: (pair keys, positions in left, positions in right),
    sorted by key, then position in left, then in right."""
    keys, left, right, length = shared_kgram_runs(hashes, lengths, **options)
    pa, pb = expand_runs(left, right, length)
    keys = np.repeat(keys, length)
    order = np.lexsort((pb, pa, keys))
    return keys[order], pa[order], pb[order]


def shared_kgrams(
    kgram_lists: list[np.ndarray],
    *,
    ignored: np.ndarray | None = None,
    cap: int,
    max_repeats: int,
    pairs: np.ndarray | None = None,
) -> dict[tuple[int, int], tuple[np.ndarray, np.ndarray]]:
    """Every k-gram occurrence two documents share, grouped by document pair (left < right):
    {(left, right): (positions in left, positions in right)}.

    One sort over all k-grams of all documents instead of a set intersection per pair.
    K-grams in `ignored`, repeated more than `max_repeats` times in one document, or present
    in more than `cap` documents are left out; `pairs` (sorted keys left * n + right) limits the
    result to those pairs.
    """
    n = len(kgram_lists)
    hashes = np.concatenate(kgram_lists) if n else np.zeros(0, dtype=np.uint64)
    lengths = np.array([len(k) for k in kgram_lists], dtype=np.int64)
    keys, left_pos, right_pos = shared_kgram_arrays(
        hashes, lengths, ignored=ignored, cap=cap, max_repeats=max_repeats, pairs=pairs)
    return split_by_pair(keys, left_pos, right_pos, n)


def split_by_pair(keys: np.ndarray, left_pos: np.ndarray, right_pos: np.ndarray,
                  n: int) -> dict[tuple[int, int], tuple[np.ndarray, np.ndarray]]:
    """{(left, right): (positions in left, positions in right)} from key-sorted seed arrays."""
    if not len(keys):
        return {}
    cuts = np.flatnonzero(keys[1:] != keys[:-1]) + 1
    starts = np.concatenate(([0], cuts))
    ends = np.concatenate((cuts, [len(keys)]))
    return {(int(k) // n, int(k) % n): (left_pos[a:b], right_pos[a:b])
            for k, a, b in zip(keys[starts].tolist(), starts.tolist(), ends.tolist())}
