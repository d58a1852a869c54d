"""The window's saved checks, autosave recovery and Archive menu (pytest-qt)."""

from __future__ import annotations

import gc
import os
import signal
import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import WAIT_MS, close_messages
from PySide6.QtCore import QThreadPool
from PySide6.QtWidgets import QApplication

from core.models import Verdict
from core.review import analyse
from core.review.verdicts import Verdicts, pair_key
from core.steps import drain
from core.store import open_store
from core.store.saved import open_check

ROOT = Path(__file__).resolve().parents[2]
# the archive on both backends, as in tests/core (an SQLite file; a PostgreSQL schema when a
# server is configured or can be started, else that case is skipped with the reason)
sys.path.append(str(ROOT / "tests" / "core"))
from store_backends import postgres_dsn, store_location  # noqa: F401

SAMPLES = ROOT / "resources" / "samples"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Autosaves and the default archive in a temporary data directory, never the user's."""
    path = tmp_path / "data"
    monkeypatch.setenv("PLAGSCOPE_DATA_DIR", str(path))
    monkeypatch.delenv("PLAGSCOPE_DB", raising=False)
    yield path
    QThreadPool.globalInstance().waitForDone(WAIT_MS)
    QApplication.processEvents()
    gc.collect()  # our windows' garbage goes now, not while a later test counts references


def test_save_and_open_check_with_verdicts(checked_window, make_window, tmp_path, essays):
    w = checked_window
    report = w.session.report
    verdicts = Verdicts().set_pair(pair_key(report, report.pairs[0]), Verdict("confirmed", "same text"))
    w.review_panes.review.set_verdicts(verdicts)  # as the verdict UI does
    path = w.archive.save_check(str(tmp_path / "class.plagscope")).wait()  # saved on the worker pool
    assert path and open_check(path).report == report
    for f in essays:
        f.unlink()  # the originals are not needed to reopen
    other = make_window()
    assert other.archive.open_check(path).wait()
    assert other.session.report == report and other.archive.verdicts == verdicts
    # the review and the figures came with the opened check (computed in a child process)
    assert other.session.figures_ready and other.session.analysis.figures.report is other.session.report
    other.review_panes.review.wait()
    assert other.review_panes.review.data is other.session.analysis.review
    assert other.review_panes.review.data.report.pairs is other.session.report.pairs
    assert other.review_panes.review.verdicts == verdicts
    assert other.review_panes.review.pair_verdict(report.pairs[0]).status == "confirmed"
    assert other.pairs.model.rowCount() == w.pairs.model.rowCount() > 0
    assert len(other.session.ready_entries()) == len(report.documents)
    third = make_window()  # `plagscope class.plagscope FOLDER`: the check opens, the rest loads
    assert third.archive.take_saved_checks([path, str(tmp_path)]) == [str(tmp_path)]
    third.archive.task.wait()
    assert third.session.report == report
    # a file that is not a check: a message, and the file is left alone
    bogus = tmp_path / "bogus.plagscope"
    bogus.write_bytes(b"nonsense" * 10)
    task = other.archive.open_check(str(bogus))
    assert task.wait() is None and task.error and other.session.report == report
    assert [m.text() for m in other.messages.open] == ["bogus.plagscope cannot be opened as a check."]
    close_messages(other)
    assert bogus.read_bytes() == b"nonsense" * 10


_CRASHING_APP = textwrap.dedent("""
    import os, sys, time
    sys.path.insert(0, {root!r})
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication
    from gui.main_window import MainWindow
    from gui.settings import Settings
    app = QApplication([])
    window = MainWindow(Settings(QSettings({ini!r}, QSettings.Format.IniFormat)))
    window.show()
    window.session.checkFinished.connect(lambda r: print("checked", flush=True))
    window.archive.autosaver.saved.connect(lambda p: print("autosaved", flush=True))
    window.session.loadFinished.connect(lambda f: window.run_check())
    window.add_paths({paths!r})
    while True:
        app.processEvents()
        time.sleep(0.01)
""")


def test_autosave_is_recovered_after_the_process_is_killed(make_window, tmp_path, data_dir):
    paths = [str(SAMPLES / n) for n in ("zh_original_网络阅读.txt", "zh_light_edit_gbk.txt",
                                         "en_original_homework.txt", "en_reordered.txt")]
    script = tmp_path / "app.py"
    script.write_text(_CRASHING_APP.format(root=str(ROOT), ini=str(tmp_path / "s.ini"), paths=paths),
                      encoding="utf-8")
    env = dict(os.environ, PLAGSCOPE_DATA_DIR=str(data_dir))
    child = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert child.stdout.readline().strip() == "checked"
        autosave = data_dir / f"autosave-{child.pid}.plagscope"
        assert child.stdout.readline().strip() == "autosaved"  # on the worker pool, after the check
        assert autosave.exists()
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
    window = make_window()
    assert window.archive.offer_recovery(accept=True).wait()
    assert window.archive.autosaver.wait()
    report = window.session.report
    assert sorted(d.name for d in report.documents) == sorted(Path(p).name for p in paths)
    assert report.pairs and window.pairs.model.rowCount() == len(report.pairs)
    assert not autosave.exists()  # recovered once; the window now autosaves under its own pid
    assert window.archive.autosave_path().exists()
    window.close()  # a clean close leaves nothing to recover
    assert not window.archive.autosave_path().exists()
    assert make_window().archive.offer_recovery(accept=True) is None


