"""The Shared Text view lists the text most documents hold (found once for the class), "in N of
M documents", and its "Use as template" makes it the template and checks again (issue 12)."""

from __future__ import annotations

import make_shared_class
from PySide6.QtCore import Qt

M = 16  # more than the cap (10 documents) hold the assignment


def write_class(folder):
    def essay(i, han, assignment, copy):
        text = han(100 + 10 * i) + "\n\n" + assignment + "\n\n" + han(300)
        return text + ("\n\n" + copy if i < 2 else "")

    paths, assignment, _copy = make_shared_class.write_class(folder, essay, M, seed=21)
    return paths, assignment


def test_the_shared_text_is_listed_and_one_click_makes_it_the_template(qtbot, window, driver, tmp_path):
    paths, assignment = write_class(tmp_path / "class")
    driver.load(window, paths)
    report = driver.check(window)
    view = window.shared_text
    assert window.tabs.indexOf(view) == window.tabs.indexOf(window.groups_view) + 1
    assert [s.text for s in report.shared_texts] == [assignment]
    assert view.list.count() == 1
    assert view.list.item(0).text().startswith(f"in {M} of {M} documents · {assignment[:20]}")
    assert "s00.txt" in view.holders.text() and view.template_button.isEnabled()
    window.tabs.setCurrentWidget(view)
    with qtbot.waitSignal(window.session.checkFinished, timeout=driver.wait_ms) as blocker:
        qtbot.mouseClick(view.template_button, Qt.MouseButton.LeftButton)
    after = blocker.args[0]
    template = window.session.entry(window.session.template)
    assert template is not None and assignment in template.document.text
    assert after.shared_texts == () and view.list.count() == 0
    assert not view.template_button.isEnabled()
    assert "No text is shared" in view.summary.text()


def test_without_a_report_the_view_says_what_it_will_show(window):
    view = window.shared_text
    assert view.list.count() == 0 and not view.template_button.isEnabled()
    assert view.summary.text().startswith("Check the documents")
