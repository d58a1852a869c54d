"""The store in PostgreSQL (psycopg 3), for a department sharing one archive: the same tables as
SQLite; every row of an add (the document, its pending postings, its sentences) and the
postings of a merge are loaded with binary COPY; look-ups in one round trip each."""

from __future__ import annotations

import re

from core.store.base import SqlStore, StoreError
from core.store.records import NewDocument

_DOCUMENT_COLUMNS = ("sha256", "name", "path", "size", "format", "label", "added", "chars",
                     "text_key", "lang", "text", "simhash", "b0", "b1", "b2", "b3", "fp_hashes",
                     "fp_units")  # in the order of SqlStore._values
# column types for binary COPY (psycopg must be told them)
_TYPES = {
    "documents": {"id": "int8", "sha256": "text", "name": "text", "path": "text", "size": "int8",
                  "format": "text", "label": "text", "added": "text", "chars": "int8",
                  "text_key": "text", "lang": "text", "text": "bytea", "simhash": "int8",
                  "b0": "int4", "b1": "int4", "b2": "int4", "b3": "int4", "fp_hashes": "bytea",
                  "fp_units": "bytea"},
    "pending": {"doc": "int8", "hashes": "bytea"},
    "postings": {"hash": "int8", "doc": "int8"},
    "sentences": {"hash": "int8", "doc": "int8"},
}
_SCHEMA_LOCK = 0x706C6167  # "plag": serialises schema creation and migration between clients


def is_postgres(location: str) -> bool:
    return location.startswith(("postgresql://", "postgres://"))


def redact(dsn: str) -> str:
    """The DSN without its password, for messages."""
    return re.sub(r"(://[^:/@]*):[^@/]*@", r"\1:***@", dsn)


class PostgresStore(SqlStore):
    dialect = "postgresql"
    placeholder = "%s"

    def __init__(self, dsn: str, kind: str = "archive", create: bool = True):
        self.dsn = dsn
        try:
            super().__init__(redact(dsn), kind, create)
        except StoreError:
            raise
        except Exception as exc:  # psycopg.Error, without importing psycopg for SQLite users
            if type(exc).__module__.startswith("psycopg"):
                raise StoreError(f"PostgreSQL at {redact(dsn)}: {str(exc).strip()}") from None
            raise

    def _connect(self):
        try:
            import psycopg
        except ImportError:  # pragma: no cover - psycopg is a dependency
            raise StoreError("PostgreSQL needs psycopg: pip install 'psycopg[binary]'") from None
        try:
            return psycopg.connect(self.dsn, autocommit=False, connect_timeout=10)
        except psycopg.Error as exc:
            raise StoreError(f"cannot connect to PostgreSQL at {redact(self.dsn)}: "
                             f"{str(exc).strip()}") from None

    def _table_names(self) -> set[str]:
        rows = self._execute("SELECT table_name FROM information_schema.tables "
                             "WHERE table_schema = current_schema()").fetchall()
        if not self._writing:
            self.conn.commit()
        return {r[0] for r in rows}

    def _begin(self) -> None:
        self.conn.commit()  # end any read transaction; the next statement opens the write one

    def _lock_schema(self) -> None:
        self._execute("SELECT pg_advisory_xact_lock(?)", (_SCHEMA_LOCK,))

    def _bulk(self, table, columns, rows) -> None:
        types = [_TYPES[table][c] for c in columns]
        with self.conn.cursor().copy(
                f"COPY {table} ({', '.join(columns)}) FROM STDIN (FORMAT BINARY)") as copy:
            copy.set_types(types)
            for row in rows:
                copy.write_row(row)

    def add(self, record: NewDocument) -> tuple[int, bool]:
        import psycopg

        try:
            return super().add(record)
        except psycopg.errors.UniqueViolation:
            # another client added the same file (SHA-256) since our look-up; this
            # document's transaction was rolled back whole
            row = self._execute("SELECT id FROM documents WHERE sha256 = ?",
                                (record.sha256,)).fetchone()
            self.conn.commit()
            if row is None:
                raise
            return int(row[0]), False

    def _insert_document(self, cur, record: NewDocument) -> int | None:
        """The document's row by COPY (binary), with an id taken from its sequence first;
        None when a document with its SHA-256 is there already."""
        present, new_id = cur.execute(
            "SELECT (SELECT id FROM documents WHERE sha256 = %s), "
            "nextval(pg_get_serial_sequence('documents', 'id'))", (record.sha256,)).fetchone()
        if present is not None:
            return None
        self._bulk("documents", ("id",) + _DOCUMENT_COLUMNS, [(new_id, *self._values(record))])
        return int(new_id)

    def _add_pending(self, doc_id: int, hashes: bytes) -> None:
        self._bulk("pending", ("doc", "hashes"), [(doc_id, hashes)])

    _LOCK_ROWS = " FOR UPDATE"  # two merging clients: the second waits, then skips merged rows

    def postings(self, hashes, cap: int) -> dict[int, list[int]]:
        hashes = sorted({int(h) for h in hashes})
        indexed: dict[int, list[int]] = {}
        if hashes:
            rows = self._execute(
                "SELECT q.h, p.doc FROM unnest(?::bigint[]) AS q(h) CROSS JOIN LATERAL "
                "(SELECT doc FROM postings WHERE hash = q.h LIMIT ?) AS p", (hashes, cap + 1)
            ).fetchall()
            for h, d in rows:
                indexed.setdefault(int(h), []).append(int(d))
        return self._with_pending(indexed, hashes, cap)

    def sentence_hits(self, hashes) -> list[tuple[int, int]]:
        hashes = sorted({int(h) for h in hashes})
        if not hashes:
            return []
        rows = self._execute("SELECT hash, doc FROM sentences WHERE hash = ANY(?::bigint[])",
                             (hashes,)).fetchall()
        self.conn.commit()
        return [(int(h), int(d)) for h, d in rows]

    def _after_remove(self) -> None:
        self.conn.commit()
        self.conn.autocommit = True
        try:
            for table in ("postings", "pending", "sentences", "semantic_vectors", "documents"):
                self.conn.execute(f"VACUUM {table}")
        finally:
            self.conn.autocommit = False

    def _size_bytes(self) -> int:
        row = self._execute(
            "SELECT COALESCE(SUM(pg_total_relation_size(format('%I.%I', table_schema, "
            "table_name)::regclass)), 0) FROM information_schema.tables "
            "WHERE table_schema = current_schema()").fetchone()
        self.conn.commit()
        return int(row[0])

    def close(self) -> None:
        self.conn.close()