def test_archive_menu_add_check_against_archive_and_browse(make_window, driver, qtbot,
                                                           store_location):
    window = make_window()
    window.show()
    db = store_location
    window.archive.choose_location(str(db))
    assert window.menus["archive"].actions()
    driver.load(window, [SAMPLES / "zh_original_网络阅读.txt", SAMPLES / "en_original_homework.txt"])
    worker = window.archive.add_loaded(label="2024 spring")
    qtbot.waitUntil(lambda: window.archive.add_worker is None, timeout=WAIT_MS)
    assert worker.wait(5)
    with open_store(db) as store:
        assert [d.label for d in store.documents()] == ["2024 spring"] * 2

    new = make_window()
    new.show()
    new.archive.choose_location(str(db))
    driver.load(new, [SAMPLES / "zh_light_edit_gbk.txt"])
    new.actions.archive_switch.setChecked(True)
    report = driver.check(new)  # one document is enough against the archive
    assert [d.name for d in report.documents] == ["zh_light_edit_gbk.txt", "zh_original_网络阅读.txt"]
    assert report.documents[1].archive.label == "2024 spring"
    names = [new.pairs.model.data(new.pairs.model.index(0, c)) for c in range(new.pairs.model.columnCount())]
    assert any(str(n).startswith("[A] ") for n in names)
    assert "[A] " in new.heat_map.tooltip_text(0, 1)
    tab = new.open_pair(0)
    assert tab is not None
    from PySide6.QtWidgets import QLabel

    assert any("[archived, 2024 spring] zh_original" in label.text() for label in tab.findChildren(QLabel))

    browser = new.archive.browse()
    assert browser.table.rowCount() == 2
    browser.search.setText("homework")
    assert browser.table.rowCount() == 1
    browser.table.selectRow(0)
    view = browser.open_text()
    assert "homework" in view.findChild(type(view.layout().itemAt(0).widget())).toPlainText().lower()
    assert browser.remove_selected(confirm=False) == 1
    browser.search.setText("")
    assert browser.table.rowCount() == 1
    browser.done(0)


def test_the_archive_switch_is_on_the_toolbar_next_to_check_and_in_the_menu(make_window, qtbot):
    w = make_window()
    w.show()
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
    button.click()
    assert switch.isChecked() and w.session.archive_location is not None
    w.menus["archive"].actions()[0].trigger()
    assert not switch.isChecked() and not button.isChecked() and w.session.archive_location is None


def test_after_the_check_is_autosaved_a_verdict_rewrites_only_the_verdicts(checked_window, monkeypatch):
    import core.store.saved as saved_module

    w = checked_window
    report = w.session.report
    assert w.archive.autosaver.wait()
    path = w.archive.autosave_path()
    assert open_check(path).report == report
    full_saves = []
    real = saved_module.save_check_steps
    monkeypatch.setattr(saved_module, "save_check_steps", lambda *a, **k: full_saves.append(a) or real(*a, **k))
    review = w.review_panes.review
    review.set_pair_verdict(report.pairs[0], Verdict("confirmed", "same text"))
    assert w.archive.autosaver.wait()
    assert full_saves == []  # the check was in the file already
    assert open_check(path).verdicts == review.verdicts and open_check(path).report == report
    # a new report is written whole again
    shorter = replace(report, pairs=report.pairs[:1])
    w.session.install_report(shorter, drain(analyse(shorter)))
    assert w.archive.autosaver.wait()
    assert len(full_saves) == 1 and open_check(path).report.pairs == report.pairs[:1]


def test_an_autosave_file_spoilt_meanwhile_is_written_whole_at_the_next_verdict(checked_window):
    w = checked_window
    report = w.session.report
    assert w.archive.autosaver.wait()
    path = w.archive.autosave_path()
    path.write_bytes(b"nonsense" * 10)  # something outside the app spoilt it
    review = w.review_panes.review
    review.set_pair_verdict(report.pairs[0], Verdict("confirmed"))
    assert w.archive.autosaver.wait()  # the verdicts-only save fails (logged, never in the way)
    review.set_pair_verdict(report.pairs[0], Verdict("suspicious"))
    assert w.archive.autosaver.wait()
    saved = open_check(path)
    assert saved.report == report and saved.verdicts == review.verdicts
