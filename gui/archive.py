"""The archive and saved checks in the window: File > Save Check / Open Check, autosave and
crash recovery, and the Archive menu (add the loaded documents, check against the archive,
browse, where the archive lives). The main window creates one `ArchiveController` with what
it uses (the session, the actions, menus and toolbar, settings, messages, status bar, the
review's verdicts, a parent for its dialogs); the archive and saved-check work goes through
the session's API (Session.archive_add_steps, save_check_steps, open_check_steps ...);
everything else is here and in `gui.dialogs.archive_browser`.

Autosave: after every check (and on Save) the session is written to
`autosave-PID.plagscope` in the user's data directory, and after each verdict only the
verdicts in that file are replaced; a clean close removes it. At the next
start, an autosave left by a process that is no longer running means Plagscope did not close
cleanly, and its recovery is offered.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QFileDialog,
    QInputDialog,
    QLineEdit,
    QMessageBox,
    QProgressDialog,
    QStatusBar,
    QToolBar,
    QWidget,
)

from core.data_dir import data_dir
from core.display import safe_name

from .actions import Actions, Menus
from .archive_marks import archive_tooltip, shown_name  # noqa: F401 (re-exported)
from .background import Autosaver, FileTask
from .entries import Entry, State
from .session import normalize_path
from .settings import Settings
from .worker import Worker, start

log = logging.getLogger(__name__)

SETTINGS_KEY = "archive/location"
LABEL_KEY = "archive/last_label"  # the label of the last add, offered for the next
SUFFIX = ".plagscope"
#: A verdict is autosaved this long after it was set (more verdicts meanwhile: one save).
AUTOSAVE_DELAY_MS = 1000


def autosave_dir() -> Path:
    return data_dir()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def orphaned_autosaves() -> list[Path]:
    """Autosaves of Plagscope processes that are gone (newest first)."""
    found = []
    for path in autosave_dir().glob(f"autosave-*{SUFFIX}"):
        try:
            pid = int(path.stem.split("-", 1)[1])
        except ValueError:
            continue
        if pid != os.getpid() and not _alive(pid):
            found.append(path)
    return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)


class ArchiveController(QObject):
    """Owns the saved-check and archive commands of one main window."""

    def __init__(self, session: QObject, actions: Actions, menus: Menus, toolbar: QToolBar, settings: Settings,
                 messages, status_bar: QStatusBar, review: QObject | None, parent: QWidget):
        """`review`: the window's gui.review.Review (its verdicts are saved), None without one;
        `parent`: the dialogs' parent, whose closing clears the autosave."""
        super().__init__(parent)
        self.session, self.actions, self.menus, self.toolbar = session, actions, menus, toolbar
        self.settings, self.messages, self.status_bar, self.review = settings, messages, status_bar, review
        self.parent_widget = parent
        self.saved_path: str | None = None
        self.verdicts = None  # core.review.verdicts.Verdicts of an opened check
        self.add_worker: Worker | None = None
        self.progress_dialog: QProgressDialog | None = None
        self.browser = None
        self._build()
        self.session.checkFinished.connect(self._check_finished)
        self.session.archive_location = None
        parent.installEventFilter(self)

        # on the worker pool, one at a time; verdicts in quick succession make one save
        self.autosaver = Autosaver(self._autosave_job, self, delay_ms=AUTOSAVE_DELAY_MS)
        self._autosaved = None  # the report the autosave file holds (then a verdict writes only verdicts)
        self.task = None  # the running Save/Open Check (gui.background.FileTask)
        if review is not None:  # a verdict is work to keep too
            review.verdictsChanged.connect(self.autosave)

    # ----- commands ------------------------------------------------------------------------
    def _build(self) -> None:
        add = self.actions.add
        a = self.actions
        add("save_check", self.save_check, shortcut="Ctrl+S",
            texts=lambda: (self.tr("&Save Check…"), self.tr("Save the documents, results and verdicts "
                                                          "in one .plagscope file")))
        add("open_check", self.open_check, texts=lambda: (
            self.tr("Open &Check…"), self.tr("Open a saved check (no original files needed)")))
        add("archive_add", self.add_loaded, texts=lambda: (
            self.tr("&Add Loaded Documents…"), self.tr("Keep the loaded documents in the archive, "
                                                       "with a label")))
        add("archive_switch", None, checkable=True, icon="archive", texts=lambda: (
            self.tr("Check Against &Archive"), self.tr("Also compare with every archived document")))
        add("archive_browse", self.browse, texts=lambda: (
            self.tr("&Browse Archive…"), self.tr("Search, open and remove archived documents")))
        add("archive_location", self.choose_location, texts=lambda: (
            self.tr("Archive &Location…"), self.tr("An SQLite file or a postgresql:// address")))
        a.archive_switch.toggled.connect(self._switch_changed)  # also when set from code
        file_menu = self.menus["file"]
        file_menu.insertAction(a.export, a.open_check)
        file_menu.insertAction(a.export, a.save_check)
        file_menu.insertSeparator(a.export)
        self.menus.add("archive", lambda: self.tr("&Archive"),
                    [a.archive_switch, None, a.archive_add, a.archive_browse, None,
                     a.archive_location], before="help")
        # on the toolbar next to Check, as a short word (the menu item keeps the long text and
        # the tooltip says what it does); a narrow window moves it into the toolbar's overflow
        self.toolbar.insertAction(a.cancel, a.archive_switch)
        self._short_texts()

    def _short_texts(self) -> None:
        self.actions.archive_switch.setIconText(self.tr("Archive"))

    def location(self) -> str:
        saved = self.settings.q.value(SETTINGS_KEY, "")
        return self.session.resolve_archive(str(saved) if saved else None)

    def _error(self, title: str, text: str, detail: str = "") -> None:
        self.messages.error(title, text, detail)

    # ----- check against the archive -------------------------------------------------------
    def _switch_changed(self, on: bool) -> None:
        self.session.archive_location = self.location if on else None  # the session checks against it

    # ----- adding to the archive -----------------------------------------------------------
    def add_loaded(self, label: str | None = None) -> Worker | None:
        """Archive > Add Loaded Documents: in the background, with progress and cancel."""
        docs = [e.document for e in self.session.ready_entries()
                if e.document is not None and e.document.archive is None]
        if not docs:
            self.messages.show(QMessageBox.Icon.Information, self.tr("Archive"),
                                      self.tr("There are no loaded documents to add."))
            return None
        if label is None:
            label = self.ask_label(docs)
            if label is None:
                return None
        steps = self.session.archive_add_steps(self.location(), docs, label)
        worker = Worker(lambda: steps, name="archive-add")
        dialog = QProgressDialog(self.tr("Adding to the archive…"), self.tr("Cancel"), 0, len(docs),
                                 self.parent_widget)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(300)
        dialog.canceled.connect(worker.cancel)
        worker.signals.progress.connect(lambda p: dialog.setValue(p.done) if hasattr(p, "done") else None)
        worker.signals.finished.connect(lambda result: self._added(result, dialog))
        worker.signals.failed.connect(lambda message, _d: self._add_failed(message, dialog))
        worker.signals.cancelled.connect(lambda: self._add_cancelled(dialog))
        self.add_worker, self.progress_dialog = worker, dialog
        return start(worker)

    def ask_label(self, docs) -> str | None:
        """The label for an archive add (class and term), starting from the last one used (or
        the documents' folder); None when the user cancels. A label is needed: the archive is
        filtered and cleared by it."""
        q = self.settings.q
        last = str(q.value(LABEL_KEY, "") or "")
        if not last:
            folders = {os.path.basename(os.path.dirname(d.path)) for d in docs if d.path}
            last = folders.pop() if len(folders) == 1 else ""
        while True:
            label, ok = QInputDialog.getText(
                self.parent_widget, self.tr("Add to Archive"),
                self.tr("Label for these %n document(s) (e.g. class and term):", "", len(docs)),
                QLineEdit.EchoMode.Normal, last)
            if not ok:
                return None
            label = label.strip()
            if label:
                q.setValue(LABEL_KEY, label)
                return label
            self.messages.show(QMessageBox.Icon.Information, self.tr("Add to Archive"),
                                      self.tr("Give the documents a label, such as the class and "
                                              "term, to find and remove them later."))
            return None

    def _added(self, result, dialog) -> None:
        dialog.reset()
        self.add_worker = None
        self.last_add = result
        self.status_bar.showMessage(
            self.tr("Archive: %1 added, %2 already there").replace("%1", str(len(result.added)))
            .replace("%2", str(len(result.present))), 8000)

    def _add_failed(self, message: str, dialog) -> None:
        dialog.reset()
        self.add_worker = None
        self._error(self.tr("Archive"), self.tr("The documents could not be added."), message)

    def _add_cancelled(self, dialog) -> None:
        dialog.reset()
        self.add_worker = None
        self.status_bar.showMessage(self.tr("Adding to the archive was cancelled; the "
                                                    "documents added so far stay."), 8000)

    # ----- browsing and location -----------------------------------------------------------
    def browse(self):
        """Archive > Browse Archive: the archive listed on the worker pool (progress, Cancel, an
        error dialog naming it), then the browser over that list; returns the running task."""
        location = self.location()

        def on_listed(work, label: str, done) -> FileTask:  # the browser's jobs: on the archive it lists
            return self.on_archive(location, work, label, done)

        def listed(result) -> None:
            shown, documents = result
            from .dialogs.archive_browser import ArchiveBrowser

            self.browser = ArchiveBrowser(shown, documents, on_listed, self.parent_widget)
            self.browser.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            self.browser.open()

        return self.on_archive(location, lambda store: (store.location, store.documents()),
                               self.tr("Listing the archive…"), listed)

    def on_archive(self, location: str, work, label: str, done) -> FileTask:
        """`work(store)` on the archive at `location` in the background, with progress, Cancel
        and an error dialog; `done(result)` after it succeeded."""
        task = FileTask(lambda: self.session.archive_steps(location, work),
                        parent=self.browser if self.browser is not None and self.browser.isVisible()
                        else self.parent_widget,
                        title=self.tr("Archive"), label=label, path=self.session.shown_location(location),
                        failure=self.tr("The archive %1 cannot be used."), messages=self.messages)
        task.done.connect(done)
        return task.start()

    def choose_location(self, location: str | None = None) -> None:
        if location is None:
            location, ok = QInputDialog.getText(
                self.parent_widget, self.tr("Archive Location"),
                self.tr("SQLite file or postgresql://user@host/database (empty: the default)"),
                text=str(self.settings.q.value(SETTINGS_KEY, "")))
            if not ok:
                return
        self.settings.q.setValue(SETTINGS_KEY, location.strip())

    # ----- saved checks --------------------------------------------------------------------
    def save_check(self, path: str | None = None):
        """File > Save Check: the session's report (and verdicts) to a .plagscope file, on the
        worker pool with progress and Cancel; returns the running FileTask (None if not started)."""
        report = self.session.report
        if report is None:
            self.messages.show(QMessageBox.Icon.Information, self.tr("Save Check"),
                                      self.tr("There are no results to save. Run a check first."))
            return None
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self.parent_widget, self.tr("Save Check"),
                                                  self.saved_path or "check.plagscope",
                                                  self.tr("Plagscope checks (*.plagscope)"))
            if not path:
                return None
            if not path.endswith(SUFFIX):
                path += SUFFIX

        steps = self.session.save_check_steps(path, self.current_verdicts())
        task = FileTask(lambda: steps, parent=self.parent_widget,
                        title=self.tr("Save Check"),
                        label=self.tr("Saving the check to %1…").replace("%1", safe_name(os.path.basename(path))),
                        path=path, failure=self.tr("The check could not be saved to %1."),
                        messages=self.messages)
        task.done.connect(lambda _path: self._saved(path))
        self.task = task
        return task.start()

    def _saved(self, path: str) -> None:
        self.saved_path = path
        self.status_bar.showMessage(self.tr("Check saved to %1").replace("%1", safe_name(path)), 8000)

    def current_verdicts(self):
        review = self.review
        if review is not None and review.verdicts:
            return review.verdicts
        return self.verdicts

    def open_check(self, path: str | None = None):
        """File > Open Check: show a saved check as it was (documents, results, verdicts); read
        on the worker pool with progress and Cancel. Returns the running FileTask (None if the
        user backed out)."""
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self.parent_widget, self.tr("Open Check"), "",
                                                  self.tr("Plagscope checks (*.plagscope)"))
            if not path:
                return None

        steps = self.session.open_check_steps(path)  # its review and figures, from a child process
        task = FileTask(lambda: steps, parent=self.parent_widget, title=self.tr("Open Check"),
                        label=self.tr("Opening %1…").replace("%1", safe_name(os.path.basename(path))),
                        path=path, failure=self.tr("%1 cannot be opened as a check."),
                        messages=self.messages)
        task.done.connect(lambda result: self._opened(*result, path))
        self.task = task
        return task.start()

    def _opened(self, saved, analysis, path: str) -> None:
        self.show_saved(saved, analysis)
        self.saved_path = path

    def show_saved(self, saved, analysis) -> None:
        """Put a saved check into the session: its documents as loaded, its report as checked
        with `analysis`, its review and figures."""
        s = self.session
        s.cancel()
        entries = []
        for i, d in enumerate(saved.report.documents):
            if d.archive is None:
                entries.append(Entry(normalize_path(d.path) if d.path else f"saved:{i}", State.READY,
                                     document=d))
        s.entries = entries
        s.template = None
        self.verdicts = saved.verdicts
        s.install_report(saved.report, analysis, seconds=saved.seconds)  # results match the documents
        review = self.review
        if review is not None:
            review.set_verdicts(saved.verdicts)

    def take_saved_checks(self, paths: list[str]) -> list[str]:
        """Open the .plagscope files among `paths` (the command line); the other paths."""
        rest = []
        for p in paths:
            if str(p).lower().endswith(SUFFIX) and os.path.isfile(p):
                self.open_check(str(p))  # in the background; the window shows meanwhile
            else:
                rest.append(p)
        return rest

    # ----- autosave ------------------------------------------------------------------------
    def autosave_path(self) -> Path:
        return autosave_dir() / f"autosave-{os.getpid()}{SUFFIX}"

    def _check_finished(self, report) -> None:
        self.autosave(delay_ms=AUTOSAVE_DELAY_MS)  # once the views have their share of the GIL

    def autosave(self, *_args, delay_ms: int | None = None) -> None:
        """Keep the session's work in the autosave file, on the worker pool (soon, not now:
        verdicts set in quick succession make one save)."""
        if self.session.report is not None:
            self.autosaver.request(delay_ms)

    def _autosave_job(self):
        """The autosave to run now (GUI thread: takes the current report and verdicts)."""
        report = self.session.report
        if report is None:
            return None
        verdicts, session = self.current_verdicts(), self.session
        path = self.autosave_path()
        if self._autosaved is report and path.exists():  # the check is in the file: only the verdicts
            def job():
                try:
                    return (yield from session.save_verdicts_steps(path, verdicts))
                except Exception:
                    self._autosaved = None  # the file is not what it was: the next save writes it whole
                    raise

            return job()

        def job():
            path.parent.mkdir(parents=True, exist_ok=True)
            saved = yield from session.save_check_steps(path, verdicts, report)
            self._autosaved = report  # one autosave at a time (Autosaver): nothing else writes this
            return saved

        self._autosaved = None
        return job()

    def clear_autosave(self) -> None:
        self.autosaver.cancel()
        self.autosaver.wait(10.0)  # a save still running would bring the file back
        try:
            self.autosave_path().unlink()
        except OSError:
            pass

    def offer_recovery(self, accept: bool | None = None):
        """At start: restore the newest autosave of a Plagscope that did not close cleanly.
        Returns the FileTask opening it (None when there is none or the user declined)."""
        found = orphaned_autosaves()
        if not found:
            return None
        if accept is None:
            answer = QMessageBox.question(
                self.parent_widget, self.tr("Recover unsaved work"),
                self.tr("Plagscope did not close normally last time. Restore the check it was "
                        "showing?"))
            accept = answer == QMessageBox.StandardButton.Yes
        if not accept:
            self._remove(found)
            return None
        task = self.open_check(str(found[0]))

        def restored(_saved) -> None:
            self.saved_path = None
            self._remove(found)
            self.autosave(delay_ms=0)

        task.done.connect(restored)
        return task

    @staticmethod
    def _remove(paths) -> None:
        for p in paths:
            try:
                p.unlink()
            except OSError:
                pass

    def eventFilter(self, obj, event) -> bool:
        if obj is self.parent_widget and event.type() == QEvent.Type.Close:
            self.clear_autosave()  # a clean close: nothing to recover
        elif obj is self.parent_widget and event.type() == QEvent.Type.LanguageChange:
            self._short_texts()
        return False
