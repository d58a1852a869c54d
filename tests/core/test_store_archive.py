"""Checking new documents against the archive, on both backends: the three look-ups, the same
passages as loading the archived sources by hand, labels, pairs of two archived documents."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from pathlib import Path

from core.loaders import load_document
from core.models import ArchiveEntry, Document
from core.options import CheckOptions
from core.pipeline import check_documents, run
from core.store import open_store
from core.store.archive import add_documents, check_against_archive, find_candidates
from core.engine.profile import profiles
from core.rules import hamming

SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples"
ARCHIVED = ["zh_original_网络阅读.txt", "zh_clean_1.txt", "en_original_homework.txt",
            "en_clean_1.txt"]
NEW = ["zh_copy_verbatim.docx", "zh_light_edit_gbk.txt", "en_reordered.txt", "zh_clean_2.txt"]


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
