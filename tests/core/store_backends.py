"""The store tests' two backends: an SQLite file per test, and a PostgreSQL schema per test.

PostgreSQL comes from $PLAGSCOPE_TEST_PG_DSN (set by .ci/run), else from a throwaway cluster
this module starts itself when PostgreSQL's binaries are installed (initdb + pg_ctl as an
unprivileged user, listening only on a Unix socket in a temporary directory), else the
PostgreSQL cases are skipped with the reason. With $PLAGSCOPE_TEST_PG_DSN set they never skip.

Run as a script to get a cluster for trying things by hand:
    python tests/core/store_backends.py     # prints the DSN, stops the cluster on Enter
"""

from __future__ import annotations

import glob
import os
import pwd
import secrets
import shutil
import subprocess
import tempfile
from urllib.parse import quote

DSN_ENV = "PLAGSCOPE_TEST_PG_DSN"


def _pg_bin() -> str | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0)
    if found:
        return os.path.dirname(found[-1])
    initdb = shutil.which("initdb")
    return os.path.dirname(initdb) if initdb else None


class Cluster:
    """A throwaway PostgreSQL cluster on a Unix socket; stop() removes everything."""

    def __init__(self) -> None:
        bindir = _pg_bin()
        if bindir is None:
            raise RuntimeError("PostgreSQL is not installed (no initdb)")
        self.dir = tempfile.mkdtemp(prefix="plagscope-pg-")
        os.chmod(self.dir, 0o755)
        self.data = os.path.join(self.dir, "data")
        self.bindir = bindir
        self.user = None
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            self.user = "nobody"
            uid = pwd.getpwnam(self.user).pw_uid
            os.chown(self.dir, uid, -1)
        self._run("initdb", "-D", self.data, "-A", "trust", "-U", "plagscope", "-E", "UTF8",
                  "--no-instructions", "--locale=C")
        options = f"-c listen_addresses='' -c unix_socket_directories='{self.dir}' " \
                  "-c fsync=off -c max_connections=40 -c shared_buffers=32MB"
        self._run("pg_ctl", "-D", self.data, "-o", options, "-l",
                  os.path.join(self.dir, "log"), "-w", "-t", "60", "start")
        self.dsn = f"postgresql:///postgres?host={quote(self.dir, safe='')}&user=plagscope"

    def _run(self, tool: str, *args: str) -> None:
        cmd = [os.path.join(self.bindir, tool), *args]
        if self.user:
            cmd = ["runuser", "-u", self.user, "--", *cmd]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       cwd=self.dir)

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)


def with_schema(dsn: str, schema: str) -> str:
    """The DSN with `schema` first on the search path (a per-test namespace)."""
    sep = "&" if "?" in dsn else "?"
    return f"{dsn}{sep}options={quote('-csearch_path=' + schema, safe='')}"


def new_schema(dsn: str) -> tuple[str, str]:
    """A fresh, empty schema in the database at `dsn`: (its name, a DSN that uses it)."""
    import psycopg

    name = "t_" + secrets.token_hex(6)
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {name}")
    return name, with_schema(dsn, name)


def drop_schema(dsn: str, name: str) -> None:
    import psycopg

    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")


if __name__ == "__main__":
    cluster = Cluster()
    print(cluster.dsn, flush=True)
    try:
        input("PostgreSQL is running; press Enter to stop it and remove its files. ")
    finally:
        cluster.stop()


# --- pytest fixtures (imported by tests/core/conftest.py) ---------------------------------
import pytest


@pytest.fixture(scope="session")
def postgres_dsn():
    """A DSN of a PostgreSQL database for the tests, or skip when none can be had."""
    dsn = os.environ.get(DSN_ENV)
    if dsn:
        yield dsn
        return
    try:
        cluster = Cluster()
    except (RuntimeError, OSError, subprocess.CalledProcessError) as exc:
        detail = getattr(exc, "stderr", b"") or b""
        pytest.skip(f"no PostgreSQL for the store tests ({exc} {detail.decode(errors='replace')[-200:]}); "
                    f"install PostgreSQL or set {DSN_ENV}")
    try:
        yield cluster.dsn
    finally:
        cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_location(request, tmp_path):
    """Where a test's store lives: an SQLite file, or an empty PostgreSQL schema."""
    if request.param == "sqlite":
        yield str(tmp_path / "archive.sqlite3")
        return
    dsn = request.getfixturevalue("postgres_dsn")
    name, location = new_schema(dsn)
    try:
        yield location
    finally:
        drop_schema(dsn, name)
