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
    assert target.read_bytes() == "相似度 42%\n".encode("utf-8")
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

    monkeypatch.setattr(atomic.os, "fdopen", lambda fd, mode: HalfWriter(real_fdopen(fd, mode)))
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
