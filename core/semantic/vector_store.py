"""Sentence vectors kept between checks, keyed by the sentence's text and the model, in one
SQLite file in the user's data folder: a re-check of the same class encodes nothing again.
Beside them, each document's sentences (their spans and kinds, keyed by the document's text
and the sentence rules), so a re-check does not split its documents again either, and the
meaning findings of the last checks (keyed by all they were made from: core/semantic/layer.py).

The file is a cache, never the user's data: it holds at most `limit` vectors and
`documents` documents (the least recently used go first), and anything wrong with it
(unreadable, locked, corrupt, a read-only folder) only means the work is done again.
"""

from __future__ import annotations

import hashlib
import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from core.data_dir import data_dir

FILE = "sentence-vectors-2.sqlite3"
# the file before rows were kept whole in 8 kB pages (its vectors are another tokenizer's):
# removed when the new one is made
OLD_FILES = ("sentence-vectors.sqlite3",)
PAGE = 8192  # bytes: a row (a 1 kB vector) fits in its page (in 4 kB pages each took another page)
LIMIT = 200_000  # vectors kept (1 kB each as float16: about 270 MB with keys and pages)
DOCUMENTS = 20_000  # documents whose sentences are kept (13 bytes a sentence)
FINDINGS = 64  # checks whose meaning findings are kept (layer.py)
_CHUNK = 500  # keys per query
_VALUE = {"vectors": "vector", "documents": "value", "findings": "value"}  # each table's value column
_TOUCH = 3600.0  # seconds: a vector read is marked used again when it was last used before


def _key(model: str, text: str) -> bytes:
    return hashlib.blake2b(f"{model}\0{text}".encode("utf-8", "surrogatepass"),
                           digest_size=16).digest()


def default_path() -> Path:
    return data_dir() / FILE


