"""The scoring step's shortcuts for near copies give what the general steps give: the in-passage
alignment's one-unit gaps (`alignment._fill`), pairs left out of `scoring.plan` because their
few runs lie on one diagonal (`passages.on_one_diagonal`), pairs whose runs are in one piece
given their one group (`passages.one_piece`), and the coverage of one passage."""

import itertools
import random

import numpy as np
import pytest

from core.engine.normalize import Units
from core.engine.profile import profiles
from core.matching import alignment, passages, scoring
from core.matching import compare as compare_module
from core.matching.alignment import align_units
from core.matching.compare import compare
from core.matching.index import shared_kgram_runs
from core.matching.sources import SEEDS
from core.models import Span
from core.options import CheckOptions
from core.pipeline import run


def _fill_in_general(x, y, a0, a1, b0, b1, k, tx, ty, repeats=None, differ=None):
    """`alignment._fill` with every gap between anchors aligned by a call of its own, one unit
    each side or more (as it was written before its one-unit gaps were read off in place)."""
    while a0 < a1 and b0 < b1 and x[a0] == y[b0]:
        tx[a0] = ty[b0] = True
        a0, b0 = a0 + 1, b0 + 1
    while a0 < a1 and b0 < b1 and x[a1 - 1] == y[b1 - 1]:
        tx[a1 - 1] = ty[b1 - 1] = True
        a1, b1 = a1 - 1, b1 - 1
    la, lb = a1 - a0, b1 - b0
    if not la or not lb or la == lb == 1:
        return
    if la * lb <= alignment.DP_CELLS:
        alignment._lcs(x[a0:a1].tolist(), y[b0:b1].tolist(), a0, b0, tx, ty)
        return
    if k < alignment.K_MIN or la < k or lb < k:
        return
    anchors = (None if repeats is None else
               alignment._in_line(x, y, a0, a1, b0, b1, k, tx, ty, repeats, differ))
    if anchors is None:
        hx, hy = alignment.kgram_hashes(x[a0:a1], k), alignment.kgram_hashes(y[b0:b1], k)
        anchors = alignment._one_diagonal(hx, hy, a0, b0, k, tx, ty)
        if anchors is None:
            anchors = alignment._anchors(hx, hy, a0, b0, k, tx, ty)
    anchors.sort()
    bounds = [(a0, b0, 0), *anchors, (a1, b1, 0)]
    for (pa, pb, pl), (qa, qb, _) in itertools.pairwise(bounds):
        ga0, gb0 = pa + pl, pb + pl
        if ga0 < qa and gb0 < qb and not np.count_nonzero(ty[gb0:qb]):
            _fill_in_general(x, y, ga0, qa, gb0, qb, k - 1, tx, ty)


def _near_copies(rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray, int]:
    """Two copies of one unit sequence, each edited a few times of its own (a unit changed,
    inserted or deleted, inside or at either end; some so close that one unit is left between
    two edits), in texts that repeat units and phrases: equally long or not."""
    k = int(rng.integers(2, 7))
    base = rng.integers(0, int(rng.choice([4, 30, 3000])), int(rng.integers(2 * k + 6, 300)))
    if rng.integers(0, 3) == 0:  # a phrase repeated here and there
        phrase = rng.integers(0, 4, k + 1)
        for at in rng.choice(len(base) - len(phrase), 3, replace=False):
            base[at:at + len(phrase)] = phrase
    copies = []
    for _ in range(2):
        c = base.copy()
        for _ in range(int(rng.integers(1, 5))):
            at = int(rng.choice([0, len(c) - 1, int(rng.integers(0, len(c)))]))
            op = int(rng.choice([0, 0, 0, 1, 2]))  # mostly substitutions: sides as long
            if op == 0:
                c[at] = 7000 + rng.integers(0, 3)
                if rng.integers(0, 2) and at + 2 < len(c):
                    c[at + 2] = 7000 + rng.integers(0, 3)  # one unit between two edits
            elif op == 1:
                c = np.insert(c, at, 7000 + rng.integers(0, 3))
            elif len(c) > 2 * k:
                c = np.delete(c, at)
        copies.append(c.astype(np.uint64))
    return copies[0], copies[1], k


