"""The check's steps per pair (attribution, judging) run where each pair is scored, a forked
worker's share there too: every pair is finished once, after any step that changes it, and the
report is the one a single process writes."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

import core.matching.compare as compare_module
from core import concurrency, pipeline
from core.academic.classify import Analyses
from core.engine.profile import profiles
from core.matching.compare import compare_class
from core.matching.finish import by_component, in_shared
from core.models import Document, PairResult, Span
from core.options import CheckOptions
from core.pipeline import check_documents, run
from core.reports.json_report import render_json
from tests.core.test_near_copies_classed import _base, _near

forked_only = pytest.mark.skipif(not concurrency.can_inherit(),
                                 reason="workers are forked only on Linux with no start method asked for")


def _class(seed: int, texts: int = 5, copies: int = 4, holding: int = 11) -> list[str]:
    """Near copies of `texts` Chinese texts, the last holding a part of the one before; the last
    `holding` documents also end with one assignment text (more than half of them: a shared
    text, which `mark` adds to the pairs of the last two texts)."""
    rng = random.Random(seed)
    alphabet = [chr(c) for c in range(0x4E00, 0x4E00 + 400)]
    prompt = "".join(rng.choice(alphabet) for _ in range(150))
    bodies = ["".join(rng.choice(alphabet) + ("，" if rng.random() < 0.1 else "") for _ in range(300))
              for _ in range(texts)]
    bodies[-1] += "。" + bodies[-2][:150]
    out = []
    for body in bodies:
        for _ in range(copies):
            at = rng.randrange(len(body))
            out.append(body[:at] + rng.choice(alphabet) + body[at + 1:])
    return [t + "\n\n" + prompt if i >= len(out) - holding else t for i, t in enumerate(out)]


class _Marking:
    """A finishing step that marks each pair it finishes (its kind gains an "f") and keeps the
    passages it saw; `found` names the pairs a process finished, `take` keeps them here."""

    def __init__(self):
        self.seen: dict[tuple[int, int], tuple] = {}
        self.taken: list[tuple[int, int]] = []

    def __call__(self, results: list[PairResult]) -> list[PairResult]:
        for r in results:
            self.seen[r.left, r.right] = r.matches
        return [replace(r, kind=r.kind + "f") for r in results]

    def found(self, results):
        return [(r.left, r.right) for r in results]

    def take(self, found) -> None:
        self.taken += found


@forked_only
def test_every_pair_is_finished_once_after_what_changes_it_a_forked_workers_share_there(monkeypatch):
    monkeypatch.setattr(compare_module, "_STEP", 8)  # many jobs from few documents
    texts = _class(1)
    options = CheckOptions(workers=2)
    finish = _Marking()
    made = profiles(texts, options.with_changes(workers=1))
    results, shared = run(compare_class(made, options, texts=texts, finish=finish))
    plain, _ = run(compare_class(made, options, texts=texts))
    marked = in_shared(shared)
    assert shared and any(marked(r) for r in results) and not all(marked(r) for r in results)
    assert any(m.shared_by for r in results if marked(r) for m in r.matches)
    assert [r.kind for r in results] == ["f"] * len(results)  # each finished once
    assert results == [replace(r, kind="f") for r in plain]
    # what each pair's finishing saw here is its final passages (`mark` had run on those it
    # changes); the pairs the worker finished came back named, none of them marked
    assert finish.taken and not any(marked(PairResult(a, b, 0, 0.0, 0.0, 0.0, 0)) for a, b in finish.taken)
    assert all(finish.seen[r.left, r.right] == r.matches for r in results if (r.left, r.right) in finish.seen)
    assert {(r.left, r.right) for r in results} == set(finish.seen) | set(finish.taken)
    assert not set(finish.seen) & set(finish.taken)


def _near_copies(seed: int) -> list[Document]:
    """Near copies (one character changed, a name line on top) of texts with quotations,
    indented blocks, citations and references, so their passages take every class."""
    rng = random.Random(seed)
    texts: list[str] = []
    for n in range(6):
        base = _base(rng, cited=n % 2 == 0)
        texts.append(base)
        while len(texts) % 4:  # no two alike but for white space at their end: none compared once
            near = _near(rng, base)
            if near.rstrip() not in {t.rstrip() for t in texts}:
                texts.append(near)
    return [Document(i, f"{i}.txt", f"/x/{i}.txt", "txt", t) for i, t in enumerate(texts)]


@forked_only
def test_a_check_finished_beside_a_forked_worker_writes_the_report_of_one_process(monkeypatch):
    """The worker attributes and judges its pairs and sends the side classes it found: the
    report (passage classes, kinds, copied shares, every document's figures) is the same."""
    monkeypatch.setattr(compare_module, "_STEP", 8)
    docs = _near_copies(2)
    options = CheckOptions(max_share=1.0)  # no text shared by the class: mark changes no pair
    alone = run(check_documents(docs, options.with_changes(workers=1)))
    received = []
    real = PairResult.unpacked
    monkeypatch.setattr(PairResult, "unpacked", classmethod(lambda cls, values: received.append(real(values))
                                                            or received[-1]))
    taken = []
    real_take = pipeline.take_sides
    monkeypatch.setattr(pipeline, "take_sides", lambda analyses, found: taken.extend(found) or real_take(analyses, found))
    shared = run(check_documents(docs, options.with_changes(workers=2)))
    assert received, "no worker scored a job: the test proves nothing"
    final = set(alone.pairs)
    assert all(r in final for r in received), "the worker sent a pair it did not finish"
    # the side classes it sent are those of its pairs' passages, each as a fresh analysis finds it
    fresh = Analyses(docs)
    assert sorted({(d, s, e) for d, s, e, _ in taken}) == sorted(
        {(d, span.start, span.end) for r in received for m in r.matches
         for d, span in ((r.left, m.left), (r.right, m.right))})
    assert all(fresh.reader(d).side_class(Span(s, e)) == cls for d, s, e, cls in taken)
    assert len({m.attribution for r in received for m in r.matches} - {"unattributed"}) >= 2
    assert render_json(replace(shared, options=alone.options)) == render_json(alone)  # but --workers


def test_pairs_are_ordered_by_the_component_of_their_documents():
    """Each connected component's pairs together, in key order within it; components by their
    least document. Checked against components found by walking the graph."""
    rng = random.Random(4)
    for _ in range(200):
        n = rng.randrange(2, 40)
        pairs = {tuple(sorted(rng.sample(range(n), 2))) for _ in range(rng.randrange(1, 3 * n))}
        keys = np.array(sorted(a * n + b for a, b in pairs), dtype=np.int64)
        order = by_component(keys, n)
        component = list(range(n))
        changed = True
        while changed:  # the least document each reaches
            changed = False
            for a, b in pairs:
                low = min(component[a], component[b])
                if component[a] != low or component[b] != low:
                    component[a] = component[b] = low
                    changed = True
        expected = sorted(range(len(keys)), key=lambda k: (component[int(keys[k]) // n], keys[k]))
        assert order.tolist() == expected
