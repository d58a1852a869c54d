"""Issue 10's desktop-app items, each checked the way a user meets it (every test fails without
its fix): window width with compare tabs, 500x350, language switch with open compare tabs, the
hint before the first check, passage navigation and plurals, the README's menu path and sample
figures."""

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication, QMenu

from core import pipeline, rules
from core.models import Document, Match, PairResult, Span
from core.options import CheckOptions
from gui.models.passages import PassageListModel
from gui.widgets.compare_view import CompareView

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "resources" / "samples"


def settle(qtbot) -> None:
    QApplication.processEvents()
    qtbot.wait(10)


def inside(control, window) -> bool:
    """The control is shown whole (not squeezed below its minimum) and within the window."""
    rect = QRect(control.mapTo(window, QPoint(0, 0)), control.size())
    return (control.isVisible() and window.rect().contains(rect)
            and control.width() >= control.minimumSizeHint().width())


# ----- window size ------------------------------------------------------------------------------


def test_opening_compare_tabs_never_widens_the_window(qtbot, checked_window):
    w = checked_window
    w.resize(900, 600)
    settle(qtbot)
    for i in range(min(6, len(w.session.report.pairs))):
        w.open_pair(i)
        settle(qtbot)
        assert w.width() == 900
        assert w.minimumSizeHint().width() <= 900


def test_a_sensible_minimum_size_and_a_whole_layout_at_500_by_350(qtbot, checked_window):
    w = checked_window
    assert 400 <= w.minimumWidth() <= 500 and 280 <= w.minimumHeight() <= 350
    w.resize(500, 350)
    settle(qtbot)
    assert (w.width(), w.height()) == (500, 350)
    for control in (w.documents.view, w.pairs.spin, w.pairs.view):
        assert inside(control, w)
    assert w.documents.view.columnWidth(0) >= 90  # names stay readable: optional columns give way
    assert w.pairs.slider.isHidden() or inside(w.pairs.slider, w)
    view = w.open_pair(0)
    settle(qtbot)
    assert (w.width(), w.height()) == (500, 350)
    for control in (view.previous_button, view.next_button, view.sync_box, view.passage_list,
                    view.left_view, view.right_view, view.summary_label):
        assert inside(control, w), control
    w.resize(300, 200)  # smaller than the minimum: refused, not squeezed
    settle(qtbot)
    assert (w.width(), w.height()) == (w.minimumWidth(), w.minimumHeight())


# ----- language ---------------------------------------------------------------------------------


def test_switching_the_language_retranslates_open_compare_tabs(qtbot, checked_window):
    w = checked_window
    view = w.open_pair(0)
    assert view.next_action.text() == "Next passage"
    w.main_menus.language_actions["zh_CN"].trigger()
    try:
        qtbot.waitUntil(lambda: view.next_action.text() == "下一个片段")
        assert view.previous_action.text() == "上一个片段"
        assert view.summary_label.text().startswith("复制比") and "汉明距离" in view.summary_label.text()
        assert "覆盖" in view.left_label.text() and "covered" not in view.left_label.text()
        assert view.passage_list.model().headerData(PassageListModel.EXCERPT, Qt.Orientation.Horizontal) == "摘录"
        assert "个片段" in view.position_label.text()
    finally:
        w.main_menus.language_actions["en"].trigger()
    qtbot.waitUntil(lambda: view.next_action.text() == "Next passage")
    assert view.summary_label.text().startswith("Copied") and "Hamming distance" in view.summary_label.text()


def test_the_language_menu_is_where_the_readme_says(window):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert ("View", "Language") in re.findall(r"\b(View) > (\w+)", readme)
    manual = readme + "".join(p.read_text(encoding="utf-8") for p in (ROOT / "docs").glob("*.md"))
    paths = re.findall(r"\b(View|File|Check|Help|Archive) > (\w+)", manual)
    assert ("View", "Language") in paths
    top = {m.title().replace("&", ""): m for m in window.menuBar().findChildren(QMenu)
           if m.menuAction() in window.menuBar().actions()}
    assert "Language" not in top  # one place only
    for menu, item in paths:
        entries = [a.text().replace("&", "") for a in top[menu].actions()]
        assert any(e.startswith(item) for e in entries), (menu, item, entries)
    language = window.main_menus.language_menu
    assert [a.text() for a in language.actions()] == ["English", "简体中文"]


