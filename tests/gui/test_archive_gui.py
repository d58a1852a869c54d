"""The window's saved checks, autosave recovery and Archive menu as a person uses them: the app
started through its entry point, menus and keys only, dialogs answered by the test
(tests/gui/clicks.py)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from clicks import WAIT_MS, App
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel, QPlainTextEdit

from core.store import open_store
from core.store.saved import open_check

ROOT = Path(__file__).resolve().parents[2]
# the archive on both backends, as in tests/core (an SQLite file; a PostgreSQL schema when a
# server is configured or can be started, else that case is skipped with the reason)
sys.path.append(str(ROOT / "tests" / "core"))
from store_backends import postgres_dsn, store_location  # noqa: F401 (pytest fixtures, parameters of the tests)

SAMPLES = ROOT / "resources" / "samples"
CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


def checked(qtbot, folder: Path, monkeypatch, files) -> App:
    """The app started in `folder`, `files` opened (Ctrl+O) and checked (Ctrl+R)."""
    folder.mkdir(exist_ok=True)
    return App.checked(qtbot, folder, monkeypatch, files)


def autosaved(app: App) -> tuple:
    """(window, report, autosave path) once the check's autosave is written."""
    w = app.window
    assert w.archive.autosaver.wait()
    return w, w.session.report, w.archive.autosave_path()


def verdict_on_first_pair(app: App, key=Qt.Key.Key_1) -> int:
    """View > Pairs (the first row current), then a Review menu verdict by its key
    (Ctrl+Shift+1 Confirmed, 2 Suspicious); the pair's index."""
    app.key(Qt.Key.Key_1, CTRL)
    app.key(key, CTRL | SHIFT)
    return app.window.pairs.current_pair()


def expect_error(app: App, text: str) -> None:
    """The error box the last step showed says `text` (and it is the only error)."""
    app.qtbot.waitUntil(lambda: bool(app.errors), timeout=WAIT_MS)
    assert len(app.errors) == 1 and text in app.errors[0], app.errors
    app.errors.clear()


def test_save_and_open_check_with_verdicts(qtbot, tmp_path, monkeypatch, essays):
    app = checked(qtbot, tmp_path / "first", monkeypatch, essays)
    try:
        w = app.window
        report = w.session.report
        first = verdict_on_first_pair(app)
        app.key(Qt.Key.Key_N, CTRL | SHIFT)  # Review > Edit Note…
        verdicts = w.review_panes.review.verdicts
        assert w.review_panes.review.pair_verdict(report.pairs[first]).status == "confirmed"
        app.key(Qt.Key.Key_S, CTRL)  # File > Save Check…, on the worker pool
        path = app.dialogs.saved[-1]
        assert open_check(path).report == report and open_check(path).verdicts == verdicts
        app.trigger("quit")
    finally:
        app.close()
    for f in essays:
        f.unlink()  # the originals are not needed to reopen

    (tmp_path / "second").mkdir()
    other = App.started(qtbot, tmp_path / "second", monkeypatch)
    try:
        w = other.window
        other.dialogs.saved.append(path)  # File > Open Check… is answered with the saved file
        other.trigger("open_check")
        assert w.session.report == report and w.archive.verdicts == verdicts
        # the review and the figures came with the opened check (computed in a child process)
        assert w.session.figures_ready and w.session.analysis.figures.report is w.session.report
        review = w.review_panes.review
        assert review.data is w.session.analysis.review and review.data.report.pairs is w.session.report.pairs
        assert review.verdicts == verdicts and review.pair_verdict(report.pairs[first]).status == "confirmed"
        assert w.pairs.model.rowCount() == len(report.pairs) > 0
        assert len(w.session.ready_entries()) == len(report.documents)
        # a file that is not a check: an error that names it, and the file is left alone
        bogus = tmp_path / "bogus.plagscope"
        bogus.write_bytes(b"nonsense" * 10)
        other.dialogs.saved.append(str(bogus))
        other.trigger("open_check", settle=False)
        qtbot.waitUntil(other.idle, timeout=WAIT_MS)
        expect_error(other, "bogus.plagscope cannot be opened as a check.")
        assert w.session.report == report and bogus.read_bytes() == b"nonsense" * 10
    finally:
        other.close()

    # `plagscope class.plagscope FOLDER`: the check opens from the command line, the rest loads
    (tmp_path / "third").mkdir()
    more = tmp_path / "more"
    more.mkdir()
    shutil.copy2(SAMPLES / "en_original_homework.txt", more)
    third = App.started(qtbot, tmp_path / "third", monkeypatch, paths=[path, more])
    try:
        third.settle()
        assert third.window.session.report == report
        assert third.window.archive.saved_path == path
    finally:
        third.close()


