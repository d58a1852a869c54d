import itertools

import numpy as np
import pytest

from core.matching import index
from core.matching.index import candidate_pairs, document_frequency_cap


def fps(*lists):
    return [np.array(x, dtype=np.uint64) for x in lists]


def test_pairs_and_shared_counts():
    left, right, shared = candidate_pairs(fps([1, 2, 3], [2, 3, 9], [3, 7], [8]), cap=10, max_repeats=5)
    assert list(zip(left.tolist(), right.tolist(), shared.tolist())) == [(0, 1, 2), (0, 2, 1), (1, 2, 1)]


def test_common_fingerprints_are_ignored():
    left, right, shared = candidate_pairs(fps([1, 2, 3], [2, 3, 9], [3, 7], [8]), cap=2, max_repeats=5)
    assert list(zip(left.tolist(), right.tolist(), shared.tolist())) == [(0, 1, 1)]


def test_ignored_and_repeated_fingerprints():
    lists = fps([1, 2, 2, 2], [2, 1])
    left, _, shared = candidate_pairs(lists, cap=10, max_repeats=2)
    assert shared.tolist() == [1]  # 2 repeats three times in document 0
    left, _, _ = candidate_pairs(lists, ignored=np.array([1], dtype=np.uint64), cap=10, max_repeats=2)
    assert len(left) == 0
    for lists in (fps([1, 2], [3, 4]), fps([1, 1], [2]), fps(), fps([], [1])):  # nothing shared
        for counted in (True, False):
            left, right, shared = candidate_pairs(lists, cap=10, max_repeats=2, counted=counted)
            assert len(left) == len(right) == 0 and (shared is None) != counted


def test_cap():
    assert document_frequency_cap(30, 0.1, 10) == 10
    assert document_frequency_cap(1000, 0.1, 10) == 100


def test_shared_kgrams_by_hand():
    from core.matching.index import shared_kgrams

    kg = fps([5, 6, 7, 5], [7, 5, 9], [6, 9])
    got = {k: (a.tolist(), b.tolist()) for k, (a, b) in shared_kgrams(kg, cap=10, max_repeats=4).items()}
    # 5 at 0 and 3 in doc 0 meets 5 at 1 in doc 1; 7 at 2 meets 7 at 0 (in position order);
    # 6 and 9 pair docs 0-2, 1-2
    assert got == {(0, 1): ([0, 2, 3], [1, 0, 1]), (0, 2): ([1], [0]), (1, 2): ([2], [1])}
    got = shared_kgrams(kg, cap=10, max_repeats=1)
    assert got[(0, 1)][0].tolist() == [2]  # 5 repeats in doc 0
    assert list(shared_kgrams(kg, cap=10, max_repeats=4, pairs=np.array([0 * 3 + 2]))) == [(0, 2)]
    assert shared_kgrams(kg, cap=1, max_repeats=4) == {}


def _by_hand(lists, cap, max_repeats, ignored=(), weights=None):
    """Every shared k-gram of every pair, from the definition: {(i, j): sorted seeds}, and the
    k-grams over the cap as sorted (hash, document, position)."""
    weights = [1] * len(lists) if weights is None else weights
    held = {}
    for d, kg in enumerate(lists):
        for h in set(kg.tolist()):
            held[h] = held.get(h, 0) + weights[d]
    seeds, common = {}, []
    for i, a in enumerate(lists):
        for p, h in enumerate(a.tolist()):
            if h in ignored or a.tolist().count(h) > max_repeats:
                continue
            if held[h] > cap:
                common.append((h, i, p))
                continue
            if held[h] < 2:
                continue
            for j in range(i + 1, len(lists)):
                b = lists[j].tolist()
                if b.count(h) > max_repeats:
                    continue
                seeds.setdefault((i, j), []).extend((p, q) for q, x in enumerate(b) if x == h)
    return {k: sorted(v) for k, v in seeds.items() if v}, sorted(common)


