"""A report's review and its documents' figures, computed at the end of the job that made it.

Why together, and there: computed on a thread beside the window once the report was shown,
they held the interpreter lock while the window painted tables of 5,000 pairs, and every
call a paint makes into a Python table model waited its turn for the lock (GUI stalls of
110-220 ms at 500 documents, bench/review_bench.py). A check and an opened saved check now
end with this step, while the window shows only their progress, so the report arrives with
everything its views read and nothing competes with the paints. A saved check is opened and
analysed in a child process (`open_analysed`): the window stays on screen meanwhile, and the
progress dialog appearing over it repaints all of it. A class is checked in a child process
too (`check_analysed_in_child`): comparing 5,000 pairs is seconds of Python, and the table a
reviewer scrolls meanwhile froze 100-155 ms at a time beside it (bench/review_bench.py).
"""

from __future__ import annotations

import os
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass, replace

from core.academic import FigureTable
from core.models import Document, FileError, Progress, Report
from core.options import CheckOptions
from core.review.summary import REVIEW_STEPS, ReviewData, at_threshold, review

__all__ = ["Analysis", "analyse", "check_analysed", "check_analysed_in_child", "figure_table", "open_analysed"]


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
    """(core.store.saved.SavedCheck, Analysis): a saved check and its analysis, both read and
    computed in a child process (core/child_process.py), the report sent back in pieces. Reading
    the file here instead took less time in all (0.3 s against 0.7 s of unpickling at 500
    documents) but in steps of 500 pairs that held this process's interpreter lock while the
    window repainted under the progress dialog (stalls of 85-124 ms, bench/review_bench.py);
    a piece of 50 pairs takes a few milliseconds."""
    from core.child_process import in_child
    from core.store.saved import SavedCheck

    report, verdicts, seconds, data, figures = yield from in_child(
        _analyse_saved, os.fspath(path), display_threshold, stage="opening", name="plagscope-open")
    return SavedCheck(report, verdicts, seconds), _bound(report, data, figures, display_threshold)


def _bound(report: Report, data: ReviewData, figures, display_threshold: float | None) -> Analysis:
    """The analysis a child computed (its review without the report, every document's
    figures) bound to `report` as received here: the views compare by identity."""
    return Analysis(replace(data, report=at_threshold(report, display_threshold)), FigureTable.of(report, figures))


def _analyse_saved(path: str, display_threshold: float | None):
    """In the child: the saved check, and its review (without the report, which crosses once)
    and every document's figures."""
    from core.child_process import Batched
    from core.store.saved import open_check_steps

    saved = yield from open_check_steps(path)
    analysis = yield from analyse(saved.report, display_threshold)
    return (saved.report, saved.verdicts, saved.seconds, replace(analysis.review, report=None),
            Batched(analysis.figures.computed()))


def check_analysed(documents: Sequence[Document], options: CheckOptions, *, template: Document | None = None,
                   errors: Iterable[FileError] = (), archive: str | None = None, cache=None
                   ) -> Generator[Progress, None, tuple[Report, Analysis]]:
    """(Report, Analysis): `documents` checked with each other, and with the archive at the
    location `archive` when given (core.store.open_store), then analysed at the check's display
    threshold; `cache`, a ProfileCache, serves and keeps their profiles."""
    if archive is None:
        from core.pipeline import check_documents

        report = yield from check_documents(documents, options, template=template, errors=errors, cache=cache)
    else:
        from core.store import open_store
        from core.store.archive import check_against_archive

        with open_store(archive) as store:
            report = yield from check_against_archive(documents, options, store, template=template,
                                                      errors=errors, cache=cache)
    return report, (yield from analyse(report, options.display_threshold))


def check_analysed_in_child(documents: Sequence[Document], options: CheckOptions, *,
                            template: Document | None = None, errors: Iterable[FileError] = (),
                            archive: str | None = None, cache=None
                            ) -> Generator[Progress, None, tuple[Report, Analysis]]:
    """`check_analysed` in a child process (core/child_process.py): this process sends the
    documents and the profiles `cache` holds of them, then receives the report, its analysis
    and the profiles the child computed (kept in `cache` for the next check), all in pieces.
    Checked here when the inputs cannot be sent."""
    from core.child_process import Batched, in_child

    cached = cache.about(d.key for d in documents) if cache is not None else []
    report, data, figures, computed = yield from in_child(
        _check_in_child, Batched(documents), options, template, tuple(errors), archive, Batched(cached),
        stage="fingerprinting", name="plagscope-check", or_here=True)
    if cache is not None:
        cache.update(computed)
    return report, _bound(report, data, figures, options.display_threshold)


def _check_in_child(documents, options, template, errors, archive, cached):
    """In the child: `check_analysed`, returning the review without its report (the report
    crosses once, in pieces), every document's figures and the profiles computed here."""
    from core.child_process import Batched
    from core.engine.profile import ProfileCache

    cache = ProfileCache()
    cache.update(cached)
    known = {key for key, _ in cached}
    report, analysis = yield from check_analysed(list(documents), options, template=template, errors=errors,
                                                 archive=archive, cache=cache)
    return (report, replace(analysis.review, report=None), Batched(analysis.figures.computed()),
            Batched((key, value) for key, value in cache.items() if key not in known))
