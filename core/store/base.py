"""The store interface (one for both databases) and the SQL both implementations share.

`Store` is what the rest of Plagscope uses: add, list, remove, look up, read texts, and the
saved-check tables. `SqlStore` implements it once over a DB-API connection; `SQLiteStore` and
`PostgresStore` differ only in connecting, locking, bulk loading and sizes. Every statement
takes its values as parameters (`?` here; the PostgreSQL store turns them into `%s`).
"""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Self

import numpy as np

from core.engine.hashing import find_sorted
from core.errors import StoreError
from core.models import Verdict
from core.store import schema
from core.store.records import (
    ArchivedDocument,
    DamagedText,
    NewDocument,
    SentenceVectors,
    decompress,
    unsigned64,
)

APPLICATION = "plagscope"
KINDS = ("archive", "check")


class Store(ABC):
    """One archive or saved check, in SQLite or PostgreSQL."""

    location: str
    kind: str

    # documents
    @abstractmethod
    def add(self, record: NewDocument) -> tuple[int, bool]:
        """Store one document in one transaction: (its id, True) or, when a document with the
        same SHA-256 is already there, (that id, False)."""

    @abstractmethod
    def documents(self, ids: Iterable[int] | None = None, *, label: str | None = None,
                  search: str | None = None) -> list[ArchivedDocument]:
        """Metadata of the given documents (or all, or those with `label`, or whose name or
        label contains `search`), by id."""

    @abstractmethod
    def texts(self, ids: Iterable[int]) -> dict[int, str]:
        """The extracted texts of documents, by id."""

    def _text(self, doc_id, chars, blob) -> str:
        """A document's stored text, inflated within the bound its row gives (records.decompress)."""
        try:
            return decompress(blob, chars)
        except DamagedText as exc:
            raise StoreError(f"{self.location} is damaged: document #{doc_id}: {exc}") from None
        except TypeError:
            raise StoreError(f"{self.location} is damaged: document #{doc_id} has no stored "
                             "text or length") from None

    def fingerprints(self, doc_id: int) -> tuple[bytes, bytes]:
        """A document's winnowed fingerprints (uint64) and their first units (int32), as stored."""

    @abstractmethod
    def remove(self, ids: Iterable[int]) -> int:
        """Delete documents with their texts, fingerprints and sentences; how many were removed."""

    @abstractmethod
    def ids_with_label(self, label: str) -> list[int]: ...

    # the semantic layer's sentence vectors (schema step 5)
    @abstractmethod
    def sentence_vectors(self, ids: Iterable[int], model: str) -> dict[int, SentenceVectors]:
        """The stored sentences and vectors made by `model` of those documents that have them."""

    @abstractmethod
    def embedded_ids(self, model: str) -> list[int]:
        """The documents with sentence vectors made by `model`, by id."""

    @abstractmethod
    def put_sentence_vectors(self, items: dict[int, SentenceVectors]) -> int:
        """Store (or replace) documents' sentence vectors, one transaction; documents no longer
        in the archive are skipped. How many were stored."""

    @abstractmethod
    def id_of_sha256(self, sha256: str) -> int | None: ...

    @abstractmethod
    def stats(self) -> dict: ...

    @abstractmethod
    def count(self) -> int: ...

    # look-ups
    @abstractmethod
    def postings(self, hashes: Sequence[int], cap: int) -> dict[int, list[int]]:
        """For each fingerprint (signed) posted by at most `cap` documents, those documents."""

    @abstractmethod
    def near_simhash(self, simhash: int, blocks: Sequence[int]) -> list[tuple[int, int]]:
        """(id, unsigned simhash) of documents sharing at least one 16-bit block."""

    @abstractmethod
    def all_simhashes(self) -> list[tuple[int, int]]: ...

    @abstractmethod
    def merge_pending(self) -> int:
        """Move the postings of recently added documents into the index (one transaction);
        how many documents were merged. Look-ups see pending documents either way."""

    @abstractmethod
    def pending_count(self) -> int: ...

    @abstractmethod
    def sentence_hits(self, hashes: Sequence[int]) -> list[tuple[int, int]]:
        """(sentence hash, document id) for each of `hashes` in the sentence index."""

    # metadata
    @abstractmethod
    def meta(self, key: str) -> str | None: ...

    @abstractmethod
    def set_meta(self, key: str, value: str) -> None: ...

    @abstractmethod
    def meta_setdefault(self, key: str, value: str) -> str: ...

    @abstractmethod
    def close(self) -> None: ...

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


