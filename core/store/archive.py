"""The archive as a source of candidates: add documents, find the archived documents a new one
may have copied from, and check new documents against them.

Three look-ups find candidates, each a few index probes per new document:
1. fingerprint postings: archived documents sharing any winnowed fingerprint (fingerprints
   posted by more than `posting_cap` documents are common text and ignored);
2. simhash blocks: documents agreeing with the new one on a whole 16-bit block, then kept when
   within the Hamming threshold (pigeonhole: exact for thresholds up to 3; wider thresholds
   scan every simhash, still no text read);
3. exact sentences: the new document's sentences looked up among the archived documents'
   longest sentences.
The candidates' texts are then read from the archive and checked with the new documents by
the check (core.pipeline), so every pair's passages and figures are exactly those of loading
the same documents by hand.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections import Counter
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from core.concurrency import ordered, workers_for
from core.engine.profile import Profile, ProfileCache, analyse
from core.engine.segment import warm_up
from core.errors import LoadError
from core.loaders import expand_paths, load_document
from core.models import Document, FileError, Progress, Report
from core.options import CheckOptions
from core.rules import hamming
from core.steps import drain
from core.store.base import Store
from core.store.records import (
    NewDocument,
    blocks,
    decompress,
    record_of,
    sentence_hashes,
)

MAX_CANDIDATES = 100  # archived documents per new document by shared fingerprints (most first)
ARCHIVE_MAX_SHARE = 0.01  # a fingerprint in more of the archive than this is common text...
ARCHIVE_MIN_COMMON = 50  # ...but never when it is in this many documents or fewer
_OPTION_KEYS = ("k", "window", "keywords", "max_repeats")
MERGE_EVERY = 2_000  # pending documents before their postings are merged into the index...
MERGE_SHARE = 8  # ...or an eighth of the archive when that is more (a merge rewrites the index)
MERGE_MAX = 20_000  # (look-ups read the pending documents' postings unindexed meanwhile)
_ADD_BATCH = 64  # documents profiled together (numpy's per-call cost, see core.engine.batches)
PARALLEL_MIN = 512  # fewer documents are profiled in this process (workers take long to start)
_AHEAD = 16  # batches queued per worker: they keep profiling while the writer merges


def archive_options(store: Store, options: CheckOptions | None = None) -> CheckOptions:
    """The options the archive's fingerprints were made with (fixed when it was created, so all
    its postings are comparable); a new archive takes them from `options`."""
    saved = store.meta("options")
    if saved is None:
        chosen = options or CheckOptions()
        saved = store.meta_setdefault(
            "options", json.dumps({k: getattr(chosen, k) for k in _OPTION_KEYS}))
    return CheckOptions.from_dict(json.loads(saved))


def posting_cap(archived: int) -> int:
    return max(ARCHIVE_MIN_COMMON, int(ARCHIVE_MAX_SHARE * archived))


def merge_every(archived: int) -> int:
    """Pending documents that make a merge worth its cost for an archive of `archived`."""
    return min(MERGE_MAX, max(MERGE_EVERY, archived // MERGE_SHARE))


@dataclass
class AddResult:
    added: list[int] = field(default_factory=list)
    present: list[int] = field(default_factory=list)
    errors: list[FileError] = field(default_factory=list)
    worker_cpu_s: float = 0.0  # CPU seconds the worker processes spent loading and profiling


def file_facts(path: str) -> tuple[str, int]:
    """SHA-256 and size of a file's bytes."""
    digest = hashlib.sha256()
    size = 0
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
            size += len(chunk)
    return digest.hexdigest(), size


def _profile_records(documents: Sequence[Document], options: CheckOptions, label: str,
                     sizes: Sequence[int]) -> list[NewDocument]:
    """The records of documents: units and fingerprints a batch at a time, the simhash from
    the same keywords `core.engine.profile.profiles` takes (not the rest of a check's profile,
    which the archive does not keep)."""
    return [record_of(d, lang, u, fp_hashes, fp_units, simhash, label=label, size=size,
                      max_repeats=options.max_repeats)
            for d, size, (u, lang, (fp_hashes, fp_units), (simhash, _, _))
            in zip(documents, sizes, analyse([d.text for d in documents], options))]


def prepare_batch(documents: Sequence[Document], options: CheckOptions, label: str,
                  sizes: Sequence[int]) -> tuple[list[NewDocument], float, int]:
    """Profile documents and make their records (what a worker process does for an add);
    with the CPU seconds it took and the process that did it."""
    cpu = time.process_time()
    records = _profile_records(documents, options, label, sizes)
    return records, time.process_time() - cpu, os.getpid()


