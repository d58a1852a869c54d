"""Render the README's screenshots from the real widgets on the bundled sample essays.

    python resources/screenshots/make_screenshots.py [--lang en|zh_CN] [--out DIR]

For the README, run it on the real X11 platform under Xvfb, so the pixels are the ones the X
server shows (grabbed from the server, not rendered off screen):

    QT_QPA_PLATFORM=xcb xvfb-run -s "-screen 0 1280x800x24" python resources/screenshots/make_screenshots.py

Without QT_QPA_PLATFORM it renders offscreen. A Chinese font (fonts-wqy-microhei) must be
installed or Chinese renders as boxes. Writes main_window.png, heat_map.png, compare_view.png.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from gui.app import create_application
from gui.i18n import Translations
from gui.main_window import MainWindow
from gui.settings import Settings

SAMPLES = ROOT / "resources" / "samples"


def wait_until(app: QApplication, condition, seconds: float = 120) -> None:
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            raise TimeoutError("the window did not finish in time")
        app.processEvents()
        time.sleep(0.01)


def settle(app: QApplication, window) -> None:
    for _ in range(20):
        app.processEvents()
    window.repaint()
    app.processEvents()


def shoot(app: QApplication, window, path: Path) -> None:
    """The window's pixels: from the X server on xcb (what a user sees), else rendered."""
    settle(app, window)
    if QGuiApplication.platformName() == "xcb":
        time.sleep(0.3)  # let the server finish painting
        settle(app, window)
        image = window.screen().grabWindow(window.winId())
    else:
        image = window.grab()
    if image.isNull() or not image.save(str(path)):
        raise SystemExit(f"could not save {path}")


def open_window(app: QApplication, tmp: str, lang: str, size: tuple[int, int] = (1280, 800),
                maximized: bool = True) -> MainWindow:
    """A main window with fresh settings in `tmp`, in `lang`, shown at `size`."""
    settings = Settings(QSettings(str(Path(tmp) / "s.ini"), QSettings.Format.IniFormat))
    translations = Translations(app)
    translations.set_language(lang)
    window = MainWindow(settings, translations)
    window.resize(*size)
    window.showMaximized() if maximized else window.show()
    return window


def check(app: QApplication, window, paths: list[str], before_check=None) -> None:
    """Load `paths`, wait for them, run the check and wait for its report."""
    window.add_paths(paths)
    wait_until(app, lambda: window.session.ready_entries() and not window.session.busy)
    if before_check is not None:
        before_check()
    window.actions.check.trigger()
    wait_until(app, lambda: window.session.report is not None and not window.session.busy)


def screenshot_parser(doc: str) -> argparse.ArgumentParser:
    """The options every screenshot script takes: the interface language and the folder."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("--lang", default="en")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    return parser


def main() -> None:
    args = screenshot_parser(__doc__).parse_args()
    app = create_application(sys.argv[:1])
    with tempfile.TemporaryDirectory() as tmp:
        window = open_window(app, tmp, args.lang, (1280, 760), maximized=False)
        check(app, window, [str(SAMPLES)])
        args.out.mkdir(parents=True, exist_ok=True)
        shoot(app, window, args.out / "main_window.png")
        window.tabs.setCurrentWidget(window.heat_map)
        shoot(app, window, args.out / "heat_map.png")
        report = window.session.report
        zh = next(i for i, p in enumerate(report.pairs)
                  if report.documents[p.left].name.startswith("zh_"))
        view = window.open_pair(zh)
        view.next_action.trigger()
        shoot(app, window, args.out / "compare_view.png")
        window.session.cancel()
        window.close()
    print(f"wrote main_window.png, heat_map.png, compare_view.png to {args.out}")


if __name__ == "__main__":
    main()
