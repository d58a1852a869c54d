"""The Groups view: documents linked by flagged pairs, each group with its size, members,
strongest pair and likely source; its pairs underneath (source vs copies, then copy vs copy,
which are not findings of their own). Double-click a pair to compare it, a member to open
its per-student view; right-click either for a verdict.

Group rows are made at once; a group's children only when it is first expanded, so 500
documents in 250 groups open at once.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QLocale, QModelIndex, QObject, QPoint, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QMenu,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

import core.review
from core import messages

from .review_pane import BuiltWhenShown
from .verdict_menu import (
    add_verdict_actions,
    verdict_brush,
    verdict_cell,
    verdict_tooltip,
)

ITEM_ROLE = Qt.ItemDataRole.UserRole + 1  # ("group", g) | ("pair", k) | ("doc", i) | ("part", g)
FILLED_ROLE = Qt.ItemDataRole.UserRole + 2
SOURCE_COLOR = QColor("#8c1d04")
COPY_PAIR_COLOR = QColor("#6c757d")



def _language() -> str:
    return "zh" if QLocale().language() == QLocale.Language.Chinese else "en"


class GroupsView(BuiltWhenShown, QWidget):
    """Groups of documents linked by flagged pairs, largest first."""

    pairActivated = Signal(int)  # index into Report.pairs
    documentActivated = Signal(int)  # index into Report.documents

    GROUP, SIZE, SOURCE, STRONGEST, REVIEWED = range(5)

    def __init__(self, review: QObject, parent: QWidget | None = None):
        super().__init__(parent)
        self.review = review
        self.model = QStandardItemModel(self)
        self.tree = QTreeView()
        self.tree.setObjectName("groupsTree")
        self.tree.setModel(self.model)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._context_menu)
        self.tree.expanded.connect(self._fill)
        self.tree.activated.connect(self._activate)  # a double-click, or Enter
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.summary)
        layout.addWidget(self.tree, 1)
        self.watch(review)

    # ----- building ------------------------------------------------------------------------
    def _headers(self) -> list[str]:
        return [self.tr("Group"), self.tr("Size / similarity"), self.tr("Likely source"), self.tr("Strongest pair"),
                self.tr("Reviewed")]

    def rebuild(self) -> None:
        """All group rows again (children come on expanding)."""
        self.model.clear()
        self.model.setHorizontalHeaderLabels(self._headers())
        data = self.data
        if data is None:
            self.summary.setText(self.tr("Run a check to see the groups of documents that share text."))
            return
        in_groups = sum(d.size for d in data.details)
        options = data.report.options
        self.summary.setText(
            self.tr("%1 group(s): %2 of %3 documents share a flagged pair (similarity at least %4 or a "
               "near-duplicate). The likely source is the member holding at least %5 of what each "
               "other member shares; pairs of two copies are listed under their group.")
            .replace("%1", str(len(data.details))).replace("%2", str(in_groups))
            .replace("%3", str(len(data.report.documents)))
            .replace("%4", f"{options.display_threshold:.0%}").replace("%5", f"{core.review.SOURCE_COVER:.0%}"))
        root = self.model.invisibleRootItem()
        for g, d in enumerate(data.details):
            root.appendRow(self._group_row(g))
        header = self.tree.header()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        for column, width in ((self.GROUP, 290), (self.SIZE, 150), (self.SOURCE, 120),
                              (self.STRONGEST, 260)):
            header.resizeSection(column, width)
        if data.details:
            self.tree.setCurrentIndex(self.model.index(0, 0))

    def _group_row(self, g: int) -> list[QStandardItem]:
        data = self.data
        d = data.details[g]
        report = data.report
        name = QStandardItem(f"G{g + 1}  " + ", ".join(data.names[m] for m in d.members[:6])
                             + (" …" if d.size > 6 else ""))
        name.setData(("group", g), ITEM_ROLE)
        name.setData(False, FILLED_ROLE)
        name.setToolTip("\n".join(f"{data.names[m]}  —  {report.documents[m].name}" for m in d.members))
        font = QFont()
        font.setBold(True)
        name.setFont(font)
        size = QStandardItem(self.tr("%n document(s)", "", d.size))
        if d.source is not None:
            source = QStandardItem(data.names[d.source])
            source.setForeground(QBrush(SOURCE_COLOR))
            source.setToolTip(self.review.hover(d.source) + "\n" + messages.text(
                "group.source", _language(), cover=f"{core.review.SOURCE_COVER:.0%}"))
        else:
            source = QStandardItem(self.tr("undecided"))
            source.setForeground(QBrush(COPY_PAIR_COLOR))
            source.setToolTip(messages.text(f"group.{d.reason}", _language()))
        strongest = QStandardItem(self._pair_text(d.strongest))
        strongest.setData(("pair", d.strongest), ITEM_ROLE)
        reviewed = QStandardItem(self._reviewed_text(g))
        row = [name, size, source, strongest, reviewed]
        name.appendRow([QStandardItem("…")] + [QStandardItem() for _ in range(4)])  # filled on expand
        return row

    def _pair_text(self, k: int) -> str:
        p = self.data.report.pairs[k]
        return f"{self.data.names[p.left]} ~ {self.data.names[p.right]}  {p.copied:.1%}"  # what ranks

    def _reviewed_text(self, g: int) -> str:
        d = self.data.details[g]
        report = self.data.report
        done = sum(1 for k in d.pairs if self.review.pair_verdict(report.pairs[k], report).status)
        return self.tr("%1 of %2 pairs").replace("%1", str(done)).replace("%2", str(len(d.pairs)))

    def _fill(self, index: QModelIndex) -> None:
        item = self.model.itemFromIndex(index.siblingAtColumn(0))
        if item is None or item.data(FILLED_ROLE) is not False:
            return
        kind, g = item.data(ITEM_ROLE)
        if kind != "group":
            return
        item.setData(True, FILLED_ROLE)
        item.removeRows(0, item.rowCount())
        data = self.data
        d = data.details[g]
        members = QStandardItem(self.tr("Members (%1)").replace("%1", str(d.size)))
        members.setData(("part", g), ITEM_ROLE)
        for m in d.members:
            members.appendRow(self._member_row(m, m == d.source))
        item.appendRow([members] + [QStandardItem() for _ in range(4)])
        label = self.tr("Source vs copies (%1)") if d.source is not None else self.tr("Pairs (%1)")
        pairs = QStandardItem(label.replace("%1", str(len(d.source_pairs))))
        pairs.setData(("part", g), ITEM_ROLE)
        for k in d.source_pairs:
            pairs.appendRow(self._pair_row(k, copy=False))
        item.appendRow([pairs] + [QStandardItem() for _ in range(4)])
        if d.copy_pairs:
            copies = QStandardItem(self.tr("Copy vs copy (%1)").replace("%1", str(len(d.copy_pairs))))
            copies.setToolTip(self.tr("Pairs of two copies of the same source: listed here, not as "
                                 "findings of their own"))
            copies.setData(("part", g), ITEM_ROLE)
            copies.setForeground(QBrush(COPY_PAIR_COLOR))
            for k in d.copy_pairs:
                copies.appendRow(self._pair_row(k, copy=True))
            item.appendRow([copies] + [QStandardItem() for _ in range(4)])
        self.tree.expand(self.model.indexFromItem(members))
        self.tree.expand(self.model.indexFromItem(pairs))

    def _member_row(self, m: int, is_source: bool) -> list[QStandardItem]:
        data = self.data
        name = QStandardItem(data.names[m])
        name.setData(("doc", m), ITEM_ROLE)
        name.setToolTip(self.review.hover(m))
        figure = QStandardItem(self.tr("%1 found elsewhere").replace("%1", f"{data.students[m].overall:.0%}"))
        role = QStandardItem(self.tr("likely source") if is_source else "")
        if is_source:
            role.setForeground(QBrush(SOURCE_COLOR))
        verdict = self.review.document_verdict(m, data.report)
        cells = [name, figure, role, QStandardItem(data.report.documents[m].name),
                 QStandardItem(verdict_cell(verdict))]
        self._paint_verdict(cells, verdict)
        return cells

    def _pair_row(self, k: int, copy: bool) -> list[QStandardItem]:
        data = self.data
        p = data.report.pairs[k]
        name = QStandardItem(f"{data.names[p.left]} ~ {data.names[p.right]}")
        name.setData(("pair", k), ITEM_ROLE)
        name.setToolTip(f"{self.review.hover(p.left)}\n↔\n{self.review.hover(p.right)}")
        sim = QStandardItem(f"{p.similarity:.1%}")
        kind = QStandardItem(self.tr("copy vs copy") if copy else "")
        verdict = self.review.pair_verdict(p, data.report)
        cells = [name, sim, kind, QStandardItem(self.tr("Hamming %1").replace("%1", str(p.hamming))),
                 QStandardItem(verdict_cell(verdict))]
        if copy:
            for c in cells:
                c.setForeground(QBrush(COPY_PAIR_COLOR))
        self._paint_verdict(cells, verdict)
        return cells

    @staticmethod
    def _paint_verdict(cells, verdict) -> None:
        brush = verdict_brush(verdict)
        cells[-1].setToolTip(verdict_tooltip(verdict))
        if brush is not None:
            cells[-1].setBackground(brush)

    def _verdicts_changed(self) -> None:
        """Refresh verdict cells and review counts in place (no collapse)."""
        data = self.data
        if data is None or self._stale:
            return
        root = self.model.invisibleRootItem()
        for g in range(root.rowCount()):
            group = root.child(g, 0)
            root.child(g, self.REVIEWED).setText(self._reviewed_text(g))
            for part in range(group.rowCount()):
                node = group.child(part, 0)
                for r in range(node.rowCount() if node else 0):
                    kind, value = node.child(r, 0).data(ITEM_ROLE)
                    verdict = (self.review.pair_verdict(data.report.pairs[value], data.report)
                               if kind == "pair" else self.review.document_verdict(value, data.report))
                    cell = node.child(r, self.REVIEWED)
                    cell.setText(verdict_cell(verdict))
                    cell.setToolTip(verdict_tooltip(verdict))
                    brush = verdict_brush(verdict)
                    cell.setBackground(brush if brush is not None else QBrush())

    # ----- interaction ---------------------------------------------------------------------
    def expand_group(self, g: int) -> None:
        self.ensure_built()
        index = self.model.index(g, 0)
        self.tree.expand(index)
        self.tree.setCurrentIndex(index)

    def _activate(self, index: QModelIndex) -> None:
        tag = index.siblingAtColumn(0).data(ITEM_ROLE)
        if index.column() == self.STRONGEST and index.parent() == QModelIndex():
            tag = index.data(ITEM_ROLE)
        if not tag:
            return
        kind, value = tag
        if kind == "pair":
            self.pairActivated.emit(value)
        elif kind == "doc":
            self.documentActivated.emit(value)

    def _context_menu(self, pos: QPoint) -> None:
        index = self.tree.indexAt(pos)
        tag = index.siblingAtColumn(0).data(ITEM_ROLE) if index.isValid() else None
        if not tag or tag[0] not in ("pair", "doc") or self.data is None:
            return
        kind, value = tag
        menu = QMenu(self)
        report = self.data.report
        if kind == "pair":
            pair = report.pairs[value]
            menu.addAction(self.tr("Compare"), lambda: self.pairActivated.emit(value))
            menu.addSeparator()
            add_verdict_actions(menu, self.review.pair_verdict(pair, report),
                                lambda v: self.review.set_pair_verdict(pair, v, report), self)
        else:
            menu.addAction(self.tr("Open Student View"), lambda: self.documentActivated.emit(value))
            menu.addSeparator()
            add_verdict_actions(menu, self.review.document_verdict(value, report),
                                lambda v: self.review.set_document_verdict(value, v, report), self)
        menu.exec(self.tree.viewport().mapToGlobal(pos))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.rebuild()
        super().changeEvent(event)
