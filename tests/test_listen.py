"""A server that cannot listen where it is told (a port another program holds, a port that is none, an address
this machine does not have) says so in one line, in the terminal's language, and stops with exit status 2,
before it says where it runs.  Before: "Compagnon is running at http://localhost:8550/" then uvicorn's and Flet's
tracebacks (exit status 3); ``--port 99999`` said it ran and hung.  The same for an address for the phones
(``--public-url``, ``COMPAGNON_PUBLIC_URL``) they could not open: it was written in the QR codes as given."""

from __future__ import annotations

import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.main import cannot_listen
from tests.browser.conftest import free_port
from tests.test_terminal import run

#: TEST-NET-3 (RFC 5737): an address no interface of this machine has (tests never send to it: a bind fails)
ELSEWHERE = "203.0.113.7"


@pytest.fixture
def taken() -> Iterator[int]:
    """A port of loopback held by another program (listening)."""
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        yield other.getsockname()[1]


def _serve(data: Path, *args: str, lang: str = "C.UTF-8", env: dict[str, str] | None = None
           ) -> subprocess.CompletedProcess[str]:
    return run(data, lang, "--no-browser", *args, env=env)


def _one_line_and_nothing_else(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and "http://" not in done.stdout
    return done.stderr.strip()


def test_a_port_another_program_holds_is_named(tmp_path: Path, taken: int) -> None:
    said = _one_line_and_nothing_else(_serve(tmp_path, "--port", str(taken)))
    assert said == (f"Compagnon cannot start: port {taken} is already in use (is another Compagnon running?): "
                    "choose another with --port")
    said = _one_line_and_nothing_else(_serve(tmp_path, "--port", str(taken), lang="fr_FR.UTF-8"))
    assert said.startswith(f"Compagnon ne peut pas démarrer : le port {taken} est déjà pris")


@pytest.mark.parametrize("port", ["99999", "0", "-1", "huit"])
def test_a_port_that_is_none_is_refused_by_the_options(tmp_path: Path, port: str) -> None:
    said = _one_line_and_nothing_else(_serve(tmp_path, "--port", port))
    assert said.endswith(f"compagnon: error: argument --port: '{port}' is not a port (1 to 65535)")


def test_an_address_this_machine_does_not_have_is_named(tmp_path: Path) -> None:
    said = _one_line_and_nothing_else(_serve(tmp_path, "--host", ELSEWHERE, "--port", str(free_port()),
                                             lang="it_IT.UTF-8"))
    assert said.startswith(f"Compagnon non può avviarsi: questa macchina non ha l'indirizzo {ELSEWHERE} (")
    assert said.endswith("--host 0.0.0.0 per tutte le sue reti, 127.0.0.1 solo per sé")


def test_a_free_port_is_let_go_for_the_server(taken: int) -> None:
    port = free_port()
    assert cannot_listen("127.0.0.1", port) is None
    assert cannot_listen("127.0.0.1", port) is None  # the check let it go: the web server binds it next
    assert "already in use" in (cannot_listen("127.0.0.1", taken) or "")


@pytest.mark.parametrize("url", ["notaurl", "ftp://club.example", "javascript:alert(1)", "http://club.example:99999",
                                 "http://club.example/?a=1", "http://club.example/#top", "http://"])
def test_an_address_the_phones_could_not_open_is_refused_by_the_options(tmp_path: Path, url: str) -> None:
    said = _one_line_and_nothing_else(_serve(tmp_path, "--public-url", url, "--port", str(free_port())))
    assert said.endswith(f"compagnon: error: argument --public-url: {url!r} is not a web address for the phones "
                         "(e.g. http://192.168.1.12:8550)")


def test_the_address_for_the_phones_from_the_environment_is_checked_too_and_named(tmp_path: Path) -> None:
    said = _one_line_and_nothing_else(_serve(tmp_path, "--port", str(free_port()), lang="fr_FR.UTF-8",
                                             env={"COMPAGNON_PUBLIC_URL": "club.example:8550"}))
    # the variable the user set, not the option they never typed
    assert said.endswith("compagnon : erreur : COMPAGNON_PUBLIC_URL : 'club.example:8550' n'est pas une adresse web "
                         "pour les téléphones (par exemple http://192.168.1.12:8550)")


def test_a_session_timeout_from_the_environment_is_refused_by_its_name(tmp_path: Path) -> None:
    said = _one_line_and_nothing_else(_serve(tmp_path, "--port", str(free_port()),
                                             env={"COMPAGNON_SESSION_TIMEOUT": "2h"}))
    assert said.endswith("compagnon: error: COMPAGNON_SESSION_TIMEOUT: '2h' is not a number of seconds from 1 to 86400")


def test_an_option_given_wins_over_its_variable(taken: int, tmp_path: Path) -> None:
    """The command line's ``--public-url`` and ``--session-timeout`` are used: their variables, wrong, are not read
    (the server goes on to its next check, the port, and stops there)."""
    said = _one_line_and_nothing_else(_serve(
        tmp_path, "--port", str(taken), "--public-url", "http://club.example:8550", "--session-timeout", "60",
        env={"COMPAGNON_PUBLIC_URL": "notaurl", "COMPAGNON_SESSION_TIMEOUT": "never"}))
    assert said.startswith("Compagnon cannot start:") and "already in use" in said
