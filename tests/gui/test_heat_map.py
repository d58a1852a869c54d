"""The heat map: one cell per pair colored by the computed similarity; a click opens the pair."""

from PySide6.QtCore import Qt

from gui.widgets.compare_view import CompareView
from gui.widgets.heat_map import HeatMap


def test_cells_hold_the_reports_similarities(checked_window):
    w = checked_window
    report, heat = w.session.report, w.heat_map
    n = len(report.documents)
    assert heat.size_n == n
    reported = {(p.left, p.right): p.similarity for p in report.pairs}
    for i in range(n):
        for j in range(i + 1, n):
            expected = reported.get((i, j), reported.get((j, i), 0.0))
            assert heat.similarity(i, j) == heat.similarity(j, i) == expected


def test_hover_names_both_documents_and_click_opens_the_pair(qtbot, checked_window):
    w = checked_window
    w.tabs.setCurrentWidget(w.heat_map)
    qtbot.wait(50)
    top = w.session.report.pairs[0]
    heat = w.heat_map
    tip = heat.tooltip_text(top.left, top.right)
    names = w.session.report.documents
    assert names[top.left].name in tip and names[top.right].name in tip
    assert f"{top.similarity * 100:.1f}%" in tip and str(top.hamming) in tip
    centre = heat.cell_rect(top.right, top.left).center()
    assert heat.cell_at(centre) == (top.right, top.left)
    qtbot.mouseClick(heat, Qt.MouseButton.LeftButton, pos=centre)
    view = w.tabs.currentWidget()
    assert isinstance(view, CompareView)
    assert (view._pair.left, view._pair.right) == (top.left, top.right)


def test_two_hundred_documents_fit(qtbot):
    from core.models import Document, PairResult, Report
    from core.options import CheckOptions

    docs = tuple(Document(i, f"essay-{i:03d}.txt", f"/x/{i}", "txt", "text") for i in range(200))
    pair = PairResult(17, 150, 40, 0.8, 0.5, 0.5, 100)
    report = Report(CheckOptions(), docs, tuple(range(200)), (pair,))
    heat = HeatMap()
    qtbot.addWidget(heat)
    heat.resize(800, 700)
    heat.show()
    heat.set_report(report, 3)
    assert heat.size_n == 200 and heat.similarity(150, 17) == 0.8 and heat.similarity(1, 2) == 0.0
    cell = heat.cell_rect(17, 150)
    assert cell.width() >= 2 and heat.cell_at(cell.center()) == (17, 150)
    assert "essay-017.txt" in heat.tooltip_text(17, 150) and "essay-150.txt" in heat.tooltip_text(17, 150)
    heat.grab()  # paints 200 x 200 cells without error


def test_legend_shows_the_color_scale(qtbot):
    from core.models import Document, PairResult, Report
    from core.options import CheckOptions
    from gui.widgets.heat_map import LEGEND_GAP, LEGEND_WIDTH

    docs = tuple(Document(i, f"e{i}.txt", f"/x/{i}", "txt", "t") for i in range(5))
    heat = HeatMap()
    qtbot.addWidget(heat)
    heat.resize(600, 400)
    heat.set_report(Report(CheckOptions(), docs, tuple(range(5)), (PairResult(0, 1, 40, 0.8, 0.5, 0.5, 100),)), 3)
    image = heat.grab().toImage()
    grid, _ = heat._layout()
    x = int(grid.right() + LEGEND_GAP + LEGEND_WIDTH / 2)
    high, low = (image.pixelColor(x, int(grid.top() + f * grid.height())) for f in (0.05, 0.95))
    assert high.lightness() < low.lightness() - 60  # dark red for 100%, pale for 0%
    assert high.red() > high.blue() + 60
