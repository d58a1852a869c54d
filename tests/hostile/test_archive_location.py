"""The archive named on the command line is the one used (`--db` before or after the action),
PostgreSQL addresses in every form libpq takes, and passwords never shown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hostile_cli import ROOT, cli_env, one_line, postgres_dsn, run, run_all, store_location  # noqa: F401 (fixtures)
from store_backends import drop_schema, new_schema

SAMPLES = ROOT / "resources" / "samples"
SECRET = "Sup3rS3cretPw"
ESSAYS = [SAMPLES / n for n in ("zh_original_网络阅读.txt", "en_original_homework.txt", "zh_clean_1.txt")]


def _fill(location: str, label: str) -> None:
    from core.steps import drain
    from core.store import open_store
    from core.store.archive import add_paths

    with open_store(location) as store:
        drain(add_paths(store, ESSAYS, label=label))


def _count(location: str) -> int:
    from core.store import open_store

    with open_store(location) as store:
        return store.count()


def test_db_before_the_action_is_the_archive_used(store_location, cli_env):
    """`archive --db X remove --label T` removes from X, never from the default archive (before:
    the action's own --db default replaced the group's, and the default archive lost them)."""
    default = str(Path(cli_env["PLAGSCOPE_DATA_DIR"]) / "archive.sqlite3")
    _fill(default, "T")
    _fill(store_location, "T")
    result = run("archive", "--db", store_location, "remove", "--label", "T", env=cli_env)
    assert result.returncode == 0 and "removed 3 document(s)" in result.stdout, result.stderr
    assert _count(store_location) == 0 and _count(default) == 3
    stats = run("archive", "--db", store_location, "stats", "--json", env=cli_env)
    data = json.loads(stats.stdout)
    backend = "postgresql" if store_location.startswith("postgresql") else "sqlite"
    assert data["backend"] == backend and data["documents"] == 0
    same = run("archive", "--db", store_location, "list", "--db", store_location, env=cli_env)
    assert same.returncode == 0 and "0 document(s)" in same.stdout
    twice = run("archive", "--db", store_location, "list", "--db", default, env=cli_env)
    assert twice.returncode == 2 and "--db is given twice" in twice.stderr and _count(default) == 3


@pytest.fixture
def pg(postgres_dsn):
    """(libpq parameters of a fresh schema, the schema's DSN)."""
    from psycopg.conninfo import conninfo_to_dict

    name, location = new_schema(postgres_dsn)
    try:
        yield conninfo_to_dict(location), location
    finally:
        drop_schema(postgres_dsn, name)


def _url(params: dict, scheme: str = "postgresql", password: str = SECRET) -> str:
    from urllib.parse import quote

    query = "&".join(f"{k}={quote(str(v), safe='')}" for k, v in params.items()
                     if k not in ("user", "dbname", "password"))
    return f"{scheme}://{params['user']}:{password}@/{params.get('dbname', 'postgres')}?{query}"


def _key_value(params: dict, password: str = SECRET) -> str:
    quoted = lambda v: "'" + str(v).replace("\\", "\\\\").replace("'", "\\'") + "'"
    return " ".join(f"{k}={quoted(v)}" for k, v in {**params, "password": password}.items())


def test_passwords_are_never_printed(pg, cli_env, tmp_path):
    params, _ = pg
    report = tmp_path / "r.json"
    results = run_all(*[("archive", "--db", dsn, *args) for dsn in (_url(params), _key_value(params))
                        for args in (("stats",), ("stats", "--json"))],
                      ("check", SAMPLES / "zh_copy_verbatim.docx", "--archive", "--db", _url(params),
                       "--json", report, "--quiet", "--no-semantic"), env=cli_env, cwd=tmp_path)
    for result in results:
        assert result.returncode == 0, result.stderr
        assert SECRET not in result.stdout + result.stderr
    for result in results[1:4:2]:
        assert "***" in json.loads(result.stdout)["location"]
    assert SECRET not in report.read_text()


def test_a_connection_error_does_not_show_the_password(cli_env, tmp_path):
    results = run_all(*[("archive", "--db", dsn, "stats") for dsn in (
        f"postgresql://someone:{SECRET}@/postgres?host=/nonexistent-h24&connect_timeout=2",
        f"host=/nonexistent-h24 user=someone password={SECRET} connect_timeout=2",
        f"host=/nonexistent-h24 user=someone password='{SECRET} with spaces'",
        "postgresql:///postgres?host=/nonexistent-h24")], env={**cli_env, "PGPASSWORD": SECRET + "2"},
        cwd=tmp_path)
    for result in results:
        line = one_line(result, "PostgreSQL")
        assert SECRET not in line and "with spaces" not in line
    assert list(tmp_path.iterdir()) == [tmp_path / "data"] and not list((tmp_path / "data").iterdir())


def test_key_value_and_upper_case_addresses_are_postgresql_never_files(pg, cli_env, tmp_path):
    """Before: both were taken for file names, and an SQLite file named after the password was
    made in the current folder (the check ran against an empty archive)."""
    params, location = pg
    _fill(location, "past")
    dsns = (_key_value(params), _url(params, "POSTGRESQL"), _url(params, "Postgres"))
    for result in run_all(*[("archive", "--db", dsn, "stats", "--json") for dsn in dsns],
                          env=cli_env, cwd=tmp_path):
        assert result.returncode == 0, result.stderr
        data = json.loads(result.stdout)
        assert data["backend"] == "postgresql" and data["documents"] == 3
    assert list(tmp_path.iterdir()) == [tmp_path / "data"] and not list((tmp_path / "data").iterdir())
