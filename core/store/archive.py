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
the ordinary pipeline, so every pair's passages and figures are exactly those of loading the
same documents by hand.
"""

from __future__ import annotations

import hashlib
import os
from collections import Counter
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from core.engine.profile import Profile, ProfileCache
from core.models import Document, FileError, PairResult, Progress, Report
from core.options import CheckOptions
from core.rules import hamming
from core.store.base import Store
from core.store.records import blocks, prepare, sentence_hashes

MAX_CANDIDATES = 100  # archived documents per new document by shared fingerprints (most first)
ARCHIVE_MAX_SHARE = 0.01  # a fingerprint in more of the archive than this is common text...
ARCHIVE_MIN_COMMON = 50  # ...but never when it is in this many documents or fewer
_OPTION_KEYS = ("k", "window", "keywords", "max_repeats")
MERGE_EVERY = 2_000  # pending documents before their postings are merged into the index
_ADD_BATCH = 64
PARALLEL_MIN = 512  # fewer documents are profiled in this process (workers cost ~1 s to start)  # documents profiled together (numpy's per-call cost, see core.engine.batches)


def archive_options(store: Store, options: CheckOptions | None = None) -> CheckOptions:
    """The options the archive's fingerprints were made with (fixed when it was created, so all
    its postings are comparable); a new archive takes them from `options`."""
    import json

    saved = store.meta("options")
    if saved is None:
        chosen = options or CheckOptions()
        saved = store.meta_setdefault(
            "options", json.dumps({k: getattr(chosen, k) for k in _OPTION_KEYS}))
    return CheckOptions.from_dict(json.loads(saved))


def posting_cap(archived: int) -> int:
    return max(ARCHIVE_MIN_COMMON, int(ARCHIVE_MAX_SHARE * archived))


@dataclass
class AddResult:
    added: list[int] = field(default_factory=list)
    present: list[int] = field(default_factory=list)
    errors: list[FileError] = field(default_factory=list)


def file_facts(path: str) -> tuple[str, int]:
    """SHA-256 and size of a file's bytes."""
    digest = hashlib.sha256()
    size = 0
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
            size += len(chunk)
    return digest.hexdigest(), size


def prepare_batch(documents: Sequence[Document], options: CheckOptions, label: str,
                  sizes: Sequence[int]) -> list:
    """Profile documents and make their records (what a worker process does for an add)."""
    from core.engine.profile import profiles

    profs = profiles([d.text for d in documents], options)
    return [prepare(d, p, label=label, size=size, max_repeats=options.max_repeats)
            for d, p, size in zip(documents, profs, sizes)]


def _records(documents, opts, label, sizes, workers):
    """Records of the documents in order, a batch at a time, prepared in worker processes
    when there are enough documents to pay for starting them."""
    batches = [(documents[lo:lo + _ADD_BATCH], opts, label, sizes[lo:lo + _ADD_BATCH])
               for lo in range(0, len(documents), _ADD_BATCH)]
    if workers <= 1 or len(documents) < PARALLEL_MIN:
        for batch in batches:
            yield prepare_batch(*batch)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from concurrent.futures.process import BrokenProcessPool

    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("forkserver"))
    broken = False
    try:
        futures = [pool.submit(prepare_batch, *b) for b in batches[:2 * workers]]
        for i in range(len(batches)):
            if not broken and i + 2 * workers < len(batches):
                futures.append(pool.submit(prepare_batch, *batches[i + 2 * workers]))
            try:
                batch = None if broken else futures[i].result()
            except BrokenProcessPool:  # workers cannot start here: the rest in this process
                broken = True
                batch = None
            yield batch if batch is not None else prepare_batch(*batches[i])
            if not broken:
                futures[i] = None
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def add_documents(store: Store, documents: Sequence[Document], label: str = "",
                  sizes: Sequence[int] | None = None, result: AddResult | None = None,
                  merge: bool = True, workers: int | None = None, semantic: bool | None = None,
                  cache: ProfileCache | None = None,
                  ) -> Generator[Progress, None, AddResult]:
    """Add loaded documents to the archive, one transaction each (a document with the SHA-256 of
    one already there is not stored again). Closing the generator stops after the current one.
    Their postings are merged into the index every MERGE_EVERY documents and at the end
    (`merge`); until then look-ups read them from the pending table. Documents are profiled
    in `workers` processes (default: the cores, at most 4) when there are many. With
    `semantic` (None: the default option) and the model installed, each document's sentence
    vectors are stored too (core.semantic.stored; profiles in `cache` are reused)."""
    from core.semantic import stored as semantic_store

    opts = archive_options(store)
    result = result or AddResult()
    total = len(documents)
    sizes = list(sizes) if sizes else [0] * total
    workers = workers or max(1, min(os.cpu_count() or 1, 4))
    embed = semantic_store.wanted(semantic)
    done = 0
    yield Progress("archiving", 0, total)
    documents = list(documents)
    records = _records(documents, opts, label, sizes, workers)
    try:
        for at, batch in zip(range(0, total, _ADD_BATCH), records):
            if embed:  # this batch's sentence vectors, stored with each document
                vectors = run_quietly(semantic_store.embed_for_archive(
                    documents[at:at + len(batch)], cache))
                batch = [replace(r, semantic=v) for r, v in zip(batch, vectors)]
            for record in batch:
                doc_id, added = store.add(record)
                (result.added if added else result.present).append(doc_id)
                done += 1
                yield Progress("archiving", done, total)
            if store.pending_count() >= MERGE_EVERY:
                store.merge_pending()
    finally:
        records.close()
    if merge and result.added:
        store.merge_pending()
    return result


