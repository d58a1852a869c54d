"""Reading documents: one reader per format, chosen by suffix; folders expand to the files inside.

`load_document` raises `LoadError` and nothing else, whatever the file holds: its `reason`
is one line a teacher understands.
"""

from __future__ import annotations

import os
import re
import stat
from importlib import import_module
from pathlib import Path

from core.errors import LoadError
from core.models import Document
from core.loaders.folders import SUPPORTED, expand_paths
from core.loaders.reasons import Unreadable, os_reason, short_cause, too_big, too_long, unsupported

__all__ = ["SUPPORTED", "FORMATS", "load_document", "expand_paths"]

FORMATS = {".txt": "txt", ".docx": "docx", ".pdf": "pdf"}

EMPTY = "is empty"
NO_WORDS = "contains no words to compare"
_WORD = re.compile(r"[^\W_]")  # a letter, digit or CJK character


def load_document(
    path, doc_id: int = 0, *, max_bytes: int | None = None, max_chars: int | None = None
) -> Document:
    """Read one .txt, .docx or .pdf file into a Document.

    Args:
        path: the file (str or Path); its suffix chooses the reader.
        doc_id: the Document's id.
        max_bytes: refuse files larger than this, judged by size before reading.
        max_chars: refuse documents whose extracted text is longer than this.

    Raises:
        LoadError: for every file that cannot be used, with a one-line reason.
    """
    path = Path(path)
    try:
        return _load(path, doc_id, max_bytes, max_chars)
    except Unreadable as exc:
        raise LoadError(str(path), exc.reason) from None
    except OSError as exc:
        raise LoadError(str(path), os_reason(exc)) from None
    except RecursionError:
        raise LoadError(str(path), "could not be read: its structure is nested too deeply") from None
    except MemoryError:
        raise LoadError(str(path), "is too large to read with the memory available") from None
    except Exception as exc:  # a reader's unforeseen failure still reaches the user as one line
        raise LoadError(str(path), f"could not be read: {short_cause(exc)}") from exc


def _load(path: Path, doc_id: int, max_bytes: int | None, max_chars: int | None) -> Document:
    fmt = FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise Unreadable(unsupported(path.suffix))
    data = _read(path, max_bytes)
    reader = import_module(f".{fmt}", __name__)
    layout = None
    if hasattr(reader, "extract_with_layout"):  # docx: block quotes, headings, superscripts
        text, layout = reader.extract_with_layout(data)
    else:
        text = reader.extract(data)
    if not _WORD.search(text):
        raise Unreadable(NO_WORDS)
    if max_chars is not None and len(text) > max_chars:
        raise Unreadable(too_long(len(text), max_chars))
    return Document(id=doc_id, name=path.name, path=str(path), format=fmt, text=text, layout=layout)


def _read(path: Path, max_bytes: int | None) -> bytes:
    """The file's bytes, refusing by size (from stat) before reading any."""
    info = os.stat(path)
    if stat.S_ISDIR(info.st_mode):
        raise Unreadable("is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise Unreadable("is not a regular file")
    if max_bytes is not None and info.st_size > max_bytes:
        raise Unreadable(too_big(info.st_size, max_bytes))
    with open(path, "rb") as file:
        data = file.read() if max_bytes is None else file.read(int(max_bytes) + 1)
    if max_bytes is not None and len(data) > max_bytes:  # it grew after the stat
        raise Unreadable(too_big(len(data), max_bytes))
    if not data:
        raise Unreadable(EMPTY)
    return data
