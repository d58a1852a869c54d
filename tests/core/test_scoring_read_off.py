"""The scoring step's figures read off what the alignment already knows, and `plan`'s work on
arrays, give what the general ways give: a pair's coverage from its passages' unit ranges (the
character spans searched), its taken units from each passage's alignment (masks over the
documents), `plan`'s groups (pair by pair as it found them before), `_covered_each` without a
lexsort, `_runs_of` in one pass (the numpy way) and `Seeds.prepare`'s arrays (its joined runs)."""

import random

import numpy as np
import pytest

from core.engine.normalize import Units
from core.engine.profile import profiles
from core.matching import alignment, passages, scoring
from core.matching import compare as compare_module
from core.matching.compare import compare
from core.matching.sources import SEEDS
from core.models import Span
from core.options import CheckOptions
from core.pipeline import run

_MARKS = ["“", "”", "「", "」", "（", "）", "。", "，", "！", "……", " ", "\n", "\"", "'", "(", ")", "."]


def _texts(seed: int) -> list[str]:
    """Prose that repeats phrases, punctuated with opening and closing marks (spans that take in
    marks around them), handed in as near copies: a character changed, a mark changed, a name
    line on top, a stretch copied twice, sentences moved, a piece only (a passage at a document's
    end), unrelated text in the middle (two passages)."""
    rng = random.Random(seed)
    alphabet = [chr(c) for c in range(0x4E00, 0x4E00 + 400)]
    phrases = ["".join(rng.choice(alphabet) for _ in range(rng.randint(5, 9))) for _ in range(5)]
    texts = []
    for _ in range(3):
        parts = []
        while sum(map(len, parts)) < 420:
            parts.append(rng.choice(phrases) if rng.random() < 0.3 else
                         "".join(rng.choice(alphabet) for _ in range(rng.randint(3, 14))))
            parts.append(rng.choice(_MARKS))
        source = "「" + "".join(parts) + "」"
        for how in range(8):
            chars = list(source)
            at = rng.randrange(len(chars))
            if how < 2:
                chars[at] = rng.choice(["鑫", "。", "A"])
            elif how == 2:
                chars[at:at] = rng.choice(_MARKS)
            elif how == 3:
                chars[:0] = f"（姓名：{rng.choice('张王李')}）\n"
            elif how == 4:  # a stretch copied twice into this one
                piece = source[at:at + 90]
                chars[len(chars) // 2:len(chars) // 2] = "“" + piece + "”"
            elif how == 5:  # two pieces swapped
                cut = rng.randrange(60, len(chars) - 60)
                chars = chars[cut:] + ["。"] + chars[:cut]
            elif how == 6:
                chars = chars[at // 2:at // 2 + 160]
            else:  # unrelated text between two halves: two passages
                chars[len(chars) // 2:len(chars) // 2] = [rng.choice(alphabet) for _ in range(300)]
            texts.append("".join(chars))
    return texts


@pytest.mark.parametrize("seed", [1, 2])
def test_figures_read_off_the_passages_are_those_of_spans_and_masks(seed, monkeypatch):
    """Every scored pair's coverage is what `passages.coverage` gives of its matches' spans, and
    its taken units what masks over both documents count (each passage's alignment or'ed in)."""
    texts = _texts(seed)
    options = CheckOptions(semantic=False)
    seen = {"one": 0, "many": 0, "marks": 0}
    real_aligned, real_result = scoring.aligned_matches, scoring.pair_result

    def aligned_matches(a, b, found, k, *args):
        matches, taken = real_aligned(a, b, found, k, *args)
        masks = [np.zeros(len(a), bool), np.zeros(len(b), bool)]
        for m in taken.kept:
            al = alignment.align_units(a.hashes[m.a0:m.a1], b.hashes[m.b0:m.b1], k)
            masks[0][m.a0:m.a1] |= al.left
            masks[1][m.b0:m.b1] |= al.right
        assert (taken.took_left, taken.took_right) == tuple(int(np.count_nonzero(x)) for x in masks)
        seen["one" if len(taken.kept) == 1 else "many"] += bool(taken.kept)
        seen["marks"] += sum(1 for m, x in zip(taken.kept, matches) if x.left.start < a.starts[m.a0]
                             or x.left.end > a.ends[m.a1 - 1])
        return matches, taken

    def pair_result(i, j, a, b, matches, score, kept=None):
        got = real_result(i, j, a, b, matches, score, kept)
        assert kept is not None and got == real_result(i, j, a, b, matches, score)
        return got

    monkeypatch.setattr(scoring, "aligned_matches", aligned_matches)
    monkeypatch.setattr(scoring, "pair_result", pair_result)
    found = run(compare(profiles(texts, options), options, texts=texts))
    assert len(found) > 80
    assert seen["one"] > 40 and seen["many"] > 15 and seen["marks"] > 40


def test_passages_overlapping_on_one_side_count_each_unit_once():
    """A stretch copied twice into one document: two passages over the same units of the other
    (merged apart in one document only); a unit taken by both counts once."""
    rng = random.Random(5)
    alphabet = [chr(c) for c in range(0x4E00, 0x4E00 + 2000)]
    body = "".join(rng.choice(alphabet) for _ in range(300))
    left = "".join(rng.choice(alphabet) for _ in range(80)) + body[50:150]
    right = body[50:150] + "".join(rng.choice(alphabet) for _ in range(80)) + body[55:150]
    options = CheckOptions(semantic=False)
    a, b = profiles([left, right], options)
    overlapping = [passages.UnitMatch(80, 180, 0, 100), passages.UnitMatch(85, 180, 180, 275)]
    matches, taken = alignment.aligned_matches(a.units, b.units, overlapping, a.params.k, texts=(left, right))
    assert len(matches) == 2 and taken.took_left == 100 and taken.took_right == 195
    _, alone = alignment.aligned_matches(a.units, b.units, overlapping[:1], a.params.k, texts=(left, right))
    assert alone.took_left == alone.took_right == 100 and alone.kept == tuple(overlapping[:1])


def _plan_pair_by_pair(corpus, keys):
    """`scoring.plan` as it was written before it worked on arrays: pair by pair lists of the
    joined runs."""
    seeds = corpus.evidence[SEEDS]
    found = {}
    seeds.prepare(keys)
    n = corpus.n
    q = [corpus.profiles[key // n].params for key in seeds.joined]
    ready = [(key, runs) for (key, runs), p in zip(seeds.joined.items(), q)
             if int(runs[2].sum()) >= p.guarantee - p.k + 1]

    def cat(pairs, i):
        return np.concatenate([runs[i] for _, runs in pairs])

    def count(pairs):
        return np.array([len(runs[0]) for _, runs in pairs], np.int64)

    if ready:
        alone = passages.on_one_diagonal(count(ready), cat(ready, 0), cat(ready, 1))
        for (key, (pa, pb, length)), one in zip(ready, alone.tolist()):
            p, a, b = corpus.profiles[key // n].params, corpus.profiles[key // n].units, corpus.profiles[key % n].units
            if one:  # `align` would try `_one_diagonal`, and settle the pair where it answers
                found[key] = passages._one_diagonal(a, b, pa.tolist(), pb.tolist(), length.tolist(), p.k,
                                                    min(p.gap, p.short_gap), p.guarantee)
        ready = [pair for pair, settled in zip(ready, alone.tolist()) if not settled]
    if ready:
        params = [corpus.profiles[key // n].params for key, _ in ready]
        whole = passages.one_piece(count(ready), cat(ready, 0), cat(ready, 1), cat(ready, 2),
                                   np.array([p.k for p in params], np.int64),
                                   np.array([min(p.gap, p.short_gap) for p in params], np.int64))
        kept = [pair for pair, one in zip(ready, whole.tolist()) if one]
        if kept:
            found.update(zip((key for key, _ in kept), passages.boxes(
                count(kept), cat(kept, 0), cat(kept, 1), cat(kept, 2),
                np.array([corpus.profiles[key // n].params.k for key, _ in kept], np.int64))))
        ready = [pair for pair, one in zip(ready, whole.tolist()) if not one]
    if ready:
        params = [corpus.profiles[key // n].params for key, _ in ready]
        pair = np.repeat(np.arange(len(ready)), count(ready))
        per_pair = [np.array([getattr(p, name) for p in params], np.int64)[pair]
                    for name in ("k", "gap", "short_gap", "guarantee", "dense")]
        found.update(zip((key for key, _ in ready), passages.solid_groups(
            pair, cat(ready, 0), cat(ready, 1), cat(ready, 2), *per_pair, len(ready))))
    return found


def test_plan_finds_the_groups_it_found_pair_by_pair(monkeypatch):
    """Near copies of every kind (one piece, on one diagonal, groups that grow), a few pairs a
    batch: `plan`'s groups are those found pair by pair, in the same order, of the pairs with a
    group to grow; the passages it finds itself are those `align` makes of the `Box`, finds by
    `_one_diagonal`, or finds in general of runs whose groups are all kept whole, and it finds
    none where `_one_diagonal` hands over."""
    rng = random.Random(8)  # and copies of random characters: their runs on one diagonal
    alphabet = [chr(c) for c in range(0x4E00, 0x4E00 + 3000)]
    texts = _texts(3)
    for _ in range(2):
        source = "".join(rng.choice(alphabet) for _ in range(400))
        for how in range(6):
            at = rng.randrange(100, 300)
            cut = 1 if how < 4 else rng.choice([12, 60])  # one piece, or a gap wider than the short gap
            texts.append(source[:at] + "".join(rng.choice(alphabet) for _ in range(cut)) + source[at + cut:])
    options = CheckOptions(semantic=False)
    kinds = {"box": 0, "groups": 0, "groups kept whole": 0, "several kept whole": 0, "one diagonal": 0,
             "handed over": 0}
    real_plan = scoring.plan

    def grows(value) -> bool:
        return isinstance(value, list) and not all(kept for _, kept in value)

    def plan(corpus, keys):
        n = corpus.n
        for some in np.array_split(keys, 3):
            real_plan(corpus, some)
            got, settled = corpus.evidence[scoring.GROUPS], corpus.evidence[scoring.SETTLED]
            want = _plan_pair_by_pair(corpus, some)
            joined = dict(corpus.evidence[SEEDS].joined)
            assert list(got) == [key for key, value in want.items() if grows(value)]
            assert list(settled) == [key for key, value in want.items() if not grows(value) and value is not None]
            for key, value in want.items():
                if isinstance(value, list) and not grows(value):  # the general path, groups found by align
                    p = corpus.profiles[key // n].params
                    pa, pb, length = joined[key]
                    assert settled[key] == passages.align(corpus.profiles[key // n].units,
                                                          corpus.profiles[key % n].units, pa, pb, p.k, p.gap,
                                                          p.guarantee, p.short_gap, p.dense, length=length)
                    kinds["groups kept whole"] += 1
                    kinds["several kept whole"] += len(value) > 1
                    continue
                if isinstance(value, passages.Box):
                    p = corpus.profiles[key // n].params
                    assert settled[key] == passages.box_passages(corpus.profiles[key // n].units,
                                                                 corpus.profiles[key % n].units, [value], p.k,
                                                                 p.guarantee)
                    kinds["box"] += 1
                elif isinstance(value, passages.Alignment):
                    assert settled[key] == value
                    kinds["one diagonal"] += 1
                elif value is None:
                    kinds["handed over"] += 1
                else:
                    assert [(g.tolist(), kept) for g, kept in got[key]] == [(g.tolist(), kept) for g, kept in value]
                    kinds["groups"] += 1
        real_plan(corpus, keys)

    monkeypatch.setattr(compare_module, "plan", plan)
    run(compare(profiles(texts, options), options, texts=texts))
    assert (kinds["box"] > 30 and kinds["groups"] > 4 and kinds["groups kept whole"] > 20
            and kinds["several kept whole"] > 0 and kinds["one diagonal"] > 10 and kinds["handed over"] > 3), kinds


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_covered_each_is_each_groups_covered(seed):
    """Groups given in order or not, starts tied, one k or one per run, starts too far apart to
    pack with their group (a lexsort)."""
    rng = np.random.default_rng(seed)
    for far in (False, True):
        for ordered in (False, True):
            n, groups = int(rng.integers(1, 60)), int(rng.integers(1, 6))
            group = np.sort(rng.integers(0, groups, n))
            starts = rng.integers(0, 30, n) + (2**61 if far else 0) * rng.integers(0, 2, n)
            length = rng.integers(1, 6, n)
            k = rng.integers(2, 5, n) if rng.random() < 0.5 else int(rng.integers(2, 5))
            if ordered:
                order = np.lexsort((starts, group))
                group, starts, length = group[order], starts[order], length[order]
                k = k if np.ndim(k) == 0 else k[order]
            got = passages._covered_each(group, starts, k, length, groups)
            kk = np.broadcast_to(k, (n,))
            assert got.tolist() == [_union(starts[group == g], kk[group == g], length[group == g]) for g in range(groups)]


def _union(starts, k, length) -> int:
    """Units covered by runs each with its own k."""
    covered = set()
    for s, kk, n in zip(starts.tolist(), k.tolist(), length.tolist()):
        covered.update(range(s, s + n - 1 + kk))
    return len(covered)


def test_runs_of_few_changes_are_those_numpy_finds():
    rng = random.Random(9)
    for _ in range(300):
        n = rng.randint(1, 60)
        starts = np.cumsum([rng.randint(1, 3) for _ in range(n)]).astype(np.int32)
        units = Units(starts, starts + 1, np.zeros(n, np.uint64), np.zeros(n, bool))
        lo = rng.randint(0, n - 1)
        free = np.array(sorted(rng.sample(range(n - lo), rng.randint(0, min(n - lo, alignment._FEW_CHANGES)))),
                        np.int64)
        breaks = np.flatnonzero(free[1:] != free[:-1] + 1) + 1
        first = free[np.concatenate(([0], breaks))] + lo if len(free) else free
        last = free[np.concatenate((breaks - 1, [len(free) - 1]))] + lo if len(free) else free
        want = tuple(Span(int(units.starts[s]), int(units.ends[e])) for s, e in zip(first, last))
        assert alignment._runs_of(units, lo, free) == want


def test_prepared_arrays_are_the_joined_runs():
    texts = _texts(4)
    options = CheckOptions(semantic=False)
    checked = []
    real_plan = scoring.plan

    def plan(corpus, keys):
        seeds = corpus.evidence[SEEDS]
        pair_keys, count, left, right, length = seeds.prepare(keys)
        assert pair_keys.tolist() == list(seeds.joined) and (np.diff(pair_keys) > 0).all() and (count >= 1).all()
        runs = list(seeds.joined.values())
        assert count.tolist() == [len(r[0]) for r in runs]
        for got, i in ((left, 0), (right, 1), (length, 2)):
            assert got.tolist() == np.concatenate([r[i] for r in runs]).tolist()
        checked.append(len(pair_keys))
        real_plan(corpus, keys)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(compare_module, "plan", plan)
        run(compare(profiles(texts, options), options, texts=texts))
    assert sum(checked) > 50
