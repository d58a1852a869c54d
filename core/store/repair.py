"""A damaged archive: what is wrong with it (`problems`), and a new archive rebuilt from the
texts that can still be read (`repair_steps`), the damaged one left untouched."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field, replace

from core.models import Document, Progress
from core.store import open_store
from core.store.archive import archive_options, prepare_batch
from core.store.base import SqlStore, StoreError

_BATCH = 64  # documents profiled together


@dataclass
class RepairResult:
    target: str
    rebuilt: int = 0
    lost: list[int] = field(default_factory=list)  # ids whose row or text could not be read
    found: int = 0  # documents the damaged archive still lists


def problems(store: SqlStore, texts: bool = True) -> list[str]:
    """What is wrong with `store`, in plain lines ([] when nothing is): the database's own
    check, pending postings without their document, and (with `texts`) each stored text."""
    found = list(store.integrity_problems())
    broken = store.pending_damage()
    if broken:
        found.append(f"{broken} pending posting list(s) without their document")
    if texts:
        ids, unlisted = store.salvage_ids()
        if unlisted:
            found.append(unlisted)
        bad = []
        for doc_id in ids:
            try:
                store.salvage_document(doc_id)
            except StoreError:
                bad.append(doc_id)
        if bad:
            found.append(f"{len(bad)} document(s) cannot be read: #{', #'.join(map(str, bad[:20]))}"
                         + (" …" if len(bad) > 20 else ""))
    return found


def repair_steps(store: SqlStore, target: str) -> Generator[Progress, None, RepairResult]:
    """Rebuild every document of the damaged `store` whose row and text can be read into a new
    archive at `target` (which must be new or empty): the same names, labels, dates and
    SHA-256, fingerprints and indexes made again from the text with the archive's options.
    Nothing is written to `store`."""
    result = RepairResult(target)
    ids, _ = store.salvage_ids()
    result.found = len(ids)
    yield Progress("archiving", 0, len(ids))
    options_text = store.salvage_meta("options")
    with open_store(target) as new:
        if new.count():
            raise StoreError(f"{target} already holds documents; repair into a new file")
        if options_text:
            new.meta_setdefault("options", options_text)
        options = archive_options(new)
        done = 0
        for lo in range(0, len(ids), _BATCH):
            rows = []
            for doc_id in ids[lo:lo + _BATCH]:
                try:
                    rows.append(store.salvage_document(doc_id))
                except StoreError:
                    result.lost.append(doc_id)
            docs = [Document(0, r["name"], r["path"], r["format"], r["text"],
                             sha256=r["sha256"] or "") for r in rows]
            records, _, _ = prepare_batch(docs, options, "", [r["size"] for r in rows])
            for row, record in zip(rows, records):
                new.add(replace(record, label=row["label"], added=row["added"],
                                sha256=row["sha256"] or None))
                result.rebuilt += 1
            done += len(ids[lo:lo + _BATCH])
            yield Progress("archiving", done, len(ids))
        new.merge_pending()
    return result
