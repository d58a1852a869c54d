"""The scoring step shared with forked workers: every pair scored there is the pair scored here."""

import os
import random
from dataclasses import fields

import pytest

import core.matching.compare as compare_module
from core import concurrency
from core.models import Document, Match, PairResult, SemanticMatch, SentencePair, Span
from core.options import CheckOptions
from core.pipeline import check_documents, run


def test_a_packed_result_unpacks_to_the_same_result():
    """Every field crosses: a field added to PairResult or Match and not packed fails here."""
    match = Match(Span(3, 90), Span(5, 93), 80, (Span(10, 11), Span(40, 42)), (Span(7, 8),), "quoted", 12)
    semantic = SemanticMatch("translation", 0.75, (SentencePair(Span(0, 9), Span(2, 30), 0.91),))
    result = PairResult(4, 9, 7, 0.8125, 0.5, 0.625, 87, (match, Match(Span(100, 200), Span(0, 100), 90)),
                        semantic, 0.71, "edited")
    assert [f.name for f in fields(PairResult)] == [
        "left", "right", "hamming", "similarity", "left_coverage", "right_coverage", "longest", "matches",
        "semantic", "copied", "kind"]
    assert [f.name for f in fields(Match)] == [
        "left", "right", "units", "left_changes", "right_changes", "attribution", "shared_by"]
    assert PairResult.unpacked(result.packed()) == result
    assert PairResult.unpacked(PairResult(0, 1, 0, 0.0, 0.0, 0.0, 0).packed()) == PairResult(0, 1, 0, 0.0, 0.0, 0.0, 0)


def _near_copies(count: int, seed: int = 3) -> list[Document]:
    """`count` copies of one Chinese text, each with one character of its own changed (or a
    mark replaced: one side a unit longer), and a few of another text."""
    rng = random.Random(seed)
    alphabet = [chr(c) for c in range(0x4E00, 0x4E00 + 400)]
    body = "".join(rng.choice(alphabet) + ("，" if rng.random() < 0.1 else "") for _ in range(900))
    other = "".join(rng.choice(alphabet) for _ in range(700))
    texts = []
    for i in range(count):
        at = rng.randrange(len(body))
        texts.append(body[:at] + chr(0x6000 + i) + body[at + 1:])
    texts += [other[i:] + "。" + body[:200] for i in range(4)]
    return [Document(i, f"d{i}.txt", f"/virtual/d{i}.txt", "txt", t) for i, t in enumerate(texts)]


def test_pairs_scored_by_forked_workers_are_the_pairs_scored_here(monkeypatch):
    """Many pairs in jobs shared by this process and a forked worker (which sends them packed):
    the same pairs, the same figures and passages, in the same report order."""
    if not concurrency.can_inherit():
        pytest.skip("workers are forked only on Linux with no start method asked for")
    monkeypatch.setattr(compare_module, "_STEP", 32)  # many jobs from few documents
    docs = _near_copies(16)
    alone = run(check_documents(docs, CheckOptions(workers=1)))
    received = []
    real = PairResult.unpacked
    monkeypatch.setattr(PairResult, "unpacked", classmethod(lambda cls, values: received.append(1) or real(values)))
    shared = run(check_documents(docs, CheckOptions(workers=2)))
    assert received, "no worker scored a job: the test proves nothing"
    assert len(alone.pairs) > 2 * compare_module._STEP
    assert shared.pairs == alone.pairs


def _workers_used(monkeypatch, load: float, options: CheckOptions, pairs_needed: int) -> int:
    """How many processes `_score` asks for on 2 cores when `load` cores' worth of CPU is in
    use and `pairs_needed` pairs pay for a worker."""
    asked = []
    real = compare_module.run_jobs

    def spy(func, jobs, workers, **kwargs):
        if func is compare_module._packed_scores:
            asked.append(workers)
        return real(func, jobs, 1, **kwargs)

    monkeypatch.setattr(compare_module, "run_jobs", spy)
    monkeypatch.setattr(compare_module, "PARALLEL_PAIRS", pairs_needed)
    monkeypatch.setattr(compare_module, "can_inherit", lambda: True)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    monkeypatch.setattr(concurrency.CpuSample, "others", lambda self: load)
    run(check_documents(_near_copies(6), options))
    return asked[0]


def test_scoring_workers_only_with_many_pairs_and_an_idle_core(monkeypatch):
    assert _workers_used(monkeypatch, 0.2, CheckOptions(), 10) == 2  # an idle machine: a worker
    assert _workers_used(monkeypatch, 1.5, CheckOptions(), 10) == 1  # no idle core: this process
    assert _workers_used(monkeypatch, 0.2, CheckOptions(), 10_000) == 1  # too few pairs to pay
    assert _workers_used(monkeypatch, 7.0, CheckOptions(workers=2), 10_000) == 2  # asked: always


def test_checks_scoring_at_once_on_two_threads_each_score_their_own_pairs(monkeypatch):
    """Two checks of many pairs scored at the same time on two threads (a window's checks run on
    threads of one process): each gets the pairs it gets alone, never the other's."""
    from concurrent.futures import ThreadPoolExecutor

    monkeypatch.setattr(compare_module, "_STEP", 16)  # many jobs from few documents
    classes = [_near_copies(16, seed=5), _near_copies(15, seed=6)]
    alone = [run(check_documents(docs, CheckOptions(workers=1))).pairs for docs in classes]
    with ThreadPoolExecutor(2) as threads:
        for _ in range(2):
            together = list(threads.map(lambda docs: run(check_documents(docs, CheckOptions(workers=1))).pairs, classes))
            assert together == alone
