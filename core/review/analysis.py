"""A report's review and its documents' figures, computed at the end of the job that made it.

Why together, and there: computed on a thread beside the window once the report was shown,
they held the interpreter lock while the window painted tables of 5,000 pairs, and every
call a paint makes into a Python table model waited its turn for the lock (GUI stalls
at 500 documents, bench/review_bench.py). A check and an opened saved check now
end with this step, while the window shows only their progress, so the report arrives with
everything its views read and nothing competes with the paints (a check asks for it with
core.pipeline.CheckRequest(review=True); a saved check is opened with it by
core.store.saved.open_analysed). Both may run in a child process; `bound` joins what the child
computed to the report received here.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, replace

from core.academic import FigureTable
from core.models import Progress, Report
from core.review.summary import REVIEW_STEPS, ReviewData, at_threshold, review

__all__ = ["Analysis", "analyse", "bound", "figure_table"]


@dataclass(frozen=True)
class Analysis:
    """The review of a report (at one display threshold) and every document's figures."""

    review: ReviewData
    figures: FigureTable

    def serves(self, report: Report, display_threshold: float) -> bool:
        """Whether this is the analysis of `report` at `display_threshold`."""
        return (self.figures.report is report and self.review.report.pairs is report.pairs
                and self.review.report.options.display_threshold == display_threshold)


def figure_table(report: Report, offset: int = 0, total: int | None = None
                 ) -> Generator[Progress, None, FigureTable]:
    """Every document's figures, computed into the table (Progress "reviewing"; `offset` and
    `total` place these steps inside a longer job)."""
    table = FigureTable(report)
    n = len(report.documents)
    total = n if total is None else total
    for i in range(n):
        table[i]  # computed and kept by the table
        yield Progress("reviewing", offset + i + 1, total)
    return table


def analyse(report: Report, display_threshold: float | None = None) -> Generator[Progress, None, Analysis]:
    """The review (with `display_threshold` instead of the check's, if given) and the figures."""
    total = REVIEW_STEPS + len(report.documents)
    data = yield from review(report, display_threshold, total=total)
    table = yield from figure_table(report, REVIEW_STEPS, total)
    return Analysis(data, table)


def bound(report: Report, data: ReviewData, figures, display_threshold: float | None) -> Analysis:
    """The analysis a child computed (its review without the report, every document's
    figures) bound to `report` as received here: the views compare by identity."""
    return Analysis(replace(data, report=at_threshold(report, display_threshold)), FigureTable.of(report, figures))