_CRASHING_APP = textwrap.dedent("""
    import os, sys
    sys.path.insert(0, {root!r})
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtCore import QSettings
    from gui import app as gui_app
    from gui.settings import Settings
    running = gui_app.start({paths!r}, settings=Settings(QSettings({ini!r}, QSettings.Format.IniFormat)),
                            offer_recovery=False)
    window = running.window
    window.session.checkFinished.connect(lambda r: print("checked", flush=True))
    window.archive.autosaver.saved.connect(lambda p: print("autosaved", flush=True))
    window.session.loadFinished.connect(lambda f: window.actions.check.trigger())
    sys.exit(running.app.exec())
""")


def test_autosave_is_recovered_after_the_process_is_killed(qtbot, tmp_path, monkeypatch):
    """A Plagscope killed after its check: the next start asks to restore it, and does."""
    paths = [str(SAMPLES / n) for n in ("zh_original_网络阅读.txt", "zh_light_edit_gbk.txt",
                                         "en_original_homework.txt", "en_reordered.txt")]
    data = tmp_path / "data"  # the data folder the harness gives the next start
    script = tmp_path / "app.py"
    script.write_text(_CRASHING_APP.format(root=str(ROOT), ini=str(tmp_path / "s.ini"), paths=paths),
                      encoding="utf-8")
    env = dict(os.environ, PLAGSCOPE_DATA_DIR=str(data), XDG_DATA_HOME=str(tmp_path / "xdg"))
    child = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert child.stdout.readline().strip() == "checked"
        autosave = data / f"autosave-{child.pid}.plagscope"
        assert child.stdout.readline().strip() == "autosaved"  # on the worker pool, after the check
        assert autosave.exists()
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
    app = App.started(qtbot, tmp_path, monkeypatch)  # answers Yes to "Recover unsaved work"
    try:
        app.settle()
        w = app.window
        assert ("question", "Recover unsaved work") in app.dialogs.asked
        report = w.session.report
        assert sorted(d.name for d in report.documents) == sorted(Path(p).name for p in paths)
        assert report.pairs and w.pairs.model.rowCount() == len(report.pairs)
        assert not autosave.exists()  # recovered once; the window now autosaves under its own pid
        assert w.archive.autosaver.wait() and w.archive.autosave_path().exists()
        own = w.archive.autosave_path()
        app.trigger("quit")  # a clean close leaves nothing to recover
        assert not own.exists()
    finally:
        app.close()
    again = App.started(qtbot, tmp_path, monkeypatch)
    try:
        again.settle()
        assert not any(title == "Recover unsaved work" for _kind, title in again.dialogs.asked)
        assert again.window.session.report is None
    finally:
        again.close()