@pytest.mark.parametrize("seed", range(4))
def test_one_unit_gaps_are_aligned_as_the_general_fill_aligns_them(seed, monkeypatch):
    rng = np.random.default_rng(700 + seed)
    cases = []
    for _ in range(300):
        x, y, k = _near_copies(rng)
        hx = alignment.kgram_hashes(x, k)
        repeats = int(np.unique(hx, return_counts=True)[1].max()) if len(hx) else 0
        cases.append((x, y, k, repeats))
    fast = [align_units(x, y, k, (lambda r=r: r) if i % 2 else None) for i, (x, y, k, r) in enumerate(cases)]
    monkeypatch.setattr(alignment, "_fill", _fill_in_general)
    slow = [align_units(x, y, k, (lambda r=r: r) if i % 2 else None) for i, (x, y, k, r) in enumerate(cases)]
    taken_in_gaps = 0
    for f, s in zip(fast, slow):
        assert (f.left == s.left).all() and (f.right == s.right).all()
        taken_in_gaps += not f.verbatim
    assert taken_in_gaps > 100
    assert sum(len(x) == len(y) for x, y, _, _ in cases) > 60
    assert sum(len(x) != len(y) for x, y, _, _ in cases) > 30


def test_units_left_between_two_edits_are_taken_when_equal():
    """A unit between two changed ones, inside a copy: taken (each side's one-unit gap holds
    equal units); at the edge of the passage the same."""
    base = np.arange(100, 160, dtype=np.uint64)
    for at in (30, 0, len(base) - 3):  # inside, at the start, at the end
        x, y = base.copy(), base.copy()
        x[at], x[at + 2] = 9000, 9001  # x[at + 1] left between, equal on both sides
        y[at], y[at + 2] = 9002, 9003
        got = align_units(x, y, 5, lambda: 1)
        want = np.ones(len(base), bool)
        want[[at, at + 2]] = False
        assert (got.left == want).all() and (got.right == want).all()


def test_pairs_on_one_diagonal_are_those_with_few_runs_on_one():
    rng = random.Random(5)
    count, pa, pb, want = [], [], [], []
    for _ in range(500):
        n = rng.choice([1, 2, 3, passages._FEW, passages._FEW + 1, 40])
        a = sorted(rng.sample(range(2000), n))
        d = rng.randrange(-50, 50)
        b = [s + d for s in a]
        if rng.random() < 0.4:  # one run off the diagonal
            at = rng.randrange(n)
            b[at] += rng.choice([-3, 1, 7])
        count.append(n)
        pa.extend(a)
        pb.extend(b)
        want.append(n <= passages._FEW and len({y - x for x, y in zip(a, b)}) == 1)
    got = passages.on_one_diagonal(np.array(count), np.array(pa), np.array(pb))
    assert got.tolist() == want
    assert 50 < sum(want) < 450
    assert passages.on_one_diagonal(np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, np.int64)).tolist() == []


def _edited(rng: random.Random, text: str, how: str) -> str:
    chars = list(text)
    if how == "one":  # one character: its runs on one diagonal, a gap `_one_diagonal` takes
        at = rng.randrange(len(chars))
        chars[at] = "鑫"
    elif how == "wide":  # a stretch wider than short_gap: on one diagonal, but not one piece
        at = rng.randrange(40, len(chars) - 80)
        chars[at:at + 30] = "鑫" * 30
    else:  # a sentence moved: two diagonals
        at = rng.randrange(40, len(chars) - 80)
        piece = chars[at:at + 50]
        del chars[at:at + 50]
        chars[10:10] = piece
    return "".join(chars)


