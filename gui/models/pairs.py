"""The ranked pairs of a report as table rows, and the filter that hides pairs below a threshold."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from core import rules
from core.display import safe_name
from core.models import PairResult, Report, Verdict
from gui.archive_marks import archive_mark, shown_name

from .. import icons
from ..widgets.verdict_menu import verdict_cell, verdict_tooltip
from .table import KEY_ROLE, RIGHT, SORT_ROLE, Column, ColumnTableModel, SortFilterProxy

PAIR_ROLE = KEY_ROLE  # index of the pair in Report.pairs

NEAR_DUPLICATE_BACKGROUND = QColor("#fde2c8")
NEAR_DUPLICATE_TEXT = QColor("#8a3b00")


def percent(fraction: float) -> str:
    return f"{fraction * 100:.1f}%"


def kind_text(kind: str) -> str:
    """A pair's kind (core.evidence.PAIR_KINDS) as the reader's language says it ("" for none)."""
    translate = QCoreApplication.translate
    texts = {"verbatim": translate("PairModel", "Verbatim"),
             "edited": translate("PairModel", "Edited copy"),
             "translation": translate("PairModel", "Translation"),
             "paraphrase": translate("PairModel", "Paraphrase"),
             "quoted": translate("PairModel", "Quoted"),
             "cited": translate("PairModel", "Cited"),
             "quoted_cited": translate("PairModel", "Quoted and cited"),
             "references": translate("PairModel", "References"),
             "template": translate("PairModel", "Template")}
    return texts.get(kind, "")


class PairModel(ColumnTableModel[PairResult]):
    """One row per pair of the report, in the report's order (highest copied share first)."""

    (LEFT, RIGHT, COPIED, KIND, SIMILARITY, MEANING, HAMMING, LEFT_COVERAGE, RIGHT_COVERAGE, LONGEST,
     GROUP, VERDICT) = range(12)
    COLUMNS = 12

    def __init__(self, parent=None):
        super().__init__(parent)
        self.report: Report | None = None
        self.hamming_threshold = 3
        # review (gui/review.py): short names, each pair's group, verdicts; None until wired
        self.name_of: Callable[[int], str] | None = None
        self.hover_of: Callable[[int], str] | None = None
        self.groups: dict[tuple[int, int], tuple[int, bool]] = {}  # (left, right) -> (group, copy vs copy)
        self.verdict_of: Callable[[PairResult], Verdict] | None = None

    def make_columns(self) -> list[Column[PairResult]]:
        def name(side: str):
            return lambda p: self._name(getattr(p, side))

        def name_key(side: str):
            return lambda p: self._name(getattr(p, side)).casefold()

        def figure(header, tip, text, key):
            return Column(header, text, key, tip, alignment=RIGHT)

        return [
            Column(lambda: self.tr("Left"), name("left"), name_key("left"),
                   lambda: self.tr("First document of the pair"),
                   decoration=lambda p: icons.icon("near_duplicate") if self.is_near_duplicate(p) else None),
            Column(lambda: self.tr("Right"), name("right"), name_key("right"),
                   lambda: self.tr("Second document of the pair")),
            figure(lambda: self.tr("Copied"),
                   lambda: self.tr("Text taken in any form (verbatim, edited, translated, paraphrased), "
                                   "each character once: the share of the more-copied document; the "
                                   "pairs are ranked by it"),
                   lambda p: percent(p.copied), lambda p: p.copied),
            Column(lambda: self.tr("Kind"), self.kind_text, self.kind_text,
                   lambda: self.tr("How the text was taken: verbatim, edited copy, translation or "
                                   "paraphrase (or quoted, cited, references, template when all of "
                                   "it is credited)")),
            figure(lambda: self.tr("Similarity"),
                   lambda: self.tr("The verbatim engine's figure: how much of one document is found "
                                   "word for word in the other"),
                   lambda p: percent(p.similarity), lambda p: p.similarity),
            Column(lambda: self.tr("Meaning"), self.meaning_text,
                   lambda p: p.semantic.share if p.semantic is not None else -1.0,
                   lambda: self.tr("Found by meaning (Check > Find Translations and Paraphrases): a "
                                   "translation (different languages) or a paraphrase, and the share "
                                   "of a document's sentences that render the other's where no "
                                   "verbatim passage covers them"),
                   alignment=RIGHT),
            figure(lambda: self.tr("Hamming"),
                   lambda: self.tr("Bits in which the two documents' simhash fingerprints differ (0 = same "
                                   "topic words; small = near-duplicate)"),
                   lambda p: str(p.hamming), lambda p: p.hamming),
            figure(lambda: self.tr("Left coverage"),
                   lambda: self.tr("Share of the left document inside matched passages"),
                   lambda p: percent(p.left_coverage), lambda p: p.left_coverage),
            figure(lambda: self.tr("Right coverage"),
                   lambda: self.tr("Share of the right document inside matched passages"),
                   lambda p: percent(p.right_coverage), lambda p: p.right_coverage),
            figure(lambda: self.tr("Longest passage"),
                   lambda: self.tr("Characters in the longest matched passage"),
                   lambda p: f"{p.longest:,}", lambda p: p.longest),
            Column(lambda: self.tr("Group"), self._group_text, self._group_key,
                   lambda: self.tr("The group of documents the pair belongs to; pairs of two copies "
                                   "are not findings of their own (see the Groups view)")),
            Column(lambda: self.tr("Verdict"), self._verdict_text, self._verdict_text,
                   lambda: self.tr("The reviewer's verdict on the pair (right-click to set)"),
                   tooltip=self._verdict_tip),
        ]

    def kind_text(self, pair: PairResult) -> str:
        return kind_text(pair.kind)

    def meaning_text(self, pair: PairResult) -> str:
        """"Translation 78%" / "Paraphrase 40%" for a pair the semantic layer found, else ""."""
        found = pair.semantic
        if found is None:
            return ""
        kind = self.tr("Translation") if found.kind == "translation" else self.tr("Paraphrase")
        return f"{kind} {found.share * 100:.0f}%"

    # ----- review columns --------------------------------------------------------------------
    def set_review(self, groups: dict[tuple[int, int], tuple[int, bool]]) -> None:
        """Each pair's group and whether it is copy vs copy (from the review of the report).
        No signal: the table repaints, and filters or sorts again only where they depend on
        the groups (gui/widgets/pair_table.py), instead of re-filtering every row."""
        self.groups = groups

    def column_changed(self, column: int) -> None:
        """One column's cells changed (a proxy sorted by another column need not sort again)."""
        if self.rowCount():
            self.dataChanged.emit(self.index(0, column), self.index(self.rowCount() - 1, column))

    def rows_changed(self, rows: list[int], column: int) -> None:
        """One column of some rows changed: a signal for each run of consecutive rows."""
        start = prev = None
        for row in sorted(rows) + [None]:
            if start is not None and (row is None or row != prev + 1):
                self.dataChanged.emit(self.index(start, column), self.index(prev, column))
                start = None
            if row is not None and start is None:
                start = row
            prev = row

    def group(self, pair: PairResult) -> tuple[int, bool] | None:
        return self.groups.get((pair.left, pair.right))

    def _group_text(self, pair: PairResult) -> str:
        g = self.group(pair)
        if g is None:
            return ""
        return f"G{g[0] + 1} · " + self.tr("copy vs copy") if g[1] else f"G{g[0] + 1}"

    def _group_key(self, pair: PairResult):
        g = self.group(pair)
        return (1, 0, 0) if g is None else (0, g[0], g[1])

    def verdict(self, pair: PairResult) -> Verdict:
        return self.verdict_of(pair) if self.verdict_of is not None else Verdict()

    def _verdict_text(self, pair: PairResult) -> str:
        return verdict_cell(self.verdict(pair))

    def _verdict_tip(self, pair: PairResult) -> str:
        return verdict_tooltip(self.verdict(pair))

    def set_report(self, report: Report | None, hamming_threshold: int | None = None) -> None:
        self.report = report
        if hamming_threshold is not None:
            self.hamming_threshold = hamming_threshold
        self.set_rows(report.pairs if report is not None else ())

    def set_hamming_threshold(self, threshold: int) -> None:
        self.hamming_threshold = threshold
        self.restyle()

    def pair(self, row: int) -> PairResult:
        return self.row(row)

    def is_near_duplicate(self, pair: PairResult) -> bool:
        return rules.is_near_duplicate(pair.hamming, self.hamming_threshold)

    def _name(self, doc_index: int) -> str:
        doc = self.report.documents[doc_index]
        if self.name_of is not None:
            return archive_mark(doc) + safe_name(self.name_of(doc_index))
        return shown_name(doc)  # archived sources marked

    def _full(self, doc_index: int) -> str:
        if self.hover_of is not None:
            return safe_name(self.hover_of(doc_index))
        return safe_name(self.report.documents[doc_index].name)

    def row_style(self, pair: PairResult, role: Qt.ItemDataRole):
        if not self.is_near_duplicate(pair):
            return None
        if role == Qt.ItemDataRole.FontRole:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.BackgroundRole:
            return QBrush(NEAR_DUPLICATE_BACKGROUND)
        return QBrush(NEAR_DUPLICATE_TEXT)

    def row_tooltip(self, pair: PairResult) -> str:
        tip = f"{self._full(pair.left)}\n↔\n{self._full(pair.right)}"
        if self.is_near_duplicate(pair):
            tip += "\n" + self.tr("Near-duplicate: the simhash fingerprints differ in only %1 bits "
                                  "(threshold %2)").replace("%1", str(pair.hamming)).replace(
                "%2", str(self.hamming_threshold))
        tip += "\n" + self.tr("%n matched passage(s)", "", len(pair.matches))
        if pair.semantic is not None:
            tip += "\n" + self.tr("%n sentence pair(s) aligned by meaning", "", len(pair.semantic.sentences))
        return tip