def test_runs_hold_every_shared_kgram_of_near_copies():
    """Near copies (one k-gram changed, one inserted, a name line on top, a repeat) against the
    definition: the runs stand for exactly the seeds, each pair's runs maximal."""
    from core.matching.index import expand_runs, shared_kgram_runs

    rng = np.random.default_rng(5)
    held = set()  # whether some k-grams were in more than the cap: both kinds of classes are seen
    for trial in range(60):
        base = rng.integers(0, 40 if trial % 3 else 400, size=int(rng.integers(5, 60))).tolist()
        lists = []
        for _ in range(int(rng.integers(2, 9))):
            doc = list(base)
            for _ in range(int(rng.integers(0, 3))):
                edit = int(rng.integers(0, 3))
                at = int(rng.integers(0, len(doc)))
                if edit == 0:
                    doc[at] = int(rng.integers(0, 1000))
                elif edit == 1:
                    doc.insert(at, int(rng.integers(0, 1000)))
                else:
                    doc = [int(x) for x in rng.integers(1000, 1100, size=3)] + doc
            lists.append(np.array(doc, dtype=np.uint64))
        lists.append(np.array(rng.integers(0, 1000, size=int(rng.integers(0, 30))), dtype=np.uint64))
        n = len(lists)
        cap = int(rng.integers(2, n + 2))
        repeats = int(rng.integers(1, 4))
        ignored = np.unique(rng.integers(0, 40, size=2)).astype(np.uint64) if trial % 4 == 0 else None
        weights = rng.integers(1, 3, size=n) if trial % 5 == 0 else None
        common: list = []
        keys, left, right, length = shared_kgram_runs(
            np.concatenate(lists), np.array([len(x) for x in lists]), cap=cap, max_repeats=repeats,
            ignored=ignored, common=common, weights=weights)
        want, want_common = _by_hand(lists, cap, repeats, set(ignored.tolist()) if ignored is not None else (),
                                     None if weights is None else weights.tolist())
        pa, pb = expand_runs(left, right, length)
        got: dict = {}
        for key, x, y in zip(np.repeat(keys, length).tolist(), pa.tolist(), pb.tolist()):
            got.setdefault((key // n, key % n), []).append((x, y))
        assert {k: sorted(v) for k, v in got.items()} == want
        assert sum(len(v) for v in got.values()) == len(pa)  # no seed twice
        # maximal: no run continues another on its diagonal; ordered by key, then left start
        assert not ((keys[1:] == keys[:-1]) & (left[1:] == left[:-1] + length[:-1])
                    & (right[1:] == right[:-1] + length[:-1])).any()
        assert (np.lexsort((left, keys)) == np.arange(len(keys))).all()
        h, d, p = common[0]
        assert sorted(zip(h.tolist(), d.tolist(), p.tolist())) == want_common
        assert (h.dtype, d.dtype, p.dtype) == (np.uint64, np.int64, np.int64)
        held.add(len(h) > 0)
    assert held == {True, False}


def test_near_copies_share_few_runs():
    """Ten copies of one text, each with one k-gram changed somewhere: each pair's thousands of
    shared k-grams are a handful of runs."""
    from core.matching.index import shared_kgram_runs

    rng = np.random.default_rng(1)
    base = rng.integers(0, 2**63, size=3000).astype(np.uint64)
    lists = []
    for i in range(10):
        doc = base.copy()
        doc[300 * i + 7] = np.uint64(i + 1)
        lists.append(doc)
    keys, _, _, length = shared_kgram_runs(np.concatenate(lists), np.full(10, 3000), cap=10, max_repeats=4)
    assert len(np.unique(keys)) == 45
    assert int(length.sum()) == 45 * 2998
    assert len(keys) == 45 * 3


def test_pairs_found_some_groups_at_a_time_are_the_same(monkeypatch):
    from core.matching import index

    rng = np.random.default_rng(3)
    lists = [rng.integers(0, 50, size=int(rng.integers(0, 40))).astype(np.uint64) for _ in range(30)]
    whole = candidate_pairs(lists, cap=20, max_repeats=3)
    monkeypatch.setattr(index, "PAIR_SLICE", 5)
    sliced = candidate_pairs(lists, cap=20, max_repeats=3)
    assert len(whole[0]) > 50
    assert all(a.tolist() == b.tolist() for a, b in zip(whole, sliced))


def test_a_run_never_crosses_into_the_next_document():
    """Document 0 ends with k-gram 1 and document 1 starts with k-gram 2; document 2 holds 1
    then 2: each pair shares one k-gram, not a run of two across the documents' boundary."""
    from core.matching.index import shared_kgram_runs

    hashes = np.array([5, 1, 2, 6, 7, 1, 2, 8], dtype=np.uint64)
    keys, left, right, length = shared_kgram_runs(hashes, np.array([2, 2, 4]), cap=10, max_repeats=8)
    assert list(zip(keys.tolist(), left.tolist(), right.tolist(), length.tolist())) == [
        (0 * 3 + 2, 1, 1, 1), (1 * 3 + 2, 0, 2, 1)]


def _pairs_by_hand(lists, cap, max_repeats, weights=None):
    """{(left, right): shared fingerprints} counted pair by pair."""
    sets = []
    for fps in lists:
        values, counts = np.unique(fps, return_counts=True)
        sets.append(set(values[counts <= max_repeats].tolist()))
    held = {}
    for doc, s in enumerate(sets):
        for h in s:
            held[h] = held.get(h, 0) + (1 if weights is None else int(weights[doc]))
    out = {}
    for i in range(len(sets)):
        for j in range(i + 1, len(sets)):
            shared = sum(1 for h in sets[i] & sets[j] if held[h] <= cap)
            if shared:
                out[(i, j)] = shared
    return out


def test_groups_with_the_same_members_are_counted_once_each(monkeypatch):
    """Copies share most fingerprints, each held by the same documents: such groups are
    expanded once and counted as many times; equal sums of member hashes (forced here for
    every group) are told apart by comparing the members."""
    from core.matching import index

    rng = np.random.default_rng(11)
    texts = [rng.integers(0, 400, 60).astype(np.uint64) for _ in range(4)]
    lists = []
    for _ in range(40):  # copies of 4 texts, each with fingerprints of its own
        own = rng.integers(400, 440, int(rng.integers(0, 6))).astype(np.uint64)
        lists.append(np.concatenate((texts[int(rng.integers(0, 4))], own)))
    weights = rng.integers(1, 3, len(lists))
    for cap, w in ((40, None), (25, None), (60, weights)):
        want = _pairs_by_hand(lists, cap, 8, w)
        for mix in (index.mix64, lambda x: np.zeros_like(x)):
            monkeypatch.setattr(index, "mix64", mix)
            left, right, shared = candidate_pairs(lists, cap=cap, max_repeats=8, weights=w)
            assert dict(zip(zip(left.tolist(), right.tolist()), shared.tolist())) == want
            left, right, shared = candidate_pairs(lists, cap=cap, max_repeats=8, weights=w, counted=False)
            assert list(zip(left.tolist(), right.tolist())) == sorted(want) and shared is None
    assert len(want) > 100


@pytest.mark.parametrize("slice_", [None, 7])
def test_pairs_not_counted_are_the_pairs_counted(monkeypatch, slice_):
    """Enough fingerprints for the bucket pre-pass of the postings' sort, some repeated in a
    document beyond max_repeats, some held by every document (over the cap), empty documents."""
    rng = np.random.default_rng(5)
    lists = [rng.integers(0, 3000, int(rng.integers(0, 2600))).astype(np.uint64) for _ in range(60)]
    lists[3] = np.zeros(0, np.uint64)
    lists = [np.concatenate((f, np.full(5, 4000 + i % 3, np.uint64), np.arange(5000, 5004, dtype=np.uint64)))
             for i, f in enumerate(lists)]
    assert sum(len(f) for f in lists) > 1 << 16
    if slice_:
        monkeypatch.setattr(index, "PAIR_SLICE", slice_)
    want = _pairs_by_hand(lists, 40, 4)
    left, right, shared = candidate_pairs(lists, cap=40, max_repeats=4)
    assert dict(zip(zip(left.tolist(), right.tolist()), shared.tolist())) == want
    left, right, shared = candidate_pairs(lists, cap=40, max_repeats=4, counted=False)
    assert list(zip(left.tolist(), right.tolist())) == sorted(want) and shared is None
    assert 100 < len(want) < 60 * 59 // 2


def _duplicated_by_sorting(hashes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    order = np.argsort(hashes, kind="stable")
    full = hashes[order]
    same = np.zeros(len(full), dtype=bool)
    same[1:] = full[1:] == full[:-1]
    same[:-1] |= full[1:] == full[:-1]
    return full[same], order[same]


@pytest.mark.parametrize("n, repeated", [(70_000, 0.01), (70_000, 0.9), (300_000, 0.05), (1_000, 0.5)])
def test_repeated_hashes_are_those_a_stable_sort_finds(n, repeated, monkeypatch):
    """Hashes alone in their bucket are left out before the sort (when that pays): whatever
    the share of repeats, the result is that of sorting them all, worked in slices and pieces
    of any length. Some hashes share a long prefix, some a bucket only."""
    rng = np.random.default_rng(n)
    hashes = rng.integers(0, 2**64 - 1, n, dtype=np.uint64)
    copies = rng.random(n) < repeated
    hashes[copies] = hashes[rng.integers(0, n, int(copies.sum()))]
    near = rng.integers(0, n, n // 50)
    hashes[near[: len(near) // 2]] = hashes[near[len(near) // 2:]] ^ np.uint64(1)  # same prefix
    taken = index._maybe_repeated(hashes)
    assert (taken is not None) == (n >= 1 << 16 and repeated < 0.5)
    want_full, want_at = _duplicated_by_sorting(hashes)
    for slice_, piece in ((index.SLICE, index.PIECE), (777, 777), (index.SLICE, 1000)):
        monkeypatch.setattr(index, "SLICE", slice_)
        monkeypatch.setattr(index, "PIECE", piece)
        full, at, _ = index._duplicated(hashes)
        assert np.array_equal(full, want_full) and np.array_equal(at, want_at)
        assert at.dtype == np.int32


@pytest.mark.parametrize("collide", [False, True])
@pytest.mark.parametrize("alone", [0.0, 0.3])
def test_hashes_sorted_stand_for_each_ones_hash_only_where_no_two_share_a_prefix(collide, alone, monkeypatch):
    """Most hashes repeated (a class of copies: every one sorted): their hashes sorted are
    taken for their gather, some once in the class (left out), unless two different hashes
    share the bits above the index, the rarer at lower indexes (sorted apart from their
    keys): then they are gathered, and either way the result is a stable sort's."""
    rng = np.random.default_rng(9)
    n = 5_000
    values = rng.integers(0, 2**64 - 1, 300, dtype=np.uint64)
    hashes = values[rng.integers(0, 300, n)]
    lone = rng.random(n) < alone
    hashes[lone] = rng.integers(0, 2**64 - 1, int(lone.sum()), dtype=np.uint64)
    if collide:  # values[:5] ^ 1 early on: smaller or larger than values[:5], with their prefix
        hashes[:20] = values[np.arange(20) % 5] ^ np.uint64(1)
    answers = []
    sorted_alike = index._in_prefix_order
    monkeypatch.setattr(index, "_in_prefix_order", lambda *a: answers.append(sorted_alike(*a)) or answers[-1])
    want_full, want_at = _duplicated_by_sorting(hashes)
    for piece in (index.PIECE, 7):
        monkeypatch.setattr(index, "PIECE", piece)
        full, at, _ = index._duplicated(hashes)
        assert np.array_equal(full, want_full) and np.array_equal(at, want_at)
    assert [a is None for a in answers] == [collide, collide]


@pytest.mark.parametrize("shape", ["alike", "one long", "some empty"])
def test_rows_laid_out_by_document_give_the_indexes_and_documents_of_a_stable_sort(shape, monkeypatch):
    """Copies' k-grams (every one sorted) keyed by document and position where that takes few
    more bits than an index: documents of one length, of 1 and 2 k-grams, empty ones among
    them, or one much longer (then keyed by index and looked up): the indexes of a stable
    sort and the documents a binary search finds, whatever the pieces."""
    rng = np.random.default_rng(11)
    lengths = rng.integers(60, 64, 70)
    lengths[1] = 65  # positions up to 64: 7 bits
    if shape == "one long":
        lengths[3] = 20_000
    if shape == "some empty":
        lengths[[0, 5, 6, 69]] = 0
        lengths[[7, 9]] = [1, 2]
    hashes = rng.integers(0, 2**64 - 1, 400, dtype=np.uint64)[rng.integers(0, 400, int(lengths.sum()))]
    hashes[::97] = rng.integers(0, 2**64 - 1, len(hashes[::97]), dtype=np.uint64)  # some alone
    laid = []
    rows_of = index._document_rows
    monkeypatch.setattr(index, "_document_rows", lambda *a: laid.append(rows_of(*a)) or laid[-1])
    want_full, want_at = _duplicated_by_sorting(hashes)
    want_docs = np.searchsorted(np.cumsum(lengths), want_at, "right")
    for piece in (index.PIECE, 7):
        monkeypatch.setattr(index, "PIECE", piece)
        full, at, docs = index._duplicated(hashes, lengths, np.int32)
        assert np.array_equal(full, want_full) and np.array_equal(at, want_at) and at.dtype == np.int32
        assert np.array_equal(docs, want_docs) and docs.dtype == np.int32
    assert [rows is None for rows in laid] == [shape == "one long"] * 2


def test_the_document_of_each_kgram_is_the_one_a_binary_search_finds():
    """`_documents` steps from the document of each block's first k-gram: across empty
    documents, short ones (several in a block, more than its steps) and long ones, it finds
    the last document starting at or before each index, as `searchsorted` does."""
    rng = np.random.default_rng(5)
    for _ in range(200):
        n = int(rng.integers(1, 60))
        lengths = rng.integers(0, 50, n) * (rng.random(n) < 0.8)
        lengths[rng.integers(0, n)] = int(rng.integers(1, 3000))
        offsets = np.concatenate(([0], np.cumsum(lengths)))
        total = int(offsets[-1])
        at = rng.integers(0, total, int(rng.integers(0, 6 * total))).astype(rng.choice([np.int32, np.int64]))
        want = np.searchsorted(offsets, at, "right") - 1
        assert np.array_equal(index._documents(at, offsets, np.int32), want)


def test_runs_found_some_blocks_at_a_time_and_on_two_threads_are_the_same(monkeypatch):
    """The pairs of blocks' members expanded in small chunks, half of them on a helper thread,
    give the same runs in the same order as all at once: joined or not, for some pairs or all."""
    import threading

    from core.matching.index import shared_kgram_runs

    rng = np.random.default_rng(11)
    lists = [rng.integers(0, 600, size=int(rng.integers(0, 300))).astype(np.uint64) for _ in range(40)]
    for i in range(1, 40, 3):  # pieces of other documents: long runs beside the chance ones
        other = lists[int(rng.integers(0, i))]
        at = int(rng.integers(0, max(1, len(other) - 20)))
        lists[i] = np.concatenate((lists[i][:50], other[at:at + int(rng.integers(5, 60))], lists[i][50:]))
    hashes = np.concatenate(lists)
    lengths = np.array([len(x) for x in lists], dtype=np.int64)
    pairs = np.array(sorted({int(a) * 40 + int(b) for a, b in rng.integers(0, 40, (300, 2)) if a < b}))
    options = [{"join": False}, {"join": True}, {"join": False, "pairs": pairs}, {"join": True, "pairs": pairs}]
    whole = [shared_kgram_runs(hashes, lengths, cap=30, max_repeats=40, **o) for o in options]
    threads = []
    expand = index._block_pairs

    def noted(*args):
        threads.append(threading.current_thread().name)
        return expand(*args)

    monkeypatch.setattr(index, "_block_pairs", noted)
    monkeypatch.setattr(index, "BLOCK_PAIRS", 64)
    for table in (index.TABLE_KEYS, 0):  # the pairs looked up in a table of every key, or searched
        monkeypatch.setattr(index, "TABLE_KEYS", table)
        for o, want in zip(options, whole):
            got = shared_kgram_runs(hashes, lengths, cap=30, max_repeats=40, **o)
            assert len(want[0]) > 500 and all(a.tolist() == b.tolist() and a.dtype == b.dtype for a, b in zip(got, want))
    assert len(threads) > 40 and "plagscope-ahead" in threads and threading.current_thread().name in threads
    asked = []

    def later():
        asked.append(len(threads))
        return pairs

    for join, want in ((False, whole[2]), (True, whole[3])):  # the pairs given as a function: asked once
        got = shared_kgram_runs(hashes, lengths, cap=30, max_repeats=40, join=join, pairs=later)
        assert all(a.tolist() == b.tolist() and a.dtype == b.dtype for a, b in zip(got, want))
    assert len(asked) == 2 and asked[1] > asked[0]  # before the blocks' pairs are expanded
    assert (whole[1][3] > 3).sum() > 10  # runs of several k-grams among them


def _block_pairs_by_hand(starts, sizes, length, docs, positions, n, pairs):
    """Each two members i < j of each block, in order, in different documents and (given)
    among `pairs`: (key, left start, right start, length)."""
    out = []
    for start, size, run in zip(starts.tolist(), sizes.tolist(), length.tolist()):
        for i in range(start, start + size):
            for j in range(i + 1, start + size):
                key = int(docs[i]) * n + int(docs[j])
                if docs[i] != docs[j] and (pairs is None or key in set(pairs.tolist())):
                    out.append((key, int(positions[i]), int(positions[j]), run))
    return out


@pytest.mark.parametrize("table", [True, False])
def test_block_pairs_are_each_two_members_of_each_block_in_order(table):
    """`_block_pairs` of any chunk of blocks: every two members of a block, in order, in
    different documents and among the pairs (a table of every key, or sorted keys, or all),
    with blocks of two members and of many, members sharing a document, a chunk of one block."""
    rng = np.random.default_rng(13)
    for trial in range(30):
        n = int(rng.integers(2, 30))
        sizes = rng.integers(2, 3 if trial % 5 == 0 else 25, int(rng.integers(1, 12)))
        total = int(sizes.sum()) + int(rng.integers(0, 9))
        starts = np.sort(rng.choice(total - int(sizes.max()) + 1, len(sizes)))  # blocks may overlap: any members
        docs = np.sort(rng.integers(0, n, total)).astype(np.int32)  # a block's documents ascending
        positions = rng.integers(0, 5000, total).astype(np.int32)
        length = rng.integers(1, 50, len(sizes)).astype(np.int32)
        keys = np.unique([a * n + b for a, b in rng.integers(0, n, (60, 2)).tolist() if a < b])  # left < right
        for pairs in (keys, None):
            given = pairs
            if table and pairs is not None:
                given = np.zeros(n * n, bool)
                given[pairs] = True
            lo = int(rng.integers(0, len(sizes)))
            hi = int(rng.integers(lo + 1, len(sizes) + 1))
            got = index._block_pairs(starts, sizes, length, docs, positions, n, given, (lo, hi))
            want = _block_pairs_by_hand(starts[lo:hi], sizes[lo:hi], length[lo:hi], docs, positions, n, pairs)
            assert list(zip(*(c.tolist() for c in got))) == want
            assert got[0].dtype == np.int32


def test_runs_apart_keep_narrow_keys_and_the_kgrams_can_be_made_by_the_join():
    """Without `join` the pair keys are int32 when every key fits (joined: int64, as a lexsort of
    them needs); k-grams given as a function are made by the join: the same runs either way."""
    from core.matching.index import shared_kgram_runs

    rng = np.random.default_rng(5)
    text = rng.integers(0, 400, 600).astype(np.uint64)
    lists = [np.concatenate((rng.integers(0, 400, 20).astype(np.uint64), text[i * 7:])) for i in range(12)]
    hashes = np.concatenate(lists)
    lengths = np.array([len(x) for x in lists], dtype=np.int64)
    pairs = np.array([a * 12 + b for a in range(12) for b in range(a + 1, 12) if (a + b) % 3], np.int64)
    for options in ({}, {"pairs": pairs}):
        apart = shared_kgram_runs(hashes, lengths, cap=12, max_repeats=8, join=False, **options)
        made = shared_kgram_runs(lambda: hashes.copy(), lengths, cap=12, max_repeats=8, join=False, **options)
        joined = shared_kgram_runs(lambda: hashes.copy(), lengths, cap=12, max_repeats=8, **options)
        assert apart[0].dtype == np.int32 and joined[0].dtype == np.int64 and len(apart[0]) > 50
        assert all(a.tolist() == b.tolist() and a.dtype == b.dtype for a, b in zip(apart, made))
        want = index.maximal_runs(apart[0].astype(np.int64), apart[1].astype(np.int64),
                                  apart[2].astype(np.int64), apart[3])
        assert all(a.tolist() == b.tolist() for a, b in zip(joined, want))


def test_parts_become_columns_and_are_let_go_of():
    rng = np.random.default_rng(6)
    parts = [tuple(rng.integers(0, 99, size) for _ in range(4)) for size in (3, 0, 5, 1)]
    want = [np.concatenate([p[i] for p in parts]).tolist() for i in range(4)]
    given = list(parts)
    assert [c.tolist() for c in index._columns(given)] == want
    assert given == []  # the caller's list is emptied: the pieces are held by none
    one = [tuple(np.arange(3) + i for i in range(4))]
    assert [c.tolist() for c in index._columns(one)] == [[0, 1, 2], [1, 2, 3], [2, 3, 4], [3, 4, 5]]


def test_by_key_numbers_rows_a_slice_at_a_time(monkeypatch):
    """`by_key` packs the rows' indexes in pieces: across their edges the order is still that
    of a stable sort."""
    from core.matching.index import by_key

    monkeypatch.setattr(index, "PIECE", 7)
    rng = np.random.default_rng(8)
    keys = rng.integers(0, 5, 100).astype(np.int32)
    then = rng.integers(0, 4, 100).astype(np.int32)
    assert by_key(keys).tolist() == np.argsort(keys, kind="stable").tolist()
    assert by_key(keys, then).tolist() == np.lexsort((then, keys)).tolist()
    assert keys.dtype == np.int32 and then.dtype == np.int32  # the rows' own arrays are not changed


def _blocks_by_hand(groups, offsets):
    """From the definition: group g chains to the group holding every member's next k-gram
    (none past a document's end) when that group holds no other; (first member, size, number
    of groups in the chain) of each group no other chains to."""
    starts = set(offsets[1:].tolist())
    where = {frozenset(g): i for i, g in enumerate(groups)}
    succ = [None if any(p + 1 in starts for p in g) else where.get(frozenset(p + 1 for p in g)) for g in groups]
    led = {s for s in succ if s is not None}
    heads = []
    for i, g in enumerate(groups):
        if i in led:
            continue
        length, at = 1, succ[i]
        while at is not None:
            length, at = length + 1, succ[at]
        heads.append((g[0], len(g), length))
    return heads


@pytest.mark.parametrize("sparse", [0.0, 2.0])
def test_blocks_are_the_chains_of_groups_holding_each_members_next_kgram(sparse, monkeypatch):
    """Near copies (edits, documents cut short, empty ones, a text running on into the next
    document) with some occurrences left out, as the join's filters do: `_blocks` finds the
    chains of the definition, reading every position in order or looking up each member's
    next k-gram."""
    monkeypatch.setattr(index, "SPARSE", sparse)
    monkeypatch.setattr(index, "SLICE", 97)
    rng = np.random.default_rng(9)
    for trial in range(150):
        base = rng.integers(0, 30 if trial % 2 else 300, size=int(rng.integers(3, 80)))
        lists = []
        for _ in range(int(rng.integers(2, 9))):
            doc = base.copy()
            for _ in range(int(rng.integers(0, 3))):
                doc[int(rng.integers(0, len(doc)))] = int(rng.integers(0, 400))
            cut = int(rng.integers(0, len(doc) + 1)) if rng.random() < 0.3 else len(doc)
            lists.append(doc[:cut] if rng.random() < 0.5 else doc[len(doc) - cut:])
        if trial % 3 == 0:  # one text split over two documents: no chain crosses between them
            lists[0], lists[1] = base[:len(base) // 2], base[len(base) // 2:]
        hashes = np.concatenate(lists).astype(np.uint64)
        offsets = np.concatenate(([0], np.cumsum([len(x) for x in lists])))
        full, at = _duplicated_by_sorting(hashes)
        kept = rng.random(len(at)) < (1.0 if trial % 4 else 0.85)
        full, at = full[kept], at[kept]
        if len(at) < 2:
            continue
        bounds = np.flatnonzero(np.concatenate(([True], full[1:] != full[:-1], [True])))
        two = np.repeat(np.diff(bounds) >= 2, np.diff(bounds))
        full, at = full[two], at[two].astype(np.int32)
        if len(at) < 2:
            continue
        bounds = np.flatnonzero(np.concatenate(([True], full[1:] != full[:-1], [True])))
        groups = [at[a:b].tolist() for a, b in itertools.pairwise(bounds.tolist())]
        first, size, length = index._blocks(bounds, at, offsets)
        got = list(zip(at[first].tolist(), size.tolist(), length.tolist()))
        assert got == _blocks_by_hand(groups, offsets)


def test_sorted_rows_read_back_as_a_stable_sort_orders_them(monkeypatch):
    """`sorted_rows` packs key, then and row: its rows are those of a lexsort, and the keys and
    `then` read back from them are the sorted ones, packed a piece of any length at a time;
    rows that need more than 63 bits (keys, `then` and row numbers together) are None, and
    `by_key` then sorts them as a lexsort does."""
    monkeypatch.setattr(index, "PIECE", 7)
    rng = np.random.default_rng(12)
    for high in (1, 5, 2**20, 2**40):
        keys = rng.integers(0, high, 100)
        for then in (rng.integers(0, 4, 100), np.zeros(100, np.int64), rng.integers(0, 2**21, 100)):
            want = np.lexsort((then, keys))
            rows = index.sorted_rows(keys, then)
            if high == 2**40 and then.max() >= 2**15:
                assert rows is None  # 41 + 21 + 7 bits
            else:
                packed, shift, bits = rows
                assert (packed & ((1 << bits) - 1)).tolist() == want.tolist()
                assert (packed >> (bits + shift)).tolist() == keys[want].tolist()
                assert ((packed >> bits) & ((1 << shift) - 1)).tolist() == then[want].tolist()
            assert index.by_key(keys, then).tolist() == want.tolist()
