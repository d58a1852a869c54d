"""Reviewing a whole class: groups and likely sources, seriation, short names, per-student
figures and verdicts. Pure Python (networkx for the graph); never imports Qt.

What the GUI and the reports use is exported here (the modules inside are internal), each
imported on first use (core/lazy.py): the window imports this package for short names and
verdicts without loading the engines.
"""

from typing import TYPE_CHECKING

from core.lazy import lazy_exports

if TYPE_CHECKING:
    from core.review.analysis import Analysis, analyse
    from core.review.groups import (
        REASONS,
        SOURCE_COVER,
        GroupDetail,
        find_groups,
        group_details,
    )
    from core.review.names import short_names
    from core.review.seriation import order_documents
    from core.review.students import (
        SourceShare,
        StudentSummary,
        student_summaries,
        student_summary,
    )
    from core.review.summary import ReviewData, at_threshold, review
    from core.review.verdicts import UNREVIEWED, Verdicts, document_key, pair_key

__all__ = [
    "REASONS",
    "SOURCE_COVER",
    "UNREVIEWED",
    "Analysis",
    "GroupDetail",
    "ReviewData",
    "SourceShare",
    "StudentSummary",
    "Verdicts",
    "analyse",
    "at_threshold",
    "document_key",
    "find_groups",
    "group_details",
    "order_documents",
    "pair_key",
    "review",
    "short_names",
    "student_summaries",
    "student_summary",
]

__getattr__, __dir__ = lazy_exports(__name__, __file__)
