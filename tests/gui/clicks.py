"""A click-driven harness: the app started through its entry point (`gui.app.start`) on
throwaway settings and data, driven only by its actions (`QAction.trigger()`, key clicks),
with Qt's file / input / message dialogs answered by the test.

Any uncaught exception (sys.excepthook, which the app replaces with its error dialog) and any
error or warning message box shown while the harness drives the window is recorded, and
`App.check_clean()` (called after every step) fails the test with what was shown.

    app = App.started(qtbot, tmp_path, monkeypatch)
    app.dialogs.files = essays                      # File > Open Files… answers these
    app.trigger("open"); app.trigger("check")
    for action in app.every_action(): ...           # every action in every menu and the toolbar
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths, Qt, QThreadPool, QTimer
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QFileDialog,
    QInputDialog,
    QMenu,
    QMessageBox,
    QProgressDialog,
    QToolBar,
)

WAIT_MS = 120_000
ERROR_ICONS = (QMessageBox.Icon.Critical, QMessageBox.Icon.Warning)


@dataclass
class Dialogs:
    """Scripted answers to Qt's static dialogs; every question asked is kept in `asked`."""

    folder: Path
    files: list[Path] = field(default_factory=list)  # Open Files… answers these
    texts: dict[str, str] = field(default_factory=dict)  # getText: title -> answer (else its default)
    note: str = "Checked by hand"
    save_suffix: str = ""  # save dialogs choose the filter with this suffix (".pdf"), else their own
    accept: bool = True  # False: every dialog is cancelled
    asked: list[tuple[str, str]] = field(default_factory=list)
    saved: list[str] = field(default_factory=list)  # paths answered to save dialogs, in order
    offered: dict[str, str] = field(default_factory=dict)  # getText: title -> the text it offered

    def install(self, monkeypatch) -> None:
        m = monkeypatch
        m.setattr(QFileDialog, "getOpenFileNames", staticmethod(self._open_files))
        m.setattr(QFileDialog, "getOpenFileName", staticmethod(self._open_file))
        m.setattr(QFileDialog, "getSaveFileName", staticmethod(self._save_file))
        m.setattr(QFileDialog, "getExistingDirectory", staticmethod(self._directory))
        m.setattr(QInputDialog, "getText", staticmethod(self._text))
        m.setattr(QInputDialog, "getMultiLineText", staticmethod(self._multiline))
        m.setattr(QInputDialog, "getItem", staticmethod(self._item))
        m.setattr(QMessageBox, "question", staticmethod(self._question))

    def _open_files(self, parent=None, caption="", directory="", filter="", *args, **kwargs):
        self.asked.append(("getOpenFileNames", caption))
        return ([str(p) for p in self.files], "") if self.accept else ([], "")

    def _open_file(self, parent=None, caption="", directory="", filter="", *args, **kwargs):
        """The last file saved with a suffix the filter names (e.g. the last saved check)."""
        self.asked.append(("getOpenFileName", caption))
        suffixes = _suffixes(filter)
        found = [p for p in reversed(self.saved) if not suffixes or Path(p).suffix in suffixes]
        return (found[0], "") if self.accept and found else ("", "")

    def _save_file(self, parent=None, caption="", directory="", filter="", selected="", *args, **kwargs):
        """A new file in the answers' folder with the first suffix of the chosen filter."""
        self.asked.append(("getSaveFileName", caption))
        if not self.accept:
            return "", ""
        filters = filter.split(";;")
        chosen = next((f for f in filters if self.save_suffix and self.save_suffix in _suffixes(f)),
                      selected or filters[0])
        suffix = next(iter(_suffixes(chosen)), "")
        stem = Path(str(directory)).stem or "answer"
        path = self.folder / f"{stem}-{len(self.saved) + 1}{suffix}"
        self.saved.append(str(path))
        return str(path), chosen

    def _directory(self, parent=None, caption="", directory="", *args, **kwargs):
        self.asked.append(("getExistingDirectory", caption))
        folders = {str(Path(p).parent) for p in self.files}
        return folders.pop() if self.accept and len(folders) == 1 else ""

    def _text(self, parent=None, title="", label="", echo=None, text="", *args, **kwargs):
        self.asked.append(("getText", title))
        text = kwargs.get("text", text)
        self.offered[title] = text
        return (self.texts.get(title, text), True) if self.accept else ("", False)

    def _multiline(self, parent=None, title="", label="", text="", *args, **kwargs):
        self.asked.append(("getMultiLineText", title))
        return (self.note, True) if self.accept else ("", False)

    def _item(self, parent=None, title="", label="", items=(), current=0, *args, **kwargs):
        self.asked.append(("getItem", title))
        return (list(items)[current], True) if self.accept and items else ("", False)

    def _question(self, parent=None, title="", text="", *args, **kwargs):
        self.asked.append(("question", title))
        return QMessageBox.StandardButton.Yes if self.accept else QMessageBox.StandardButton.No


