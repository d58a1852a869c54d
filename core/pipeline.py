"""Paths or documents -> Report: load, profile (fanned out over processes), compare.

Every long step is a generator yielding `Progress` and returning its result; the caller
cancels by closing it, which also cancels the work queued in worker processes.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Generator, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from pathlib import Path

from core.academic.classify import attribute
from core.engine.batches import batches
from core.matching.compare import compare
from core.errors import LoadError
from core.loaders import expand_paths, load_document
from core.models import Document, FileError, Progress, Report
from core.options import CheckOptions
from core.engine.profile import Profile, ProfileCache, cache_key, profile, profiles

_PARALLEL_CHARS = 400_000  # below this much text, starting worker processes costs more than it saves
_CHUNK_CHARS = 200_000

__all__ = ["ProfileCache", "check", "check_documents", "run", "profile_documents", "load_paths"]


def run(generator: Generator) -> object:
    """Drain a progress generator and return its result."""
    while True:
        try:
            next(generator)
        except StopIteration as stop:
            return stop.value


def _workers(options: CheckOptions) -> int:
    return options.workers or max(1, min(os.cpu_count() or 1, 8))


def _load(path: str, doc_id: int, options: CheckOptions) -> Document | FileError:
    try:
        return load_document(
            path,
            doc_id,
            max_bytes=int(options.max_file_mb * 1024 * 1024),
            max_chars=options.max_chars,
        )
    except LoadError as e:
        return FileError(e.path, e.reason)


def _load_chunk(items: list[tuple[str, int]], options: CheckOptions) -> list[Document | FileError]:
    return [_load(path, doc_id, options) for path, doc_id in items]


def _profile_chunk(texts: list[str], options: CheckOptions) -> list[Profile]:
    return profiles(texts, options)


def _fan_out(func, jobs: list[tuple], workers: int, stage: str, total: int, sizes: list[int]):
    """Run func(*job) for each job, in a process pool when it pays; yields Progress, returns results."""
    results: list = [None] * len(jobs)
    done_units = 0
    yield Progress(stage, 0, total)
    if workers <= 1 or len(jobs) <= 1:
        for i, job in enumerate(jobs):
            results[i] = func(*job)
            done_units += sizes[i]
            yield Progress(stage, done_units, total)
        return results
    # forkserver, not fork: the GUI calls this from a thread, and forking a threaded process
    # can deadlock the child
    context = multiprocessing.get_context("forkserver")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)
    try:
        futures: dict[Future, int] = {pool.submit(func, *job): i for i, job in enumerate(jobs)}
        pending = set(futures)
        while pending:
            finished, pending = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
            for future in finished:
                i = futures[future]
                try:
                    results[i] = future.result()
                except BrokenProcessPool:
                    results[i] = None  # workers could not start here: done in-process below
                else:
                    done_units += sizes[i]
            yield Progress(stage, done_units, total)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
    for i, job in enumerate(jobs):
        if results[i] is None:
            results[i] = func(*job)
            done_units += sizes[i]
            yield Progress(stage, done_units, total)
    return results


def load_paths(
    paths: Iterable[str | os.PathLike], options: CheckOptions
) -> Generator[Progress, None, tuple[list[Document], list[FileError]]]:
    """Expand folders and load every file; unreadable files become FileErrors, never exceptions."""
    files, errors = expand_paths([str(p) for p in paths])
    excluded = {str(Path(p).resolve()) for p in options.exclude}
    if options.template:
        excluded.add(str(Path(options.template).resolve()))
    files = [f for f in files if str(Path(f).resolve()) not in excluded]
    items = [(str(f), i) for i, f in enumerate(files)]
    sizes = [_size(f) for f in files]
    # plain text loads at ~5 ms/MB, faster than worker processes start: only docx and pdf,
    # which are parsed, are worth fanning out
    parsed = sum(size for f, size in zip(files, sizes) if Path(f).suffix.lower() != ".txt")
    workers = _workers(options) if parsed >= _PARALLEL_CHARS * 2 else 1
    groups = batches(sizes, _CHUNK_CHARS * 2)
    jobs = [([items[i] for i in g], options) for g in groups]
    chunk_results = yield from _fan_out(
        _load_chunk, jobs, workers, "loading", len(files), [len(g) for g in groups]
    )
    documents: list[Document] = []
    for chunk in chunk_results:
        for item in chunk:
            if isinstance(item, FileError):
                errors.append(item)
            else:
                documents.append(replace(item, id=len(documents)))
    return documents, list(errors)


def _size(path) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def profile_documents(
    documents: Sequence[Document], options: CheckOptions, cache: ProfileCache | None = None
) -> Generator[Progress, None, list[Profile]]:
    """Profiles of the documents, reusing cached ones, computing the rest over processes."""
    keys = [cache_key(d, options) for d in documents]
    found: list[Profile | None] = [cache.get(k) if cache else None for k in keys]
    missing = [i for i, p in enumerate(found) if p is None]
    sizes = [len(documents[i].text) for i in missing]
    workers = _workers(options) if sum(sizes) >= _PARALLEL_CHARS else 1
    groups = batches(sizes, _CHUNK_CHARS)
    jobs = [([documents[missing[g]].text for g in group], options) for group in groups]
    group_sizes = [len(g) for g in groups]
    done = len(documents) - len(missing)
    gen = _fan_out(_profile_chunk, jobs, workers, "fingerprinting", len(missing), group_sizes)
    while True:
        try:
            step = next(gen)
        except StopIteration as stop:
            chunk_results = stop.value
            break
        yield Progress("fingerprinting", done + step.done, len(documents))
    for group, chunk in zip(groups, chunk_results):
        for g, prof in zip(group, chunk):
            i = missing[g]
            found[i] = prof
            if cache is not None:
                cache.put(keys[i], prof)
    return found  # type: ignore[return-value]


def check_documents(
    documents: Sequence[Document],
    options: CheckOptions,
    *,
    template: Document | None = None,
    errors: Iterable[FileError] = (),
    cache: ProfileCache | None = None,
) -> Generator[Progress, None, Report]:
    """Compare loaded documents (ids are their indexes) and return the ranked Report."""
    documents = tuple(replace(d, id=i) if d.id != i else d for i, d in enumerate(documents))
    profiled = yield from profile_documents(documents, options, cache)
    # the template's text is ignored when matching unless the options ask to see it (it is
    # then matched, classified `template` and left out of the figures or not, as they say)
    ignore = template is not None and options.exclude_template
    template_profile = profile(template.text, options) if ignore else None
    pairs = yield from compare(profiled, options, template_profile)
    pairs = attribute(documents, pairs, options, template)  # Match.attribution (core.academic)
    if options.semantic:
        pairs = yield from _with_semantic(documents, profiled, pairs, cache)
    report = Report(
        options=options,
        documents=documents,
        simhashes=tuple(p.simhash for p in profiled),
        pairs=tuple(pairs),
        errors=tuple(errors),
    )
    return _with_groups(report)


def _with_semantic(documents, profiled, pairs, cache):
    """Optional step: translations and paraphrases (core/semantic, imported only when asked
    for); without its model installed the check is the verbatim one."""
    from core.semantic import layer, model

    if not model.available():
        return pairs
    found = yield from layer.find(documents, cache)
    return layer.merge(pairs, found, profiled)


def _with_groups(report: Report) -> Report:
    """Post-step: Report.groups, the documents linked by flagged pairs (core/review)."""
    from core.review.groups import with_groups

    return with_groups(report)


def check(
    paths: Iterable[str | os.PathLike],
    options: CheckOptions,
    cache: ProfileCache | None = None,
) -> Generator[Progress, None, Report]:
    """Load the files under `paths` and check them all against each other."""
    documents, errors = yield from load_paths(paths, options)
    template = None
    if options.template:
        loaded = _load(options.template, -1, options)
        if isinstance(loaded, FileError):
            errors.append(FileError(loaded.path, f"template: {loaded.message}"))
        else:
            template = loaded
    return (yield from check_documents(documents, options, template=template, errors=errors,
                                       cache=cache))
