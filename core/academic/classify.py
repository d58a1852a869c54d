"""Set `Match.attribution` on every passage of a check (see attribution.py for the rules).

A citation credits only the paragraph it is in: a passage that runs from an uncredited
paragraph into a cited one (`Attribution.credit_breaks`) is cut at that paragraph break into
two passages, each classed on its own; nothing is cut where no citation is involved. A passage
that cannot be cut so (a piece would be too short on the other side) is not classed cited
(`Attribution.side_class`).

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

from core.academic.attribution import ADJACENT, PART_CJK, PART_WORDS, Attribution, analyse, match_class
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
        self._same: dict[tuple, Attribution] = {}  # identical documents share one analysis
        self._readers: dict[int, Attribution] = {}
        self._known: dict = {}  # what the analyses found in paragraphs, shared (attribution.analyse)
        self._by_reading: dict[tuple, Attribution] = {}

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
            document = self.documents[index]
            same = (document.format, document.layout, document.text)
            found = self._same.get(same)
            if found is None:
                found = self._same[same] = analyse(document, self._known)
            self._done[index] = found
        return found

    def reader(self, index: int) -> Attribution:
        """The analysis that classes the spans of document `index`: one for all documents that
        read alike (`Attribution.reading`: copies saved with different white space at their
        end), so a passage they share is classed once. Figures of the whole document (its
        characters, sections) come from its own analysis, `self[index]`."""
        found = self._readers.get(index)
        if found is None:
            own = self[index]
            found = self._readers[index] = self._by_reading.setdefault(own.reading, own)
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
    reader = analyses.reader
    out = []
    # copies of a pair (documents that read alike) share their readers and their passages'
    # tuple (copies.spread): keyed by identity, so no passage is hashed; None: none changed
    done: dict[tuple[int, int, int], tuple[Match, ...] | None] = {}
    for pair in pairs:
        if not pair.matches:
            out.append(pair)
            continue
        a, b = reader(pair.left), reader(pair.right)
        key = (id(a), id(b), id(pair.matches))
        if key in done:
            matches = done[key]
        else:
            matches = done[key] = _classed(pair, a, b, documents, templ)
        out.append(pair if matches is None else replace(pair, matches=matches))
    return out


def _classed(pair: PairResult, a: Attribution, b: Attribution, documents,
             templ: _Template | None) -> tuple[Match, ...] | None:
    """The pair's passages cut where a citation's credit stops and classed (`a`, `b`: the
    readers of its left and right document), or None when no passage changed."""
    # without a citation in either text no side has a credit break (only a citation credits a
    # side), so no passage is cut and each side's class is its span's: `_passage` in short
    plain = templ is None and not a.citations and not b.citations
    if plain and len(pair.matches) == 1:  # most pairs of a class (near copies: all of them)
        whole = pair.matches[0]
        cls = match_class(a.side_class(whole.left), b.side_class(whole.right))
        return None if whole.attribution == cls else (replace(whole, attribution=cls),)
    matches = []
    for whole in pair.matches:
        if plain:
            cls = match_class(a.side_class(whole.left), b.side_class(whole.right))
            matches.append(whole if whole.attribution == cls else replace(whole, attribution=cls))
        else:
            matches += _passage(whole, pair, a, b, documents, templ)
    if len(matches) == len(pair.matches) and all(m is n for m, n in zip(matches, pair.matches)):
        return None
    return tuple(matches)


def _passage(whole: Match, pair: PairResult, a: Attribution, b: Attribution, documents,
             templ: _Template | None) -> list[Match]:
    """One passage of the pair cut where a citation's credit stops, each piece classed."""
    pieces = _cut(whole, a, b)
    classes = [_class(m, pair.left, pair.right, a, b, documents, templ) for m in pieces]
    if len(pieces) > 1 and len(set(classes)) == 1:  # the cut separates nothing
        pieces, classes = [whole], [_class(whole, pair.left, pair.right, a, b, documents, templ)]
    return [m if m.attribution == cls else replace(m, attribution=cls) for m, cls in zip(pieces, classes)]


def _cut(m: Match, a: Attribution, b: Attribution) -> list[Match]:
    """The passage cut at the paragraph breaks where a citation's credit stops, on the one side
    whose citation credits part of it (the other side is cut where the units taken before the
    break end). Whole when neither side has such a break, when both have (the citation was
    copied with the text: it credits nothing one document did not take from the other), and
    by `_pieces` when a piece would be too short or the credit is not the passage's own
    (`a`, `b`: the readers of the left and the right document)."""
    left, right = a.credit_breaks(m.left), b.credit_breaks(m.right)
    if bool(left) == bool(right):
        return [m]
    side, breaks = ("left", left) if left else ("right", right)
    return _pieces(m, side, breaks, a, b)


