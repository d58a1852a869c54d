"""The main window driven like a user: load, check, open pairs, cancel, errors, shortcuts, language."""

import random

from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent, QKeySequence
from PySide6.QtWidgets import QMessageBox

from core import pipeline
from core.rules import is_flagged
from gui.dialogs.options_dialog import OptionsDialog
from gui.models.documents import PATH_ROLE, DocumentModel
from gui.models.pairs import PairModel
from gui.session import normalize_path
from gui.widgets.compare_view import CompareView
from gui.widgets.pair_table import NAME_MIN_WIDTH, PairTable


def messages(window):
    return [b for b in window.findChildren(QMessageBox) if b.isVisible()]


def test_check_fills_the_pairs_table_in_the_engines_order(checked_window):
    w = checked_window
    report = w.session.report
    documents = [e.document for e in w.session.ready_entries()]
    expected = pipeline.run(pipeline.check_documents(documents, w.session.options))
    assert [(p.left, p.right, p.similarity) for p in report.pairs] == \
        [(p.left, p.right, p.similarity) for p in expected.pairs]
    threshold, hamming = w.session.options.display_threshold, w.session.options.hamming
    shown = [i for i, p in enumerate(report.pairs) if is_flagged(p, threshold, hamming)]  # meaning too
    assert w.pairs.visible_pairs() == shown  # sorted by similarity, highest first, like the report
    top = report.pairs[0]
    view = w.pairs.view
    # the distinguishing short name (issue 13); the full name and path on hover
    assert view.model().index(0, PairModel.LEFT).data() == w.review.name(top.left)
    assert report.documents[top.left].name in view.model().index(0, PairModel.LEFT).data(
        Qt.ItemDataRole.ToolTipRole)
    assert view.model().index(0, PairModel.SIMILARITY).data() == f"{top.similarity * 100:.1f}%"
    assert w.actions.export.isEnabled()
    assert "Checked" in w.statusBar().currentMessage()


def test_enter_opens_the_top_pair_in_a_compare_tab_once(qtbot, checked_window):
    w = checked_window
    view = w.pairs.view
    view.setFocus()
    view.setCurrentIndex(view.model().index(0, 0))
    qtbot.keyClick(view, Qt.Key.Key_Return)
    top = w.session.report.pairs[0]
    current = w.tabs.currentWidget()
    assert isinstance(current, CompareView)
    fixed = sum(w.tabs.is_fixed(w.tabs.widget(i)) for i in range(w.tabs.count()))
    assert w.tabs.count() == fixed + 1
    docs = w.session.report.documents
    # the tab shows the distinguishing short names, its tooltip the full names (issue 13)
    assert w.review.name(top.left) in w.tabs.tabText(w.tabs.currentIndex())
    assert docs[top.left].name in w.tabs.tabToolTip(w.tabs.currentIndex())
    assert docs[top.right].name in w.tabs.tabToolTip(w.tabs.currentIndex())
    w.tabs.setCurrentWidget(w.pairs)
    qtbot.keyClick(view, Qt.Key.Key_Enter)  # the same pair again: switch, do not duplicate
    assert w.tabs.count() == fixed + 1 and w.tabs.currentWidget() is current
    w.actions.close_tab.trigger()
    assert w.tabs.count() == fixed


def test_double_click_opens_the_clicked_pair(qtbot, checked_window):
    w = checked_window
    view = w.pairs.view
    row = min(1, view.model().rowCount() - 1)
    rect = view.visualRect(view.model().index(row, PairModel.SIMILARITY))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    pair = w.session.report.pairs[w.pairs.visible_pairs()[row]]
    docs = w.session.report.documents
    assert w.tabs.tabToolTip(w.tabs.currentIndex()).startswith(f"{docs[pair.left].name} ↔ {docs[pair.right].name}")


def test_escape_cancels_a_long_check_and_the_window_stays_usable(qtbot, window, driver, tmp_path):
    rng = random.Random(7)
    alphabet = [chr(c) for c in range(0x4E00, 0x4E00 + 2500)]
    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(240):
        (folder / f"essay{i:03}.txt").write_text("".join(rng.choices(alphabet, k=2500)), encoding="utf-8")
    driver.load(window, [folder])
    window.activateWindow()
    cancelled, finished = [], []
    window.session.checkCancelled.connect(lambda: cancelled.append(True))
    window.session.checkFinished.connect(finished.append)

    def escape_on_first_progress(_progress):
        window.session.progress.disconnect(escape_on_first_progress)
        qtbot.keyClick(window, Qt.Key.Key_Escape)

    window.session.progress.connect(escape_on_first_progress)
    window.actions.check.trigger()
    assert window.status.progress.isVisible() and window.actions.cancel.isEnabled()
    qtbot.waitUntil(lambda: bool(cancelled), timeout=driver.wait_ms)
    assert finished == [] and window.session.report is None
    assert not window.session.busy and not window.actions.cancel.isEnabled()
    assert not window.status.progress.isVisible()
    assert window.statusBar().currentMessage() == "Check cancelled"
    window.session.remove([e.path for e in window.session.entries[2:]])
    driver.check(window)  # a new check on what is left runs to the end
    assert len(window.session.report.documents) == 2


