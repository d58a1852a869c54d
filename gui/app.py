"""Start the GUI: QApplication, logging, translations, the exception dialog, the main window."""

from __future__ import annotations

import logging
import os
import sys
import threading
import traceback
from logging.handlers import RotatingFileHandler
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QStandardPaths, Qt, QThreadPool, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from core import __version__
from core.memory import collections_paused

from . import icons
from .i18n import Translations, system_language
from .main_window import MainWindow
from .session import jobs
from .settings import Settings
from .smoke import arm

log = logging.getLogger("plagscope")


def log_path() -> Path:
    """Where the application log goes (the per-user data folder)."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppLocalDataLocation)
    return Path(base or Path.home() / ".plagscope") / "plagscope.log"


def setup_logging(path: Path) -> None:
    """Log warnings and errors (tracebacks included) to a small rotating file."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = RotatingFileHandler(path, maxBytes=1_000_000, backupCount=2,
                                                       encoding="utf-8")
    except OSError:
        handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.set_name("plagscope-log")
    root = logging.getLogger()
    for old in [h for h in root.handlers if h.get_name() == "plagscope-log"]:  # started again
        root.removeHandler(old)
        old.close()
    root.addHandler(handler)
    root.setLevel(logging.INFO)


class ExceptionDialog(QObject):
    """sys.excepthook replacement: log the traceback, tell the user briefly, keep running."""

    def __init__(self, parent: QWidget | None = None, log_file: Path | None = None):
        super().__init__(parent)
        self.window = parent
        self.log_file = log_file
        self.shown: list[QMessageBox] = []
        self._busy = False

    def __call__(self, exc_type, exc, tb) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            QCoreApplication.quit()
            return
        details = "".join(traceback.format_exception(exc_type, exc, tb))
        log.error("unexpected error:\n%s", details)
        if self._busy or QApplication.instance() is None:
            return  # an error while showing an error: logged only
        self._busy = True
        try:
            text = self.tr("Something went wrong, but your documents and results are safe. "
                           "You can keep working.")
            where = self.tr("Details were written to the log: %1").replace(
                "%1", str(self.log_file)) if self.log_file else ""
            box = QMessageBox(QMessageBox.Icon.Critical, self.tr("Unexpected error"),
                              text, QMessageBox.StandardButton.Ok, self.window)
            box.setInformativeText(f"{exc_type.__name__}: {exc}\n{where}".strip())
            box.setDetailedText(details)
            box.setWindowModality(Qt.WindowModality.WindowModal)
            box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            self.shown.append(box)
            box.finished.connect(lambda _r, box=box: self.shown.remove(box) if box in self.shown else None)
            box.open()
        finally:
            self._busy = False


def create_application(argv: list[str]) -> QApplication:
    app = QApplication.instance() or QApplication(argv)
    app.setOrganizationName("Plagscope")
    app.setApplicationName("Plagscope")
    app.setApplicationVersion(__version__)
    app.setWindowIcon(icons.icon("app"))
    return app


#: How long (s) a thread may hold the interpreter lock while another waits for it. Every model
#: call a table's paint makes from C++ takes the lock (py-spy: QTableView::paintEvent ->
#: Sbk_GetPyOverride -> GilState::acquire), so a paint beside busy Python work waits for it
#: hundreds of times. The heavy work no longer runs beside the review's paints (a check and
#: Open Check bring the review and figures with the report, exports render in a child
#: process), but a reviewer may still scroll while a check runs: with Python's default such
#: a paint stalled several times longer, and checks through the app were as fast with the
#: shorter interval (the A/B is in bench/README.md).
SWITCH_INTERVAL = 0.0002


def tune_interpreter() -> None:
    """Interpreter settings for a responsive window with busy worker threads."""
    sys.setswitchinterval(SWITCH_INTERVAL)


def warm_up_engine() -> threading.Thread:
    """Import the engines and load the segmenter and IDF tables on a thread (the window has
    shown), so that the first check never stalls the GUI (core.engine.segment.warm_up says why)."""

    def run() -> None:
        try:
            with collections_paused():  # the engines' tables: long-lived, never collected
                jobs().warm_up()
        except Exception:  # the check reports any real problem with its own message
            log.exception("warming up the engine failed")

    thread = threading.Thread(target=run, name="engine-warm-up", daemon=True)
    thread.start()
    return thread


#: The engine is warmed up this long after `show()` if no paint of the window was seen (ms).
WARM_UP_LATEST_MS = 2000


class AfterFirstPaint(QObject):
    """Calls `then` once, right after the first paint of `window` (or WARM_UP_LATEST_MS after
    it was shown, whichever is first): work that must not delay the window's first frame.

    It watches the window itself, whose paint opens each of its frames (children paint after
    their parent). An application-wide filter would hand PySide every event of every object,
    and PySide would then wrap each object and create the Python type of every QObject class
    to find its class: work the first frame would wait for."""

    def __init__(self, window: QWidget, then):
        super().__init__(window)
        self.window, self.then, self.done = window, then, False
        window.installEventFilter(self)
        QTimer.singleShot(WARM_UP_LATEST_MS, self._run)

    def eventFilter(self, obj, event) -> bool:
        if not self.done and event.type() == QEvent.Type.Paint and obj is self.window:
            self.window.removeEventFilter(self)
            QTimer.singleShot(0, self._run)  # after this paint and the rest of the frame
        return False

    def _run(self) -> None:
        if not self.done:
            self.done = True
            self.window.removeEventFilter(self)
            self.then()


class Running:
    """The started app: its QApplication, main window and exception hook (see `start`)."""

    def __init__(self, app: QApplication, window: MainWindow, hook: ExceptionDialog, smoke,
                 after_paint: AfterFirstPaint):
        self.app, self.window, self.hook, self.smoke = app, window, hook, smoke
        self.after_paint = after_paint  # the warm-up (and a recovery offer) after the first frame


def start(paths: list[str] | None = None, *, settings: Settings | None = None,
          offer_recovery: bool = True) -> Running:
    """Everything `main` does before the event loop: the application, logging, language, the
    window shown with `paths` loaded, the exception dialog as sys.excepthook. Tests start the
    app here (with their own settings) and drive it with its actions."""
    app = create_application(sys.argv[:1])
    tune_interpreter()
    logfile = log_path()
    setup_logging(logfile)
    settings = settings or Settings()
    translations = Translations(app)
    translations.set_language(settings.language() or system_language())
    window = MainWindow(settings, translations)
    hook = ExceptionDialog(window, logfile)
    sys.excepthook = hook
    window.show()
    paths = window.archive.take_saved_checks(paths or [])  # `plagscope class.plagscope`
    if paths:
        window.add_paths([os.path.abspath(p) for p in paths])

    after_paint = AfterFirstPaint(window, lambda: warm_up_engine())  # the engines load after the first frame
    smoke = arm(app, window)  # kept alive while the app runs
    if smoke is None and offer_recovery:  # an unattended run must not wait on a question
        window.archive.offer_recovery()  # autosave of a Plagscope that did not close cleanly
    return Running(app, window, hook, smoke, after_paint)


def main(paths: list[str] | None = None) -> int:
    """Run the desktop application with `paths` loaded; returns the exit code."""
    with collections_paused():  # the window is built without collector passes (the launcher paused it for the imports)
        running = start(paths)
    code = running.app.exec()
    running.window.archive.clear_autosave()  # the event loop ended: this process did not crash
    QThreadPool.globalInstance().waitForDone(5000)
    return code
