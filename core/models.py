"""The frozen values that cross layers: documents, spans, matches, pair results, reports."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from core.messages import text

if TYPE_CHECKING:
    from core.options import CheckOptions


@dataclass(frozen=True, slots=True)
class Span:
    """A half-open range of code-point offsets into a document's text."""

    start: int
    end: int

    def __len__(self) -> int:
        return self.end - self.start


@dataclass(frozen=True, slots=True)
class Document:
    """One loaded document; `text` is what the user sees and what spans index."""

    id: int
    name: str
    path: str
    format: str
    text: str
    sha256: str = ""  # of the file's bytes as handed in ("" for text that never was a file)
    archive: ArchiveEntry | None = None  # set when the document comes from the archive
    # what the file's format shows beyond the text (docx), if known; derived from the file,
    # so not part of a document's equality
    layout: Layout | None = field(default=None, compare=False)
    # `key` once read: a check asks it of every document several times (profiles, pairs, reports)
    _key: str = field(default="", init=False, repr=False, compare=False)

    @property
    def chars(self) -> int:
        return len(self.text)

    @property
    def key(self) -> str:
        """The document's identity: a digest of its text, the same wherever and whenever it is
        loaded (hashed once per document: the text cannot change, `replace` makes a new one)."""
        key = self._key
        if not key:
            key = text_key(self.text)
            object.__setattr__(self, "_key", key)
        return key


@dataclass(frozen=True, slots=True)
class Layout:
    """What a file's format shows beyond its text, as spans into `Document.text`: paragraphs
    set off as block quotes (quote style or left indentation), superscript runs, and
    paragraphs styled as headings. Read by core.academic (attribution, sections)."""

    block_quotes: tuple[Span, ...] = ()
    superscripts: tuple[Span, ...] = ()
    headings: tuple[Span, ...] = ()


@dataclass(frozen=True, slots=True)
class ArchiveEntry:
    """Where an archived document came from: its archive id, label and when it was added (ISO 8601)."""

    id: int
    label: str
    added: str


