"""The main paths as a person takes them, on the app started through its entry point: keys and
menu clicks only, dialogs answered by the test (tests/gui/clicks.py)."""

from __future__ import annotations

import json
from pathlib import Path

from clicks import App
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from core.store import open_store
from core.store.saved import open_check


def test_save_with_ctrl_s_and_open_from_the_menu(qtbot, tmp_path, monkeypatch, essays):
    app = App.started(qtbot, tmp_path, monkeypatch)
    try:
        app.dialogs.files = essays
        app.trigger("open")
        app.key(Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)  # Check
        report = app.window.session.report
        assert report is not None and len(report.documents) == len(essays)
        seconds = app.window.session.check_seconds
        assert seconds is not None and seconds > 0
        app.key(Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)  # Save Check…
        saved = app.dialogs.saved[-1]
        assert saved.endswith(".plagscope") and open_check(saved).report == report
        app.trigger("open_check")  # answered with the file just saved
        assert app.window.archive.saved_path == saved
        assert app.window.session.report == report
        # the time the check took, not the time since it started
        assert f"in {seconds:.1f} s" in app.window.statusBar().currentMessage()
        assert open_check(saved).seconds == round(seconds, 3)
    finally:
        app.close()


def test_archive_add_asks_for_a_label_and_offers_the_last_one(qtbot, tmp_path, monkeypatch, essays):
    app = App.started(qtbot, tmp_path, monkeypatch)
    try:
        app.dialogs.files = essays[:2]
        app.trigger("open")
        offered_first = None
        app.dialogs.texts = {"Add to Archive": "class 3, spring 2026"}
        app.trigger("archive_add")
        offered_first = app.dialogs.offered["Add to Archive"]
        assert offered_first == "essays"  # the documents' folder, before any label was used
        with open_store(app.window.archive.location()) as store:
            assert {d.label for d in store.documents()} == {"class 3, spring 2026"}
        app.dialogs.texts = {}  # the next add keeps what the dialog offers
        app.dialogs.files = essays[2:4]
        app.trigger("open")
        app.trigger("archive_add")
        assert app.dialogs.offered["Add to Archive"] == "class 3, spring 2026"
        with open_store(app.window.archive.location()) as store:
            assert [d.label for d in store.documents()] == ["class 3, spring 2026"] * 4
    finally:
        app.close()


def _text_of(path: str) -> str:
    if path.endswith(".pdf"):
        from pdfminer.high_level import extract_text

        return extract_text(path)
    return Path(path).read_text(encoding="utf-8-sig")


