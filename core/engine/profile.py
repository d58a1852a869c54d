"""Per-document analysis shared by both engines: units, winnowed fingerprints, simhash."""

from __future__ import annotations

import contextlib
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import chain, repeat

import numpy as np

from core.concurrency import CpuSample, on_thread_ahead, run_jobs, workers_sharing
from core.engine.batches import batches
from core.engine.normalize import Units, code_points, split_units, unit_batches
from core.engine.segment import Piece, forget_remembered, import_for, shared_lines, warm_up
from core.engine.simhash import cut_prose, word_features
from core.engine.winnowing import fingerprints, fingerprints_joined
from core.models import Document, Fingerprint, Progress
from core.options import LANGS, CheckOptions, LangParams


@dataclass(frozen=True, slots=True)
class Profile:
    """Everything the comparison needs of one document; computed once and cacheable."""

    lang: str
    params: LangParams
    units: Units
    fp_hashes: np.ndarray  # uint64, winnowed fingerprints
    fp_units: np.ndarray  # int64, first unit of each fingerprint's k-gram
    simhash: int
    vocab: np.ndarray  # uint64, sorted hashes of the content words (IDF >= IDF_FLOOR)
    vocab_idf: np.ndarray  # float32, the IDF of each of those words

    def fingerprint_list(self) -> list[Fingerprint]:
        """The winnowed fingerprints as values (for display and tests)."""
        return [Fingerprint(int(h), int(p)) for h, p in zip(self.fp_hashes, self.fp_units)]


def language(u: Units, text: str | None = None) -> str:
    """'zh' when most units are CJK characters, else 'en'. Given the text, numbers (ASCII or
    full-width digits) do not count as words: a Chinese report full of figures is Chinese."""
    if not len(u):
        return "en"
    singles = int(u.single.sum())
    words = len(u) - singles
    if text is not None and words:
        first = code_points(text)[u.starts[~u.single]]
        words -= int((((first >= 0x30) & (first <= 0x39)) | ((first >= 0xFF10) & (first <= 0xFF19))).sum())
    return "zh" if singles and singles >= words else "en"


def profile(text: str, options: CheckOptions) -> Profile:
    """Analyze one text with the options' parameters for its language."""
    return profiles([text], options)[0]


def fingerprint_texts(texts: list[str], options: CheckOptions) -> list[tuple[Units, str, tuple]]:
    """Units, language and winnowed fingerprints (hashes, first units) of each text, computed
    a batch of texts at a time: numpy's per-call cost would dominate one short text per call."""
    out: list = []
    at = 0
    for joined, offsets in unit_batches(texts):
        pieces = split_units(joined, offsets)
        langs = [language(u, texts[at + i]) for i, u in enumerate(pieces)]
        at += len(pieces)
        if len(set(langs)) == 1:
            params = options.params(langs[0])
            fps = fingerprints_joined(joined.hashes, offsets, params.k, params.window)
        else:  # a batch mixing languages: each text with its own parameters
            fps = [fingerprints(u.hashes, p.k, p.window)
                   for u, p in zip(pieces, map(options.params, langs))]
        out += zip(pieces, langs, fps)
    return out


def analyse(texts: list[str], options: CheckOptions, segmented: Iterator[tuple[str, list[Piece]]] | None = None,
            shared: Sequence[Sequence[int]] | None = None) -> list[tuple[Units, str, tuple, tuple]]:
    """`fingerprint_texts` of the texts and their `word_features` (simhash, vocabulary,
    vocabulary IDF). Their Chinese runs are segmented on a helper thread meanwhile: rjieba
    segments without holding the GIL, so it runs beside the fingerprinting. `segmented`: that
    thread's `cut_prose` of these texts and those after them, when already under way; else
    `shared`: each text's lines whose words are remembered (`segment.shared_lines`)."""
    if segmented is None:
        import_for(texts)
        with contextlib.closing(on_thread_ahead(_cut, zip(texts, shared or repeat(())))) as own:
            return analyse(texts, options, own)
    fingerprinted = fingerprint_texts(texts, options)
    words = word_features(texts, [u for u, _, _ in fingerprinted], options.keywords, segmented)
    return [(u, lang, fps, w) for (u, lang, fps), w in zip(fingerprinted, words)]


