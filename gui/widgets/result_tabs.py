"""The results area: fixed views (pairs, heat map, and whatever others add) and closable compare tabs.

    window.tabs.add_view(groups_view, lambda: tr("Groups"), icon="check")   # a new fixed view
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import QEvent, QSize, Signal
from PySide6.QtWidgets import QTabWidget, QWidget

from core.display import safe_name
from core.models import PairResult, Report

from .. import icons

log = logging.getLogger(__name__)

TITLE_CHARS = 40  # a compare tab's title longer than this shows both names shortened
#: The most width the results ask for: a view that wants more is squeezed, never the window widened.
MAX_MIN_WIDTH = 300


def create_compare_view(left, right, pair: PairResult, options, parent: QWidget | None = None,
                        documents: int = 0, names: tuple[str, str] | None = None) -> QWidget:
    """The widget a pair opens in (its module, numpy and the passage classes load with the first
    pair opened); `documents`: how many the check compared ("in N of M documents")."""
    from .compare_view import CompareView

    return CompareView(left, right, pair, options, parent, documents=documents, names=names)


def compare_title(left_name: str, right_name: str) -> tuple[str, str]:
    """(tab text, full title) of a compare tab."""
    title = f"{left_name} ↔ {right_name}"
    short = title if len(title) <= TITLE_CHARS else f"{left_name[:18]}… ↔ {right_name[:18]}…"
    return short, title


class ResultTabs(QTabWidget):
    """Fixed result views first, then one closable tab per opened pair (opened once each)."""

    #: a compare view's "Use as template": the passage text to make the template
    templateChosen = Signal(str)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("resultTabs")
        self.setTabsClosable(True)
        self.setDocumentMode(True)
        self.setUsesScrollButtons(True)
        self._titles: dict[QWidget, Callable[[], str]] = {}
        self.compare_tabs: dict[tuple[int, int, int], QWidget] = {}
        self.tabCloseRequested.connect(self.close_tab)

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(min(hint.width(), MAX_MIN_WIDTH), hint.height())

    # ----- fixed views -----------------------------------------------------------------------
    def add_view(self, widget: QWidget, title: Callable[[], str], icon: str | None = None,
                 position: int | None = None) -> int:
        """Add a view that stays (no close button): at `position` among the fixed views, or after them."""
        fixed = len(self._titles)
        at = fixed if position is None else max(0, min(position, fixed))
        index = self.insertTab(at, widget, title())
        if icon is not None:
            self.setTabIcon(index, icons.icon(icon))
        self.tabBar().setTabButton(index, self.tabBar().ButtonPosition.RightSide, None)
        self._titles[widget] = title
        return index

    def is_fixed(self, widget: QWidget | None) -> bool:
        return widget in self._titles

    def retranslate(self) -> None:
        for widget, title in self._titles.items():
            self.setTabText(self.indexOf(widget), title())

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # ----- compare tabs ----------------------------------------------------------------------
    def open_compare(self, report: Report, pair: PairResult, names=None) -> QWidget:
        """Show the pair's compare tab, opening it first if needed (ImportError if unavailable).

        `names(i)` gives the (short) name a tab shows for document i; the tooltip has the full names.
        """
        key = (id(report), pair.left, pair.right)
        widget = self.compare_tabs.get(key)
        if widget is not None and self.indexOf(widget) >= 0:
            self.setCurrentWidget(widget)
            return widget
        left, right = report.documents[pair.left], report.documents[pair.right]
        shown = (names(pair.left), names(pair.right)) if names is not None else None
        widget = create_compare_view(left, right, pair, report.options, self, documents=len(report.documents),
                                     names=shown)
        widget.report_id = id(report)  # the report whose pair it shows
        if hasattr(widget, "templateChosen"):
            widget.templateChosen.connect(self.templateChosen)
        if names is not None:
            short, _ = compare_title(safe_name(names(pair.left)), safe_name(names(pair.right)))
            _, title = compare_title(safe_name(left.name), safe_name(right.name))
        else:
            short, title = compare_title(safe_name(left.name), safe_name(right.name))
        index = self.addTab(widget, short)
        self.setTabToolTip(index, f"{title}\n{pair.similarity * 100:.1f}%")
        self.setCurrentIndex(index)
        self.compare_tabs[key] = widget
        return widget

    def close_tab(self, index: int) -> None:
        widget = self.widget(index)
        if widget is None or self.is_fixed(widget):
            return
        self.removeTab(index)
        self.compare_tabs = {k: w for k, w in self.compare_tabs.items() if w is not widget}
        widget.deleteLater()

    def close_current(self) -> None:
        self.close_tab(self.currentIndex())
