"""Reviewing a class in the app: Groups view, ordered heat map, graph, per-student view and
verdicts, on the generated class of 60 essays in 6 planted groups (tests/data/make_class.py)."""

from __future__ import annotations

import json

import pytest
from make_class import make_class, write_class
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtTest import QTest

from core.models import Verdict
from gui.models.documents import DocumentModel
from gui.models.pairs import PAIR_ROLE, PairModel
from gui.widgets.compare_view import CompareView
from gui.widgets.groups_view import ITEM_ROLE
from gui.widgets.student_view import StudentView

WAIT_MS = 60_000  # generous bound for background work (a failure, not a speed check)


@pytest.fixture(scope="module")
def corpus():
    return make_class()


def load_class(window, driver, tmp_path, corpus) -> None:
    """The planted class's files loaded into the window, the semantic layer off: the views over
    the verbatim findings; with the layer on (the default) the same groups come out
    (tests/core/test_review_groups.py, planted_class), only slower."""
    folder = tmp_path / "class"
    write_class(corpus, folder)
    (folder / "truth.json").unlink()
    driver.load(window, [folder])
    window.set_semantic(False)


@pytest.fixture
def reviewed(window, driver, qtbot, tmp_path, corpus):
    """The main window with the planted class checked and its review computed."""
    load_class(window, driver, tmp_path, corpus)
    driver.check(window)
    qtbot.waitUntil(lambda: window.review.data is not None and not window.review.busy, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: window.heat_map.order() != list(range(len(window.session.report.documents))),
                    timeout=WAIT_MS)
    return window


def _names(report, members):
    return {report.documents[m].name for m in members}


def test_groups_view_lists_exactly_the_planted_groups_with_their_sources(reviewed, corpus):
    w = reviewed
    view, data = w.groups_view, w.review.data
    w.tabs.setCurrentWidget(view)  # views are built when first shown
    model = view.model
    assert model.rowCount() == len(corpus.groups) == 6
    found = {}
    for row in range(model.rowCount()):
        kind, g = model.index(row, 0).data(ITEM_ROLE)
        assert kind == "group"
        detail = data.details[g]
        source_cell = model.index(row, view.SOURCE).data()
        found[frozenset(_names(data.report, detail.members))] = source_cell
        assert model.index(row, view.SIZE).data().startswith(str(detail.size))
    for planted in corpus.groups:
        shown = found[frozenset(planted.members)]
        if planted.source is None:
            assert shown == "undecided"
        else:
            index = [d.name for d in data.report.documents].index(planted.source)
            assert shown == data.names[index]


def test_a_group_expands_into_members_source_pairs_and_copy_pairs(qtbot, reviewed):
    w = reviewed
    view, data = w.groups_view, w.review.data
    g = next(i for i, d in enumerate(data.details) if d.source is not None and d.copy_pairs)
    view.expand_group(g)
    group = view.model.index(g, 0)
    parts = [view.model.index(r, 0, group).data() for r in range(view.model.rowCount(group))]
    assert parts[0].startswith("Members") and parts[1].startswith("Source vs copies")
    assert parts[2].startswith("Copy vs copy")
    copies = view.model.index(2, 0, group)
    tags = [view.model.index(r, 0, copies).data(ITEM_ROLE) for r in range(view.model.rowCount(copies))]
    assert [k for _, k in tags] == list(data.details[g].copy_pairs)
    source_pairs = view.model.index(1, 0, group)
    first = view.model.index(0, 0, source_pairs)
    view._activate(first)
    assert isinstance(w.tabs.currentWidget(), CompareView)


def test_heat_map_rows_put_each_group_in_contiguous_rows(reviewed, corpus):
    w = reviewed
    heat, report = w.heat_map, w.session.report
    order = heat.order()
    assert sorted(order) == list(range(len(report.documents)))
    index = {d.name: i for i, d in enumerate(report.documents)}
    for planted in corpus.groups:
        rows = sorted(heat.row_of(index[n]) for n in planted.members)
        assert rows == list(range(rows[0], rows[0] + len(rows)))
    assert len(heat._blocks) == 6
    # a cell still names its documents whatever the order, and clicking opens that pair
    p = report.pairs[0]
    assert heat.cell_at(heat.cell_rect(p.left, p.right).center()) == (p.left, p.right)
    heat.set_zoom(8.0)
    assert heat.zoom == 8.0 and heat._label_width(heat._layout()[1]) > 0  # names show when zoomed
    heat.show_document(p.left)
    assert heat.cell_at(heat.cell_rect(p.left, p.left).center()) == (p.left, p.left)
    heat.set_zoom(1.0)


