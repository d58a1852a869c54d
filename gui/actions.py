"""Named actions and menus with their texts, so a new command or menu is a few lines.

    window.actions.add("archive_open", window.archive.open, icon="open",
                       texts=lambda: (tr("Open &Archive…"), tr("Browse earlier checks")))
    window.menus.add("archive", lambda: tr("&Archive"), [window.actions.archive_open], before="help")

    # a switch in an existing menu (and on the toolbar):
    switch = window.actions.add("semantic", session.set_semantic, checkable=True,
                                texts=lambda: (tr("Find &Translations and Paraphrases"), tr("...")))
    window.menus.append("check", [None, switch])
    window.main_menus.toolbar.addAction(switch)
    # a view beside Pairs and Heat Map: window.tabs.add_view(widget, lambda: tr("Groups"))

Texts are functions, called again on every language change (`retranslate`); write them as
`self.tr(...)` inside your class so lupdate finds them. An action is window-wide (its
shortcut works anywhere in the window) unless added with `widget=`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar, QWidget

from . import icons

#: The property every action connected by `on_triggered` carries (the click-driven tests check it).
DROPS_ARGUMENTS = "plagscopeDropsArguments"

#: () -> (text with &mnemonic, tooltip / status tip; "" = the text without & and …)
Texts = Callable[[], tuple[str, str]]


class Actions:
    """The window's QActions by name: `actions.check`, `actions["check"]`."""

    def __init__(self, window: QWidget):
        self._window = window
        self._actions: dict[str, QAction] = {}
        self._texts: dict[str, Texts] = {}

    def add(self, name: str, slot: Callable | None, *, texts: Texts, icon: str | None = None,
            shortcut: QKeySequence | str | None = None, checkable: bool = False,
            widget: QWidget | None = None) -> QAction:
        """A new action; with `widget`, its shortcut works only while that widget has the focus."""
        if name in self._actions:
            raise ValueError(f"action {name!r} exists already")
        action = QAction(self._window)
        action.setObjectName(f"action_{name}")
        if icon:
            action.setIcon(icons.icon(icon))
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        action.setCheckable(checkable)
        on_triggered(action, slot)
        if widget is None:
            self._window.addAction(action)
        else:
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            widget.addAction(action)
        self._actions[name] = action
        self._texts[name] = texts
        self._retranslate_one(name)
        return action

    def __getitem__(self, name: str) -> QAction:
        return self._actions[name]

    def __getattr__(self, name: str) -> QAction:
        try:
            return self.__dict__["_actions"][name]
        except KeyError:
            raise AttributeError(name) from None

    def __contains__(self, name: str) -> bool:
        return name in self._actions

    def retranslate(self) -> None:
        for name in self._actions:
            self._retranslate_one(name)

    def _retranslate_one(self, name: str) -> None:
        action = self._actions[name]
        text, tip = self._texts[name]()
        action.setText(text)
        action.setToolTip(tip or text.replace("&", "").rstrip("…"))
        action.setStatusTip(tip)


class Menus:
    """The menu bar's menus by name, in order; `add(..., before="help")` puts one in place."""

    def __init__(self, bar: QMenuBar):
        self._bar = bar
        self._menus: dict[str, QMenu] = {}
        self._titles: dict[str, Callable[[], str]] = {}

    def add(self, name: str, title: Callable[[], str], items: Iterable[QAction | QMenu | None] = (),
            before: str | None = None) -> QMenu:
        """A new top-level menu of `items` (None is a separator)."""
        if name in self._menus:
            raise ValueError(f"menu {name!r} exists already")
        menu = QMenu(self._bar)
        menu.setObjectName(f"menu_{name}")
        if before is not None:
            self._bar.insertMenu(self._menus[before].menuAction(), menu)
        else:
            self._bar.addMenu(menu)
        self._menus[name] = menu
        self._titles[name] = title
        menu.setTitle(title())
        fill(menu, items)
        return menu

    def append(self, name: str, items: Iterable[QAction | QMenu | None]) -> QMenu:
        """Add items at the end of an existing menu ("file", "check", "view", "help", ...)."""
        menu = self._menus[name]
        fill(menu, items)
        return menu

    def __getitem__(self, name: str) -> QMenu:
        return self._menus[name]

    def __contains__(self, name: str) -> bool:
        return name in self._menus

    def retranslate(self) -> None:
        for name, menu in self._menus.items():
            menu.setTitle(self._titles[name]())


def on_triggered(action: QAction, slot: Callable | None) -> QAction:
    """Connect an action the one way every action of the app is connected: a plain action's
    slot is called with no argument, a checkable one's with its new checked state. (Qt's
    `triggered(bool checked)` would otherwise hand the flag to any slot with a parameter, e.g.
    as the file name of a Save command.)"""
    if slot is not None:
        if action.isCheckable():
            action.triggered.connect(lambda checked=False: slot(bool(checked)))
        else:
            action.triggered.connect(lambda *_ignored: slot())
    action.setProperty(DROPS_ARGUMENTS, True)
    return action


def fill(menu: QMenu, items: Iterable[QAction | QMenu | None]) -> None:
    """Append actions, submenus and (None) separators to `menu`."""
    for item in items:
        if item is None:
            menu.addSeparator()
        elif isinstance(item, QMenu):
            menu.addMenu(item)
        else:
            menu.addAction(item)
