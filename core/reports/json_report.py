"""The JSON report: the machine-readable record of a check (read by the evaluation scripts).

Shape (schema 2; fields may be added, never renamed; schema 1 is the same without the
fields `academic_matches` and `academic_document` add, and is still written on request and read)::

    {"version": 1, "schema": 2, "options": {...CheckOptions.to_dict()...},
     "documents": [{"name", "path", "format", "chars", "simhash": "16 hex digits",
                    "sha256": "64 hex digits of the file's bytes, or \"\"", "id": "32 hex digits"}],
     "pairs": [{"left", "right", "hamming", "similarity", "left_coverage", "right_coverage",
                "longest", "matches": [{"left": [start, end], "right": [start, end], "units"}]}],
     "errors": [{"path", "message", "code", "values"}],  (code/values: when the reason has a code)
     "groups": [{"members": [document indexes], "source": index or null}],
     "shared_texts": [{"text", "documents": [indexes], "spans": [[start, end], ...], "at"}]}

`shared_texts` (only when there is some) is the text held by more than the
document-frequency cap of the documents, likely the assignment: "in len(documents) of
len(report documents) documents", its span in each of those documents, and `text`, its wording
in `documents[at]`.

`version` is the oldest reader version the file is for and `schema` the field set it
carries. Schema 2 only adds fields, so by default a report says `"version": 1` with
`"schema": 2`: every version-1 reader (the PAN scorer in ../shared/eval insists on
`"version": 1`) reads it unchanged. `version=2` labels it 2 for readers that want the
label; `version=1` writes schema 1 (without the fields below).

Schema 2 (see `academic_matches`, `academic_document`): each match has `class`, `left_class`,
`right_class`, `left_changes`, `right_changes` (and `shared_by` when most documents hold
its text); each document has `figures`.

Each pair has `copied` (the copied share over both engines' findings, each character once:
what ranks the pairs) and `kind` (verbatim, edited, translation, paraphrase, or the class of
credited passages; "" for none): core.evidence, docs/figures.md.

Every passage carries its `kind` (core.evidence): a match `verbatim`, `edited` (an edited
copy), or, when credited, its class (`quoted`, `cited`, `quoted_cited`, `references`,
`template`); a sentence pair the meaning layer counted `paraphrase` or `translation`.

A pair the semantic layer found (`check --semantic`) has `semantic`: {"kind":
"translation" | "paraphrase", "share", "sentences": [{"left": [start, end], "right": [start,
end], "score", "kind"}]} (see `semantic_fields`); it never changes the pair's verbatim figures.

A document that came from the archive (`check --archive`) has `archive`: {"id", "label",
"added"} (its archive id, label and ISO 8601 date added).

Documents and pairs a reviewer gave a verdict or a note carry `verdict` (confirmed,
suspicious, not_plagiarism) and `note`.

`left`/`right` of a pair index `documents` (so version-1 readers keep working); a
document's `id` is `Document.key`, the digest of its text, which is how anything that
persists refers to a document, and `sha256` ties it to the exact file handed in (both are
written in version 1 too: fields are only ever added). Spans are half-open code-point
offsets. Document texts are not stored, so `from_json` needs them handed back (see there).

Where each field is made, one function per group: `_document` (version 1's fields, `sha256`,
`id`, then `document_fields`: `archive`), `_pair` (then `pair_fields`: `semantic`),
`report_fields` (`groups`), `academic_matches` and `academic_document` (version 2: match
classes and changes, document `figures`), `_verdict_fields` (`verdict`, `note`).
docs/reports.md lists them by version.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Sequence
from json.encoder import encode_basestring
from typing import TYPE_CHECKING, Any

from core.academic.figures import FigureTable
from core.evidence import PAIR_KINDS, judged, match_kind
from core.models import (
    ATTRIBUTIONS,
    ArchiveEntry,
    Document,
    FileError,
    Group,
    Layout,
    Match,
    PairResult,
    Report,
    SemanticMatch,
    SentencePair,
    SharedText,
    Span,
    text_key,
)
from core.options import CheckOptions
from core.review.groups import find_groups

if TYPE_CHECKING:
    from core.review.verdicts import Verdicts

VERSION = 2  # the newest schema: the field set written by default
READABLE = (1, 2)
COMPATIBLE = 1  # the `version` a default report carries: every field since version 1 is an addition
_MASK64 = (1 << 64) - 1


def to_json(report: Report, verdicts: Verdicts | None = None, *, version: int | None = None) -> dict:
    """The report as plain JSON values (dicts, lists, str, int, float); `verdicts` (the
    reviewers' decisions, core/review/verdicts.py) add `verdict`/`note` where present.

    `version` None (the default) writes the newest schema labelled `"version": 1` (see the
    module docstring); 1 or 2 writes that schema with that label."""
    return {key: list(value) if isinstance(value, Iterator) else value
            for key, value in _fields(report, verdicts, version)}


def _fields(report: Report, verdicts: Verdicts | None, version: int | None,
            texts: bool = False) -> list[tuple[str, Any]]:
    """`to_json`'s top-level fields in order, the documents and the pairs as iterators of their
    items (each made when read: `render_json` encodes one and lets it go before making the
    next, so a report of many pairs never holds them all as objects at once). `texts`: a pair
    whose JSON text `_PairTexts` writes comes as that text (for `render_json`)."""
    schema = VERSION if version is None else version
    if len(report.simhashes) != len(report.documents):
        raise ValueError(f"the report has {len(report.documents)} documents but "
                         f"{len(report.simhashes)} simhashes")
    academic = schema >= 2
    table = FigureTable(report) if academic else None
    figures = table.computed() if table is not None else None
    classes = table.classes if table is not None else [None] * len(report.pairs)
    documents = (_document_item(i, doc, value, report, figures, verdicts)
                 for i, (doc, value) in enumerate(zip(report.documents, report.simhashes)))
    pairs = (_pair_item(pair, report, sides, verdicts) for pair, sides in zip(report.pairs, classes))
    if texts and table is not None and not verdicts:  # version 2, no reviewers' fields
        text = _PairTexts()
        pairs = (text(pair, sides) or _pair_item(pair, report, sides, verdicts)
                 for pair, sides in zip(report.pairs, classes))
    return [("version", COMPATIBLE if version is None else version),
            *([("schema", schema)] if academic else []),  # version 1's shape has no schema
            ("options", _plain(report.options.to_dict())),
            ("documents", documents),
            ("pairs", pairs),
            ("errors", [_error(error) for error in report.errors]),
            *report_fields(report).items()]


def _document_item(index: int, doc: Document, simhash: int, report: Report, figures, verdicts) -> dict:
    """One document's object: `_document`, then version 2's `figures` and `layout`
    (`academic_document`), then the reviewers' `verdict` / `note`."""
    item = _document(doc, simhash, report)
    if figures is not None:
        academic_document(item, doc, figures[index])
    if verdicts:
        _verdict_fields(item, verdicts.document(report, index))
    return item


def _pair_item(pair: PairResult, report: Report, classes, verdicts) -> dict:
    """One pair's object: `_pair`, then version 2's match fields (`academic_matches`, with the
    pair's side classes from the figures' table), then the reviewers' `verdict` / `note`."""
    item = _pair(pair, report)
    if classes is not None:
        academic_matches(item["matches"], pair, classes)
    if verdicts:
        _verdict_fields(item, verdicts.pair(report, pair))
    return item


# ----- one place per field group ----------------------------------------------------------

def _document(doc: Document, simhash: int, report: Report) -> dict:
    """Version 1's document fields, then `sha256` and `id`, then `document_fields`."""
    return {"name": doc.name, "path": doc.path, "format": doc.format, "chars": doc.chars,
            "simhash": simhash_hex(simhash), "sha256": doc.sha256, "id": doc.key,
            **document_fields(doc, report)}


def document_fields(doc: Document, report: Report) -> dict:
    """More document fields: `archive` (where an archived document came from).
    (`figures`, version 2, come from `academic_document`.)"""
    return _archive_field(doc)


def pair_fields(pair: PairResult, report: Report) -> dict:
    """More pair fields: `copied` and `kind` (core.evidence: the copied share over both engines'
    findings, which ranks the pairs, and the pair's kind), then `semantic` (`semantic_fields`).
    (`verdict` and `note` on pairs and documents come from the reviewers' verdicts:
    `_verdict_fields`.)"""
    return {"copied": float(pair.copied), "kind": pair.kind, **semantic_fields(pair)}


def semantic_fields(pair: PairResult) -> dict:
    """`semantic`, on a pair the semantic layer found: {"kind": "translation" |
    "paraphrase", "share": the share of the document's sentences aligned to the other,
    "sentences": [{"left": [start, end], "right": [start, end], "score", "kind"}]}; absent
    otherwise."""
    found = pair.semantic
    if found is None:
        return {}
    return {"semantic": {
        "kind": found.kind,
        "share": float(found.share),
        "sentences": [{"left": [int(s.left.start), int(s.left.end)],
                       "right": [int(s.right.start), int(s.right.end)],
                       "score": float(s.score), "kind": found.kind} for s in found.sentences],
    }}


def read_semantic(pair: dict, where: str, left_chars: int, right_chars: int):
    """The SemanticMatch of a pair's `semantic` field (None when absent); raises ValueError."""
    found = pair.get("semantic")
    if found is None:
        return None
    at = f"{where}.semantic"
    _need(isinstance(found, dict), at, "must be an object")
    kind = found.get("kind")
    _need(kind in ("translation", "paraphrase"), f"{at}.kind", "must be translation or paraphrase")
    share = _fraction(found, "share", at)
    sentences = []
    for n, item in enumerate(_list(found, "sentences", at)):
        here = f"{at}.sentences[{n}]"
        _need(isinstance(item, dict), here, "must be an object")
        sentences.append(SentencePair(_span(item, "left", here, left_chars),
                                      _span(item, "right", here, right_chars),
                                      _fraction(item, "score", here)))
    return SemanticMatch(kind, share, tuple(sentences))


def report_fields(report: Report) -> dict:
    """Top-level fields after `errors`: `groups` (`review_fields`) and
    `shared_texts` (when the check found text most documents hold)."""
    shared = ({"shared_texts": [t.to_dict() for t in report.shared_texts]}
              if report.shared_texts else {})
    return {**review_fields(report), **shared}


def _read_shared_texts(data: dict, chars: list[int]) -> tuple[SharedText, ...]:
    """The `shared_texts` of a report written with them (none for an older report)."""
    items = data.get("shared_texts", [])
    _need(isinstance(items, list), "shared_texts", "must be a list")
    out = []
    for i, item in enumerate(items):
        try:
            out.append(SharedText.from_dict(item, chars))
        except ValueError as exc:
            _need(False, f"shared_texts[{i}]", str(exc))
    return tuple(out)


def render_json(report: Report, verdicts: Verdicts | None = None, *, version: int | None = None) -> str:
    """The report as JSON text: one document, pair or error per line, non-ASCII kept as is.

    Raises ValueError for a NaN or infinite number rather than writing invalid JSON.
    """
    # json.dumps' encoder, made once; items are made afresh from the report, so none holds itself
    # and the encoder need not keep every container it enters to find a cycle
    dump = json.JSONEncoder(ensure_ascii=False, allow_nan=False, check_circular=False).encode

    def block(items) -> str:
        # a pair may come as its JSON text already (`_PairTexts`); no other item is a string
        encoded = [item if type(item) is str else dump(item) for item in items]
        if not encoded:
            return "[]"
        return "[\n  " + ",\n  ".join(encoded) + "\n ]"

    fields = _fields(report, verdicts, version, texts=True)
    lines = [("{" if n == 0 else " ") + f"{dump(key)}: "
             + (block(value) if isinstance(value, (list, Iterator)) else dump(value))
             + ("}" if n == len(fields) - 1 else ",")
             for n, (key, value) in enumerate(fields)]
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
    _need(data.get("version") in READABLE, "version", f"must be one of {READABLE}")
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
        sha256 = doc.get("sha256", "")
        _need(isinstance(sha256, str), f"{where}.sha256", "must be a string")
        text = texts[i] if texts is not None else None
        if text is None:
            text = ""
        elif len(text) != count or ("id" in doc and doc["id"] != text_key(text)):
            raise ValueError(f"{path or name} has {len(text)} characters now but {count} in "
                             f"the report: it changed since the check"
                             if len(text) != count else
                             f"{path or name} is not the text the report was made from: "
                             f"it changed since the check")
        documents.append(Document(i, name, path, fmt, text, sha256=sha256,
                                  archive=_read_archive(doc, where),
                                  layout=read_layout(doc, where, count) if text else None))
        simhashes.append(int(digest, 16))
        chars.append(count)

    results = [_read_pair(pair, k, chars) for k, pair in enumerate(pairs)]
    if any(isinstance(p, dict) and "copied" not in p for p in pairs):
        # written before the copied share existed: judged and ranked again from the evidence
        # (pairs whose texts are not given keep 0)
        results = judged([d.text for d in documents], results)
    file_errors = []
    for i, error in enumerate(errors):
        where = f"errors[{i}]"
        _need(isinstance(error, dict), where, "must be an object")
        code, values = error.get("code"), error.get("values")  # absent in older reports
        if not isinstance(code, str) or not isinstance(values, dict):
            code, values = "", {}
        file_errors.append(FileError(_str(error, "path", where), _str(error, "message", where),
                                     code, {str(k): v for k, v in values.items()}))
    groups = _read_groups(data, len(documents))
    return Report(options, tuple(documents), tuple(simhashes), tuple(results), tuple(file_errors),
                  groups, _read_shared_texts(data, chars))


# -- the archive: an archived source's {"id", "label", "added"} -------------------

def _archive_field(doc: Document) -> dict:
    """`archive` on a document that came from the archive (core/store)."""
    if doc.archive is None:
        return {}
    return {"archive": {"id": doc.archive.id, "label": doc.archive.label, "added": doc.archive.added}}


def _read_archive(doc: dict, where: str):
    entry = doc.get("archive")
    if entry is None:
        return None
    _need(isinstance(entry, dict), f"{where}.archive", "must be an object")
    return ArchiveEntry(_int(entry, "id", f"{where}.archive"),
                        _str(entry, "label", f"{where}.archive"),
                        _str(entry, "added", f"{where}.archive"))


# -- review fields: groups, and verdicts when a reviewer gave them -------------

def review_fields(report: Report) -> dict:
    """`groups`: a list of {"members": [document indexes], "source": index or null}.

    Every member of a group shares a flagged pair with another member (core/review/groups).
    Groups are the report's own, or found from its pairs when it carries none.
    """
    groups = report.groups or find_groups(report)
    return {"groups": [{"members": [int(m) for m in g.members],
                        "source": None if g.source is None else int(g.source)} for g in groups]}


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


def _pair(pair: PairResult, report: Report) -> dict:
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
             "units": int(m.units), "kind": match_kind(m)}
            for m in pair.matches
        ],
        **pair_fields(pair, report),
    }


