"""The main window: wiring only. It places the panes, connects them to the Session and answers
the commands of `gui.main_menus`; the panes live in `gui.widgets`, the dialogs in `gui.dialogs`."""

from __future__ import annotations

import logging
import os

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QApplication, QMainWindow, QMessageBox, QWidget

from core.models import PairResult, Report
from core.options import CheckOptions

from . import icons, window_layout
from .archive import ArchiveController
from .dialogs.files import FileChooser
from .dialogs.messages import Messages
from .entries import CheckError, State
from .i18n import Translations
from .keyboard import Keyboard
from .main_menus import MainMenus
from .review_panes import ReviewPanes
from .session import Session
from .settings import Settings
from .student_report import StudentReport
from .widgets import DocumentList, FileDrop, HeatMap, PairTable, ResultTabs, StaleBanner, StatusArea
from .widgets.shared_text_view import SharedTextView
from .widgets.workspace import workspace
from .worker import give_way_to

log = logging.getLogger(__name__)

#: Smallest window that still lays out well (menus, toolbar overflow, both panes readable).
MIN_SIZE = (480, 320)
DOCUMENTS_MIN_WIDTH = 170


class MainWindow(QMainWindow):
    """Plagscope's window; drives a Session and shows its documents and results."""

    def __init__(self, settings: Settings, translations: Translations | None = None,
                 session: Session | None = None):
        super().__init__()
        self.settings = settings
        self.translations = translations or Translations(QApplication.instance())
        self.session = session or Session(settings.options(), self)
        self._exporter = None  # File > Export Report's dialogs (`exporter`), made on first use
        self.messages = Messages(self)
        self.chooser = FileChooser(settings, self)
        self.setWindowIcon(icons.icon("app"))
        give_way_to(self)  # jobs pause while this window repaints its tables (gui/worker.py)
        self.file_drop = FileDrop(self)
        self.file_drop.dropped.connect(self.add_paths)

        self._build_panes()
        self.main_menus = MainMenus(self, self.menuBar(), self.documents.view, self.tabs.close_current,
                                    self.session, settings, self.translations, self.messages, parent=self)
        self.actions, self.menus = self.main_menus.actions, self.main_menus.menus
        self.addToolBar(self.main_menus.toolbar)
        self.main_menus.show_semantic(self.session.options.semantic)
        self.status = StatusArea(self.statusBar(), self.actions.cancel)

        self.archive = ArchiveController(self.session, self.actions, self.menus, self.main_menus.toolbar,
                                         settings, self.messages, self.statusBar(), self.review, parent=self)

        self.keyboard = Keyboard(
            actions=self.actions, menus=self.menus, tabs=self.tabs, documents=self.documents,
            views={"pairs": self.pairs, "heat_map": self.heat_map, "groups": self.groups_view,
                   "graph": self.graph_view, "student": self.student_view, "shared_text": self.shared_text},
            review=self.review, session=self.session, messages=self.messages, parent=self)
        self.keyboard.build()
        self._connect()
        self.retranslate()
        window_layout.restore(self, self.splitter, self.settings, self._headers())
        self._update_actions()

    def _build_panes(self) -> None:
        self.documents = DocumentList(self.session)
        self.documents.setMinimumWidth(DOCUMENTS_MIN_WIDTH)  # the list must still show some of the names
        self.pairs = PairTable()
        self.pairs.set_threshold(self.session.options.display_threshold)
        self.heat_map = HeatMap()
        self.tabs = ResultTabs()
        self.tabs.add_view(self.pairs, lambda: self.tr("Pairs"), icon="check")
        self.tabs.add_view(self.heat_map, lambda: self.tr("Heat Map"))
        # the review of a whole class (groups, graph, one student at a time, verdicts)
        self.review_panes = ReviewPanes(self.session, self.pairs, self.documents, self.heat_map, self.tabs,
                                        parent=self)
        self.review_panes.add_views()
        p = self.review_panes
        self.review, self.groups_view, self.graph_view, self.student_view, self.open_student = (
            p.review, p.groups_view, p.graph_view, p.student_view, p.open_student)
        # the text most documents share (likely the assignment), "Use as template"
        self.shared_text = SharedTextView()
        self.tabs.add_view(self.shared_text, lambda: self.tr("Shared Text"),
                           position=self.tabs.indexOf(self.groups_view) + 1)
        self.stale_banner = StaleBanner()

        self.splitter = workspace(self.documents, self.stale_banner, self.tabs)
        self.setCentralWidget(self.splitter)
        self.setMinimumSize(*MIN_SIZE)  # the size: gui/window_layout.py fits it to the screen

    def _connect(self) -> None:
        s = self.session
        s.documentsChanged.connect(self._documents_changed)
        s.progress.connect(self.status.show_progress)
        s.busyChanged.connect(self._busy_changed)
        s.loadFinished.connect(self._load_finished)
        s.checkStarted.connect(self._check_started_slot)
        s.checkFinished.connect(self._check_finished)
        s.checkFailed.connect(self._check_failed)
        s.checkCancelled.connect(lambda: self.statusBar().showMessage(self.tr("Check cancelled"), 5000))
        s.optionsChanged.connect(self._options_changed)
        self.documents.selectionChanged.connect(self._update_actions)
        self.pairs.pairActivated.connect(self.open_pair)
        self.pairs.thresholdChanged.connect(self._threshold_changed)
        self.heat_map.cellClicked.connect(self.open_cell)
        self.tabs.templateChosen.connect(self.use_text_as_template)
        self.shared_text.templateChosen.connect(self.use_text_as_template)
        s.checkFinished.connect(self.shared_text.set_report)
        self.review_panes.connect(self.actions, self.open_pair)

        self.student_report = StudentReport(self.session, self.actions, self.menus, self.documents,
                                            self.student_view, self.tabs, self.messages, self.settings,
                                            self.chooser, self.translations, self.statusBar(), parent=self)

    def _headers(self) -> dict:
        """The tables whose columns (widths, sorting) are kept between runs."""
        return {"pairs": self.pairs.view.horizontalHeader(), "documents": self.documents.view.horizontalHeader()}

    def save_layout(self) -> None:
        window_layout.save(self, self.splitter, self.settings, self._headers())

    # ----- language --------------------------------------------------------------------------
    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Plagscope — essay similarity checker"))
        self.main_menus.retranslate()
        self.tabs.retranslate()
        self.status.update_summary(self.session)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def show_about(self) -> None:
        self.messages.about()

    # ----- documents -------------------------------------------------------------------------
    def open_files(self) -> None:
        self.add_paths(self.chooser.essays())

    def add_folder(self) -> None:
        self.add_paths(self.chooser.folder())

    def add_paths(self, paths: list[str]) -> None:
        """Load files and folders (in the background) and remember them as recent."""
        paths = [os.path.abspath(p) for p in paths]
        if paths:
            self.settings.add_recent(paths)
            self.main_menus.fill_recent_menu()
            self.session.add_paths(paths)

    def remove_selected(self) -> None:
        paths = self.documents.selected_paths()
        if paths:
            removed = self.session.remove(paths)
            self.statusBar().showMessage(self.tr("Removed %n document(s)", "", removed), 4000)

    def toggle_template(self, on: bool) -> None:
        """File > Use as Template (a switch): the selected document is the template, or no longer."""
        selected = self.documents.selected_paths()
        path = selected[0] if len(selected) == 1 else self.documents.current_path()
        if path is not None:
            if on:
                self.session.set_template(path)
            elif path == self.session.template:
                self.session.set_template(None)
        self._update_actions()

    def use_text_as_template(self, text: str) -> None:
        """A compare view's "Use as template": that passage's text becomes the template (a file
        in the data directory, listed as the template), then the documents are checked again."""
        try:
            self.session.use_text_as_template(text)
        except (OSError, CheckError) as e:
            self.messages.error(self.tr("Use as template"), self.tr("The template could not be saved."), str(e))
            return
        self._update_actions()
        self.run_check()

    def _documents_changed(self) -> None:
        self.stale_banner.setVisible(self.session.stale and self.session.report is not None)
        self.pairs.set_documents(len(self.session.ready_entries()), self.session.loading)
        self.status.update_summary(self.session)
        self._update_actions()

    def _load_finished(self, failures: list) -> None:
        ready = len(self.session.ready_entries())
        self.statusBar().showMessage(self.tr("%n document(s) ready to check", "", ready), 5000)
        if failures:
            self.messages.unreadable(failures)

    def _update_actions(self) -> None:
        a, session = self.actions, self.session
        selected = self.documents.selected_paths()
        a.remove.setEnabled(bool(selected))
        entry = session.entry(selected[0]) if len(selected) == 1 else None
        a.template.setEnabled(entry is not None and entry.state is State.READY)
        a.template.setChecked(entry is not None and entry.path == session.template)
        a.check.setEnabled(not session.checking)
        a.cancel.setEnabled(session.busy)
        a.export.setEnabled(session.report is not None)

    # ----- checking --------------------------------------------------------------------------
    def run_check(self) -> None:
        try:
            self.session.start_check()
        except CheckError as e:
            self.messages.show(QMessageBox.Icon.Warning, self.tr("Cannot check yet"), str(e))

    def cancel(self) -> None:
        if self.session.cancel():
            self.statusBar().showMessage(self.tr("Cancelling…"))

    def _check_started_slot(self) -> None:
        self.status.starting()
        self.statusBar().showMessage(self.tr("Checking…"))

    def _busy_changed(self, busy: bool) -> None:
        self.status.set_busy(busy)
        self._documents_changed()

    def _check_finished(self, report: Report) -> None:
        hamming = self.session.options.hamming
        self.pairs.set_report(report, hamming)
        self.heat_map.set_report(report, hamming)  # built in an event loop turn of its own
        self.stale_banner.setVisible(self.session.stale)
        if not self.tabs.is_fixed(self.tabs.currentWidget()):
            self.tabs.setCurrentWidget(self.pairs)
        self.statusBar().showMessage(self.status.checked(report, self.session.check_seconds, hamming))
        self._update_actions()

    def _check_failed(self, message: str) -> None:
        self.statusBar().showMessage(self.tr("The check failed"), 5000)
        self.messages.error(self.tr("Check failed"), self.tr("The check could not be completed."), message)

    # ----- results ---------------------------------------------------------------------------
    def open_pair(self, index: int) -> QWidget | None:
        """Open pair `index` of the current report in a compare tab (or switch to it)."""
        report = self.session.report
        if report is None or not 0 <= index < len(report.pairs):
            return None
        return self._open_compare(report, report.pairs[index])

    def open_cell(self, left: int, right: int) -> QWidget | None:
        """Open the pair of two documents of the current report (heat map clicks)."""
        try:
            pair = self.session.pair(left, right)
        except CheckError as e:
            self.messages.show(QMessageBox.Icon.Information, self.tr("Compare"), str(e))
            return None
        return self._open_compare(self.session.report, pair)

    def _open_compare(self, report: Report, pair: PairResult) -> QWidget | None:
        try:
            view = self.tabs.open_compare(report, pair, self.review.name)
        except ImportError as e:
            log.error("compare view unavailable: %s", e)
            self.messages.error(self.tr("Cannot open the pair"),
                                self.tr("The compare view is not available in this installation."), str(e))
            return None
        focus = getattr(view, "passage_list", None) or view  # F3 and the arrows step through passages
        focus.setFocus(Qt.FocusReason.OtherFocusReason)
        return view

    # ----- options and export ----------------------------------------------------------------
    def edit_options(self) -> None:
        from .dialogs.options_dialog import OptionsDialog

        dialog = OptionsDialog(self.session.options, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self.apply_options(dialog.options()))
        dialog.open()

    def apply_options(self, options: CheckOptions) -> None:
        self.session.set_options(options)
        self.settings.set_options(options)

    def set_semantic(self, on: bool) -> None:
        """The "Find translations and paraphrases" switch: an option, so it is remembered."""
        self.apply_options(self.session.options.with_changes(semantic=bool(on)))

    def _options_changed(self) -> None:
        options = self.session.options
        self.main_menus.show_semantic(options.semantic)
        self.pairs.set_threshold(options.display_threshold)
        self.pairs.model.set_hamming_threshold(options.hamming)
        self.heat_map.set_hamming_threshold(options.hamming)
        self.stale_banner.setVisible(self.session.stale and self.session.report is not None)

    def _threshold_changed(self, fraction: float) -> None:
        self.apply_options(self.session.options.with_changes(display_threshold=round(fraction, 4)))

    @property
    def exporter(self):
        """File > Export Report's dialogs and writer (gui.dialogs.export.Exporter)."""
        if self._exporter is None:
            from .dialogs.export import Exporter

            self._exporter = Exporter(self.session, self, messages=self.messages, settings=self.settings,
                                      chooser=self.chooser, translations=self.translations,
                                      status_bar=self.statusBar())
        return self._exporter

    def export_report(self):
        """File > Export Report; returns the running export (gui.background.FileTask), or None."""
        return self.exporter.export()

    # ----- shutdown --------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_layout()
        if self.session.busy:
            self.session.cancel()
            self.session.wait(5.0)
        event.accept()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.main_menus.check_language(self.translations.language)
        QTimer.singleShot(0, self._update_actions)