def test_a_check_of_near_copies_finds_the_same_when_plan_leaves_them_to_align(monkeypatch):
    """Near copies whose runs lie on one diagonal get no groups from `plan`: it finds their
    passages itself where the runs are one piece (`one_diagonal_each`); where they are not (a
    gap wider than the short gap), `align` finds their groups itself. The check finds what it
    finds when every pair's passages are found pair by pair."""
    rng = random.Random(17)
    alphabet = [chr(c) for c in range(0x4E00, 0x4E00 + 3000)]
    sources = ["".join(rng.choice(alphabet) for _ in range(400)) for _ in range(4)]
    texts = [_edited(rng, s, how) for s in sources for how in ("one", "one", "wide", "wide", "moved")]
    options = CheckOptions(semantic=False)
    grouped_alone = []
    real = passages.solid_groups

    def solid_groups(pair, *args):
        grouped_alone.append(args[-1] == 1)
        return real(pair, *args)

    monkeypatch.setattr(passages, "solid_groups", solid_groups)  # what `align` calls itself
    left_out, settled = [], []
    real_plan = scoring.plan

    def plan(corpus, keys):
        real_plan(corpus, keys)
        for key, (pa, pb, length) in corpus.evidence[SEEDS].joined.items():
            one = len(pa) <= passages._FEW and len(set((pb - pa).tolist())) == 1
            if int(length.sum()) >= corpus.profiles[0].params.guarantee - corpus.profiles[0].params.k + 1:
                assert (key in corpus.evidence[scoring.GROUPS]) != one or key in corpus.evidence[scoring.SETTLED]
                assert not (key in corpus.evidence[scoring.GROUPS] and key in corpus.evidence[scoring.SETTLED])
                left_out.append(one)
                settled.append(one and key in corpus.evidence[scoring.SETTLED])

    monkeypatch.setattr(compare_module, "plan", plan)
    together = run(compare(profiles(texts, options), options, texts=texts))
    assert sum(grouped_alone) >= 4  # "wide" pairs: left out of plan, grouped by align
    assert sum(left_out) >= 20 and len(left_out) - sum(left_out) >= 10 and sum(settled) >= 4
    monkeypatch.setattr(compare_module, "plan", lambda corpus, keys: None)
    by_pair = run(compare(profiles(texts, options), options, texts=texts))
    assert together == by_pair
    assert sum(1 for r in together if r.matches and r.matches[0].left_changes) >= 20


def test_the_coverage_of_one_span_is_the_units_inside_it():
    rng = random.Random(3)
    for _ in range(300):
        lengths = [rng.randint(1, 3) for _ in range(rng.randint(1, 40))]
        starts, at = [], 0
        for n in lengths:
            at += rng.randint(0, 2)
            starts.append(at)
            at += n
        units = Units(np.array(starts, np.int32), np.array([s + n for s, n in zip(starts, lengths)], np.int32),
                      np.zeros(len(starts), np.uint64), np.zeros(len(starts), bool))
        lo = rng.randint(0, at + 2)
        span = Span(lo, rng.randint(lo - 3, at + 3))
        inside = sum(1 for s, n in zip(starts, lengths) if s >= span.start and s + n <= span.end)
        assert passages.coverage(units, [span]) == inside / len(starts)
        assert passages.coverage(units, [span, span]) == inside / len(starts)


def _prose(rng: random.Random, phrases: list[str], size: int) -> str:
    """Text that repeats phrases as prose does (a few stock phrases among sentences of their
    own), punctuated."""
    alphabet = [chr(c) for c in range(0x4E00, 0x4E00 + 3000)]
    out = []
    while sum(map(len, out)) < size:
        out.append(rng.choice(phrases) if rng.random() < 0.3 else
                   "".join(rng.choice(alphabet) for _ in range(rng.randint(3, 12))))
        out.append(rng.choice("，。；"))
    return "".join(out)


def _shared_runs(left: str, right: str, options: CheckOptions):
    """The two texts' profiles and the runs of k-grams they share, as the fingerprint join
    finds them: (a, b, starts in a, starts in b, lengths)."""
    a, b = profiles([left, right], options)
    k = a.params.k
    ha, hb = alignment.kgram_hashes(a.units.hashes, k), alignment.kgram_hashes(b.units.hashes, k)
    _, ra, rb, rl = shared_kgram_runs(np.concatenate((ha, hb)), np.array([len(ha), len(hb)]),
                                      cap=10, max_repeats=8)
    return a, b, ra, rb, rl


