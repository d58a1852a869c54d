"""The store in PostgreSQL (psycopg 3), for a department sharing one archive: the same tables as
SQLite; every row of an add (the document, its pending postings, its sentences) and the
postings of a merge are loaded with binary COPY; look-ups in one round trip each."""

from __future__ import annotations

import functools
import os
import re
import socket
import threading
import time
from urllib.parse import parse_qsl, unquote

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


_URL = re.compile(r"(?is)^postgres(?:ql)?://")
# libpq's connection keywords: `key=value ...` with only these keys is a DSN, never a file name
_KEYWORDS = frozenset(["host", "hostaddr", "port", "dbname", "user", "password", "passfile", "require_auth", "channel_binding", "connect_timeout", "client_encoding", "options", "application_name", "fallback_application_name", "keepalives", "keepalives_idle", "keepalives_interval", "keepalives_count", "tcp_user_timeout", "replication", "gssencmode", "sslmode", "sslnegotiation", "sslcompression", "sslcert", "sslkey", "sslkeylogfile", "sslpassword", "sslcertmode", "sslrootcert", "sslcrl", "sslcrldir", "sslsni", "requirepeer", "ssl_min_protocol_version", "ssl_max_protocol_version", "krbsrvname", "gsslib", "gssdelegation", "service", "target_session_attrs", "load_balance_hosts", "min_protocol_version", "max_protocol_version"])
_PAIR = re.compile(r"\s*([A-Za-z_]+)\s*=\s*('(?:[^'\\]|\\.)*'|[^\s']+)\s*")
TIMEOUT_ENV = "PLAGSCOPE_PG_TIMEOUT"
ANSWER_SECONDS = 120.0  # the longest the server may take to answer one call (frozen: an error)
CONNECT_SECONDS = 10.0


def _pairs(location: str) -> list[tuple[str, str]] | None:
    """The (key, value) pairs of a libpq key/value DSN, or None when `location` is not one."""
    pairs, at = [], 0
    while at < len(location):
        m = _PAIR.match(location, at)
        if m is None or m.group(1).lower() not in _KEYWORDS:
            return None
        pairs.append((m.group(1).lower(), m.group(2)))
        at = m.end()
    return pairs or None


def is_postgres(location: str) -> bool:
    """A PostgreSQL DSN: a URL (postgresql:// or postgres://, any case) or libpq's key/value
    form (`host=... dbname=...`); anything else is a file path."""
    location = str(location)
    return bool(_URL.match(location)) or _pairs(location.strip()) is not None


def normalized(dsn: str) -> str:
    """The DSN as libpq takes it (a URL's scheme in lower case)."""
    m = _URL.match(dsn)
    return "postgresql://" + dsn[m.end():] if m else dsn.strip()


def redact(dsn: str) -> str:
    """The DSN without its passwords (in the URL's user part, its query, or a key/value pair),
    for messages, reports and logs."""
    m = _URL.match(dsn)
    if m:
        rest = dsn[m.end():]
        netloc, tail = re.match(r"([^/?#]*)(.*)", rest, re.DOTALL).groups()
        if "@" in netloc:
            userinfo, host = netloc.rsplit("@", 1)
            if ":" in userinfo:
                netloc = userinfo.split(":", 1)[0] + ":***@" + host
        tail = re.sub(r"(?i)((?:^|[?&])(?:ssl)?password=)[^&#]*", r"\1***", tail)
        return dsn[:m.end()] + netloc + tail
    return re.sub(r"(?i)\b((?:ssl)?password\s*=\s*)('(?:[^'\\]|\\.)*'|\S*)", r"\1***", dsn)


def secrets_of(dsn: str) -> list[str]:
    """Every secret a message about `dsn` must never show: its passwords, and those in the
    environment libpq reads (PGPASSWORD, PGSSLPASSWORD)."""
    found = [os.environ.get(k, "") for k in ("PGPASSWORD", "PGSSLPASSWORD")]
    m = _URL.match(dsn)
    if m:
        netloc, tail = re.match(r"([^/?#]*)(.*)", dsn[m.end():], re.DOTALL).groups()
        if "@" in netloc and ":" in netloc.rsplit("@", 1)[0]:
            raw = netloc.rsplit("@", 1)[0].split(":", 1)[1]
            found += [raw, unquote(raw)]
        query = tail.split("?", 1)[1] if "?" in tail else ""
        found += [v for k, v in parse_qsl(query.split("#")[0]) if k.lower() in ("password", "sslpassword")]
    else:
        for key, value in _pairs(dsn.strip()) or []:
            if key in ("password", "sslpassword"):
                found += [value, value.strip("'").replace("\\'", "'")]
    words = [w for secret in found for w in secret.split() if len(w) >= 3]
    return sorted({s for s in found + words if s}, key=len, reverse=True)


def scrub(text: str, secrets: list[str]) -> str:
    """`text` with each of `secrets` replaced by ***."""
    for secret in secrets:
        if len(secret) >= 3:
            text = text.replace(secret, "***")
        else:
            text = re.sub(rf"(?<!\w){re.escape(secret)}(?!\w)", "***", text)
    return text


