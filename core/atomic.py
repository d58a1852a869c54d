"""Atomic file writes: a reader sees the old file or the whole new one, never a torn one.

The data goes to a temporary file in the target's directory (so the final rename stays on
one file system), is flushed and fsynced, then `os.replace`d over the target.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

_BINARY = getattr(os, "O_BINARY", 0)  # Windows only: no newline translation


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
    try:
        fd, tmp = _create_temp(target)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        _copy_mode(target, tmp)
        os.replace(tmp, target)
        tmp = None
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        message = f"cannot write {target}: {reason}"
        raise (OSError(exc.errno, message) if exc.errno else OSError(message)) from exc
    finally:
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
