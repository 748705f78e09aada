"""A page gone while the server was sending to it (app/gone.py): the connection's handler ends as for any page
that leaves (its session marked disconnected, so that its time-out starts) instead of raising, and nothing
goes to the log; any other error of a send is still raised.

Flet's own handler (``FletApp.handle``) is driven with a socket that fails the way uvicorn's does when the phone
has gone: a message queued for the page, the read loop told the page has gone, the send of that message
refused with ``WebSocketDisconnect(1006)`` (what failed CI run F5 at random, through a server's log)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from flet_web.fastapi import flet_app
from flet_web.fastapi.flet_app import FletApp
from starlette.datastructures import URL
from starlette.websockets import WebSocketDisconnect
from uvicorn.protocols.utils import ClientDisconnected

from app import gone
from bench.common import run_apart

ORIGINAL_SEND_LOOP = vars(FletApp)["_FletApp__send_loop"]


class LeavingSocket:
    """A page's socket that receives nothing: at its first read a message waits for it, then it has gone, and
    sending to it raises ``refusal``."""

    client = None
    headers: dict[str, str] = {}
    cookies: dict[str, str] = {}
    url = URL("ws://localhost:8550/ws")

    def __init__(self, app: FletApp, refusal: BaseException) -> None:
        self.app, self.refusal, self.sent = app, refusal, 0

    async def accept(self) -> None:
        pass

    async def receive_bytes(self) -> bytes:
        self.app._FletApp__send_queue.put_nowait(b"\x00a patch for the page")  # type: ignore[attr-defined]
        self.app._FletApp__send_queue.put_nowait(b"\x00and another")  # type: ignore[attr-defined]
        await asyncio.sleep(0.01)  # the send loop takes the first and fails on it
        raise WebSocketDisconnect(code=1001)

    async def send_bytes(self, _message: bytes) -> None:
        self.sent += 1
        raise self.refusal


class Session:
    id = "session-1"


def handle(monkeypatch: pytest.MonkeyPatch, refusal: BaseException, send_loop: Any) -> tuple[list[str], LeavingSocket]:
    """Flet's handler run over a :class:`LeavingSocket`; the sessions it marked disconnected."""
    monkeypatch.setattr(FletApp, "_FletApp__send_loop", send_loop)
    disconnected: list[str] = []

    async def disconnect_session(session_id: str, _timeout: int) -> None:
        disconnected.append(session_id)

    monkeypatch.setattr(flet_app.app_manager, "disconnect_session", disconnect_session)

    async def run() -> LeavingSocket:
        app = FletApp(asyncio.get_running_loop(), None, lambda page: None, None)  # type: ignore[arg-type]
        app._FletApp__session = Session()  # type: ignore[attr-defined]  # a page that had registered
        socket = LeavingSocket(app, refusal)
        await asyncio.wait_for(app.handle(socket), 5)  # type: ignore[arg-type]
        assert app._FletApp__send_queue is None and app._FletApp__websocket is None  # type: ignore[attr-defined]
        return socket

    return disconnected, run_apart(run())


@pytest.mark.parametrize("refusal", [WebSocketDisconnect(code=1006), ClientDisconnected(), BrokenPipeError()],
                         ids=["starlette", "uvicorn", "os"])
def test_a_page_gone_during_a_send_is_disconnected_as_any_other(monkeypatch, refusal, caplog) -> None:
    disconnected, socket = handle(monkeypatch, refusal, gone.send_loop)
    # its time-out starts as for a page that left between two sends
    assert len(disconnected) == 1 and "session-1" in disconnected[0]
    assert socket.sent == 1  # what was queued after it went is dropped, not tried again
    assert not [r for r in caplog.records if r.exc_info]


def test_flets_own_loop_skipped_the_disconnect_and_raised() -> None:
    """What :func:`app.gone.install` mends, shown on Flet's own loop (if a later Flet mends it, this fails and
    the module can go)."""
    with pytest.MonkeyPatch.context() as monkeypatch, pytest.raises(WebSocketDisconnect):
        handle(monkeypatch, WebSocketDisconnect(code=1006), ORIGINAL_SEND_LOOP)


def test_another_error_of_a_send_is_still_raised(monkeypatch) -> None:
    with pytest.raises(TypeError, match="not bytes"):
        handle(monkeypatch, TypeError("not bytes"), gone.send_loop)


def test_installed_by_the_server() -> None:
    from app import main

    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(FletApp, "_FletApp__send_loop", ORIGINAL_SEND_LOOP)
        for name in ("serve_emblems", "load_only_fonts_drawn", "serve_files_in_big_reads"):
            monkeypatch.setattr(main, name, lambda: None)  # the rest of the server's changes left out
        monkeypatch.setattr(main.fast, "install", lambda: None)
        monkeypatch.setattr(main.typed, "install", lambda: None)
        main._install_server_changes()
        assert vars(FletApp)["_FletApp__send_loop"] is gone.send_loop


def test_a_socket_whose_page_went_ends_quietly_and_every_other_error_is_raised() -> None:
    async def raising(error: BaseException, kind: str) -> None:
        async def inner(_scope: Any, _receive: Any, _send: Any) -> None:
            raise error

        await gone.LeaveQuietly(inner)({"type": kind}, None, None)  # type: ignore[arg-type]

    run_apart(raising(WebSocketDisconnect(code=1006), "websocket"))
    run_apart(raising(ClientDisconnected(), "websocket"))
    with pytest.raises(ValueError):
        run_apart(raising(ValueError("a bug"), "websocket"))
    with pytest.raises(ClientDisconnected):  # an HTTP answer's own ways are Starlette's
        run_apart(raising(ClientDisconnected(), "http"))


def test_the_server_s_web_app_has_it_outermost(monkeypatch) -> None:
    """Around every other layer of ours, so that a page gone in any of them ends quietly."""
    import flet_web.fastapi as flet_fastapi

    from app import main
    from app.page_headers import PageHeaders

    monkeypatch.setattr(flet_fastapi, "app", flet_fastapi.app)  # Flet's own again after the test
    main.serve_emblems()
    web = flet_fastapi.app(lambda page: None, no_cdn=True)
    assert [m.cls for m in web.user_middleware][:2] == [gone.LeaveQuietly, PageHeaders]