def run_quietly(gen: Generator):
    """A generator's return value, its progress steps dropped."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def add_paths(store: Store, paths: Iterable[str | os.PathLike], label: str = "",
              options: CheckOptions | None = None, semantic: bool | None = None,
              ) -> Generator[Progress, None, AddResult]:
    """Add every readable file under `paths` (folders recursively): files whose SHA-256 is
    already archived are not read again; unreadable files are counted with their reason.
    `semantic`: store sentence vectors too (see add_documents)."""
    from core.loaders import expand_paths, load_document
    from core.errors import LoadError

    options = options or CheckOptions()
    files, errors = expand_paths([str(p) for p in paths])
    result = AddResult(errors=list(errors))
    total = len(files)
    yield Progress("archiving", 0, total)
    pending: list[tuple[Document, int]] = []
    done = 0

    def flush():
        nonlocal done
        gen = add_documents(store, [d for d, _ in pending], label, [s for _, s in pending], result,
                            merge=False, semantic=semantic)
        for step in gen:
            if step.done:
                yield Progress("archiving", done + step.done, total)
        done += len(pending)
        pending.clear()

    for path in files:
        path = str(path)
        try:
            sha, size = file_facts(path)
        except OSError as exc:
            result.errors.append(FileError(path, exc.strerror or str(exc)))
            done += 1
            yield Progress("archiving", done, total)
            continue
        known = store.id_of_sha256(sha)
        if known is not None:
            result.present.append(known)
            done += 1
            yield Progress("archiving", done, total)
            continue
        try:
            doc = load_document(path, 0, max_bytes=int(options.max_file_mb * 1024 * 1024),
                                max_chars=options.max_chars)
        except LoadError as exc:
            result.errors.append(FileError(exc.path, exc.reason))
            done += 1
            yield Progress("archiving", done, total)
            continue
        pending.append((replace(doc, sha256=sha), size))
        if len(pending) >= _ADD_BATCH:
            yield from flush()
    if pending:
        yield from flush()
    if result.added:
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
    cap = posting_cap(store.count())
    per_doc_hashes = []
    for prof in profiles:
        uniq, counts = np.unique(prof.fp_hashes, return_counts=True)
        per_doc_hashes.append(uniq[counts <= max_repeats].view(np.int64))
    posted: dict[int, list[int]] = {}
    if use_fingerprints and per_doc_hashes:
        every = np.unique(np.concatenate(per_doc_hashes)) if per_doc_hashes else []
        posted = store.postings([int(h) for h in every], cap)
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


def check_against_archive(
    documents: Sequence[Document],
    options: CheckOptions,
    store: Store,
    *,
    label: str | None = None,
    template: Document | None = None,
    errors: Iterable[FileError] = (),
    cache: ProfileCache | None = None,
) -> Generator[Progress, None, Report]:
    """Check `documents` with each other and with their candidate sources in the archive (only
    those labelled `label` when given). Archived documents with a pair follow the new ones in
    `Report.documents`; pairs between two archived documents are left out."""
    from core.pipeline import check_documents, profile_documents

    cache = cache if cache is not None else ProfileCache()
    opts = archive_options(store, options)
    yield Progress("archive_search", 0, 1)
    query_profiles = yield from profile_documents(documents, opts, cache)
    found = find_candidates(store, query_profiles, [d.text for d in documents], options.hamming,
                            max_repeats=opts.max_repeats)
    ids: set[int] = set()
    for c in found:
        ids |= c.ids()
    from core.semantic import stored as semantic_store

    semantic = options.semantic and semantic_store.wanted(True)
    if semantic:  # archived documents close in meaning (translations share no fingerprint)
        ids |= yield from semantic_store.archive_candidates(store, documents, cache, label)
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
    report = yield from check_documents(list(documents) + archived, options, template=template,
                                        errors=errors, cache=cache)
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
        report = yield from check_documents(list(documents) + kept, options, template=template,
                                            errors=errors, cache=cache)
        report = keep_new_pairs(report, len(documents))
    return report


def keep_new_pairs(report: Report, new: int) -> Report:
    """Drop pairs of two archived documents (indexes >= `new`) and archived documents left
    without a pair; renumber the rest."""
    pairs = [p for p in report.pairs if p.left < new or p.right < new]
    used = sorted({i for p in pairs for i in (p.left, p.right) if i >= new})
    order = list(range(new)) + used
    where = {old: pos for pos, old in enumerate(order)}
    documents = tuple(replace(report.documents[old], id=pos) for pos, old in enumerate(order))
    pairs = tuple(replace(p, left=where[p.left], right=where[p.right]) for p in pairs)
    kept = replace(report, documents=documents,
                   simhashes=tuple(report.simhashes[old] for old in order), pairs=pairs, groups=())
    if report.groups:  # groups over the kept documents (core/review)
        from core.review.groups import with_groups

        kept = with_groups(kept)
    return kept


def remove_label(store: Store, label: str) -> int:
    return store.remove(store.ids_with_label(label))
