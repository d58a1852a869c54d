"""The check: documents or paths (+ template, exclusions, archive, add-to-archive, review, meaning
layer) in, one `Report` out, as a progress generator (closing it cancels every stage).

`run_check` is the one place a check is put together; the command line, the GUI session, the
child process a class is checked in and the archive check all go through it. Loading (folders
expanded, exclusions and the template left out, files read on all cores when it pays) lives
here too, because the GUI loads files before it checks them.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from core import child_process
from core.academic.classify import Analyses, attribute, sides_found, take_sides
from core.concurrency import run_jobs, workers_for
from core.engine.batches import batches
from core.engine.profile import ProfileCache, profile, profile_documents
from core.errors import LoadError
from core.evidence import judged_each, rank_key
from core.loaders import expand_paths, load_document
from core.matching.compare import compare_class
from core.matching.sources import default_sources
from core.models import Document, Expanded, FileError, Loaded, PairResult, Progress, Report, normalize_path
from core.options import CheckOptions
from core.review.analysis import Analysis, analyse, bound
from core.review.groups import with_groups
from core.steps import drain
from core.store import Store, open_store
from core.store.archive import (
    AddResult,
    add_documents,
    archive_options,
    archived_documents,
    file_facts,
    find_candidates,
    keep_new_pairs,
)

_PARALLEL_CHARS = 400_000  # below this much parsed text, worker processes cost more than they save
_CHUNK_CHARS = 200_000

__all__ = [
    "CheckRequest",
    "Checked",
    "Expanded",
    "Loaded",
    "ProfileCache",
    "check",
    "check_documents",
    "included",
    "load_file",
    "load_paths",
    "load_stream",
    "normalize_path",
    "profile_documents",
    "run",
    "run_check",
]


run = drain  # drain a progress generator and return its result (core/steps.py)


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
    workers = workers_for(options.workers)
    memory = available_memory()
    if memory is None:
        return workers
    return max(1, min(workers, memory // READER_MEMORY))


def load_file(path: str, doc_id: int, options: CheckOptions) -> Document | FileError:
    """One file as a Document, or why it cannot be read (within the options' limits)."""
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
    return [load_file(path, doc_id, options) for path, doc_id in items]


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
    # plain text loads faster than worker processes start: only docx and pdf,
    # which are parsed, are worth fanning out
    parsed = sum(size for f, size in zip(todo, sizes) if Path(f).suffix.lower() != ".txt")
    workers = _readers(options) if parsed >= _PARALLEL_CHARS * 2 else 1
    groups = batches(sizes, _CHUNK_CHARS * 2)
    jobs = [([(todo[i], i) for i in g], options) for g in groups]
    done = 0
    yield Progress("loading", 0, len(todo))
    for item in run_jobs(_load_chunk, jobs, workers):
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
    if not excluded:
        return list(files)  # nothing to leave out: no path needs resolving
    return [f for f in files if str(Path(f).resolve()) not in excluded]


def _size(path) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0




# --- the check --------------------------------------------------------------------------------
@dataclass(frozen=True)
class CheckRequest:
    """What one check takes besides its options.

    `paths` are loaded (folders expanded, `options.exclude` and the template left out) and
    follow `documents`, which are loaded already. `template` is the template loaded already;
    without it `options.template` is read (a template that cannot be read is a FileError of the
    report, code "template.unreadable"). `archive`, a location (core.store.open_store) or an
    open Store, is compared with when `search_archive` (only its documents labelled
    `archive_label` when given), and receives the checked documents with the label
    `add_to_archive` when that is not None. `review`: the report comes with its review and
    every document's figures (core.review.analysis). `in_child`: run in a child process, so
    this one's interpreter stays free (core/child_process.py)."""

    paths: tuple[str, ...] = ()
    documents: tuple[Document, ...] = ()
    template: Document | None = None
    errors: tuple[FileError, ...] = ()
    archive: str | Store | None = None
    search_archive: bool = False
    archive_label: str | None = None
    add_to_archive: str | None = None
    review: bool = False
    in_child: bool = False


@dataclass(frozen=True)
class Checked:
    """What a check gives: its report, the report's analysis (when the request asked for a
    review) and what was added to the archive (when it asked for that)."""

    report: Report
    analysis: Analysis | None = None
    added: AddResult | None = None


def run_check(request: CheckRequest, options: CheckOptions, cache: ProfileCache | None = None
              ) -> Generator[Progress, None, Checked]:
    """The one check: loads, compares (with the archive when asked), ranks, groups, reviews
    and archives as `request` says. `cache` serves and keeps the documents' profiles."""
    if request.in_child:
        return (yield from _in_child(request, options, cache))
    return (yield from _run(request, options, cache))


def check(paths: Iterable[str | os.PathLike], options: CheckOptions, cache: ProfileCache | None = None
          ) -> Generator[Progress, None, Report]:
    """`run_check` of the files under `paths`: its report."""
    request = CheckRequest(paths=tuple(os.fspath(p) for p in paths))
    return (yield from run_check(request, options, cache)).report


def check_documents(documents: Sequence[Document], options: CheckOptions, *,
                    template: Document | None = None, errors: Iterable[FileError] = (),
                    cache: ProfileCache | None = None) -> Generator[Progress, None, Report]:
    """`run_check` of loaded documents (ids become their positions): its report."""
    request = CheckRequest(documents=tuple(documents), template=template, errors=tuple(errors))
    return (yield from run_check(request, options, cache)).report


def _run(request: CheckRequest, options: CheckOptions, cache: ProfileCache | None
         ) -> Generator[Progress, None, Checked]:
    cache = cache if cache is not None else ProfileCache()
    with contextlib.ExitStack() as stack:
        store = request.archive
        if isinstance(store, (str, os.PathLike)):  # opened first: a wrong location fails at once
            store = stack.enter_context(open_store(store))
        documents, errors = list(request.documents), list(request.errors)
        if request.paths:
            loaded, failed = yield from load_paths(request.paths, options)
            documents += loaded
            errors += failed
        template = request.template
        if template is None and options.template:
            template = _read_template(options.template, options, errors)
        if options.semantic and not _semantic_installed():
            options = options.with_changes(semantic=False)  # the report says what ran: no layer
        if store is not None and request.search_archive:
            report = yield from _with_archive(documents, options, store, request.archive_label,
                                              template, errors, cache)
        else:
            report = yield from _compare(documents, options, template, errors, cache)
        report = with_groups(report)
        added = None
        if store is not None and request.add_to_archive is not None:
            added = yield from _archive(store, documents, request.add_to_archive,
                                        report.options.semantic, cache)
    analysis = (yield from analyse(report, options.display_threshold)) if request.review else None
    return Checked(report, analysis, added)


def _read_template(path: str, options: CheckOptions, errors: list[FileError]) -> Document | None:
    """The template at `path`, or None with a "template.unreadable" error added to `errors`."""
    loaded = load_file(path, -1, options)
    if isinstance(loaded, FileError):
        errors.append(FileError(loaded.path, f"template: {loaded.message}", "template.unreadable",
                                {**loaded.values, "cause": loaded.code}))
        return None
    return loaded


def semantic_notes(sources, documents: Sequence[Document]) -> tuple[FileError, ...]:
    """The semantic layer's notes on a check as the report's FileErrors: the model's file when
    the layer could not run, a document when only part of it was compared for meaning."""
    out = []
    for source in sources:
        for note in getattr(source, "notes", ()):
            values = dict(note.values)
            if note.document >= 0:
                path = documents[note.document].path or documents[note.document].name
            else:
                path = str(values.pop("path", "") or "semantic model")
            out.append(FileError.of(path, note.code, **values))
    return tuple(out)


def _semantic_installed() -> bool:
    """Whether the semantic layer's model is installed (found without importing it)."""
    from core.semantic.model import available

    return available()


def _compare(documents: Sequence[Document], options: CheckOptions, template: Document | None,
             errors: Iterable[FileError], cache: ProfileCache | None) -> Generator[Progress, None, Report]:
    """Compare loaded documents (ids become their positions): the ranked pairs, without groups."""
    documents = tuple(replace(d, id=i) if d.id != i else d for i, d in enumerate(documents))
    profiled = yield from profile_documents(documents, options, cache)
    # the template's text is ignored when matching unless the options ask to see it (it is
    # then matched, classified `template` and left out of the figures or not, as they say)
    ignore = template is not None and options.exclude_template
    template_profile = profile(template.text, options) if ignore else None
    # with options.semantic, the semantic layer is one of compare's candidate sources (the
    # last: it builds on the verbatim pairs); its notes join the report's errors
    sources = default_sources(options, cache)
    finish = _Finish(documents, options, template)
    pairs, shared = yield from compare_class(profiled, options, template_profile,
                                             keys=[d.key for d in documents], texts=finish.texts,
                                             sources=sources, cache=cache, finish=finish)
    notes = semantic_notes(sources, documents)
    if any(n.code == "semantic_unavailable" for n in notes):
        options = options.with_changes(semantic=False)  # the report says what ran: no layer
    return Report(
        options=options,
        documents=documents,
        simhashes=tuple(p.simhash for p in profiled),
        pairs=tuple(sorted(pairs, key=rank_key)),
        errors=tuple(errors) + notes,
        shared_texts=tuple(shared),
    )


class _Finish:
    """The check's steps per pair after scoring (core.matching.finish): Match.attribution
    (core.academic), then each pair's kinds and copied share (core.evidence). The side classes a
    forked scoring worker found come back with its pairs, so the figures and the reports read
    them here as the attribution's own."""

    def __init__(self, documents: tuple[Document, ...], options: CheckOptions, template: Document | None):
        self.documents, self.options, self.template = documents, options, template
        self.texts = [d.text for d in documents]
        self.analyses = Analyses.of(documents)  # the attribution's, with each text's character counts

    def __call__(self, pairs: list[PairResult]) -> list[PairResult]:
        pairs = attribute(self.documents, pairs, self.options, self.template, self.analyses)
        reader = self.analyses.reader
        return judged_each(self.texts, pairs, lambda i: reader(i).count)  # one for copies that read alike

    def found(self, pairs: list[PairResult]) -> list[tuple[int, int, int, str]]:
        return sides_found(pairs, self.analyses)

    def take(self, found: list[tuple[int, int, int, str]]) -> None:
        take_sides(self.analyses, found)


def _with_archive(documents: Sequence[Document], options: CheckOptions, store: Store,
                  label: str | None, template: Document | None, errors: Iterable[FileError],
                  cache: ProfileCache) -> Generator[Progress, None, Report]:
    """`documents` compared with each other and with their candidate sources in the archive
    (core.store.archive.find_candidates). Archived documents with a pair follow the new ones in
    `Report.documents`; pairs between two archived documents are left out."""
    from core.semantic import stored as semantic_store
    from core.semantic.model import SemanticUnavailable

    opts = archive_options(store, options)
    yield Progress("archive_search", 0, 1)
    query_profiles = yield from profile_documents(documents, opts, cache)
    found = find_candidates(store, query_profiles, [d.text for d in documents], options.hamming,
                            max_repeats=opts.max_repeats)
    ids: set[int] = set()
    for c in found:
        ids |= c.ids()
    semantic = options.semantic and semantic_store.wanted(True)
    if semantic:  # archived documents close in meaning (translations share no fingerprint)
        try:
            ids |= yield from semantic_store.archive_candidates(store, documents, cache, label)
        except SemanticUnavailable:  # a broken model install: the check's note says so
            semantic = False
    if label is not None and ids:
        ids = {m.id for m in store.documents(ids) if m.label == label}
    own_sha = {d.sha256 for d in documents if d.sha256}
    own_keys = {d.key for d in documents}
    archived = [d for d in archived_documents(store, ids, len(documents))
                if d.sha256 not in own_sha and d.key not in own_keys]
    yield Progress("archive_search", 1, 1)
    if semantic:
        # their sentence vectors from the archive (embedded and stored once when missing)
        yield from semantic_store.prepare_archived(store, archived, cache)
    report = yield from _compare(list(documents) + archived, options, template, errors, cache)
    report = keep_new_pairs(report, len(documents))
    loaded = len(documents) + len(archived)
    for _ in range(3):
        if len(report.documents) == loaded:
            break
        # again with only the archived documents that have a pair, so every figure is exactly
        # that of loading them by hand (the shared-vocabulary term depends on which documents
        # are loaded); the profiles come from the cache
        kept = [replace(d, id=len(documents) + n) for n, d in enumerate(report.documents[len(documents):])]
        loaded = len(documents) + len(kept)
        report = yield from _compare(list(documents) + kept, options, template, errors, cache)
        report = keep_new_pairs(report, len(documents))
    return report


def _archive(store: Store, documents: Sequence[Document], label: str, semantic: bool,
             cache: ProfileCache) -> Generator[Progress, None, AddResult]:
    """Add the checked documents to the archive with `label` (their files' SHA-256 and sizes;
    a document whose file is gone since it was read is left out)."""
    own, sizes = [], []
    for d in documents:
        try:
            sha, size = file_facts(d.path)
        except OSError:
            continue
        own.append(replace(d, sha256=d.sha256 or sha))
        sizes.append(size)
    return (yield from add_documents(store, own, label, sizes, semantic=semantic, cache=cache))


def _in_child(request: CheckRequest, options: CheckOptions, cache: ProfileCache | None
              ) -> Generator[Progress, None, Checked]:
    """`run_check` in a child process (core/child_process.py): this process sends the documents
    and the profiles `cache` holds of them, then receives the report, its analysis and the
    profiles the child computed (kept in `cache` for the next check), all in pieces. Checked
    here when the inputs cannot be sent (an open Store)."""
    documents = request.documents
    cached = cache.about(d.key for d in documents) if cache is not None else []
    rest = replace(request, documents=(), in_child=False)
    report, data, figures, added, computed = yield from child_process.in_child(
        _check_in_child, rest, child_process.Batched(documents), options, child_process.Batched(cached),
        stage="fingerprinting", name="plagscope-check", or_here=True)
    if cache is not None:
        cache.update(computed)
    analysis = bound(report, data, figures, options.display_threshold) if data is not None else None
    return Checked(report, analysis, added)


def _check_in_child(request: CheckRequest, documents, options: CheckOptions, cached):
    """In the child: `run_check`, returning the review without its report (the report crosses
    once, in pieces), every document's figures and the profiles computed here."""
    cache = ProfileCache()
    cache.update(cached)
    known = {key for key, _ in cached}
    checked = yield from _run(replace(request, documents=tuple(documents)), options, cache)
    analysis = checked.analysis
    return (checked.report,
            replace(analysis.review, report=None) if analysis is not None else None,
            child_process.Batched(analysis.figures.computed() if analysis is not None else ()),
            checked.added,
            child_process.Batched((key, value) for key, value in cache.items() if key not in known))