def load_batch(files: Sequence[tuple[str, str, int]], options: CheckOptions, label: str
               ) -> tuple[list[NewDocument | FileError], float, int]:
    """Load (path, sha256, size) files and make their records, in order; a file that cannot
    be read gives its FileError instead. With the CPU seconds it took and the process."""
    cpu = time.process_time()
    out: list = []
    docs, sizes, where = [], [], []
    for path, sha, size in files:
        try:
            doc = load_document(path, 0, max_bytes=int(options.max_file_mb * 1024 * 1024),
                                max_chars=options.max_chars)
        except LoadError as exc:
            out.append(FileError(exc.path, exc.reason))
            continue
        where.append(len(out))
        out.append(None)
        docs.append(replace(doc, sha256=sha))
        sizes.append(size)
    for at, record in zip(where, _profile_records(docs, options, label, sizes)):
        out[at] = record
    return out, time.process_time() - cpu, os.getpid()


def _warm_worker() -> None:
    warm_up()


def _batches(items: Iterable):
    size = _ADD_BATCH
    batch = []
    for item in items:
        batch.append(item)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


class _Writer:
    """Writes records one transaction each and merges pending postings when enough wait."""

    def __init__(self, store: Store, result: AddResult):
        self.store = store
        self.result = result
        self.archived = store.count()
        self.pending = store.pending_count()

    def write(self, record: NewDocument) -> None:
        doc_id, added = self.store.add(record)
        if added:
            self.result.added.append(doc_id)
            self.archived += 1
            self.pending += 1
        else:
            self.result.present.append(doc_id)

    def maybe_merge(self) -> None:
        if self.pending >= merge_every(self.archived):
            self.store.merge_pending()
            self.pending = self.store.pending_count()  # another adder's may have come meanwhile


def _with_vectors(records: list, embed: bool, cache: ProfileCache | None = None) -> list:
    """The records with their semantic layer's sentence vectors when `embed` (in this process:
    the model is loaded once; profiles already in `cache` are reused)."""
    from core.semantic import stored as semantic_store

    new = [r for r in records if isinstance(r, NewDocument)]
    if not embed or not new:
        return records

    docs = [Document(0, r.name, r.path, r.format, decompress(r.text)) for r in new]
    vectors = dict(zip(map(id, new), drain(semantic_store.embed_for_archive(docs, cache))))
    return [replace(r, semantic=vectors[id(r)]) if id(r) in vectors else r for r in records]


def add_documents(store: Store, documents: Iterable[Document], label: str = "",
                  sizes: Iterable[int] | None = None, result: AddResult | None = None,
                  merge: bool = True, workers: int | None = None, total: int | None = None,
                  semantic: bool = False, cache: ProfileCache | None = None,
                  ) -> Generator[Progress, None, AddResult]:
    """Add loaded documents to the archive, one transaction each (a document with the SHA-256 of
    one already there is not stored again). Closing the generator stops after the current one.
    `documents` may be any iterable (read as the work goes: a large add need not hold every
    text at once); `total` is its length for the progress when it has none.
    Postings are merged into the index when enough documents wait (`merge_every`) and at the
    end (`merge`); until then look-ups read them from the pending table. Documents are profiled
    in `workers` processes (default: the cores, at most 4) while this one writes, when there
    are many (or an unknown number). With `semantic` and the model installed, each document's
    sentence vectors are stored too (core.semantic.stored; profiles in `cache` are reused). Off
    by default: embedding makes an add about thirty times slower, and a check embeds and
    stores an archived document's vectors the first time it needs them."""
    from core.semantic import stored as semantic_store

    embed = semantic_store.wanted(semantic)
    opts = archive_options(store)
    result = result or AddResult()
    if total is None and hasattr(documents, "__len__"):
        total = len(documents)  # type: ignore[arg-type]
    workers = workers_for(workers, cap=4)
    parallel = total is None or total >= PARALLEL_MIN
    sizes_iter = iter(sizes) if sizes is not None else None

    def batches():
        for batch in _batches(documents):
            got = [next(sizes_iter, 0) for _ in batch] if sizes_iter is not None else [0] * len(batch)
            yield batch, opts, label, got

    writer = _Writer(store, result)
    done = 0
    yield Progress("archiving", 0, total or 0)
    records = ordered(prepare_batch, batches(), workers if parallel else 1, _AHEAD, _warm_worker)
    try:
        for batch, cpu, pid in records:
            if pid != os.getpid():
                result.worker_cpu_s += cpu
            for record in _with_vectors(batch, embed, cache):
                writer.write(record)
                done += 1
                yield Progress("archiving", done, max(total or 0, done))
            writer.maybe_merge()
    finally:
        records.close()
    if merge and (result.added or writer.pending):  # an earlier add's, left by a crash, too
        store.merge_pending()
    return result


