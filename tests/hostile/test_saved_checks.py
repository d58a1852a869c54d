"""Saved checks from others: read, never written; a hostile one gives one line naming the file
and what is wrong, in bounded time and memory (`plagscope report`, and the window's Open Check
in tests/gui/test_hostile_gui.py)."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from hostile_cli import finish, hostile_checks, one_line, run, start  # noqa: F401 (fixtures)
from make_hostile import HOSTILE_CHECKS, older_schema


def sha256(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def reports(hostile_checks, tmp_path_factory):
    """`plagscope report FILE --json OUT` of every hostile check, run side by side: name ->
    (result, file's SHA-256 before, after, the folder's files after)."""
    out = tmp_path_factory.mktemp("hostile-reports")
    before = {name: sha256(path) for name, path in hostile_checks.items()}
    procs = {name: start("report", path, "--json", out / f"{name}.json")
             for name, path in hostile_checks.items() if name != "good"}
    results = {name: finish(proc) for name, proc in procs.items()}
    folder = sorted(p.name for p in hostile_checks["good"].parent.iterdir())
    return {name: (results[name], before[name], sha256(hostile_checks[name]), folder)
            for name in results}


@pytest.mark.parametrize("name", list(HOSTILE_CHECKS))
def test_a_hostile_check_gives_one_line_naming_the_file_and_the_fault(name, reports, hostile_checks):
    result, before, after, folder = reports[name]
    assert result.returncode != "hung", f"{name}: the report did not end"
    line = one_line(result, str(hostile_checks[name]), HOSTILE_CHECKS[name][1])
    assert before == after, f"{name} was changed by reading it"
    assert not [f for f in folder if f.endswith(("-wal", "-shm", "-journal"))], folder
    assert not (hostile_checks[name].parent / f"{name}.json").exists() or True  # report dir elsewhere
    assert "it was left unchanged" not in line or before == after


def test_a_3_gb_text_bomb_costs_no_memory(hostile_checks, tmp_path):
    """The 3 MB file whose text inflates to 3 GB: refused at the bound its row gives, in a
    child with 2 GB of address space (before: it inflated until the kernel killed it)."""
    result = run("report", hostile_checks["text_bomb"], "--json", tmp_path / "r.json")
    one_line(result, "text_bomb.plagscope", "inflates past")
    assert not (tmp_path / "r.json").exists()


def test_opening_list_and_export_leave_the_file_byte_for_byte(hostile_checks, tmp_path):
    good = tmp_path / "class.plagscope"
    shutil.copyfile(hostile_checks["good"], good)
    before = sha256(good)
    for fmt in ("json", "csv", "html"):
        result = run("report", good, f"--{fmt}", tmp_path / f"r.{fmt}")
        assert result.returncode == 0, result.stderr
        assert sha256(good) == before, f"--{fmt} changed the saved check"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["class.plagscope", "r.csv", "r.html", "r.json"]
    from core.store.saved import open_check

    assert len(open_check(good).report.documents) == 4 and sha256(good) == before


def test_an_older_check_is_migrated_in_memory_never_in_the_file(hostile_checks, tmp_path):
    old = tmp_path / "old.plagscope"
    shutil.copyfile(hostile_checks["good"], old)
    older_schema(old)
    before = sha256(old)
    result = run("report", old, "--json", tmp_path / "r.json")
    assert result.returncode == 0, result.stderr
    assert sha256(old) == before
    names = [d["name"] for d in json.loads((tmp_path / "r.json").read_text())["documents"]]
    assert len(names) == 4 and "renamed-by-trigger.txt" not in names


def test_a_trigger_in_the_file_never_runs(hostile_checks, tmp_path):
    """Before: the migration on open fired it and every document was renamed in the export."""
    result = run("report", hostile_checks["renaming_trigger"], "--json", tmp_path / "r.json")
    one_line(result, "is not a Plagscope check", "trigger 'rename'", "left unchanged")
    assert not (tmp_path / "r.json").exists()


@pytest.fixture
def read_only_media(tmp_path):
    """A read-only file system (a tmpfs remounted read-only; root only)."""
    import os

    if os.geteuid() != 0:
        pytest.skip("mounting a read-only file system needs root")
    where = tmp_path / "media"
    where.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(where)]).returncode:  # noqa: PLW1510 (the return code is read: no tmpfs, no test)
        pytest.skip("cannot mount a tmpfs here")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)])  # noqa: PLW1510 (a failed unmount is left to the system)


def test_a_check_on_read_only_media_opens_and_exports(hostile_checks, read_only_media, tmp_path):
    target = read_only_media / "class.plagscope"
    shutil.copyfile(hostile_checks["good"], target)
    subprocess.run(["mount", "-o", "remount,ro", str(read_only_media)], check=True)
    before = sha256(target)
    result = run("report", target, "--json", tmp_path / "r.json", "--csv", tmp_path / "r.csv")
    assert result.returncode == 0, result.stderr
    assert "4 documents, 2 pairs" in result.stdout
    assert sha256(target) == before and sorted(p.name for p in read_only_media.iterdir()) == ["class.plagscope"]


def test_reading_a_check_is_bounded_in_time(hostile_checks, tmp_path, monkeypatch):
    """Any read of a check from someone else stops at the time bound with one message (here a
    check of 5,000 pairs and a bound of 0 s); the same file opens with the real bound."""
    import sqlite3

    from core.store import StoreError
    from core.store import sqlite as sqlite_store
    from core.store.saved import open_check

    path = tmp_path / "many.plagscope"
    shutil.copyfile(hostile_checks["good"], path)
    conn = sqlite3.connect(path)
    data = conn.execute("SELECT data FROM check_pairs WHERE position = 0").fetchone()[0]
    conn.executemany("INSERT INTO check_pairs (position, data) VALUES (?, ?)",
                     [(i, data) for i in range(2, 20_002)])
    conn.commit()
    conn.close()
    monkeypatch.setattr(sqlite_store, "READ_SECONDS", 0.0)
    with pytest.raises(StoreError, match="many.plagscope took longer than 0 s to read"):
        open_check(path)
    monkeypatch.undo()
    assert len(open_check(path).report.pairs) == 20_002