def test_the_main_flow_without_a_mouse(qtbot, tmp_path, monkeypatch, essays):
    """Open, check, the pairs, a pair, its passages, a verdict with a note, every export and the
    student report, the Student view in Chinese: keys only. The verdict and the note are in
    every file written."""
    ctrl, shift = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier
    app = App.checked(qtbot, tmp_path, monkeypatch, essays)  # Ctrl+O, Ctrl+R
    w = app.window
    try:
        report = w.session.report
        app.key(Qt.Key.Key_1, ctrl)  # View > Pairs: the table has the focus, its first row current
        assert QApplication.focusWidget() is w.pairs.view and w.pairs.view.currentIndex().isValid()
        first = w.pairs.current_pair()
        app.key(Qt.Key.Key_Return)  # opens the pair; the passages have the focus
        view = w.tabs.currentWidget()
        assert not w.tabs.is_fixed(view) and view.pair == report.pairs[first]
        assert view.passage_count > 1
        app.key(Qt.Key.Key_F3)
        at = view.current_passage()
        app.key(Qt.Key.Key_F3)
        assert view.current_passage() == (at + 1) % view.passage_count
        app.key(Qt.Key.Key_1, ctrl | shift)  # Review > Confirmed
        app.key(Qt.Key.Key_N, ctrl | shift)  # Review > Edit Note…
        verdict = w.review.pair_verdict(report.pairs[first])
        assert (verdict.status, verdict.note) == ("confirmed", app.dialogs.note)

        written = {}
        for suffix in (".html", ".pdf", ".csv", ".json"):
            app.dialogs.save_suffix = suffix
            app.key(Qt.Key.Key_E, ctrl)  # File > Export Report…
            written[suffix] = app.dialogs.saved[-1]
        texts = {suffix: _text_of(path) for suffix, path in written.items()}
        for suffix in (".html", ".pdf"):
            assert "Confirmed" in texts[suffix] and app.dialogs.note in texts[suffix], suffix
        assert f"confirmed,{app.dialogs.note}" in texts[".csv"]
        pairs = json.loads(texts[".json"])["pairs"]
        assert [(p["verdict"], p["note"]) for p in pairs if "verdict" in p] == [("confirmed", app.dialogs.note)]

        left = report.pairs[first].left
        app.key(Qt.Key.Key_5, ctrl)  # View > Student, then its sources: Enter opens a pair
        w.student_view.show_document(left)
        app.dialogs.save_suffix = ".pdf"
        app.key(Qt.Key.Key_E, ctrl | shift)  # File > Export Student Report…
        student = _text_of(app.dialogs.saved[-1])
        assert "Confirmed" in student and app.dialogs.note in student

        app.trigger(w.main_menus.language_actions["zh_CN"])  # the Student view follows at once
        heading = w.student_view.heading.text()
        assert "的文字在其他" in heading and "of its text" not in heading
        sources = [w.student_view.sources.item(r, w.student_view.SIMILARITY).text()
                   for r in range(w.student_view.sources.rowCount())]
        assert not any("not flagged" in s for s in sources)
        app.key(Qt.Key.Key_Slash, ctrl)  # Help > Keyboard Shortcuts, in Chinese
        shortcuts = w.keyboard.help_dialogs["shortcuts"]
        assert shortcuts.isVisible() and "键盘快捷键" in shortcuts.windowTitle()
        assert "Ctrl+Shift+1" in shortcuts.text() and "确认抄袭" in shortcuts.text()
        app.key(Qt.Key.Key_F1)  # Help > Reading the Figures
        figures = w.keyboard.help_dialogs["figures"]
        assert "覆盖率" in figures.text() and "汉明距离" in figures.text()
    finally:
        app.close()


def test_every_view_has_a_shortcut_in_the_view_menu(qtbot, tmp_path, monkeypatch):
    app = App.started(qtbot, tmp_path, monkeypatch)
    try:
        w = app.window
        view_menu = w.menus["view"].actions()
        for i in range(w.tabs.count()):  # every view of the results (no compare tab is open)
            widget = w.tabs.widget(i)
            entries = [a for a in view_menu if not a.shortcut().isEmpty() and a.text()
                       and a.objectName().startswith("action_show_")]
            found = []
            for action in entries:
                app.trigger(action)
                if w.tabs.currentWidget() is widget:
                    found.append(action)
            assert found, f"no View entry with a shortcut shows {w.tabs.tabText(i)}"
    finally:
        app.close()


