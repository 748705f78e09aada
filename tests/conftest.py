"""Fixtures shared by the database tests: one empty database per test, on SQLite and on PostgreSQL;
the order the tests are handed to the workers in (:func:`pytest_collection_modifyitems`).

``db_url`` is parametrised: the ``sqlite`` variant is a file in the test's temporary folder; the
``postgresql`` variant creates a fresh database on the server named by ``COMPAGNON_TEST_PG_URL``
(e.g. ``postgresql+psycopg://postgres@127.0.0.1:5432/postgres``; .ci/run starts a throw-away
server on loopback and sets it) and drops it afterwards.  Without that variable the PostgreSQL
variants are skipped, saying why.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator

import pytest
from hypothesis import settings
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

PG_ENV = "COMPAGNON_TEST_PG_URL"


def _pg_database() -> Iterator[str]:
    server = os.environ.get(PG_ENV)
    if not server:
        pytest.skip(f"{PG_ENV} is not set: no PostgreSQL server to test against (.ci/run starts one)")
    name = f"compagnon_test_{secrets.token_hex(4)}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as c:
            c.execute(text(f'CREATE DATABASE "{name}"'))
        yield make_url(server).set(database=name).render_as_string(hide_password=False)
        with admin.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path) -> Iterator[str]:
    """The URL of an empty database, on each backend the app supports."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'h.db'}"
    else:
        yield from _pg_database()


# Property tests check behaviour, not speed (speed lives in bench/): no per-example deadline, which a
# loaded machine (CI, browser tests running beside) would trip at random.
settings.register_profile("compagnon", deadline=None)
settings.load_profile("compagnon")


#: the browser tests that take longest (2026-11-25, docs/ci.md), longest first: they start first, so that
#: none of them is left to run alone at the end while the other workers have nothing to do
LONGEST = (
    "tests/browser/test_languages.py::test_every_screen_of_every_game_speaks_one_language_and_fits",
)


def pytest_collection_modifyitems(config, items) -> None:
    """The longest tests first, then the other browser tests, then the rest (fast ones last, to even out the
    end of a parallel run: .ci/test hands the workers one test at a time in this order).  A stable sort:
    within each group the files keep their order."""

    def rank(item) -> int:
        if item.nodeid.split("[")[0] in LONGEST:
            return 0
        return 1 if item.get_closest_marker("browser") else 2

    items.sort(key=rank)
