"""The command line's history commands, for scripted backups and moves between machines:

``compagnon import FILE``: a BG Stats export or a Compagnon backup (told apart by their content);
prints how many plays were added and each one skipped with its reason.  ``compagnon export --format
json|csv|bgstats [-o FILE]``: the whole history (standard output without ``-o``).

Both open the database the app opens (``COMPAGNON_DATA_DIR`` / ``DATABASE_URL``) and refuse one whose
schema is newer than this program.  Exit codes: 0 done, 1 refused (a newer schema, a backup into a
history that is not empty, a file that cannot be read or written), 2 a file that is neither kind.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from db.backup import FORMAT, RestoreError, backup, matches_csv, restore
from db.engine import SchemaTooNew
from db.errors import StoreError
from db.store import Store

COMMANDS = ("import", "export")
NEITHER = "{}: neither a BG Stats export nor a Compagnon backup"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="compagnon", description="Compagnon's history from the command line.")
    sub = parser.add_subparsers(dest="command", required=True)
    imp = sub.add_parser("import", help="import a BG Stats export or restore a Compagnon backup")
    imp.add_argument("file", help="the file to import")
    exp = sub.add_parser("export", help="export the whole history")
    exp.add_argument("--format", choices=("json", "csv", "bgstats"), default="json",
                     help="json: a full backup; csv: a spreadsheet; bgstats: BG Stats' format (default json)")
    exp.add_argument("-o", "--output", help="the file to write (default: standard output)")
    return parser


def kind_of(doc: Any) -> str | None:
    """``backup``, ``bgstats`` or ``None``, from the document's content."""
    if isinstance(doc, dict) and doc.get("format") == FORMAT:
        return "backup"
    if isinstance(doc, dict) and isinstance(doc.get("plays"), list):
        return "bgstats"
    return None


def _import(store: Store, path: str, out: TextIO) -> int:
    from db.bgstats import import_plays

    broken = ""
    try:
        raw = Path(path).read_bytes()
        doc = json.loads(raw)
    except OSError as exc:
        print(f"{path}: cannot be read ({exc.strerror or exc})", file=sys.stderr)
        return 1
    except json.JSONDecodeError as exc:  # a file that begins as JSON and stops being it: a copy cut short?
        doc, broken = None, (f" (it stops being JSON at line {exc.lineno}, column {exc.colno})"
                             if raw.lstrip()[:1] in (b"{", b"[") else "")
    except (ValueError, UnicodeDecodeError, RecursionError):
        doc = None
    kind = kind_of(doc)
    if kind is None:
        print(NEITHER.format(path) + broken, file=sys.stderr)
        return 2
    if kind == "backup":
        done = restore(store, doc)
        print(f"Backup restored: {done.players} players, {done.matches} matches added.", file=out)
        for match_id in done.unreadable:
            print(f"  match #{match_id} kept as it is: its log no longer replays with this version of Compagnon "
                  "(its review says why)", file=out)
        return 0
    report = import_plays(store, doc)
    print(f"BG Stats export: {len(report.imported)} plays added, {len(report.skipped)} skipped.", file=out)
    for skipped in report.skipped:
        print(f"  skipped {skipped.where}: {skipped.why}", file=out)
    return 0


def _export(store: Store, fmt: str, output: str | None, out: TextIO) -> int:
    from db.bgstats import export

    if fmt == "csv":
        text = matches_csv(store)
    else:
        doc = backup(store) if fmt == "json" else export(store)
        text = json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
    if output is None:
        out.write(text)
        return 0
    try:
        Path(output).write_text(text, encoding="utf-8", newline="")
    except OSError as exc:
        print(f"{output}: cannot be written ({exc.strerror or exc})", file=sys.stderr)
        return 1
    return 0


def main(argv: Sequence[str], out: TextIO | None = None, url: str | None = None) -> int:
    """Run ``import`` or ``export``; returns the exit code (``url``: a database other than the app's)."""
    args = _parser().parse_args(list(argv))
    out = out or sys.stdout
    try:
        store = Store(url)
    except SchemaTooNew as exc:
        print(f"refused: {exc}; use a newer Compagnon", file=sys.stderr)
        return 1
    try:
        if args.command == "import":
            return _import(store, args.file, out)
        return _export(store, args.format, args.output, out)
    except (RestoreError, StoreError) as exc:
        print(f"refused: {exc}", file=sys.stderr)
        return 1
    finally:
        store.engine.dispose()