def test_archive_menu_add_check_against_archive_and_browse(qtbot, tmp_path, monkeypatch, store_location):
    """Archive Location…, Add Loaded Documents (with a label), Check Against Archive, Browse
    Archive (search, open a text, remove), each from the menu."""
    (tmp_path / "teacher").mkdir()
    app = App.started(qtbot, tmp_path / "teacher", monkeypatch)
    try:
        app.dialogs.texts = {"Archive Location": str(store_location), "Add to Archive": "2024 spring"}
        app.trigger("archive_location")
        assert app.window.archive.location() == str(store_location)
        app.dialogs.files = [SAMPLES / "zh_original_网络阅读.txt", SAMPLES / "en_original_homework.txt"]
        app.trigger("open")
        app.trigger("archive_add")
        with open_store(store_location) as store:
            assert [d.label for d in store.documents()] == ["2024 spring"] * 2
    finally:
        app.close()

    (tmp_path / "colleague").mkdir()
    new = App.started(qtbot, tmp_path / "colleague", monkeypatch)
    try:
        w = new.window
        new.dialogs.texts = {"Archive Location": str(store_location)}
        new.trigger("archive_location")
        new.dialogs.files = [SAMPLES / "zh_light_edit_gbk.txt"]
        new.trigger("open")
        new.trigger("archive_switch")  # Archive > Check Against Archive: on
        assert w.actions.archive_switch.isChecked()
        new.key(Qt.Key.Key_R, CTRL)  # one document is enough against the archive
        report = w.session.report
        assert [d.name for d in report.documents] == ["zh_light_edit_gbk.txt", "zh_original_网络阅读.txt"]
        assert report.documents[1].archive.label == "2024 spring"
        names = [w.pairs.model.data(w.pairs.model.index(0, c)) for c in range(w.pairs.model.columnCount())]
        assert any(str(n).startswith("[A] ") for n in names)
        assert "[A] " in w.heat_map.tooltip_text(0, 1)
        new.key(Qt.Key.Key_1, CTRL)
        new.key(Qt.Key.Key_Return)  # the pair opens
        tab = w.tabs.currentWidget()
        assert not w.tabs.is_fixed(tab)
        assert any("[archived, 2024 spring] zh_original" in label.text() for label in tab.findChildren(QLabel))

        new._watch.stop()  # the browser stays open while the test works in it
        new.trigger("archive_browse", settle=False)  # listed in the background, then shown
        qtbot.waitUntil(lambda: w.archive.browser is not None and w.archive.browser.isVisible(),
                        timeout=WAIT_MS)
        browser = w.archive.browser
        assert browser.table.model().rowCount() == 2
        assert browser.count.text() == "2 documents"
        QTest.keyClicks(browser.search, "HOMEwork")  # case ignored, searched in memory
        assert browser.table.model().rowCount() == 1
        row = browser.table.visualRect(browser.table.model().index(0, 1)).center()
        QTest.mouseClick(browser.table.viewport(), Qt.MouseButton.LeftButton, pos=row)  # the row selected
        assert browser.selected_ids()
        QTest.mouseClick(browser.open_button, Qt.MouseButton.LeftButton)  # read in the background
        qtbot.waitUntil(lambda: len(browser.text_views) == 1, timeout=WAIT_MS)
        [view] = browser.text_views
        assert "homework" in view.findChild(QPlainTextEdit).toPlainText().lower()
        QTest.mouseClick(browser.remove_button, Qt.MouseButton.LeftButton)  # answered Yes
        assert ("question", "Remove from the archive") in new.dialogs.asked
        qtbot.waitUntil(lambda: browser.task is None and len(browser.all_documents) == 1, timeout=WAIT_MS)
        assert browser.table.model().rowCount() == 0  # the search still shows only "homework"
        QTest.keyClick(browser.search, Qt.Key.Key_A, CTRL)  # the search emptied
        QTest.keyClick(browser.search, Qt.Key.Key_Backspace)
        assert browser.table.model().rowCount() == 1
        QTest.keyClick(browser, Qt.Key.Key_Escape)  # closes the browser
        qtbot.waitUntil(lambda: not browser.isVisible(), timeout=WAIT_MS)
        new._watch.start()
        new.check_clean()
        with open_store(store_location) as store:
            assert [d.name for d in store.documents()] == ["zh_original_网络阅读.txt"]
    finally:
        new.close()


def test_the_archive_switch_is_on_the_toolbar_next_to_check_and_in_the_menu(qtbot, tmp_path, monkeypatch):
    app = App.started(qtbot, tmp_path, monkeypatch)
    try:
        w = app.window
        switch = w.actions.archive_switch
        bar = w.main_menus.toolbar.actions()
        assert bar.index(switch) == bar.index(w.actions.check) + 2  # Check, Translations, Archive
        assert switch in w.menus["archive"].actions()  # one action: both show the same state
        assert switch.isCheckable() and switch.iconText() == "Archive"
        assert switch.text() == "Check Against &Archive" and "every archived" in switch.toolTip()
        button = w.main_menus.toolbar.widgetForAction(switch)
        w.resize(1280, 800)
        qtbot.waitUntil(lambda: button.isVisible())
        assert button.text() == "Archive"
        QTest.mouseClick(button, Qt.MouseButton.LeftButton)
        assert switch.isChecked() and w.session.archive_location is not None
        app.trigger(w.menus["archive"].actions()[0])  # the menu's entry: off again
        assert not switch.isChecked() and not button.isChecked() and w.session.archive_location is None
    finally:
        app.close()


