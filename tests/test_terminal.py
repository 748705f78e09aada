"""What Compagnon prints on its terminal speaks the terminal's language (``db/terminal.py``): the server's first
lines and ``--help``, and the history's commands (``compagnon import``/``export``), in French, English or Italian
from the locale (before: English only, whatever the machine's language)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from db.backup import backup
from db.store import Store
from tests.test_log_unreadable import played, spoil

ROOT = Path(__file__).resolve().parent.parent


def run(data: Path, lang: str, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``compagnon *args`` on the data folder ``data``, in the language ``lang``, with the environment's
    ``DATABASE_URL`` left out unless ``env`` (more variables) gives one."""
    env = {**{k: v for k, v in os.environ.items() if k != "DATABASE_URL"}, "COMPAGNON_DATA_DIR": str(data),
           "LANG": lang, **(env or {})}
    return subprocess.run([sys.executable, "-c", "from app.main import cli; cli()", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(("lang", "said"), [
    ("fr_FR.UTF-8", "Compagnon, le compagnon de table des jeux de société."),
    ("it_IT.UTF-8", "Compagnon, il compagno di tavolo dei giochi da tavolo."),
    ("C.UTF-8", "Compagnon, the board-game table companion."),
    ("de_DE.UTF-8", "Compagnon, the board-game table companion."),
])
def test_the_server_s_help_speaks_the_terminal_s_language(tmp_path: Path, lang: str, said: str) -> None:
    done = run(tmp_path, lang, "--help")
    assert done.returncode == 0 and said in done.stdout


@pytest.mark.parametrize(("lang", "says", "not_said"), [
    ("fr_FR.UTF-8", ["utilisation : compagnon", "options :", "afficher cette aide et quitter"],
     ["usage:", "show this help"]),
    ("it_IT.UTF-8", ["uso: compagnon", "opzioni:", "mostrare questo aiuto e uscire"], ["usage:", "show this help"]),
    ("C.UTF-8", ["usage: compagnon", "options:", "show this help message and exit"], ["utilisation", "uso:"]),
])
def test_argparse_s_own_words_speak_the_terminal_s_language(tmp_path: Path, lang: str, says: list[str],
                                                           not_said: list[str]) -> None:
    """``--help`` was French or Italian but for argparse's own words ("usage:", "options:", "show this help
    message and exit"), which Python does not translate."""
    done = run(tmp_path, lang, "--help")
    assert done.returncode == 0
    assert [w for w in says if w not in done.stdout] == [] and [w for w in not_said if w in done.stdout] == []


@pytest.mark.parametrize(("lang", "args", "said"), [
    ("fr_FR.UTF-8", ["--port", "abc"], "compagnon : erreur : --port : 'abc' n'est pas un port (de 1 à 65535)"),
    ("fr_FR.UTF-8", ["--session-timeout", "abc"],
     "compagnon : erreur : --session-timeout : 'abc' n'est pas un nombre de secondes de 1 à 86400"),
    ("it_IT.UTF-8", ["--bogus"], "compagnon: errore: argomenti sconosciuti: --bogus"),
    ("fr_FR.UTF-8", ["import"], "compagnon import : erreur : il manque : fichier"),
    ("it_IT.UTF-8", ["export", "--format", "xls"],
     "compagnon export: errore: --format: 'xls' non è una scelta possibile ('json', 'csv', 'bgstats')"),
    ("C.UTF-8", ["--port", "abc"], "compagnon: error: argument --port: 'abc' is not a port (1 to 65535)"),
])
def test_a_refused_command_line_is_said_in_the_terminal_s_language(tmp_path: Path, lang: str, args: list[str],
                                                                   said: str) -> None:
    done = run(tmp_path, lang, *args)
    assert done.returncode == 2 and done.stderr.strip().splitlines()[-1] == said, done.stderr


def test_argparse_s_words_are_its_own_again_afterwards() -> None:
    """The words are argparse's again once the command line is read, even when it was refused."""
    import argparse

    from db.terminal import argparse_words

    english = argparse._  # type: ignore[attr-defined]
    with pytest.raises(SystemExit), argparse_words("fr"):
        argparse.ArgumentParser(prog="x").parse_args(["--nope"])
    assert argparse._ is english  # type: ignore[attr-defined]
    assert "usage: x" in argparse.ArgumentParser(prog="x").format_usage()


def test_the_history_commands_speak_french_and_italian(tmp_path: Path) -> None:
    source = Store(f"sqlite:///{tmp_path / 'source.db'}")
    kept = played(source, finish=True)
    spoil(source, kept, 3, {"type": "no_such_move"})
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(backup(source)), encoding="utf-8")
    source.engine.dispose()
    fr = run(tmp_path / "fr", "fr_FR.UTF-8", "import", str(path))
    assert fr.returncode == 0, fr.stderr
    assert fr.stdout.splitlines() == [
        "Sauvegarde restaurée — joueurs : 3, parties : 1.",
        f"  partie n° {kept} gardée telle quelle : son journal ne se rejoue plus avec cette version de Compagnon "
        "(sa fiche dit pourquoi)"]
    again = run(tmp_path / "fr", "fr_FR.UTF-8", "import", str(path))
    assert again.returncode == 1
    assert again.stderr == ("refusé : une sauvegarde se restaure dans un historique vide, et celui-ci ne l'est pas "
                            "(joueurs : 3, parties : 1). Pour la restaurer, lancez Compagnon sur un historique vide "
                            "(un autre COMPAGNON_DATA_DIR ou DATABASE_URL) ; celui-ci reste tel quel\n")
    it = run(tmp_path / "it", "it_IT.UTF-8", "import", str(tmp_path / "nowhere.json"))
    assert it.returncode == 1 and it.stderr.startswith(f"{tmp_path / 'nowhere.json'}: illeggibile (")
    cut = tmp_path / "cut.json"
    cut.write_text(path.read_text(encoding="utf-8")[:60], encoding="utf-8")
    it = run(tmp_path / "it", "it_IT.UTF-8", "import", str(cut))
    assert it.returncode == 2
    assert it.stderr == (f"{cut}: né un export di BG Stats né un backup di Compagnon (smette di essere JSON alla "
                         "riga 1, colonna 60)\n")


def test_the_server_s_first_lines_speak_italian(tmp_path: Path) -> None:
    """``compagnon`` started in an Italian terminal: where it runs, and the host link, in Italian."""
    import signal

    from tests.browser.conftest import free_port
    from tests.test_desktop import lines_of, wait_for

    port = free_port()
    env = {**os.environ, "COMPAGNON_DATA_DIR": str(tmp_path), "LANG": "it_IT.UTF-8", "PYTHONUNBUFFERED": "1"}
    env.pop("DATABASE_URL", None)
    proc = subprocess.Popen([sys.executable, "-m", "app.main", "--no-browser", "--port", str(port)], cwd=ROOT,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    try:
        out, seen = lines_of(proc), []
        wait_for(out, f"Compagnon è in funzione su http://localhost:{port}/", 60.0, seen)
        wait_for(out, "Link dell'host (apre le schermate dell'host; tenetelo per voi): http://", 60.0, seen)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(10)
