"""A page gone while the server was sending to it: the connection ended as any other, nothing logged.

Flet 1.0.5's web transport (``flet_web.fastapi.flet_app.FletApp``) runs two loops per web socket: one reads
the page's messages, one sends the server's.  When a phone leaves (a tab closed, the Wi-Fi lost, a screen
locked) while something is being sent to it (another device's write told to every page, a timer's tick),
the send fails with ``WebSocketDisconnect``; Flet lets it out of its send loop and out of the connection's
handler, which then skips what it does when a page leaves: the session is never marked disconnected, so its
time-out never starts (it stays until the server stops, and what is sent to it piles up in a queue no loop
reads), and the web server logs "Exception in ASGI application" with a traceback.

:func:`install` gives ``FletApp`` a send loop that, once a send finds the page gone, drops what is still
queued for this connection until the read loop (which sees the same end) closes it, and then ends as Flet's
does, so the handler goes on to mark the session disconnected.  Any other error of a send is raised as before.
And :class:`LeaveQuietly`, around the server's web app, ends a web socket whose page went at any other moment
(its accepting, say) without a traceback in the log: there is nothing to answer and no one to answer to.
"""

from __future__ import annotations

from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

#: what a send raises when the other end has gone: Starlette's word for it, and uvicorn's and the OS's
#: beneath it (a transport that lets them through)
GONE_NAMES = ("WebSocketDisconnect", "ClientDisconnected", "ConnectionClosed", "BrokenPipeError",
              "ConnectionResetError")


def is_gone(error: BaseException) -> bool:
    """Whether ``error`` says only that the page's end of the socket has gone.

    >>> is_gone(BrokenPipeError()), is_gone(ValueError("bad frame"))
    (True, False)
    """
    return any(cls.__name__ in GONE_NAMES for cls in type(error).__mro__)


async def send_loop(self: Any) -> None:
    """Flet's ``FletApp.__send_loop`` (each queued message sent; ``None`` ends it and frees the socket and
    the queue), but a message for a page already gone is dropped instead of ending the connection's handler
    with an error."""
    queue = self._FletApp__send_queue
    gone = False
    while True:
        message = await queue.get()
        if message is None:
            break
        if gone:
            continue
        try:
            await self._FletApp__websocket.send_bytes(message)
        except Exception as error:
            if not is_gone(error):
                raise
            gone = True  # the read loop meets the same end and queues the None that ends this loop
    self._FletApp__websocket = None
    self._FletApp__send_queue = None


class LeaveQuietly:
    """ASGI middleware: a web socket's handler that ends with :func:`is_gone` ends quietly; every other error,
    and every HTTP request, goes on as before."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await self.app(scope, receive, send)
        except Exception as error:
            if scope["type"] != "websocket" or not is_gone(error):
                raise


def install() -> None:
    """Have every web socket's send loop be :func:`send_loop` (once; a second call changes nothing)."""
    from flet_web.fastapi.flet_app import FletApp

    FletApp._FletApp__send_loop = send_loop