def test_short_names_are_unique_in_every_table(reviewed):
    w = reviewed
    report = w.session.report
    docs = w.documents.proxy
    shown = [docs.index(r, DocumentModel.NAME).data() for r in range(docs.rowCount())]
    assert len(set(shown)) == len(shown) == 60 and all(len(n) == 3 for n in shown)  # '017'
    pairs = w.pairs.view.model()
    rows = [(pairs.index(r, PairModel.LEFT).data(), pairs.index(r, PairModel.RIGHT).data())
            for r in range(pairs.rowCount())]
    assert len(set(rows)) == len(rows)
    k = pairs.index(0, 0).data(PAIR_ROLE)
    tip = pairs.index(0, PairModel.LEFT).data(Qt.ItemDataRole.ToolTipRole)
    assert report.documents[report.pairs[k].left].path in tip  # full name and path on hover


def test_copy_pairs_are_marked_and_can_be_left_out_of_the_findings(reviewed):
    w = reviewed
    data = w.review.data
    copies = data.copy_pairs
    assert copies
    table = w.pairs
    every = set(table.visible_pairs())
    table.set_show("findings")
    findings = set(table.visible_pairs())
    assert findings == every - copies
    k = next(iter(copies))
    row = table.model.pair(k)
    assert "copy vs copy" in table.model.index(k, PairModel.GROUP).data() and row is data.report.pairs[k]
    table.set_show("all")


def test_verdicts_show_in_every_table_filter_and_reach_the_json(reviewed, tmp_path):
    w = reviewed
    report, review = w.session.report, w.review
    pair = report.pairs[0]
    review.set_pair_verdict(pair, Verdict("confirmed", "copied whole"))
    assert w.pairs.model.index(0, PairModel.VERDICT).data() == "Confirmed ✎"
    w.pairs.set_show("unreviewed")
    assert 0 not in w.pairs.visible_pairs() and w.pairs.visible_pairs()
    # while narrowed, a verdict takes its pair's row (and only that row) out of the table
    shown = w.pairs.visible_pairs()
    review.set_pair_verdict(report.pairs[shown[1]], Verdict("not_plagiarism"))
    assert review.changed_pairs and len(review.pair_indexes(review.changed_pairs)) >= 1
    assert w.pairs.visible_pairs() == [k for k in shown if k not in review.pair_indexes(review.changed_pairs)]
    assert w.pairs.count_label.text().startswith(f"{len(shown) - len(review.pair_indexes(review.changed_pairs))} of")
    review.set_pair_verdict(report.pairs[shown[1]], Verdict())  # back: the row returns
    assert sorted(w.pairs.visible_pairs()) == sorted(shown)
    w.pairs.set_show("confirmed")
    confirmed = w.pairs.visible_pairs()
    assert report.pairs[confirmed[0]] == pair or all(
        review.pair_verdict(report.pairs[k]).status == "confirmed" for k in confirmed)
    w.pairs.set_show("all")
    # the document verdict, set in the per-student view, shows in the document list
    w.open_student(pair.left)
    student: StudentView = w.student_view
    row = student.verdict.findData("suspicious")
    student.verdict.setCurrentIndex(row)
    student.verdict.activated.emit(row)
    assert review.document_verdict(pair.left).status == "suspicious"
    docs = w.documents.proxy
    key = report.documents[pair.left].path
    from gui.models.documents import PATH_ROLE
    doc_row = next(r for r in range(docs.rowCount()) if docs.index(r, 0).data(PATH_ROLE) == key)
    assert docs.index(doc_row, DocumentModel.VERDICT).data() == "Suspicious"
    # the groups view shows the pair verdict in place
    g = review.data.group_of(pair.left)
    w.groups_view.expand_group(g)
    texts = _all_texts(w.groups_view.model)
    assert "Confirmed ✎" in texts and "Suspicious" in texts
    # and the export carries them
    out = tmp_path / "r.json"
    w.session.export(str(out), "json")
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["pairs"][0]["verdict"] == "confirmed" and data["pairs"][0]["note"] == "copied whole"
    assert data["documents"][pair.left]["verdict"] == "suspicious"
    assert len(data["groups"]) == 6


