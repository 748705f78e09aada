"""Fixtures shared by the database tests: one empty database per test, on SQLite and on PostgreSQL.

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
