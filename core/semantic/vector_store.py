"""Sentence vectors kept between checks, keyed by the sentence's text and the model, in one
SQLite file in the user's data folder: a re-check of the same class encodes nothing again.

The file is a cache, never the user's data: it holds at most `limit` vectors (the least
recently used go first), and anything wrong with it (unreadable, locked, corrupt, a
read-only folder) only means the vectors are computed again.
"""

from __future__ import annotations

import hashlib
import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from core.data_dir import data_dir

FILE = "sentence-vectors.sqlite3"
LIMIT = 200_000  # vectors kept (1 kB each as float16: about 230 MB with keys and pages)
_CHUNK = 500  # keys per query
_TOUCH = 3600.0  # seconds: a vector read is marked used again when it was last used before


def _key(model: str, text: str) -> bytes:
    return hashlib.blake2b(f"{model}\0{text}".encode("utf-8", "surrogatepass"),
                           digest_size=16).digest()


def default_path() -> Path:
    return data_dir() / FILE


class VectorStore:
    """Vectors by (model, sentence text); every method fails quietly (see the module docstring)."""

    def __init__(self, path: str | Path | None, limit: int = LIMIT):
        self.path = Path(path) if path is not None else None
        self.limit = limit
        self._db: sqlite3.Connection | None = None
        self._broken = path is None

    def _connect(self) -> sqlite3.Connection | None:
        if self._broken:
            return None
        if self._db is None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                db = sqlite3.connect(str(self.path), timeout=2.0, isolation_level=None)
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("CREATE TABLE IF NOT EXISTS vectors (key BLOB PRIMARY KEY, "
                           "vector BLOB NOT NULL, used REAL NOT NULL) WITHOUT ROWID")
                db.execute("CREATE INDEX IF NOT EXISTS vectors_used ON vectors(used)")
                self._db = db
            except (sqlite3.Error, OSError):
                self._broken = True
                return None
        return self._db

    def get(self, model: str, texts: Sequence[str], dim: int) -> dict[int, np.ndarray]:
        """The stored vector (float32) of each text that has one, by index into `texts`."""
        db = self._connect()
        if db is None or not texts:
            return {}
        keys = [_key(model, t) for t in texts]
        where: dict[bytes, list[int]] = {}
        for n, k in enumerate(keys):
            where.setdefault(k, []).append(n)
        found: dict[int, np.ndarray] = {}
        distinct = list(where)
        now = time.time()
        try:
            for lo in range(0, len(distinct), _CHUNK):
                part = distinct[lo:lo + _CHUNK]
                rows = db.execute(f"SELECT key, vector, used FROM vectors WHERE key IN "
                                  f"({','.join('?' * len(part))})", part).fetchall()
                hit = []
                for key, blob, used in rows:
                    vector = np.frombuffer(blob, dtype=np.float16)
                    if len(vector) != dim:
                        continue
                    if used < now - _TOUCH:
                        hit.append(key)
                    for n in where[key]:
                        found[n] = vector.astype(np.float32)
                if hit:
                    db.execute(f"UPDATE vectors SET used = ? WHERE key IN ({','.join('?' * len(hit))})",
                               [now, *hit])
        except sqlite3.Error:
            self._give_up()
            return found
        return found

    def put(self, model: str, texts: Sequence[str], vectors: np.ndarray) -> None:
        """Keep the vectors of `texts` (rows of `vectors`), then drop the least recently used
        beyond the limit."""
        db = self._connect()
        if db is None or not len(texts):
            return
        now = time.time()
        rows = [(_key(model, t), np.asarray(v, dtype=np.float16).tobytes(), now)
                for t, v in zip(texts, vectors)]
        try:
            db.execute("BEGIN IMMEDIATE")
            db.executemany("INSERT OR REPLACE INTO vectors (key, vector, used) VALUES (?, ?, ?)", rows)
            count = db.execute("SELECT count(*) FROM vectors").fetchone()[0]
            if count > self.limit:
                db.execute("DELETE FROM vectors WHERE key IN (SELECT key FROM vectors "
                           "ORDER BY used LIMIT ?)", (count - self.limit,))
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