def text_key(text: str) -> str:
    """A 32-hex-digit blake2b digest of a text; what pairs, caches and stores refer to a document by."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


@dataclass(frozen=True, slots=True)
class Fingerprint:
    """A winnowed k-gram hash and the index of the unit where its k-gram starts."""

    hash: int
    first_unit: int


@dataclass(frozen=True, slots=True)
class Match:
    """One matched passage: a span in each document and its length in units (of the left).

    `left_changes` / `right_changes` are the half-open spans inside the passage that the
    in-passage alignment could not pair with an equal unit on the other side (inserted,
    deleted or substituted; empty for a verbatim passage). `attribution` is one of
    `ATTRIBUTIONS`: how the passage is attributed in the document that took it.
    `shared_by` is how many of the checked documents hold this text when it is common to
    more than the document-frequency cap of them (likely the assignment: "in N of M
    documents", a candidate for the template); 0 otherwise.
    """

    left: Span
    right: Span
    units: int
    left_changes: tuple[Span, ...] = ()
    right_changes: tuple[Span, ...] = ()
    attribution: str = "unattributed"
    shared_by: int = 0

    def packed(self) -> tuple:
        """This match as plain values (`unpacked` makes it again): sent between processes in a
        fraction of the time pickling its objects takes."""
        return (self.left.start, self.left.end, self.right.start, self.right.end, self.units,
                _flat(self.left_changes), _flat(self.right_changes), self.attribution, self.shared_by)

    @classmethod
    def unpacked(cls, values: tuple) -> Match:
        ls, le, rs, re, units, left_changes, right_changes, attribution, shared_by = values
        return cls(Span(ls, le), Span(rs, re), units, _spans(left_changes), _spans(right_changes),
                   attribution, shared_by)


def _flat(spans: tuple[Span, ...]) -> tuple[int, ...]:
    return tuple(x for s in spans for x in (s.start, s.end))


def _spans(flat: tuple[int, ...]) -> tuple[Span, ...]:
    return tuple(Span(s, e) for s, e in zip(flat[0::2], flat[1::2]))


ATTRIBUTIONS = ("unattributed", "quoted", "cited", "quoted_cited", "references", "template")


@dataclass(frozen=True, slots=True)
class SentencePair:
    """Two sentences the semantic layer aligned: a span in each document and the cosine score."""

    left: Span
    right: Span
    score: float


@dataclass(frozen=True, slots=True)
class SemanticMatch:
    """What the semantic layer found in a pair: "translation" or "paraphrase", the share of the
    document's sentences aligned to the other, and the aligned sentence pairs."""

    kind: str
    share: float
    sentences: tuple[SentencePair, ...] = ()


@dataclass(frozen=True, slots=True)
class PairResult:
    """The comparison of documents `left` and `right` (indexes into `Report.documents`).

    `copied` (the copied share over both engines' findings) and `kind` (verbatim, edited,
    translation, paraphrase, or the class of credited passages; "" for none) are set by
    `core.evidence.judge` from the other fields and the documents' texts."""

    left: int
    right: int
    hamming: int
    similarity: float
    left_coverage: float
    right_coverage: float
    longest: int
    matches: tuple[Match, ...] = ()
    semantic: SemanticMatch | None = None
    copied: float = 0.0
    kind: str = ""

    def packed(self) -> tuple:
        """This result as plain values (`unpacked` makes it again; see `Match.packed`)."""
        return (self.left, self.right, self.hamming, self.similarity, self.left_coverage,
                self.right_coverage, self.longest, tuple(m.packed() for m in self.matches),
                self.semantic, self.copied, self.kind)

    @classmethod
    def unpacked(cls, values: tuple) -> PairResult:
        *head, matches, semantic, copied, kind = values
        return cls(*head, tuple(map(Match.unpacked, matches)), semantic, copied, kind)


@dataclass(frozen=True, slots=True)
class Progress:
    """How far a long operation has come: `done` of `total` steps of `stage`.

    `stage` is a code, one of `core.messages.STAGES` ("loading", "fingerprinting", ...);
    show it with `core.messages.text(progress.stage, lang)`.
    """

    stage: str
    done: int
    total: int


@dataclass(frozen=True, slots=True)
class FileError:
    """A file that could not be used, with a one-line reason a teacher understands.

    `message` is the reason in English (what JSON reports and older readers use); `code` and
    `values` say the same for any language: `error.text("zh")` is
    `core.messages.text(error.code, "zh", **error.values)`. An error made from text alone
    (an old JSON report) has code "" and `text()` returns its message.
    """

    path: str
    message: str
    code: str = ""
    values: dict = field(default_factory=dict, hash=False)

    @classmethod
    def of(cls, path: str, code: str, **values) -> FileError:
        """The error for `path` with reason `code`, its English message filled in."""
        return cls(str(path), text(code, "en", **values), code, dict(values))

    def text(self, lang: str = "en") -> str:
        """The reason in `lang` ("en" or "zh")."""
        if not self.code:
            return self.message

        return text(self.code, lang, **self.values)


@dataclass(frozen=True, slots=True)
class Expanded:
    """First item of loading (core.pipeline.load_stream): the files it is about to load
    (normalized paths, in order) and the paths it rejected while expanding folders."""

    files: tuple[str, ...]
    errors: tuple[FileError, ...]


@dataclass(frozen=True, slots=True)
class Loaded:
    """One file of loading (core.pipeline.load_stream): its document, or why it could not be read."""

    path: str
    document: Document | None
    error: FileError | None


def normalize_path(path: str | os.PathLike) -> str:
    """The key a file is known by while loading: absolute, `..` resolved (symlinks kept)."""
    return os.path.normpath(os.path.abspath(os.fspath(path)))


@dataclass(frozen=True, slots=True)
class Report:
    """The result of a check: documents (with their simhashes), ranked pairs, file errors, the
    groups of linked documents and the text most of the documents share (`SharedText`)."""

    options: CheckOptions
    documents: tuple[Document, ...]
    simhashes: tuple[int, ...]
    pairs: tuple[PairResult, ...]
    errors: tuple[FileError, ...] = field(default=())
    groups: tuple[Group, ...] = field(default=())
    shared_texts: tuple[SharedText, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class SharedText:
    """Text held by more than the document-frequency cap of the checked documents (likely the
    assignment itself): found once for the whole class, never pair by pair.

    `documents` are indexes into `Report.documents` (ascending) and `spans` the text's span in
    each of them (same order); `text` is its wording in `documents[at]`, the fullest copy.
    It is "in len(documents) of len(Report.documents) documents".
    """

    text: str
    documents: tuple[int, ...]
    spans: tuple[Span, ...]
    at: int = 0

    def to_dict(self) -> dict:
        """Plain JSON values (the JSON report's and a saved check's `shared_texts` item)."""
        return {"text": self.text, "documents": list(self.documents),
                "spans": [[s.start, s.end] for s in self.spans], "at": self.at}

    @classmethod
    def from_dict(cls, data: dict, chars: list[int] | tuple[int, ...]) -> SharedText:
        """Read `to_dict`'s output back, checked against the documents' lengths `chars`.
        Raises ValueError naming what is wrong."""
        if not isinstance(data, dict):
            raise ValueError("must be an object")  # noqa: TRY004 (a malformed JSON value, reported as bad data like the others)
        text, documents, spans, at = (data.get("text"), data.get("documents"), data.get("spans"),
                                      data.get("at", 0))
        whole = lambda v: isinstance(v, int) and not isinstance(v, bool)
        if not isinstance(text, str):
            raise ValueError("text must be a string")  # noqa: TRY004 (a malformed JSON value, reported as bad data like the others)
        if (not isinstance(documents, list) or not documents
                or not all(whole(d) and 0 <= d < len(chars) for d in documents)):
            raise ValueError("documents must be one or more document indexes")
        if (not isinstance(spans, list) or len(spans) != len(documents)
                or not all(isinstance(s, list) and len(s) == 2 and all(map(whole, s))
                           and 0 <= s[0] <= s[1] <= chars[d] for s, d in zip(spans, documents))):
            raise ValueError("spans must be one [start, end] inside each document")
        if not whole(at) or not 0 <= at < len(documents):
            raise ValueError("at must index documents")
        return cls(text, tuple(documents), tuple(Span(s[0], s[1]) for s in spans), at)


@dataclass(frozen=True, slots=True)
class Group:
    """Documents linked by flagged pairs (indexes into `Report.documents`) and the likely source, if known."""

    members: tuple[int, ...]
    source: int | None = None


VERDICTS = ("confirmed", "suspicious", "not_plagiarism")


@dataclass(frozen=True, slots=True)
class Verdict:
    """A reviewer's decision on a pair or a document: one of `VERDICTS` (or "" for not yet reviewed) and a note."""

    status: str = ""
    note: str = ""

    def __post_init__(self) -> None:
        if self.status not in ("", *VERDICTS):
            raise ValueError(f"unknown verdict {self.status!r}")