def test_after_the_check_is_autosaved_a_verdict_rewrites_only_the_verdicts(qtbot, tmp_path, monkeypatch, essays):
    import core.store.saved as saved_module

    app = checked(qtbot, tmp_path, monkeypatch, essays)
    try:
        w, report, path = autosaved(app)
        assert open_check(path).report == report
        full_saves = []
        real = saved_module.save_check_steps
        monkeypatch.setattr(saved_module, "save_check_steps", lambda *a, **k: full_saves.append(a) or real(*a, **k))
        verdict_on_first_pair(app)
        review = w.review_panes.review
        assert w.archive.autosaver.wait()
        assert full_saves == []  # the check was in the file already
        assert open_check(path).verdicts == review.verdicts and open_check(path).report == report
        # a check of fewer documents is a new report: written whole again
        app.key(Qt.Key.Key_0, CTRL)  # the document list, its first row current
        app.key(Qt.Key.Key_Delete)  # Remove
        app.key(Qt.Key.Key_R, CTRL)
        assert w.archive.autosaver.wait()
        assert len(w.session.report.documents) == len(report.documents) - 1
        assert len(full_saves) == 1 and open_check(path).report == w.session.report
    finally:
        app.close()


def test_an_autosave_file_spoilt_meanwhile_is_written_whole_at_the_next_verdict(qtbot, tmp_path, monkeypatch,
                                                                                 essays):
    app = checked(qtbot, tmp_path, monkeypatch, essays)
    try:
        w, report, path = autosaved(app)
        path.write_bytes(b"nonsense" * 10)  # something outside the app spoilt it
        verdict_on_first_pair(app)  # Confirmed
        assert w.archive.autosaver.wait()  # the verdicts-only save fails (logged, never in the way)
        verdict_on_first_pair(app, Qt.Key.Key_2)  # Suspicious
        assert w.archive.autosaver.wait()
        saved = open_check(path)
        review = w.review_panes.review
        assert saved.report == report and saved.verdicts == review.verdicts
        assert review.pair_verdict(report.pairs[w.pairs.current_pair()]).status == "suspicious"
    finally:
        app.close()



def test_browsing_an_archive_whose_server_never_answers_leaves_the_window_working(qtbot, tmp_path, monkeypatch):
    """Archive > Browse Archive on a PostgreSQL address whose host accepts connections and never
    answers (a frozen server): the menu returns at once while the archive is listed in the
    background, and the error names the address without its password."""
    # the silent server is another process: a Python thread here could run a collector pass
    # that frees a Qt object off the GUI thread, and its disconnect deadlocks with the window's
    server = subprocess.Popen([sys.executable, "-c", (
        "import socket\n"
        "s = socket.socket()\n"
        "s.bind(('127.0.0.1', 0))\n"
        "s.listen()\n"
        "print(s.getsockname()[1], flush=True)\n"
        "held = []\n"
        "while True:\n"
        "    held.append(s.accept()[0])  # never a word back\n")], stdout=subprocess.PIPE, text=True)
    port = int(server.stdout.readline())
    monkeypatch.setenv("PLAGSCOPE_PG_TIMEOUT", "2")
    app = App.started(qtbot, tmp_path, monkeypatch)
    try:
        dsn = f"host=127.0.0.1 port={port} dbname=x user=u password=pw123456"
        app.dialogs.texts = {"Archive Location": dsn}
        app.trigger("archive_location")
        app.trigger("archive_browse", settle=False)
        from gui.background import FileTask

        [task] = [t for t in app.window.findChildren(FileTask) if not t.finished]  # still waiting
        assert app.window.archive.browser is None
        expect_error(app, "cannot connect to PostgreSQL at host=127.0.0.1")
        qtbot.waitUntil(lambda: task.finished, timeout=WAIT_MS)
        assert "pw123456" not in task.error and "127.0.0.1" in task.error
        assert all("pw123456" not in text for _title, text in app.boxes)
        assert app.window.archive.browser is None
    finally:
        app.close()
        server.kill()
        server.wait()
        server.stdout.close()
