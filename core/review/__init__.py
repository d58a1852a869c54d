"""Reviewing a whole class: groups and likely sources, seriation, short names, per-student
figures and verdicts. Python and numpy (networkx lays out the graph view); never imports Qt.

What the GUI and the reports use is exported here (the modules inside are internal), each
imported on first use (core/lazy.py): the window imports this package for short names and
verdicts without loading the review's engines.
"""

from core.lazy import lazy_exports

__getattr__, __dir__, __all__ = lazy_exports(__name__, {
    "core.review.analysis": ("Analysis", "analyse"),
    "core.review.groups": ("REASONS", "SOURCE_COVER", "GroupDetail", "find_groups", "group_details"),
    "core.review.names": ("short_names",),
    "core.review.seriation": ("order_documents",),
    "core.review.students": ("SourceShare", "StudentSummary", "student_summaries", "student_summary"),
    "core.review.summary": ("ReviewData", "at_threshold", "review"),
    "core.review.verdicts": ("UNREVIEWED", "Verdicts", "document_key", "pair_key"),
})
