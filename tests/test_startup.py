"""Start-up: the server answers before the database layer is imported, and a database that cannot
be opened still stops it with the reason (``app.main.warm_up``)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_importing_the_app_leaves_the_database_layer_for_later():
    code = "import sys, app.main; print(sorted(m for m in ('sqlalchemy', 'sqlmodel', 'db.store') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_database_that_cannot_be_opened_stops_the_server_with_the_reason(tmp_path):
    env = {**os.environ, "COMPAGNON_DATA_DIR": str(tmp_path),
           # nothing listens on port 1: the connection is refused at once
           "DATABASE_URL": "postgresql+psycopg://nobody@127.0.0.1:1/compagnon"}
    out = subprocess.run([sys.executable, "-m", "app.main", "--no-browser", "--port", str(free_port())],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 2
    assert "Compagnon cannot open its database" in out.stderr
    assert "port 1 failed" in out.stderr
    assert out.stderr.count("Compagnon cannot open its database") == 1


def test_a_screen_s_module_is_imported_when_the_screen_is_first_opened():
    code = ("import sys, app.screens as s\n"
            "before = [m for m in ('app.screens.stats', 'flet_charts', 'app.screens.match') if m in sys.modules]\n"
            "screen, params = s.resolve('/stats/player/4')\n"
            "print(before, screen.__module__, params, 'flet_charts' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[] app.screens.stats {'player_id': '4'} True"


def test_the_home_screen_waits_for_no_rule_engine():
    """The first page (home) lists the games from their cards: no engine's module is imported for it
    (the warm-up imports them once that page is drawn)."""
    code = ("import sys, app.main, app.screens as s\n"
            "home, _ = s.resolve('/')\n"
            "print(home.__module__, sorted(m for m in sys.modules if m.startswith('scoring.games.')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    module, loaded = out.stdout.strip().split(" ", 1)
    assert module == "app.screens.home"
    engines = [m for m in eval(loaded) if m.count(".") > 2 and not m.endswith(".card")]
    assert engines == []
