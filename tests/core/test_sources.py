"""Candidate sources behind one interface, one scoring step, and the one loading path."""

from collections.abc import Generator

import numpy as np
import pytest

from core.engine.profile import profiles
from core.matching.compare import compare
from core.matching.sources import Candidates, Corpus, default_sources
from core.models import Progress
from core.options import CheckOptions
from core.pipeline import Expanded, Loaded, check, load_paths, load_stream, run

A = "春眠不觉晓处处闻啼鸟夜来风雨声花落知多少床前明月光疑是地上霜举头望明月低头思故乡"
B = "白日依山尽黄河入海流欲穷千里目更上一层楼" + A[:30]


class OnePair:
    """A source of the kind the archive or semantic layer adds: it names pairs, nothing else."""

    name = "one-pair"

    def __init__(self, pair, listed):
        self.pair, self.listed = pair, listed

    def propose(self, corpus: Corpus, so_far: Candidates) -> Generator[Progress, None, Candidates]:
        yield Progress("indexing", 0, 1)
        i, j = self.pair
        return Candidates.of([i * corpus.n + j], score=True, listed=self.listed)


def test_a_new_source_is_scored_like_the_others():
    opts = CheckOptions()
    profs = profiles([A, B, "一二三四五六七八九十"], opts)
    default = run(compare(profs, opts))
    alone = run(compare(profs, opts, sources=[OnePair((0, 1), listed=False)]))
    assert [(p.left, p.right) for p in alone] == [(0, 1)]
    assert alone[0].matches == default[0].matches
    assert alone[0].similarity == pytest.approx(default[0].similarity, rel=1e-6)
    # a listed pair without any passage is still reported; an unlisted one is not
    assert run(compare(profs, opts, sources=[OnePair((0, 2), listed=False)])) == []
    [listed] = run(compare(profs, opts, sources=[OnePair((0, 2), listed=True)]))
    assert listed.matches == ()


def test_candidates_merge_ors_the_flags():
    a = Candidates.of([5, 1, 5], score=[True, False, False], listed=False)
    b = Candidates.of([1, 9], score=False, listed=[True, False])
    m = a.merge(b)
    assert m.keys.tolist() == [1, 5, 9]
    assert m.score.tolist() == [False, True, False] and m.listed.tolist() == [True, False, False]


def test_candidates_merged_are_every_key_once_with_its_flags_ored():
    """`of` and `merge` against a dict kept by hand: keys in any order with repeats, sorted
    ones, empty ones, one side much larger than the other, keys before, between and after."""
    rng = np.random.default_rng(4)

    def by_hand(*parts):
        out = {}
        for keys, score, listed in parts:
            for key, s, li in zip(keys, score, listed):
                old = out.get(key, (False, False))
                out[key] = (old[0] or s, old[1] or li)
        return out

    for _ in range(200):
        parts = []
        for _ in range(int(rng.integers(1, 4))):
            size = int(rng.choice([0, 1, 3, 40]))
            keys = rng.integers(0, int(rng.choice([5, 60, 1000])), size)
            if rng.random() < 0.5:
                keys = np.unique(keys)
            parts.append((keys.tolist(), (rng.random(len(keys)) < 0.3).tolist(), (rng.random(len(keys)) < 0.3).tolist()))
        merged = Candidates.empty()
        for keys, score, listed in parts:
            merged = merged.merge(Candidates.of(keys, score=score, listed=listed)) if rng.random() < 0.5 else \
                Candidates.of(keys, score=score, listed=listed).merge(merged)
        want = by_hand(*parts)
        assert merged.keys.tolist() == sorted(want)
        assert list(zip(merged.score.tolist(), merged.listed.tolist())) == [want[key] for key in sorted(want)]
    single = Candidates.of(np.array([1, 4, 9]), score=np.array([True, False, True]))
    assert single.keys.tolist() == [1, 4, 9] and single.score.tolist() == [True, False, True]


def test_default_sources_are_the_three_parts():
    assert [s.name for s in default_sources()] == ["fingerprints", "simhash", "vocabulary"]


def _write(folder, texts):
    folder.mkdir()
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")


def test_load_stream_honours_exclude_and_skip(tmp_path):
    _write(tmp_path / "class", {"a.txt": A, "b.txt": B, "c.txt": "一二三四五六七八九十", "bad.txt": ""})
    opts = CheckOptions(exclude=(str(tmp_path / "class" / "b.txt"),))
    items = list(_drain(load_stream([tmp_path / "class"], opts, skip=[tmp_path / "class" / "c.txt"])))
    expanded = [i for i in items if isinstance(i, Expanded)]
    loaded = [i for i in items if isinstance(i, Loaded)]
    assert isinstance(items[0], Expanded) and len(expanded) == 1
    assert sorted(p.rsplit("/", 1)[1] for p in expanded[0].files) == ["a.txt", "bad.txt"]
    assert {i.path.rsplit("/", 1)[1]: (i.document is not None) for i in loaded} == {
        "a.txt": True, "bad.txt": False}
    assert all(i.error is None or i.error.path.endswith("bad.txt") for i in loaded)


def test_check_and_load_paths_leave_out_excluded_files(tmp_path):
    _write(tmp_path / "class", {"a.txt": A, "b.txt": B})
    opts = CheckOptions(exclude=(str(tmp_path / "class" / "a.txt"),))
    documents, _errors = run(load_paths([tmp_path / "class"], opts))
    assert [d.name for d in documents] == ["b.txt"] and [d.id for d in documents] == [0]
    report = run(check([tmp_path / "class"], opts))
    assert [d.name for d in report.documents] == ["b.txt"] and report.pairs == ()


def _drain(gen):
    while True:
        try:
            yield next(gen)
        except StopIteration:
            return
