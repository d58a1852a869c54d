"""Fixtures for the engine tests: small documents built in memory."""

import pytest

from core.models import Document


def make_docs(*texts: str) -> list[Document]:
    """Documents named d0.txt, d1.txt, ... with the given texts."""
    return [Document(i, f"d{i}.txt", f"/virtual/d{i}.txt", "txt", t) for i, t in enumerate(texts)]


@pytest.fixture
def docs():
    return make_docs


@pytest.fixture(scope="session")
def academic_report(tmp_path_factory):
    """The check of tests/data/make_academic.py's corpus (planted quoted, cited, reference-list
    and unattributed copies), made once for every test that reads its classes and figures."""
    import make_academic

    from core.options import CheckOptions
    from core.pipeline import check, run

    folder = tmp_path_factory.mktemp("academic")
    make_academic.write(folder)
    return run(check([folder], CheckOptions(workers=1)))


# The store's two backends (SQLite file / PostgreSQL schema), for tests/core/test_store*.py.
from store_backends import postgres_dsn, store_location  # noqa: F401 (pytest fixtures, parameters of the tests)