def _all_texts(model, parent=QModelIndex()) -> list[str]:  # noqa: B008 (Qt's signature: the invalid index, never changed)
    out = []
    for r in range(model.rowCount(parent)):
        for c in range(model.columnCount(parent)):
            out.append(model.index(r, c, parent).data())
        out.extend(_all_texts(model, model.index(r, 0, parent)))
    return out


def test_graph_has_a_node_per_grouped_document_and_opens_the_student_view(qtbot, reviewed):
    w = reviewed
    data = w.review.data
    graph = w.graph_view
    graph.ensure_built()
    members = {m for d in data.details for m in d.members}
    assert set(graph.nodes) == members
    assert graph.edge_items  # one path per similarity band
    source = next(d.source for d in data.details if d.source is not None)
    assert graph.nodes[source].rect().width() > graph.nodes[next(iter(members - {source}))].rect().width()
    # hover text, written when asked for: the full name, the group, the figure, the source mark
    g = data.group_of(source)
    tip = graph.node_tooltip(source)
    assert data.report.documents[source].name in tip and f"G{g + 1} · " in tip
    assert f"{data.students[source].overall:.0%}" in tip and "likely source" in tip
    other = next(iter(members - {source}))
    assert "likely source" not in graph.node_tooltip(other)
    w.tabs.setCurrentWidget(graph)
    qtbot.wait(20)
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QApplication, QToolTip

    at = graph.view.mapFromScene(graph.nodes[source].scenePos())  # hovering the node shows it
    QApplication.sendEvent(graph.view.viewport(),
                           QHelpEvent(QEvent.Type.ToolTip, at, graph.view.viewport().mapToGlobal(at)))
    assert QToolTip.text() == tip
    QToolTip.hideText()
    graph.documentActivated.emit(source)
    assert w.tabs.currentWidget() is w.student_view and w.student_view.document == source


def test_student_view_ranks_sources_colors_the_text_and_opens_compare(qtbot, reviewed):
    w = reviewed
    data = w.review.data
    g = next(d for d in data.details if d.source is not None and d.size >= 5)
    copy = next(m for m in g.members if m != g.source)
    view = w.open_student(copy)
    summary = data.students[copy]
    shares = [float(view.sources.item(r, view.SHARE).text().rstrip("%")) for r in range(view.sources.rowCount())]
    assert shares == sorted(shares, reverse=True) and shares[0] > 0
    assert f"{summary.overall:.0%}" in view.heading.text()
    top = summary.sources[0]
    assert view.source_pairs()[0] == top.pair
    # the text of the top source's first passage wears the top source's color
    from PySide6.QtGui import QTextCursor

    from gui.text_positions import PositionMap
    from gui.widgets.student_view import source_color

    span = top.spans[0]
    start, _ = PositionMap(data.report.documents[copy].text).span_to_qt(span.start, span.end)
    cursor = QTextCursor(view.text.document())
    cursor.setPosition(start + 1)
    assert cursor.charFormat().background().color() == source_color(0)
    # selecting another source brings its passages forward, in its own color
    second = summary.sources[1]
    view.sources.setCurrentCell(1, 1)
    start, _ = PositionMap(data.report.documents[copy].text).span_to_qt(second.spans[0].start,
                                                                        second.spans[0].end)
    cursor = QTextCursor(view.text.document())
    cursor.setPosition(start + 1)
    assert cursor.charFormat().background().color() == source_color(1)
    view.sources.setFocus()
    view.sources.setCurrentCell(0, 1)
    QTest.keyClick(view.sources, Qt.Key.Key_Return)  # Enter opens the source's pair
    current = w.tabs.currentWidget()
    assert isinstance(current, CompareView)


