"""The store in an SQLite file (the standard library's sqlite3): WAL, so readers never block
the writer, a busy timeout, so two processes adding at once both succeed one document at a
time, and secure_delete, so removed texts are overwritten, not merely unlinked."""

from __future__ import annotations

import functools
import os
import shutil
import sqlite3
import time
from pathlib import Path

from core.store import schema
from core.store.base import SqlStore, StoreError
from core.store.records import NewDocument

_HEADER = b"SQLite format 3\x00"
BUSY_TIMEOUT_MS = 60_000


def _check_file(path: Path, create: bool) -> None:
    """Refuse a file that is not an SQLite database before SQLite touches it."""
    try:
        with open(path, "rb") as f:
            head = f.read(len(_HEADER))
    except FileNotFoundError:
        if not create:
            raise StoreError(f"{path} does not exist") from None
        return
    except IsADirectoryError:
        raise StoreError(f"{path} is a folder, not a Plagscope file") from None
    except OSError as exc:
        raise StoreError(f"{path} cannot be opened: {exc.strerror or exc}") from None
    if head and head != _HEADER:
        raise StoreError(f"{path} is not a Plagscope archive or check (not a database, or "
                         "damaged); it was left unchanged")
    if not head and not create:
        raise StoreError(f"{path} is empty, not a Plagscope file")


_KIND_WORD = {"check": "check", "archive": "archive"}
READ_SECONDS = 30.0  # the longest one read of a read-only file may take


def damaged(path, reason: str, kind: str, read_only: bool) -> str:
    """The message for a damaged file (one line), with the way to recover an archive."""
    reason = " ".join(str(reason).replace("*** in database main ***", "").split())
    reason = reason if len(reason) <= 160 else reason[:159] + "…"
    if kind != "archive":
        return f"{path} is damaged ({reason}); it was left unchanged"
    return (f"{path} is damaged ({reason}); nothing was written to it. See what can be read "
            f"with `plagscope archive --db {path} check`, and rebuild it into a new file with "
            f"`plagscope archive --db {path} repair NEW.sqlite3`")


def _full(exc: Exception, path: Path | None = None) -> bool:
    """The disk is full: SQLite says so, or an I/O error where the folder has no room left."""
    text = str(exc).lower()
    if "disk is full" in text:
        return True
    if "disk i/o error" in text and path is not None:
        try:
            return shutil.disk_usage(path.parent).free < 256 << 10
        except OSError:
            return False
    return False


def _busy(exc: sqlite3.OperationalError) -> bool:
    """Another connection holds the lock this one needs (SQLITE_BUSY / SQLITE_LOCKED)."""
    message = str(exc).lower()
    return "locked" in message or "busy" in message


