"""The frozen values that cross layers: documents, spans, matches, pair results, reports."""

from __future__ import annotations

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

    @property
    def chars(self) -> int:
        return len(self.text)


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