_MERGE_CHUNK = 200_000  # postings per bulk statement of a merge

_DOC_COLUMNS = "id, name, path, sha256, size, format, label, added, chars, simhash"


def _archived(row) -> ArchivedDocument:
    i, name, path, sha, size, fmt, label, added, chars, simhash = row
    return ArchivedDocument(int(i), name, path, sha or "", int(size), fmt, label, added,
                            int(chars), unsigned64(simhash))


def _guarded(method):
    """`method` with the database driver's errors said as one StoreError naming the store (only
    at the outermost call: a method may call another, or catch a driver error itself)."""

    @functools.wraps(method)
    def call(self, *args, **kwargs):
        if self._depth:
            return method(self, *args, **kwargs)
        self._depth = 1
        self._call_started()
        try:
            return method(self, *args, **kwargs)
        except StoreError:
            raise
        except Exception as exc:
            message = self._explain(exc)
            if message is None:
                raise
            self._rollback_quietly()
            raise StoreError(message) from None
        finally:
            self._call_ended()
            self._depth = 0

    call.guarded = True
    return call


class SqlStore(Store):
    """The shared implementation over a DB-API connection (autocommit off). Every public method
    turns the driver's errors (a damaged file, a full disk, a lost server) into one StoreError."""

    dialect = ""
    placeholder = "?"
    _depth = 0

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        _guard_methods(cls)

    def __init__(self, location: str, kind: str, create: bool = True):
        self.location = location
        self.kind = kind
        self._writing = False
        self.conn = self._connect()
        try:
            self._prepare_schema(kind, create)
        except BaseException:
            self.conn.close()
            raise

    # --- per-dialect ----------------------------------------------------------------------
    @abstractmethod
    def _connect(self): ...

    @abstractmethod
    def _table_names(self) -> set[str]: ...

    @abstractmethod
    def _begin(self) -> None:
        """Start a write transaction (taking the write lock now where the database has one)."""

    @abstractmethod
    def _bulk(self, table: str, columns: tuple[str, ...], rows: list[tuple]) -> None: ...

    @abstractmethod
    def _size_bytes(self) -> int: ...

    @abstractmethod
    def _insert_document(self, cur, record: NewDocument) -> int | None:
        """Insert the row unless the SHA-256 is present: the new id, or None."""

    def _after_remove(self) -> None:
        """Reclaim the space deleted rows held (so removed text is gone, not just unlinked)."""

    def _verify_writable(self) -> None:
        """Refuse to write to a damaged store: pending postings must belong to stored documents
        and be whole 8-byte hashes (the SQLite store checks the file itself first)."""
        broken = self.pending_damage()
        if broken:
            raise StoreError(f"{self.location} is damaged ({broken} pending posting list(s) "
                             "without their document); nothing was written to it. See "
                             f"`plagscope archive check`, and rebuild it into a new file with "
                             "`plagscope archive repair NEW.sqlite3`")

    def pending_damage(self) -> int:
        """How many pending posting lists have no document or are not whole 8-byte hashes."""
        tables = self._table_names()
        if "pending" not in tables or "documents" not in tables:
            return 0
        row = self._execute("SELECT COUNT(*) FROM pending p LEFT JOIN documents d ON d.id = p.doc "
                            "WHERE d.id IS NULL OR LENGTH(p.hashes) % 8 <> 0").fetchone()
        self.conn.commit()
        return int(row[0]) if row else 0

    def _explain(self, exc: Exception) -> str | None:
        """The one-line message for a driver error (None: not the driver's, raise it as it is)."""
        return None

    def _call_started(self) -> None:
        """A public method starts (the PostgreSQL store arms its answer timeout)."""

    def _call_ended(self) -> None:
        """A public method ended, however."""

    def _rollback_quietly(self) -> None:
        self._writing = False
        try:
            self.conn.rollback()
        except Exception:  # noqa: BLE001, S110 (the connection may be gone; there is nothing left to undo then)
            pass

    # --- helpers ----------------------------------------------------------------------------
    def _sql(self, sql: str) -> str:
        return sql if self.placeholder == "?" else sql.replace("?", self.placeholder)

    def _execute(self, sql: str, params: Sequence = ()):
        cur = self.conn.cursor()
        if params:
            cur.execute(self._sql(sql), tuple(params))
        else:
            cur.execute(sql)  # no parameters: PostgreSQL must not read '%' as a placeholder
        return cur

    _verified = False

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One transaction: committed when the block ends, rolled back on any exception. The
        first one of a store checks it can take writes (`_verify_writable`)."""
        if not self._verified:
            self._verify_writable()
            self._verified = True
        self._begin()
        self._writing = True
        try:
            yield
        except BaseException:
            self._writing = False
            self.conn.rollback()
            raise
        self._writing = False
        self.conn.commit()

    def _lock_schema(self) -> None:
        """Serialise schema creation and migration between processes (inside a transaction)."""

    def _prepare_schema(self, kind: str, create: bool) -> None:
        tables = self._table_names()
        if not tables & set(schema.OUR_TABLES):
            if tables and self.dialect == "sqlite":
                raise StoreError(f"{self.location} is a database of another program, not a "
                                 "Plagscope archive or check; it was left unchanged")
            if not create:
                raise StoreError(f"{self.location} holds no Plagscope data")
            with self.transaction():
                self._lock_schema()
                if not self._table_names() & set(schema.OUR_TABLES):  # nobody else made it meanwhile
                    self._apply(1, schema.LATEST)
                    self._execute("INSERT INTO plagscope_meta (key, value) VALUES (?, ?)",
                                  ("application", APPLICATION))
                    self._execute("INSERT INTO plagscope_meta (key, value) VALUES (?, ?)",
                                  ("kind", kind))
            tables = self._table_names()
        if "plagscope_meta" not in tables or "schema_version" not in tables:
            raise StoreError(f"{self.location} has tables named like Plagscope's but is not a "
                             "Plagscope database; it was left unchanged")
        if self.meta("application") != APPLICATION:
            raise StoreError(f"{self.location} was not made by Plagscope; it was left unchanged")
        found = self.meta("kind")
        if found != kind:
            what = {"archive": "an archive", "check": "a saved check"}
            raise StoreError(f"{self.location} is {what.get(found, repr(found))}, not "
                             f"{what.get(kind, kind)}")
        version = self.version()
        if version > schema.LATEST:
            raise StoreError(f"{self.location} was made by a newer Plagscope (schema version "
                             f"{version}, this one reads up to {schema.LATEST}); update Plagscope")
        if version < schema.LATEST:
            with self.transaction():
                self._lock_schema()
                # re-read under the lock: another process may have migrated meanwhile
                if self.version() < schema.LATEST:
                    self._apply(self.version() + 1, schema.LATEST)

    def _apply(self, first: int, last: int) -> None:
        """Run migration steps first..last (inside the caller's transaction)."""
        for version in range(first, last + 1):
            for statement in schema.statements(version, self.dialect):
                self._execute(statement)
            self._execute("DELETE FROM schema_version")
            self._execute("INSERT INTO schema_version (version) VALUES (?)", (version,))

    def version(self) -> int:
        in_transaction = self._in_transaction()
        row = self._execute("SELECT version FROM schema_version").fetchone()
        if not in_transaction:
            self.conn.commit()
        if not row:
            return 0
        if isinstance(row[0], bool) or not isinstance(row[0], int):
            raise StoreError(f"{self.location} is damaged: its schema version {str(row[0])[:40]!r} "
                             "is not a number")
        return row[0]

    def _in_transaction(self) -> bool:
        return self._writing

    # --- metadata ---------------------------------------------------------------------------
    def meta(self, key: str) -> str | None:
        row = self._execute("SELECT value FROM plagscope_meta WHERE key = ?", (key,)).fetchone()
        self.conn.commit()  # end the read transaction (PostgreSQL opens one for every SELECT)
        return row[0] if row else None

    def set_meta(self, key: str, value: str) -> None:
        with self.transaction():
            self._set_meta(key, value)

    def meta_setdefault(self, key: str, value: str) -> str:
        """The value of `key`, first setting it to `value` if it has none (safe when several
        processes do it at once: the first one's value wins)."""
        with self.transaction():
            self._lock_schema()
            row = self._execute("SELECT value FROM plagscope_meta WHERE key = ?", (key,)).fetchone()
            if row is not None:
                return row[0]
            self._execute("INSERT INTO plagscope_meta (key, value) VALUES (?, ?)", (key, value))
        return value

    def _set_meta(self, key: str, value: str) -> None:
        self._execute("DELETE FROM plagscope_meta WHERE key = ?", (key,))
        self._execute("INSERT INTO plagscope_meta (key, value) VALUES (?, ?)", (key, value))

    # --- documents --------------------------------------------------------------------------
    def add(self, record: NewDocument) -> tuple[int, bool]:
        with self.transaction():
            cur = self.conn.cursor()
            new_id = self._insert_document(cur, record)
            if new_id is None:
                row = self._execute("SELECT id FROM documents WHERE sha256 = ?",
                                    (record.sha256,)).fetchone()
                return int(row[0]), False
            if record.postings:  # merged into the index later, many documents at once
                self._add_pending(new_id, record.postings)
            if record.sentences:
                self._bulk("sentences", ("hash", "doc"), [(h, new_id) for h in record.sentences])
            if record.semantic is not None:
                self._insert_vectors(new_id, record.semantic)
        return new_id, True

    def _add_pending(self, doc_id: int, hashes: bytes) -> None:
        self._execute("INSERT INTO pending (doc, hashes) VALUES (?, ?)", (doc_id, hashes))

    _VECTOR_COLUMNS = "lang, sentences, dim, starts, ends, units, minor, vectors"

    def _insert_vectors(self, doc_id: int, item: SentenceVectors) -> None:
        self._execute("DELETE FROM semantic_vectors WHERE doc = ? AND model = ?",
                      (doc_id, item.model))
        self._execute(f"INSERT INTO semantic_vectors (doc, model, {self._VECTOR_COLUMNS}) "
                      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", (doc_id, item.model, *item.row()))

    def sentence_vectors(self, ids, model: str) -> dict[int, SentenceVectors]:
        out: dict[int, SentenceVectors] = {}
        ids = sorted({int(i) for i in ids})
        for lo in range(0, len(ids), 500):
            chunk = ids[lo:lo + 500]
            marks = ", ".join("?" * len(chunk))
            for row in self._execute(f"SELECT doc, {self._VECTOR_COLUMNS} FROM semantic_vectors "
                                     f"WHERE model = ? AND doc IN ({marks})", (model, *chunk)):
                out[int(row[0])] = SentenceVectors.from_row(model, *row[1:])
        self.conn.commit()
        return out

    def embedded_ids(self, model: str) -> list[int]:
        rows = self._execute("SELECT doc FROM semantic_vectors WHERE model = ? ORDER BY doc",
                             (model,)).fetchall()
        self.conn.commit()
        return [int(r[0]) for r in rows]

    def put_sentence_vectors(self, items: dict[int, SentenceVectors]) -> int:
        stored = 0
        if not items:
            return stored
        with self.transaction():
            for doc_id in sorted(items):
                present = self._execute("SELECT id FROM documents WHERE id = ?",
                                        (int(doc_id),)).fetchone()
                if present is None:  # removed meanwhile (another process)
                    continue
                self._insert_vectors(int(doc_id), items[doc_id])
                stored += 1
        return stored

    _INSERT = ("INSERT INTO documents (sha256, name, path, size, format, label, added, chars, "
               "text_key, lang, text, simhash, b0, b1, b2, b3, fp_hashes, fp_units) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")

    @staticmethod
    def _values(record: NewDocument) -> tuple:
        return (record.sha256, record.name, record.path, record.size, record.format, record.label,
                record.added, record.chars, record.text_key, record.lang, record.text,
                record.simhash, *record.blocks, record.fp_hashes, record.fp_units)

    def documents(self, ids=None, *, label=None, search=None) -> list[ArchivedDocument]:
        sql = f"SELECT {_DOC_COLUMNS} FROM documents"
        if ids is not None:
            rows = []
            ids = sorted({int(i) for i in ids})
            for lo in range(0, len(ids), 500):
                chunk = ids[lo:lo + 500]
                marks = ", ".join("?" * len(chunk))
                rows += self._execute(f"{sql} WHERE id IN ({marks}) ORDER BY id", chunk).fetchall()
        elif label is not None:
            rows = self._execute(f"{sql} WHERE label = ? ORDER BY id", (label,)).fetchall()
        elif search:
            pattern = "%" + search.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
            rows = self._execute(f"{sql} WHERE LOWER(name) LIKE LOWER(?) ESCAPE '\\' OR "
                                 "LOWER(label) LIKE LOWER(?) ESCAPE '\\' ORDER BY id",
                                 (pattern, pattern)).fetchall()
        else:
            rows = self._execute(f"{sql} ORDER BY id").fetchall()
        self.conn.commit()
        return [_archived(r) for r in rows]

    def texts(self, ids) -> dict[int, str]:
        out: dict[int, str] = {}
        ids = sorted({int(i) for i in ids})
        for lo in range(0, len(ids), 500):
            chunk = ids[lo:lo + 500]
            marks = ", ".join("?" * len(chunk))
            for i, chars, blob in self._execute(
                    f"SELECT id, chars, text FROM documents WHERE id IN ({marks})", chunk):
                out[int(i)] = self._text(i, chars, blob)
        self.conn.commit()
        return out

    def fingerprints(self, doc_id: int) -> tuple[bytes, bytes]:
        row = self._execute("SELECT fp_hashes, fp_units FROM documents WHERE id = ?",
                            (doc_id,)).fetchone()
        self.conn.commit()
        if row is None:
            raise KeyError(doc_id)
        return bytes(row[0]), bytes(row[1])

    def ids_with_label(self, label: str) -> list[int]:
        rows = self._execute("SELECT id FROM documents WHERE label = ? ORDER BY id", (label,)).fetchall()
        self.conn.commit()
        return [int(r[0]) for r in rows]

    def id_of_sha256(self, sha256: str) -> int | None:
        row = self._execute("SELECT id FROM documents WHERE sha256 = ?", (sha256,)).fetchone()
        self.conn.commit()
        return int(row[0]) if row else None

    def remove(self, ids) -> int:
        removed = 0
        for doc_id in sorted({int(i) for i in ids}):
            with self.transaction():
                row = self._execute("SELECT fp_hashes FROM documents WHERE id = ?",
                                    (doc_id,)).fetchone()
                if row is None:
                    continue

                hashes = np.unique(np.frombuffer(bytes(row[0]), dtype="<u8")).view(np.int64)
                cur = self.conn.cursor()
                cur.executemany(self._sql("DELETE FROM postings WHERE hash = ? AND doc = ?"),
                                [(int(h), doc_id) for h in hashes])
                self._execute("DELETE FROM sentences WHERE doc = ?", (doc_id,))
                self._execute("DELETE FROM pending WHERE doc = ?", (doc_id,))
                self._execute("DELETE FROM semantic_vectors WHERE doc = ?", (doc_id,))
                self._execute("DELETE FROM documents WHERE id = ?", (doc_id,))
                removed += 1
        if removed:
            self._after_remove()
        return removed

    def count(self) -> int:
        row = self._execute("SELECT COUNT(*) FROM documents").fetchone()
        self.conn.commit()
        return int(row[0])

    def stats(self) -> dict:
        documents, chars, size = self._execute(
            "SELECT COUNT(*), COALESCE(SUM(chars), 0), COALESCE(SUM(size), 0) FROM documents"
        ).fetchone()
        labels = self._execute("SELECT label, COUNT(*) FROM documents GROUP BY label ORDER BY label"
                               ).fetchall()
        postings = self._execute("SELECT COUNT(*) FROM postings").fetchone()[0]
        postings += sum(len(bytes(b)) // 8 for (b,) in self._execute("SELECT hashes FROM pending"))
        added = self._execute("SELECT MIN(added), MAX(added) FROM documents").fetchone()
        embedded = self._execute("SELECT model, COUNT(*) FROM semantic_vectors GROUP BY model "
                                 "ORDER BY model").fetchall()
        self.conn.commit()
        return {"location": self.location, "backend": self.dialect,
                "schema_version": self.version(), "documents": int(documents),
                "chars": int(chars), "file_bytes": int(size), "postings": int(postings),
                "labels": {label: int(n) for label, n in labels},
                "first_added": added[0], "last_added": added[1],
                "sentence_vectors": {model: int(n) for model, n in embedded},
                "database_bytes": self._size_bytes()}

    # --- look-ups ---------------------------------------------------------------------------
    def near_simhash(self, simhash: int, blocks) -> list[tuple[int, int]]:
        rows = self._execute("SELECT id, simhash FROM documents WHERE b0 = ? OR b1 = ? OR b2 = ? "
                             "OR b3 = ?", tuple(blocks)).fetchall()
        self.conn.commit()
        return [(int(i), unsigned64(s)) for i, s in rows]

    def pending_count(self) -> int:
        row = self._execute("SELECT COUNT(*) FROM pending").fetchone()
        self.conn.commit()
        return int(row[0])

    _LOCK_ROWS = ""

    def merge_pending(self) -> int:
        with self.transaction():
            rows = self._execute("SELECT doc, hashes FROM pending" + self._LOCK_ROWS).fetchall()
            if not rows:
                return 0
            hashes = [np.frombuffer(bytes(b), dtype="<i8") for _, b in rows]
            docs = np.repeat(np.array([d for d, _ in rows], dtype=np.int64),
                             [len(h) for h in hashes])
            hashes = np.concatenate(hashes)
            order = np.lexsort((docs, hashes))  # index order: each page is written once
            hashes, docs = hashes[order], docs[order]
            for lo in range(0, len(hashes), _MERGE_CHUNK):  # a few lists of ints at a time
                self._bulk("postings", ("hash", "doc"),
                           zip(hashes[lo:lo + _MERGE_CHUNK].tolist(), docs[lo:lo + _MERGE_CHUNK].tolist()))
            cur = self.conn.cursor()
            cur.executemany(self._sql("DELETE FROM pending WHERE doc = ?"), [(d,) for d, _ in rows])
        return len(rows)

    def _pending_postings(self, hashes) -> dict[int, list[int]]:
        """For each of `hashes`, the pending documents posting it (one pass over all of them)."""
        wanted = np.array(sorted({int(h) for h in hashes}), dtype=np.int64)
        found: dict[int, list[int]] = {}
        if not len(wanted):
            return found
        rows = self._execute("SELECT doc, hashes FROM pending").fetchall()
        if not rows:
            return found
        posted = np.frombuffer(b"".join(bytes(b) for _, b in rows), dtype="<i8")
        docs = np.repeat(np.array([int(d) for d, _ in rows], dtype=np.int64),
                         [len(b) // 8 for _, b in rows])
        hit = find_sorted(wanted, posted)[0]
        for h, d in zip(posted[hit].tolist(), docs[hit].tolist()):
            found.setdefault(h, []).append(d)
        return found

    def _with_pending(self, indexed: dict[int, list[int]], hashes, cap: int) -> dict[int, list[int]]:
        """Index hits (at most cap + 1 per hash) joined with pending ones; hashes posted by
        more than `cap` documents dropped."""
        pending = self._pending_postings(hashes)
        self.conn.commit()
        out = {}
        for h in set(indexed) | set(pending):
            docs = indexed.get(h, []) + pending.get(h, [])
            if len(docs) <= cap:
                out[h] = docs
        return out

    def all_simhashes(self) -> list[tuple[int, int]]:
        rows = self._execute("SELECT id, simhash FROM documents").fetchall()
        self.conn.commit()
        return [(int(i), unsigned64(s)) for i, s in rows]

    def sentence_hits(self, hashes) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = []
        hashes = sorted({int(h) for h in hashes})
        for lo in range(0, len(hashes), 500):
            chunk = hashes[lo:lo + 500]
            marks = ", ".join("?" * len(chunk))
            out += [(int(h), int(d)) for h, d in self._execute(
                f"SELECT hash, doc FROM sentences WHERE hash IN ({marks})", chunk)]
        self.conn.commit()
        return out

    # --- a damaged store: what can still be read (core/store/repair.py) ---------------------
    def integrity_problems(self) -> list[str]:
        """The database's own check of itself, in lines ([]: nothing found)."""
        return []

    def salvage_ids(self) -> tuple[list[int], str]:
        """The ids of the documents that can still be listed, and a line saying what could not
        be ("" when every row could be)."""
        try:
            rows = self._execute(f"SELECT id FROM documents{self._NOT_INDEXED} ORDER BY id").fetchall()
            self.conn.commit()
            return [int(r[0]) for r in rows], ""
        except StoreError:
            raise
        except Exception as exc:
            if self._explain(exc) is None:
                raise
            self._rollback_quietly()
        ids, misses, doc_id = [], 0, 0
        while misses < 10_000:  # each id on its own (a damaged page loses only its rows)
            doc_id += 1
            try:
                row = self._execute(f"SELECT id FROM documents{self._NOT_INDEXED} WHERE id = ?",
                                    (doc_id,)).fetchone()
            except Exception as exc:
                if self._explain(exc) is None:
                    raise
                self._rollback_quietly()
                row = None
            if row is None:
                misses += 1
            else:
                misses = 0
                ids.append(doc_id)
        return ids, "the documents table cannot be read whole (some rows may be lost)"

    _NOT_INDEXED = ""

    def salvage_document(self, doc_id: int) -> dict:
        """One document's row with its text, read on its own; StoreError when it cannot be (the
        driver's errors said by the guard every public method has, see _guarded)."""
        row = self._execute("SELECT name, path, sha256, size, format, label, added, chars, text "
                            f"FROM documents{self._NOT_INDEXED} WHERE id = ?", (doc_id,)).fetchone()
        self.conn.commit()
        if row is None:
            raise StoreError(f"{self.location}: document #{doc_id} is gone")
        name, path, sha, size, fmt, label, added, chars, text = row
        if not all(isinstance(v, str) for v in (name, path, fmt, label, added)):
            raise StoreError(f"{self.location} is damaged: document #{doc_id}'s row")
        return {"id": doc_id, "name": name, "path": path, "sha256": sha if isinstance(sha, str) else None,
                "size": int(size) if isinstance(size, int) else 0, "format": fmt, "label": label,
                "added": added, "text": self._text(doc_id, chars, text)}

    def salvage_meta(self, key: str) -> str | None:
        """A meta value, or None when it cannot be read."""
        try:
            row = self._execute("SELECT value FROM plagscope_meta WHERE key = ?", (key,)).fetchone()
            self.conn.commit()
        except Exception as exc:
            if self._explain(exc) is None:
                raise
            self._rollback_quietly()
            return None
        return row[0] if row and isinstance(row[0], str) else None

    # --- saved checks -----------------------------------------------------------------------
    def write_check(self, documents: list[tuple[int, dict]], pairs: list[str], groups: list[str],
                    errors: list[tuple[str, str]], verdicts: dict, meta: dict[str, str]) -> None:
        """Replace the saved check's tables in one transaction (documents already added)."""
        with self.transaction():
            for table in ("check_documents", "check_pairs", "check_groups", "check_errors",
                          "verdicts"):
                self._execute(f"DELETE FROM {table}")
            cur = self.conn.cursor()
            cur.executemany(self._sql(
                "INSERT INTO check_documents (position, doc, name, path, format, simhash, archive) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)"),
                [(pos, doc_id, d["name"], d["path"], d["format"], d["simhash"], d["archive"])
                 for pos, (doc_id, d) in enumerate(documents)])
            cur.executemany(self._sql("INSERT INTO check_pairs (position, data) VALUES (?, ?)"),
                            list(enumerate(pairs)))
            cur.executemany(self._sql("INSERT INTO check_groups (position, data) VALUES (?, ?)"),
                            list(enumerate(groups)))
            cur.executemany(self._sql("INSERT INTO check_errors (position, path, message) "
                                      "VALUES (?, ?, ?)"),
                            [(i, p, m) for i, (p, m) in enumerate(errors)])
            self._insert_verdicts(verdicts)
            for key, value in meta.items():
                self._set_meta(key, value)

    def write_verdicts(self, verdicts: dict) -> None:
        """Replace the saved check's verdicts in one transaction; the rest stays as it is."""
        with self.transaction():
            self._execute("DELETE FROM verdicts")
            self._insert_verdicts(verdicts)

    def _insert_verdicts(self, verdicts: dict) -> None:
        """`verdicts`: a document key or a (left, right) pair of keys -> Verdict."""
        rows = []
        for key, verdict in verdicts.items():
            left, right = (key, "") if isinstance(key, str) else key
            rows.append((left, right, verdict.status, verdict.note))
        self.conn.cursor().executemany(self._sql("INSERT INTO verdicts (left_key, right_key, status, note) "
                                                 "VALUES (?, ?, ?, ?)"), rows)

    def read_check(self) -> dict:
        docs = self._execute(
            "SELECT c.position, c.name, c.path, c.format, c.simhash, c.archive, d.sha256, d.text, "
            "d.chars, d.id FROM check_documents c LEFT JOIN documents d ON d.id = c.doc "
            "ORDER BY c.position").fetchall()
        pairs = [r[0] for r in self._execute("SELECT data FROM check_pairs ORDER BY position")]
        groups = [r[0] for r in self._execute("SELECT data FROM check_groups ORDER BY position")]
        errors = self._execute("SELECT path, message FROM check_errors ORDER BY position").fetchall()
        verdicts = {}
        for left, right, status, note in self._execute(
                "SELECT left_key, right_key, status, note FROM verdicts"):
            verdicts[left if right == "" else (left, right)] = Verdict(status, note)
        self.conn.commit()
        for expected, (position, *_rest, doc_id) in enumerate(docs):
            if position != expected or doc_id is None:
                raise StoreError(f"{self.location} is damaged: document {position} of the check "
                                 + ("has no stored text" if doc_id is None else
                                    f"is out of order (expected {expected})"))
        return {
            "documents": [{"name": n, "path": p, "format": f, "simhash": unsigned64(s),
                           "archive": a, "sha256": sha or "", "text": self._text(pos, c, t)}
                          for pos, n, p, f, s, a, sha, t, c, _ in docs],
            "pairs": pairs, "groups": groups, "errors": [tuple(e) for e in errors],
            "verdicts": verdicts,
        }


def _guard_methods(cls) -> None:
    """Guard the public methods `cls` defines (see _guarded)."""
    for name, value in list(vars(cls).items()):
        if (not name.startswith("_") and callable(value) and name != "transaction"
                and not getattr(value, "guarded", False)):
            setattr(cls, name, _guarded(value))


_guard_methods(SqlStore)