def test_runs_in_one_piece_are_the_one_group_solid_groups_finds():
    """`one_piece` is `_one_piece` on both axes, pair by pair; where it holds, `solid_groups`
    finds one group of all the pair's runs, kept whole, or none (too few units, which `align`
    checks again)."""
    rng = random.Random(8)
    options = CheckOptions(semantic=False)
    phrases = ["".join(rng.choice("甲乙丙丁戊己庚辛") for _ in range(rng.randint(5, 9))) for _ in range(6)]
    seen = {True: 0, False: 0}
    for _ in range(100):
        base = _prose(rng, phrases, rng.randint(60, 500))
        left, right = base, list(base)
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(right))
            right[at:at + rng.choice([1, 1, 20])] = rng.choice(["鑫", "鑫" * 20])  # a gap on either side
        a, _, ra, rb, rl = _shared_runs(left, "".join(right), options)
        p = a.params
        if len(ra) < 2:
            continue
        for gap in (p.short_gap, 3, 1):
            got = bool(passages.one_piece(np.array([len(ra)]), ra, rb, rl, np.array([p.k]), np.array([gap]))[0])
            want = passages._one_piece(ra, rl, p.k, gap) and passages._one_piece(rb, rl, p.k, gap)
            assert got == want
            seen[got] += 1
        if passages.one_piece(np.array([len(ra)]), ra, rb, rl, np.array([p.k]),
                              np.array([min(p.gap, p.short_gap)]))[0]:
            groups = passages.solid_groups(np.zeros(len(ra), np.int64), ra, rb, rl, p.k, p.gap, p.short_gap,
                                           p.guarantee, p.dense, 1)[0]
            assert not groups or (len(groups) == 1 and groups[0][1]
                                  and groups[0][0].tolist() == list(range(len(ra))))
    assert seen[True] > 30 and seen[False] > 30


@pytest.mark.parametrize("seed", range(3))
def test_the_box_of_all_runs_makes_the_passage_their_group_makes(seed):
    """The `Box` of a pair's runs (found with other pairs' by `boxes`) is what its fields say, and
    `box_passages` of it makes the passage `align` makes from the group of all of them: runs of near copies of prose, whatever
    their order, several starting or ending at a passage's ends, and too few units."""
    rng = random.Random(30 + seed)
    options = CheckOptions(semantic=False)
    phrases = ["".join(rng.choice("甲乙丙丁戊己庚辛") for _ in range(rng.randint(5, 9))) for _ in range(6)]
    cases = []
    for _ in range(40):
        base = _prose(rng, phrases, rng.randint(40, 400))
        if rng.random() < 0.6:  # a phrase repeated at an end: runs on several diagonals start (end) there
            twice = rng.choice(phrases) * rng.randint(2, 10)
            base = twice + base if rng.random() < 0.5 else base + twice
        right = list(base)
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(right))
            right[at:at + rng.choice([0, 1, 1, 3])] = rng.choice(["鑫", "鑫鑫", ""])
        a, b, ra, rb, rl = _shared_runs(base, "".join(right), options)
        p = a.params
        if len(ra) < 2:
            continue
        order = rng.sample(range(len(ra)), len(ra))
        cases.append((a, b, ra[order], rb[order], rl[order]))
        if rng.random() < 0.5:  # a run cut in two: runs that end, or start, where another does
            cut = rl[order] // 2
            keep = cut > 0
            cases.append((a, b, np.concatenate((ra[order], (ra[order] + cut)[keep])),
                          np.concatenate((rb[order], (rb[order] + cut)[keep])),
                          np.concatenate((np.where(keep, cut, rl[order]), (rl[order] - cut)[keep]))))
    made = passages.boxes(np.array([len(ra) for *_, ra, _, _ in cases]), *(np.concatenate([c[i] for c in cases])
                                                                        for i in (2, 3, 4)),
                          np.array([a.params.k for a, *_ in cases]))
    found = 0
    for (a, b, ra, rb, rl), box in zip(cases, made):
        p = a.params
        assert box == _box_by_definition(ra.tolist(), rb.tolist(), rl.tolist(), p.k)
        assert passages.boxes(np.array([len(ra)]), ra, rb, rl, np.array([p.k])) == [box]  # alone, as `align` asks
        for need in (p.guarantee, 1, box.covered_a, box.covered_b):
            want = passages.align(a.units, b.units, ra, rb, p.k, p.gap, need, p.short_gap, p.dense, length=rl,
                                  groups=[(np.arange(len(ra)), True)])
            assert passages.box_passages(a.units, b.units, [box], p.k, need) == want
            found += bool(want.passages)
    assert found > 40


