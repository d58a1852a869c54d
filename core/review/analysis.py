"""A report's review and its documents' figures, computed at the end of the job that made it.

Why together, and there: computed on a thread beside the window once the report was shown,
they held the interpreter lock while the window painted tables of 5,000 pairs, and every
call a paint makes into a Python table model waited its turn for the lock (GUI stalls of
110-220 ms at 500 documents, bench/review_bench.py). A check and an opened saved check now
end with this step, while the window shows only their progress, so the report arrives with
everything its views read and nothing competes with the paints. A saved check is opened and
analysed in a child process (`open_analysed`): the window stays on screen meanwhile, and the
progress dialog appearing over it repaints all of it.
"""

from __future__ import annotations

import os
from collections.abc import Generator
from dataclasses import dataclass, replace

from core.academic import FigureTable
from core.models import Progress, Report
from core.review.summary import REVIEW_STEPS, ReviewData, at_threshold, review

__all__ = ["Analysis", "analyse", "figure_table", "open_analysed"]


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


def open_analysed(path: str | os.PathLike, display_threshold: float | None = None
                  ) -> Generator[Progress, None, tuple]:
    """(core.store.saved.SavedCheck, Analysis): a saved check and its analysis. The analysis is
    computed in a child process (core/child_process.py) that reads the file too; then the file
    is read here, which is cheaper than receiving the child's report (0.3 s against 0.7 s of
    unpickling at 500 documents), and leaves this process idle while the child works."""
    from core.child_process import in_child
    from core.steps import placed
    from core.store.saved import open_check_steps

    data, figures = yield from placed(in_child(_analyse_saved, os.fspath(path), display_threshold,
                                               stage="opening", name="plagscope-open"), 0.0, 0.9)
    saved = yield from placed(open_check_steps(path), 0.9, 1.0)
    report = saved.report
    return saved, Analysis(replace(data, report=at_threshold(report, display_threshold)),
                           FigureTable.of(report, figures))


def _analyse_saved(path: str, display_threshold: float | None):
    """In the child: the review of a saved check without its report (the caller reads that
    from the file) and every document's figures."""
    from core.store.saved import open_check_steps

    saved = yield from open_check_steps(path)
    analysis = yield from analyse(saved.report, display_threshold)
    return replace(analysis.review, report=None), analysis.figures.computed()
