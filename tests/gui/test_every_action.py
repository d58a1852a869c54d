"""Every action in every menu and on the toolbar, triggered as a click triggers it, on the app
started through its entry point with a throwaway settings file and data folder: none may raise
or show an error. A new action is covered without a line here; one that stays disabled in the
ready state below fails the test until the walk can reach it."""

from __future__ import annotations

from clicks import App, describe
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from gui.actions import DROPS_ARGUMENTS

#: Walked after the others, in this order: they change the language or close the window.
LAST = ("menu_language", "action_quit")


def _key(action) -> str:
    """An action's identity across the walk: its name, else (a Recent Files entry, which is
    renumbered as it is used) what it opens, else where it is in the menus."""
    data = action.data()
    return action.objectName() or (f"opens {data}" if isinstance(data, str) and data else describe(action))


def _last_rank(action) -> int:
    menus = [m.objectName() for m in action.associatedObjects() if hasattr(m, "title")]
    for rank, name in enumerate(LAST, 1):
        if action.objectName() == name or name in menus:
            return rank
    return 0


def ready(app: App, essays) -> None:
    """Documents loaded and checked, one selected in the list, a pair open in a tab: the state
    in which every command applies."""
    w = app.window
    if len(w.session.ready_entries()) < 3:
        app.dialogs.files = essays
        app.trigger("open")
    if w.session.report is None or w.session.stale:
        app.trigger("check")
    view = w.documents.view
    view.setFocus()
    QTest.keyClick(view, Qt.Key.Key_End)  # the first document, selected as the keys select it
    QTest.keyClick(view, Qt.Key.Key_Home)
    app.settle()
    if not any(not w.tabs.is_fixed(w.tabs.widget(i)) for i in range(w.tabs.count())):
        app.trigger("show_pairs")
        table = w.pairs.view
        table.setFocus()
        QTest.keyClick(table, Qt.Key.Key_Home)
        QTest.keyClick(table, Qt.Key.Key_Return)
        app.settle()
    if w.tabs.currentWidget() is not w.pairs:
        app.trigger("show_pairs")


def test_every_action_in_every_menu_works_when_clicked(qtbot, tmp_path, monkeypatch, essays):
    app = App.started(qtbot, tmp_path, monkeypatch)
    app.dialogs.texts = {"Add to Archive": "class 3, spring 2026"}
    walked, stuck, failed = [], [], []
    try:
        ready(app, essays)
        while True:
            # walked again after every step: menus filled when they open change with the state
            todo = [a for a in app.every_action() if _key(a) not in walked]
            if not todo:
                break
            action = min(todo, key=_last_rank)
            walked.append(_key(action))
            if _last_rank(action) == 0:
                ready(app, essays)
            if not action.isEnabled():  # Cancel and the like: only while work runs
                app.trigger("check", settle=False)
            if not action.isEnabled():
                stuck.append(describe(action))
                app.settle()
                continue
            if not action.property(DROPS_ARGUMENTS):
                failed.append(f"{describe(action)}: not connected through gui.actions.on_triggered "
                              "(its slot may receive the `checked` flag)")
            name = describe(action)
            switch = action.isCheckable() and action.actionGroup() is None
            try:
                app.trigger(action)  # (a Recent Files entry is gone after it: the menu is refilled)
                if switch:
                    app.trigger(action)  # and back
            except AssertionError as e:  # each action's failure is named, the walk goes on
                failed.append(f"{name}: {e}")
                app.errors.clear()
        assert not failed, "actions that failed when clicked:\n" + "\n".join(failed)
        assert not stuck, f"actions the walk could not reach (disabled when ready): {stuck}"
        assert not app.window.isVisible()  # File > Quit came last and closed the window
        assert len(walked) > 30
        asked = {kind for kind, _title in app.dialogs.asked}
        assert {"getOpenFileNames", "getSaveFileName", "getOpenFileName", "getText"} <= asked
    finally:
        app.close()
