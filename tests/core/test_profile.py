"""core.engine.profile: a batch of texts gives each text exactly what it gives alone."""

import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import core.engine.batches
import core.engine.profile as profile_module
from core import concurrency
from core.engine.normalize import units
from core.engine.profile import language, profiles
from core.engine.winnowing import fingerprints
from core.models import Document
from core.options import CheckOptions
from core.pipeline import run

ZH = "我们今天讨论网络阅读对学生的影响以及它带来的问题和机会"
EN = "students read online every day and the habit changes how they write essays "

OPTIONS = CheckOptions()


@settings(max_examples=60, deadline=None)
@given(
    parts=st.lists(st.tuples(st.sampled_from([ZH, EN, "", "，。", "12 ab"]), st.integers(0, 40),
                             st.integers(1, 60)), max_size=8),
    limit=st.sampled_from([1, 40, 200, 1 << 15]),
)
def test_each_text_of_a_batch_is_profiled_as_alone(parts, limit):
    texts = [(source * 3)[start:start + size] for source, start, size in parts]
    saved = core.engine.batches.BATCH_UNITS
    core.engine.batches.BATCH_UNITS = limit
    try:
        batch = profiles(texts, OPTIONS)
    finally:
        core.engine.batches.BATCH_UNITS = saved
    for text, p in zip(texts, batch, strict=True):
        u = units(text)
        lang = language(u)
        params = OPTIONS.params(lang)
        hashes, positions = fingerprints(u.hashes, params.k, params.window)
        assert (p.lang, p.params) == (lang, params)
        assert p.units.starts.tolist() == u.starts.tolist()
        assert p.units.ends.tolist() == u.ends.tolist()
        assert p.units.hashes.tolist() == u.hashes.tolist()
        assert p.fp_hashes.tolist() == hashes.tolist()
        assert p.fp_units.tolist() == positions.tolist()


def test_a_batch_mixing_languages_uses_each_texts_parameters():
    zh, en = profiles([ZH * 2, EN * 2], OPTIONS)
    assert (zh.lang, en.lang) == ("zh", "en")
    assert zh.params.k != en.params.k
    assert len(zh.fp_hashes) and len(en.fp_hashes)



def _workers_used(monkeypatch, load: float, options: CheckOptions) -> int:
    """How many workers profile_documents asks for on 2 cores when `load` cores' worth of CPU
    is in use, with a threshold small enough for a few documents."""
    asked = []
    real = profile_module.run_jobs

    def spy(func, jobs, workers, **kwargs):
        asked.append(workers)
        return real(func, jobs, 1, **kwargs)

    monkeypatch.setattr(profile_module, "run_jobs", spy)
    monkeypatch.setattr(profile_module, "PARALLEL_CHARS", 10)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    monkeypatch.setattr(concurrency.CpuSample, "others", lambda self: load)
    docs = [Document(i, f"d{i}", "", "txt", "同学们的作文写得很好。" * 20) for i in range(3)]
    run(profile_module.profile_documents(docs, options))
    return asked[0]


def test_workers_only_where_a_core_is_idle(monkeypatch):
    assert _workers_used(monkeypatch, 0.2, CheckOptions()) == 2  # an idle machine: the pool
    assert _workers_used(monkeypatch, 1.5, CheckOptions()) == 1  # no idle core: one process
    assert _workers_used(monkeypatch, 7.0, CheckOptions(workers=2)) == 2  # asked: always


