"""A throw-away PostgreSQL server on loopback, in a temporary folder, for the benchmarks.

Installs what is missing when it can (``apt-get install -y postgresql`` as root,
``pip install psycopg[binary]``), runs ``initdb`` and ``pg_ctl`` from
``/usr/lib/postgresql/*/bin`` (as the ``postgres`` user when running as root), and
stops and removes everything at the end.  :class:`Unavailable` says why it could not.

    with TempPostgres() as pg:
        engine = make_engine(pg.url)
"""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
import tempfile
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
