"""Attribution classes and edit marks in the compare view; the figures in the document list."""

import make_academic
import pytest
from PySide6.QtCore import Qt

from core.academic.figures import document_figures
from core.models import Document, Match, PairResult, Span
from core.options import CheckOptions
from gui.models.documents import DocumentModel
from gui.session import Session, normalize_path
from gui.widgets.compare_view import (
    CHANGE_PROPERTY,
    LEFT,
    PASSAGE_PROPERTY,
    RIGHT,
    CompareView,
    change_tint,
    class_color,
)

WAIT_MS = 60_000
SENT = "其实地上本没有路，走的人多了，也便成了路"
EDITED = "其实地上原没有路，走的人多了，也就成了路"
LEFT_TEXT = f"鲁迅说：“{SENT}。”[1]这是常识。另外，我们都知道{SENT}。"
RIGHT_TEXT = f"开头不同。{EDITED}。结尾不同。"


def span(text, part, after=0):
    start = text.index(part, after)
    return Span(start, start + len(part))


def char_formats(view, side):
    """(position, QTextCharFormat) of every character of one side."""
    out = []
    block = view.text_view(side).document().begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            for k in range(fragment.length()):
                out.append((fragment.position() + k, fragment.charFormat()))
            it += 1
        block = block.next()
    return dict(out)


@pytest.fixture
def view(qtbot):
    left = Document(0, "a.txt", "/a.txt", "txt", LEFT_TEXT)
    right = Document(1, "b.txt", "/b.txt", "txt", RIGHT_TEXT)
    first, second = span(LEFT_TEXT, SENT), span(LEFT_TEXT, SENT, LEFT_TEXT.index("知道"))
    r = span(RIGHT_TEXT, EDITED)
    changes_right = (Span(r.start + 4, r.start + 5), Span(r.start + 16, r.start + 17))
    changes_left = (Span(first.start + 4, first.start + 5),)
    pair = PairResult(0, 1, 20, 0.5, 0.5, 0.5, 20, (
        Match(first, r, 20, changes_left, changes_right, "quoted_cited"),
        Match(second, r, 20, (), changes_right, "unattributed")))
    v = CompareView(left, right, pair, CheckOptions())
    qtbot.addWidget(v)
    v.resize(1000, 500)
    v.show()
    qtbot.waitExposed(v)
    return v


def test_each_side_is_painted_in_its_own_class_color(view):
    assert [view.passage_class(LEFT, i) for i in (0, 1)] == ["quoted_cited", "unattributed"]
    assert [view.passage_class(RIGHT, i) for i in (0, 1)] == ["unattributed", "unattributed"]
    formats = char_formats(view, LEFT)
    first_unchanged = LEFT_TEXT.index(SENT)  # 其: identical on both sides
    assert formats[first_unchanged].background().color() == class_color("quoted_cited")
    second = LEFT_TEXT.index(SENT, LEFT_TEXT.index("知道"))
    assert formats[second].background().color() == class_color("unattributed")
    assert class_color("quoted_cited") != class_color("unattributed")
    legend = view.legend_label.text()
    assert "quoted and cited" in legend and "changed words" in legend


def test_changed_units_are_tinted_and_underlined_and_identical_ones_solid(view):
    formats = char_formats(view, RIGHT)
    r = RIGHT_TEXT.index(EDITED)
    for k in range(len(EDITED)):
        fmt = formats[r + k]
        assert fmt.property(PASSAGE_PROPERTY) is not None
        changed = k in (4, 16)
        assert bool(fmt.property(CHANGE_PROPERTY)) == changed, k
        assert (fmt.underlineStyle() == fmt.UnderlineStyle.WaveUnderline) == changed
    assert formats[r + 4].background().color() != formats[r].background().color()
    left = char_formats(view, LEFT)
    start = LEFT_TEXT.index(SENT)
    assert left[start + 4].background().color() == change_tint(class_color("quoted_cited"))
    assert view.changes(RIGHT, 0) == [(r + 4, r + 5), (r + 16, r + 17)]


