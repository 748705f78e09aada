"""``python -m scoring score GAME [FILE] [--lang fr|en|it]``: print a score sheet as JSON.

Reads the JSON document from FILE, or standard input when no file is given.  Whatever the input,
a refusal exits with status 2 and one line on standard error, in the language asked for (English
by default), naming the field and the problem; nothing is written to standard output then.
"""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from scoring import RulesError, Tr, find_game

USAGE = Tr("usage : python -m scoring score JEU [FICHIER] [--lang fr|en|it]",
           "usage: python -m scoring score GAME [FILE] [--lang fr|en|it]",
           it="uso: python -m scoring score GIOCO [FILE] [--lang fr|en|it]")
#: How deep a score document may nest (the deepest real one has four levels).
MAX_DEPTH = 32
#: The largest score document read (a five-player painting is a few kilobytes).
MAX_BYTES = 1_000_000


class Refused(Exception):
    def __init__(self, text: Tr) -> None:
        super().__init__(text.en)
        self.text = text


def _args(argv: list[str]) -> tuple[str, str | None, str]:
    lang, rest = "en", []
    i = 0
    while i < len(argv):
        if argv[i] == "--lang" and i + 1 < len(argv) and argv[i + 1] in ("fr", "en", "it"):
            lang, i = argv[i + 1], i + 2
            continue
        if argv[i].startswith("--lang=") and argv[i][7:] in ("fr", "en", "it"):
            lang, i = argv[i][7:], i + 1
            continue
        rest.append(argv[i])
        i += 1
    if len(rest) not in (2, 3) or rest[0] != "score":
        raise Refused(USAGE)
    return rest[1], (rest[2] if len(rest) == 3 else None), lang


def _read(path: str | None, stdin: TextIO) -> str:
    try:
        if path is None:
            text = stdin.read(MAX_BYTES + 1)
        else:
            with open(path, encoding="utf-8") as fh:
                text = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise Refused(Tr(f"{path} : illisible ({reason})", f"{path}: cannot read ({reason})",
                         it=f"{path}: illeggibile ({reason})")) from None
    except UnicodeDecodeError:
        where = path or "input"
        raise Refused(Tr(f"{where} : ce n'est pas du texte UTF-8", f"{where}: not UTF-8 text",
                         it=f"{where}: non è testo UTF-8")) from None
    if len(text) > MAX_BYTES:
        raise Refused(Tr(f"entrée : plus de {MAX_BYTES} caractères", f"input: more than {MAX_BYTES} characters",
                         it=f"input: più di {MAX_BYTES} caratteri"))
    return text


def _depth(doc: Any, level: int = 0) -> None:
    if level > MAX_DEPTH:
        raise Refused(Tr(f"entrée : imbriquée sur plus de {MAX_DEPTH} niveaux",
                         f"input: nested more than {MAX_DEPTH} levels deep",
                         it=f"input: annidato su più di {MAX_DEPTH} livelli"))
    children = doc.values() if isinstance(doc, dict) else doc if isinstance(doc, list) else ()
    for child in children:
        _depth(child, level + 1)


def _parse(text: str) -> Any:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise Refused(Tr(f"entrée : JSON non valide (ligne {exc.lineno}, colonne {exc.colno})",
                         f"input: not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})",
                         it=f"input: JSON non valido (riga {exc.lineno}, colonna {exc.colno})")) from None
    except RecursionError:
        raise Refused(Tr(f"entrée : imbriquée sur plus de {MAX_DEPTH} niveaux",
                         f"input: nested more than {MAX_DEPTH} levels deep",
                         it=f"input: annidato su più di {MAX_DEPTH} livelli")) from None
    except ValueError:  # an integer of thousands of digits (Python's int-to-text limit)
        raise Refused(Tr("entrée : un nombre trop grand", "input: a number too large",
                         it="input: un numero troppo grande")) from None
    _depth(doc)
    return doc


def _one_line(text: str) -> str:
    lines = text.splitlines()
    return lines[0] if lines else text


def main(argv: list[str], stdin: TextIO | None = None, stdout: TextIO | None = None,
         stderr: TextIO | None = None) -> int:
    stdin, stdout, stderr = stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr
    lang = "fr" if "--lang=fr" in argv or "--lang fr" in " ".join(argv) else "en"  # for a usage refusal
    try:
        slug, path, lang = _args(argv)
        game = find_game(slug)
        sheet = game.score_input(_parse(_read(path, stdin)))
        out = json.dumps(sheet.to_json(), ensure_ascii=False, indent=2)
    except Refused as exc:
        return _refuse(exc.text.get(lang), stderr)
    except RulesError as exc:
        return _refuse(exc.get(lang), stderr)
    except RecursionError:
        return _refuse(Tr("entrée : trop imbriquée", "input: nested too deeply",
                          it="input: annidato troppo in profondità").get(lang), stderr)
    try:
        stdout.write(out + "\n")
    except UnicodeEncodeError:  # a name the terminal's encoding cannot write (or a lone surrogate)
        stdout.write(json.dumps(sheet.to_json(), ensure_ascii=True, indent=2) + "\n")
    return 0


def _refuse(message: str, stderr: TextIO) -> int:
    line = _one_line(message)
    try:
        stderr.write(line + "\n")
    except UnicodeEncodeError:
        stderr.write(line.encode("ascii", "backslashreplace").decode("ascii") + "\n")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
