"""A database Compagnon cannot open (``DATABASE_URL`` not an address, naming MySQL, a driver not installed, a server
that refuses, a SQLite file in a folder that does not exist, a data folder that cannot be made) is said in one line
naming what is wrong, in the terminal's language, its password never shown: by the server, which then stops
without having said it runs, and by ``compagnon import``/``export``.  Before: ``compagnon export`` printed
SQLAlchemy's traceback for each of them, and the server said "Compagnon is running" before stopping with
SQLAlchemy's words ("No module named 'MySQLdb'", "Could not parse SQLAlchemy URL from given URL string")."""

from __future__ import annotations

from pathlib import Path

import pytest

from db.engine import CannotOpen, SchemaTooNew, make_engine
from tests.browser.conftest import free_port
from tests.test_terminal import run

SECRET = "s3cretPW"

#: (an address, what the English message must say)
BAD = [
    ("nonsense", "DATABASE_URL is not a database address: 'nonsense' (expected: sqlite:///"),
    (f"postgres//ana:{SECRET}@db", "DATABASE_URL is not a database address: 'postgres//ana:***@db'"),
    (f"mysql://ana:{SECRET}@db/club", "DATABASE_URL names a mysql database ('mysql://ana:***@db/club'): Compagnon "
                                      "keeps its history in SQLite or PostgreSQL"),
    ("postgresql+pg8000://ana@db/club", "the database driver 'postgresql+pg8000' is not installed (No module named"),
    # nothing listens on port 1 of loopback: refused at once
    (f"postgresql+psycopg://ana:{SECRET}@127.0.0.1:1/club", "postgresql+psycopg://ana:***@127.0.0.1:1/club does "
                                                             "not answer or refuses the connection: connection failed"),
    ("sqlite:////nonexistent-folder/compagnon.db", "the SQLite file /nonexistent-folder/compagnon.db cannot be "
                                                   "opened (unable to open database file)"),
]


@pytest.mark.parametrize(("url", "said"), BAD, ids=[url.split(":")[0] for url, _ in BAD])
def test_an_unusable_address_is_refused_with_what_is_wrong_and_no_password(url: str, said: str) -> None:
    with pytest.raises(CannotOpen) as refused:
        make_engine(url)
    assert said in str(refused.value)
    for lang in ("fr", "en", "it"):
        assert SECRET not in refused.value.get(lang) and refused.value.get(lang).strip()
    assert refused.value.get("fr") != refused.value.get("en") != refused.value.get("it")
    assert not isinstance(refused.value, SchemaTooNew)


def test_a_data_folder_that_cannot_be_made_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("COMPAGNON_DATA_DIR", "/proc/no-such-folder/compagnon")  # /proc takes no new folder
    with pytest.raises(CannotOpen, match=r"the data folder /proc/no-such-folder/compagnon cannot be created \("):
        make_engine()


@pytest.mark.parametrize(("url", "said"), BAD, ids=[url.split(":")[0] for url, _ in BAD])
def test_the_history_commands_say_it_in_one_line_without_a_traceback(tmp_path: Path, url: str, said: str) -> None:
    done = run(tmp_path, "C.UTF-8", "export", "-o", str(tmp_path / "x.json"), env={"DATABASE_URL": url})
    assert done.returncode == 1
    assert done.stderr.startswith("Compagnon cannot open its database: ") and said in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr and SECRET not in done.stderr
    assert not (tmp_path / "x.json").exists()


@pytest.mark.parametrize(("lang", "start"), [("fr_FR.UTF-8", "Compagnon ne peut pas ouvrir sa base de données : "
                                                              "DATABASE_URL désigne une base mysql"),
                                             ("it_IT.UTF-8", "Compagnon non può aprire il suo database: "
                                                             "DATABASE_URL indica un database mysql")])
def test_the_server_stops_before_saying_it_runs_in_the_terminal_s_language(tmp_path: Path, lang: str,
                                                                           start: str) -> None:
    done = run(tmp_path, lang, "--no-browser", "--port", str(free_port()),
               env={"DATABASE_URL": f"mysql://ana:{SECRET}@db/club"})
    assert done.returncode == 2
    assert done.stderr.startswith(start) and len(done.stderr.strip().splitlines()) == 1
    assert SECRET not in done.stderr + done.stdout and "Traceback" not in done.stderr
    assert "http://" not in done.stdout  # it never said where it runs: it does not


def test_a_file_that_is_no_database_is_named_and_left_as_it_was(tmp_path: Path) -> None:
    spoilt = tmp_path / "compagnon.db"
    spoilt.write_bytes(b"not a database, " * 512)  # a copy gone wrong, another program's file
    with pytest.raises(CannotOpen) as refused:
        make_engine(f"sqlite:///{spoilt}")
    assert str(refused.value) == f"the SQLite file {spoilt} cannot be opened (file is not a database)"
    assert refused.value.get("fr") == f"le fichier SQLite {spoilt} ne s'ouvre pas (file is not a database)"
    assert spoilt.read_bytes() == b"not a database, " * 512  # nothing written over it


@pytest.mark.parametrize(("lang", "said"), [
    ("C.UTF-8", "Compagnon cannot open its database: the data folder {folder} cannot be created (Not a directory)"),
    ("fr_FR.UTF-8", "Compagnon ne peut pas ouvrir sa base de données : le dossier des données {folder} ne peut pas "
                    "être créé (Not a directory)"),
])
def test_a_default_data_folder_that_cannot_be_made_stops_the_server_before_it_says_it_runs(
        tmp_path: Path, lang: str, said: str) -> None:
    """Without ``DATABASE_URL``, the data folder is checked before "Compagnon is running at …" (the file itself is
    opened beside the browser's loading, for the start-up): it said so, then stopped with the folder's error."""
    (tmp_path / "a-file").write_text("")
    folder = tmp_path / "a-file" / "compagnon"  # under a file: no folder can be made there
    done = run(folder, lang, "--no-browser", "--port", str(free_port()))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip() == said.format(folder=folder)
    assert "http://" not in done.stdout


def test_a_database_file_that_cannot_be_written_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A ``compagnon.db`` that is no file (a folder of that name, say) is named before SQLite's own words."""
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("COMPAGNON_DATA_DIR", str(tmp_path))
    (tmp_path / "compagnon.db").mkdir()
    with pytest.raises(CannotOpen, match=rf"^the file {tmp_path / 'compagnon.db'} cannot be opened for writing "
                                         r"\(Is a directory\)$"):
        make_engine()
