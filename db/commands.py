"""The command line's history commands, for scripted backups and moves between machines:

``compagnon import FILE``: a BG Stats export or a Compagnon backup (told apart by their content);
prints how many plays were added and each one skipped with its reason.  ``compagnon export --format
json|csv|bgstats [-o FILE]``: the whole history (standard output without ``-o``).

Both open the database the app opens (``COMPAGNON_DATA_DIR`` / ``DATABASE_URL``) and refuse one whose
schema is newer than this program.  Exit codes: 0 done, 1 refused (a newer schema, a backup into a
history that is not empty, a file that cannot be read or written), 2 a file that is neither kind.  They speak
the terminal's language (:mod:`db.terminal`: French, English or Italian).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from db.backup import RestoreError, backup, kind_of, matches_csv, restore
from db.engine import CannotOpen, SchemaTooNew
from db.errors import StoreError
from db.store import Store
from db.terminal import argparse_words, cannot_open, language, say

COMMANDS = ("import", "export")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="compagnon", description=say(
        "L'historique de Compagnon en ligne de commande.", "Compagnon's history from the command line.",
        "Lo storico di Compagnon dalla riga di comando."))
    sub = parser.add_subparsers(dest="command", required=True)
    imp = sub.add_parser("import", help=say(
        "importer un export de BG Stats ou restaurer une sauvegarde de Compagnon",
        "import a BG Stats export or restore a Compagnon backup",
        "importare un export di BG Stats o ripristinare un backup di Compagnon"))
    imp.add_argument("file", metavar=say("fichier", "file", "file"),
                     help=say("le fichier à importer", "the file to import", "il file da importare"))
    exp = sub.add_parser("export", help=say("exporter tout l'historique", "export the whole history",
                                            "esportare tutto lo storico"))
    exp.add_argument("--format", choices=("json", "csv", "bgstats"), default="json", help=say(
        "json : une sauvegarde complète ; csv : un tableur ; bgstats : le format de BG Stats (json par défaut)",
        "json: a full backup; csv: a spreadsheet; bgstats: BG Stats' format (default json)",
        "json: un backup completo; csv: un foglio di calcolo; bgstats: il formato di BG Stats (json predefinito)"))
    exp.add_argument("-o", "--output", help=say("le fichier à écrire (par défaut : la sortie standard)",
                                                "the file to write (default: standard output)",
                                                "il file da scrivere (predefinito: lo standard output)"))
    return parser


def _import(store: Store, path: str, out: TextIO) -> int:
    from db.bgstats import import_plays

    broken = ""
    try:
        raw = Path(path).read_bytes()
        doc = json.loads(raw)
    except OSError as exc:
        why = exc.strerror or exc
        print(say(f"{path} : illisible ({why})", f"{path}: cannot be read ({why})", f"{path}: illeggibile ({why})"),
              file=sys.stderr)
        return 1
    except json.JSONDecodeError as exc:  # a file that begins as JSON and stops being it: a copy cut short?
        at = (exc.lineno, exc.colno)
        doc, broken = None, (say(" (il cesse d'être du JSON ligne {}, colonne {})",
                                 " (it stops being JSON at line {}, column {})",
                                 " (smette di essere JSON alla riga {}, colonna {})").format(*at)
                             if raw.lstrip()[:1] in (b"{", b"[") else "")
    except (ValueError, UnicodeDecodeError, RecursionError):
        doc = None
    kind = kind_of(doc)
    if kind is None and not raw.strip():
        print(say(f"{path} : ce fichier est vide, il n'y a rien à importer",
                  f"{path}: this file is empty, there is nothing to import",
                  f"{path}: questo file è vuoto, non c'è niente da importare"), file=sys.stderr)
        return 2
    if kind is None:
        print(say(f"{path} : ni un export de BG Stats ni une sauvegarde de Compagnon",
                  f"{path}: neither a BG Stats export nor a Compagnon backup",
                  f"{path}: né un export di BG Stats né un backup di Compagnon") + broken, file=sys.stderr)
        return 2
    if kind == "backup":
        done = restore(store, doc)
        print(say(f"Sauvegarde restaurée — joueurs : {done.players}, parties : {done.matches}.",
                  f"Backup restored: {done.players} players, {done.matches} matches added.",
                  f"Backup ripristinato — giocatori: {done.players}, partite: {done.matches}."), file=out)
        for i in done.unreadable:
            print(say(f"  partie n° {i} gardée telle quelle : son journal ne se rejoue plus avec cette version de "
                      "Compagnon (sa fiche dit pourquoi)",
                      f"  match #{i} kept as it is: its log no longer replays with this version of Compagnon "
                      "(its review says why)",
                      f"  partita n. {i} tenuta così com'è: il suo registro non si riproduce più con questa versione "
                      "di Compagnon (la sua scheda dice perché)"), file=out)
        return 0
    report = import_plays(store, doc)
    added, left = len(report.imported), len(report.skipped)
    print(say(f"Export de BG Stats — parties ajoutées : {added}, ignorées : {left}.",
              f"BG Stats export: {added} plays added, {left} skipped.",
              f"Export di BG Stats — partite aggiunte: {added}, ignorate: {left}."), file=out)
    lang = language()
    for skipped in report.skipped:
        where, why = skipped.place.get(lang), skipped.reason.get(lang)
        print(say(f"  ignorée : {where} : {why}", f"  skipped {where}: {why}", f"  ignorata: {where}: {why}"),
              file=out)
    return 0


def _export(store: Store, fmt: str, output: str | None, out: TextIO) -> int:
    from db.bgstats import export

    if fmt == "csv":
        text = matches_csv(store, lang=language())
    else:
        doc = backup(store) if fmt == "json" else export(store)
        text = json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
    if output is None:
        out.write(text)
        return 0
    try:
        Path(output).write_text(text, encoding="utf-8", newline="")
    except OSError as exc:
        why = exc.strerror or exc
        print(say(f"{output} : impossible d'écrire ({why})", f"{output}: cannot be written ({why})",
                  f"{output}: impossibile scrivere ({why})"), file=sys.stderr)
        return 1
    return 0


def main(argv: Sequence[str], out: TextIO | None = None, url: str | None = None) -> int:
    """Run ``import`` or ``export``; returns the exit code (``url``: a database other than the app's)."""
    with argparse_words():
        args = _parser().parse_args(list(argv))
    out = out or sys.stdout
    try:
        store = Store(url)
    except SchemaTooNew as exc:
        said = exc.get(language())
        print(say(f"refusé : {said} ; utilisez un Compagnon plus récent", f"refused: {said}; use a newer Compagnon",
                  f"rifiutato: {said}; usate un Compagnon più recente"), file=sys.stderr)
        return 1
    except CannotOpen as exc:  # DATABASE_URL not an address, not SQLite or PostgreSQL, its server refusing...
        print(cannot_open(exc.get(language())), file=sys.stderr)
        return 1
    try:
        if args.command == "import":
            return _import(store, args.file, out)
        return _export(store, args.format, args.output, out)
    except (RestoreError, StoreError) as exc:
        said = exc.get(language())
        print(say(f"refusé : {said}", f"refused: {said}", f"rifiutato: {said}"), file=sys.stderr)
        return 1
    finally:
        store.engine.dispose()
