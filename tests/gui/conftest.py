"""GUI test fixtures: a temporary QSettings, a main window on its own thread pool, essay files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QThreadPool
from PySide6.QtWidgets import QApplication, QMessageBox

from core.options import CheckOptions
from gui.i18n import Translations
from gui.main_window import MainWindow
from gui.session import Session
from gui.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "resources" / "samples"
GOOD = ROOT / "tests" / "data" / "good"
BAD = ROOT / "tests" / "data" / "bad"
SUFFIXES = {".txt", ".docx", ".pdf"}

#: Generous bound for background work in tests (a failure, not a speed check).
WAIT_MS = 60_000


def essay_files() -> list[Path]:
    """The sample essays when they exist, else the loader's good fixtures."""
    for folder in (SAMPLES, GOOD):
        files = sorted(p for p in folder.rglob("*") if p.suffix.lower() in SUFFIXES and p.is_file())
        if len(files) >= 3:
            return files
    pytest.skip("no sample essays or good fixtures to test with")


@pytest.fixture
def essays(tmp_path: Path) -> list[Path]:
    """Copies of the essays in a temporary folder (exports and edits never touch the originals)."""
    folder = tmp_path / "essays"
    folder.mkdir()
    out = []
    for f in essay_files():
        target = folder / f.name
        if target.exists():
            target = folder / f"{f.parent.name}_{f.name}"
        shutil.copy2(f, target)
        out.append(target)
    return out


@pytest.fixture
def qsettings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def settings(qsettings: QSettings) -> Settings:
    return Settings(qsettings)


@pytest.fixture
def translations(qapp):
    t = Translations(qapp)
    t.set_language("en")
    yield t
    t.set_language("en")  # translators are global to the application


@pytest.fixture
def pool():
    p = QThreadPool()
    p.setMaxThreadCount(2)
    yield p
    p.waitForDone(WAIT_MS)


def close_messages(widget) -> None:
    for box in widget.findChildren(QMessageBox):
        box.done(0)


@pytest.fixture
def make_window(qtbot, settings, translations, pool):
    """Build main windows over the temporary settings; all are cancelled and closed afterwards."""
    made: list[MainWindow] = []

    def make(options: CheckOptions | None = None, qsettings: Settings | None = None) -> MainWindow:
        s = qsettings or settings
        session = Session(options or s.options(), pool=pool)
        window = MainWindow(s, translations, session)
        session.setParent(window)
        qtbot.addWidget(window)
        window.resize(1100, 700)
        made.append(window)
        return window

    yield make
    for w in made:
        w.session.cancel()
    pool.waitForDone(WAIT_MS)
    QApplication.processEvents()
    for w in made:
        close_messages(w)


@pytest.fixture
def window(make_window) -> MainWindow:
    w = make_window()
    w.show()
    return w


class Driver:
    """Steps the window tests share: load files and wait, run the check and wait."""

    wait_ms = WAIT_MS
    bad = BAD

    def __init__(self, qtbot):
        self.qtbot = qtbot

    def wait_idle(self, window: MainWindow) -> None:
        self.qtbot.waitUntil(lambda: not window.session.busy, timeout=WAIT_MS)

    def load(self, window: MainWindow, paths) -> None:
        with self.qtbot.waitSignal(window.session.loadFinished, timeout=WAIT_MS):
            window.add_paths([str(p) for p in paths])
        self.wait_idle(window)

    def check(self, window: MainWindow):
        with self.qtbot.waitSignal(window.session.checkFinished, timeout=WAIT_MS) as blocker:
            window.actions.check.trigger()
        return blocker.args[0]


@pytest.fixture
def driver(qtbot) -> Driver:
    return Driver(qtbot)


@pytest.fixture
def bad_dir() -> Path:
    return BAD


@pytest.fixture
def checked_window(window, essays, driver) -> MainWindow:
    """A window with the essays loaded and checked."""
    driver.load(window, essays)
    driver.check(window)
    close_messages(window)
    return window