# `_pair_item`'s object of a pair with version 2's match fields and no semantic finding, as the
# encoder writes it: ints as int() gives them, floats by repr, strings by the encoder's own
# quoting, separators ", " and ": "
_PAIR_TEXT = ('{"left": %d, "right": %d, "hamming": %d, "similarity": %s, "left_coverage": %s, '
              '"right_coverage": %s, "longest": %d, "matches": [%s], "copied": %s, "kind": %s}')
_MATCH_TEXT = '{"left": [%d, %d], "right": [%d, %d], "units": %d, %s, "left_changes": [%s], "right_changes": [%s]%s}'
_NAMES_TEXT = '"kind": %s, "class": %s, "left_class": %s, "right_class": %s'
_SPAN_TEXT = "[%d, %d]"  # a change
_SHARED_TEXT = ', "shared_by": %d'


class _PairTexts:
    """`_pair_item`'s object of each pair as JSON text, made without the objects (a class of
    copies writes many thousands), or None where it would not be that text: a pair with a
    semantic finding, classes not one per match, a number that is not finite (the encoder
    refuses it) or a value of another type than the report's own. What pairs repeat is written
    once: a ratio (copies share a few), a match's kind and classes. Not a second writer: its
    text is the encoder's text of `_pair_item`'s object, to the byte, and the tests hold it to
    that object's fields (one added to `_pair`, `pair_fields` or `academic_matches` and not
    here fails them)."""

    def __init__(self):
        self._numbers: dict[float, str] = {}  # repr of each ratio but zero (0.0 and -0.0 are equal keys)
        self._names: dict[tuple, str] = {}

    def __call__(self, pair: PairResult, classes: Sequence[tuple[str, str]]) -> str | None:
        if pair.semantic is not None or len(classes) != len(pair.matches):
            return None
        ratios = (float(pair.similarity), float(pair.left_coverage), float(pair.right_coverage), float(pair.copied))
        if not all(map(math.isfinite, ratios)):
            return None
        numbers, names, quote = self._numbers, self._names, encode_basestring
        try:
            similarity, left_coverage, right_coverage, copied = [numbers.get(x) or self._number(x) for x in ratios]
            matches = []
            for m, sides in zip(pair.matches, classes):
                key = (match_kind(m), m.attribution, *sides)
                named = names.get(key)
                if named is None:
                    named = names[key] = _NAMES_TEXT % tuple(map(quote, key))
                matches.append(_MATCH_TEXT % (
                    m.left.start, m.left.end, m.right.start, m.right.end, m.units, named,
                    ", ".join([_SPAN_TEXT % (c.start, c.end) for c in m.left_changes]),
                    ", ".join([_SPAN_TEXT % (c.start, c.end) for c in m.right_changes]),
                    _SHARED_TEXT % m.shared_by if m.shared_by else ""))
            return _PAIR_TEXT % (pair.left, pair.right, pair.hamming, similarity, left_coverage, right_coverage,
                                 pair.longest, ", ".join(matches), copied, quote(pair.kind))
        except (TypeError, ValueError):  # not the report's types: its object says what to write
            return None

    def _number(self, value: float) -> str:
        """repr of a finite float, kept unless it is zero (whose sign an equal key would lose)."""
        text = repr(value)
        if value:
            self._numbers[value] = text
        return text


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
        _need(match.get("kind", "verbatim") in PAIR_KINDS, f"{at}.kind", f"must be one of {PAIR_KINDS}")
        matches.append(read_academic_match(match, at, spans, units))
    copied = _fraction(pair, "copied", where) if "copied" in pair else 0.0
    kind = pair.get("kind", "")
    _need(kind in ("", *PAIR_KINDS), f"{where}.kind", f"must be one of {PAIR_KINDS} or empty")
    return PairResult(left, right, hamming, *ratios, longest, tuple(matches),
                      semantic=read_semantic(pair, where, chars[left], chars[right]),
                      copied=copied, kind=kind)


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


