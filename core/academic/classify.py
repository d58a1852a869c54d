"""Set `Match.attribution` on every passage of a check (see attribution.py for the rules).

A citation credits only the paragraph it is in (`Attribution.side_class`): a passage that runs
from an uncredited paragraph into a cited one is not classed cited.

A passage is `template` when at least half of its units on each side lie in k-grams the
template also has (possible only when the template is not excluded from matching, or where
a passage grows across template text); else it takes the class of the document that took
it (`attribution.match_class` of the two sides' classes).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import ClassVar

import numpy as np

from core.academic.attribution import Attribution, analyse, match_class
from core.engine.hashing import kgram_hashes
from core.engine.normalize import units
from core.engine.profile import language
from core.models import Document, Match, PairResult, Span
from core.options import CheckOptions

TEMPLATE_SHARE = 0.5


class Analyses:
    """Attribution of each document, computed on first use (documents by index)."""

    _recent: ClassVar[list[Analyses]] = []  # the last few checks' (see `of`)
    KEEP = 2

    def __init__(self, documents: Sequence[Document]):
        self.documents = documents
        self._done: dict[int, Attribution] = {}

    @classmethod
    def of(cls, documents: Sequence[Document]) -> Analyses:
        """The analyses of these very documents (the same sequence object, e.g. a Report's
        `documents`), shared by the check's passage classes, the figures and the reports, so
        each document is analysed once; a new sequence gets new analyses."""
        for found in cls._recent:
            if found.documents is documents:
                return found
        made = cls(documents)
        cls._recent = [made, *cls._recent[:cls.KEEP - 1]]
        return made

    def __getitem__(self, index: int) -> Attribution:
        found = self._done.get(index)
        if found is None:
            found = self._done[index] = analyse(self.documents[index])
        return found


class _Template:
    """Which units of a text lie in a k-gram the template has too."""

    def __init__(self, template: Document, options: CheckOptions):
        self.options = options
        self.units_of = units
        self.kgram_hashes = kgram_hashes
        self.template_units = units(template.text).hashes
        self._kgrams: dict[int, np.ndarray] = {}
        self._covered: dict[int, tuple[np.ndarray, np.ndarray]] = {}

    def _template_kgrams(self, k: int) -> np.ndarray:
        if k not in self._kgrams:
            self._kgrams[k] = np.unique(self.kgram_hashes(self.template_units, k), return_counts=True)[0]
        return self._kgrams[k]

    def covered(self, index: int, text: str) -> tuple[np.ndarray, np.ndarray]:
        """(unit starts, covered flags) of a document."""
        if index not in self._covered:
            u = self.units_of(text)
            k = self.options.params(language(u, text)).k
            flags = np.zeros(len(u), dtype=bool)
            if len(u) >= k:
                hits = np.isin(self.kgram_hashes(u.hashes, k), self._template_kgrams(k))
                for offset in range(k):  # a unit is covered when any k-gram holding it is
                    flags[offset:offset + len(hits)] |= hits
            self._covered[index] = (u.starts, flags)
        return self._covered[index]

    def share(self, index: int, text: str, span: Span) -> float:
        starts, flags = self.covered(index, text)
        lo, hi = np.searchsorted(starts, [span.start, span.end])
        return float(flags[lo:hi].mean()) if hi > lo else 0.0


def attribute(
    documents: Sequence[Document],
    pairs: Sequence[PairResult],
    options: CheckOptions,
    template: Document | None = None,
    analyses: Analyses | None = None,
) -> list[PairResult]:
    """The pairs with every Match's `attribution` set."""
    analyses = analyses or Analyses.of(documents)
    templ = _Template(template, options) if template is not None else None
    out = []
    for pair in pairs:
        if not pair.matches:
            out.append(pair)
            continue
        matches = []
        for m in pair.matches:
            cls = _class(m, pair.left, pair.right, documents, analyses, templ)
            matches.append(m if m.attribution == cls else replace(m, attribution=cls))
        out.append(replace(pair, matches=tuple(matches)))
    return out


def side_classes(match: Match, left: int, right: int, analyses: Analyses) -> tuple[str, str]:
    """The class of each side of a passage in its own document (`template` kept from the match)."""
    if match.attribution == "template":
        return "template", "template"
    return analyses[left].side_class(match.left), analyses[right].side_class(match.right)


def _class(m: Match, i: int, j: int, documents, analyses: Analyses, templ: _Template | None) -> str:
    if templ is not None and min(templ.share(i, documents[i].text, m.left),
                                 templ.share(j, documents[j].text, m.right)) >= TEMPLATE_SHARE:
        return "template"
    return match_class(analyses[i].side_class(m.left), analyses[j].side_class(m.right))


def passage_classes(left: Document, right: Document, pair: PairResult) -> tuple[list[str], list[str]]:
    """The class of every passage of `pair` in the left and in the right document's own text."""
    found = {pair.left: analyse(left), pair.right: analyse(right)}
    classes = [side_classes(m, pair.left, pair.right, found) for m in pair.matches]
    return [c[0] for c in classes], [c[1] for c in classes]
