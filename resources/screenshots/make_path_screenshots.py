"""Render the screenshots of a teacher's path on a screen of the size it runs on: a class whose
file names differ only in the student number, the window at its first-start size, the compare
view's headers, the pairs table scrolled right, and page 1 of a student's PDF report.

    Xvfb :21 -screen 0 1366x768x24 &
    DISPLAY=:21 QT_QPA_PLATFORM=xcb python resources/screenshots/make_path_screenshots.py --lang en
    (again with --lang zh_CN, and on a 1920x1080 screen)

Writes path_compare_WxH_LANG.png, path_pairs_scrolled_WxH_LANG.png (grabbed from the X server)
and path_student_pdf_LANG.png (pdftoppm, 90 dpi).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "data"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from make_screenshots import check, screenshot_parser, shoot, wait_until
from PySide6.QtCore import QSettings

from gui.app import create_application
from gui.i18n import Translations
from gui.main_window import MainWindow
from gui.settings import Settings


def long_names(folder: Path) -> None:
    """grade10_class3_2026spring_student_NNN_final_version.txt: only the number tells them apart."""
    for n, path in enumerate(sorted(folder.glob("*.txt")), 1):
        path.rename(folder / f"grade10_class3_2026spring_student_{n:03d}_final_version.txt")


def main() -> None:
    parser = screenshot_parser(__doc__)
    parser.add_argument("--docs", type=int, default=40)
    args = parser.parse_args()
    from make_class import main as make_class_main

    app = create_application(sys.argv[:1])
    lang = "zh" if args.lang.startswith("zh") else "en"
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["PLAGSCOPE_DATA_DIR"] = str(Path(tmp) / "data")
        folder = Path(tmp) / "class"
        make_class_main([str(folder), "--docs", str(args.docs), "--groups", "5", "--seed", "3"])
        (folder / "truth.json").unlink()
        long_names(folder)
        settings = Settings(QSettings(str(Path(tmp) / "s.ini"), QSettings.Format.IniFormat))
        translations = Translations(app)
        translations.set_language(args.lang)
        window = MainWindow(settings, translations)  # first start: sized to the screen
        window.show()
        area = window.screen().availableGeometry()
        tag = f"{area.width()}x{window.screen().geometry().height()}_{lang}"
        check(app, window, [str(folder)])
        wait_until(app, lambda: window.review.data is not None and not window.review.busy)
        args.out.mkdir(parents=True, exist_ok=True)

        window.actions.show_pairs.trigger()
        bar = window.pairs.view.horizontalScrollBar()
        bar.setValue(bar.maximum())
        shoot(app, window, args.out / f"path_pairs_scrolled_{tag}.png")

        window.actions.show_pairs.trigger()
        bar.setValue(0)
        window.pairs.view.setFocus()
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        QTest.keyClick(window.pairs.view, Qt.Key.Key_Home)
        QTest.keyClick(window.pairs.view, Qt.Key.Key_Return)  # the most similar pair
        view = window.tabs.currentWidget()
        view.next_action.trigger()
        shoot(app, window, args.out / f"path_compare_{tag}.png")

        report = window.session.report
        data = window.review.data
        student = max(range(len(report.documents)),
                      key=lambda i: (len([s for s in data.students[i].sources if s.spans]), -i))
        pdf = Path(tmp) / "student.pdf"
        from core import reports
        from core.steps import drain

        drain(window.session.export_student_steps(str(pdf), _path_of(window, student), "pdf",
                                                  reports.report_language(args.lang)))
        stem = args.out / f"path_student_pdf_{lang}"
        subprocess.run(["pdftoppm", "-png", "-r", "90", "-f", "1", "-l", "1", "-singlefile", str(pdf), str(stem)],
                       check=True)
        window.close()


def _path_of(window, document: int) -> str:
    from gui.session import normalize_path

    return normalize_path(window.session.report.documents[document].path)


if __name__ == "__main__":
    main()