def _cut(text_and_shared: tuple[str, Sequence[int]]) -> tuple[str, list[Piece]]:
    return cut_prose(*text_and_shared)


def profiles(texts: list[str], options: CheckOptions, segmented: Iterator[tuple[str, list[Piece]]] | None = None,
             shared: Sequence[Sequence[int]] | None = None) -> list[Profile]:
    """Analyze texts, each with the options' parameters for its language (`analyse`)."""
    params = _params(options)
    return [Profile(lang, params[lang], u, fp_hashes, fp_units, simhash, vocab, vocab_idf)
            for u, lang, (fp_hashes, fp_units), (simhash, vocab, vocab_idf)
            in analyse(texts, options, segmented, shared)]


def _params(options: CheckOptions) -> dict[str, LangParams]:
    """The options' parameters of each language, for many texts at once (`options.params`
    builds them anew at every call)."""
    return {lang: options.params(lang) for lang in LANGS}


def read_text(text: str) -> str:
    """What a profile reads of a text: all of it but the white space at its end (`str.isspace`),
    which no unit holds, no word or markup takes in, and no step counts. Texts that read the same
    get equal profiles (tests/core/test_profile_white_space.py holds each field to it)."""
    return text.rstrip()


def cache_key(document: Document, options: CheckOptions) -> tuple:
    """What a profile depends on: the text and the options that shape fingerprints."""
    return cache_keys([document], options)[0]


def cache_keys(documents: Sequence[Document], options: CheckOptions) -> list[tuple]:
    """`cache_key` of each document."""
    params = _params(options)
    return [(d.key, params["zh"], params["en"], options.keywords) for d in documents]


class ProfileCache:
    """Profiles by text and parameters, so re-running after adding documents reuses the work."""

    def __init__(self, limit: int = 20_000):
        self._items: dict[tuple, Profile] = {}
        self._limit = limit

    def get(self, key: tuple) -> Profile | None:
        return self._items.get(key)

    def put(self, key: tuple, value: Profile) -> None:
        if len(self._items) >= self._limit:
            self._items.pop(next(iter(self._items)))
        self._items[key] = value

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        self._items.clear()

    def items(self) -> list[tuple[tuple, object]]:
        """Every (key, profile), oldest first."""
        return list(self._items.items())

    def update(self, entries) -> None:
        """Put each (key, profile) of `entries`."""
        for key, value in entries:
            self.put(key, value)

    def about(self, document_keys) -> list[tuple[tuple, object]]:
        """The entries of these documents (keys holding one of their `Document.key`s): what a
        check of them in another process can reuse."""
        wanted = set(document_keys)
        return [(key, value) for key, value in self._items.items() if not wanted.isdisjoint(key)]


#: Below this much text to profile, worker processes cost more than they save (starting them,
#: and sending every profile back), so by default one process profiles it, and so does it when
#: no core is idle; `--workers N` asks for N anyway (bench/workers.py measures it; docs/decisions/086, 109).
PARALLEL_CHARS = 2_000_000
#: Text per job: this process and the workers take jobs from one queue, so small jobs keep
#: them busy to the end.
CHUNK_CHARS = 100_000


def _cut_job(job: tuple[list[str], CheckOptions, list[tuple[int, ...]]]) -> list[tuple[str, list[Piece]]]:
    texts, _, shared = job
    return list(map(cut_prose, texts, shared))


def _profile_chunk(texts: list[str], options: CheckOptions, shared: list[tuple[int, ...]],
                   segmented: Iterator[tuple[str, list[Piece]]] | None = None) -> list[Profile]:
    return profiles(texts, options, segmented, shared)


