"""File > Export Report: choose a file and format, confirm a replacement, and let core write it
on the worker pool (a progress dialog with Cancel; gui/background.py).

Every format (HTML, PDF, JSON, CSV), its suffixes and its name come from `core.reports.FORMATS`;
the session has `core.reports` render it in the UI's language at the display threshold the
user has set, and write it atomically. This dialog only collects those choices.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtWidgets import QFileDialog, QMessageBox, QStatusBar, QWidget

from core import reports
from core.display import safe_name
from gui.background import FileTask
from gui.entries import CheckError

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Target:
    path: str
    fmt: str


def format_of(path: str, fallback: str) -> tuple[str, str]:
    """(path, format): the format the suffix names, or `fallback` with its suffix appended."""
    try:
        return path, reports.format_for(path)
    except ValueError:
        return path + reports.FORMATS[fallback].suffix, fallback


def start_export(parent: QWidget, steps, path: str, title: str, *, messages=None, settings=None,
                 status_bar: QStatusBar | None = None):
    """Run an export's progress generator (`Session.export_steps`, `Session.export_student_steps`)
    on the worker pool: a window-modal progress dialog with Cancel after a second, the file written
    atomically (a cancel leaves nothing), a failure shown in a dialog naming the file and the
    reason, and on success the folder remembered for the next export and "Report saved to" in
    the status bar. Every export of the app goes through here; returns the running FileTask.
    `messages`, `settings`, `status_bar`: the window's dialogs, settings and status bar."""
    task = FileTask(lambda: steps, parent=parent, title=title,
                    label=QCoreApplication.translate("Exporter", "Writing %1…").replace(
                        "%1", safe_name(os.path.basename(path))),
                    path=path, failure=QCoreApplication.translate("Exporter", "The report could not be saved to %1."),
                    messages=messages)
    task.done.connect(lambda written: _written(str(written), settings, status_bar))
    return task.start()


def _written(path: str, settings, status_bar: QStatusBar | None) -> None:
    if settings is not None:
        settings.q.setValue("files/export_dir", os.path.dirname(path))
    if status_bar is not None:
        status_bar.showMessage(
            QCoreApplication.translate("Exporter", "Report saved to %1").replace("%1", safe_name(path)), 8000)


class Exporter(QObject):
    """The export conversation with the user; each step is a method so tests can drive it."""

    def __init__(self, session: QObject, parent: QWidget, *, messages=None, settings=None, chooser=None,
                 translations=None, status_bar: QStatusBar | None = None):
        """`messages`, `settings`, `chooser`, `translations`, `status_bar`: the window's, for File >
        Export Report (`export`): its dialogs, where the last report went, the UI language, where
        "Report saved" shows."""
        super().__init__(parent)
        self.session = session
        self.parent_widget = parent
        self.messages, self.settings, self.chooser, self.translations = messages, settings, chooser, translations
        self.status_bar = status_bar
        self.task = None  # the running export (gui.background.FileTask)

    @staticmethod
    def filters(language: str = "en") -> dict[str, str]:
        """Format -> file dialog filter, e.g. "PDF report (*.pdf)", in the UI's language."""
        return {name: f"{fmt.label(language)} ({' '.join('*' + s for s in fmt.suffixes)})"
                for name, fmt in reports.FORMATS.items()}

    def choose_target(self, start: str, language: str = "en") -> Target | None:
        """Ask where to save; our own overwrite question follows (see confirm_overwrite)."""
        filters = self.filters(language)
        path, chosen = QFileDialog.getSaveFileName(
            self.parent_widget, self.tr("Export Report"), start, ";;".join(filters.values()),
            filters["html"], QFileDialog.Option.DontConfirmOverwrite,
        )
        if not path:
            return None
        fallback = next((fmt for fmt, text in filters.items() if text == chosen), "html")
        path, fmt = format_of(path, fallback)
        return Target(path, fmt)

    def confirm_overwrite(self, path: str) -> bool:
        """True when `path` is free, or the user agrees to replace it."""
        if not os.path.exists(path):
            return True
        answer = QMessageBox.question(
            self.parent_widget, self.tr("Replace File?"),
            self.tr("%1 already exists.\nDo you want to replace it?").replace("%1", path),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    def write(self, target: Target, language: str = "en"):
        """Write the session's report to the target on the worker pool, with progress and Cancel,
        atomically; returns the running FileTask (its `done` carries the path written). A failure
        is shown in a dialog naming the file and the reason."""
        steps = self.session.export_steps(target.path, target.fmt, reports.report_language(language))
        self.task = start_export(self.parent_widget, steps, target.path, self.tr("Export Report"),
                                 messages=self.messages, settings=self.settings, status_bar=self.status_bar)
        return self.task

    def run(self, start: str, language: str = "en"):
        """The whole conversation; returns the running FileTask, None if the user backed out."""
        target = self.choose_target(start, language)
        if target is None or not self.confirm_overwrite(target.path):
            return None
        return self.write(target, language)

    def export(self):
        """File > Export Report: start where the last report went; the writing runs in the
        background (progress, Cancel, a dialog naming the file on failure). Returns the running
        FileTask, or None."""
        if self.session.report is None:
            self.messages.show(QMessageBox.Icon.Information, self.tr("Export Report"),
                               self.tr("There are no results to export. Run a check first."))
            return None
        start = str(self.settings.q.value("files/export_dir", self.chooser.start_dir()))
        try:
            return self.run(os.path.join(start, self.tr("plagscope-report")), self.translations.language)
        except (OSError, ValueError, CheckError) as e:
            log.warning("export failed: %s", e)
            self.messages.error(self.tr("Export failed"), self.tr("The report could not be saved."), str(e))
            return None
