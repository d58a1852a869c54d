"""The words a teacher sees when a file cannot be used: one exception and a few phrasings."""

from __future__ import annotations

import errno

SUPPORTED_NOTE = "Plagscope reads .txt, .docx and .pdf"


class Unreadable(Exception):
    """Raised by a format reader with a one-line `reason`; the loader adds the path."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def unsupported(suffix: str) -> str:
    """The reason for a file whose type Plagscope does not read."""
    if not suffix:
        return f"has no file extension ({SUPPORTED_NOTE})"
    return f"unsupported file type {suffix.lower()} ({SUPPORTED_NOTE})"


def os_reason(exc: OSError) -> str:
    """A plain-words reason for an operating-system error while reaching or reading a file."""
    if isinstance(exc, FileNotFoundError):
        return "file not found"
    if isinstance(exc, PermissionError):
        return "permission denied"
    if isinstance(exc, IsADirectoryError):
        return "is a folder, not a file"
    if exc.errno == errno.ELOOP:
        return "is a link that points back to itself"
    if exc.errno == errno.ENAMETOOLONG:
        return "the file name is too long"
    if exc.errno == errno.EIO:
        return "the disk reported a read error"
    return f"could not be read: {exc.strerror or 'input/output error'}"


def megabytes(n: int, other: int | None = None) -> str:
    """`n` bytes as 'x.y MB', with more decimals when needed to differ from `other` bytes."""
    for places in (1, 2, 3):
        text = _mb(n, places)
        if other is None or text != _mb(other, places):
            return text
    return text


def _mb(n: int, places: int) -> str:
    value = f"{n / 2**20:.{places}f}".rstrip("0").rstrip(".")
    return f"{value} MB"


def too_big(size: int, limit: int) -> str:
    """The reason for a file larger than the size limit."""
    return (
        f"is {megabytes(size, limit)}, larger than the {megabytes(limit, size)} limit "
        "(change it in the options)"
    )


def too_long(chars: int, limit: int) -> str:
    """The reason for a document with more characters than the limit."""
    return (
        f"has {chars:,} characters, more than the {limit:,} limit "
        "(change it in the options)"
    )


def short_cause(exc: BaseException) -> str:
    """The first line of an unexpected error's message, shortened; never a class name."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    if len(text) > 120:
        text = text[:117] + "..."
    return text or "an unexpected problem inside the reader"
