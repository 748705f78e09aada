"""Issue 19, item 5: ``compagnon import FILE`` and ``compagnon export --format json|csv|bgstats [-o FILE]``
(db/commands.py), run as a user runs them: the ``compagnon`` entry point in a subprocess, on the
database ``COMPAGNON_DATA_DIR`` names."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from sqlalchemy import text

from db.store import Store
from tests.bgstats_gen import generate


def run(data, *args):
    env = {**os.environ, "COMPAGNON_DATA_DIR": str(data)}
    env.pop("DATABASE_URL", None)
    return subprocess.run([sys.executable, "-c", "from app.main import cli; cli()", *args], env=env,
                          capture_output=True, text=True, timeout=120)


def test_import_a_bg_stats_export_then_export_every_format_and_restore_elsewhere(tmp_path):
    doc = generate(5, plays=40, games=10)
    doc["plays"][0]["playDate"] = "not a date"  # a bad play: skipped with its reason
    src = tmp_path / "bgstats.json"
    src.write_text(json.dumps(doc), encoding="utf-8")
    first = tmp_path / "one"
    done = run(first, "import", str(src))
    assert done.returncode == 0, done.stderr
    assert "BG Stats export: 39 plays added, 1 skipped." in done.stdout
    assert "skipped play 1 (not a date" in done.stdout and "is not a date" in done.stdout
    again = run(first, "import", str(src))
    assert "0 plays added, 40 skipped." in again.stdout  # idempotent
    out = run(first, "export", "--format", "bgstats")
    assert out.returncode == 0 and len(json.loads(out.stdout)["plays"]) == 39
    csv = run(first, "export", "--format", "csv")
    assert csv.stdout.startswith("match,game,game_name,started_at")
    assert ",pad:turing-machine,Turing Machine," in csv.stdout  # the game's key, then its name
    backup_file = tmp_path / "backup.json"
    assert run(first, "export", "-o", str(backup_file)).returncode == 0
    second = tmp_path / "two"
    restored = run(second, "import", str(backup_file))
    assert restored.returncode == 0 and "39 matches added" in restored.stdout
    assert json.loads(run(second, "export", "--format", "bgstats").stdout)["plays"] == json.loads(out.stdout)["plays"]
    # A backup into a history that is not empty is refused, nothing written.
    refused = run(second, "import", str(backup_file))
    assert refused.returncode == 1 and "restored into an empty history" in refused.stderr


def test_a_file_that_is_neither_is_refused_in_one_line_with_exit_code_2(tmp_path):
    for name, content in (("notes.txt", "hello"), ("list.json", "[1, 2]"), ("other.json", '{"a": 1}')):
        path = tmp_path / name
        path.write_text(content, encoding="utf-8")
        done = run(tmp_path / "data", "import", str(path))
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr == f"{path}: neither a BG Stats export nor a Compagnon backup\n"


def test_an_empty_file_is_said_to_be_empty(tmp_path):
    path = tmp_path / "backup.json"
    path.write_bytes(b"\n")
    done = run(tmp_path / "data", "import", str(path))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"{path}: this file is empty, there is nothing to import\n"


def test_a_json_file_cut_short_says_where_it_stops(tmp_path):
    path = tmp_path / "backup.json"
    path.write_text('{"format": "compagnon-backup", "players": [{"id": 1, "na', encoding="utf-8")
    done = run(tmp_path / "data", "import", str(path))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (f"{path}: neither a BG Stats export nor a Compagnon backup "
                           "(it stops being JSON at line 1, column 54)\n")  # where the text ends


def test_a_database_with_a_newer_schema_is_refused(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    store = Store(f"sqlite:///{data / 'compagnon.db'}")
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE meta SET value = '999' WHERE key = 'schema_version'"))
    store.engine.dispose()
    done = run(data, "export", "--format", "json")
    assert done.returncode == 1 and done.stdout == "" and "newer than this app" in done.stderr