def _pieces(m: Match, side: str, breaks: list[tuple[int, int]], left_doc: Attribution,
            right_doc: Attribution) -> list[Match]:
    """The pieces of `m` cut at `breaks` (paragraph breaks on `side`), or [m] when a piece
    would be shorter than a part that counts on the other side, when a credited piece has no
    citation of its own (a mark in the text it took or right after it), or when the other text
    carries the same marks."""
    flip = side == "right"  # work as if the cited side were the left one
    a_span, b_span = (m.right, m.left) if flip else (m.left, m.right)
    left_text, right_text = left_doc.text, right_doc.text
    a_text, b_text = (right_text, left_text) if flip else (left_text, right_text)
    a_changes, b_changes = (m.right_changes, m.left_changes) if flip else (m.left_changes, m.right_changes)
    a_units = units(a_text[a_span.start:a_span.end])
    b_units = units(b_text[b_span.start:b_span.end])
    a_taken = _taken(a_units.starts + a_span.start, a_changes)
    b_taken = np.flatnonzero(_taken(b_units.starts + b_span.start, b_changes))
    cuts = []  # (a end, a start, b end, b start) of each cut, absolute offsets
    for end, start in breaks:
        # the units taken before the break are paired in order with the other side's
        taken = int(a_taken[:int(np.searchsorted(a_units.starts, end - a_span.start))].sum())
        if taken == 0 or taken >= len(b_taken):
            return [m]
        last = int(b_taken[taken - 1])  # the other side's last unit before the break
        b_end, b_next = b_span.start + int(b_units.ends[last]), b_span.start + int(b_units.starts[last + 1])
        while b_end < b_next and not b_text[b_end].isspace():
            b_end += 1  # the sentence's closing mark goes with it
        cuts.append((end, start, b_end, b_next))
    bounds_a = [a_span.start] + [x for c in cuts for x in c[:2]] + [a_span.end]
    bounds_b = [b_span.start] + [x for c in cuts for x in c[2:]] + [b_span.end]
    a_doc, b_doc = (right_doc, left_doc) if flip else (left_doc, right_doc)
    pieces, copied_credit = [], True
    for k in range(0, len(bounds_a), 2):
        a_piece, b_piece = Span(bounds_a[k], bounds_a[k + 1]), Span(bounds_b[k], bounds_b[k + 1])
        cjk, words = b_doc.count.units(b_piece.start, b_piece.end)
        if not (cjk >= PART_CJK if cjk >= words else cjk + words >= PART_WORDS):
            return [m]  # a piece too short on the other side: the passage stays whole
        if a_doc.credited(a_piece.start, a_piece.end):
            marks = a_doc.credit_marks(a_piece.start, a_piece.end)
            # a credit the passage itself carries: a mark in the text it took, or right after it
            # (a mark in a sentence it only touches, or in its changes, credits nothing it took)
            own = [c for c in marks if a_piece.start <= c.start <= a_piece.end + ADJACENT
                   and not any(x.start <= c.start < x.end for x in a_changes)]
            if not own:
                return [m]
            # ... that the other text does not carry too (else it came with the copied text)
            window = b_doc.text[max(0, b_piece.start - ADJACENT):b_piece.end + 2 * ADJACENT + 8]
            copied_credit &= all(a_doc.text[c.start:c.end] in window for c in own)
        pa, pb = _clip(a_changes, a_piece), _clip(b_changes, b_piece)
        left, right, lc, rc = (b_piece, a_piece, pb, pa) if flip else (a_piece, b_piece, pa, pb)
        n = len(units(left_text[left.start:left.end]))
        pieces.append(replace(m, left=left, right=right, units=n, left_changes=lc, right_changes=rc))
    # the other text has the citations too: they came with the copied text and credit
    # nothing one document did not take from the other
    return [m] if copied_credit else pieces


def _taken(starts: np.ndarray, changes: tuple[Span, ...]) -> np.ndarray:
    """Which units (by their start offsets) the passage took: those in none of its changes
    (the in-passage alignment's marks, core.matching.alignment)."""
    out = np.ones(len(starts), dtype=bool)
    for c in changes:
        out[int(np.searchsorted(starts, c.start)):int(np.searchsorted(starts, c.end))] = False
    return out


def _clip(changes: tuple[Span, ...], span: Span) -> tuple[Span, ...]:
    """The changes inside a piece, cut to it."""
    return tuple(Span(max(c.start, span.start), min(c.end, span.end)) for c in changes
                 if c.start < span.end and c.end > span.start)


def side_classes(match: Match, left: int, right: int, analyses: Analyses) -> tuple[str, str]:
    """The class of each side of a passage in its own document (`template` kept from the match)."""
    if match.attribution == "template":
        return "template", "template"
    return analyses.reader(left).side_class(match.left), analyses.reader(right).side_class(match.right)


def sides_found(pairs: Sequence[PairResult], analyses: Analyses) -> list[tuple[int, int, int, str]]:
    """(document, start, end, class) of each distinct side of the pairs' passages (the template's
    aside): their `side_classes`, for `take_sides` in another process's analyses."""
    found = set()
    for pair in pairs:
        for m in pair.matches:
            if m.attribution != "template":
                found.add((pair.left, m.left.start, m.left.end))
                found.add((pair.right, m.right.start, m.right.end))
    return [(d, start, end, analyses.reader(d).side_class(Span(start, end))) for d, start, end in sorted(found)]


def take_sides(analyses: Analyses, found: Sequence[tuple[int, int, int, str]]) -> None:
    """Keep side classes found by the analyses of the same documents in another process
    (`sides_found`): a side's class reads only its document's reading, which both hold."""
    for d, start, end, cls in found:
        analyses.reader(d).told_side_class(start, end, cls)


def _class(m: Match, i: int, j: int, a: Attribution, b: Attribution, documents, templ: _Template | None) -> str:
    """The class of a passage of documents i and j (`a`, `b`: their readers)."""
    if templ is not None and min(templ.share(i, documents[i].text, m.left),
                                 templ.share(j, documents[j].text, m.right)) >= TEMPLATE_SHARE:
        return "template"
    return match_class(a.side_class(m.left), b.side_class(m.right))


def passage_classes(left: Document, right: Document, pair: PairResult) -> tuple[list[str], list[str]]:
    """The class of every passage of `pair` in the left and in the right document's own text."""
    found = Analyses({pair.left: left, pair.right: right})
    classes = [side_classes(m, pair.left, pair.right, found) for m in pair.matches]
    return [c[0] for c in classes], [c[1] for c in classes]
