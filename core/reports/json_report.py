"""The JSON report: the machine-readable record of a check (read by the evaluation scripts).

Shape (version 1; fields may be added, never renamed)::

    {"version": 1, "options": {...CheckOptions.to_dict()...},
     "documents": [{"name", "path", "format", "chars", "simhash": "16 hex digits"}],
     "pairs": [{"left", "right", "hamming", "similarity", "left_coverage", "right_coverage",
                "longest", "matches": [{"left": [start, end], "right": [start, end], "units"}]}],
     "errors": [{"path", "message"}],
     "groups": [{"members": [document indexes], "source": index or null}]}

Documents and pairs a reviewer gave a verdict or a note carry `verdict` (confirmed,
suspicious, not_plagiarism) and `note`.

`left`/`right` of a pair index `documents`; spans are half-open code-point offsets.
Document texts are not stored, so `from_json` needs them handed back (see there).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from core.models import Document, FileError, Group, Match, PairResult, Report, Span
from core.options import CheckOptions

if TYPE_CHECKING:
    from core.review.verdicts import Verdicts

VERSION = 1
_MASK64 = (1 << 64) - 1


def to_json(report: Report, verdicts: "Verdicts | None" = None) -> dict:
    """The report as plain JSON values (dicts, lists, str, int, float); `verdicts` (the
    reviewers' decisions, core/review/verdicts.py) add `verdict`/`note` where present."""
    if len(report.simhashes) != len(report.documents):
        raise ValueError(f"the report has {len(report.documents)} documents but "
                         f"{len(report.simhashes)} simhashes")
    data = {
        "version": VERSION,
        "options": _plain(report.options.to_dict()),
        "documents": [
            {"name": doc.name, "path": doc.path, "format": doc.format, "chars": doc.chars,
             "simhash": simhash_hex(value)}
            for doc, value in zip(report.documents, report.simhashes)
        ],
        "pairs": [_pair(pair) for pair in report.pairs],
        "errors": [{"path": error.path, "message": error.message} for error in report.errors],
    }
    data.update(review_fields(report))
    return _add_verdicts(data, report, verdicts)


def render_json(report: Report, verdicts: "Verdicts | None" = None) -> str:
    """The report as JSON text: one document, pair or error per line, non-ASCII kept as is.

    Raises ValueError for a NaN or infinite number rather than writing invalid JSON.
    """
    data = to_json(report, verdicts)

    def dump(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, allow_nan=False)

    def block(items: list) -> str:
        if not items:
            return "[]"
        return "[\n  " + ",\n  ".join(dump(item) for item in items) + "\n ]"

    lines = [
        f'{{"version": {dump(data["version"])},',
        f' "options": {dump(data["options"])},',
        f' "documents": {block(data["documents"])},',
        f' "pairs": {block(data["pairs"])},',
        f' "groups": {block(data["groups"])},',
        f' "errors": {block(data["errors"])}}}',
    ]
    return "\n".join(lines) + "\n"


def simhash_hex(value: int) -> str:
    """A 64-bit simhash as 16 lowercase hex digits (a negative int64 is read as unsigned)."""
    value = int(value)
    if not -(1 << 63) <= value <= _MASK64:
        raise ValueError(f"simhash {value} does not fit in 64 bits")
    return f"{value & _MASK64:016x}"


def from_json(data: dict, texts: Sequence[str | None] | None = None) -> Report:
    """Rebuild a Report from `to_json` output (e.g. a saved report opened again).

    The JSON holds no document texts: pass `texts` (one per document, in order; None for
    one not available) to restore them, typically by reloading each document's `path`.
    A text whose length differs from the recorded `chars` means the file changed since
    the check and the spans would point at the wrong places, so it raises ValueError.
    Documents without a text get text "" (tables work, passages cannot be shown).
    Missing "options" or "units" (not required by version 1) become the defaults / 0.
    Raises ValueError, naming the offending field, for anything malformed.
    """
    _need(isinstance(data, dict), "report", "must be a JSON object")
    _need(data.get("version") == VERSION, "version", f"must be {VERSION}")
    docs = _list(data, "documents", "documents")
    pairs = _list(data, "pairs", "pairs")
    errors = _list(data, "errors", "errors") if "errors" in data else []
    if texts is not None and len(texts) != len(docs):
        raise ValueError(f"{len(texts)} texts given for {len(docs)} documents")

    options_data = data.get("options", {})
    _need(isinstance(options_data, dict), "options", "must be an object")
    try:
        options = CheckOptions.from_dict(options_data)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"malformed report: options: {exc}") from exc

    documents, simhashes, chars = [], [], []
    for i, doc in enumerate(docs):
        where = f"documents[{i}]"
        _need(isinstance(doc, dict), where, "must be an object")
        name, path, fmt = (_str(doc, key, where) for key in ("name", "path", "format"))
        count = _int(doc, "chars", where)
        digest = doc.get("simhash")
        _need(isinstance(digest, str) and len(digest) == 16
              and all(c in "0123456789abcdef" for c in digest),
              f"{where}.simhash", "must be 16 lowercase hex digits")
        text = texts[i] if texts is not None else None
        if text is None:
            text = ""
        elif len(text) != count:
            raise ValueError(f"{path or name} has {len(text)} characters now but {count} in "
                             f"the report: it changed since the check")
        documents.append(Document(i, name, path, fmt, text))
        simhashes.append(int(digest, 16))
        chars.append(count)

    results = [_read_pair(pair, k, chars) for k, pair in enumerate(pairs)]
    file_errors = []
    for i, error in enumerate(errors):
        where = f"errors[{i}]"
        _need(isinstance(error, dict), where, "must be an object")
        file_errors.append(FileError(_str(error, "path", where), _str(error, "message", where)))
    groups = _read_groups(data, len(documents))
    return Report(options, tuple(documents), tuple(simhashes), tuple(results), tuple(file_errors),
                  groups)