def add_paths(store: Store, paths: Iterable[str | os.PathLike], label: str = "",
              options: CheckOptions | None = None, workers: int | None = None,
              semantic: bool = False,
              ) -> Generator[Progress, None, AddResult]:
    """Add every readable file under `paths` (folders recursively): files whose SHA-256 is
    already archived are not read again; unreadable files are counted with their reason.
    Files are loaded and profiled in worker processes while this one writes, when there are
    many. `semantic`: store sentence vectors too (see add_documents)."""
    from core.semantic import stored as semantic_store

    embed = semantic_store.wanted(semantic)

    options = options or CheckOptions()
    opts = archive_options(store)
    opts = replace(opts, max_file_mb=options.max_file_mb, max_chars=options.max_chars)
    files, errors = expand_paths([str(p) for p in paths])
    result = AddResult(errors=list(errors))
    total = len(files)
    workers = workers_for(workers, cap=4)
    done = 0
    yield Progress("archiving", 0, total)
    skipped: list[int] = []  # files counted (present or unreadable) before their batch is written

    def new_files():
        for path in files:
            path = str(path)
            try:
                sha, size = file_facts(path)
            except OSError as exc:
                result.errors.append(FileError(path, exc.strerror or str(exc)))
                skipped.append(1)
                continue
            known = store.id_of_sha256(sha)
            if known is not None:
                result.present.append(known)
                skipped.append(1)
                continue
            yield path, sha, size

    writer = _Writer(store, result)
    shown = 0
    records = ordered(load_batch, ((b, opts, label) for b in _batches(new_files())),
                      workers if total >= PARALLEL_MIN else 1, _AHEAD, _warm_worker)
    try:
        for batch, cpu, pid in records:
            if pid != os.getpid():
                result.worker_cpu_s += cpu
            for item in _with_vectors(batch, embed):
                if isinstance(item, FileError):
                    result.errors.append(item)
                else:
                    writer.write(item)
                done += 1
                shown = min(total, done + len(skipped))
                yield Progress("archiving", shown, total)
            writer.maybe_merge()
    finally:
        records.close()
    if shown < total:  # the last files were already archived or unreadable
        yield Progress("archiving", total, total)
    if result.added or writer.pending:  # an earlier add's, left by a crash, too
        store.merge_pending()
    return result


@dataclass(frozen=True)
class Candidates:
    """Archived documents found for one new document, by the look-up that found them."""

    fingerprints: dict[int, int]  # id -> fingerprints shared
    simhash: set[int]
    sentences: set[int]

    def ids(self, limit: int = MAX_CANDIDATES) -> set[int]:
        ranked = sorted(self.fingerprints.items(), key=lambda item: (-item[1], item[0]))[:limit]
        return {i for i, _ in ranked} | self.simhash | self.sentences


def find_candidates(store: Store, profiles: Sequence[Profile], texts: Sequence[str],
                    hamming_threshold: int, *, max_repeats: int = 8, use_sentences: bool = True,
                    use_fingerprints: bool = True, use_simhash: bool = True) -> list[Candidates]:
    """For each new document (profiled with the archive's options), its candidate sources."""
    per_doc_hashes = []
    for prof in profiles:
        uniq, counts = np.unique(prof.fp_hashes, return_counts=True)
        per_doc_hashes.append(uniq[counts <= max_repeats].view(np.int64))
    posted: dict[int, list[int]] = {}
    if use_fingerprints and per_doc_hashes:
        every = np.unique(np.concatenate(per_doc_hashes)) if per_doc_hashes else []
        # (the archive's size for the cap: COUNT(*), a scan on PostgreSQL)
        posted = store.postings([int(h) for h in every], posting_cap(store.count()))
    wide = hamming_threshold > 3
    everyone = store.all_simhashes() if (use_simhash and wide) else []
    out = []
    for prof, text, hashes in zip(profiles, texts, per_doc_hashes):
        shared: Counter = Counter()
        for h in hashes.tolist():
            for d in posted.get(h, ()):
                shared[d] += 1
        near: set[int] = set()
        if use_simhash:
            rows = everyone if wide else store.near_simhash(prof.simhash, blocks(prof.simhash))
            near = {i for i, s in rows if hamming(s, prof.simhash) <= hamming_threshold}
        same: set[int] = set()
        if use_sentences:
            same = {d for _, d in store.sentence_hits(sentence_hashes(text, prof.lang, None, prof.units))}
        out.append(Candidates(dict(shared), near, same))
    return out


def archived_documents(store: Store, ids: Iterable[int], first_id: int = 0) -> list[Document]:
    """Archived documents as Documents (text from the archive, `archive` set), ids from `first_id`."""
    meta = store.documents(ids)
    texts = store.texts([m.id for m in meta])
    return [Document(first_id + n, m.name, m.path, m.format, texts[m.id], sha256=m.sha256,
                     archive=m.entry) for n, m in enumerate(meta)]


def keep_new_pairs(report: Report, new: int) -> Report:
    """Drop pairs of two archived documents (indexes >= `new`) and archived documents left
    without a pair; renumber the rest (groups are left to the caller: core.pipeline)."""
    pairs = [p for p in report.pairs if p.left < new or p.right < new]
    used = sorted({i for p in pairs for i in (p.left, p.right) if i >= new})
    order = list(range(new)) + used
    where = {old: pos for pos, old in enumerate(order)}
    documents = tuple(replace(report.documents[old], id=pos) for pos, old in enumerate(order))
    pairs = tuple(replace(p, left=where[p.left], right=where[p.right]) for p in pairs)
    return replace(report, documents=documents,
                   simhashes=tuple(report.simhashes[old] for old in order), pairs=pairs, groups=())


def remove_label(store: Store, label: str) -> int:
    return store.remove(store.ids_with_label(label))