def _sent_chunk(texts: list[str], options: CheckOptions, shared: list[tuple[int, ...]]) -> list[tuple]:
    """A worker's profiles of `texts` without their units, which the receiving process finds
    again faster than it could unpickle them (`_received`)."""
    return [(p.lang, p.fp_hashes, p.fp_units, p.simhash, p.vocab, p.vocab_idf)
            for p in profiles(texts, options, shared=shared)]


def _received(texts: list[str], sent: list[tuple], options: CheckOptions) -> list[Profile]:
    units = [u for joined, offsets in unit_batches(texts) for u in split_units(joined, offsets)]
    params = _params(options)
    return [Profile(lang, params[lang], u, *rest) for u, (lang, *rest) in zip(units, sent)]


def profile_documents(
    documents: Sequence[Document], options: CheckOptions, cache: ProfileCache | None = None
) -> Generator[Progress, None, list[Profile]]:
    """Profiles of the documents (Progress "fingerprinting"), reusing cached ones, a text held
    by several documents profiled once (one Profile for them all), a line several of the texts
    hold segmented once per process (`shared_lines`), computing the rest here and in
    `options.workers` - 1 processes, or by default with one per idle core when there is enough
    text to pay for them (core.concurrency). The engines are warmed up here first: workers
    forked from this process start warm."""
    keys = cache_keys(documents, options)
    found: list[Profile | None] = [cache.get(k) if cache else None for k in keys]
    # documents with the same text but for white space at its end (copies handed in as they
    # are, or saved by different editors) are profiled once: a profile never reads that white
    # space (`read_text`)
    copies: dict[str, list[int]] = {}
    for i, p in enumerate(found):
        if p is None:
            copies.setdefault(read_text(documents[i].text), []).append(i)
    alikes = list(copies.values())
    missing = [same[0] for same in alikes]
    sizes = [len(documents[i].text) for i in missing]
    done = len(documents) - sum(len(same) for same in copies.values())
    yield Progress("fingerprinting", done, len(documents))
    sample, enough = CpuSample(), sum(sizes) >= PARALLEL_CHARS
    if (options.workers or 0) > 1 or options.workers is None and enough:
        warm_up()  # before the pool starts, so that its forked workers start warm
    workers = workers_sharing(options.workers, enough, sample)
    groups = batches(sizes, CHUNK_CHARS)
    # lines that several of these texts hold (near copies) are segmented once per process
    shared = shared_lines(documents[i].text for i in missing)
    jobs = [([documents[missing[g]].text for g in group], options, [shared[g] for g in group]) for group in groups]
    # one process takes the jobs in order: its helper thread segments the next job while this
    # thread weighs the words of the one before (a job ahead at most, whatever its texts' size)
    ahead = None
    if workers <= 1 and jobs:
        import_for(documents[i].text for i in missing)
        ahead = on_thread_ahead(_cut_job, jobs, ahead=1)
    with contextlib.ExitStack() as ending:  # however the stage ends: the thread stopped, then
        ending.callback(forget_remembered)  # the runs and lines it remembered let go of
        here = _profile_chunk
        if ahead is not None:
            ending.enter_context(contextlib.closing(ahead))
            here = partial(_profile_chunk, segmented=chain.from_iterable(ahead))
        for item in run_jobs(_sent_chunk, jobs, workers, share=True, here=here):
            if item is not None:
                n, chunk = item
                if chunk and not isinstance(chunk[0], Profile):
                    chunk = _received(jobs[n][0], chunk, options)
                for g, prof in zip(groups[n], chunk):
                    alike = alikes[g]
                    for same in alike:
                        found[same] = prof
                    if cache is not None:
                        for key in dict.fromkeys(keys[same] for same in alike):
                            cache.put(key, prof)
                    done += len(alike)
            yield Progress("fingerprinting", done, len(documents))
    return found  # type: ignore[return-value]
