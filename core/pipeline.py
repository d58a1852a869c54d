"""Paths or documents -> Report: load, profile (fanned out over processes), compare.

Every long step is a generator yielding `Progress` and returning its result; the caller
cancels by closing it, which also cancels the work queued in worker processes.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
from collections.abc import Generator, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from pathlib import Path

from core.steps import drain
from core.academic.classify import attribute
from core.engine.batches import batches
from core.matching.compare import compare, compare_class  # noqa: F401 (compare: used by callers)
from core.errors import LoadError
from core.loaders import expand_paths, load_document
from core.models import Document, FileError, Progress, Report
from core.options import CheckOptions
from core.engine.profile import Profile, ProfileCache, cache_key, profile, profiles

_PARALLEL_CHARS = 400_000  # below this much text, starting worker processes costs more than it saves
_CHUNK_CHARS = 200_000

__all__ = ["ProfileCache", "check", "check_documents", "run", "profile_documents", "load_paths",
           "load_stream", "Expanded", "Loaded", "normalize_path", "included"]


run = drain  # drain a progress generator and return its result (core/steps.py)


def _workers(options: CheckOptions) -> int:
    return options.workers or max(1, min(os.cpu_count() or 1, 8))


@contextlib.contextmanager
def _interrupts_held():
    """Block SIGINT in this thread while worker processes are started: a process started
    meanwhile (the forkserver, whose children the workers are) inherits the blocked mask, so a
    terminal's Ctrl-C reaches only the main process; a Ctrl-C meanwhile is delivered after."""
    block = getattr(signal, "pthread_sigmask", None)
    if block is None:
        yield
        return
    old = block(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        block(signal.SIG_SETMASK, old)


# What one reader process may need at worst (a 50 MB file, its checks, a parse): the loaders
# keep reading any accepted file under this (core/loaders/docx_stream.py, bench/hostile_rss.py).
READER_MEMORY = 500 * 2**20


def available_memory() -> int | None:
    """Bytes of memory available for new work (Linux MemAvailable; else half the RAM), or None."""
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 2
    except (ValueError, OSError, AttributeError):
        return None


def _readers(options: CheckOptions) -> int:
    """Parallel file readers: the workers, but no more than the memory available can hold."""
    workers = _workers(options)
    memory = available_memory()
    if memory is None:
        return workers
    return max(1, min(workers, memory // READER_MEMORY))


def _ignore_interrupts() -> None:
    """Worker processes leave Ctrl-C to the process that started them (which stops them):
    a terminal sends SIGINT to every process of the job, and each worker would print a
    traceback of its own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _load(path: str, doc_id: int, options: CheckOptions) -> Document | FileError:
    try:
        return load_document(
            path,
            doc_id,
            max_bytes=int(options.max_file_mb * 1024 * 1024),
            max_chars=options.max_chars,
        )
    except LoadError as e:
        return e.to_file_error()


def _load_chunk(items: list[tuple[str, int]], options: CheckOptions) -> list[Document | FileError]:
    return [_load(path, doc_id, options) for path, doc_id in items]


def _profile_chunk(texts: list[str], options: CheckOptions) -> list[Profile]:
    return profiles(texts, options)


def _run_jobs(func, jobs: list[tuple], workers: int):
    """Run func(*job) for each job, in a process pool when it pays; yields (index, result) as
    each job finishes, and None now and then while waiting (so a caller can report progress
    and be cancelled)."""
    if workers <= 1 or len(jobs) <= 1:
        for i, job in enumerate(jobs):
            yield i, func(*job)
        return
    # forkserver, not fork: the GUI calls this from a thread, and forking a threaded process
    # can deadlock the child
    context = multiprocessing.get_context("forkserver")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context,
                               initializer=_ignore_interrupts)
    broken: list[int] = []
    try:
        with _interrupts_held():  # the forkserver (and so every worker) starts deaf to Ctrl-C
            futures: dict[Future, int] = {pool.submit(func, *job): i for i, job in enumerate(jobs)}
        pending = set(futures)
        while pending:
            finished, pending = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
            for future in finished:
                try:
                    result = future.result()
                except BrokenProcessPool:
                    broken.append(futures[future])  # workers could not start here: done below
                else:
                    yield futures[future], result
            yield None
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
    for i in sorted(broken):
        yield i, func(*jobs[i])


def _fan_out(func, jobs: list[tuple], workers: int, stage: str, total: int, sizes: list[int]):
    """Run func(*job) for each job (see _run_jobs); yields Progress, returns the results in
    job order."""
    results: list = [None] * len(jobs)
    done_units = 0
    yield Progress(stage, 0, total)
    for item in _run_jobs(func, jobs, workers):
        if item is not None:
            i, results[i] = item
            done_units += sizes[i]
        yield Progress(stage, done_units, total)
    return results


@dataclass(frozen=True, slots=True)
class Expanded:
    """First item of `load_stream`: the files it is about to load (normalized paths, in order)
    and the paths it rejected while expanding folders."""

    files: tuple[str, ...]
    errors: tuple[FileError, ...]


@dataclass(frozen=True, slots=True)
class Loaded:
    """One file of `load_stream`: its document, or why it could not be read."""

    path: str
    document: Document | None
    error: FileError | None


def normalize_path(path: str | os.PathLike) -> str:
    """The key a file is known by while loading: absolute, `..` resolved (symlinks kept)."""
    return os.path.normpath(os.path.abspath(os.fspath(path)))


def load_stream(
    paths: Iterable[str | os.PathLike], options: CheckOptions, skip: Iterable[str] = ()
) -> Generator[Expanded | Loaded | Progress, None, int]:
    """The one way to load: expand folders, leave out `options.exclude`, the template and the
    paths in `skip` (normalized; already loaded), then read the files on all cores when it
    pays. Yields `Expanded` first, then `Progress` and one `Loaded` per file as it is read
    (in chunks, not necessarily in order); returns how many files it read. The CLI and the
    GUI both load through this."""
    files, errors = expand_paths([os.fspath(p) for p in paths])
    seen = {normalize_path(p) for p in skip}
    todo: list[str] = []  # as found (what Document.path says)
    keys: list[str] = []  # normalized (what Expanded and Loaded say)
    for f in map(str, included(files, options)):
        key = normalize_path(f)
        if key not in seen:
            seen.add(key)
            todo.append(f)
            keys.append(key)
    yield Expanded(tuple(keys), tuple(errors))
    sizes = [_size(f) for f in todo]
    # plain text loads at ~5 ms/MB, faster than worker processes start: only docx and pdf,
    # which are parsed, are worth fanning out
    parsed = sum(size for f, size in zip(todo, sizes) if Path(f).suffix.lower() != ".txt")
    workers = _readers(options) if parsed >= _PARALLEL_CHARS * 2 else 1
    groups = batches(sizes, _CHUNK_CHARS * 2)
    jobs = [([(todo[i], i) for i in g], options) for g in groups]
    done = 0
    yield Progress("loading", 0, len(todo))
    for item in _run_jobs(_load_chunk, jobs, workers):
        if item is not None:
            i, chunk = item
            for index, result in zip(groups[i], chunk):
                if isinstance(result, FileError):
                    yield Loaded(keys[index], None, result)
                else:
                    yield Loaded(keys[index], result, None)
            done += len(chunk)
        yield Progress("loading", done, len(todo))
    return len(todo)


def load_paths(
    paths: Iterable[str | os.PathLike], options: CheckOptions
) -> Generator[Progress, None, tuple[list[Document], list[FileError]]]:
    """Expand folders and load every file (`load_stream`), in the order the folders list
    them; unreadable files become FileErrors, never exceptions. Document ids are positions."""
    stream = load_stream(paths, options)
    order: dict[str, int] = {}
    loaded: dict[str, Document] = {}
    errors: list[FileError] = []
    failed: dict[str, FileError] = {}
    while True:
        try:
            item = next(stream)
        except StopIteration:
            break
        if isinstance(item, Expanded):
            order = {path: i for i, path in enumerate(item.files)}
            errors.extend(item.errors)
        elif isinstance(item, Loaded):
            if item.document is not None:
                loaded[item.path] = item.document
            else:
                failed[item.path] = item.error
        else:
            yield item
    documents: list[Document] = []
    for path in sorted(order, key=order.get):
        if path in loaded:
            documents.append(replace(loaded[path], id=len(documents)))
        elif path in failed:
            errors.append(failed[path])
    return documents, errors


def included(files: Sequence, options: CheckOptions) -> list:
    """`files` without those the options leave out (--exclude, and the template), in order."""
    excluded = {str(Path(p).resolve()) for p in options.exclude}
    if options.template:
        excluded.add(str(Path(options.template).resolve()))
    return [f for f in files if str(Path(f).resolve()) not in excluded]


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
    if options.semantic and not _semantic_installed():
        options = options.with_changes(semantic=False)  # the report says what ran: no layer
    # with options.semantic, the semantic layer is one of compare's candidate sources
    pairs, shared = yield from compare_class(profiled, options, template_profile,
                                             keys=[d.key for d in documents],
                                             texts=[d.text for d in documents], cache=cache)
    pairs = attribute(documents, pairs, options, template)  # Match.attribution (core.academic)
    report = Report(
        options=options,
        documents=documents,
        simhashes=tuple(p.simhash for p in profiled),
        pairs=tuple(pairs),
        errors=tuple(errors),
        shared_texts=tuple(shared),
    )
    return _with_groups(report)


def _semantic_installed() -> bool:
    """Whether the semantic layer's model is installed (found without importing it)."""
    from core.semantic.model import available

    return available()


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
            errors.append(FileError(loaded.path, f"template: {loaded.message}", "template.unreadable",
                                    {**loaded.values, "cause": loaded.code}))
        else:
            template = loaded
    return (yield from check_documents(documents, options, template=template, errors=errors,
                                       cache=cache))
