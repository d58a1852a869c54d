"""The errors that cross layers: a file Plagscope cannot use, a database it cannot use."""

from __future__ import annotations

from core.messages import text
from core.models import FileError


class LoadError(Exception):
    """A file could not be read as a document.

    `path` names it; `reason` says why in English (one line a teacher understands); `code`
    and `values` say the same as a code of `core.messages` ("" and {} when made from text).
    """

    def __init__(self, path: str, reason: str, code: str = "", values: dict | None = None):
        super().__init__(f"{path}: {reason}")
        self.path = str(path)
        self.reason = reason
        self.code = code
        self.values = dict(values or {})

    @classmethod
    def of(cls, path, code: str, **values) -> LoadError:
        return cls(str(path), text(code, "en", **values), code, values)

    def to_file_error(self):
        """The FileError a report lists for this file."""
        return FileError(self.path, self.reason, self.code, dict(self.values))

    def __reduce__(self):
        return (LoadError, (self.path, self.reason, self.code, self.values))


class StoreError(Exception):
    """A database that cannot be used (corrupt, foreign, too new, unreachable), said plainly."""
