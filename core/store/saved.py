"""Saved checks: a `.plagscope` file is a small store (an SQLite file with the archive's schema,
kind "check") holding the documents' texts, SHA-256 and sizes, the options, the results (pairs
with their passages), groups, the text most documents share, file errors, and the reviewers' verdicts and notes, so a check
reopens exactly as it was on another machine without the original files.

Saving writes a new file next to the target and renames it into place, so a crash never
leaves half a check or destroys the previous save. Autosave uses the same format in the
user's data directory (`autosave_path`).
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Generator
from dataclasses import dataclass, replace
from pathlib import Path

from core.models import (ArchiveEntry, Document, FileError, Group, Layout, Match, PairResult, Progress,
                         Report, SemanticMatch, SentencePair, SharedText, Span)
from core.options import CheckOptions
from core.store.base import StoreError
from core.store.records import prepare
from core.store.sqlite import SQLiteStore
from core.steps import drain

SUFFIX = ".plagscope"
FORMAT_VERSION = "1"


@dataclass(frozen=True)
class SavedCheck:
    report: Report
    verdicts: object  # core.review.verdicts.Verdicts
    seconds: float | None = None  # how long the check took (None: not recorded in the file)


def _span(s: Span) -> list[int]:
    return [s.start, s.end]


def pair_to_dict(p: PairResult) -> dict:
    data = {"left": p.left, "right": p.right, "hamming": p.hamming, "similarity": p.similarity,
            "left_coverage": p.left_coverage, "right_coverage": p.right_coverage,
            "longest": p.longest,
            "matches": [{"left": _span(m.left), "right": _span(m.right), "units": m.units,
                         "left_changes": [_span(s) for s in m.left_changes],
                         "right_changes": [_span(s) for s in m.right_changes],
                         "attribution": m.attribution,
                         **({"shared_by": m.shared_by} if m.shared_by else {})} for m in p.matches]}
    if p.semantic is not None:
        data["semantic"] = {"kind": p.semantic.kind, "share": p.semantic.share,
                            "sentences": [{"left": _span(s.left), "right": _span(s.right),
                                           "score": s.score} for s in p.semantic.sentences]}
    return data


def pair_from_dict(d: dict) -> PairResult:
    semantic = None
    if d.get("semantic"):
        s = d["semantic"]
        semantic = SemanticMatch(s["kind"], s["share"], tuple(
            SentencePair(Span(*x["left"]), Span(*x["right"]), x["score"]) for x in s["sentences"]))
    return PairResult(
        left=d["left"], right=d["right"], hamming=d["hamming"], similarity=d["similarity"],
        left_coverage=d["left_coverage"], right_coverage=d["right_coverage"], longest=d["longest"],
        matches=tuple(Match(Span(*m["left"]), Span(*m["right"]), m["units"],
                            tuple(Span(*s) for s in m.get("left_changes", ())),
                            tuple(Span(*s) for s in m.get("right_changes", ())),
                            m.get("attribution", "unattributed"), m.get("shared_by", 0))
                     for m in d["matches"]),
        semantic=semantic)


_LAYOUT_FIELDS = ("block_quotes", "superscripts", "headings")


def _layouts_to_json(documents) -> str:
    """The documents' layouts (what docx/pdf show beyond the text: attribution reads them), by
    position, as one JSON text for the check's meta table (no schema change needed)."""
    out = {}
    for i, doc in enumerate(documents):
        if doc.layout is not None:
            out[str(i)] = {name: [_span(s) for s in getattr(doc.layout, name)] for name in _LAYOUT_FIELDS}
    return json.dumps(out)


def _layouts_from_json(text: str | None) -> dict[int, Layout]:
    """Position -> Layout; a missing or damaged entry gives no layouts (the texts still open)."""
    try:
        data = json.loads(text) if text else {}
        return {int(i): Layout(**{name: tuple(Span(int(a), int(b)) for a, b in entry.get(name, ()))
                                  for name in _LAYOUT_FIELDS}) for i, entry in data.items()}
    except (ValueError, TypeError, AttributeError):
        return {}


def _file_facts(doc: Document) -> tuple[str, int]:
    """The SHA-256 and size of the file a document was read from (when it is still there)."""
    from core.store.archive import file_facts

    if doc.archive is None and doc.path and os.path.isfile(doc.path):
        try:
            sha, size = file_facts(doc.path)
            return doc.sha256 or sha, size
        except OSError:
            pass
    return doc.sha256, 0


def _empty_verdicts():
    from core.review.verdicts import Verdicts

    return Verdicts()


def save_check(path: str | os.PathLike, report: Report, verdicts=None) -> Path:
    """Write `report` and `verdicts` to the `.plagscope` file at `path`, atomically."""
    return drain(save_check_steps(path, report, verdicts))


#: Pairs encoded between two progress steps while saving or opening.
_PAIR_CHUNK = 500


