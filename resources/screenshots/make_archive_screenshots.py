"""Render the README's archive screenshots: the sample originals archived, a copy checked
against the archive (the pairs table with the archived source marked, then the pair side by
side), and the archive browser.

    QT_QPA_PLATFORM=xcb xvfb-run -s "-screen 0 1280x800x24" \\
        python resources/screenshots/make_archive_screenshots.py

Writes archive_pair.png, archive_compare.png and archive_browser.png.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from make_screenshots import check, open_window, settle, shoot

from gui.app import create_application

SAMPLES = ROOT / "resources" / "samples"


def main() -> None:
    out = Path(__file__).resolve().parent
    app = create_application(sys.argv[:1])
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["PLAGSCOPE_DATA_DIR"] = tmp
        from core.pipeline import run
        from core.store import open_store
        from core.store.archive import add_paths

        db = str(Path(tmp) / "archive.sqlite3")
        with open_store(db) as store:
            run(add_paths(store, [SAMPLES / "zh_original_网络阅读.txt",
                                  SAMPLES / "en_original_homework.txt",
                                  SAMPLES / "zh_clean_1.txt", SAMPLES / "en_clean_1.txt"],
                          label="Grade 10 / 2025 spring"))
            run(add_paths(store, [SAMPLES / "zh_clean_2.txt", SAMPLES / "en_clean_2.txt"],
                          label="Grade 10 / 2024 autumn"))
        window = open_window(app, tmp, "en")
        window.archive.choose_location(db)
        check(app, window, [str(SAMPLES / n) for n in ("zh_copy_verbatim.docx", "zh_light_edit_gbk.txt",
                                                       "en_reordered.txt", "en_paraphrase.txt")],
              before_check=lambda: window.actions.archive_switch.setChecked(True))
        shoot(app, window, out / "archive_pair.png")
        report = window.session.report
        index = next(i for i, p in enumerate(report.pairs)
                     if report.documents[p.right].archive or report.documents[p.left].archive)
        window.open_pair(index)
        settle(app, window)
        shoot(app, window, out / "archive_compare.png")
        window.archive.browse().wait()  # listed in the background
        browser = window.archive.browser
        browser.resize(900, 420)
        settle(app, browser)
        shoot(app, browser, out / "archive_browser.png")
        browser.done(0)
        window.close()


if __name__ == "__main__":
    main()