def test_the_window_fits_the_screen_and_keeps_its_layout(qtbot, tmp_path, monkeypatch):
    app = App.started(qtbot, tmp_path, monkeypatch)
    w = app.window
    try:
        area = w.screen().availableGeometry()
        assert area.contains(w.frameGeometry()) and w.width() >= area.width() * 0.6
        w.resize(area.width() * 2 // 3, area.height() * 2 // 3)
        w.splitter.setSizes([250, w.splitter.width() - 250])
        header = w.pairs.view.horizontalHeader()
        header.resizeSection(w.pairs.model.LONGEST, 177)
        sizes, splitter, width = w.size(), w.splitter.sizes(), header.sectionSize(w.pairs.model.LONGEST)
        app.trigger("quit")
    finally:
        app.close()
    again = App.started(qtbot, tmp_path, monkeypatch)
    try:
        w = again.window
        assert w.size() == sizes and w.splitter.sizes() == splitter
        assert w.pairs.view.horizontalHeader().sectionSize(w.pairs.model.LONGEST) == width
    finally:
        again.close()


def test_the_pairs_keep_their_names_in_view_when_scrolled_sideways(qtbot, tmp_path, monkeypatch, essays):
    app = App.started(qtbot, tmp_path, monkeypatch)
    w = app.window
    try:
        app.dialogs.files = essays
        app.trigger("open")
        app.trigger("check")
        app.trigger("show_pairs")
        w.resize(700, w.height())
        w.splitter.setSizes([200, 500])
        qtbot.waitUntil(lambda: w.pairs.view.horizontalScrollBar().maximum() > 0)
        bar = w.pairs.view.horizontalScrollBar()
        bar.setValue(bar.maximum())  # the last columns (Group, Verdict) in view
        frozen = w.pairs.frozen
        assert frozen.isVisible()
        assert frozen.geometry().left() <= w.pairs.view.frameWidth()
        assert frozen.width() == sum(w.pairs.view.columnWidth(c) for c in (0, 1))
        model = w.pairs.proxy
        row = frozen.rowAt(5)
        assert frozen.indexAt(frozen.viewport().rect().topLeft()).data() == model.index(row, 0).data()
        bar.setValue(0)
        assert not frozen.isVisible()  # unscrolled, the table's own name columns are there
        header = w.pairs.view.horizontalHeader()  # a group of copies is never cut to "G5 · co…"
        longest = header.fontMetrics().horizontalAdvance("G12 · " + w.pairs.model.tr("copy vs copy"))
        assert header.sectionSize(w.pairs.model.GROUP) > longest
    finally:
        app.close()


def test_ctrl_tab_switches_views_from_anywhere_in_the_window(qtbot, tmp_path, monkeypatch, essays):
    """Ctrl+Tab / Ctrl+Shift+Tab move to the next / previous view wherever the focus is: in the
    document list (which takes the arrows, not these), in a view's table, in an open pair."""
    ctrl, shift = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier
    app = App.checked(qtbot, tmp_path, monkeypatch, essays)  # Ctrl+O, Ctrl+R
    w = app.window
    try:
        count = w.tabs.count()
        app.key(Qt.Key.Key_0, ctrl)  # View > Documents: the focus in the document list
        assert QApplication.focusWidget() is w.documents.view
        start = w.tabs.currentIndex()
        app.key(Qt.Key.Key_Tab, ctrl)
        assert w.tabs.currentIndex() == (start + 1) % count
        focus = QApplication.focusWidget()
        assert focus is not w.documents.view and w.tabs.currentWidget().isAncestorOf(focus)
        app.key(Qt.Key.Key_0, ctrl)
        app.key(Qt.Key.Key_Tab, ctrl | shift)  # Qt sends Backtab with Shift: the same key
        assert w.tabs.currentIndex() == start
        app.key(Qt.Key.Key_0, ctrl)
        app.key(Qt.Key.Key_Backtab, ctrl | shift)
        assert w.tabs.currentIndex() == (start - 1) % count
        for _ in range(count):  # round every view and back, the focus in each view in turn
            before = w.tabs.currentIndex()
            app.key(Qt.Key.Key_Tab, ctrl)
            assert w.tabs.currentIndex() == (before + 1) % count
            assert w.tabs.currentWidget().isAncestorOf(QApplication.focusWidget())
        app.key(Qt.Key.Key_1, ctrl)
        app.key(Qt.Key.Key_Return)  # an open pair is a view too: Ctrl+Tab leaves it
        assert w.tabs.count() == count + 1 and w.tabs.currentIndex() == count
        app.key(Qt.Key.Key_Tab, ctrl)
        assert w.tabs.currentIndex() == 0
        app.key(Qt.Key.Key_Slash, ctrl)  # Help > Keyboard Shortcuts lists them
        text = w.keyboard.help_dialogs["shortcuts"].text()
        assert "Ctrl+Tab" in text and "Ctrl+Shift+Tab" in text
    finally:
        app.close()