def test_the_current_passage_keeps_its_edit_marks(view):
    view.select_passage(0)
    selections = view.text_view(RIGHT).extraSelections()
    kinds = [(s.cursor.selectionStart(), s.cursor.selectionEnd(),
              s.format.underlineStyle() == s.format.UnderlineStyle.WaveUnderline) for s in selections]
    r = RIGHT_TEXT.index(EDITED)
    assert kinds == [(r, r + 4, False), (r + 4, r + 5, True), (r + 5, r + 16, False),
                     (r + 16, r + 17, True), (r + 17, r + len(EDITED), False)]


def test_the_document_list_shows_each_documents_similarity_index(qapp, qtbot, pool, tmp_path):
    make_academic.write(tmp_path)
    session = Session(CheckOptions(workers=1), pool=pool)
    try:
        with qtbot.waitSignal(session.loadFinished, timeout=WAIT_MS):
            session.add_paths([str(tmp_path / n) for n in ("zh_essay.txt", "zh_source_a.txt", "zh_source_b.txt")])
        with qtbot.waitSignal(session.checkFinished, timeout=WAIT_MS) as blocker:
            session.start_check()
        report = blocker.args[0]
        qtbot.waitUntil(lambda: session.figures_ready, timeout=WAIT_MS)  # computed off the GUI thread
        model = DocumentModel(session)
        expected = dict(zip((normalize_path(d.path) for d in report.documents), document_figures(report)))
        for row in range(model.rowCount()):
            path = model.entry(row).path
            cell = model.index(row, DocumentModel.COPY)
            assert cell.data() == f"{expected[path].total_copy_ratio * 100:.1f}%"
            assert "Similarity Index" in cell.data(Qt.ItemDataRole.ToolTipRole)
    finally:
        session.cancel()
        pool.waitForDone(WAIT_MS)


def test_file_export_student_report_writes_the_selected_documents_report(qtbot, make_window, tmp_path,
                                                                          monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    folder = tmp_path / "essays"
    make_academic.write(folder)
    window = make_window(CheckOptions(workers=1))
    window.show()
    with qtbot.waitSignal(window.session.loadFinished, timeout=WAIT_MS):
        window.session.add_paths([str(folder / n) for n in ("zh_essay.txt", "zh_source_a.txt")])
    with qtbot.waitSignal(window.session.checkFinished, timeout=WAIT_MS):
        window.session.start_check()
    window.documents.select_paths([normalize_path(str(folder / "zh_essay.txt"))])
    target = tmp_path / "out" / "zh_essay.pdf"
    target.parent.mkdir()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), "PDF (*.pdf)"))
    assert str(window.student_report.run().wait()) == str(target)  # written on the worker pool
    from pdfminer.high_level import extract_text

    text = extract_text(str(target))
    assert "Similarity Index" in text and "zh_source_a.txt" in text
    # the entry sits right after File > Export Report; Quit stays last
    items = [a for a in window.menus["file"].actions() if not a.isSeparator()]
    assert items[items.index(window.actions.export) + 1] is window.student_report.action
    assert items[-1] is window.actions.quit
    # with the Student tab current, the student it shows is the one meant (no list selection)
    window.documents.view.clearSelection()
    window.documents.view.setCurrentIndex(window.documents.view.model().index(-1, -1))
    names = [d.name for d in window.session.report.documents]
    qtbot.waitUntil(lambda: window.review.data is not None and not window.review.busy, timeout=WAIT_MS)
    window.open_student(names.index("zh_source_a.txt"))
    qtbot.waitUntil(lambda: window.student_view.document == names.index("zh_source_a.txt"), timeout=WAIT_MS)
    other = tmp_path / "out" / "source.html"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(other), "HTML (*.html)"))
    assert str(window.student_report.run().wait()) == str(other)
    assert "Similarity report for zh_source_a.txt" in other.read_text(encoding="utf-8")


def test_the_options_dialog_edits_the_figure_options(qtbot):
    from gui.dialogs.options_dialog import OptionsDialog

    dialog = OptionsDialog(CheckOptions())
    qtbot.addWidget(dialog)
    assert not dialog.exclude_quotes.isChecked() and dialog.min_chars.value() == 13
    dialog.exclude_quotes.setChecked(True)
    dialog.include_template.setChecked(True)
    dialog.min_words.setValue(8)
    got = dialog.options()
    assert (got.exclude_quotes, got.exclude_references, got.exclude_template, got.min_match_chars,
            got.min_match_words) == (True, False, False, 13, 8)
    dialog.restore_defaults()
    assert dialog.options() == CheckOptions()