def _box_by_definition(pa: list[int], pb: list[int], length: list[int], k: int) -> passages.Box:
    """The `Box` of one group of runs, field by field from what it says, in plain Python: the
    units the k-grams cover on each side, the first and the last seed on each side, and the
    other side's seed at each of those ends (of several, the first)."""
    runs = list(zip(pa, pb, length))
    a_lo, b_lo = min(pa), min(pb)
    a_end = max(x + n - 1 for x, _, n in runs)
    b_end = max(y + n - 1 for _, y, n in runs)
    return passages.Box(
        len({u for x, _, n in runs for u in range(x, x + n - 1 + k)}),
        len({u for _, y, n in runs for u in range(y, y + n - 1 + k)}),
        a_lo, a_end, b_lo, b_end,
        min(y for x, y, _ in runs if x == a_lo), min(y + n - 1 for x, y, n in runs if x + n - 1 == a_end),
        min(x for x, y, _ in runs if y == b_lo), min(x + n - 1 for x, y, n in runs if y + n - 1 == b_end))


def _box_passages_in_general(a, b, boxes, k, min_units):
    """`passages.box_passages` with every passage list merged and shadowed ones dropped, one
    passage too (as `align` did it before)."""
    return passages.Alignment(passages._drop_shadowed(passages._merge(
        [passages._passage(a, b, box, k) for box in boxes if min(box.covered_a, box.covered_b) >= min_units])))


def test_groups_all_kept_whole_make_the_passages_align_makes(monkeypatch):
    """Where every group `solid_groups` finds of a pair is kept whole, `box_passages` of their
    `Box`es (`group_boxes`, many pairs at once) is what `align` finds of the pair's runs in
    general: copies with stretches of their own wider than the short gap or the gap, a
    stretch copied twice, pieces moved, a stock phrase elsewhere (passages that overlap or are
    shadowed); the pairs with a group to grow are counted, not settled."""
    rng = random.Random(60)
    options = CheckOptions(semantic=False)
    phrases = ["".join(rng.choice("甲乙丙丁戊己庚辛") for _ in range(rng.randint(5, 9))) for _ in range(6)]
    alphabet = [chr(c) for c in range(0x4E00 + 3000, 0x4E00 + 6000)]
    cases = []
    for _ in range(100):
        base = _prose(rng, phrases, rng.randint(80, 500))
        right = list(base)
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(right))
            how = rng.choice([0, 0, 1, 1, 2, 3])
            if how == 0:  # a stretch of its own: pieces (short gap) or groups (gap) apart
                right[at:at + rng.choice([0, 3])] = [rng.choice(alphabet) for _ in range(rng.choice([18, 30, 60, 80]))]
            elif how == 1:  # a stretch copied twice: passages over the same units of one side
                right[at:at] = base[rng.randrange(len(base)):][:rng.randint(8, 60)]
            elif how == 2:  # two parts swapped: groups on diagonals of their own
                right = right[at:] + right[:at]
            else:  # a stock phrase and a few words of the other's, far from the copy
                right.extend([rng.choice(alphabet) for _ in range(60)] + list(rng.choice(phrases) + base[:rng.randint(3, 9)]))
        a, b, ra, rb, rl = _shared_runs(base, "".join(right), options)
        if len(ra):
            cases.append((a, b, ra, rb, rl))
    count = np.array([len(ra) for *_, ra, _, _ in cases])
    pa, pb, length = (np.concatenate([c[i] for c in cases]) for i in (2, 3, 4))
    p = cases[0][0].params
    pair = np.repeat(np.arange(len(cases)), count)
    groups = passages.solid_groups(pair, pa, pb, length, p.k, p.gap, p.short_gap, p.guarantee, p.dense, len(cases))
    made = passages.group_boxes(groups, np.cumsum(count) - count, pa, pb, length, np.full(len(cases), p.k))
    seen = {"whole": 0, "several": 0, "merged or dropped": 0, "grows": 0}
    for (a, b, ra, rb, rl), these, box in zip(cases, groups, made):
        if not all(kept for _, kept in these):
            seen["grows"] += 1
            continue
        with monkeypatch.context() as m:
            m.setattr(passages, "box_passages", _box_passages_in_general)
            want = passages.align(a.units, b.units, ra, rb, p.k, p.gap, p.guarantee, p.short_gap, p.dense,
                                  length=rl)
        assert passages.box_passages(a.units, b.units, box, p.k, p.guarantee) == want
        seen["whole"] += 1
        seen["several"] += len(box) > 1
        seen["merged or dropped"] += len(want.passages) < len(box)
    assert all(v > 2 for v in seen.values()) and seen["whole"] > 30, seen


