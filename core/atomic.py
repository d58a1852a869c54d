"""Atomic file writes: a reader sees the old file or the whole new one, never a torn one.

The data goes to a temporary file in the target's directory (so the final rename stays on
one file system), is flushed and fsynced, then `os.replace`d over the target.

A file marked read-only is not replaced (a rename would otherwise replace it silently).
The temporary file (`.NAME.xxxxxxxx.tmp`) is locked while it is written; one left behind by
a process that was killed is unlocked, and the next write into that folder removes it.
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import stat
import time
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: an open file cannot be deleted, which protects it as well
    fcntl = None

_BINARY = getattr(os, "O_BINARY", 0)  # Windows only: no newline translation
_TEMP = re.compile(r"^\.(?P<name>.+)\.[0-9a-f]{8}\.tmp$")
# A temporary of ours for another file is removed only when this old, in case a program
# that does not lock happens to use the same naming.
_STALE_OTHER_SECONDS = 3600


def write_text_atomic(path: str | os.PathLike, text: str, encoding: str = "utf-8",
                      errors: str = "strict") -> Path:
    """Write `text` to `path` atomically, encoded as given; newlines are written unchanged.

    Raises OSError (with the path in the message) when the file cannot be written, and
    UnicodeEncodeError, before touching anything, when `text` does not fit `encoding`.
    """
    return write_bytes_atomic(path, text.encode(encoding, errors))


def write_bytes_atomic(path: str | os.PathLike, data: bytes) -> Path:
    """Write `data` to `path` atomically and return the path written.

    On any failure the temporary file is removed and an existing file at `path` is left
    as it was; I/O failures are raised as OSError saying which file could not be written.
    """
    target = Path(os.path.realpath(path))  # through a symlink, replace the file it points to
    tmp: Path | None = None
    fd = -1
    try:
        _refuse_read_only(target)
        remove_stale_temporaries(target)
        fd, tmp = _create_temp(target)
        _lock(fd)  # held until the rename is done: the descriptor stays open until then
        with os.fdopen(fd, "wb", closefd=False) as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        _copy_mode(target, tmp)
        if fcntl is None:  # Windows renames no open file
            os.close(fd)
            fd = -1
        os.replace(tmp, target)
        tmp = None
    except OSError as exc:
        reason = getattr(exc, "reason", None) or exc.strerror or str(exc) or type(exc).__name__
        message = f"cannot write {target}: {reason}"
        error = OSError(exc.errno, message) if exc.errno else OSError(message)
        error.reason, error.target = reason, str(target)  # for callers that name the file themselves
        raise error from exc
    finally:
        if fd >= 0:
            os.close(fd)
        if tmp is not None:
            _remove_quietly(tmp)
    _sync_directory(target.parent)
    return target


def _create_temp(target: Path) -> tuple[int, Path]:
    """Open a new, uniquely named file next to `target`; the umask sets its permissions."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _BINARY
    for _ in range(100):
        tmp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
        try:
            return os.open(tmp, flags, 0o666), tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary file name next to {target}")


def _refuse_read_only(target: Path) -> None:
    """A read-only file (no write permission for anyone, or none for us) is left alone."""
    try:
        info = os.stat(target)
    except OSError:
        return
    if stat.S_ISREG(info.st_mode) and (not info.st_mode & 0o222 or not os.access(target, os.W_OK)):
        error = PermissionError(errno.EACCES, "the file is read-only")
        error.reason = "the file is read-only (make it writable, or choose another name)"
        raise error


def _lock(fd: int) -> None:
    """Hold an exclusive lock on our temporary while it exists (released when closed or killed)."""
    if fcntl is not None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            pass


def remove_stale_temporaries(target: str | os.PathLike) -> list[Path]:
    """Remove temporaries of ours in `target`'s folder that no live writer holds; returns them.

    A temporary for `target` itself goes when unlocked and a few seconds old (one just created
    may not be locked yet); one for another file also needs to be an hour old. Never raises.
    """
    target = Path(target)
    removed: list[Path] = []
    try:
        names = os.listdir(target.parent)
    except OSError:
        return removed
    now = time.time()
    for name in names:
        match = _TEMP.match(name)
        if not match:
            continue
        path = target.parent / name
        try:
            age = now - os.lstat(path).st_mtime
            if age < 5 or (match["name"] != target.name and age < _STALE_OTHER_SECONDS):
                continue  # just created (not locked yet) or possibly someone else's
            if _unlocked_remove(path):
                removed.append(path)
        except OSError:
            continue
    return removed


def _unlocked_remove(path: Path) -> bool:
    """Delete `path` if no process holds its lock (it is then a leftover of a killed writer)."""
    if fcntl is None:
        os.unlink(path)
        return True
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False  # a live writer holds it
        os.unlink(path)
        return True
    finally:
        os.close(fd)


def _copy_mode(target: Path, tmp: Path) -> None:
    """Keep the permissions of the file being replaced, if there is one."""
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return
    os.chmod(tmp, mode & 0o7777)


def _remove_quietly(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _sync_directory(directory: Path) -> None:
    """Make the rename itself durable where the platform allows (POSIX); best effort."""
    if os.name != "posix":
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
