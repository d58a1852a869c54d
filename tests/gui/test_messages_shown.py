"""Loader reasons and progress stages reach the user in the interface's language (through
core.messages), and file names are shown through core.display.safe_name."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from core import messages
from core.models import Progress
from gui.models.documents import PATH_ROLE, DocumentModel
from gui.session import normalize_path


def test_unreadable_files_and_stages_are_told_in_chinese(qtbot, window, driver, essays, bad_dir, translations):
    translations.set_language("zh_CN")
    broken = bad_dir / "not_a_zip.docx"
    driver.load(window, [*essays[:2], broken])
    error = window.session.entry(str(broken)).error
    assert error.code == "docx.not_zip"
    chinese = messages.text(error.code, "zh", **error.values)
    assert chinese != error.message
    [box] = [b for b in window.findChildren(QMessageBox) if b.isVisible()]
    assert chinese in box.informativeText() and chinese in box.detailedText()
    assert error.message not in box.informativeText()
    box.done(0)
    model = window.documents.proxy
    row = next(r for r in range(model.rowCount()) if model.index(r, 0).data(PATH_ROLE) == normalize_path(broken))
    assert chinese in model.index(row, DocumentModel.NAME).data(Qt.ItemDataRole.ToolTipRole)
    window.status.show_progress(Progress("fingerprinting", 1, 4))
    assert window.status.progress.format().startswith(messages.text("fingerprinting", "zh"))
    translations.set_language("en")
    window.status.show_progress(Progress("fingerprinting", 1, 4))  # shown once its turn comes
    qtbot.waitUntil(lambda: window.status.progress.format().startswith("Fingerprinting"))
    assert error.message in model.index(row, DocumentModel.NAME).data(Qt.ItemDataRole.ToolTipRole)


def test_names_with_control_characters_are_shown_escaped(qtbot, window, driver, essays, tmp_path):
    hostile = tmp_path / "a\x1b]0;pwned\x07\u202eb.txt"
    hostile.write_bytes(essays[1].read_bytes())  # a copy: it pairs with essays[1]
    driver.load(window, [hostile, essays[1], essays[2]])
    model = window.documents.proxy
    row = next(r for r in range(model.rowCount()) if model.index(r, 0).data(PATH_ROLE) == normalize_path(hostile))
    shown = model.index(row, DocumentModel.NAME).data()
    tip = model.index(row, DocumentModel.NAME).data(Qt.ItemDataRole.ToolTipRole)
    for text in (shown, tip):
        assert "\x1b" not in text and "\x07" not in text and "\u202e" not in text
    # the list shows a distinguishing short name; the full name, escaped, is on hover (issue 13)
    assert tip.startswith("a\\x1b]0;pwned\\x07\\u202eb.txt")
    driver.check(window)
    pairs = window.pairs.model
    names = {pairs.index(r, c).data() for r in range(pairs.rowCount()) for c in (0, 1)}
    assert "a\\x1b]0;pwned\\x07\\u202eb.txt" in names
    assert not any("\x1b" in n for n in names)
    index = next(i for i, p in enumerate(window.session.report.pairs)
                 if "\x1b" in window.session.report.documents[p.left].name + window.session.report.documents[p.right].name)
    view = window.open_pair(index)
    assert "\x1b" not in window.tabs.tabText(window.tabs.currentIndex())
    assert "\x1b" not in view.left_label.text() + view.right_label.text()
    i = next(i for i, d in enumerate(window.session.report.documents) if "\x1b" in d.name)
    assert "\x1b" not in window.heat_map.tooltip_text(i, (i + 1) % len(window.session.report.documents))
