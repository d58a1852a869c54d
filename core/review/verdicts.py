"""Reviewers' verdicts on documents and pairs, keyed so that they outlive one report.

A document's verdict is keyed by `Document.key` (the digest of its text), a pair's by
`pair_key`: the two documents' keys in sorted order, so (a, b) and (b, a) are one pair. The
values are `core.models.Verdict`; the saved check (core/store) persists exactly these
mappings. "Not yet reviewed" is the empty verdict, `Verdict()`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from core.models import VERDICTS, PairResult, Report, Verdict

__all__ = ["UNREVIEWED", "VERDICTS", "Verdicts", "document_key", "pair_key"]

UNREVIEWED = Verdict()


def document_key(report: Report, index: int) -> str:
    """The key a document's verdict is stored under."""
    return report.documents[index].key


def pair_key(report: Report, pair: PairResult) -> tuple[str, str]:
    """The key a pair's verdict is stored under: both documents' keys, sorted."""
    a, b = report.documents[pair.left].key, report.documents[pair.right].key
    return (a, b) if a <= b else (b, a)


def _frozen(mapping: Mapping | None) -> Mapping:
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True, slots=True, eq=False)
class Verdicts:
    """All verdicts of a check: `documents` key -> Verdict, `pairs` (key, key) -> Verdict.

    Immutable: `set_document` / `set_pair` return a new Verdicts. An empty verdict (no
    status and no note) is not stored.
    """

    documents: Mapping[str, Verdict] = field(default_factory=dict)
    pairs: Mapping[tuple[str, str], Verdict] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "documents", _frozen(self.documents))
        pairs = {}
        for (a, b), verdict in dict(self.pairs).items():
            pairs[(a, b) if a <= b else (b, a)] = verdict
        object.__setattr__(self, "pairs", _frozen(pairs))

    def __reduce__(self):  # pickled as plain dicts (a report rendered in a child process)
        return (Verdicts, (dict(self.documents), dict(self.pairs)))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Verdicts) and dict(self.documents) == dict(other.documents)
                and dict(self.pairs) == dict(other.pairs))

    def document(self, report: Report, index: int) -> Verdict:
        """The verdict on document `index` of `report` (UNREVIEWED if none)."""
        return self.documents.get(document_key(report, index), UNREVIEWED)

    def pair(self, report: Report, pair: PairResult) -> Verdict:
        """The verdict on `pair` of `report` (UNREVIEWED if none)."""
        return self.pairs.get(pair_key(report, pair), UNREVIEWED)

    def set_document(self, key: str, verdict: Verdict) -> Verdicts:
        documents = dict(self.documents)
        _put(documents, key, verdict)
        return Verdicts(documents, self.pairs)

    def set_pair(self, key: tuple[str, str], verdict: Verdict) -> Verdicts:
        a, b = key
        pairs = dict(self.pairs)
        _put(pairs, (a, b) if a <= b else (b, a), verdict)
        return Verdicts(self.documents, pairs)

    def __bool__(self) -> bool:
        return bool(self.documents) or bool(self.pairs)


def _put(mapping: dict, key, verdict: Verdict) -> None:
    if verdict == UNREVIEWED:
        mapping.pop(key, None)
    else:
        mapping[key] = verdict


def reviewed(verdict: Verdict) -> bool:
    """Whether a reviewer has decided (a note alone is not a decision)."""
    return verdict.status in VERDICTS
