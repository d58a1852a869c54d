"""Atomic writes: the new content in full, or the old file untouched and no temporary left."""

import errno
import os

import pytest

from core import atomic
from core.atomic import write_bytes_atomic, write_text_atomic


def _listing(directory):
    return sorted(p.name for p in directory.iterdir())


def test_writes_a_new_file_and_returns_its_path(tmp_path):
    target = tmp_path / "report.txt"
    written = write_text_atomic(target, "相似度 42%\n")
    assert written == target.resolve()
    assert target.read_bytes() == "相似度 42%\n".encode()
    assert _listing(tmp_path) == ["report.txt"]


def test_newlines_and_bytes_are_written_unchanged(tmp_path):
    write_text_atomic(tmp_path / "a.csv", "a,b\r\nc,d\n")
    assert (tmp_path / "a.csv").read_bytes() == b"a,b\r\nc,d\n"
    write_bytes_atomic(tmp_path / "b.bin", b"\x00\xff\r\n")
    assert (tmp_path / "b.bin").read_bytes() == b"\x00\xff\r\n"


def test_encoding_is_applied(tmp_path):
    write_text_atomic(tmp_path / "gbk.txt", "中文", encoding="gbk")
    assert (tmp_path / "gbk.txt").read_bytes() == b"\xd6\xd0\xce\xc4"


def test_unencodable_text_fails_before_touching_the_file(tmp_path):
    target = tmp_path / "old.txt"
    target.write_text("old")
    with pytest.raises(UnicodeEncodeError):
        write_text_atomic(target, "中文", encoding="ascii")
    assert target.read_text() == "old"
    assert _listing(tmp_path) == ["old.txt"]


def test_replacing_keeps_the_permissions_of_the_old_file(tmp_path):
    target = tmp_path / "shared.json"
    target.write_text("old")
    os.chmod(target, 0o640)
    write_text_atomic(target, "new")
    assert target.read_text() == "new"
    if os.name == "posix":
        assert os.stat(target).st_mode & 0o777 == 0o640


def test_failure_mid_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "report.json"
    target.write_text("old report", encoding="utf-8")
    real_fdopen = os.fdopen

    class HalfWriter:
        """Writes half of the data, then fails as a full disk would."""

        def __init__(self, f):
            self.f = f

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

        def write(self, data):
            self.f.write(data[: len(data) // 2])
            self.f.flush()
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic.os, "fdopen", lambda fd, mode, **kw: HalfWriter(real_fdopen(fd, mode, **kw)))
    with pytest.raises(OSError) as caught:
        write_text_atomic(target, "a much longer new report " * 100)
    assert caught.value.errno == errno.ENOSPC
    assert str(target) in str(caught.value)
    assert "No space left on device" in str(caught.value)
    assert target.read_text(encoding="utf-8") == "old report"
    assert _listing(tmp_path) == ["report.json"]


def test_failure_at_replace_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "report.html"
    target.write_bytes(b"old")

    def refuse(src, dst):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(atomic.os, "replace", refuse)
    with pytest.raises(PermissionError, match="cannot write .*report.html: Permission denied"):
        write_bytes_atomic(target, b"new")
    assert target.read_bytes() == b"old"
    assert _listing(tmp_path) == ["report.html"]


def test_an_interrupt_also_removes_the_temporary(tmp_path, monkeypatch):
    target = tmp_path / "r.csv"
    target.write_bytes(b"old")

    def interrupted(fd):
        raise KeyboardInterrupt

    monkeypatch.setattr(atomic.os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_bytes_atomic(target, b"new")
    assert target.read_bytes() == b"old"
    assert _listing(tmp_path) == ["r.csv"]


def test_missing_folder_is_an_oserror_naming_the_path(tmp_path):
    target = tmp_path / "no such folder" / "r.json"
    with pytest.raises(FileNotFoundError, match="cannot write .*no such folder"):
        write_text_atomic(target, "{}")
    assert _listing(tmp_path) == []


def test_a_folder_in_the_way_is_not_replaced(tmp_path):
    target = tmp_path / "taken"
    target.mkdir()
    (target / "inside.txt").write_text("keep")
    with pytest.raises(OSError, match="cannot write .*taken"):
        write_text_atomic(target, "x")
    assert (target / "inside.txt").read_text() == "keep"
    assert _listing(tmp_path) == ["taken"]


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name != "posix", reason="POSIX symlinks")
def test_writing_through_a_symlink_replaces_the_file_it_points_to(tmp_path):
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    assert write_text_atomic(link, "new") == real.resolve()
    assert link.is_symlink()
    assert real.read_text() == "new"


def test_a_read_only_file_is_not_replaced(tmp_path):
    target = tmp_path / "report.json"
    target.write_text("kept")
    os.chmod(target, 0o444)
    with pytest.raises(PermissionError) as info:
        write_text_atomic(target, "new")
    assert "read-only" in str(info.value) and "read-only" in info.value.reason
    assert target.read_text() == "kept" and _listing(tmp_path) == ["report.json"]


def _old(path, seconds=60):
    stamp = os.stat(path).st_mtime - seconds
    os.utime(path, (stamp, stamp))


def test_temporaries_left_by_a_killed_writer_are_removed_by_the_next_write(tmp_path):
    fcntl = pytest.importorskip("fcntl")
    target = tmp_path / "report.html"
    stale = tmp_path / ".report.html.0123abcd.tmp"
    stale.write_bytes(b"x" * 1000)  # what a kill -9 between create and rename leaves
    _old(stale)
    live = tmp_path / ".report.html.89abcdef.tmp"
    live.write_bytes(b"y")
    _old(live)
    other_old = tmp_path / ".other.csv.00000000.tmp"
    other_old.write_bytes(b"z")
    _old(other_old, 7200)
    other_new = tmp_path / ".other.csv.11111111.tmp"
    other_new.write_bytes(b"z")
    _old(other_new)
    not_ours = tmp_path / ".notes.tmp"
    not_ours.write_bytes(b"mine")
    holder = os.open(live, os.O_RDONLY)  # another writer still at work: it holds the lock
    fcntl.flock(holder, fcntl.LOCK_EX)
    try:
        write_text_atomic(target, "new")
    finally:
        os.close(holder)
    assert _listing(tmp_path) == sorted([".notes.tmp", ".other.csv.11111111.tmp",
                                         ".report.html.89abcdef.tmp", "report.html"])


def test_the_temporary_is_locked_while_it_is_written(tmp_path, monkeypatch):
    fcntl = pytest.importorskip("fcntl")
    seen = []
    real_replace = os.replace

    def replace(src, dst):
        fd = os.open(src, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            seen.append("unlocked")
        except OSError:
            seen.append("locked")
        finally:
            os.close(fd)
        return real_replace(src, dst)

    monkeypatch.setattr(atomic.os, "replace", replace)
    write_text_atomic(tmp_path / "r.json", "{}")
    assert seen == ["locked"]
