import numpy as np

from core.engine.hashing import kgram_hashes
from core.engine.normalize import units
from core.matching.index import shared_kgrams
from core.matching.passages import align, coverage, to_matches
from core.models import Span


def seeds(a, b, k):
    found = shared_kgrams([kgram_hashes(a.hashes, k), kgram_hashes(b.hashes, k)], cap=10,
                          max_repeats=8)
    return [x.tolist() for x in found.get((0, 1), ([], []))]


def run(a_text, b_text, k=3, gap=4, min_units=3):
    a, b = units(a_text), units(b_text)
    pa, pb = (np.array(x, dtype=np.int64) for x in seeds(a, b, k))
    found = align(a, b, pa, pb, k, gap, min_units)
    return found, to_matches(a, b, found.passages, 0)


def test_hand_worked_shared_run():
    # 10 units each; they share 丙丁戊己庚 (5 units >= t = k + w - 1 = 4 for k=3, w=2)
    found, matches = run("甲乙丙丁戊己庚辛壬癸", "子丑丙丁戊己庚寅卯辰")
    assert [(m.left, m.right, m.units) for m in matches] == [(Span(2, 7), Span(2, 7), 5)]
    # k-grams 丙丁戊, 丁戊己, 戊己庚 -> 5 units inside shared k-grams
    assert [m.evidence for m in found.passages] == [5]


def test_seeds_are_all_shared_kgrams():
    pa, pb = seeds(units("甲乙丙丁戊"), units("丙丁戊甲乙丙"), 3)
    assert sorted(zip(pa, pb)) == [(0, 3), (2, 0)]


def test_shuffled_sentences_stay_one_passage():
    s1, s2, s3 = "春眠不觉晓处处闻啼鸟", "夜来风雨声花落知多少", "床前明月光疑是地上霜"
    _found, matches = run("前言前言" + s1 + s2 + s3 + "后记后记", "开头" + s3 + s1 + s2 + "结尾")
    assert len(matches) == 1
    m = matches[0]
    assert (m.left, m.right) == (Span(4, 34), Span(2, 32))


def test_far_apart_passages_are_separate():
    filler_a = "一二三四五六七八九十" * 3
    filler_b = "甲乙丙丁戊己庚辛壬癸" * 3
    p, q = "春眠不觉晓处处闻啼鸟", "床前明月光疑是地上霜"
    _, matches = run(p + filler_a + q, q + filler_b + p)
    assert sorted((m.left.start, m.right.start) for m in matches) == [(0, 40), (40, 0)]


def test_noise_below_min_units_is_dropped():
    _, matches = run("甲乙丙丁戊己", "丁戊己子丑寅", min_units=4)
    assert matches == []


def test_edited_passage_joins_across_the_gap():
    a = "春眠不觉晓处处闻啼鸟夜来风雨声花落知多少"
    b = "春眠不觉晓处处闻啼X夜来风雨声花落知多少"  # one unit replaced
    found, matches = run(a, b)
    assert [(m.left, m.right) for m in matches] == [(Span(0, 20), Span(0, 20))]
    # every unit but the edited one lies in a shared k-gram: runs of 9 and 10 units
    assert [m.evidence for m in found.passages] == [19]


def test_coverage():
    u = units("ab cd ef gh")
    assert coverage(u, [Span(0, 5)]) == 0.5
    assert coverage(u, []) == 0.0


def test_coverage_of_overlapping_spans_counts_each_unit_once():
    """coverage: the share of units inside the union of the spans, in any order, overlapping,
    empty or beyond the text."""
    import random

    rng = random.Random(2)
    u = units("这是 一段 用来 测试 覆盖率 的 文字 mixed words 123 并且 还有 更多 的 内容")
    for _ in range(2000):
        spans = []
        for _ in range(rng.randrange(0, 5)):
            a = rng.randrange(-3, int(u.ends[-1]) + 4)
            spans.append(Span(a, a + rng.randrange(-2, 20)))
        inside = np.zeros(len(u), dtype=bool)
        for s in spans:
            inside[np.searchsorted(u.starts, s.start, "left"):np.searchsorted(u.ends, s.end, "right")] = True
        assert coverage(u, spans) == (float(inside.sum()) / len(u) if spans else 0.0)


def test_units_covered_by_runs_few_or_many():
    """`_covered` (plain arithmetic for a few runs, numpy for more) against the units counted
    one by one: runs overlapping, nested, touching, repeated, in any order."""
    from core.matching.passages import _FEW, _covered

    rng = np.random.default_rng(9)
    for size in (0, 1, 2, 3, _FEW - 1, _FEW, _FEW + 1, 40):
        for _ in range(30):
            starts = rng.integers(0, 60, size)
            length = rng.integers(1, 8, size)
            k = int(rng.integers(1, 6))
            want = len({u for s, n in zip(starts.tolist(), length.tolist()) for u in range(s, s + n - 1 + k)})
            assert _covered(starts, k, length) == want
