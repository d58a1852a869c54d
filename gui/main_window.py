"""The main window: actions, menus, toolbar, the document list beside the results tabs."""

from __future__ import annotations

import logging
import os
import platform
import time

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QEvent, QTimer, Qt, qVersion
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QDragEnterEvent, QDropEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QSplitter,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from core import __version__
from core.models import Document, PairResult, Progress, Report
from core.options import CheckOptions

from . import icons
from .document_list import DocumentList
from .export_dialog import Exporter
from .heat_map import HeatMap
from .i18n import LANGUAGES, Translations
from .options_dialog import OptionsDialog
from .pair_table import PairTable
from .session import CheckError, Session, State
from .settings import Settings

log = logging.getLogger(__name__)

DOCUMENT_FILTER_SUFFIXES = "*.txt *.docx *.pdf"
FAILURES_LISTED = 10  # failures named in the dialog's text; all are in its details


def create_compare_view(left: Document, right: Document, pair: PairResult, options: CheckOptions,
                        parent: QWidget | None = None) -> QWidget:
    """The widget a pair opens in (imported lazily: the compare view is only needed on demand)."""
    from .compare_view import CompareView

    return CompareView(left, right, pair, options, parent)


class MainWindow(QMainWindow):
    """Plagscope's window; drives a Session and shows its documents and results."""

    def __init__(self, settings: Settings, translations: Translations | None = None,
                 session: Session | None = None):
        super().__init__()
        self.settings = settings
        self.translations = translations or Translations(QApplication.instance())
        self.session = session or Session(settings.options(), self)
        self.exporter = Exporter(self.session, self)
        self.compare_tabs: dict[tuple[int, int, int], QWidget] = {}
        self.messages: list[QMessageBox] = []
        self._check_started = 0.0
        self.setWindowIcon(icons.icon("app"))
        self.setAcceptDrops(True)

        self._build_widgets()
        self._build_actions()
        self._build_menus()
        self._connect()
        self.retranslate()
        self._restore_layout()
        self._update_actions()

    # ----- construction --------------------------------------------------------------------
    def _build_widgets(self) -> None:
        self.documents = DocumentList(self.session)
        self.pairs = PairTable()
        self.pairs.set_threshold(self.session.options.display_threshold)
        self.heat_map = HeatMap()
        self.tabs = QTabWidget()
        self.tabs.setObjectName("resultTabs")
        self.tabs.setTabsClosable(True)
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.pairs, icons.icon("check"), "")
        self.tabs.addTab(self.heat_map, "")
        for i in range(2):  # the two result tabs stay; compare tabs close
            self.tabs.tabBar().setTabButton(i, self.tabs.tabBar().ButtonPosition.RightSide, None)
        self.stale_banner = QLabel()
        self.stale_banner.setWordWrap(True)
        self.stale_banner.setStyleSheet(
            "background:#fff4ce; color:#5c4400; border:1px solid #e6cf7a; border-radius:3px; padding:5px;")
        self.stale_banner.hide()

        right = QWidget()
        layout = QVBoxLayout(right)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.stale_banner)
        layout.addWidget(self.tabs, 1)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("mainSplitter")
        self.splitter.addWidget(self.documents)
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([360, 840])
        self.splitter.setChildrenCollapsible(False)
        # a compare tab asks for much width; the list must still show the file names
        self.documents.setMinimumWidth(320)
        self.setCentralWidget(self.splitter)

        self.summary = QLabel()
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(320)
        self.progress.setMinimumWidth(220)
        self.progress.hide()
        self.cancel_button = QToolButton()
        self.cancel_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.cancel_button.hide()
        bar = self.statusBar()
        bar.addPermanentWidget(self.summary)
        bar.addPermanentWidget(self.progress)
        bar.addPermanentWidget(self.cancel_button)
        self.resize(1200, 760)

    def _action(self, icon: str | None, shortcut: QKeySequence | str | None, slot) -> QAction:
        action = QAction(self)
        if icon:
            action.setIcon(icons.icon(icon))
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        self.act_open = self._action("open", "Ctrl+O", self.open_files)
        self.act_add_folder = self._action("add_folder", "Ctrl+Shift+O", self.add_folder)
        self.act_remove = self._action("remove", QKeySequence(Qt.Key.Key_Delete), self.remove_selected)
        self.act_template = self._action("template", None, self.toggle_template)
        self.act_template.setCheckable(True)
        self.act_check = self._action("check", "Ctrl+R", self.run_check)
        self.act_cancel = self._action("cancel", QKeySequence(Qt.Key.Key_Escape), self.cancel)
        self.act_export = self._action("export", "Ctrl+E", self.export_report)
        self.act_options = self._action("options", None, self.edit_options)
        self.act_quit = self._action("quit", "Ctrl+Q", self.close)
        self.act_about = self._action("about", None, self.show_about)
        self.act_about_qt = self._action(None, None, QApplication.aboutQt)
        self.act_clear_recent = self._action(None, None, self._clear_recent)
        self.act_show_pairs = self._action(None, "Ctrl+1", lambda: self.tabs.setCurrentWidget(self.pairs))
        self.act_show_heat_map = self._action(None, "Ctrl+2", lambda: self.tabs.setCurrentWidget(self.heat_map))
        self.act_close_tab = self._action(None, "Ctrl+W", self._close_current_tab)
        self.language_group = QActionGroup(self)
        self.language_actions: dict[str, QAction] = {}
        for code, name in LANGUAGES.items():
            action = QAction(name, self.language_group)
            action.setCheckable(True)
            action.setData(code)
            action.triggered.connect(lambda _checked=False, code=code: self.set_language(code))
            self.language_actions[code] = action
        self.cancel_button.setDefaultAction(self.act_cancel)
        # Del removes documents only while the document list has the focus
        self.act_remove.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.removeAction(self.act_remove)
        self.documents.view.addAction(self.act_remove)
        self.documents.view.addAction(self.act_template)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        self.file_menu = bar.addMenu("")
        self.recent_menu = self.file_menu.addMenu("")
        self.file_menu.insertAction(self.recent_menu.menuAction(), self.act_open)
        self.file_menu.insertAction(self.recent_menu.menuAction(), self.act_add_folder)
        self.file_menu.addSeparator()
        self.file_menu.addActions([self.act_remove, self.act_template])
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.act_export)
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.act_quit)
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        self._fill_recent_menu()

        self.check_menu = bar.addMenu("")
        self.check_menu.addActions([self.act_check, self.act_cancel])
        self.check_menu.addSeparator()
        self.check_menu.addAction(self.act_options)

        self.view_menu = bar.addMenu("")
        self.view_menu.addActions([self.act_show_pairs, self.act_show_heat_map, self.act_close_tab])

        self.language_menu = bar.addMenu("")
        self.language_menu.addActions(list(self.language_actions.values()))

        self.help_menu = bar.addMenu("")
        self.help_menu.addActions([self.act_about, self.act_about_qt])

        self.toolbar = self.addToolBar("main")
        self.toolbar.setObjectName("mainToolbar")
        self.toolbar.setMovable(False)
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toolbar.addActions([self.act_open, self.act_add_folder, self.act_remove, self.act_template])
        self.toolbar.addSeparator()
        self.toolbar.addActions([self.act_check, self.act_cancel])
        self.toolbar.addSeparator()
        self.toolbar.addActions([self.act_export, self.act_options])

    def _connect(self) -> None:
        s = self.session
        s.documentsChanged.connect(self._documents_changed)
        s.progress.connect(self._show_progress)
        s.busyChanged.connect(self._busy_changed)
        s.loadFinished.connect(self._load_finished)
        s.checkStarted.connect(self._check_started_slot)
        s.checkFinished.connect(self._check_finished)
        s.checkFailed.connect(self._check_failed)
        s.checkCancelled.connect(self._check_cancelled)
        s.optionsChanged.connect(self._options_changed)
        self.documents.selectionChanged.connect(self._update_actions)
        self.pairs.pairActivated.connect(self.open_pair)
        self.pairs.thresholdChanged.connect(self._threshold_changed)
        self.heat_map.cellClicked.connect(self.open_cell)
        self.tabs.tabCloseRequested.connect(self._close_tab)

    def _restore_layout(self) -> None:
        geometry = self.settings.geometry()
        if geometry is not None:
            self.restoreGeometry(geometry)
        state = self.settings.window_state()
        if state is not None:
            self.restoreState(state)
        splitter = self.settings.splitter("main")
        if splitter is not None:
            self.splitter.restoreState(splitter)

    def save_layout(self) -> None:
        self.settings.set_geometry(self.saveGeometry())
        self.settings.set_window_state(self.saveState())
        self.settings.set_splitter("main", self.splitter.saveState())
        self.settings.sync()

    # ----- texts ---------------------------------------------------------------------------
    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Plagscope — essay similarity checker"))
        self.file_menu.setTitle(self.tr("&File"))
        self.recent_menu.setTitle(self.tr("Recent &Files"))
        self.check_menu.setTitle(self.tr("&Check"))
        self.view_menu.setTitle(self.tr("&View"))
        self.language_menu.setTitle(self.tr("&Language"))
        self.help_menu.setTitle(self.tr("&Help"))
        texts = {
            self.act_open: (self.tr("&Open Files…"), self.tr("Add essays (txt, docx, pdf)")),
            self.act_add_folder: (self.tr("Add &Folder…"), self.tr("Add every essay in a folder and its subfolders")),
            self.act_remove: (self.tr("&Remove"), self.tr("Remove the selected documents (Del)")),
            self.act_template: (self.tr("Use as &Template"),
                                self.tr("Treat the selected document as the assignment text: passages "
                                        "shared with it are ignored")),
            self.act_check: (self.tr("&Check"), self.tr("Compare every pair of documents (Ctrl+R)")),
            self.act_cancel: (self.tr("C&ancel"), self.tr("Stop the running check (Esc)")),
            self.act_export: (self.tr("&Export Report…"), self.tr("Save the results as HTML, PDF, JSON or CSV")),
            self.act_options: (self.tr("&Options…"), self.tr("Tune the check")),
            self.act_quit: (self.tr("&Quit"), ""),
            self.act_about: (self.tr("&About Plagscope"), ""),
            self.act_about_qt: (self.tr("About &Qt"), ""),
            self.act_clear_recent: (self.tr("&Clear List"), ""),
            self.act_show_pairs: (self.tr("&Pairs"), ""),
            self.act_show_heat_map: (self.tr("&Heat Map"), ""),
            self.act_close_tab: (self.tr("Close &Tab"), ""),
        }
        for action, (text, tip) in texts.items():
            action.setText(text)
            action.setToolTip(tip or text.replace("&", "").rstrip("…"))
            action.setStatusTip(tip)
        self.act_check.setIconText(self.tr("Check"))
        self.tabs.setTabText(self.tabs.indexOf(self.pairs), self.tr("Pairs"))
        self.tabs.setTabText(self.tabs.indexOf(self.heat_map), self.tr("Heat Map"))
        self.stale_banner.setText(self.tr("Results are out of date: documents or options changed since "
                                          "the last check. Press Check (Ctrl+R) to update them."))
        self.toolbar.setWindowTitle(self.tr("Main toolbar"))
        self._update_summary()
        self._fill_recent_menu()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def set_language(self, code: str) -> None:
        if not self.translations.set_language(code):
            self.show_message(QMessageBox.Icon.Warning, self.tr("Language"),
                              self.tr("The translation for %1 could not be loaded.").replace(
                                  "%1", LANGUAGES.get(code, code)))
        else:
            self.settings.set_language(code)
        self.language_actions[self.translations.language].setChecked(True)

    # ----- messages ------------------------------------------------------------------------
    def show_message(self, icon: QMessageBox.Icon, title: str, text: str, informative: str = "",
                     details: str = "") -> QMessageBox:
        """A window-modal message box that does not block the caller (nothing ever exits)."""
        box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, self)
        box.setWindowModality(Qt.WindowModality.WindowModal)
        if informative:
            box.setInformativeText(informative)
        if details:
            box.setDetailedText(details)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.messages.append(box)
        box.finished.connect(lambda _result, box=box: self.messages.remove(box) if box in self.messages else None)
        box.open()
        return box

    def show_error(self, title: str, text: str, informative: str = "", details: str = "") -> QMessageBox:
        return self.show_message(QMessageBox.Icon.Critical, title, text, informative, details)

    def show_about(self) -> None:
        text = self.tr(
            "<h3>Plagscope %1</h3><p>Finds copied passages between Chinese and English essays "
            "(txt, docx, pdf) with winnowing fingerprints, and near-duplicate essays with simhash.</p>"
        ).replace("%1", __version__)
        info = self.tr("Python %1, Qt %2, PySide6 %3").replace("%1", platform.python_version()).replace(
            "%2", qVersion()).replace("%3", pyside_version)
        box = self.show_message(QMessageBox.Icon.NoIcon, self.tr("About Plagscope"), text, info)
        box.setIconPixmap(icons.icon("app").pixmap(64, 64))

    # ----- documents -----------------------------------------------------------------------
    def _start_dir(self) -> str:
        return str(self.settings.q.value("files/last_dir", os.path.expanduser("~")))

    def open_files(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(
            self, self.tr("Open Essays"), self._start_dir(),
            self.tr("Essays (%1);;All files (*)").replace("%1", DOCUMENT_FILTER_SUFFIXES))
        if paths:
            self.settings.q.setValue("files/last_dir", os.path.dirname(paths[0]))
            self.add_paths(paths)

    def add_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Add Folder"), self._start_dir())
        if folder:
            self.settings.q.setValue("files/last_dir", folder)
            self.add_paths([folder])

    def add_paths(self, paths: list[str]) -> None:
        """Load files and folders (in the background) and remember them as recent."""
        paths = [os.path.abspath(p) for p in paths]
        if not paths:
            return
        self.settings.add_recent(paths)
        self._fill_recent_menu()
        self.session.add_paths(paths)

    def remove_selected(self) -> None:
        paths = self.documents.selected_paths()
        if paths:
            removed = self.session.remove(paths)
            self.statusBar().showMessage(self.tr("Removed %n document(s)", "", removed), 4000)

    def toggle_template(self) -> None:
        path = self.documents.current_path()
        selected = self.documents.selected_paths()
        if len(selected) == 1:
            path = selected[0]
        if path is None:
            return
        if path == self.session.template:
            self.session.set_template(None)
        else:
            self.session.set_template(path)
        self._update_actions()

    def _fill_recent_menu(self) -> None:
        menu = self.recent_menu
        menu.clear()
        recent = self.settings.recent_files()
        for i, path in enumerate(recent, 1):
            label = f"&{i} {path}" if i < 10 else f"{i} {path}"
            action = menu.addAction(label.replace("&&", "&"))
            action.setData(path)
            action.triggered.connect(lambda _checked=False, path=path: self.add_paths([path]))
        if recent:
            menu.addSeparator()
        menu.addAction(self.act_clear_recent)
        self.act_clear_recent.setEnabled(bool(recent))

    def _clear_recent(self) -> None:
        self.settings.clear_recent()
        self._fill_recent_menu()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls() and any(u.isLocalFile() for u in event.mimeData().urls()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if paths:
            event.acceptProposedAction()
            self.add_paths(paths)

    def _documents_changed(self) -> None:
        self.stale_banner.setVisible(self.session.stale and self.session.report is not None)
        self._update_summary()
        self._update_actions()

    def _load_finished(self, failures: list) -> None:
        ready = len(self.session.ready_entries())
        self.statusBar().showMessage(self.tr("%n document(s) ready to check", "", ready), 5000)
        if not failures:
            return
        lines = [f"{os.path.basename(f.path)} — {f.message}" for f in failures[:FAILURES_LISTED]]
        if len(failures) > FAILURES_LISTED:
            lines.append(self.tr("… and %1 more (see Show Details)").replace(
                "%1", str(len(failures) - FAILURES_LISTED)))
        self.show_message(
            QMessageBox.Icon.Warning,
            self.tr("Some files could not be read"),
            self.tr("%n file(s) could not be read and will be left out of the check. "
                    "The other documents are not affected.", "", len(failures)),
            "\n".join(lines),
            "\n".join(f"{f.path}: {f.message}" for f in failures),
        )

    def _update_summary(self) -> None:
        entries = self.session.entries
        ready = len(self.session.ready_entries())
        failed = sum(e.state is State.FAILED for e in entries)
        text = self.tr("%n document(s)", "", ready)
        if self.session.template:
            text += " · " + self.tr("1 template")
        if failed:
            text += " · " + self.tr("%n unreadable", "", failed)
        self.summary.setText(text)

    def _update_actions(self) -> None:
        busy_checking = self.session.checking
        selected = self.documents.selected_paths()
        self.act_remove.setEnabled(bool(selected))
        entry = self.session.entry(selected[0]) if len(selected) == 1 else None
        self.act_template.setEnabled(entry is not None and entry.state is State.READY)
        self.act_template.setChecked(entry is not None and entry.path == self.session.template)
        self.act_check.setEnabled(not busy_checking)
        self.act_cancel.setEnabled(self.session.busy)
        self.act_export.setEnabled(self.session.report is not None)

    # ----- checking ------------------------------------------------------------------------
    def run_check(self) -> None:
        try:
            self.session.start_check()
        except CheckError as e:
            self.show_message(QMessageBox.Icon.Warning, self.tr("Cannot check yet"), str(e))

    def cancel(self) -> None:
        if self.session.cancel():
            self.statusBar().showMessage(self.tr("Cancelling…"))

    def _check_started_slot(self) -> None:
        self._check_started = time.monotonic()
        self.progress.setRange(0, 0)
        self.progress.setFormat(self.tr("Starting…"))
        self.statusBar().showMessage(self.tr("Checking…"))

    def stage_name(self, stage: str) -> str:
        return {
            "loading": self.tr("Loading"),
            "fingerprinting": self.tr("Fingerprinting"),
            "indexing": self.tr("Indexing"),
            "comparing": self.tr("Comparing"),
        }.get(stage, stage)

    def _show_progress(self, progress: Progress) -> None:
        self.progress.show()
        self.cancel_button.show()
        total = max(progress.total, 0)
        self.progress.setRange(0, total)
        self.progress.setValue(min(progress.done, total))
        name = self.stage_name(progress.stage)
        self.progress.setFormat(f"{name} %v / %m" if total else name)

    def _busy_changed(self, busy: bool) -> None:
        self.progress.setVisible(busy)
        self.cancel_button.setVisible(busy)
        if busy:
            self.progress.setRange(0, 0)
        self._update_actions()

    def _check_finished(self, report: Report) -> None:
        elapsed = time.monotonic() - self._check_started
        hamming = self.session.options.hamming
        self.pairs.set_report(report, hamming)
        self.heat_map.set_report(report, hamming)
        self.stale_banner.setVisible(self.session.stale)
        if self.tabs.currentWidget() not in (self.pairs, self.heat_map):
            self.tabs.setCurrentWidget(self.pairs)
        near = sum(p.hamming <= hamming for p in report.pairs)
        self.statusBar().showMessage(
            self.tr("Checked %1 documents in %2 s: %3 pairs share passages, %4 near-duplicates")
            .replace("%1", str(len(report.documents))).replace("%2", f"{elapsed:.1f}")
            .replace("%3", str(len(report.pairs))).replace("%4", str(near)))
        self._update_actions()

    def _check_failed(self, message: str) -> None:
        self.statusBar().showMessage(self.tr("The check failed"), 5000)
        self.show_error(self.tr("Check failed"), self.tr("The check could not be completed."), message)

    def _check_cancelled(self) -> None:
        self.statusBar().showMessage(self.tr("Check cancelled"), 5000)

    # ----- results -------------------------------------------------------------------------
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
            self.show_message(QMessageBox.Icon.Information, self.tr("Compare"), str(e))
            return None
        return self._open_compare(self.session.report, pair)

    def _open_compare(self, report: Report, pair: PairResult) -> QWidget | None:
        key = (id(report), pair.left, pair.right)
        widget = self.compare_tabs.get(key)
        if widget is not None and self.tabs.indexOf(widget) >= 0:
            self.tabs.setCurrentWidget(widget)
            return widget
        left, right = report.documents[pair.left], report.documents[pair.right]
        try:
            widget = create_compare_view(left, right, pair, report.options, self.tabs)
        except ImportError as e:
            log.error("compare view unavailable: %s", e)
            self.show_error(self.tr("Cannot open the pair"),
                            self.tr("The compare view is not available in this installation."), str(e))
            return None
        title = f"{left.name} ↔ {right.name}"
        short = title if len(title) <= 40 else f"{left.name[:18]}… ↔ {right.name[:18]}…"
        index = self.tabs.addTab(widget, short)
        self.tabs.setTabToolTip(index, f"{title}\n{pair.similarity * 100:.1f}%")
        self.tabs.setCurrentIndex(index)
        self.compare_tabs[key] = widget
        return widget

    def _close_tab(self, index: int) -> None:
        widget = self.tabs.widget(index)
        if widget in (self.pairs, self.heat_map):
            return
        self.tabs.removeTab(index)
        self.compare_tabs = {k: w for k, w in self.compare_tabs.items() if w is not widget}
        widget.deleteLater()

    def _close_current_tab(self) -> None:
        self._close_tab(self.tabs.currentIndex())

    # ----- options and export --------------------------------------------------------------
    def edit_options(self) -> None:
        dialog = OptionsDialog(self.session.options, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self.apply_options(dialog.options()))
        dialog.open()

    def apply_options(self, options: CheckOptions) -> None:
        self.session.set_options(options)
        self.settings.set_options(options)

    def _options_changed(self) -> None:
        options = self.session.options
        self.pairs.set_threshold(options.display_threshold)
        self.pairs.model.set_hamming_threshold(options.hamming)
        self.heat_map.set_hamming_threshold(options.hamming)
        self.stale_banner.setVisible(self.session.stale and self.session.report is not None)

    def _threshold_changed(self, fraction: float) -> None:
        options = self.session.options.with_changes(display_threshold=round(fraction, 4))
        self.session.set_options(options)
        self.settings.set_options(options)

    def export_report(self) -> str | None:
        """File > Export Report; returns the path written, or None."""
        if self.session.report is None:
            self.show_message(QMessageBox.Icon.Information, self.tr("Export Report"),
                              self.tr("There are no results to export. Run a check first."))
            return None
        start = str(self.settings.q.value("files/export_dir", self._start_dir()))
        try:
            path = self.exporter.run(os.path.join(start, self.tr("plagscope-report")),
                                     self.translations.language)
        except (OSError, ValueError, CheckError) as e:
            log.warning("export failed: %s", e)
            self.show_error(self.tr("Export failed"), self.tr("The report could not be saved."), str(e))
            return None
        if path:
            self.settings.q.setValue("files/export_dir", os.path.dirname(path))
            self.statusBar().showMessage(self.tr("Report saved to %1").replace("%1", path), 8000)
        return path

    # ----- shutdown ------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_layout()
        if self.session.busy:
            self.session.cancel()
            self.session.wait(5.0)
        event.accept()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.language_actions.get(self.translations.language, self.language_actions["en"]).setChecked(True)
        QTimer.singleShot(0, self._update_actions)