def test_a_document_verdict_can_be_set_from_the_document_list(reviewed):
    from gui.models.documents import PATH_ROLE

    w = reviewed
    report, review = w.session.report, w.review
    document = report.pairs[0].right
    docs = w.documents.proxy
    row = next(r for r in range(docs.rowCount())
               if docs.index(r, 0).data(PATH_ROLE) == report.documents[document].path)
    w.documents.view.setCurrentIndex(docs.index(row, 0))
    action = w.actions.document_verdict
    assert action in w.documents.view.actions() and action.isEnabled()
    menu = action.menu()
    menu.aboutToShow.emit()
    next(a for a in menu.actions() if a.data() == "not_plagiarism").trigger()
    assert review.document_verdict(document).status == "not_plagiarism"
    assert docs.index(row, DocumentModel.VERDICT).data() == "Not plagiarism"


def test_a_check_brings_its_review_and_figures_and_a_new_threshold_reviews_again(qtbot, reviewed,
                                                                                  monkeypatch):
    """The check computed the review and every figure before the report arrived (nothing is
    computed beside the window's paints, core/review/analysis.py); a new display threshold
    computes its review on the analysis pool."""
    import core.review

    session, review = reviewed.session, reviewed.review
    assert session.analysis is not None and session.analysis.figures.report is session.report
    assert session.figures_ready and review.data is session.analysis.review
    computed = []
    real = core.review.review
    monkeypatch.setattr(core.review, "review",
                        lambda *args, **kwargs: computed.append(args) or real(*args, **kwargs))
    session.set_options(session.options.with_changes(display_threshold=0.9))
    qtbot.waitUntil(lambda: review.data is not None and not review.busy
                    and review.data.report.options.display_threshold == 0.9, timeout=WAIT_MS)
    assert [threshold for _report, threshold in computed] == [0.9]
    assert review.data is not session.analysis.review


def test_a_class_is_checked_in_a_child_process_and_a_few_documents_here(window, driver, tmp_path, corpus,
                                                                        essays, monkeypatch):
    import core.child_process
    from gui.session import CHILD_DOCUMENTS

    jobs = []
    real = core.child_process.in_child
    monkeypatch.setattr(core.child_process, "in_child", lambda job, *a, **k: jobs.append(job) or real(job, *a, **k))
    driver.load(window, essays)
    assert len(window.session.ready_entries()) < CHILD_DOCUMENTS
    driver.check(window)
    assert jobs == []  # a few documents: checked on a worker thread here
    load_class(window, driver, tmp_path, corpus)
    report = driver.check(window)
    assert [job.__name__ for job in jobs] == ["_check_in_child"]
    # what the child sent is bound together here: the views read the report's own analysis
    assert window.session.analysis.serves(report, report.options.display_threshold)
    assert len(window.session.cache) >= len({d.key for d in corpus.documents()})  # its profiles, kept


def test_cancelling_a_class_check_ends_its_child_process(qtbot, window, driver, tmp_path, corpus):
    import multiprocessing

    load_class(window, driver, tmp_path, corpus)
    with qtbot.waitSignal(window.session.progress, timeout=WAIT_MS):  # the job's first step comes
        window.actions.check.trigger()                                 # once its child has started
    assert [p.name for p in multiprocessing.active_children()].count("plagscope-check") == 1
    with qtbot.waitSignal(window.session.checkCancelled, timeout=WAIT_MS):
        window.actions.cancel.trigger()
    assert not any(p.name == "plagscope-check" for p in multiprocessing.active_children())
    assert not window.session.busy and window.actions.check.isEnabled()


def test_the_student_pdf_colors_sources_as_the_student_view_does():
    from core.reports.colors import SOURCE_OTHER, SOURCE_PALETTE
    from gui.widgets.student_view import OTHER_COLOR, SOURCES_SHOWN, source_color

    assert [source_color(r).name() for r in range(SOURCES_SHOWN + 1)] == [*SOURCE_PALETTE, OTHER_COLOR]
    assert SOURCE_OTHER == OTHER_COLOR
