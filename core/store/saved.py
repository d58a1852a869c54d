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
import math
import os
import secrets
from collections.abc import Generator
from dataclasses import dataclass, replace
from pathlib import Path

from core.child_process import Batched, in_child
from core.evidence import PAIR_KINDS, judged
from core.models import (
    ArchiveEntry,
    Document,
    FileError,
    Group,
    Layout,
    Match,
    PairResult,
    Progress,
    Report,
    SemanticMatch,
    SentencePair,
    SharedText,
    Span,
)
from core.options import CheckOptions
from core.review.analysis import analyse, bound
from core.review.verdicts import Verdicts
from core.steps import drain
from core.store import data_dir
from core.store.archive import file_facts
from core.store.base import StoreError
from core.store.records import prepare, signed64
from core.store.sqlite import SQLiteStore

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
            "longest": p.longest, "copied": p.copied, "kind": p.kind,
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
        semantic=semantic, copied=d.get("copied", 0.0), kind=d.get("kind", ""))


_LAYOUT_FIELDS = ("block_quotes", "superscripts", "headings")


def _layouts_to_json(documents) -> str:
    """The documents' layouts (what docx/pdf show beyond the text: attribution reads them), by
    position, as one JSON text for the check's meta table (no schema change needed)."""
    out = {}
    for i, doc in enumerate(documents):
        if doc.layout is not None:
            out[str(i)] = {name: [_span(s) for s in getattr(doc.layout, name)] for name in _LAYOUT_FIELDS}
    return json.dumps(out)


def _layouts_from_json(text: str | None, chars: list[int]) -> dict[int, Layout]:
    """Position -> Layout, each span checked against its document's length `chars`."""
    out = {}
    for i, entry in _object(_json(text) if text else {}).items():
        at = int(i)
        if not _index(at, len(chars)):
            raise ValueError(f"a layout for document {at}, the check has {len(chars)}")
        spans = {name: tuple(Span(*pair) for pair in _list(_object(entry).get(name, [])))
                 for name in _LAYOUT_FIELDS}
        for name, found in spans.items():
            for span in found:
                _inside(span, chars[at], name.replace("_", " "))
        out[at] = Layout(**spans)
    return out


def _file_facts(doc: Document) -> tuple[str, int]:
    """The SHA-256 and size of the file a document was read from (when it is still there)."""
    if doc.archive is None and doc.path and os.path.isfile(doc.path):
        try:
            sha, size = file_facts(doc.path)
            return doc.sha256 or sha, size
        except OSError:
            pass
    return doc.sha256, 0


