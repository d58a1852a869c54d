"""The values the session shows its views: each file the user added (`Entry`, in a `State`), and
the error a check that cannot start raises (`CheckError`, its message for the user)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from core.models import Document, FileError


class State(Enum):
    LOADING = "loading"
    READY = "ready"
    FAILED = "failed"


@dataclass
class Entry:
    """One file the user added: its loaded document, or why it could not be used."""

    path: str
    state: State
    document: Document | None = None
    error: FileError | None = None  # a code and values: shown in the interface's language
    job: int = 0

    @property
    def name(self) -> str:
        return self.document.name if self.document else Path(self.path).name


class CheckError(Exception):
    """A check cannot start; the message is for the user."""
