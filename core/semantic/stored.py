"""The semantic layer's sentences and vectors kept in the archive (core/store schema step 5), so an
archived document is embedded once: when it is added (with the layer on and the model
installed), or else the first time a check against the archive needs it.

Archived documents' vectors are always used as the archive returns them (rounded to float16),
whether they were just made or read back, so a check's figures do not depend on which.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence

import numpy as np

from core.models import Document, Progress
from core.options import CheckOptions
from core.semantic import model
from core.semantic.candidates import CENTER_FROM, FLOOR, passages
from core.semantic.embed import (
    as_archived,
    cache_key,
    from_stored,
    profile_id,
    semantic_profiles,
    to_stored,
)


def wanted(semantic: bool | None) -> bool:
    """Whether to embed: asked for (None: the default of CheckOptions) and the model installed."""
    if semantic is None:
        semantic = CheckOptions().semantic
    return bool(semantic) and model.available()


def embed_for_archive(documents: Sequence[Document], cache=None) -> Generator[Progress, None, list]:
    """The archive's SentenceVectors of each document (reusing profiles in `cache`)."""
    with model.single_thread():
        profiles = yield from semantic_profiles(documents, cache)
    return [to_stored(p) for p in profiles]


def _fits(stored, document: Document) -> bool:
    """Stored spans that lie inside the document's text (anything else is not trusted)."""
    if len(stored) and (int(stored.ends.max()) > len(document.text) or int(stored.starts.min()) < 0):
        return False
    return stored.vectors.shape[1] == model.DIM


def prepare_archived(store, documents: Sequence[Document], cache) -> Generator[Progress, None, int]:
    """Put archived documents' semantic profiles in the check's `cache`: stored ones read from
    the archive, the others embedded now and stored for the next check (when the archive can
    be written). Documents must carry their `archive` entry. How many were embedded."""
    by_id = {d.archive.id: d for d in documents if d.archive is not None}
    if not by_id:
        return 0
    stored = store.sentence_vectors(by_id, profile_id())
    missing: list[Document] = []
    for doc_id, document in by_id.items():
        item = stored.get(doc_id)
        if item is not None and _fits(item, document):
            cache.put(cache_key(document), from_stored(item))
        else:
            missing.append(document)
    if not missing:
        return 0
    with model.single_thread():
        profiles = yield from semantic_profiles(missing, cache)  # a cached one is not made again
    new = {}
    for document, profile in zip(missing, profiles):
        rounded = as_archived(profile)
        cache.put(cache_key(document), rounded)
        new[document.archive.id] = to_stored(rounded)
    try:
        store.put_sentence_vectors(new)
    except Exception:  # noqa: BLE001, S110 (kept only to save work later: a store that cannot keep them is still read)
        pass
    return len(missing)


ARCHIVE_PARTNERS = 8  # archived documents per new document and language, closest first
_READ = 500  # archived documents' vectors read at once


def archive_candidates(store, documents: Sequence[Document], cache, label: str | None = None
                       ) -> Generator[Progress, None, set[int]]:
    """Archived documents (ids) close in meaning to any of `documents`: for each new document
    its ARCHIVE_PARTNERS closest archived documents of each language, when at least FLOOR
    close, by the closest passages (as core.semantic.candidates ranks a check's documents).
    Only archived documents with stored vectors take part (`archive add` stores them with the
    layer on); the others can still be found by the verbatim look-ups. Reads every stored
    vector once, a chunk at a time (linear in the archive's size), no sentence alignment."""
    with model.single_thread():
        queries = yield from semantic_profiles(documents, cache)
    ids = store.embedded_ids(profile_id())
    if label is not None:
        ids = sorted(set(ids) & set(store.ids_with_label(label)))
    own = {d.archive.id for d in documents if d.archive is not None}
    ids = [i for i in ids if i not in own]
    if not ids or not any(len(q) for q in queries):
        return set()
    chunks, owners, langs = [], [], []
    for lo in range(0, len(ids), _READ):
        yield Progress("archive_search", 0, 1)  # a chance to cancel between chunks
        for doc_id, item in store.sentence_vectors(ids[lo:lo + _READ], profile_id()).items():
            rows = passages(from_stored(item))
            chunks.append(rows.astype(np.float16))
            owners += [doc_id] * len(rows)
            langs += [item.lang] * len(rows)
    if not owners:
        return set()
    archive = np.concatenate(chunks).astype(np.float32)
    owners_a, langs_a = np.array(owners, dtype=np.int64), np.array(langs)
    q_rows = [passages(q) for q in queries]
    q_vec = np.concatenate(q_rows)
    q_owner = np.repeat(np.arange(len(queries)), [len(r) for r in q_rows])
    q_lang = np.array([queries[i].lang for i in q_owner])
    for lang in np.unique(np.concatenate((langs_a, q_lang))):  # centered per language
        a, q = langs_a == lang, q_lang == lang
        docs = len(np.unique(owners_a[a])) + len(np.unique(q_owner[q]))
        if docs >= CENTER_FROM:
            mean = np.concatenate((archive[a], q_vec[q])).mean(axis=0)
            archive[a] -= mean
            q_vec[q] -= mean
    archive /= np.maximum(np.linalg.norm(archive, axis=1, keepdims=True), 1e-12)
    q_vec /= np.maximum(np.linalg.norm(q_vec, axis=1, keepdims=True), 1e-12)
    order = np.argsort(owners_a, kind="stable")
    archive, owners_a, langs_a = archive[order], owners_a[order], langs_a[order]
    doc_ids, starts = np.unique(owners_a, return_index=True)
    doc_langs = langs_a[starts]
    found: set[int] = set()
    with model.single_thread():
        for i in range(len(queries)):
            mine = q_vec[q_owner == i]
            if not len(mine):
                continue
            close = np.maximum.reduceat(mine @ archive.T, starts, axis=1).max(axis=0)
            for lang in np.unique(doc_langs):
                cols = np.flatnonzero((doc_langs == lang) & (close >= FLOOR))
                best = cols[np.argsort(-close[cols], kind="stable")[:ARCHIVE_PARTNERS]]
                found.update(int(doc_ids[c]) for c in best)
    return found