def save_check_steps(path: str | os.PathLike, report: Report,
                     verdicts=None, seconds: float | None = None) -> Generator[Progress, None, Path]:
    """`save_check` as a generator: yields Progress("saving", done, total) (a step a document,
    a step per 500 pairs) and returns the path written. Stopping it (GeneratorExit) removes
    the temporary file, so a cancelled save leaves the previous file as it was."""
    target = Path(os.path.realpath(path))
    tmp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    verdicts = verdicts if verdicts is not None else _empty_verdicts()
    total = len(report.documents) + -(-len(report.pairs) // _PAIR_CHUNK) + 1
    done = 0
    try:
        store = SQLiteStore(tmp, kind="check")
        try:
            docs = []
            from core.store.records import signed64

            for doc, simhash in zip(report.documents, report.simhashes):
                sha, size = _file_facts(doc)
                doc_id, _ = store.add(prepare(replace(doc, sha256=sha), None, size=size))
                archive = (json.dumps({"id": doc.archive.id, "label": doc.archive.label,
                                       "added": doc.archive.added}) if doc.archive else None)
                docs.append((doc_id, {"name": doc.name, "path": doc.path, "format": doc.format,
                                      "simhash": signed64(simhash), "archive": archive}))
                done += 1
                yield Progress("saving", done, total)
            pairs = []
            for start in range(0, len(report.pairs), _PAIR_CHUNK):
                pairs += [json.dumps(pair_to_dict(p)) for p in report.pairs[start:start + _PAIR_CHUNK]]
                done += 1
                yield Progress("saving", done, total)
            store.write_check(
                docs, pairs,
                [json.dumps({"members": list(g.members), "source": g.source}) for g in report.groups],
                [(e.path, e.message) for e in report.errors], _verdict_rows(verdicts),
                {"check_options": json.dumps(report.options.to_dict()),
                 "check_format": FORMAT_VERSION,
                 "check_layouts": _layouts_to_json(report.documents),
                 "check_shared_texts": json.dumps([t.to_dict() for t in report.shared_texts]),
                 **({"check_seconds": f"{seconds:.3f}"} if seconds is not None else {})})
            store.conn.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
        finally:
            store.close()
        os.replace(tmp, target)
        yield Progress("saving", total, total)
    except BaseException:  # a failure, or GeneratorExit: the caller stopped (cancelled) it
        for suffix in ("", "-wal", "-shm", "-journal"):
            try:
                os.unlink(str(tmp) + suffix)
            except OSError:
                pass
        raise
    return target


def save_verdicts(path: str | os.PathLike, verdicts) -> Path:
    """Replace the verdicts in the saved check at `path`, in one transaction, the rest of the
    file as it was: what autosave does after each verdict once the check itself is saved
    (milliseconds, where writing the whole check of 500 documents takes a quarter second of
    the GUI process's interpreter). Raises StoreError when `path` is not a saved check."""
    target = Path(os.path.realpath(path))
    store = SQLiteStore(target, kind="check", create=False)
    try:
        store.write_verdicts(_verdict_rows(verdicts))
        store.conn.execute("PRAGMA journal_mode = DELETE")  # one self-contained file again
    finally:
        store.close()
    return target


def _verdict_rows(verdicts) -> dict:
    """Verdicts as the store keeps them: a document key or a (left, right) pair -> Verdict."""
    rows = dict(verdicts.documents)
    rows.update((tuple(key), v) for key, v in verdicts.pairs.items())
    return rows


def open_check(path: str | os.PathLike) -> SavedCheck:
    """Read a `.plagscope` file. Raises StoreError (a plain message) for anything else."""
    return drain(open_check_steps(path))


def open_check_steps(path: str | os.PathLike) -> Generator[Progress, None, SavedCheck]:
    """`open_check` as a generator: yields Progress("opening", done, total) (reading the file,
    then a step per 500 pairs) and returns the SavedCheck. StoreError for a file that is not
    a saved check or is damaged; nothing is written."""
    from core.review.verdicts import Verdicts

    yield Progress("opening", 0, 1)
    store = SQLiteStore(path, kind="check", create=False)
    try:
        data = store.read_check()
        options_text = store.meta("check_options")
        layouts = _layouts_from_json(store.meta("check_layouts"))
        shared_text = store.meta("check_shared_texts")  # absent in checks saved before issue 12
        seconds_text = store.meta("check_seconds")  # absent when the check's time was not known
    finally:
        store.close()
    total = 1 + -(-len(data["pairs"]) // _PAIR_CHUNK)
    yield Progress("opening", 1, total)
    try:
        options = CheckOptions.from_dict(json.loads(options_text or "{}"))
        documents = tuple(
            Document(i, d["name"], d["path"], d["format"], d["text"], sha256=d["sha256"],
                     archive=ArchiveEntry(**d["archive"]) if d["archive"] else None,
                     layout=layouts.get(i))
            for i, d in enumerate(data["documents"]))
        pairs: list[PairResult] = []
        for start in range(0, len(data["pairs"]), _PAIR_CHUNK):
            pairs += [pair_from_dict(json.loads(p)) for p in data["pairs"][start:start + _PAIR_CHUNK]]
            yield Progress("opening", 1 + start // _PAIR_CHUNK + 1, total)
        groups = tuple(Group(tuple(g["members"]), g["source"])
                       for g in map(json.loads, data["groups"]))
        chars = [len(d.text) for d in documents]
        shared = tuple(SharedText.from_dict(t, chars) for t in json.loads(shared_text or "[]"))
    except (ValueError, KeyError, TypeError) as exc:
        raise StoreError(f"{path} is damaged: {exc}") from None
    report = Report(options=options, documents=documents,
                    simhashes=tuple(d["simhash"] for d in data["documents"]), pairs=tuple(pairs),
                    errors=tuple(FileError(p, m) for p, m in data["errors"]), groups=groups,
                    shared_texts=shared)
    docs_v = {k: v for k, v in data["verdicts"].items() if isinstance(k, str)}
    pairs_v = {k: v for k, v in data["verdicts"].items() if not isinstance(k, str)}
    try:
        seconds = float(seconds_text) if seconds_text else None
    except ValueError:
        seconds = None
    if seconds is not None and not (0 <= seconds < 1e7):
        seconds = None
    return SavedCheck(report, Verdicts(docs_v, pairs_v), seconds)


def autosave_path() -> Path:
    """Where unsaved work is kept until it is saved or the app closes cleanly."""
    from core.store import data_dir

    return data_dir() / f"autosave{SUFFIX}"