def test_a_check_of_near_copies_of_prose_finds_the_same_with_their_runs_in_one_piece(monkeypatch):
    """Near copies of texts that repeat phrases (runs off the diagonal, in one piece): `plan`
    gives them one group without `solid_groups`; the check finds what it finds when every
    pair's groups are found pair by pair."""
    rng = random.Random(21)
    phrases = ["".join(rng.choice("甲乙丙丁戊己庚辛") for _ in range(rng.randint(5, 9))) for _ in range(6)]
    sources = [_prose(rng, phrases, 500) for _ in range(3)]
    texts = []
    for s in sources:
        for how in range(7):
            chars = list(s)
            at = rng.randrange(len(chars))
            if how < 3:
                chars[at] = rng.choice("鑫A")
            elif how < 5:
                chars[at:at + 1] = "鑫鑫"
            elif how == 5:
                chars[:0] = f"姓名：{rng.choice('张王李')}  学号：{rng.randint(10, 99)}\n\n"
            else:  # a stretch wider than the gap inserted: two groups, not one piece
                at = rng.randrange(100, len(chars) - 100)
                chars[at:at] = "鑫" * 60
            texts.append("".join(chars))
    options = CheckOptions(semantic=False)
    whole = []
    real_plan = scoring.plan

    def plan(corpus, keys):
        real_plan(corpus, keys)
        joined = corpus.evidence[SEEDS].joined  # settled, off one diagonal: one piece, by its `Box`
        whole.extend(len(set((joined[key][1] - joined[key][0]).tolist())) > 1 for key in corpus.evidence[scoring.SETTLED])

    monkeypatch.setattr(compare_module, "plan", plan)
    together = run(compare(profiles(texts, options), options, texts=texts))
    monkeypatch.setattr(compare_module, "plan", lambda corpus, keys: None)
    by_pair = run(compare(profiles(texts, options), options, texts=texts))
    assert together == by_pair
    assert sum(whole) >= 20


def test_the_box_reads_the_other_side_of_the_seed_at_each_end():
    """Where another run reaches further on the other side than the run at one side's first
    seed, the passage is extended back from that run's place on the other side: the `Box`
    reads it as the group does (the units before each first seed are equal only there)."""
    def units(hashes):
        starts = np.arange(len(hashes), dtype=np.int32)
        return Units(starts, starts + 1, np.array(hashes, np.uint64), np.ones(len(hashes), bool))

    a = units(list(range(100, 140)))
    b_hashes = list(range(100, 140))
    b_hashes[0] = 107  # the unit before b's first seed is the one before a's run there
    b = units(b_hashes)
    pa, pb, length = np.array([5, 8, 12]), np.array([5, 1, 30]), np.array([10, 3, 4])
    k = 3
    want = passages.align(a, b, pa, pb, k, 45, 1, 16, 0, length=length, groups=[(np.arange(3), True)])
    box = passages.boxes(np.array([3]), pa, pb, length, np.array([k]))[0]
    assert passages.box_passages(a, b, [box], k, 1) == want
    assert (box.b_at_a_lo, box.a_at_b_lo) == (5, 8)
    m = want.passages[0]
    assert (m.a0, m.b0) == (1, 0)  # four units back on a's side (b's first differs), one on b's
