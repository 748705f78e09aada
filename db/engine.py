"""Where the database is, how to connect, and schema versioning.

SQLite in the user's data folder is the default (WAL, foreign keys on,
``synchronous=NORMAL`` which WAL keeps crash-safe for committed transactions);
``DATABASE_URL`` selects another database, e.g. PostgreSQL for a club.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import event, inspect
from sqlalchemy.engine import Connection, Engine
from sqlmodel import Session, SQLModel, create_engine

from db import seat_tokens as _seat_tokens  # noqa: F401 - registers the seat_token table
from db.models import SCHEMA_VERSION, Meta


class SchemaTooNew(RuntimeError):
    pass


def data_dir() -> Path:
    """``COMPAGNON_DATA_DIR``, else the platform's user data folder."""
    if os.environ.get("COMPAGNON_DATA_DIR"):
        return Path(os.environ["COMPAGNON_DATA_DIR"])
    if os.name == "nt":
        return Path(os.environ.get("APPDATA", Path.home())) / "Compagnon"
    if os.uname().sysname == "Darwin":
        return Path.home() / "Library" / "Application Support" / "Compagnon"
    return Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / "compagnon"


def database_url() -> str:
    url = os.environ.get("DATABASE_URL")
    if url:
        # Heroku-style URLs name the driver "postgres"; SQLAlchemy wants "postgresql".
        return "postgresql" + url[len("postgres"):] if url.startswith("postgres://") else url
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'compagnon.db'}"


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


def make_engine(url: str | None = None) -> Engine:
    url = url or database_url()
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
    else:
        engine = create_engine(url, pool_pre_ping=True)
    migrate(engine)
    return engine


# Each entry upgrades the schema from version N-1 to N.  Version 1 is the first
# release: tables are created from the models.  A later change adds e.g.
# ``2: lambda conn: conn.exec_driver_sql("ALTER TABLE match ADD COLUMN ...")``
# and bumps SCHEMA_VERSION; tests open a version-1 database with it.
MIGRATIONS: dict[int, Callable[[Connection], None]] = {}


def schema_version(engine: Engine) -> int:
    if not inspect(engine).has_table("meta"):
        return 0
    with Session(engine) as s:
        row = s.get(Meta, "schema_version")
        return int(row.value) if row else 0


def migrate(engine: Engine) -> int:
    """Bring the database to :data:`SCHEMA_VERSION`; returns the version found."""
    found = schema_version(engine)
    if found > SCHEMA_VERSION:
        raise SchemaTooNew(f"database schema version {found} is newer than this app ({SCHEMA_VERSION})")
    with engine.begin() as conn:
        if found == 0:
            SQLModel.metadata.create_all(conn)
        else:
            for version in range(found + 1, SCHEMA_VERSION + 1):
                MIGRATIONS[version](conn)
            SQLModel.metadata.create_all(conn)  # new tables only; existing ones untouched
    if found != SCHEMA_VERSION:
        with Session(engine) as s:
            s.merge(Meta(key="schema_version", value=str(SCHEMA_VERSION)))
            s.commit()
    return found
