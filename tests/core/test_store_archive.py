"""Checking new documents against the archive, on both backends: the three look-ups, the same
passages as loading the archived sources by hand, labels, pairs of two archived documents."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from pathlib import Path

from core.engine.profile import profiles
from core.loaders import load_document
from core.models import ArchiveEntry, Document
from core.options import CheckOptions
from core.pipeline import CheckRequest, check_documents, run, run_check
from core.rules import hamming
from core.store import open_store
from core.store.archive import add_documents, find_candidates

SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples"
ARCHIVED = ["zh_original_网络阅读.txt", "zh_clean_1.txt", "en_original_homework.txt",
            "en_clean_1.txt"]
NEW = ["zh_copy_verbatim.docx", "zh_light_edit_gbk.txt", "en_reordered.txt", "zh_clean_2.txt"]


def check_against_archive(documents, options, store, label=None, cache=None):
    """`documents` checked with the archive `store` (core.pipeline.run_check): the report."""
    request = CheckRequest(documents=tuple(documents), archive=store, search_archive=True, archive_label=label)
    return (yield from run_check(request, options, cache)).report


def load(names) -> list[Document]:
    out = []
    for i, name in enumerate(names):
        d = load_document(SAMPLES / name, i)
        out.append(replace(d, sha256=hashlib.sha256((SAMPLES / name).read_bytes()).hexdigest()))
    return out


def by_names(report):
    names = [d.name for d in report.documents]
    return {(names[p.left], names[p.right]): p for p in report.pairs}


def test_archived_sources_appear_as_pairs_with_the_passages_of_a_check_by_hand(store_location):
    options = CheckOptions()
    new = load(NEW)
    with open_store(store_location) as store:
        run(add_documents(store, load(ARCHIVED[:2]), label="2024"))
        run(add_documents(store, load(ARCHIVED[2:]), label="2025"))
        report = run(check_against_archive(new, options, store))
    names = [d.name for d in report.documents]
    assert names[:len(NEW)] == NEW
    archived = {d.name: d for d in report.documents[len(NEW):]}
    assert set(archived) == {"zh_original_网络阅读.txt", "en_original_homework.txt"}
    entry = archived["zh_original_网络阅读.txt"].archive
    assert isinstance(entry, ArchiveEntry) and entry.label == "2024" and entry.added
    assert archived["zh_original_网络阅读.txt"].text == load(ARCHIVED[:1])[0].text
    assert all(d.archive is None for d in report.documents[:len(NEW)])
    # by hand: the same documents loaded together
    by_hand = run(check_documents(new + [replace(d, archive=None) for d in archived.values()],
                                  options))
    assert by_names(report) == {k: v for k, v in by_names(by_hand).items()}
    pairs = by_names(report)
    assert ("zh_copy_verbatim.docx", "zh_original_网络阅读.txt") in pairs
    assert ("zh_light_edit_gbk.txt", "zh_original_网络阅读.txt") in pairs
    assert ("en_reordered.txt", "en_original_homework.txt") in pairs
    for p in report.pairs:
        assert p.left < len(NEW) or p.right < len(NEW)


def test_label_limits_the_sources(store_location):
    with open_store(store_location) as store:
        run(add_documents(store, load(ARCHIVED[:2]), label="2024"))
        run(add_documents(store, load(ARCHIVED[2:]), label="2025"))
        report = run(check_against_archive(load(NEW), CheckOptions(), store, label="2025"))
    assert {d.name for d in report.documents[len(NEW):]} == {"en_original_homework.txt"}


def test_each_lookup_finds_the_source_alone(store_location):
    options = CheckOptions()
    with open_store(store_location) as store:
        ids = run(add_documents(store, load(ARCHIVED))).added
        new = load(["zh_light_edit_gbk.txt", "en_reordered.txt"])
        profs = profiles([d.text for d in new], options)
        fp = find_candidates(store, profs, [d.text for d in new], 3, use_simhash=False,
                             use_sentences=False)
        assert ids[0] in fp[0].ids() and ids[2] in fp[1].ids()
        # a near-duplicate: the original without its last 50 characters (Hamming 3)
        original = load(ARCHIVED[:1])[0].text
        near_text = original[:-50]
        near = profiles([near_text], options)[0]
        assert 0 < hamming(near.simhash, profs[0].simhash) and near_text != original
        archived_simhash = dict(store.all_simhashes())[ids[0]]
        assert 0 < hamming(near.simhash, archived_simhash) <= 3
        sim = find_candidates(store, [near, profs[0]], [near_text, new[0].text], 3,
                              use_fingerprints=False, use_sentences=False)
        assert sim[0].ids() == {ids[0]} and sim[1].ids() == set()  # the light edit is at 5
        sent = find_candidates(store, profs, [d.text for d in new], 3, use_fingerprints=False,
                               use_simhash=False)
        assert ids[2] in sent[1].ids()  # reordered: whole sentences kept
        assert ids[1] not in sent[0].ids() | sent[1].ids()
        wide = find_candidates(store, profs, [d.text for d in new], 64, use_fingerprints=False,
                               use_sentences=False)
        assert wide[0].ids() == set(ids)  # a threshold beyond the blocks scans every simhash


def test_a_document_already_archived_is_not_its_own_source(store_location):
    docs = load(ARCHIVED)
    with open_store(store_location) as store:
        run(add_documents(store, docs))
        report = run(check_against_archive(docs[:1], CheckOptions(), store))
    assert [d.name for d in report.documents] == [docs[0].name]
    assert report.pairs == ()


def test_pending_postings_are_found_before_and_after_the_merge(store_location):
    options = CheckOptions()
    new = load(["zh_light_edit_gbk.txt"])
    with open_store(store_location) as store:
        ids = run(add_documents(store, load(ARCHIVED), merge=False)).added
        assert store.pending_count() == len(ids)
        postings = store.stats()["postings"]
        profs = profiles([d.text for d in new], options)
        before = find_candidates(store, profs, [new[0].text], 3, use_simhash=False,
                                 use_sentences=False)[0]
        assert store.merge_pending() == len(ids) and store.pending_count() == 0
        after = find_candidates(store, profs, [new[0].text], 3, use_simhash=False,
                                use_sentences=False)[0]
        assert ids[0] in before.ids() and before == after
        assert store.stats()["postings"] == postings


def test_an_archived_documents_fingerprints_are_those_of_a_check():
    """The archive's own profiling (no vocabulary arrays) keeps exactly a check's fingerprints,
    postings, simhash and sentences."""
    from core.store.archive import prepare_batch
    from core.store.records import prepare

    docs = load(ARCHIVED + NEW)
    options = CheckOptions()
    records, _, _ = prepare_batch(docs, options, "L", [7] * len(docs))
    for doc, prof, record in zip(docs, profiles([d.text for d in docs], options), records):
        expected = prepare(doc, prof, label="L", size=7, added=record.added)
        assert record == expected
        assert record.fp_hashes == prof.fp_hashes.astype("<u8").tobytes() and record.postings


def test_adding_many_files_profiles_them_in_worker_processes(store_location, tmp_path, monkeypatch):
    """Files loaded and profiled by workers while this process writes: the same records as
    added here, in order, unreadable files counted; a merge on the way."""
    from core.store import archive

    folder = tmp_path / "in"
    folder.mkdir()
    names = ARCHIVED + NEW
    for i, name in enumerate(names):
        (folder / f"{i:02d}_{name}").write_bytes((SAMPLES / name).read_bytes())
    (folder / "99_broken.docx").write_bytes(b"not a zip")
    monkeypatch.setattr(archive, "PARALLEL_MIN", 1)
    monkeypatch.setattr(archive, "_ADD_BATCH", 3)
    monkeypatch.setattr(archive, "MERGE_EVERY", 4)
    with open_store(store_location) as store:
        result = run(archive.add_paths(store, [folder], label="L", workers=2))
        assert len(result.added) == len(names) and len(result.errors) == 1
        assert result.worker_cpu_s > 0  # the profiling ran in other processes
        assert "broken" in result.errors[0].path
        assert store.pending_count() == 0
        stored = [(m.name, store.fingerprints(m.id)) for m in store.documents()]
    assert [n for n, _ in stored] == [f"{i:02d}_{n}" for i, n in enumerate(names)]
    here = tmp_path / "here.sqlite3"
    with open_store(here) as store:
        result = run(archive.add_documents(store, load(names), workers=1))
        assert result.worker_cpu_s == 0
        assert [store.fingerprints(m.id) for m in store.documents()] == [f for _, f in stored]


def test_a_check_against_the_archive_in_a_child_process_is_the_check_here(store_location):
    options = CheckOptions(semantic=False)
    new = load(NEW)
    with open_store(store_location) as store:
        run(add_documents(store, load(ARCHIVED), label="2024"))
    request = CheckRequest(documents=tuple(new), archive=store_location, search_archive=True, review=True)
    here = run(run_check(request, options)).report
    checked = run(run_check(replace(request, in_child=True), options))
    report, analysis = checked.report, checked.analysis
    assert [d.name for d in report.documents] == [d.name for d in here.documents]
    assert len(report.documents) > len(NEW)  # archived sources came in, read by the child
    assert report.pairs == here.pairs and analysis.serves(report, options.display_threshold)