def _error(error: FileError) -> dict:
    """A file error: its English `message`, and (when it has one) its reason `code`
    (core.messages) with the `values`, so a reader can show it in another language."""
    out = {"path": error.path, "message": error.message}
    if error.code:
        out.update(code=error.code, values=dict(error.values))
    return out


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


# -- academic fields (version 2): passage classes, in-passage changes, figures ----

def academic_matches(items: list[dict], pair: PairResult, classes: Sequence[tuple[str, str]]) -> None:
    """Version 2's fields of each match of `pair`, added to its object: `class` (one of
    core.models.ATTRIBUTIONS: the class in the document that took the passage), `left_class` /
    `right_class` (its class in each document's own text, what that document's figures use),
    `left_changes` / `right_changes` (half-open spans inside the match that differ from the
    other side; empty for a verbatim passage), `shared_by` (only when non-zero: how many of the
    checked documents hold the passage's text, when more than the document-frequency cap do:
    likely the assignment itself). `classes`: `side_classes` of each match (figures.pair_classes)."""
    for out, m, (left, right) in zip(items, pair.matches, classes):
        out["class"] = m.attribution
        out["left_class"], out["right_class"] = left, right
        out["left_changes"] = [[int(c.start), int(c.end)] for c in m.left_changes]
        out["right_changes"] = [[int(c.start), int(c.end)] for c in m.right_changes]
        if m.shared_by:  # text most documents hold: "in N of M documents"
            out["shared_by"] = int(m.shared_by)


