"""The window without a mouse: every view in the View menu with a shortcut (the view's list
gets the focus, its first row current), the next / previous view, the Review menu's verdicts
on the pair in hand, and Help > Keyboard Shortcuts and Reading the Figures.

The pair in hand is the one of the current compare tab, else the current row of the Pairs
table or of the Student view's sources. `Keyboard` receives the objects it works on.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QAbstractItemView, QMessageBox, QTabWidget, QWidget

from core.models import VERDICTS, PairResult, Verdict

from .actions import Actions, Menus
from .review import Review, verdict_label
from .widgets.verdict_menu import edit_note

#: The views of the View menu: (name, shortcut) in menu order; Pairs and Heat Map keep theirs.
VIEW_KEYS = (("pairs", "Ctrl+1"), ("heat_map", "Ctrl+2"), ("groups", "Ctrl+3"), ("graph", "Ctrl+4"),
             ("student", "Ctrl+5"), ("shared_text", "Ctrl+6"))
#: Verdicts on the pair in hand: status -> shortcut ("" clears the verdict).
VERDICT_KEYS = {"confirmed": "Ctrl+Shift+1", "suspicious": "Ctrl+Shift+2", "not_plagiarism": "Ctrl+Shift+3",
                "": "Ctrl+Shift+0"}


def focus_view(widget: QWidget) -> QWidget:
    """Give a view's list (or the view) the keyboard focus, its first row current if none is."""
    target = next((getattr(widget, name) for name in ("view", "tree", "sources", "graphics")
                   if isinstance(getattr(widget, name, None), QWidget)), widget)
    if isinstance(target, QAbstractItemView):
        model = target.model()
        if model is not None and not target.currentIndex().isValid() and model.rowCount() > 0:
            target.setCurrentIndex(model.index(0, 0))
    target.setFocus(Qt.FocusReason.ShortcutFocusReason)
    return target


