"""Text most documents hold (likely the assignment) is marked "in N of M documents" in the
compare view, and one click makes it the template and checks again (issue 12)."""

from __future__ import annotations

import make_shared_class
from PySide6.QtCore import Qt

from core.models import Document

M = 16  # more than the cap (10 documents) hold the assignment


def write_class(folder) -> tuple[list, str, str]:
    """M essays that all start with the same assignment paragraph; the first two also share a
    copied paragraph. Returns (paths, assignment, copy)."""
    def essay(i, han, assignment, copy):
        own = han(300) + ("\n\n" + copy if i < 2 else "") + "\n\n" + han(200)
        return assignment + "\n\n" + own

    return make_shared_class.write_class(folder, essay, M, seed=12)


def _pair(report, a: str, b: str):
    names = [d.name for d in report.documents]
    left, right = sorted((names.index(a), names.index(b)))
    return next(p for p in report.pairs if (p.left, p.right) == (left, right))


def _text(report, pair, match) -> str:
    document: Document = report.documents[pair.left]
    return document.text[match.left.start:match.left.end]


def test_shared_passage_is_marked_and_one_click_makes_it_the_template(qtbot, window, driver, tmp_path,
                                                                       translations):
    paths, assignment, copy = write_class(tmp_path / "class")
    driver.load(window, paths)
    report = driver.check(window)
    # the engine marks the assignment on pairs it found through that text alone
    pair = next(p for p in report.pairs if any(m.shared_by for m in p.matches))
    shared = [m for m in pair.matches if m.shared_by]
    assert [m.shared_by for m in shared] == [M] and assignment in _text(report, pair, shared[0])
    copied = _pair(report, "s00.txt", "s01.txt")
    assert any(copy in _text(report, copied, m) for m in copied.matches)

    view = window.open_pair(report.pairs.index(pair))
    index = pair.matches.index(shared[0])
    model = view.passage_list.model()
    excerpt = model.index(index, model.EXCERPT).data()
    assert excerpt.startswith(f"in {M} of {M} documents · ")
    # a pair with a real copy: the copy has no mark, the assignment beside it keeps its mark
    plain = window.open_pair(report.pairs.index(copied)).passage_list.model()
    marked = {copy in _text(report, copied, m): "documents" in plain.index(i, plain.EXCERPT).data()
              for i, m in enumerate(copied.matches)}
    assert marked == {True: False, False: True}
    window.open_pair(report.pairs.index(pair))
    assert view.template_button.isVisible() and f"in {M} of {M} documents" in view.shared_label.text()
    translations.set_language("zh_CN")
    assert model.index(index, model.EXCERPT).data().startswith(f"见于 {M} 篇中的 {M} 篇")
    qtbot.waitUntil(lambda: view.template_button.text() == "用作模板")
    assert view.shared_label.text() == f"片段 {index + 1}：见于 {M} 篇中的 {M} 篇"
    translations.set_language("en")

    with qtbot.waitSignal(window.session.checkFinished, timeout=driver.wait_ms) as blocker:
        qtbot.mouseClick(view.template_button, Qt.MouseButton.LeftButton)
    after = blocker.args[0]
    template = window.session.entry(window.session.template)
    assert template is not None and assignment in template.document.text
    assert template.document.name not in [d.name for d in after.documents]
    assert not any(m.shared_by for p in after.pairs for m in p.matches)
    # the assignment's passages are gone; the real copy between s00 and s01 is still found
    assert not any(assignment[:60] in _text(after, p, m) for p in after.pairs for m in p.matches)
    kept = _pair(after, "s00.txt", "s01.txt")
    assert [copy in _text(after, kept, m) for m in kept.matches] == [True]
    assert all(p is kept for p in after.pairs if p.matches)


def test_a_pair_without_shared_text_shows_no_template_button(qtbot, window, driver, tmp_path):
    paths, _assignment, _copy = write_class(tmp_path / "class")
    driver.load(window, paths[:4])  # 4 documents: nothing is held by more than the cap
    report = driver.check(window)
    view = window.open_pair(report.pairs.index(_pair(report, "s00.txt", "s01.txt")))
    assert view.passage_count and not view.template_button.isVisible() and view.shared_passage() == -1