def academic_document(item: dict, doc: Document, figures) -> None:
    """Version 2's fields of a document, added to its object: `figures`
    (core/academic/figures.py; docs/academic.md), and `layout` when its file showed one
    (docx/pdf block quotes, superscripts, headings: spans into its text)."""
    item["figures"] = figures.to_json()
    if doc.layout is not None:  # what docx/pdf show beyond the text: attribution reads it
        item["layout"] = {name: [[int(s.start), int(s.end)] for s in getattr(doc.layout, name)]
                          for name in LAYOUT_FIELDS}


LAYOUT_FIELDS = ("block_quotes", "superscripts", "headings")


def read_layout(doc: dict, where: str, chars: int):
    """A document's `layout` (version 2, when present): spans of block quotes, superscripts
    and headings in its text, so a report read back with its texts classes passages alike."""
    value = doc.get("layout")
    if value is None:
        return None
    _need(isinstance(value, dict), f"{where}.layout", "must be an object")
    fields = {}
    for name in LAYOUT_FIELDS:
        spans = value.get(name, [])
        _need(isinstance(spans, list) and all(
            isinstance(c, list) and len(c) == 2 and all(map(_is_int, c)) and 0 <= c[0] <= c[1] <= chars
            for c in spans), f"{where}.layout.{name}", "must be [start, end] spans inside the text")
        fields[name] = tuple(Span(c[0], c[1]) for c in spans)
    return Layout(**fields)


def read_academic_match(match: dict, where: str, spans: list[Span], units: int) -> Match:
    """A Match from a version 1 or 2 match object (class and changes when present)."""
    cls = match.get("class", "unattributed")
    _need(cls in ATTRIBUTIONS, f"{where}.class", f"must be one of {', '.join(ATTRIBUTIONS)}")
    changes = []
    for side, span in (("left", spans[0]), ("right", spans[1])):
        value = match.get(f"{side}_changes", [])
        _need(isinstance(value, list) and all(
            isinstance(c, list) and len(c) == 2 and all(map(_is_int, c))
            and span.start <= c[0] <= c[1] <= span.end for c in value),
            f"{where}.{side}_changes", "must be [start, end] spans inside the match")
        changes.append(tuple(Span(c[0], c[1]) for c in value))
    shared_by = match.get("shared_by", 0)
    _need(_is_int(shared_by) and shared_by >= 0, f"{where}.shared_by", "must be a whole number, 0 or more")
    return Match(spans[0], spans[1], units, changes[0], changes[1], cls, int(shared_by))
