"""The browser tests' no-traceback guard: Flet's disconnect noise is not an error; the app's errors are.

The logs here are made as the server makes them: a real exception raised by the real library, logged
through ``logging`` with its traceback, by the same logger and message as flet_web's receive loop.
"""

from __future__ import annotations

import io
import logging

from starlette.websockets import WebSocket

from bench.common import run_apart
from tests.browser.conftest import ROOT, real_errors


def logged(fn) -> str:
    """What a ``logging`` handler writes when ``fn`` raises and the error is logged with its traceback
    (the way flet_web logs "Receive loop error: …" and uvicorn "Exception in ASGI application")."""
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    log = logging.getLogger("flet_web.fastapi.test_ux_guard")
    log.addHandler(handler)
    log.propagate = False
    try:
        try:
            fn()
        except Exception as e:
            log.warning(f"Receive loop error: {e}", exc_info=True)
    finally:
        log.removeHandler(handler)
    return "Start session: 5f0c\n" + out.getvalue() + "App session closed\n"


def closed_socket_receive() -> None:
    """A page closed during a restore: the receive loop reads a socket that is no longer connected."""

    async def nothing():  # pragma: no cover - never awaited: the socket is closed before any read
        return {}

    ws = WebSocket({"type": "websocket", "path": "/ws", "headers": []}, nothing, nothing)
    ws.client_state = ws.application_state = type(ws.application_state).DISCONNECTED
    run_apart(ws.receive_bytes())


def app_code(raising: str) -> None:
    """``raising`` run as if it were a line of the app's history screen (its frames name that file)."""
    exec(compile(raising, str(ROOT / "app" / "screens" / "history.py"), "exec"), {})


def test_the_receive_loop_disconnect_noise_is_left_aside():
    log = logged(closed_socket_receive)
    assert "WebSocket is not connected" in log and "Traceback" in log  # the very noise of issue 20
    assert real_errors(log) == []


def test_an_error_of_the_app_fails_the_guard():
    log = logged(lambda: app_code("{}['seat']"))
    errors = real_errors(log)
    assert len(errors) == 1 and "KeyError: 'seat'" in errors[0]


def test_a_disconnect_raised_through_the_apps_own_code_is_still_an_error():
    """The app must handle a closed page itself: a disconnect that passed through app/ counts."""
    log = logged(lambda: app_code("from tests.browser.test_ux_guard import closed_socket_receive\n"
                                  "closed_socket_receive()"))
    assert len(real_errors(log)) == 1


def test_noise_beside_a_real_error_does_not_hide_it():
    log = logged(closed_socket_receive) + logged(lambda: app_code("1 / 0")) + logged(closed_socket_receive)
    errors = real_errors(log)
    assert len(errors) == 1 and "ZeroDivisionError" in errors[0]


def test_a_disconnect_chained_to_an_error_of_another_kind_counts_by_its_last_exception():
    def chained() -> None:
        try:
            closed_socket_receive()
        except RuntimeError as e:
            raise ValueError("the state could not be saved") from e

    errors = real_errors(logged(chained))
    assert len(errors) == 1 and "ValueError: the state could not be saved" in errors[0]
    assert "WebSocketDisconnected" in errors[0]  # the whole chain is shown


def test_a_traceback_cut_short_counts_as_an_error():
    """Without its last line there is no telling it is noise: the guard errs on the side of failing."""
    cut = "\n".join(logged(closed_socket_receive).splitlines()[:-2])
    assert "Traceback" in cut and len(real_errors(cut)) == 1
