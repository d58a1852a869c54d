"""Issue 13's review panes wired into the main window: Groups, Graph and Student views beside
Pairs and Heat Map, group order for the heat map and the pair table, verdicts in the lists.

The window creates one `ReviewPanes(window)`; the views themselves live in `gui.widgets`
(groups_view, graph_view, student_view) and the data in `gui.review.Review`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from .review import Review
from .widgets.graph_view import GraphView
from .widgets.groups_view import GroupsView
from .widgets.student_view import StudentView

if TYPE_CHECKING:
    from .main_window import MainWindow


class ReviewPanes(QObject):
    """Builds the review views, adds them as result views and keeps the other panes in step."""

    def __init__(self, window: MainWindow):
        super().__init__(window)
        self.window = w = window
        self.review = Review(w.session, w)
        self.groups_view = GroupsView(self.review)
        self.graph_view = GraphView(self.review)
        self.student_view = StudentView(self.review)
        w.pairs.review = self.review
        w.pairs.model.name_of = self.review.name
        w.pairs.model.hover_of = self.review.hover
        w.pairs.model.verdict_of = self.review.pair_verdict
        w.documents.model.verdict_of = self._entry_verdict

    def add_views(self) -> None:
        """Groups after Pairs, Graph and Student after the Heat Map."""
        tabs = self.window.tabs
        tabs.add_view(self.groups_view, lambda: self.tr("Groups"), position=tabs.indexOf(self.window.pairs) + 1)
        tabs.add_view(self.graph_view, lambda: self.tr("Graph"))
        tabs.add_view(self.student_view, lambda: self.tr("Student"))

    def connect(self) -> None:
        w = self.window
        self.review.changed.connect(self._review_ready)
        self.review.verdictsChanged.connect(self._verdicts_changed)
        self.groups_view.pairActivated.connect(w.open_pair)
        self.groups_view.documentActivated.connect(self.open_student)
        self.graph_view.documentActivated.connect(self.open_student)
        self.student_view.pairActivated.connect(w.open_pair)

    def _review_ready(self) -> None:
        """The groups, order and short names of the report are ready: order the heat map."""
        w, data = self.window, self.review.data
        report = w.heat_map.report
        if data is None or report is None or data.report.documents is not report.documents:
            return
        blocks, row = [], 0
        for d in data.details:
            blocks.append((row, d.size))
            row += d.size
        w.heat_map.set_order(data.order, blocks, data.names)
        groups = {}
        for g, d in enumerate(data.details):
            copies = set(d.copy_pairs)
            for k in d.pairs:
                p = data.report.pairs[k]
                groups[(p.left, p.right)] = (g, k in copies)
        w.pairs.model.set_review(groups)
        self._verdicts_changed()

    def _verdicts_changed(self) -> None:
        self.window.pairs.refilter()
        self.window.documents.model.restyle()

    def _entry_verdict(self, entry):
        return self.review.document_verdict_by_key(entry.document.key)

    def open_student(self, document: int) -> QWidget:
        """Show one document in the per-student view."""
        self.window.tabs.setCurrentWidget(self.student_view)
        self.student_view.show_document(document)
        return self.student_view
