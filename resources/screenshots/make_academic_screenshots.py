"""Render the README's academic screenshots: the compare view with passages colored by
attribution class and edit marks inside a lightly edited passage, and a per-student report page.

    QT_QPA_PLATFORM=xcb xvfb-run -s "-screen 0 1280x800x24" \\
        python resources/screenshots/make_academic_screenshots.py [--lang en|zh_CN]

Uses the academic test corpus (tests/data/make_academic.py) with one copy in the essay
lightly edited (three words swapped), checks it in the real window, opens the essay's pair
with its source, and writes academic_compare.png; then writes the essay's student report as
PDF and renders its first page with pdftoppm to academic_student_report.png, and the class
report's page with the pair details (passages colored by class) to academic_class_report.png.
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

from make_screenshots import check, open_window, screenshot_parser, shoot

from gui.app import create_application

ORIGINAL = "如今人们常说的“内卷”其实是一种资源有限时的过度竞争，每个人都付出更多却得到更少"
EDITED = "如今大家常说的“内卷”其实是一种资源有限时的过分竞争，每个人都投入更多却得到更少"


def main() -> None:
    args = screenshot_parser(__doc__).parse_args()
    import make_academic

    app = create_application(sys.argv[:1])
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "essays"
        folder.mkdir()
        docs = {d.name: d for d in make_academic.build()}
        essay = docs["zh_essay.txt"].text.replace(ORIGINAL, EDITED)
        (folder / "zh_essay.txt").write_text(essay, encoding="utf-8")
        (folder / "zh_source_a.txt").write_text(docs["zh_source_a.txt"].text, encoding="utf-8")
        window = open_window(app, tmp, args.lang)
        check(app, window, [str(folder)])
        report = window.session.report
        view = window.open_pair(0)
        names = [d.name for d in report.documents]
        pair = report.pairs[0]
        side = 0 if names[pair.left] == "zh_essay.txt" else 1
        edited = next(j for j, m in enumerate(pair.matches) if (m.left_changes if side == 0 else m.right_changes))
        view.select_passage(edited)
        args.out.mkdir(parents=True, exist_ok=True)
        shoot(app, window, args.out / "academic_compare.png")

        from core.reports.html_report import html_page  # noqa: F401  (same model as the PDF)
        from core.reports.pdf_report import pdf_bytes
        from core.reports.student_pages import student_document

        language = "zh" if args.lang.startswith("zh") else "en"
        page = student_document(report, names.index("zh_essay.txt"), language=language)
        pdf = Path(tmp) / "student.pdf"
        pdf.write_bytes(pdf_bytes(page))
        subprocess.run(["pdftoppm", "-r", "80", "-png", "-f", "1", "-l", "1", "-singlefile", str(pdf),
                        str(args.out / "academic_student_report")], check=True)

        # the class report's pair details: passages colored by class, legend, changed words
        from core.reports.pdf_report import render_pdf

        whole = Path(tmp) / "class.pdf"
        whole.write_bytes(render_pdf(report, language=language))
        first = "片段 1" if language == "zh" else "Passage 1"
        pages = int(next(line.split()[-1] for line in subprocess.run(
            ["pdfinfo", str(whole)], capture_output=True, text=True, check=True).stdout.splitlines()
            if line.startswith("Pages:")))
        page = next(n for n in range(1, pages + 1) if first in subprocess.run(
            ["pdftotext", "-f", str(n), "-l", str(n), str(whole), "-"], capture_output=True, text=True,
            check=True).stdout)
        subprocess.run(["pdftoppm", "-r", "80", "-png", "-f", str(page), "-l", str(page), "-singlefile",
                        str(whole), str(args.out / "academic_class_report")], check=True)
        window.close()


if __name__ == "__main__":
    main()
