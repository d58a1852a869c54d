"""Compare N profiled documents: candidate sources propose pairs, one scoring step scores them.

The sources (`core/matching/sources/`: fingerprint postings, simhash index, shared vocabulary,
and the semantic layer's when asked; their interface is described there) each propose pairs
worth scoring and pairs to list even without a passage; `scoring.score_pair` turns each into a PairResult. No N^2 work: winnowed
fingerprints find the candidate pairs through an inverted index, and one sort over all k-grams
yields every such pair's shared k-grams at once.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Generator, Sequence
from dataclasses import replace
from functools import partial

import numpy as np

from core.concurrency import CpuSample, can_inherit, on_thread_ahead, run_jobs, workers_sharing
from core.engine.hashing import distinct, kgram_hashes
from core.engine.profile import Profile
from core.matching.common import mark, shared_texts
from core.matching.copies import copies, spread, spread_common
from core.matching.finish import Finish, by_component, finished, in_shared
from core.matching.index import document_frequency_cap
from core.matching.scoring import EDIT_PENALTY, pair_result, plan, score_pair, similarity
from core.matching.sources import (
    COMMON,
    SCORED,
    SEMANTIC,
    SHARED,
    Candidates,
    CandidateSource,
    Corpus,
    default_sources,
)
from core.matching.sources.fingerprints import all_kgrams
from core.matching.sources.simhash import near_duplicates
from core.matching.sources.vocabulary import approximate_shares
from core.models import PairResult, Progress, SharedText
from core.options import CheckOptions
from core.steps import drain, in_thread

__all__ = [
    "EDIT_PENALTY",
    "all_kgrams",
    "approximate_shares",
    "compare",
    "compare_class",
    "near_duplicates",
    "pair_result",
    "similarity",
    "template_kgrams",
]

_STEP = 256  # pairs between two progress reports


def template_kgrams(profiles: list[Profile], template: Profile | None) -> np.ndarray:
    """Sorted k-gram hashes of the template at every k in use: never evidence of copying."""
    if template is None:
        return np.zeros(0, dtype=np.uint64)
    ks = sorted({p.params.k for p in profiles})
    return distinct(np.concatenate([kgram_hashes(template.units.hashes, k) for k in ks]))


def compare(
    profiles: list[Profile],
    options: CheckOptions,
    template: Profile | None = None,
    *,
    keys: Sequence[str] = (),
    texts: Sequence[str] = (),
    sources: Sequence[CandidateSource] | None = None,
    cache=None,
) -> Generator[Progress, None, list[PairResult]]:
    """All pairs worth reporting (a passage, a near-duplicate simhash, a large share of
    vocabulary, or a translation or paraphrase found by meaning), ranked by similarity. `keys`
    are the documents' Document.key (for sources that look documents up elsewhere); `texts`
    their texts, so that passages take in the punctuation both sides share (alignment._marks)
    and the semantic layer can read sentences; `sources` default to
    `default_sources(options, cache)` (`cache`: the check's ProfileCache)."""
    pairs, _ = yield from compare_class(profiles, options, template, keys=keys, texts=texts,
                                        sources=sources, cache=cache)
    return pairs


def _score(corpus: Corpus, found: Candidates, sample: CpuSample | None = None,
           finish: Finish | None = None, mine: Callable[[PairResult], bool] | None = None
           ) -> Generator[Progress, None, list[PairResult]]:
    """Every proposed pair that asks for it, through the scoring step, `_STEP` pairs a job: in
    this process and, with many pairs and a core idle since `sample`, in processes forked from
    it (they inherit the corpus: sending it would cost more than it saves). With `finish`, each
    job finishes the results `mine` picks (`finish.py`), and what a worker found on the way is
    taken here (`Finish.take`)."""
    todo = np.flatnonzero(found.score)
    if finish is not None:  # each process then finishes pairs of documents of its own
        todo = todo[by_component(found.keys[todo], corpus.n)]
    total = len(todo)
    jobs = [(start, min(start + _STEP, total)) for start in range(0, total, _STEP)]
    yield Progress("comparing", 0, total)
    # decided with no step between it and the fork, so no thread can start meanwhile
    workers = workers_sharing(corpus.options.workers, total >= PARALLEL_PAIRS, sample or CpuSample())
    if workers > 1 and not can_inherit():
        workers = 1
    chunks: list[list[PairResult] | None] = [None] * len(jobs)
    done = 0
    scoring = (corpus, found, todo, finish, mine)
    inherited = workers > 1  # forked from this thread, the only one: the workers read it there
    if inherited:
        _forked.append(scoring)
    try:
        for item in run_jobs(_packed_scores, jobs, workers, share=True, here=partial(_scores, scoring)):
            if item is not None:
                at, chunk = item
                if isinstance(chunk, tuple):  # a worker's: its results packed, what it found
                    chunk, learned = chunk
                    chunk = list(map(PairResult.unpacked, chunk))
                    if finish is not None:
                        finish.take(learned)
                chunks[at] = chunk
                done += jobs[at][1] - jobs[at][0]
            yield Progress("comparing", done, total)
    finally:
        if inherited:
            _forked.pop()
    results = [result for chunk in chunks for result in chunk]
    if finish is not None:  # in the order of their keys again, as scored one job after another
        results.sort(key=lambda r: (r.left, r.right))
    return results


#: Below this many pairs to score, forked workers cost more than they save (bench/README.md).
PARALLEL_PAIRS = 2_000
#: The scoring that forked workers inherit (`_packed_scores`): the corpus, the candidates,
#: which of them to score in what order, the step that finishes results and which results it
#: finishes. Set only while a process with no other thread forks them, so the last one is theirs.
_Scoring = tuple[Corpus, Candidates, np.ndarray, Finish | None, Callable[[PairResult], bool] | None]
_forked: list[_Scoring] = []


def _scores(scoring: _Scoring, start: int, stop: int) -> list[PairResult]:
    """The results of the pairs todo[start:stop] of `scoring`, finished where it says."""
    corpus, found, todo, finish, mine = scoring
    n, at = corpus.n, np.sort(todo[start:stop])
    plan(corpus, found.keys[at])
    results = []
    for key, listed in zip(found.keys[at].tolist(), found.listed[at].tolist()):
        result = score_pair(corpus, key // n, key % n, listed)
        if result is not None:
            results.append(result)
    return results if finish is None else finished(finish, results, mine)


def _packed_scores(start: int, stop: int) -> tuple[list[tuple], object]:
    """`_scores` in a forked worker, packed to be sent, with what finishing them found."""
    scoring = _forked[-1]
    results = _scores(scoring, start, stop)
    finish, mine = scoring[3], scoring[4]
    found = finish.found([r for r in results if mine(r)]) if finish is not None else None
    return [result.packed() for result in results], found


def _with_evidence(corpus: Corpus, results: list[PairResult], more: Candidates) -> list[PairResult]:
    """The scored pairs with the late sources' findings set, and their other pairs scored."""
    n = corpus.n
    meaning = corpus.evidence.get(SEMANTIC, {})
    known = {r.left * n + r.right: at for at, r in enumerate(results)}
    out = list(results)
    for key in more.keys.tolist():
        at = known.get(key)
        if at is not None:
            if key in meaning:
                out[at] = replace(out[at], semantic=meaning[key])
        else:
            result = score_pair(corpus, key // n, key % n, True)
            if result is not None:
                out.append(result)
    return out


def _propose(corpus: Corpus, sources: Sequence[CandidateSource]) -> Generator[Progress, None, Candidates]:
    """What the sources propose, merged (in order, each seeing what those before it found).
    Sources whose proposal reads nothing of the others' (`alone`) run meanwhile on a helper
    thread: their numpy calls let go of the GIL, so a second core builds their part."""
    beside = [s for s in sources if getattr(s, "alone", None) is not None and s.alone(corpus)]
    with contextlib.closing(on_thread_ahead(lambda s: drain(s.propose(corpus, Candidates.empty())),
                                            beside)) as ahead:
        found = Candidates.empty()
        for source in sources:
            found = found.merge(next(ahead) if source in beside else (yield from source.propose(corpus, found)))
    return found


def compare_class(
    profiles: list[Profile],
    options: CheckOptions,
    template: Profile | None = None,
    *,
    keys: Sequence[str] = (),
    texts: Sequence[str] = (),
    sources: Sequence[CandidateSource] | None = None,
    cache=None,
    finish: Finish | None = None,
) -> Generator[Progress, None, tuple[list[PairResult], list[SharedText]]]:
    """`compare`, and the text most of the documents share (core/matching/common.py; needs
    `texts`): the reported pairs whose documents both hold it carry a passage over it.

    `finish`, a step per pair (one result for each result given, in order, each depending
    only on its own pair), is applied to every pair: where it is scored, so a forked scoring
    worker finishes its share on its own core, unless a step after scoring changes the pair
    (`spread`, the late sources, `mark`); those are finished here once it has."""
    n = len(profiles)
    sample = CpuSample()  # what else runs while the index is built: whether scoring finds a core idle
    yield Progress("indexing", 0, 3)
    corpus = Corpus(list(profiles), options, template_kgrams(profiles, template),
                    document_frequency_cap(n, options.max_share, options.min_common), tuple(keys),
                    tuple(texts))
    sources = default_sources(options, cache) if sources is None else sources
    late = [s for s in sources if getattr(s, "after_scoring", False)]
    work, groups = corpus, None
    if all(getattr(s, "per_pair", False) for s in sources):  # identical documents compared once
        groups = copies(corpus.profiles, corpus.texts)
        if groups.reduces:
            kept = groups.kept.tolist()
            work = Corpus([corpus.profiles[d] for d in kept], options, corpus.ignored, corpus.cap,
                          tuple(corpus.keys[d] for d in kept) if corpus.keys else (),
                          tuple(corpus.texts[d] for d in kept) if corpus.texts else (),
                          weights=groups.weights)
    # the index is long numpy calls: built on a helper thread, so a stop is seen at once
    found = yield from in_thread(_propose(work, [s for s in sources if s not in late]),
                                 first=Progress("indexing", 0, 3))
    yield Progress("indexing", 3, 3)
    # the shared texts are the fingerprint source's (read after proposing): with the pairs
    # scored as they are reported, those `mark` leaves alone are finished as they are scored
    early = finish is not None and work is corpus and not late
    shared = shared_texts(corpus) if early else None
    marked = in_shared(shared) if early else None
    if early:
        results = yield from _score(work, found, sample, finish, lambda r: not marked(r))
    else:
        results = yield from _score(work, found, sample)
    if work is not corpus:  # every pair of the class gets its reduced pair's result
        results = spread(results, groups)
        if COMMON in work.evidence:
            corpus.evidence[COMMON] = spread_common(work.evidence[COMMON], groups)
    if shared is None:
        shared = shared_texts(corpus)
    if late:  # sources that build on the scored pairs (the semantic layer)
        corpus.evidence[SCORED], corpus.evidence[SHARED] = results, shared
        more = Candidates.empty()
        for source in late:
            more = more.merge((yield from source.propose(corpus, found.merge(more))))
        results = _with_evidence(corpus, results, more)
    results = mark(corpus, results, shared)
    if finish is not None:
        results = finished(finish, results, marked if early else lambda r: True)
    results.sort(key=lambda r: (-r.similarity, r.hamming, r.left, r.right))  # ranked again by core.evidence
    return results, shared
