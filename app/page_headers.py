"""What a page of this server may fetch from elsewhere, said to the browser with the page.

Flet 1.0.5's web client asks a CDN for Rive's runtime at every page load
(``https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@…/rive_native.js``: its Rive extension starts
with the client, whatever the app draws, even with ``no_cdn=True``).  No screen of Compagnon draws a Rive
animation: online, each phone that opened a page told a third party of the visit (the server's address as
referrer) and spent its data loading a runtime nothing used; offline, the request failed.  Every HTML answer
now carries:

- ``Content-Security-Policy: script-src-elem 'self' 'unsafe-inline' blob: data:``: the page loads the scripts
  of this server only (the client's own, its inline start); the CDN's is refused by the browser before any
  request leaves it.  The directive names script elements alone: WebAssembly, workers, pictures, fonts and the
  web socket are as before, and a browser that does not know the directive (Safari before 15.4) ignores it and
  behaves as before;
- ``Referrer-Policy: same-origin``: no other site is told the server's address.

>>> dict(PAGE_HEADERS)[b"referrer-policy"]
b'same-origin'
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

PAGE_HEADERS = (
    (b"content-security-policy", b"script-src-elem 'self' 'unsafe-inline' blob: data:"),
    (b"referrer-policy", b"same-origin"),
)


def _is_html(headers: list[tuple[bytes, bytes]]) -> bool:
    return any(key.lower() == b"content-type" and value.lower().startswith(b"text/html") for key, value in headers)


class PageHeaders:
    """ASGI middleware: :data:`PAGE_HEADERS` added to every HTML answer (the web client's page, whatever the
    route asked for); every other answer (the client's files, the pictures, the web socket) untouched."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                if _is_html(headers):
                    message = {**message, "headers": headers + list(PAGE_HEADERS)}
            await send(message)

        await self.app(scope, receive, sending)
