"""File > Export Student Report: the per-student report of the document the Student
tab shows (when it is the current tab) or else of the one selected in the document list, as
HTML or PDF, in the UI language. Wiring only: the report is written on the worker pool by
`Session.export_student_steps` through gui/dialogs/export.py `start_export`."""

from __future__ import annotations

import os

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFileDialog, QMessageBox, QStatusBar, QWidget

from .actions import Actions, Menus
from .session import normalize_path


class StudentReport(QObject):
    """The action, its menu entry and context-menu entry on the document list, and its slot."""

    def __init__(self, session: QObject, actions: Actions, menus: Menus, documents, student_view, tabs,
                 messages, settings, chooser, translations, status_bar: QStatusBar, parent: QWidget):
        """`documents`, `student_view`, `tabs`: the window's DocumentList, StudentView and
        ResultTabs (which document is meant); `messages`, `chooser`: its dialogs; `parent`: the
        dialogs' parent."""
        super().__init__(parent)
        self.session, self.documents, self.student_view, self.tabs = session, documents, student_view, tabs
        self.messages, self.settings, self.chooser, self.translations = messages, settings, chooser, translations
        self.parent_widget, self.status_bar = parent, status_bar
        self.task = None  # the running export (gui.background.FileTask)
        self.action = actions.add(
            "student_report", self.run, shortcut="Ctrl+Shift+E",
            texts=lambda: (self.tr("Export &Student Report…"),
                           self.tr("Save the selected document's report: its figures, sources and text "
                                   "colored by attribution (HTML or PDF)")))
        menu = menus["file"]  # right after File > Export Report, so Quit stays last
        items = menu.actions()
        export = actions.export
        after = items[items.index(export) + 1] if export in items and items.index(export) + 1 < len(items) else None
        if after is not None:
            menu.insertAction(after, self.action)
        else:
            menu.addAction(self.action)
        documents.view.addAction(self.action)

    def current_path(self) -> str | None:
        """The document meant: the one the Student tab shows when it is the current tab, else
        the one selected in the document list."""
        view, report = self.student_view, self.session.report
        if (self.tabs.currentWidget() is view and view.document is not None
                and report is not None and view.document < len(report.documents)):
            return normalize_path(report.documents[view.document].path)
        return self.documents.current_path()

    def run(self):
        """Ask where to save the selected document's report and write it on the worker pool, as
        File > Export Report does (gui/dialogs/export.py `start_export`: progress and Cancel,
        atomic, a failure named); the running FileTask (its `done` carries the path), or None."""
        session = self.session
        path = self.current_path()
        if session.report is None or path is None or session.report_index(path) is None:
            self.messages.show(QMessageBox.Icon.Information, self.tr("Export Student Report"),
                               self.tr("Select a checked document first."))
            return None
        name = os.path.splitext(os.path.basename(path))[0]
        start = os.path.join(str(self.settings.q.value("files/export_dir", self.chooser.start_dir())), name)
        target, chosen = QFileDialog.getSaveFileName(self.parent_widget, self.tr("Export Student Report"), start,
                                                     self.tr("PDF (*.pdf);;HTML (*.html)"))
        if not target:
            return None
        fmt = "html" if target.lower().endswith((".html", ".htm")) or (
            "html" in chosen.lower() and not target.lower().endswith(".pdf")) else "pdf"
        if not target.lower().endswith((".pdf", ".html", ".htm")):
            target += "." + fmt
        try:
            steps = session.export_student_steps(target, path, fmt, self.translations.language)
        except (OSError, ValueError) as e:
            self.messages.error(self.tr("Export failed"), self.tr("The report could not be saved."), str(e))
            return None
        from .dialogs.export import start_export

        self.task = start_export(self.parent_widget, steps, target, self.tr("Export Student Report"),
                                 messages=self.messages, settings=self.settings, status_bar=self.status_bar)
        return self.task
