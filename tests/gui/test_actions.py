"""gui.actions: a command, a menu and a view are added from outside the window in a few lines,
and follow language changes like the window's own."""

import pytest
from PySide6.QtWidgets import QLabel


def test_a_new_menu_action_and_view_from_outside(qtbot, window):
    texts = {"lang": "en"}
    hits = []
    action = window.actions.add("library_open", lambda: hits.append(1), icon="open", shortcut="Ctrl+Shift+A",
                                texts=lambda: ({"en": "Open &Library…", "zh": "打开档案库(&A)…"}[texts["lang"]], ""))
    menu = window.menus.add("library", lambda: {"en": "&Library", "zh": "档案库(&A)"}[texts["lang"]],
                            [action], before="help")
    titles = [a.text() for a in window.menuBar().actions()]
    assert titles.index("&Library") == titles.index("&Help") - 1
    switch = window.actions.add("example_switch", None, checkable=True, texts=lambda: ("&Example", "tip"))
    window.menus.append("check", [None, switch])
    assert window.menus["check"].actions()[-1] is switch and switch.isCheckable()
    assert window.actions.library_open is action and "library_open" in window.actions
    action.trigger()
    assert hits == [1]
    assert action.toolTip() == "Open Library"  # from the text when no tip is given
    texts["lang"] = "zh"
    window.retranslate()
    assert menu.title() == "档案库(&A)" and action.text() == "打开档案库(&A)…"
    window.open_pair(0) if window.session.report else None
    fixed = sum(window.tabs.is_fixed(window.tabs.widget(i)) for i in range(window.tabs.count()))
    view = QLabel("another view")
    window.tabs.add_view(view, lambda: "Another")
    assert window.tabs.indexOf(view) == fixed and window.tabs.is_fixed(view)  # after the views, before compare tabs
    assert window.tabs.tabText(fixed) == "Another"
    with pytest.raises(ValueError):
        window.actions.add("library_open", None, texts=lambda: ("x", ""))