#: What the pairs table can be narrowed to, besides the threshold (see PairFilter.show).
SHOW = ("all", "findings", "unreviewed", "confirmed", "suspicious", "not_plagiarism")


class PairFilter(SortFilterProxy):
    """Hides pairs below the similarity threshold; near-duplicates always stay visible.

    `show` narrows further: "findings" leaves out copy-vs-copy pairs (they are listed under
    their group), "unreviewed" pairs without a verdict, or one verdict's pairs.
    """

    def __init__(self, parent=None):
        super().__init__(parent)
        self.threshold = 0.0
        self.show = "all"
        self.setSortRole(SORT_ROLE)

    def set_show(self, show: str) -> None:
        if show not in SHOW:
            raise ValueError(f"unknown pair filter {show!r}")
        self.show = show
        self.refilter()

    def refilter(self) -> None:
        """Verdicts or groups changed: filter again."""
        if hasattr(self, "beginFilterChange"):
            self.beginFilterChange()
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            self.invalidateRowsFilter()

    def set_threshold(self, threshold: float) -> None:
        if threshold == self.threshold:
            return
        if hasattr(self, "beginFilterChange"):  # Qt 6.9+; invalidateFilter() is deprecated there
            self.beginFilterChange()
            self.threshold = threshold
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            self.threshold = threshold
            self.invalidateRowsFilter()

    def filterAcceptsRow(self, source_row: int, source_parent: QModelIndex) -> bool:
        model: PairModel = self.source
        pair = model.pair(source_row)
        if not rules.is_flagged(pair, self.threshold, model.hamming_threshold):
            return False
        if self.show == "all":
            return True
        if self.show == "findings":
            group = model.group(pair)
            return group is None or not group[1]
        status = model.verdict(pair).status
        return status == "" if self.show == "unreviewed" else status == self.show
