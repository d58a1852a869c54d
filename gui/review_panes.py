"""The review panes wired into the main window: Groups, Graph and Student views beside
Pairs and Heat Map, group order for the heat map and the pair table, verdicts in the lists.

The window creates one `ReviewPanes` with the panes it keeps in step (the pair table, the
document list, the heat map, the result tabs); the views themselves live in `gui.widgets`
(groups_view, graph_view, student_view) and the data in `gui.review.Review`.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMenu, QWidget

from .actions import Actions
from .review import Review
from .widgets.graph_view import GraphView
from .widgets.groups_view import GroupsView
from .widgets.student_view import StudentView
from .widgets.verdict_menu import add_verdict_actions


class ReviewPanes(QObject):
    """Builds the review views, adds them as result views and keeps the other panes in step."""

    def __init__(self, session: QObject, pairs, documents, heat_map, tabs, parent: QWidget):
        """`pairs`, `documents`, `heat_map`, `tabs`: the window's PairTable, DocumentList,
        HeatMap and ResultTabs, which the review's data is shown in and ordered by."""
        super().__init__(parent)
        self.session, self.pairs, self.documents, self.heat_map, self.tabs = session, pairs, documents, heat_map, tabs
        self.parent_widget = parent
        self.actions: Actions | None = None
        self.review = Review(session, parent)
        self.groups_view = GroupsView(self.review)
        self.graph_view = GraphView(self.review)
        self.student_view = StudentView(self.review)
        pairs.review = self.review
        pairs.model.name_of = self.review.name
        pairs.model.hover_of = self.review.hover
        pairs.model.verdict_of = self.review.pair_verdict
        documents.model.verdict_of = self._entry_verdict

    def add_views(self) -> None:
        """Groups after Pairs, Graph and Student after the Heat Map."""
        tabs = self.tabs
        tabs.add_view(self.groups_view, lambda: self.tr("Groups"), position=tabs.indexOf(self.pairs) + 1)
        tabs.add_view(self.graph_view, lambda: self.tr("Graph"))
        tabs.add_view(self.student_view, lambda: self.tr("Student"))

    def connect(self, actions: Actions, open_pair: Callable[[int], object]) -> None:
        """Wire the views: a pair opens through `open_pair`; the document list's Verdict action
        joins `actions`."""
        self.actions = actions
        self.review.changed.connect(self._review_ready)
        self.review.verdictsChanged.connect(self._verdicts_changed)
        self.groups_view.pairActivated.connect(open_pair)
        self.groups_view.documentActivated.connect(self.open_student)
        self.graph_view.documentActivated.connect(self.open_student)
        self.student_view.pairActivated.connect(open_pair)
        # the document list's context menu: a verdict on the current document, as in the
        # Student tab and the Groups view
        self.document_verdict_menu = QMenu(self.documents.view)
        self.document_verdict_menu.aboutToShow.connect(self._fill_document_verdicts)
        action = actions.add("document_verdict", None, widget=self.documents.view, texts=lambda: (
            self.tr("&Verdict"), self.tr("Mark the selected document as confirmed, suspicious or not "
                                         "plagiarism, with a note")))
        action.setMenu(self.document_verdict_menu)
        self.documents.selectionChanged.connect(self._update_document_verdict_action)
        self.session.checkFinished.connect(self._update_document_verdict_action)
        self._update_document_verdict_action()

    def order_heat_map(self) -> None:
        """Rows of the heat map in group order, when the review of its report is ready."""
        data = self.review.data
        report = self.heat_map.report
        if data is None or report is None or data.report.documents is not report.documents:
            return
        blocks, row = [], 0
        for d in data.details:
            blocks.append((row, d.size))
            row += d.size
        self.heat_map.set_order(data.order, blocks, data.names)

    def _review_ready(self) -> None:
        """The groups, order and short names of the report are ready: order the heat map,
        show the groups in the pair table."""
        data = self.review.data
        if data is None or self.pairs.report is None or data.report.pairs is not self.pairs.report.pairs:
            return
        self.order_heat_map()
        groups = {}
        for g, d in enumerate(data.details):
            copies = set(d.copy_pairs)
            for k in d.pairs:
                p = data.report.pairs[k]
                groups[(p.left, p.right)] = (g, k in copies)
        self.pairs.set_review(groups)
        self.documents.view.viewport().update()  # short names

    def _verdicts_changed(self) -> None:
        """Only the rows whose verdict changed are updated (a verdict at 5,000 pairs: a row)."""
        review = self.review
        changed_pairs, changed_documents = review.changed_pairs, review.changed_documents
        if changed_pairs is None or len(changed_pairs) > 200:
            self.pairs.refilter()
        elif changed_pairs:
            self.pairs.refilter(review.pair_indexes(changed_pairs))
        if changed_documents is None or len(changed_documents) > 200:
            self.documents.model.restyle()
        elif changed_documents:
            self.documents.model.verdicts_changed(changed_documents)

    def _entry_verdict(self, entry):
        return self.review.document_verdict_by_key(entry.document.key)

    def _document_of_list(self) -> int | None:
        """The last report's index of the document current in the document list, if checked."""
        path = self.documents.current_path()
        return self.session.report_index(path) if path is not None else None

    def _update_document_verdict_action(self, *_args) -> None:
        if self.actions is not None:
            self.actions.document_verdict.setEnabled(self._document_of_list() is not None)

    def _fill_document_verdicts(self) -> None:
        menu = self.document_verdict_menu
        menu.clear()
        document, report = self._document_of_list(), self.session.report
        if document is None or report is None:
            return
        add_verdict_actions(menu, self.review.document_verdict(document, report),
                            lambda v: self.review.set_document_verdict(document, v, report), self.parent_widget)

    def open_student(self, document: int) -> QWidget:
        """Show one document in the per-student view."""
        self.tabs.setCurrentWidget(self.student_view)
        self.student_view.show_document(document)
        return self.student_view
