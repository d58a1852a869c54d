"""File > Export Student Report: the per-student report of the document the Student
tab shows (when it is the current tab) or else of the one selected in the document list, as
HTML or PDF, in the UI language. Wiring only: the report is written on the worker pool by
`Session.export_student_steps` through gui/dialogs/export.py `start_export`."""

from __future__ import annotations

import os

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFileDialog, QMessageBox

from .session import normalize_path


class StudentReport(QObject):
    """The action, its menu entry and context-menu entry on the document list, and its slot."""

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.task = None  # the running export (gui.background.FileTask)
        self.action = window.actions.add(
            "student_report", self.run, shortcut="Ctrl+Shift+E",
            texts=lambda: (self.tr("Export &Student Report…"),
                           self.tr("Save the selected document's report: its figures, sources and text "
                                   "colored by attribution (HTML or PDF)")))
        menu = window.menus["file"]  # right after File > Export Report, so Quit stays last
        items = menu.actions()
        export = window.actions.export
        after = items[items.index(export) + 1] if export in items and items.index(export) + 1 < len(items) else None
        if after is not None:
            menu.insertAction(after, self.action)
        else:
            menu.addAction(self.action)
        window.documents.view.addAction(self.action)

    def current_path(self) -> str | None:
        """The document meant: the one the Student tab shows when it is the current tab, else
        the one selected in the document list."""
        w = self.window
        view = getattr(w, "student_view", None)
        if (view is not None and w.tabs.currentWidget() is view and view.document is not None
                and w.session.report is not None and view.document < len(w.session.report.documents)):
            return normalize_path(w.session.report.documents[view.document].path)
        return w.documents.current_path()

    def run(self):
        """Ask where to save the selected document's report and write it on the worker pool, as
        File > Export Report does (gui/dialogs/export.py `start_export`: progress and Cancel,
        atomic, a failure named); the running FileTask (its `done` carries the path), or None."""
        w = self.window
        path = self.current_path()
        if w.session.report is None or path is None or w.session.report_index(path) is None:
            w.messages.show(QMessageBox.Icon.Information, self.tr("Export Student Report"),
                            self.tr("Select a checked document first."))
            return None
        name = os.path.splitext(os.path.basename(path))[0]
        start = os.path.join(str(w.settings.q.value("files/export_dir", w.chooser.start_dir())), name)
        target, chosen = QFileDialog.getSaveFileName(w, self.tr("Export Student Report"), start,
                                                     self.tr("PDF (*.pdf);;HTML (*.html)"))
        if not target:
            return None
        fmt = "html" if target.lower().endswith((".html", ".htm")) or (
            "html" in chosen.lower() and not target.lower().endswith(".pdf")) else "pdf"
        if not target.lower().endswith((".pdf", ".html", ".htm")):
            target += "." + fmt
        try:
            steps = w.session.export_student_steps(target, path, fmt, w.translations.language)
        except (OSError, ValueError) as e:
            w.messages.error(self.tr("Export failed"), self.tr("The report could not be saved."), str(e))
            return None

        from .dialogs.export import start_export

        self.task = start_export(w, steps, target, self.tr("Export Student Report"))
        return self.task