def test_unreadable_file_is_marked_and_reported_while_the_rest_works(qtbot, window, driver, essays, bad_dir):
    broken = bad_dir / "not_a_zip.docx"
    driver.load(window, [*essays[:3], broken])
    boxes = messages(window)
    assert len(boxes) == 1
    assert "could not be read" in boxes[0].text() and "not_a_zip.docx" in boxes[0].informativeText()
    assert str(broken) in boxes[0].detailedText()
    boxes[0].done(0)
    model = window.documents.proxy
    row = next(r for r in range(model.rowCount()) if model.index(r, 0).data(PATH_ROLE) == normalize_path(broken))
    index = model.index(row, DocumentModel.NAME)
    assert index.data(Qt.ItemDataRole.ForegroundRole).color().name() == "#b3261e"
    reason = window.session.entry(str(broken)).error.text("en")
    assert reason and reason in index.data(Qt.ItemDataRole.ToolTipRole)
    assert model.index(row, DocumentModel.LENGTH).data() == "unreadable"
    driver.check(window)
    assert len(window.session.report.documents) == 3
    assert [e.path for e in window.session.report.errors] == [normalize_path(broken)]


def test_checking_too_few_documents_explains_why(qtbot, window, driver, essays):
    window.actions.check.trigger()
    assert "no documents" in messages(window)[0].text()
    messages(window)[0].done(0)
    driver.load(window, essays[:1])
    window.actions.check.trigger()
    assert "two readable documents" in messages(window)[0].text()
    assert window.session.report is None