def test_profiles_from_workers_are_the_profiles_made_here(monkeypatch):
    """Two processes sharing the jobs (a worker sends its profiles without their units, which
    this process finds again) give every profile exactly as one process does."""
    docs = [Document(i, f"d{i}", "", "txt", (ZH * (i % 5 + 1) + EN * (i % 3)) + str(i)) for i in range(40)]
    alone = run(profile_module.profile_documents(docs, CheckOptions(workers=1)))
    received = []
    real = profile_module._received
    monkeypatch.setattr(profile_module, "_received", lambda *a: received.append(1) or real(*a))
    monkeypatch.setattr(profile_module, "CHUNK_CHARS", sum(len(d.text) for d in docs) // 8)
    shared = run(profile_module.profile_documents(docs, CheckOptions(workers=2)))
    assert received, "no worker profiled a job: the test proves nothing"
    for a, b in zip(alone, shared, strict=True):
        assert (a.lang, a.params, a.simhash) == (b.lang, b.params, b.simhash)
        for field in ("fp_hashes", "fp_units", "vocab", "vocab_idf"):
            assert getattr(a, field).dtype == getattr(b, field).dtype
            assert (getattr(a, field) == getattr(b, field)).all()
        for field in ("starts", "ends", "hashes", "single"):
            assert (getattr(a.units, field) == getattr(b.units, field)).all()


def test_one_process_segments_ahead_across_its_jobs_and_each_profile_is_as_alone(monkeypatch):
    """One process takes its jobs in order with one segmenting thread running on into the next
    job (cached documents left out): every profile is the one its text gets alone."""
    docs = [Document(i, f"d{i}", "", "txt", (ZH[i % 7:] * (i % 5 + 1) + EN * (i % 3)) + str(i)) for i in range(40)]
    cache = profile_module.ProfileCache()
    for d in docs[::3]:
        cache.put(profile_module.cache_key(d, OPTIONS), profiles([d.text], OPTIONS)[0])
    threads = []
    real = profile_module.on_thread_ahead
    monkeypatch.setattr(profile_module, "on_thread_ahead", lambda *a, **k: threads.append(1) or real(*a, **k))
    monkeypatch.setattr(profile_module, "CHUNK_CHARS", sum(len(d.text) for d in docs) // 8)
    got = run(profile_module.profile_documents(docs, CheckOptions(workers=1), cache))
    assert threads == [1], "the jobs did not share one segmenting thread: the test proves nothing"
    for d, p in zip(docs, got, strict=True):
        alone = profiles([d.text], OPTIONS)[0]
        assert (p.lang, p.simhash) == (alone.lang, alone.simhash)
        for field in ("fp_hashes", "fp_units", "vocab", "vocab_idf"):
            assert (getattr(p, field) == getattr(alone, field)).all()


@pytest.mark.parametrize("workers", [1, 2])
def test_documents_with_one_text_are_profiled_once_and_each_gets_its_profile(monkeypatch, workers):
    """Copies of a text (and a cached one among them) are profiled once: each document gets the
    profile its text gets alone, the copies one object, and the progress counts every document."""
    texts = [(ZH * (j % 4 + 1) + EN * (j % 3)) + str(j) for j in (i % 12 for i in range(50))]  # 12 texts
    docs = [Document(i, f"d{i}", "", "txt", t) for i, t in enumerate(texts)]
    cache = profile_module.ProfileCache()
    cache.put(profile_module.cache_key(docs[5], OPTIONS), profiles([docs[5].text], OPTIONS)[0])
    sized = []  # the sizes of the texts the stage profiles, in its jobs
    real = profile_module.batches
    monkeypatch.setattr(profile_module, "batches", lambda sizes, *a: sized.extend(sizes) or real(sizes, *a))
    monkeypatch.setattr(profile_module, "CHUNK_CHARS", sum(len(t) for t in set(texts)) // 6)
    stage = profile_module.profile_documents(docs, CheckOptions(workers=workers), cache)
    progress = []
    try:
        while True:
            progress.append(next(stage))
    except StopIteration as end:
        got = end.value
    assert sorted(sized) == sorted(len(t) for t in set(texts) - {docs[5].text})  # each once, the cached never
    assert [p.done for p in progress] == sorted(p.done for p in progress)
    assert progress[-1].done == progress[-1].total == len(docs)
    for d, p in zip(docs, got, strict=True):
        alone = profiles([d.text], OPTIONS)[0]
        assert (p.lang, p.simhash) == (alone.lang, alone.simhash)
        for field in ("fp_hashes", "fp_units", "vocab", "vocab_idf"):
            assert (getattr(p, field) == getattr(alone, field)).all()
        assert p is got[texts.index(d.text)]


def test_the_stage_lets_go_of_the_long_runs_it_remembered(monkeypatch):
    """Long unpunctuated runs are remembered while the stage runs (core.engine.segment) and
    let go of when it ends, finished or closed half way."""
    from core.engine import segment

    monkeypatch.setattr(segment, "_remembered", {})
    monkeypatch.setattr(segment, "_held", [0])
    monkeypatch.setattr(profile_module, "CHUNK_CHARS", 200)
    long = ZH * 3  # one Han run of 87 characters
    docs = [Document(i, f"d{i}", "", "txt", f"{long}。{i}") for i in range(20)]
    stage = profile_module.profile_documents(docs, CheckOptions(workers=1))
    for progress in stage:
        if progress.done:
            break
    assert long in segment._remembered and segment._held[0] == len(long)
    stage.close()
    assert not segment._remembered and segment._held[0] == 0
    profiled = run(profile_module.profile_documents(docs, CheckOptions(workers=1)))
    assert len(profiled) == 20 and not segment._remembered


_FIRST_IMPORT = """
import sys, threading
seen = []
class Watch:  # notes the thread that first imports the segmenter
    def find_spec(self, name, path=None, target=None):
        if name == "rjieba":
            seen.append(threading.current_thread().name)
sys.meta_path.insert(0, Watch())
from core.engine.profile import profile_documents, profiles
from core.models import Document
from core.options import CheckOptions
from core.pipeline import run
texts = ["我们今天讨论网络阅读对学生的影响以及它带来的问题和机会" * 3 + str(i) for i in range(3)]
if sys.argv[1] == "stage":
    run(profile_documents([Document(i, f"d{i}", "", "txt", t) for i, t in enumerate(texts)], CheckOptions(workers=1)))
else:
    profiles(texts, CheckOptions())
print(seen)
"""


@pytest.mark.slow
@pytest.mark.parametrize("way", ["stage", "profiles"])
def test_the_segmenter_is_imported_before_its_helper_thread_starts(way):
    """A Ctrl-C that lands in an import on the check's thread can leave Python's import lock
    held: a helper thread importing the segmenter then never ends, nor does the check, which
    waits for it. So the thread that starts the helper imports the segmenter first (a fresh
    interpreter: in this one it is imported already)."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    done = subprocess.run([sys.executable, "-c", _FIRST_IMPORT, way], cwd=root, capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "['MainThread']"