# ----- the pairs pane before the first check ----------------------------------------------------


def test_the_pairs_pane_says_documents_wait_for_a_check(window, driver, essays):
    hint = window.pairs.hint
    assert hint.text().startswith("Add essays")
    driver.load(window, essays[:1])
    assert hint.text().startswith("1 document loaded. Add at least one more")
    driver.load(window, essays)
    assert hint.isVisible()
    assert hint.text().startswith(f"{len(essays)} documents loaded and not checked yet. Press Check")


# ----- passages: navigation, plurals, units ----------------------------------------------------


def one_view(qtbot, count: int, translations=None) -> CompareView:
    text = "甲乙丙丁戊己庚辛壬癸" * 4
    matches = tuple(Match(Span(10 * i, 10 * i + 8), Span(10 * i, 10 * i + 8), 8) for i in range(count))
    left = Document(0, "a.txt", "/x/a.txt", "txt", text)
    right = Document(1, "b.txt", "/x/b.txt", "txt", text)
    pair = PairResult(0, 1, 9, 0.5, 0.5, 0.5, 8 if count else 0, matches)
    view = CompareView(left, right, pair, CheckOptions())
    qtbot.addWidget(view)
    view.show()
    return view


def test_one_passage_previous_is_disabled_and_next_only_until_it_is_shown(qtbot):
    view = one_view(qtbot, 1)
    assert view.position_label.text() == "1 passage"
    assert not view.previous_action.isEnabled()
    assert view.next_action.isEnabled()
    view.next_action.trigger()
    assert view.current_passage() == 0
    assert view.position_label.text() == "Passage 1 of 1"
    assert not view.previous_action.isEnabled() and not view.next_action.isEnabled()


def test_two_passages_step_both_ways_and_none_disables_both(qtbot):
    view = one_view(qtbot, 2)
    assert view.position_label.text() == "2 passages"
    assert view.previous_action.isEnabled() and view.next_action.isEnabled()
    view.previous_action.trigger()
    assert view.current_passage() == 1  # wraps to the last
    view = one_view(qtbot, 0)
    assert not view.previous_action.isEnabled() and not view.next_action.isEnabled()


def test_summary_counts_passages_in_the_singular_and_in_characters(qtbot, translations):
    view = one_view(qtbot, 1)
    assert view.summary_label.text() == "Hamming distance 9 · similarity 50.0% · 1 passage, longest 8 characters"
    assert "units" not in view.summary_label.text()
    translations.set_language("zh_CN")
    qtbot.waitUntil(lambda: view.summary_label.text().startswith("汉明距离"))
    assert view.summary_label.text() == "汉明距离 9 · 相似度 50.0% · 1 个片段，最长 8 个字符"
    assert view.position_label.text() == "1 个片段"


# ----- the samples' README ----------------------------------------------------------------------


@pytest.mark.skipif(not (SAMPLES / "README.md").exists(), reason="no samples")
def test_samples_readme_states_the_light_edits_real_hamming_distance():
    report = pipeline.run(pipeline.check([SAMPLES], CheckOptions()))
    names = [d.name for d in report.documents]

    def distance(a: str, b: str) -> int:
        return rules.hamming(report.simhashes[names.index(a)], report.simhashes[names.index(b)])

    zh = distance("zh_original_网络阅读.txt", "zh_light_edit_gbk.txt")
    en = distance("en_original_homework.txt", "en_light_edit.docx")
    readme = (SAMPLES / "README.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if line.startswith("| `zh_light_edit_gbk.txt`"))
    assert f"Hamming distance {zh} to the original" in row
    assert f"Hamming distance {zh}\n(zh) and {en} (en)" in readme or f"Hamming distance {zh} (zh) and {en} (en)" in readme
    near = rules.is_near_duplicate(zh, CheckOptions().hamming)
    assert ("above the default near-duplicate threshold" in row) == (not near)
