"""Render the README's review screenshots: a generated class of 200 essays (14 planted groups,
tests/data/make_class.py) checked in the real window, then the Groups view, the heat map in
group order, the graph and the per-student view.

    QT_QPA_PLATFORM=xcb xvfb-run -s "-screen 0 1280x800x24" \\
        python resources/screenshots/make_review_screenshots.py [--lang en|zh_CN]

Writes review_groups.png, review_heat_map.png, review_graph.png, review_student.png (the
window maximized on a 1280x800 screen, grabbed from the X server on xcb).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "data"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from make_screenshots import check, open_window, screenshot_parser, shoot, wait_until

from gui.app import create_application


def main() -> None:
    parser = screenshot_parser(__doc__)
    parser.add_argument("--docs", type=int, default=200)
    args = parser.parse_args()
    from make_class import main as make_class_main

    app = create_application(sys.argv[:1])
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "class"
        make_class_main([str(folder), "--docs", str(args.docs), "--groups", "14", "--seed", "3"])
        (folder / "truth.json").unlink()
        window = open_window(app, tmp, args.lang)
        check(app, window, [str(folder)])
        wait_until(app, lambda: window.review.data is not None and not window.review.busy)
        args.out.mkdir(parents=True, exist_ok=True)
        data = window.review.data
        window.tabs.setCurrentWidget(window.groups_view)
        window.groups_view.expand_group(0)
        shoot(app, window, args.out / "review_groups.png")
        window.tabs.setCurrentWidget(window.heat_map)
        shoot(app, window, args.out / "review_heat_map.png")
        window.tabs.setCurrentWidget(window.graph_view)
        shoot(app, window, args.out / "review_graph.png")
        group = next(d for d in data.details if d.source is not None)
        copy = max((m for m in group.members if m != group.source),
                   key=lambda m: len(data.students[m].sources))
        window.open_student(copy)
        window.student_view.sources.setCurrentCell(1, 1)  # the second source's passages in front
        shoot(app, window, args.out / "review_student.png")
        window.session.cancel()
        window.close()
    print(f"wrote review_groups.png, review_heat_map.png, review_graph.png, review_student.png to {args.out}")


if __name__ == "__main__":
    main()
