"""gui.session: loading off the GUI thread, the check through the worker, template, cache, staleness."""

import pytest

from core import pipeline
from core.evidence import rank_key
from core.options import CheckOptions
from gui.session import CheckError, Session, State, normalize_path

WAIT_MS = 60_000


@pytest.fixture
def session(qapp, pool):
    # the verbatim check: these tests count fingerprints in the cache, where the semantic
    # layer (on by default) would add its sentence vectors (tested in test_semantic.py)
    s = Session(CheckOptions(semantic=False), pool=pool)
    yield s
    s.cancel()
    pool.waitForDone(WAIT_MS)


def add(qtbot, session, paths):
    with qtbot.waitSignal(session.loadFinished, timeout=WAIT_MS) as blocker:
        session.add_paths([str(p) for p in paths])
    return blocker.args[0]


def check(qtbot, session):
    with qtbot.waitSignal(session.checkFinished, timeout=WAIT_MS) as blocker:
        session.start_check()
    return blocker.args[0]


def ranked(report):
    return [(report.documents[p.left].name, report.documents[p.right].name, p.similarity, p.hamming)
            for p in report.pairs]


def test_loading_marks_unreadable_files_and_keeps_the_others(qtbot, session, essays, tmp_path, bad_dir):
    unsupported = tmp_path / "marks.xlsx"
    unsupported.write_bytes(b"PK")
    broken = bad_dir / "not_a_zip.docx"
    failures = add(qtbot, session, [*essays, broken, unsupported])
    assert {normalize_path(f.path) for f in failures} == {normalize_path(broken), normalize_path(unsupported)}
    assert all(f.message for f in failures)
    states = {e.path: e.state for e in session.entries}
    assert states[normalize_path(broken)] is State.FAILED
    assert states[normalize_path(unsupported)] is State.FAILED
    assert len(session.ready_entries()) == len(essays)
    assert all(e.document.text for e in session.ready_entries())


def test_adding_the_same_files_again_loads_nothing_new(qtbot, session, essays):
    add(qtbot, session, essays)
    before = [(e.path, e.document) for e in session.entries]
    assert add(qtbot, session, [essays[0].parent]) == []  # the folder holds the same files
    assert [(e.path, e.document) for e in session.entries] == before


def test_check_ranks_pairs_exactly_like_the_engine(qtbot, session, essays):
    add(qtbot, session, essays)
    report = check(qtbot, session)
    documents = [e.document for e in session.ready_entries()]
    expected = pipeline.run(pipeline.check_documents(documents, session.options))
    assert ranked(report) == ranked(expected)
    assert len(report.pairs) > 0
    assert list(report.pairs) == sorted(report.pairs, key=rank_key)  # by copied share, then similarity
    top = report.pairs[0]
    assert session.highest_similarity(normalize_path(report.documents[top.left].path)) == top.similarity


def test_template_is_left_out_and_its_text_ignored(qtbot, session, essays):
    add(qtbot, session, essays)
    template = session.ready_entries()[0]
    session.set_template(template.path)
    report = check(qtbot, session)
    names = [d.name for d in report.documents]
    assert template.name not in names
    documents = [e.document for e in session.ready_entries()]
    expected = pipeline.run(pipeline.check_documents(documents, session.options, template=template.document))
    assert ranked(report) == ranked(expected)


def test_a_check_needs_two_readable_documents(qtbot, session, essays, bad_dir):
    with pytest.raises(CheckError, match="no documents"):
        session.start_check()
    add(qtbot, session, [essays[0], bad_dir / "empty.txt"])
    with pytest.raises(CheckError, match="two readable documents"):
        session.start_check()
    add(qtbot, session, [essays[1]])
    session.set_template(normalize_path(essays[1]))  # the template does not count
    with pytest.raises(CheckError, match="two readable documents"):
        session.start_check()


def test_rerun_after_adding_a_document_reuses_the_fingerprints(qtbot, session, essays, monkeypatch):
    add(qtbot, session, essays[:-1])
    check(qtbot, session)
    assert len(session.cache) == len(essays) - 1
    computed = []
    original_put = session.cache.put
    monkeypatch.setattr(session.cache, "put", lambda key, value: (computed.append(key), original_put(key, value)))
    add(qtbot, session, essays[-1:])
    assert session.stale
    report = check(qtbot, session)
    assert len(computed) == 1  # only the new document was fingerprinted
    assert len(report.documents) == len(essays)
    assert not session.stale


def test_only_options_that_change_the_check_make_results_stale(qtbot, session, essays):
    add(qtbot, session, essays[:3])
    check(qtbot, session)
    session.set_options(session.options.with_changes(display_threshold=0.5))
    assert not session.stale
    session.set_options(session.options.with_changes(k=5))
    assert session.stale


def test_pair_of_documents_without_passages_is_empty_with_its_hamming_distance(qtbot, session, essays):
    add(qtbot, session, essays)
    report = check(qtbot, session)
    listed = {(p.left, p.right) for p in report.pairs}
    n = len(report.documents)
    missing = next((i, j) for i in range(n) for j in range(i + 1, n) if (i, j) not in listed)
    pair = session.pair(missing[1], missing[0])
    assert (pair.left, pair.right) == missing
    assert pair.similarity == 0.0 and pair.matches == ()
    assert pair.hamming == (report.simhashes[missing[0]] ^ report.simhashes[missing[1]]).bit_count()
    top = report.pairs[0]
    assert session.pair(top.right, top.left) is top


def test_removing_documents_forgets_them_and_the_template(qtbot, session, essays):
    add(qtbot, session, essays[:3])
    first = session.entries[0].path
    session.set_template(first)
    assert session.remove([first, session.entries[1].path]) == 2
    assert session.template is None
    assert [e.path for e in session.entries] == [normalize_path(essays[2])]


def test_export_without_results_is_refused(session, tmp_path):
    with pytest.raises(CheckError, match="no results"):
        session.export(str(tmp_path / "r.json"), "json")


def test_loading_goes_through_the_pipeline_and_honours_exclude(qtbot, qapp, pool, essays, monkeypatch):
    """The window loads the way a check does: pipeline.load_stream, with options.exclude left out."""
    calls = []
    real = pipeline.load_stream

    def spy(paths, options, skip=()):
        calls.append(list(paths))
        return (yield from real(paths, options, skip))

    monkeypatch.setattr(pipeline, "load_stream", spy)
    s = Session(CheckOptions(exclude=(str(essays[0]),)), pool=pool)
    try:
        add(qtbot, s, [essays[0].parent])
        paths = {e.path for e in s.entries}
        assert normalize_path(essays[0]) not in paths
        assert paths == {normalize_path(p) for p in essays[1:]}
        assert calls == [[str(essays[0].parent)]]
    finally:
        s.cancel()
        pool.waitForDone(WAIT_MS)
