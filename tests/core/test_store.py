"""The store on both backends: add, re-add, list, remove, migrations, refusals, crashes, races."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from core.models import Document
from core.pipeline import run
from core.store import StoreError, open_store, schema
from core.store.archive import add_documents, add_paths, remove_label
from core.store.records import blocks, compress, sentence_hashes, signed64, unsigned64

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "resources" / "samples"


def sample_docs() -> list[Document]:
    names = ["zh_original_网络阅读.txt", "zh_clean_1.txt", "zh_clean_2.txt",
             "en_original_homework.txt", "en_clean_1.txt", "en_clean_2.txt"]
    from core.loaders import load_document

    docs = []
    for i, name in enumerate(names):
        d = load_document(SAMPLES / name, i)
        import hashlib

        sha = hashlib.sha256((SAMPLES / name).read_bytes()).hexdigest()
        docs.append(Document(i, d.name, d.path, d.format, d.text, sha256=sha))
    return docs


def postings_consistent(store) -> None:
    """Every archived document has exactly its postings and sentences; nothing dangles."""
    total = 0
    for meta in store.documents():
        hashes, _ = store.fingerprints(meta.id)
        _uniq, counts = np.unique(np.frombuffer(hashes, dtype="<u8"), return_counts=True)
        total += int((counts <= 8).sum())
    assert store.stats()["postings"] == total


def test_signed_round_trip_and_blocks():
    for value in (0, 1, (1 << 63) - 1, 1 << 63, (1 << 64) - 1):
        assert unsigned64(signed64(value)) == value
        assert -(1 << 63) <= signed64(value) < 1 << 63
    assert blocks(0x0001_0002_0003_0004) == (4, 3, 2, 1)


def test_sentence_hashes_ignore_case_width_and_short_sentences():
    a = sentence_hashes("The quick brown fox jumps over the lazy dog today. Short one.", "en")
    b = sentence_hashes("THE QUICK  brown fox, jumps over the lazy dog today! tiny", "en")
    assert len(a) == 1 and a == b
    longest = sentence_hashes("一二三四五六七八九十一二三。" + "甲乙丙丁戊己庚辛壬癸子丑寅卯辰。", "zh", 1)
    assert longest == sentence_hashes("甲乙丙丁戊己庚辛壬癸子丑寅卯辰", "zh")


def test_add_list_text_stats_and_readd(store_location):
    docs = sample_docs()
    with open_store(store_location) as store:
        result = run(add_documents(store, docs, label="2025"))
        assert len(result.added) == len(docs) and not result.present
        again = run(add_documents(store, docs[:2], label="other"))
        assert again.present == result.added[:2] and not again.added
        listed = store.documents()
        assert [m.name for m in listed] == [d.name for d in docs]
        assert {m.label for m in listed} == {"2025"}
        assert store.texts([listed[0].id])[listed[0].id] == docs[0].text
        stats = store.stats()
        assert stats["documents"] == len(docs) and stats["labels"] == {"2025": len(docs)}
        assert stats["postings"] > 100 and stats["schema_version"] == schema.LATEST
        postings_consistent(store)
    with open_store(store_location) as store:  # reopening keeps everything
        assert store.count() == len(docs)
        assert [m.sha256 for m in store.documents(label="2025")] == [d.sha256 for d in docs]
        assert [m.name for m in store.documents(search="CLEAN")] == [d.name for d in docs if "clean" in d.name]


def test_remove_deletes_text_and_fingerprints(store_location):
    docs = sample_docs()
    with open_store(store_location) as store:
        ids = run(add_documents(store, docs[:3], label="a")).added
        run(add_documents(store, docs[3:], label="b"))
        before = store.stats()["postings"]
        assert store.remove([ids[0], 999_999]) == 1
        assert ids[0] not in store.texts([ids[0]])
        assert store.stats()["postings"] < before
        postings_consistent(store)
        assert remove_label(store, "b") == 3
        assert [m.id for m in store.documents()] == ids[1:]
        postings_consistent(store)
        assert store.sentence_hits(sentence_hashes(docs[4].text, "en")) == []
    if "://" not in store_location:  # the bytes are gone from the file, not merely unlinked
        raw = Path(store_location).read_bytes()
        assert compress(docs[0].text)[:64] not in raw
        assert compress(docs[4].text)[:64] not in raw


def test_add_paths_counts_added_present_unreadable(store_location, tmp_path):
    folder = tmp_path / "in"
    (folder / "sub").mkdir(parents=True)
    for name in ("zh_clean_1.txt", "en_clean_1.txt"):
        (folder / name).write_bytes((SAMPLES / name).read_bytes())
    (folder / "sub" / "copy.txt").write_bytes((SAMPLES / "zh_clean_1.txt").read_bytes())
    (folder / "sub" / "empty.txt").write_bytes(b"")
    with open_store(store_location) as store:
        steps = []
        gen = add_paths(store, [folder], label="L")
        try:
            while True:
                steps.append(next(gen))
        except StopIteration as stop:
            result = stop.value
        assert len(result.added) == 2 and len(result.present) == 1 and len(result.errors) == 1
        assert steps[-1].done == steps[-1].total == 4
        result = run(add_paths(store, [folder], label="L"))
        assert not result.added and len(result.present) == 3


def test_migrates_an_old_database(store_location):
    if "://" in store_location:
        from core.store.postgres import PostgresStore as Impl
    else:
        from core.store.sqlite import SQLiteStore as Impl

    class Old(Impl):
        def _apply(self, first, last):  # a Plagscope that knew only schema version 1
            super()._apply(first, 1)

    old = Old(store_location)
    assert old.version() == 1
    old._execute("INSERT INTO documents (sha256, name, path, size, format, label, added, chars, "
                 "text_key, lang, text, simhash, b0, b1, b2, b3, fp_hashes, fp_units) VALUES "
                 "(?, 'old.txt', '/old.txt', 3, 'txt', '', '2020-01-01', 3, 'k', 'en', ?, 0, "
                 "0, 0, 0, 0, ?, ?)", ("ab" * 32, compress("old"), b"", b""))
    old.conn.commit()
    assert "sentences" not in old._table_names()
    old.close()
    with open_store(store_location) as store:
        assert store.version() == schema.LATEST
        assert "sentences" in store._table_names() and "verdicts" in store._table_names()
        assert [m.name for m in store.documents()] == ["old.txt"]


def test_refuses_a_newer_schema_and_the_wrong_kind(store_location):
    with open_store(store_location) as store:
        store._execute("UPDATE schema_version SET version = ?", (schema.LATEST + 1,))
        store.conn.commit()
    with pytest.raises(StoreError, match="newer Plagscope"):
        open_store(store_location)
    with pytest.raises(StoreError, match="not a saved check"):
        open_store(store_location, kind="check")


@pytest.mark.parametrize("content", [b"not a database at all, just text\n" * 50,
                                     b"SQLite format 3\x00" + b"\xff" * 5000])
def test_corrupt_file_gives_a_message_and_is_left_alone(tmp_path, content):
    path = tmp_path / "archive.sqlite3"
    path.write_bytes(content)
    with pytest.raises(StoreError, match="left unchanged|not a Plagscope|not a usable"):
        open_store(path)
    assert path.read_bytes() == content


def test_foreign_sqlite_database_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE customers (name TEXT)")
    conn.commit()
    conn.close()
    content = path.read_bytes()
    with pytest.raises(StoreError, match="another program"):
        open_store(path)
    assert path.read_bytes() == content
    with pytest.raises(StoreError, match="does not exist"):
        open_store(tmp_path / "missing.plagscope", kind="check", create=False)
    assert not (tmp_path / "missing.plagscope").exists()


_ADDER = textwrap.dedent("""
    import sys, random
    sys.path.insert(0, {root!r})
    from core.models import Document
    from core.store import open_store
    from core.store.archive import add_documents
    from core.pipeline import run
    words = [w for w in open({words!r}, encoding="utf-8").read().split() if w.isalpha()]
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    rnd = random.Random(seed)
    docs = []
    for i in range(count):
        text = " ".join(rnd.choice(words) for _ in range(300))
        docs.append(Document(i, f"s{{seed}}_{{i}}.txt", f"/s{{seed}}_{{i}}.txt", "txt", text,
                             sha256=f"{{seed % 1000:03d}}{{i:061d}}"))
    if len(sys.argv) > 3:  # the shared documents both processes add
        docs += [Document(0, f"shared{{j}}.txt", "/x", "txt", "shared text number %d " % j * 40,
                          sha256="f" * 60 + f"{{j:04d}}") for j in range(5)]
    with open_store(sys.argv[-1] if len(sys.argv) > 4 else {location!r}) as store:
        gen = add_documents(store, docs)
        for step in gen:
            if step.done:
                print(step.done, flush=True)
