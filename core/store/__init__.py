"""Persistent storage: the archive of past submissions and saved checks (.plagscope files).

One interface (`Store`), two databases: SQLite (the default, a file in the user's data
directory) and PostgreSQL (`postgresql://...`, for a department sharing one archive).
"""

from __future__ import annotations

import os

from core.data_dir import data_dir
from core.store.base import Store, StoreError
from core.store.postgres import PostgresStore, is_postgres, redact
from core.store.sqlite import SQLiteStore

ENV = "PLAGSCOPE_DB"

__all__ = [
    "ENV",
    "Store",
    "StoreError",
    "data_dir",
    "default_location",
    "open_store",
    "resolve_location",
    "shown_location",
]


def default_location() -> str:
    return str(data_dir() / "archive.sqlite3")


def resolve_location(db: str | None = None) -> str:
    """Where the archive is: `--db` when given, else $PLAGSCOPE_DB, else the user's data dir."""
    return db or os.environ.get(ENV) or default_location()


def shown_location(location: str | os.PathLike) -> str:
    """The archive's location as messages show it: a PostgreSQL password never in it."""
    location = str(location)
    return redact(location) if is_postgres(location) else location


def open_store(location: str | os.PathLike, kind: str = "archive", create: bool = True,
               read_only: bool = False) -> Store:
    """Open (creating when `create`) the archive or saved check at `location`: a file path or a
    PostgreSQL DSN (core.store.postgres.is_postgres). `read_only`: an SQLite file is opened
    without ever being written (core.store.sqlite). Raises StoreError with a plain message
    when it cannot be used."""
    location = str(location)
    if is_postgres(location):
        return PostgresStore(location, kind, create)

    return SQLiteStore(location, kind, create, read_only=read_only)
