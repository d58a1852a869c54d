"""The frozen values that cross layers: documents, spans, matches, pair results, reports."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

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

    @property
    def chars(self) -> int:
        return len(self.text)

    @property
    def key(self) -> str:
        """The document's identity: a digest of its text, the same wherever and whenever it is loaded."""
        return text_key(self.text)


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
    """One matched passage: a span in each document and its length in units (of the left)."""

    left: Span
    right: Span
    units: int


@dataclass(frozen=True, slots=True)
class PairResult:
    """The comparison of documents `left` and `right` (indexes into `Report.documents`)."""

    left: int
    right: int
    hamming: int
    similarity: float
    left_coverage: float
    right_coverage: float
    longest: int
    matches: tuple[Match, ...] = ()


@dataclass(frozen=True, slots=True)
class Progress:
    """How far a long operation has come: `done` of `total` steps of `stage`."""

    stage: str
    done: int
    total: int


@dataclass(frozen=True, slots=True)
class FileError:
    """A file that could not be used, with a one-line reason a teacher understands."""

    path: str
    message: str


@dataclass(frozen=True, slots=True)
class Report:
    """The result of a check: documents (with their simhashes), ranked pairs, file errors."""

    options: "CheckOptions"
    documents: tuple[Document, ...]
    simhashes: tuple[int, ...]
    pairs: tuple[PairResult, ...]
    errors: tuple[FileError, ...] = field(default=())


VERDICTS = ("confirmed", "suspicious", "not_plagiarism")


@dataclass(frozen=True, slots=True)
class Verdict:
    """A reviewer's decision on a pair or a document: one of `VERDICTS` (or "" for not yet reviewed) and a note."""

    status: str = ""
    note: str = ""

    def __post_init__(self) -> None:
        if self.status not in ("", *VERDICTS):
            raise ValueError(f"unknown verdict {self.status!r}")