def _suffixes(filter_text: str) -> list[str]:
    """".pdf", ".html"… named by a file dialog filter such as "PDF (*.pdf);;HTML (*.html)"."""
    out = []
    for part in filter_text.replace(")", " ").replace("(", " ").split():
        if part.startswith("*.") and part != "*.*":
            out.append(part[1:])
    return out


class App:
    """The started app and what it showed: `errors` (exceptions and error / warning boxes)."""

    def __init__(self, qtbot, running, dialogs: Dialogs):
        self.qtbot, self.running, self.dialogs = qtbot, running, dialogs
        self.window = running.window
        self.errors: list[str] = []
        self.boxes: list[tuple[str, str]] = []  # (title, text) of every message box shown
        self.modal_dialogs: list[str] = []  # class names of other dialogs answered
        self._previous_hook = None
        self._watch = QTimer()
        self._watch.setInterval(20)
        self._watch.timeout.connect(self.answer_open_dialogs)

    @classmethod
    def started(cls, qtbot, tmp_path: Path, monkeypatch, paths=()) -> App:
        """`gui.app.start` on a fresh settings file and data folder (autosaves, the archive)."""
        from gui import app as gui_app
        from gui.settings import Settings

        monkeypatch.setenv("PLAGSCOPE_DATA_DIR", str(tmp_path / "data"))
        monkeypatch.delenv("PLAGSCOPE_DB", raising=False)
        QStandardPaths.setTestModeEnabled(True)  # the log goes to a test location
        answers = tmp_path / "answers"
        answers.mkdir(exist_ok=True)
        dialogs = Dialogs(answers)
        dialogs.install(monkeypatch)
        settings = Settings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
        settings.set_language("en")
        previous_hook = sys.excepthook
        running = gui_app.start([str(p) for p in paths], settings=settings)
        app = cls(qtbot, running, dialogs)
        app._previous_hook = previous_hook
        app_hook = sys.excepthook

        def hook(exc_type, exc, tb):
            app.errors.append(f"uncaught {exc_type.__name__}: {exc}")
            app_hook(exc_type, exc, tb)

        sys.excepthook = hook
        app._watch.start()
        qtbot.waitExposed(app.window)
        app.window.activateWindow()  # shortcuts reach the active window only
        qtbot.waitUntil(lambda: QApplication.activeWindow() is app.window, timeout=WAIT_MS)
        return app

    @classmethod
    def checked(cls, qtbot, tmp_path: Path, monkeypatch, files) -> App:
        """Started, `files` opened (Ctrl+O, File > Open Files… answered with them) and checked
        (Ctrl+R), keys only; closed again if that fails."""
        app = cls.started(qtbot, tmp_path, monkeypatch)
        try:
            app.dialogs.files = list(files)
            app.key(Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
            app.key(Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
            assert app.window.session.report is not None
        except BaseException:
            app.close()
            raise
        return app

    # ----- driving -------------------------------------------------------------------------
    def action(self, name: str) -> QAction:
        return self.window.actions[name]

    def trigger(self, action: QAction | str, *, settle: bool = True) -> None:
        """Trigger an action as a click does (it must be visible and enabled), then wait until
        the work it started has ended and fail on any error shown meanwhile."""
        action = self.action(action) if isinstance(action, str) else action
        assert action.isEnabled(), f"{describe(action)} is disabled"
        action.trigger()
        if settle:
            self.settle()

    def settle(self) -> None:
        self.qtbot.waitUntil(self.idle, timeout=WAIT_MS)
        QApplication.processEvents()
        self.answer_open_dialogs()
        self.check_clean()

    def idle(self) -> bool:
        """No load, check, file task, archive add, review or autosave of the window is running."""
        from gui.background import FileTask

        w = self.window
        self.answer_open_dialogs()
        return (not w.session.busy
                and all(t.finished for t in w.findChildren(FileTask))
                and getattr(w.archive, "add_worker", None) is None
                and not w.review.busy)

    def key(self, key, modifier=Qt.KeyboardModifier.NoModifier, widget=None) -> None:
        """A key click where the keyboard focus is (or on `widget`), then settle."""
        if widget is None and QApplication.activeWindow() is not self.window:
            self.window.activateWindow()
            self.qtbot.waitUntil(lambda: QApplication.activeWindow() is self.window, timeout=WAIT_MS)
        target = widget or QApplication.focusWidget() or self.window
        QTest.keyClick(target, key, modifier)
        self.settle()

    def check_clean(self) -> None:
        assert not self.errors, "the window showed errors:\n" + "\n".join(self.errors)

    def answer_open_dialogs(self) -> None:
        """Close every message box (recording it; an error or warning is an error) and accept
        every other modal dialog the app opened (options, archive browser, About Qt …)."""
        for widget in QApplication.topLevelWidgets():
            if not widget.isVisible():
                continue
            if isinstance(widget, QMessageBox):
                text = f"{widget.windowTitle()}: {widget.text()} {widget.informativeText()}".strip()
                self.boxes.append((widget.windowTitle(), widget.text()))
                if widget.icon() in ERROR_ICONS:
                    self.errors.append(f"{widget.icon().name} box — {text}\n{widget.detailedText()}")
                widget.done(0)
            elif (isinstance(widget, QDialog) and not isinstance(widget, QProgressDialog)
                  and widget.windowModality() != Qt.WindowModality.NonModal):  # a help page may stay
                self.modal_dialogs.append(type(widget).__name__)
                widget.accept()

    # ----- finding the actions -------------------------------------------------------------
    def every_action(self) -> list[QAction]:
        """Every action of every menu (submenus included, filled as when they open) and of the
        toolbars, once each, in menu order."""
        seen: dict[int, QAction] = {}

        def walk(menu: QMenu) -> None:
            menu.aboutToShow.emit()  # menus filled when they open (Recent Files, Verdict)
            for action in menu.actions():
                if action.isSeparator():
                    continue
                if action.menu() is not None:
                    walk(action.menu())
                    continue
                seen.setdefault(id(action), action)

        for top in self.window.menuBar().actions():
            if top.menu() is not None:
                walk(top.menu())
        for bar in self.window.findChildren(QToolBar):
            for action in bar.actions():
                if not action.isSeparator() and action.menu() is None and action.isVisible():
                    seen.setdefault(id(action), action)
        return list(seen.values())

    def close(self) -> None:
        """Cancel what runs, close the window, restore the hooks and the language."""
        self._watch.stop()
        w = self.window
        try:
            w.session.cancel()
            QThreadPool.globalInstance().waitForDone(WAIT_MS)
            QApplication.processEvents()
            self.answer_open_dialogs()
            w.close()
            w.archive.clear_autosave()
            w.deleteLater()
            QApplication.processEvents()
        finally:
            sys.excepthook = self._previous_hook or sys.__excepthook__
            w.translations.set_language("en")
            QStandardPaths.setTestModeEnabled(False)


def describe(action: QAction) -> str:
    """An action as a person finds it: "File > Save Check… (action_save_check)"."""
    path = [action.text().replace("&", "")]
    menus = [w for w in action.associatedObjects() if isinstance(w, QMenu)]
    while menus:
        menu = menus[0]
        if menu.title():
            path.insert(0, menu.title().replace("&", ""))
        parents = [w for w in menu.menuAction().associatedObjects() if isinstance(w, QMenu)]
        menus = parents
    return " > ".join(path) + (f" ({action.objectName()})" if action.objectName() else "")