def answer_seconds() -> float:
    """How long one call may wait for the server: ${TIMEOUT_ENV}, else ANSWER_SECONDS."""
    try:
        value = float(os.environ.get(TIMEOUT_ENV, ""))
    except ValueError:
        return ANSWER_SECONDS
    return value if value > 0 else ANSWER_SECONDS


@functools.cache
def _watched_connection():
    """psycopg's connection class with every wait for the server (a statement, a commit, a COPY
    block, the schema's preparation) reported to its store's watchdog."""
    import psycopg

    class WatchedConnection(psycopg.Connection):
        watched_by = None

        def wait(self, gen, *args, **kwargs):
            store = self.watched_by
            if store is None:
                return super().wait(gen, *args, **kwargs)
            store._waiting()
            try:
                return super().wait(gen, *args, **kwargs)
            finally:
                store._answered()

    return WatchedConnection


class PostgresStore(SqlStore):
    dialect = "postgresql"
    placeholder = "%s"

    def __init__(self, dsn: str, kind: str = "archive", create: bool = True):
        self.dsn = normalized(dsn)
        self._secrets = secrets_of(self.dsn)
        self.timeout = answer_seconds()
        self._deadline = 0.0
        self._timed_out = False
        self._closed = threading.Event()
        self._watchdog = None
        try:
            super().__init__(redact(self.dsn), kind, create)
        except StoreError:
            self._closed.set()
            raise
        except Exception as exc:  # psycopg.Error, without importing psycopg for SQLite users
            self._closed.set()
            message = self._explain(exc)
            if message is not None:
                raise StoreError(message) from None
            raise

    def _connect(self):
        try:
            import psycopg
            from psycopg.conninfo import conninfo_to_dict
        except ImportError:  # pragma: no cover - psycopg is a dependency
            raise StoreError("PostgreSQL needs psycopg: pip install 'psycopg[binary]'") from None
        try:
            given = conninfo_to_dict(self.dsn)
        except psycopg.Error as exc:
            raise StoreError(f"the PostgreSQL address {redact(self.dsn)} is not valid: "
                             f"{self._scrub(exc)}") from None
        extra = {"application_name": "plagscope"} if "application_name" not in given else {}
        if "connect_timeout" not in given:
            extra["connect_timeout"] = max(1, round(min(CONNECT_SECONDS, self.timeout)))
        # the server gives up on a statement after the same time (the user's options win)
        extra["options"] = (f"-c statement_timeout={int(self.timeout * 1000)} "
                            + str(given.get("options") or "")).strip()
        try:
            conn = _watched_connection().connect(self.dsn, autocommit=False, **extra)
        except psycopg.Error as exc:
            raise StoreError(f"cannot connect to PostgreSQL at {redact(self.dsn)}: "
                             f"{self._scrub(exc)}") from None
        conn.watched_by = self
        self._watchdog = threading.Thread(target=self._watch, name="plagscope-pg-watchdog",
                                          daemon=True)
        self._watchdog.start()
        return conn

    def _scrub(self, exc) -> str:
        first = str(exc).strip().splitlines()
        return scrub(first[0] if first else type(exc).__name__, self._secrets)

    def _waiting(self) -> None:
        """The connection waits for the server now: the watchdog arms its timeout."""
        self._deadline = time.monotonic() + self.timeout

    def _answered(self) -> None:
        self._deadline = 0.0

    def _watch(self) -> None:
        """Cut the connection when a call has waited longer than the timeout for an answer (a
        frozen server never answers, and libpq would wait for it forever)."""
        while not self._closed.wait(min(0.25, self.timeout / 4)):
            deadline = self._deadline
            if deadline and time.monotonic() > deadline and not self._timed_out:
                self._timed_out = True
                try:
                    sock = socket.socket(fileno=os.dup(self.conn.pgconn.socket))
                    try:
                        sock.shutdown(socket.SHUT_RDWR)
                    finally:
                        sock.close()
                except Exception:  # noqa: BLE001, S110 (already closed: the waiting call ends by itself)
                    pass

    def _explain(self, exc: Exception) -> str | None:
        if not type(exc).__module__.startswith("psycopg"):
            return None
        where = f"PostgreSQL at {self.location}"
        if self._timed_out:
            return (f"{where} did not answer within {self.timeout:g} s (the server may be frozen "
                    f"or overloaded; ${TIMEOUT_ENV} sets how long to wait); nothing of this step "
                    "was written")
        name = type(exc).__name__
        if name == "QueryCanceled":
            return (f"{where}: a statement took longer than {self.timeout:g} s and was stopped "
                    f"(${TIMEOUT_ENV} sets how long to wait); nothing of this step was written")
        if name in ("OperationalError", "AdminShutdown", "CrashShutdown", "ConnectionTimeout",
                    "CannotConnectNow") or "connection" in str(exc).lower():
            return (f"lost the connection to {where} ({self._scrub(exc)}); what was stored "
                    "before is intact, nothing of this step was written")
        return f"{where}: {self._scrub(exc)}"

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
        self._closed.set()
        self.conn.close()