class VectorStore:
    """Vectors by (model, sentence text); every method fails quietly (see the module docstring)."""

    def __init__(self, path: str | Path | None, limit: int = LIMIT, documents: int = DOCUMENTS):
        self.path = Path(path) if path is not None else None
        self.limit = limit
        self.documents = documents
        self._db: sqlite3.Connection | None = None
        self._broken = path is None

    def _connect(self) -> sqlite3.Connection | None:
        if self._broken:
            return None
        if self._db is None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                new = not self.path.exists()
                db = sqlite3.connect(str(self.path), timeout=2.0, isolation_level=None)
                db.execute(f"PRAGMA page_size={PAGE}")  # takes effect in a new file only
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("CREATE TABLE IF NOT EXISTS vectors (key BLOB PRIMARY KEY, "
                           "vector BLOB NOT NULL, used REAL NOT NULL) WITHOUT ROWID")
                db.execute("CREATE INDEX IF NOT EXISTS vectors_used ON vectors(used)")
                db.execute("CREATE TABLE IF NOT EXISTS documents (key BLOB PRIMARY KEY, "
                           "value BLOB NOT NULL, used REAL NOT NULL) WITHOUT ROWID")
                db.execute("CREATE INDEX IF NOT EXISTS documents_used ON documents(used)")
                db.execute("CREATE TABLE IF NOT EXISTS findings (key BLOB PRIMARY KEY, "
                           "value BLOB NOT NULL, used REAL NOT NULL) WITHOUT ROWID")
                self._db = db
            except (sqlite3.Error, OSError):
                self._broken = True
                return None
            if new and self.path.name == FILE:
                for name in OLD_FILES:
                    for suffix in ("", "-wal", "-shm"):
                        try:
                            (self.path.parent / (name + suffix)).unlink(missing_ok=True)
                        except OSError:  # in use by another check, or not ours to remove
                            pass
        return self._db

    def get(self, model: str, texts: Sequence[str], dim: int) -> dict[int, np.ndarray]:
        """The stored vector (float16, as kept) of each text that has one, by index into `texts`."""
        found: dict[int, np.ndarray] = {}
        hits = self._get("vectors", model, texts)
        if hits:
            where = list(hits)
            blobs = [hits[n] for n in where]
            ok = [len(b) == 2 * dim for b in blobs]
            matrix = np.frombuffer(b"".join(b for b, good in zip(blobs, ok) if good),
                                   dtype=np.float16).reshape(-1, dim)
            for n, row in zip((n for n, good in zip(where, ok) if good), matrix):
                found[n] = row
        return found

    def put(self, model: str, texts: Sequence[str], vectors: np.ndarray) -> None:
        """Keep the vectors of `texts` (rows of `vectors`), then drop the least recently used
        beyond the limit."""
        self._put("vectors", model, texts,
                  [np.asarray(v, dtype=np.float16).tobytes() for v in vectors], self.limit)

    def get_documents(self, rules: str, texts: Sequence[str]) -> dict[int, bytes]:
        """What put_documents kept for each document text made by `rules`, by index into `texts`."""
        return self._get("documents", rules, texts)

    def put_documents(self, rules: str, texts: Sequence[str], values: Sequence[bytes]) -> None:
        """Keep a value (bytes) for each document text, for `rules` (see get_documents)."""
        self._put("documents", rules, texts, values, self.documents)

    def get_findings(self, key: str) -> bytes | None:
        """What put_findings kept under `key` (a digest of a check's inputs), or None."""
        return self._get("findings", "", [key]).get(0)

    def put_findings(self, key: str, value: bytes) -> None:
        """Keep a check's findings (bytes) under `key`."""
        self._put("findings", "", [key], [value], FINDINGS)

    def _get(self, table: str, model: str, texts: Sequence[str]) -> dict[int, bytes]:
        db = self._connect()
        if db is None or not texts:
            return {}
        where: dict[bytes, list[int]] = {}
        for n, t in enumerate(texts):
            where.setdefault(_key(model, t), []).append(n)
        found: dict[int, bytes] = {}
        distinct = list(where)
        now = time.time()
        try:
            for lo in range(0, len(distinct), _CHUNK):
                part = distinct[lo:lo + _CHUNK]
                rows = db.execute(f"SELECT key, {_VALUE[table]}, used FROM {table} WHERE key IN "
                                  f"({','.join('?' * len(part))})", part).fetchall()
                hit = [key for key, _, used in rows if used < now - _TOUCH]
                for key, blob, _ in rows:
                    for n in where[key]:
                        found[n] = blob
                if hit:
                    db.execute(f"UPDATE {table} SET used = ? WHERE key IN ({','.join('?' * len(hit))})",
                               [now, *hit])
        except sqlite3.Error:
            self._give_up()
        return found

    def _put(self, table: str, model: str, texts: Sequence[str], blobs: Sequence[bytes], limit: int) -> None:
        db = self._connect()
        if db is None or not len(texts):
            return
        now = time.time()
        rows = [(_key(model, t), blob, now) for t, blob in zip(texts, blobs)]
        try:
            db.execute("BEGIN IMMEDIATE")
            db.executemany(f"INSERT OR REPLACE INTO {table} (key, {_VALUE[table]}, used) VALUES (?, ?, ?)", rows)
            count = db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
            if count > limit:
                db.execute(f"DELETE FROM {table} WHERE key IN (SELECT key FROM {table} "
                           "ORDER BY used LIMIT ?)", (count - limit,))
            db.execute("COMMIT")
        except sqlite3.Error:
            self._give_up()

    def __len__(self) -> int:
        db = self._connect()
        try:
            return db.execute("SELECT count(*) FROM vectors").fetchone()[0] if db else 0
        except sqlite3.Error:
            return 0

    def _give_up(self) -> None:
        self.close()
        self._broken = True

    def close(self) -> None:
        if self._db is not None:
            try:
                self._db.close()
            except sqlite3.Error:
                pass
            self._db = None