# -- review fields (issue 13): groups, and verdicts when a reviewer gave them -------------

def review_fields(report: Report) -> dict:
    """`groups`: a list of {"members": [document indexes], "source": index or null}.

    Every member of a group shares a flagged pair with another member (core/review/groups).
    Groups are the report's own, or found from its pairs when it carries none.
    """
    from core.review.groups import find_groups

    groups = report.groups or find_groups(report)
    return {"groups": [{"members": [int(m) for m in g.members],
                        "source": None if g.source is None else int(g.source)} for g in groups]}


def _add_verdicts(data: dict, report: Report, verdicts: "Verdicts | None") -> dict:
    """`verdict` / `note` on each document and pair a reviewer decided on or annotated."""
    if not verdicts:
        return data
    for i, doc in enumerate(data["documents"]):
        _verdict_fields(doc, verdicts.document(report, i))
    for pair, result in zip(data["pairs"], report.pairs):
        _verdict_fields(pair, verdicts.pair(report, result))
    return data


def _verdict_fields(item: dict, verdict) -> None:
    if verdict.status:
        item["verdict"] = verdict.status
    if verdict.note:
        item["note"] = verdict.note


def _read_groups(data: dict, count: int) -> tuple[Group, ...]:
    """The `groups` of a report written with them (none for an older report)."""
    if "groups" not in data:
        return ()
    groups = []
    for g, group in enumerate(_list(data, "groups", "groups")):
        where = f"groups[{g}]"
        _need(isinstance(group, dict), where, "must be an object")
        members = _list(group, "members", where)
        _need(len(members) >= 2 and all(_is_int(m) and m < count for m in members),
              f"{where}.members", "must be two or more document indexes")
        source = group.get("source")
        _need(source is None or (_is_int(source) and source in members), f"{where}.source",
              "must be null or one of the members")
        groups.append(Group(tuple(members), source))
    return tuple(groups)


def _plain(value: Any) -> Any:
    """Tuples (e.g. CheckOptions.exclude) as lists, so to_json equals its JSON round trip."""
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


def _pair(pair: PairResult) -> dict:
    return {
        "left": int(pair.left),
        "right": int(pair.right),
        "hamming": int(pair.hamming),
        "similarity": float(pair.similarity),
        "left_coverage": float(pair.left_coverage),
        "right_coverage": float(pair.right_coverage),
        "longest": int(pair.longest),
        "matches": [
            {"left": [int(m.left.start), int(m.left.end)],
             "right": [int(m.right.start), int(m.right.end)],
             "units": int(m.units)}
            for m in pair.matches
        ],
    }


def _read_pair(pair: Any, k: int, chars: list[int]) -> PairResult:
    where = f"pairs[{k}]"
    _need(isinstance(pair, dict), where, "must be an object")
    left, right = _int(pair, "left", where), _int(pair, "right", where)
    _need(left < len(chars) and right < len(chars) and left != right, where,
          "left and right must be two different document indexes")
    hamming = _int(pair, "hamming", where)
    _need(hamming <= 64, f"{where}.hamming", "must be from 0 to 64")
    ratios = [_fraction(pair, key, where)
              for key in ("similarity", "left_coverage", "right_coverage")]
    longest = _int(pair, "longest", where)
    matches = []
    for m, match in enumerate(_list(pair, "matches", where)):
        at = f"{where}.matches[{m}]"
        _need(isinstance(match, dict), at, "must be an object")
        spans = [_span(match, side, at, chars[doc]) for side, doc in (("left", left), ("right", right))]
        units = match.get("units", 0)
        _need(_is_int(units) and units >= 0, f"{at}.units", "must be a whole number >= 0")
        matches.append(Match(spans[0], spans[1], units))
    return PairResult(left, right, hamming, *ratios, longest, tuple(matches))


def _span(match: dict, side: str, where: str, limit: int) -> Span:
    value = match.get(side)
    _need(isinstance(value, list) and len(value) == 2 and all(map(_is_int, value))
          and 0 <= value[0] <= value[1] <= limit,
          f"{where}.{side}", f"must be [start, end] with 0 <= start <= end <= {limit}")
    return Span(value[0], value[1])


def _need(ok: bool, where: str, message: str) -> None:
    if not ok:
        raise ValueError(f"malformed report: {where} {message}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _list(data: dict, key: str, where: str) -> list:
    value = data.get(key)
    _need(isinstance(value, list), where if where == key else f"{where}.{key}", "must be a list")
    return value


def _str(data: dict, key: str, where: str) -> str:
    value = data.get(key)
    _need(isinstance(value, str), f"{where}.{key}", "must be a string")
    return value


def _int(data: dict, key: str, where: str) -> int:
    value = data.get(key)
    _need(_is_int(value) and value >= 0, f"{where}.{key}", "must be a whole number >= 0")
    return value


def _fraction(data: dict, key: str, where: str) -> float:
    value = data.get(key)
    _need(isinstance(value, (int, float)) and not isinstance(value, bool)
          and math.isfinite(value) and 0 <= value <= 1, f"{where}.{key}", "must be a number from 0 to 1")
    return float(value)
