"""The status bar's permanent part: a document summary, the progress of loads and checks, Cancel."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QProgressBar, QStatusBar, QToolButton

from core import messages, rules
from core.models import Progress, Report

from ..entries import State
from ..i18n import core_language


class StatusArea(QObject):
    """Widgets added to a status bar; the window tells it what happens."""

    def __init__(self, bar: QStatusBar, cancel: QAction):
        super().__init__(bar)
        self.summary = QLabel()
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(320)
        self.progress.setMinimumWidth(120)
        self.progress.hide()
        self.cancel_button = QToolButton()
        self.cancel_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.cancel_button.setDefaultAction(cancel)
        self.cancel_button.hide()
        bar.addPermanentWidget(self.summary)
        bar.addPermanentWidget(self.progress)
        bar.addPermanentWidget(self.cancel_button)

    @staticmethod
    def stage_name(stage: str) -> str:
        """A Progress.stage code in the interface's language (core.messages has the words)."""
        name = messages.text(stage, core_language())
        return name[:1].upper() + name[1:]

    def starting(self) -> None:
        self.progress.setRange(0, 0)
        self.progress.setFormat(self.tr("Starting…"))

    def show_progress(self, progress: Progress) -> None:
        """Show the progress of a load or check (paced by the worker, gui.worker.PROGRESS_INTERVAL)."""
        self.progress.show()
        self.cancel_button.show()
        total = max(progress.total, 0)
        self.progress.setRange(0, total)
        self.progress.setValue(min(progress.done, total))
        name = self.stage_name(progress.stage)
        self.progress.setFormat(f"{name} %v / %m" if total else name)

    def set_busy(self, busy: bool) -> None:
        self.progress.setVisible(busy)
        self.cancel_button.setVisible(busy)
        if busy:
            self.progress.setRange(0, 0)

    def checked(self, report: Report, seconds: float | None, hamming: int) -> str:
        """What the status bar says after a check (`seconds`: how long it took; None when a
        saved check did not record it)."""
        near = sum(rules.is_near_duplicate(p.hamming, hamming) for p in report.pairs)
        if seconds is None:
            text = self.tr("%1 documents checked: %3 pairs share passages, %4 near-duplicates")
        else:
            text = self.tr("Checked %1 documents in %2 s: %3 pairs share passages, %4 near-duplicates")
        return (text.replace("%1", str(len(report.documents))).replace("%2", f"{seconds or 0:.1f}")
                .replace("%3", str(len(report.pairs))).replace("%4", str(near)))

    def update_summary(self, session: QObject) -> None:
        ready = len(session.ready_entries())
        failed = sum(e.state is State.FAILED for e in session.entries)
        text = self.tr("%n document(s)", "", ready)
        if session.template:
            text += " · " + self.tr("1 template")
        if failed:
            text += " · " + self.tr("%n unreadable", "", failed)
        self.summary.setText(text)