class Keyboard(QObject):
    """Adds the View entries, the Review menu and the Help entries, and answers them."""

    def __init__(self, *, actions: Actions, menus: Menus, tabs: QTabWidget, views: dict[str, QWidget],
                 documents: QWidget, review: Review, session, messages, parent: QWidget):
        super().__init__(parent)
        self.actions, self.menus, self.tabs, self.views = actions, menus, tabs, views
        self.documents, self.review, self.session, self.messages = documents, review, session, messages
        self.parent_widget = parent
        self.help_dialogs: dict[str, QWidget] = {}

    # ----- building --------------------------------------------------------------------------
    def build(self) -> None:
        add, a = self.actions.add, self.actions
        titles = self.view_titles()
        view_actions = []
        for name, keys in VIEW_KEYS:
            widget = self.views[name]
            view_actions.append(add(f"show_{name}", lambda w=widget: self.show_view(w), shortcut=keys,
                                    texts=lambda n=name: (titles[n](), "")))
        add("show_documents", self.show_documents, shortcut="Ctrl+0",
            texts=lambda: (self.tr("&Documents"), self.tr("Move to the document list")))
        add("next_view", lambda: self.step_view(1), texts=lambda: (self.tr("&Next View"), ""))
        add("previous_view", lambda: self.step_view(-1), texts=lambda: (self.tr("P&revious View"), ""))
        # window shortcuts: they reach the views from anywhere (a list would keep Ctrl+Tab to
        # itself, and the tab widget's own only works inside it); Ctrl+Shift+Tab also takes
        # the Backtab key that Shift+Tab sends
        a.next_view.setShortcuts([QKeySequence(Qt.Modifier.CTRL | Qt.Key.Key_Tab),
                                  QKeySequence(Qt.Modifier.CTRL | Qt.Key.Key_PageDown)])
        a.previous_view.setShortcuts([QKeySequence(Qt.Modifier.CTRL | Qt.Modifier.SHIFT | Qt.Key.Key_Tab),
                                      QKeySequence(Qt.Modifier.CTRL | Qt.Key.Key_PageUp)])
        view_menu, anchor = self.menus["view"], a.close_tab  # the views before Close Tab and Language
        for action in [a.show_documents, *view_actions, None, a.next_view, a.previous_view]:
            if action is None:
                view_menu.insertSeparator(anchor)
            else:
                view_menu.insertAction(anchor, action)

        verdicts = []
        for status, keys in VERDICT_KEYS.items():
            verdicts.append(add(f"verdict_{status or 'clear'}", lambda s=status: self.set_verdict(s), shortcut=keys,
                                texts=lambda s=status: (self._verdict_text(s), self.tr("The verdict on the pair "
                                                                                       "in hand"))))
        note = add("verdict_note", self.edit_note, shortcut="Ctrl+Shift+N",
                   texts=lambda: (self.tr("Edit &Note…"), self.tr("A note on the pair in hand, for the reviewers")))
        self.menus.add("review", lambda: self.tr("&Review"), [*verdicts, None, note], before="archive"
                       if "archive" in self.menus else "help")
        shortcuts = add("help_shortcuts", self.show_shortcuts, shortcut="Ctrl+/",
                        texts=lambda: (self.tr("&Keyboard Shortcuts"), ""))
        figures = add("help_figures", self.show_figures, shortcut=QKeySequence.StandardKey.HelpContents,
                      texts=lambda: (self.tr("&Reading the Figures"), self.tr("What each figure and color means")))
        help_menu = self.menus["help"]
        head = help_menu.actions()[0]
        help_menu.insertAction(head, figures)
        help_menu.insertAction(head, shortcuts)
        help_menu.insertSeparator(head)

    def view_titles(self) -> dict[str, Callable[[], str]]:
        return {"pairs": lambda: self.tr("&Pairs"), "heat_map": lambda: self.tr("&Heat Map"),
                "groups": lambda: self.tr("&Groups"), "graph": lambda: self.tr("G&raph"),
                "student": lambda: self.tr("&Student"), "shared_text": lambda: self.tr("Shared &Text")}

    def _verdict_text(self, status: str) -> str:
        return self.tr("Not Yet &Reviewed") if not status else {
            "confirmed": self.tr("&Confirmed"), "suspicious": self.tr("&Suspicious"),
            "not_plagiarism": self.tr("Not &Plagiarism")}.get(status, verdict_label(status))

    # ----- moving ----------------------------------------------------------------------------
    def show_view(self, widget: QWidget) -> QWidget:
        self.tabs.setCurrentWidget(widget)
        return focus_view(widget)

    def show_documents(self) -> QWidget:
        return focus_view(self.documents)

    def step_view(self, step: int) -> None:
        count = self.tabs.count()
        if count:
            self.tabs.setCurrentIndex((self.tabs.currentIndex() + step) % count)
            focus_view(self.tabs.currentWidget())

    # ----- verdicts --------------------------------------------------------------------------
    def pair_in_hand(self) -> PairResult | None:
        """The pair of the current compare tab, else the current row of Pairs or of the Student
        view's sources (None when there is none)."""
        report = self.session.report
        if report is None:
            return None
        current = self.tabs.currentWidget()
        pair = getattr(current, "pair", None)
        if isinstance(pair, PairResult):
            return pair if getattr(current, "report_id", id(report)) == id(report) else None
        k = None
        if current is self.views["pairs"]:
            k = self.views["pairs"].current_pair()
        elif current is self.views["student"]:
            k = self.views["student"].current_pair()
        return report.pairs[k] if k is not None and 0 <= k < len(report.pairs) else None

    def _no_pair(self) -> None:
        self.messages.show(QMessageBox.Icon.Information, self.tr("Verdict"),
                           self.tr("Pick a pair first: a row of the Pairs list, a source in the Student "
                                   "view, or an open pair."))

    def set_verdict(self, status: str) -> None:
        pair = self.pair_in_hand()
        if pair is None:
            self._no_pair()
            return
        current = self.review.pair_verdict(pair)
        self.review.set_pair_verdict(pair, Verdict(status if status in VERDICTS else "", current.note))

    def edit_note(self) -> None:
        pair = self.pair_in_hand()
        if pair is None:
            self._no_pair()
            return
        edit_note(self.review.pair_verdict(pair), lambda v: self.review.set_pair_verdict(pair, v),
                  self.parent_widget)

    # ----- help ------------------------------------------------------------------------------
    def show_shortcuts(self) -> QWidget:
        from .dialogs.help import shortcuts_dialog

        return self._show_help("shortcuts", lambda: shortcuts_dialog(self.parent_widget))

    def show_figures(self) -> QWidget:
        from .dialogs.help import figures_dialog

        return self._show_help("figures", lambda: figures_dialog(self.parent_widget))

    def _show_help(self, name: str, make: Callable[[], QWidget]) -> QWidget:
        dialog = self.help_dialogs.get(name)
        if dialog is None:
            dialog = self.help_dialogs[name] = make()
        dialog.show()
        dialog.raise_()
        dialog.activateWindow()
        return dialog