""")


def _adder(tmp_path, location) -> Path:
    script = tmp_path / "adder.py"
    script.write_text(_ADDER.format(root=str(ROOT), words=str(SAMPLES / "en_clean_1.txt"),
                                    location=location), encoding="utf-8")
    return script


def test_sigkill_mid_add_leaves_the_archive_consistent(store_location, tmp_path):
    with open_store(store_location):
        pass  # the schema exists before the child starts
    script = _adder(tmp_path, store_location)
    child = subprocess.Popen([sys.executable, str(script), "1", "400"], stdout=subprocess.PIPE,
                             text=True)
    for _ in range(30):  # let it add a few documents, then kill it in the middle of its work
        assert child.stdout.readline()
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    with open_store(store_location) as store:
        count = store.count()
        assert 30 <= count < 400  # killed in the middle of its adds
        postings_consistent(store)
        if "://" not in store_location:
            assert store.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        names = [m.name for m in store.documents()]
        assert names == [f"s1_{i}.txt" for i in range(count)]  # a prefix: nothing half-added


def test_two_processes_adding_at_once_both_succeed(store_location, tmp_path):
    script = _adder(tmp_path, store_location)
    children = [subprocess.Popen([sys.executable, str(script), str(seed), "40", "shared"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
                for seed in (2, 3)]
    outcomes = [(c.wait(timeout=120), c.stderr.read()) for c in children]
    assert outcomes == [(0, ""), (0, "")]
    with open_store(store_location) as store:
        names = [m.name for m in store.documents()]
        assert len(names) == 85 and len(set(names)) == 85  # 2 x 40 own + the 5 shared once
        postings_consistent(store)


def test_save_verdicts_replaces_only_the_verdicts_of_a_saved_check(planted_class, tmp_path):
    from core.models import Verdict
    from core.review import Verdicts, pair_key
    from core.store import StoreError
    from core.store.saved import open_check, save_check, save_verdicts

    _, report = planted_class
    first = Verdicts().set_pair(pair_key(report, report.pairs[0]), Verdict("confirmed", "same text"))
    path = save_check(tmp_path / "class.plagscope", report, first)
    second = (Verdicts().set_pair(pair_key(report, report.pairs[1]), Verdict("suspicious"))
              .set_document(report.documents[2].key, Verdict("not_plagiarism", "cited")))
    save_verdicts(path, second)
    saved = open_check(path)
    assert saved.verdicts == second and saved.report == report
    assert sorted(p.name for p in tmp_path.iterdir()) == ["class.plagscope"]  # one self-contained file
    with pytest.raises(StoreError):
        save_verdicts(tmp_path / "missing.plagscope", second)
    assert not (tmp_path / "missing.plagscope").exists()
