"""A damaged archive is never written to and says how to recover (`archive check`, `archive
repair` into a new file); a disk that fills during `archive add` or `check --save` gives one
line, the data intact and no temporary file left."""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest
from hostile_cli import ROOT, cli_env, one_line, postgres_dsn, run, store_location  # noqa: F401 (fixtures)

SAMPLES = ROOT / "resources" / "samples"
PAST = [SAMPLES / n for n in ("zh_original_网络阅读.txt", "en_original_homework.txt", "zh_clean_1.txt",
                              "en_clean_1.txt", "zh_clean_2.txt")]
NEW = [SAMPLES / "en_clean_2.txt", SAMPLES / "zh_paraphrase.txt"]


def sha256(path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _fill(location: str, paths=PAST, merge: bool = True) -> int:
    from core.steps import drain
    from core.store import open_store
    from core.store.archive import add_paths

    with open_store(location) as store:
        if merge:
            drain(add_paths(store, paths, label="past"))
            return store.count()
        from dataclasses import replace

        from core.loaders import load_document
        from core.store.archive import add_documents, file_facts

        docs = [replace(load_document(str(p), i), sha256=file_facts(str(p))[0]) for i, p in enumerate(paths)]
        drain(add_documents(store, docs, "past", merge=False))  # as an add stopped before its merge
        return store.count()


def _count(location: str) -> int:
    from core.store import open_store

    with open_store(location, create=False) as store:
        return store.count()


def _sql(location: str, statement: str) -> None:
    if location.startswith("postgresql"):
        import psycopg

        with psycopg.connect(location, autocommit=True) as conn:
            conn.execute(statement)
    else:
        with sqlite3.connect(location) as conn:
            conn.execute(statement)
        conn.close()


def test_an_archive_with_orphan_pending_postings_is_never_written_to(store_location, cli_env):
    """Pending postings without their document (a merge that never finished on a damaged
    file): `archive add` refuses, writes nothing, and says how to recover."""
    _fill(store_location)
    _sql(store_location, "INSERT INTO pending (doc, hashes) VALUES (99999, '12345678')")
    result = run("archive", "add", *NEW, "--quiet", "--db", store_location, env=cli_env)
    one_line(result, "is damaged", "nothing was written", "archive check", "repair")
    assert _count(store_location) == len(PAST)


def test_leftover_pending_postings_are_merged_by_the_next_add(store_location, cli_env):
    """An add that stopped before its merge left its postings pending: the next add (even of
    files already there) merges them, so none stay pending for good."""
    _fill(store_location, merge=False)
    from core.store import open_store

    with open_store(store_location) as store:
        assert store.pending_count() == len(PAST)
    result = run("archive", "add", *PAST, "--quiet", "--db", store_location, env=cli_env)
    assert result.returncode == 0 and f"already present {len(PAST)}" in result.stdout, result.stderr
    with open_store(store_location) as store:
        assert store.pending_count() == 0


def _break_page(path: Path, table: str) -> None:
    """Overwrite the first bytes of `table`'s root page (its b-tree header) with garbage."""
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.close()
    with open(path, "r+b") as f:
        f.seek((root - 1) * page_size)
        f.write(b"\x77" * 12)
    conn = sqlite3.connect(path)  # back in WAL mode, as an archive is kept
    conn.execute("PRAGMA journal_mode = WAL")
    conn.close()


def test_a_byte_flipped_archive_is_refused_checked_and_repaired_into_a_new_file(cli_env, tmp_path):
    """Before: `archive add` wrote into the damaged file (and crashed in the merge); some damage
    gave a raw sqlite3.OperationalError."""
    damaged = tmp_path / "archive.sqlite3"
    _fill(str(damaged))
    _break_page(damaged, "postings")
    before = sha256(damaged)
    result = run("archive", "add", *NEW, "--quiet", "--db", damaged, env=cli_env)
    one_line(result, str(damaged), "is damaged", "nothing was written", "repair")
    assert sha256(damaged) == before
    check = run("archive", "--db", damaged, "check", env=cli_env)
    assert check.returncode == 1 and "is damaged" in check.stdout and "repair" in check.stdout, check
    assert "Traceback" not in check.stderr
    new = tmp_path / "rebuilt.sqlite3"
    repair = run("archive", "--db", damaged, "repair", new, "--quiet", env=cli_env)
    assert repair.returncode == 0, repair.stderr
    assert f"rebuilt {len(PAST)} of {len(PAST)}" in repair.stdout and "left unchanged" in repair.stdout
    assert sha256(damaged) == before
    ok = run("archive", "--db", new, "check", env=cli_env)
    assert ok.returncode == 0 and "no damage found" in ok.stdout, ok
    added = run("archive", "--db", new, "add", *NEW, "--quiet", env=cli_env)
    assert added.returncode == 0 and "added 2" in added.stdout, added.stderr
    from core.store import open_store

    with open_store(str(new)) as store:
        labels = {d.label for d in store.documents()}
        assert labels == {"past", ""} and store.count() == len(PAST) + 2


def test_a_lost_documents_page_loses_only_its_rows(cli_env, tmp_path):
    damaged = tmp_path / "archive.sqlite3"
    _fill(str(damaged))
    _break_page(damaged, "documents")
    before = sha256(damaged)
    for action in (("list",), ("stats",), ("remove", "--label", "past")):
        one_line(run("archive", "--db", damaged, *action, env=cli_env), "is damaged")
    repair = run("archive", "--db", damaged, "repair", tmp_path / "new.sqlite3", "--quiet", env=cli_env)
    assert repair.returncode in (0, 1) and "Traceback" not in repair.stderr, repair.stderr
    assert sha256(damaged) == before


@pytest.fixture
def small_disk(tmp_path):
    """A 1 MB file system (tmpfs; root only)."""
    if os.geteuid() != 0:
        pytest.skip("mounting a small file system needs root")
    where = tmp_path / "disk"
    where.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(where)]).returncode:  # noqa: PLW1510 (the return code is read: no tmpfs, no test)
        pytest.skip("cannot mount a tmpfs here")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)])  # noqa: PLW1510 (a failed unmount is left to the system)


def _fill_disk(folder: Path, leave: int) -> None:
    """Take all but `leave` bytes of the file system at `folder`."""
    free = shutil.disk_usage(folder).free
    with open(folder / "filler", "wb") as f:
        f.write(b"\0" * max(0, free - leave))


def test_a_full_disk_during_archive_add_gives_one_line_and_the_archive_intact(small_disk, cli_env):
    archive = small_disk / "archive.sqlite3"
    stored = _fill(str(archive), PAST[:2])
    _fill_disk(small_disk, 8 << 10)
    result = run("archive", "add", *PAST[2:], *NEW, "--quiet", "--db", archive, env=cli_env)
    one_line(result, str(archive), "disk is full")
    (small_disk / "filler").unlink()
    check = run("archive", "--db", archive, "check", env=cli_env)
    assert check.returncode == 0 and "no damage found" in check.stdout, check
    assert _count(str(archive)) >= stored


def test_a_full_disk_during_check_save_gives_one_line_and_leaves_no_temporary_file(small_disk, cli_env):
    target = small_disk / "class.plagscope"
    target.write_bytes(b"the previous save")
    _fill_disk(small_disk, 4 << 10)
    result = run("check", *PAST, "--save", target, "--quiet", "--no-semantic", "--top", "0", env=cli_env)
    one_line(result, "class.plagscope", "disk is full")
    assert target.read_bytes() == b"the previous save"
    assert sorted(p.name for p in small_disk.iterdir()) == ["class.plagscope", "filler"]