def _empty_verdicts():
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
    then a step per 500 pairs) and returns the SavedCheck. The file is read, never written
    (SQLiteStore.read_only); every value is checked before use, so a damaged or hostile file
    gives one StoreError naming the file and what is wrong."""
    yield Progress("opening", 0, 1)
    store = SQLiteStore(path, kind="check", create=False, read_only=True)
    try:
        data = store.read_check()
        options_text = store.meta("check_options")
        layouts_text = store.meta("check_layouts")
        shared_text = store.meta("check_shared_texts")  # absent in checks saved by older versions
        seconds_text = store.meta("check_seconds")  # absent when the check's time was not known
    finally:
        store.close()
    total = 1 + -(-len(data["pairs"]) // _PAIR_CHUNK)
    yield Progress("opening", 1, total)
    where = "the check's options"
    try:
        options = CheckOptions.from_dict(_object(_json(options_text or "{}")))
        chars = [len(d["text"]) for d in data["documents"]]
        try:  # what docx/pdf show beyond the text: a damaged entry opens without layouts
            layouts = _layouts_from_json(layouts_text, chars)
        except (ValueError, TypeError, AttributeError, RecursionError):
            layouts = {}
        documents = []
        for i, d in enumerate(data["documents"]):
            where = f"document {i}"
            documents.append(Document(i, d["name"], d["path"], d["format"], d["text"], sha256=d["sha256"],
                                      archive=_archive_entry(d["archive"]), layout=layouts.get(i)))
        documents = tuple(documents)
        pairs: list[PairResult] = []
        for start in range(0, len(data["pairs"]), _PAIR_CHUNK):
            for n, text in enumerate(data["pairs"][start:start + _PAIR_CHUNK], start):
                where = f"pair {n}"
                pairs.append(checked_pair(pair_from_dict(_object(_json(text))), chars))
            yield Progress("opening", 1 + start // _PAIR_CHUNK + 1, total)
        groups = []
        for n, text in enumerate(data["groups"]):
            where = f"group {n}"
            g = _object(_json(text))
            members = tuple(g["members"])
            if not members or not all(_index(m, len(chars)) for m in members):
                raise ValueError("its members must be document indexes")
            groups.append(Group(members, g["source"]))
        where = "the shared texts"
        shared = tuple(SharedText.from_dict(t, chars) for t in _list(_json(shared_text or "[]")))
        where = "the options"
        if any("copied" not in _object(_json(p)) for p in data["pairs"][:1]):
            pairs = judged([d.text for d in documents], pairs)  # saved before the copied share existed
        report = Report(options=options, documents=documents,
                        simhashes=tuple(d["simhash"] for d in data["documents"]), pairs=tuple(pairs),
                        errors=tuple(FileError(str(p), str(m)) for p, m in data["errors"]),
                        groups=tuple(groups), shared_texts=shared)
    except RecursionError:
        raise StoreError(f"{path} is damaged: {where} is nested too deeply") from None
    except (ValueError, KeyError, TypeError, AttributeError, IndexError, OverflowError) as exc:
        reason = str(exc) or type(exc).__name__
        if isinstance(exc, KeyError):
            reason = f"{reason} is missing"
        raise StoreError(f"{path} is damaged: {where}: {reason[:200]}") from None
    docs_v = {k: v for k, v in data["verdicts"].items() if isinstance(k, str)}
    pairs_v = {k: v for k, v in data["verdicts"].items() if not isinstance(k, str)}
    try:
        seconds = float(seconds_text) if seconds_text else None
    except ValueError:
        seconds = None
    if seconds is not None and not (0 <= seconds < 1e7):
        seconds = None
    return SavedCheck(report, Verdicts(docs_v, pairs_v), seconds)


def _json(text):
    if not isinstance(text, str):
        raise ValueError("not JSON text")  # noqa: TRY004 (a malformed stored value, reported as bad data like the others)
    return json.loads(text)


def _object(value) -> dict:
    if not isinstance(value, dict):
        raise ValueError("not a JSON object")  # noqa: TRY004 (a malformed stored value, reported as bad data like the others)
    return value


def _list(value) -> list:
    if not isinstance(value, list):
        raise ValueError("not a JSON list")  # noqa: TRY004 (a malformed stored value, reported as bad data like the others)
    return value


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _index(value, count: int) -> bool:
    return _whole(value) and 0 <= value < count


def _archive_entry(text) -> ArchiveEntry | None:
    if not text:
        return None
    entry = _object(_json(text))
    if not (_whole(entry.get("id")) and isinstance(entry.get("label"), str)
            and isinstance(entry.get("added"), str)):
        raise ValueError("its archive entry must hold an id, a label and a date")
    return ArchiveEntry(entry["id"], entry["label"], entry["added"])


def _inside(span: Span, length: int, what: str) -> None:
    if not (_whole(span.start) and _whole(span.end) and 0 <= span.start <= span.end <= length):
        raise ValueError(f"{what} {span.start!r}..{span.end!r} is outside its document "
                         f"({length} characters)")


def _number(value, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"{what} must be a number")


def checked_pair(p: PairResult, chars: list[int]) -> PairResult:
    """`p` when its documents are two of the `len(chars)` documents and every span lies inside
    its document; ValueError naming what is wrong otherwise."""
    if not (_index(p.left, len(chars)) and _index(p.right, len(chars))) or p.left == p.right:
        raise ValueError(f"it points at documents {p.left!r} and {p.right!r}, the check has "
                         f"{len(chars)}")
    for name in ("hamming", "similarity", "left_coverage", "right_coverage", "longest", "copied"):
        _number(getattr(p, name), name)
    if p.kind not in ("", *PAIR_KINDS):
        raise ValueError(f"its kind {str(p.kind)[:40]!r} is none of {', '.join(PAIR_KINDS)}")
    left, right = chars[p.left], chars[p.right]
    for m in p.matches:
        _inside(m.left, left, "a passage")
        _inside(m.right, right, "a passage")
        _number(m.units, "units")
        for s in m.left_changes:
            _inside(s, left, "a change")
        for s in m.right_changes:
            _inside(s, right, "a change")
    if p.semantic is not None:
        _number(p.semantic.share, "share")
        for s in p.semantic.sentences:
            _inside(s.left, left, "a sentence")
            _inside(s.right, right, "a sentence")
            _number(s.score, "score")
    return p


def autosave_path() -> Path:
    """Where unsaved work is kept until it is saved or the app closes cleanly."""
    return data_dir() / f"autosave{SUFFIX}"


def open_analysed(path: str | os.PathLike, display_threshold: float | None = None
                  ) -> Generator[Progress, None, tuple]:
    """(core.store.saved.SavedCheck, Analysis): a saved check and its analysis, both read and
    computed in a child process (core/child_process.py), the report sent back in pieces. Reading
    the file here instead took less time in all than unpickling the child's report, but in
    steps of 500 pairs that held this process's interpreter lock while the window repainted
    under the progress dialog (bench/review_bench.py); a piece of 50 pairs is short."""
    report, verdicts, seconds, data, figures = yield from in_child(
        _analyse_saved, os.fspath(path), display_threshold, stage="opening", name="plagscope-open")
    return SavedCheck(report, verdicts, seconds), bound(report, data, figures, display_threshold)


def _analyse_saved(path: str, display_threshold: float | None):
    """In the child: the saved check, and its review (without the report, which crosses once)
    and every document's figures."""
    saved = yield from open_check_steps(path)
    analysis = yield from analyse(saved.report, display_threshold)
    return (saved.report, saved.verdicts, saved.seconds, replace(analysis.review, report=None),
            Batched(analysis.figures.computed()))
