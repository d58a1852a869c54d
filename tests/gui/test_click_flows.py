"""The main paths as a person takes them, on the app started through its entry point: keys and
menu clicks only, dialogs answered by the test (tests/gui/clicks.py)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from clicks import App
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
