"""A PostgreSQL server that freezes or goes away during `check --archive`: one line, in bounded
time, and the archive intact. Each test has a throwaway cluster of its own (the shared one
other tests use is never frozen or stopped)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import threading
import time

import pytest
from hostile_cli import ROOT, cli_env, finish, one_line, run, start  # noqa: F401 (fixtures)

SAMPLES = ROOT / "resources" / "samples"
TIMEOUT = "3"  # seconds the command waits for an answer ($PLAGSCOPE_PG_TIMEOUT)


@pytest.fixture
def cluster():
    """A throwaway cluster of this test's own (skipped without PostgreSQL's binaries)."""
    from store_backends import Cluster

    try:
        c = Cluster()
    except (RuntimeError, OSError, subprocess.CalledProcessError) as exc:
        if os.environ.get("PLAGSCOPE_TEST_PG_DSN"):
            raise
        pytest.skip(f"no PostgreSQL binaries for a throwaway cluster ({exc})")
    try:
        yield c
    finally:
        for pid in _processes(c):
            try:
                os.kill(pid, signal.SIGCONT)
            except OSError:
                pass
        try:
            c.stop()
        except subprocess.CalledProcessError:  # stopped by the test already
            import shutil

            shutil.rmtree(c.dir, ignore_errors=True)


def _processes(c) -> list[int]:
    """The postmaster and its children."""
    try:
        with open(os.path.join(c.data, "postmaster.pid")) as f:
            pid = int(f.readline())
    except (OSError, ValueError):
        return []
    import psutil

    try:
        return [pid, *(p.pid for p in psutil.Process(pid).children(recursive=True))]
    except psutil.Error:
        return [pid]


def _fill(dsn: str) -> int:
    from core.steps import drain
    from core.store import open_store
    from core.store.archive import add_paths

    with open_store(dsn) as store:
        drain(add_paths(store, [SAMPLES / "zh_original_网络阅读.txt", SAMPLES / "en_original_homework.txt"],
                        label="past"))
        return store.count()


def _when_connected(dsn: str, then, timeout: float = 60) -> None:
    """Call `then()` once a `plagscope` client is connected to the cluster at `dsn`."""
    import psycopg

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with psycopg.connect(dsn, autocommit=True) as conn:
            seen = conn.execute("SELECT COUNT(*) FROM pg_stat_activity "
                                "WHERE application_name = 'plagscope'").fetchone()[0]
        if seen:
            then()
            return
        time.sleep(0.05)
    raise AssertionError("the check never connected")


def _check(dsn: str, env: dict):
    return start("check", SAMPLES / "zh_copy_verbatim.docx", SAMPLES / "en_light_edit.docx", "--archive",
                 "--db", dsn, "--quiet", "--no-semantic", "--top", "0",
                 env={**env, "PLAGSCOPE_PG_TIMEOUT": TIMEOUT})


def test_a_frozen_server_ends_the_check_with_one_line(cluster, cli_env):
    """Every process of the server stopped (SIGSTOP) once the check is connected: before, the
    check waited forever with no output."""
    _fill(cluster.dsn)
    proc = _check(cluster.dsn, cli_env)

    def freeze():
        for pid in _processes(cluster):
            with contextlib.suppress(ProcessLookupError):  # a backend ending meanwhile (ours)
                os.kill(pid, signal.SIGSTOP)

    _when_connected(cluster.dsn, freeze)
    started = time.monotonic()
    result = finish(proc, timeout=45)
    assert result.returncode != "hung", "the check hung on a frozen server"
    line = one_line(result, "PostgreSQL at")
    # frozen in the instant between the server's start-up and its first answer, the connection
    # itself times out
    assert f"did not answer within {TIMEOUT} s" in line or "connection timeout expired" in line, line
    assert time.monotonic() - started < 30


def _silent_after_start_up(cluster) -> tuple[int, socket.socket]:
    """A TCP port that relays to the cluster's socket the client's start-up and the server's
    answers, then goes silent: the client's first statement never reaches the server, as when a
    server freezes the moment a client has connected."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)

    def relay(client, upstream) -> None:
        ready = threading.Event()  # the server said ReadyForQuery: the start-up is over

        def to_server() -> None:
            try:
                while data := client.recv(65536):
                    if not ready.is_set():
                        upstream.sendall(data)
            except OSError:
                pass

        threading.Thread(target=to_server, daemon=True).start()
        try:
            while data := upstream.recv(65536):
                client.sendall(data)
                if data.endswith(b"Z\x00\x00\x00\x05I"):
                    ready.set()
        except OSError:
            pass

    def accept() -> None:
        try:
            while True:
                client, _ = server.accept()
                upstream = socket.socket(socket.AF_UNIX)
                upstream.connect(os.path.join(cluster.dir, ".s.PGSQL.5432"))
                threading.Thread(target=relay, args=(client, upstream), daemon=True).start()
        except OSError:  # closed at the end of the test
            pass

    threading.Thread(target=accept, daemon=True).start()
    return server.getsockname()[1], server


def test_a_server_silent_from_the_first_statement_ends_the_check_with_one_line(cluster, cli_env):
    """The archive's schema is read before any public call of the store: a server frozen then
    was watched by no timer (its own statement timeout cannot fire while it is stopped)."""
    _fill(cluster.dsn)
    port, server = _silent_after_start_up(cluster)
    try:
        result = run("check", SAMPLES / "zh_copy_verbatim.docx", "--archive", "--db",
                     f"host=127.0.0.1 port={port} dbname=postgres user=plagscope sslmode=disable", "--quiet",
                     "--no-semantic", "--top", "0", env={**cli_env, "PLAGSCOPE_PG_TIMEOUT": TIMEOUT},
                     timeout=40)
        assert result.returncode != "hung", "the check hung on a server silent after start-up"
        one_line(result, "PostgreSQL at", f"did not answer within {TIMEOUT} s")
    finally:
        server.close()


def test_a_server_lost_mid_check_ends_with_one_line_and_the_archive_intact(cluster, cli_env):
    stored = _fill(cluster.dsn)
    proc = _check(cluster.dsn, cli_env)
    _when_connected(cluster.dsn, lambda: cluster._run("pg_ctl", "-D", cluster.data, "-m", "immediate",
                                                      "-w", "stop"))
    result = finish(proc, timeout=45)
    one_line(result, "lost the connection to PostgreSQL at", "intact")
    cluster._run("pg_ctl", "-D", cluster.data, "-l", os.path.join(cluster.dir, "log"), "-o",
                 f"-c listen_addresses='' -c unix_socket_directories='{cluster.dir}'", "-w", "start")
    from core.store import open_store

    with open_store(cluster.dsn, create=False) as store:
        assert store.count() == stored


def test_a_socket_that_never_answers_times_out(cli_env, tmp_path):
    """A port that accepts connections and never says a word (a frozen host, a wrong service)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    held = []

    def accept() -> None:
        try:
            while True:
                held.append(server.accept())
        except OSError:  # closed at the end of the test
            pass

    threading.Thread(target=accept, daemon=True).start()
    try:
        port = server.getsockname()[1]
        result = run("archive", "--db", f"host=127.0.0.1 port={port} dbname=x user=u password=pw123456",
                     "stats", env={**cli_env, "PLAGSCOPE_PG_TIMEOUT": "2"}, cwd=tmp_path, timeout=40)
        line = one_line(result, "PostgreSQL", "127.0.0.1")
        assert "pw123456" not in line and "timeout" in line.lower()
    finally:
        server.close()
