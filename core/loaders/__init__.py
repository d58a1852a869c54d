"""Reading documents: one reader per format, chosen by suffix; folders expand to the files inside.

`load_document` raises `LoadError` and nothing else, whatever the file holds: its `reason`
is one line a teacher understands, its `code` and `values` the same for core.messages.
"""

from __future__ import annotations

import hashlib
import os
import re
from importlib import import_module
from pathlib import Path

from core.errors import LoadError
from core.loaders import budget
from core.loaders.budget import READ_SECONDS
from core.loaders.folders import SUPPORTED, expand_paths
from core.loaders.reasons import Unreadable, mode_reason, os_reason, short_cause, too_big, too_long, unsupported
from core.models import Document

__all__ = ["FORMATS", "SUPPORTED", "expand_paths", "load_document", "read_bytes"]

FORMATS = {".txt": "txt", ".docx": "docx", ".pdf": "pdf"}

_WORD = re.compile(r"[^\W_]")  # a letter, digit or CJK character
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_NOFOLLOW_CTTY = getattr(os, "O_NOCTTY", 0)
_BINARY = getattr(os, "O_BINARY", 0)


def load_document(
    path, doc_id: int = 0, *, max_bytes: int | None = None, max_chars: int | None = None,
    max_seconds: float | None = READ_SECONDS,
) -> Document:
    """Read one .txt, .docx or .pdf file into a Document.

    Args:
        path: the file (str or Path); its suffix chooses the reader.
        doc_id: the Document's id.
        max_bytes: refuse files larger than this, judged by size before reading.
        max_chars: refuse documents whose extracted text is longer than this.
        max_seconds: processor seconds reading may take (None: no limit); a PDF also may
            interpret at most so much page content (core/loaders/budget.py).

    Raises:
        LoadError: for every file that cannot be used, with a one-line reason and its code.
    """
    path = Path(path)
    try:
        return _load(path, doc_id, max_bytes, max_chars, max_seconds)
    except Unreadable as exc:
        raise LoadError(str(path), exc.reason, exc.code, exc.values) from None
    except OSError as exc:
        code, values = os_reason(exc)
        raise LoadError.of(path, code, **values) from None
    except RecursionError:
        raise LoadError.of(path, "file.too_deep") from None
    except MemoryError:
        raise LoadError.of(path, "file.out_of_memory") from None
    except Exception as exc:  # a reader's unforeseen failure still reaches the user as one line
        raise LoadError.of(path, "file.unexpected", detail=short_cause(exc)) from exc


def _load(path: Path, doc_id: int, max_bytes: int | None, max_chars: int | None,
          max_seconds: float | None) -> Document:
    fmt = FORMATS.get(path.suffix.lower())
    if fmt is None:
        code, values = unsupported(path.suffix)
        raise Unreadable(code, **values)
    data = read_bytes(path, max_bytes)
    reader = import_module(f".{fmt}", __name__)
    layout = None
    with budget.reading(max_seconds, len(data)):
        if hasattr(reader, "extract_with_layout"):  # docx: block quotes, headings, superscripts
            text, layout = reader.extract_with_layout(data)
        else:
            text = reader.extract(data)
        budget.check()
    if not _WORD.search(text):
        raise Unreadable("file.no_words")
    if max_chars is not None and len(text) > max_chars:
        raise too_long(len(text), max_chars)
    return Document(id=doc_id, name=path.name, path=str(path), format=fmt, text=text,
                    sha256=hashlib.sha256(data).hexdigest(), layout=layout)


def read_bytes(path, max_bytes: int | None = None) -> bytes:
    """A regular file's bytes, refusing by size before reading any; raises Unreadable / OSError.

    The file is opened without blocking and its type checked on the open descriptor, so a
    FIFO (or device) put in the file's place after the folder was scanned is refused at
    once instead of hanging the reader until something writes to it.
    """
    fd = os.open(path, os.O_RDONLY | _NONBLOCK | _NOFOLLOW_CTTY | _BINARY)
    try:
        info = os.fstat(fd)
        reason = mode_reason(info.st_mode)
        if reason:
            code, values = reason
            raise Unreadable(code, **values)
        if max_bytes is not None and info.st_size > max_bytes:
            raise too_big(info.st_size, max_bytes)
        if _NONBLOCK:  # a regular file: ordinary blocking reads from here on
            os.set_blocking(fd, True)
        # the descriptor stays this function's to close: a file object that took it could
        # close it first when a Ctrl-C lands inside the call that makes it, and closing it
        # again would turn the KeyboardInterrupt into an OSError (the file skipped, the
        # check run on)
        with open(fd, "rb", closefd=False) as file:
            data = file.read() if max_bytes is None else file.read(int(max_bytes) + 1)
    finally:
        os.close(fd)
    if max_bytes is not None and len(data) > max_bytes:  # it grew after the stat
        raise too_big(len(data), max_bytes)
    if not data:
        raise Unreadable("file.empty")
    return data