@functools.cache
def expected_objects(version: int) -> frozenset[tuple[str, str, str, str | None]]:
    """(type, name, table, sql) of every schema object a Plagscope file of `version` holds:
    the schema's steps 1..version run in memory, read back from sqlite_master."""
    conn = sqlite3.connect(":memory:")
    try:
        for step in range(1, version + 1):
            for statement in schema.statements(step, "sqlite"):
                conn.execute(statement)
        return frozenset(conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"))
    finally:
        conn.close()


def _schema_version(found: frozenset) -> int | None:
    """The schema version whose objects are exactly `found`, or None."""
    for version in range(schema.LATEST, 0, -1):
        if found == expected_objects(version):
            return version
    return None


def _foreign_objects(found: frozenset) -> str:
    """What makes `found` not a Plagscope schema, in a few words."""
    ours = expected_objects(schema.LATEST) | frozenset().union(
        *(expected_objects(v) for v in range(1, schema.LATEST)))
    names = {(t, n) for t, n, _, _ in ours}
    odd = sorted(found - ours)
    for kind in ("trigger", "view", "table", "index"):
        for t, name, _, _ in odd:
            if t == kind:
                known = (t, name) in names
                return (f"its {kind} {name[:60]!r} differs from Plagscope's" if known
                        else f"it holds a {kind} {name[:60]!r}")
    missing = sorted(ours - found)
    if missing:
        return f"its {missing[0][0]} {missing[0][1]!r} is missing"
    return "its schema objects differ from Plagscope's"


class SQLiteStore(SqlStore):
    dialect = "sqlite"

    def __init__(self, path: str | os.PathLike, kind: str = "archive", create: bool = True,
                 read_only: bool = False):
        """`read_only`: a file from someone else (a saved check), read and never written: opened
        immutable (no journal, no WAL switch, nothing written even on read-only media), its
        schema objects checked to be exactly Plagscope's (no triggers, no views), older
        schemas migrated in a copy in memory, every call bounded in time (READ_SECONDS)."""
        self.path = Path(path)
        self.read_only = read_only
        self._create = create = create and not read_only
        self._deadline = 0.0
        self._timed_out = False
        self._in_memory = False
        _check_file(self.path, create)
        if create:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        # Two processes creating or opening one file at once: SQLite answers "locked" without
        # waiting where waiting could deadlock (switching to WAL, a read lock upgraded by the
        # first schema step). Opening is all-or-nothing, so it is tried again until the busy
        # timeout has passed.
        deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
        while True:
            try:
                super().__init__(str(self.path), kind, create)
                return
            except sqlite3.OperationalError as exc:
                if _busy(exc) and time.monotonic() < deadline:
                    time.sleep(0.05)
                    continue
                error = exc
            except sqlite3.DatabaseError as exc:
                error = exc
            raise StoreError(self._explain(error) if self._timed_out or _full(error, self.path) else
                             f"{self.path} is not a usable Plagscope database ({error}); it was "
                             "left unchanged") from None

    def _connect(self):
        if self.read_only:
            return self._connect_read_only()
        uri = self.path.resolve().as_uri() + ("?mode=rwc" if self._create else "?mode=rw")
        try:
            conn = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_MS / 1000,
                                   isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path} cannot be opened: {exc}") from None
        try:
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not names or "plagscope_meta" in names:  # never change a foreign file's journal
                conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")  # WAL + NORMAL: a commit survives a crash
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA secure_delete = ON")
            conn.execute("PRAGMA cache_size = -65536")  # 64 MB
            # 64 MB of WAL between checkpoints: an add's commits rewrite the same index pages
            # (simhash blocks, sentences), copied to the file once per checkpoint, and each
            # checkpoint syncs (fewer checkpoints: less CPU per added document, docs/scale.md)
            conn.execute("PRAGMA wal_autocheckpoint = 16000")
            conn.execute(f"PRAGMA journal_size_limit = {64 << 20}")  # the WAL shrinks back after
            conn.execute("PRAGMA trusted_schema = OFF")  # no SQL function runs from the schema
        except sqlite3.DatabaseError:
            conn.close()
            raise
        return conn

    def _connect_read_only(self):
        # immutable: no journal, WAL or lock is read or made; an archive of ours with a WAL
        # beside it is read with that WAL (its latest commits live there)
        wal = self.kind != "check" and os.path.exists(f"{self.path}-wal")
        uri = self.path.resolve().as_uri() + ("?mode=ro" if wal else "?mode=ro&immutable=1")
        try:
            conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path} cannot be opened: {exc}") from None
        try:
            conn.execute("PRAGMA trusted_schema = OFF")
            conn.execute("PRAGMA query_only = ON")
            self._bound_time(conn)
            found = frozenset(conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"))
            version = _schema_version(found)
            if version is None:
                if not found:
                    raise StoreError(f"{self.path} holds no Plagscope data; it was left unchanged")
                raise StoreError(f"{self.path} is not a Plagscope {_KIND_WORD.get(self.kind, 'file')}: "
                                 f"{_foreign_objects(found)}; it was left unchanged")
            if version < schema.LATEST:  # migrated in a copy in memory, never in the file
                memory = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
                conn.backup(memory)
                conn.close()
                conn = memory
                self._in_memory = True
                self._bound_time(conn)
        except BaseException:
            conn.close()
            raise
        return conn

    def _bound_time(self, conn) -> None:
        """Interrupt a statement once the current call has taken READ_SECONDS (a hostile file's
        query must not hang the program)."""
        self._deadline = time.monotonic() + READ_SECONDS

        def check() -> int:
            if time.monotonic() > self._deadline:
                self._timed_out = True
                return 1
            return 0

        conn.set_progress_handler(check, 4_000)

    def _call_started(self) -> None:
        self._deadline = time.monotonic() + READ_SECONDS

    def _explain(self, exc: Exception) -> str | None:
        if not isinstance(exc, sqlite3.Error):
            return None
        text = str(exc)
        low = text.lower()
        unchanged = "; it was left unchanged" if self.read_only else ""
        if self._timed_out:
            return (f"{self.path} took longer than {READ_SECONDS:g} s to read (hostile or damaged)"
                    f"{unchanged}")
        if _full(exc, self.path):
            return f"{self.path}: the disk is full; nothing of this step was written"
        if "disk i/o error" in low:
            return (f"{self.path}: the disk could not be read or written (I/O error); nothing of "
                    "this step was written")
        if "readonly" in low or "read-only" in low:
            return f"{self.path} is on read-only media or not writable; nothing was written"
        if _busy(exc):
            return f"{self.path} is locked by another program; try again when it is done"
        if any(w in low for w in ("malformed", "not a database", "corrupt", "no such", "mismatch")):
            return damaged(self.path, text, self.kind, self.read_only)
        return f"{self.path}: {text}{unchanged}"

    _NOT_INDEXED = " NOT INDEXED"

    def integrity_problems(self) -> list[str]:
        try:
            rows = [str(r[0]) for r in self.conn.execute("PRAGMA integrity_check(20)")]
        except sqlite3.DatabaseError as exc:  # damage the check itself cannot step over
            return [f"SQLite's integrity check stops: {exc}"]
        return [] if rows == ["ok"] else rows

    def _verify_writable(self) -> None:
        if self.read_only:
            if self._in_memory:  # an older schema migrated in the copy in memory
                return
            raise StoreError(f"{self.path} was opened read-only; nothing was written")
        try:
            rows = [r[0] for r in self.conn.execute("PRAGMA quick_check(5)")]
        except sqlite3.DatabaseError as exc:
            rows = [str(exc)]
        if rows != ["ok"]:
            raise StoreError(damaged(self.path, "; ".join(map(str, rows))[:200], self.kind, False))
        super()._verify_writable()

    def _table_names(self) -> set[str]:
        return {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}

    def _begin(self) -> None:
        self.conn.execute("BEGIN IMMEDIATE")  # the write lock now, waiting up to the busy timeout

    def _bulk(self, table, columns, rows) -> None:
        marks = ", ".join("?" * len(columns))
        self.conn.executemany(
            f"INSERT OR IGNORE INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows)

    def _insert_document(self, cur, record: NewDocument) -> int | None:
        cur.execute(self._INSERT + " ON CONFLICT (sha256) DO NOTHING", self._values(record))
        return cur.lastrowid if cur.rowcount == 1 else None

    def postings(self, hashes, cap: int) -> dict[int, list[int]]:
        indexed: dict[int, list[int]] = {}
        cur = self.conn.cursor()
        for h in sorted({int(h) for h in hashes}):
            docs = [d for (d,) in cur.execute(
                "SELECT doc FROM postings WHERE hash = ? LIMIT ?", (h, cap + 1))]
            if docs:
                indexed[h] = docs
        return self._with_pending(indexed, hashes, cap)

    def _after_remove(self) -> None:
        # secure_delete zeroed the freed pages; the WAL may still hold old copies of them
        self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def _size_bytes(self) -> int:
        total = 0
        for suffix in ("", "-wal"):
            try:
                total += os.path.getsize(str(self.path) + suffix)
            except OSError:
                pass
        return total

    def close(self) -> None:
        self.conn.close()
