"""Why a file cannot be used, as a code of core.messages with its values (and English words).

Readers raise `Unreadable(code, **values)`; the loader turns it into a LoadError for the
path. The words for every code, in English and Chinese, are in `core.messages`.
"""

from __future__ import annotations

import errno
import stat

from core.messages import SUPPORTED_NOTE, is_code, text

__all__ = [
    "CONVERT",
    "SUPPORTED_NOTE",
    "Unreadable",
    "megabytes",
    "mode_reason",
    "os_reason",
    "short_cause",
    "too_big",
    "too_long",
    "unsupported",
]

#: Document formats Plagscope does not read, each with what to do instead (a code).
CONVERT = {".doc": "convert.doc", ".dot": "convert.doc", ".rtf": "convert.rtf",
           ".odt": "convert.odt", ".wps": "convert.wps", ".pages": "convert.pages"}


class Unreadable(Exception):
    """Raised by a format reader: `code` (core.messages), `values`, and `reason` in English.

    `Unreadable("some words")` with text that is no code still works: the code is then
    "file.unexpected" with the words as its detail.
    """

    def __init__(self, code: str, **values):
        if not is_code(code):
            code, values = "file.unexpected", {"detail": code}
        self.code = code
        self.values = values
        self.reason = text(code, "en", **values)
        super().__init__(self.reason)


def unsupported(suffix: str) -> tuple[str, dict]:
    """The reason (code, values) for a file whose type Plagscope does not read."""
    if not suffix:
        return "file.no_extension", {}
    if suffix.lower() in CONVERT:
        return CONVERT[suffix.lower()], {}
    return "file.unsupported", {"suffix": suffix.lower()}


def os_reason(exc: OSError) -> tuple[str, dict]:
    """A plain-words reason (code, values) for an operating-system error on a file."""
    if isinstance(exc, FileNotFoundError):
        return "file.not_found", {}
    if isinstance(exc, PermissionError):
        return "file.permission", {}
    if isinstance(exc, IsADirectoryError):
        return "file.is_folder", {}
    if exc.errno == errno.ELOOP:
        return "file.link_loop", {}
    if exc.errno == errno.ENAMETOOLONG:
        return "file.name_too_long", {}
    if exc.errno == errno.EIO:
        return "file.io_error", {}
    return "file.os_error", {"detail": exc.strerror or "input/output error"}


def mode_reason(mode: int) -> tuple[str, dict] | None:
    """Why a file of this st_mode is no document (a folder, FIFO, socket, device), or None."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "file.is_folder", {}
    if stat.S_ISFIFO(mode):
        return "file.fifo", {}
    if stat.S_ISSOCK(mode):
        return "file.socket", {}
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "file.device", {}
    return "file.not_regular", {}


def megabytes(n: int, other: int | None = None) -> str:
    """`n` bytes as 'x.y MB', with more decimals when needed to differ from `other` bytes."""
    for places in (1, 2, 3):
        shown = _mb(n, places)
        if other is None or shown != _mb(other, places):
            return shown
    return shown


def _mb(n: int, places: int) -> str:
    value = f"{n / 2**20:.{places}f}".rstrip("0").rstrip(".")
    return f"{value} MB"


def too_big(size: int, limit: int) -> Unreadable:
    """The error for a file larger than the size limit."""
    return Unreadable("file.too_big", size=megabytes(size, limit), limit=megabytes(limit, size))


def too_long(chars: int, limit: int) -> Unreadable:
    """The error for a document with more characters than the limit."""
    return Unreadable("file.too_long", chars=f"{chars:,}", limit=f"{limit:,}")


def short_cause(exc: BaseException) -> str:
    """The first line of an unexpected error's message, shortened; never a class name."""
    line = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    if len(line) > 120:
        line = line[:117] + "..."
    return line or "an unexpected problem inside the reader"