def test_dropping_files_and_folders_loads_them(qtbot, window, driver, essays):
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(essays[0])), QUrl.fromLocalFile(str(essays[1].parent))])
    event = QDropEvent(QPointF(50, 50), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    with qtbot.waitSignal(window.session.loadFinished, timeout=driver.wait_ms):
        window.file_drop.eventFilter(window, event)  # what Qt calls on a real drop
    driver.wait_idle(window)
    assert event.isAccepted()
    assert len(window.session.ready_entries()) == len(essays)


def test_delete_key_removes_the_selected_documents(qtbot, window, driver, essays):
    driver.load(window, essays[:3])
    view = window.documents.view
    view.setFocus()
    window.documents.select_paths([normalize_path(essays[0]), normalize_path(essays[2])])
    qtbot.keyClick(view, Qt.Key.Key_Delete)
    assert [e.path for e in window.session.entries] == [normalize_path(essays[1])]
    assert window.documents.title.text() == "<b>Documents (1)</b>"


def test_loaded_siblings_are_told_apart_before_any_check(qtbot, window, driver, tmp_path):
    """Issue 13: the document list shows the part of the name that differs as soon as the files
    are read (not only after a check): `student_004_zh_reordered.txt` reads `004`."""
    paths = []
    for i in (1, 2, 3, 4):
        path = tmp_path / f"student_00{i}_zh_reordered.txt"
        path.write_text(f"第{i}篇。" + "网络阅读改变了我们的生活。" * 5, encoding="utf-8")
        paths.append(path)
    driver.load(window, paths)
    model = window.documents.model
    shown = sorted(model.index(r, DocumentModel.NAME).data() for r in range(model.rowCount()))
    assert shown == ["001", "002", "003", "004"]


def test_use_as_template_marks_the_document_and_leaves_it_out(qtbot, window, driver, essays):
    driver.load(window, essays[:4])
    path = normalize_path(essays[0])
    window.documents.select_paths([path])
    assert window.actions.template.isEnabled()
    window.actions.template.trigger()
    assert window.session.template == path
    index = window.documents.proxy.index(0, DocumentModel.NAME)
    short = window.documents.model.short_name(window.session.entry(path))  # issue 13
    assert essays[0].name.startswith(short) and index.data() == f"{short} (template)"
    assert index.data(Qt.ItemDataRole.FontRole).italic()
    assert "1 template" in window.status.summary.text()
    report = driver.check(window)
    assert essays[0].name not in [d.name for d in report.documents]
    window.documents.select_paths([path])
    window.actions.template.trigger()  # toggles back
    assert window.session.template is None


def test_recent_files_menu_reopens_a_path(qtbot, make_window, driver, essays, settings):
    first = make_window()
    driver.load(first, essays[:2])
    second = make_window()
    actions = [a for a in second.main_menus.recent_menu.actions() if a.data()]
    assert [a.data() for a in actions] == [str(essays[0]), str(essays[1])]
    with qtbot.waitSignal(second.session.loadFinished, timeout=driver.wait_ms):
        actions[1].trigger()
    driver.wait_idle(second)
    assert [e.path for e in second.session.entries] == [normalize_path(essays[1])]
    second.actions.clear_recent.trigger()
    assert settings.recent_files() == []


def test_switching_language_retranslates_menus_and_persists(qtbot, window, settings):
    assert window.menus["file"].title() == "&File"
    window.main_menus.language_actions["zh_CN"].trigger()
    qtbot.waitUntil(lambda: window.menus["file"].title() == "文件(&F)")
    assert window.actions.check.text() == "检测(&C)"
    assert window.pairs.model.headerData(PairModel.SIMILARITY, Qt.Orientation.Horizontal) == "相似度"
    assert window.pairs.model.headerData(PairModel.COPIED, Qt.Orientation.Horizontal) == "复制比"
    assert settings.language() == "zh_CN"
    window.main_menus.language_actions["en"].trigger()
    qtbot.waitUntil(lambda: window.menus["file"].title() == "&File")


def test_shortcuts_are_the_documented_ones(window):
    expected = {
        window.actions.open: "Ctrl+O", window.actions.add_folder: "Ctrl+Shift+O", window.actions.check: "Ctrl+R",
        window.actions.cancel: "Esc", window.actions.export: "Ctrl+E", window.actions.quit: "Ctrl+Q",
        window.actions.remove: "Del",
    }
    for action, keys in expected.items():
        assert action.shortcut() == QKeySequence(keys), action.text()


def test_options_dialog_changes_are_applied_and_saved(qtbot, window, settings):
    window.actions.options.trigger()
    dialog = window.findChild(OptionsDialog)
    assert dialog is not None and dialog.isVisible()
    dialog.hamming.setValue(7)
    dialog.display.setValue(25.0)
    dialog.accept()
    assert window.session.options.hamming == 7
    assert window.pairs.threshold() == 0.25
    assert settings.options().hamming == 7 and settings.options().display_threshold == 0.25


def test_threshold_spin_box_hides_pairs_below_it(checked_window):
    w = checked_window
    report = w.session.report
    w.pairs.spin.setValue(50.0)
    hamming = w.session.options.hamming
    # a pair found by meaning is listed when its copied share reaches the threshold (docs/figures.md)
    assert w.pairs.visible_pairs() == [i for i, p in enumerate(report.pairs)
                                       if p.similarity >= 0.5 or p.copied >= 0.5 or p.hamming <= hamming]
    assert w.session.options.display_threshold == 0.5
    assert w.settings.options().display_threshold == 0.5


def test_about_box_names_the_version(window):
    window.actions.about.trigger()
    box = messages(window)[0]
    assert "Plagscope 0.1.0" in box.text()


def test_adding_documents_after_a_check_shows_results_are_out_of_date(qtbot, window, driver, essays):
    driver.load(window, essays[:3])
    driver.check(window)
    assert window.stale_banner.isHidden()
    driver.load(window, essays[3:4])
    assert window.stale_banner.isVisible()
    assert len(window.session.report.documents) == 3  # the old results stay until the next check
    driver.check(window)
    assert window.stale_banner.isHidden()


def test_document_names_stay_readable_beside_a_compare_tab(qtbot, checked_window):
    w = checked_window
    w.show()
    view = w.pairs.view
    view.setCurrentIndex(view.model().index(0, 0))
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert isinstance(w.tabs.currentWidget(), CompareView)
    w.resize(700, 700)  # the compare tab claims its width: the list must keep room for names
    qtbot.wait(10)
    assert w.documents.width() >= 320
    # names of one class differ at their ends: elide the middle, keep "..._02.docx"
    assert w.documents.view.textElideMode() == Qt.TextElideMode.ElideMiddle
    assert w.pairs.view.textElideMode() == Qt.TextElideMode.ElideMiddle  # and in the pair table


def test_pair_names_keep_room_in_a_narrow_table(qtbot, checked_window):
    # stretched name columns shrank to "z...t" beside the figures; now the figures scroll
    table = PairTable()
    qtbot.addWidget(table)
    table.set_report(checked_window.session.report)
    table.resize(500, 400)
    table.show()
    qtbot.wait(10)
    header = table.view.horizontalHeader()
    assert min(header.sectionSize(PairModel.LEFT), header.sectionSize(PairModel.RIGHT)) >= NAME_MIN_WIDTH
    assert table.view.textElideMode() == Qt.TextElideMode.ElideMiddle  # "..._02.docx" stays
