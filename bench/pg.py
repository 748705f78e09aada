"""A throw-away PostgreSQL server on loopback, in a temporary folder, for the benchmarks.

Installs what is missing when it can (``apt-get install -y postgresql`` as root,
``pip install psycopg[binary]``), runs ``initdb`` and ``pg_ctl`` from
``/usr/lib/postgresql/*/bin`` (as the ``postgres`` user when running as root), and
stops and removes everything at the end.  :class:`Unavailable` says why it could not.

    with TempPostgres() as pg:
        engine = make_engine(pg.url)

:func:`copy_history` fills a PostgreSQL database with the history of a SQLite file (``COPY``, the
running totals' triggers dropped meanwhile and the totals rebuilt at the end): a 100 000-match history
in minutes, where inserting it match by match (``bench.gen_history --url``) took over an hour at load 22.

    python -m bench.pg --copy build/bench/history-100000.db --url postgresql+psycopg://postgres@127.0.0.1:55440/bench
"""

from __future__ import annotations

import argparse
import importlib
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tests.browser.conftest import free_port


class Unavailable(RuntimeError):
    """PostgreSQL could not be set up here; the message says why."""


def _run(cmd: list[str], timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)


def ensure_driver() -> None:
    try:
        importlib.import_module("psycopg")
        return
    except ImportError:
        pass
    out = _run([sys.executable, "-m", "pip", "install", "-q", "psycopg[binary]"])
    if out.returncode != 0:
        raise Unavailable(f"pip install psycopg[binary] failed: {out.stderr.strip()[-400:]}")
    importlib.invalidate_caches()


def bin_dir() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parent.parent.name))
    if found:
        return found[-1].parent
    if os.geteuid() != 0:
        raise Unavailable("PostgreSQL is not installed and this is not root: apt-get install -y postgresql")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for cmd in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "postgresql"]):
        out = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=900, check=False)
        if out.returncode != 0:
            raise Unavailable(f"{' '.join(cmd)} failed: {out.stderr.strip()[-400:]}")
    return bin_dir()


class TempPostgres:
    def __init__(self, database: str = "compagnon") -> None:
        self.database = database
        # COMPAGNON_CI_PG_PORT, as for .ci/postgres.sh (several people benchmarking on one machine), else any free port.
        self.port = int(os.environ.get("COMPAGNON_CI_PG_PORT") or free_port())
        self.folder: Path | None = None
        self.url = ""
        self.dsn = ""  # the same server for psycopg itself
        self.prefix: list[str] = []

    def _pg(self, tool: str, *args: str, timeout: float = 300) -> None:
        out = _run([*self.prefix, str(self.bin / tool), *args], timeout)
        if out.returncode != 0:
            raise Unavailable(f"{tool} failed: {(out.stderr or out.stdout).strip()[-600:]}")

    def __enter__(self) -> TempPostgres:
        ensure_driver()
        self.bin = bin_dir()
        self.folder = Path(tempfile.mkdtemp(prefix="compagnon-pg-"))
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            shutil.chown(self.folder, "postgres", "postgres")
            self.prefix = ["runuser", "-u", "postgres", "--"]
        data = self.folder / "data"
        try:
            self._pg("initdb", "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync")
            self._pg("pg_ctl", "-D", str(data), "-l", str(self.folder / "log"), "-w", "-t", "120", "-o",
                     f"-h 127.0.0.1 -p {self.port} -k {self.folder}", "start")
            self._pg("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", self.database)
        except Exception:
            self.__exit__()
            raise
        self.dsn = f"host=127.0.0.1 port={self.port} user=postgres dbname={self.database}"
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{self.database}"
        return self

    def __exit__(self, *_exc: Any) -> None:
        if self.folder is None:
            return
        data = self.folder / "data"
        if (data / "postmaster.pid").exists():
            _run([*self.prefix, str(self.bin / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"], 120)
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder = None


#: the tables of a history, parents first (the rest are empty in a generated one)
HISTORY_TABLES = ("player", "match", "seat", "event", "score")


def copy_history(sqlite_path: Path, url: str) -> dict[str, int]:
    """Copy the history of the SQLite file ``sqlite_path`` (migrated first when older) into the empty
    PostgreSQL database ``url``; returns the rows copied per table."""
    import psycopg
    from sqlalchemy import text
    from sqlalchemy.engine import make_url
    from sqlmodel import SQLModel

    from db import summary
    from db.engine import make_engine

    make_engine(f"sqlite:///{sqlite_path}").dispose()  # today's schema on both sides
    engine = make_engine(url)
    with engine.begin() as conn:
        summary.uninstall(conn)
    engine.dispose()
    u = make_url(url)
    tables = {t.name: t for t in SQLModel.metadata.sorted_tables}
    copied: dict[str, int] = {}
    source = sqlite3.connect(sqlite_path)
    with psycopg.connect(f"host={u.host} port={u.port or 5432} user={u.username} dbname={u.database}") as pg:
        pg.execute("SET TIME ZONE 'UTC'")  # SQLite holds naive UTC times
        for name in HISTORY_TABLES:
            columns = [c.name for c in tables[name].columns]
            quoted = ", ".join(f'"{c}"' for c in columns)
            n = 0
            with pg.cursor().copy(f'COPY "{name}" ({quoted}) FROM STDIN') as copy:
                for row in source.execute(f'SELECT {quoted} FROM "{name}"'):
                    copy.write_row(row)
                    n += 1
            copied[name] = n
        for name in HISTORY_TABLES:
            pg.execute(f"SELECT setval(pg_get_serial_sequence('\"{name}\"', 'id'), "
                       f'(SELECT coalesce(max(id), 1) FROM "{name}"))')
        pg.commit()
    source.close()
    engine = make_engine(url)
    with engine.begin() as conn:
        summary.install(conn)
        summary.rebuild(conn)
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        conn.execute(text("VACUUM ANALYZE"))
    engine.dispose()
    return copied


def main() -> int:
    p = argparse.ArgumentParser(description="Copy a SQLite history into an empty PostgreSQL database.")
    p.add_argument("--copy", type=Path, required=True, help="the SQLite file (e.g. build/bench/history-100000.db)")
    p.add_argument("--url", required=True, help="postgresql+psycopg://user@host:port/database (empty)")
    args = p.parse_args()
    t0 = time.perf_counter()
    print(copy_history(args.copy, args.url), f"in {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
