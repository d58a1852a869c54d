"""Everything the review views show, computed once per report (off the GUI thread).

`review(report)` is a progress generator returning `ReviewData`: the groups with their
likely sources, the seriation order, the short names, the per-student summaries and the
graph positions. The display threshold decides what is flagged, so a caller whose
threshold differs from the check's passes it.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, replace

from core.models import Progress, Report
from core.review.groups import GroupDetail, group_details
from core.review.layout import graph_layout
from core.review.names import short_names
from core.review.seriation import order_documents
from core.review.students import StudentSummary, each_student_summary, reflagged

__all__ = ["REVIEW_STEPS", "ReviewData", "at_threshold", "review"]

#: The progress steps of `review`.
REVIEW_STEPS = 4


@dataclass(frozen=True)
class ReviewData:
    """The review of one report (its options' display threshold decides the groups)."""

    report: Report
    details: tuple[GroupDetail, ...]
    order: tuple[int, ...]
    names: tuple[str, ...]
    students: tuple[StudentSummary, ...]
    positions: dict[int, tuple[float, float]]

    def group_of(self, document: int) -> int | None:
        """The position in `details` of the group a document belongs to, if any."""
        return self._group_of.get(document)

    @property
    def _group_of(self) -> dict[int, int]:
        cache = self.__dict__.get("_groups_cache")
        if cache is None:
            cache = {m: g for g, d in enumerate(self.details) for m in d.members}
            self.__dict__["_groups_cache"] = cache
        return cache

    @property
    def copy_pairs(self) -> frozenset[int]:
        """Indexes of the copy-vs-copy pairs (shown under their group, not as findings)."""
        return frozenset(k for d in self.details for k in d.copy_pairs)


def at_threshold(report: Report, display_threshold: float | None) -> Report:
    """`report` with `display_threshold` as its options' (itself when that is already so, or None)."""
    if display_threshold is None or display_threshold == report.options.display_threshold:
        return report
    return replace(report, options=report.options.with_changes(display_threshold=display_threshold))


def review(report: Report, display_threshold: float | None = None, *, total: int = REVIEW_STEPS,
           previous: ReviewData | None = None) -> Generator[Progress, None, ReviewData]:
    """The review of `report` (with `display_threshold` instead of the check's, if given);
    its Progress counts to REVIEW_STEPS of `total` (a longer job's). `previous`, a review of the
    same report at another threshold, lends what the threshold does not change (the names and
    the per-student figures: most of the work)."""
    report = at_threshold(report, display_threshold)
    if previous is not None and not _same_but_threshold(previous.report, report):
        previous = None
    yield Progress("reviewing", 0, total)
    details = tuple(group_details(report))
    yield Progress("reviewing", 1, total)
    order = tuple(order_documents(report, details))
    names = previous.names if previous else tuple(short_names([d.name for d in report.documents],
                                                                [d.path for d in report.documents]))
    yield Progress("reviewing", 2, total)
    if previous:
        students = reflagged(previous.students, report)
    else:
        found = []
        for summary in each_student_summary(report):  # the longest step: a yield every 10 documents
            found.append(summary)
            if len(found) % 10 == 0:
                yield Progress("reviewing", 2, total)
        students = tuple(found)
    yield Progress("reviewing", 3, total)
    positions = graph_layout(report, details)
    yield Progress("reviewing", 4, total)
    return ReviewData(report, details, order, names, students, positions)


def _same_but_threshold(a: Report, b: Report) -> bool:
    """Whether two reports are the same results, their display thresholds aside."""
    return (a.documents is b.documents and a.pairs is b.pairs
            and a.options.with_changes(display_threshold=b.options.display_threshold) == b.options)
