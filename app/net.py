"""The table on the network: the address phones reach, QR codes, who is the host, seat requests.

Phones join by scanning a QR code of an address on this machine.  When the server
listens on every interface (``--host 0.0.0.0``) that address is the machine's LAN
address; ``--public-url`` (or ``COMPAGNON_PUBLIC_URL``) overrides it, e.g. behind a
reverse proxy or when the machine has several networks.

>>> public_url("127.0.0.1", 8550, "")
'http://127.0.0.1:8550'
>>> public_url("0.0.0.0", 8550, "http://table.local:8550/")
'http://table.local:8550'
>>> qr_png("http://x")[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import ipaddress
import os
import re
import socket
import struct
import threading
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

#: set by ``compagnon`` at start-up (the address printed in the QR codes)
BASE_URL = os.environ.get("COMPAGNON_PUBLIC_URL", "").rstrip("/") or "http://127.0.0.1:8550"
#: ``--trust-network``: every device may use the host's screens (a network of trusted people only)
TRUST_NETWORK = False
#: the server listens on loopback only (``--host 127.0.0.1``, the default) and no ``--key-only``: a
#: browser on this machine is the host without the key (set by ``compagnon``)
LOOPBACK_HOST = False
#: the route of the host link: ``/host/<key>`` (the key is then kept by the browser, see :mod:`app.main`)
HOST_ROUTE = re.compile(r"/host/([A-Za-z0-9_-]{16,200})")
#: the name under which a browser keeps its host key (Flet's client storage)
KEY_PREF = "compagnon.host_key"


def lan_address() -> str:
    """This machine's address on its local network (no packet is sent: a UDP socket is only
    pointed at a documentation address to learn which interface would be used)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))
            address = str(s.getsockname()[0])
            if not address.startswith("0."):
                return address
    except OSError:
        pass
    try:
        return socket.gethostbyname(socket.gethostname())
    except OSError:
        return "127.0.0.1"


def public_url(host: str, port: int, override: str) -> str:
    """The base address written in the QR codes."""
    if override:
        return override.rstrip("/")
    if host in ("0.0.0.0", "::", ""):
        host = lan_address()
    elif host == "localhost":
        host = "127.0.0.1"
    return f"http://{host}:{port}"


def is_host_device(client_ip: str | None, url: str | None = None) -> bool:
    """Is this browser the host without showing a key?  Only with ``--trust-network``, or a browser on
    this machine of a server that listens on loopback only (:data:`LOOPBACK_HOST`): a server reachable
    from the network, or through a forwarder that hides the phones' addresses, grants host rights by
    the host key alone.  An unknown (empty) address is never the host.

    ``url`` is the address the browser asked for (Flet's ``page.url``, built from the request's
    ``Host``): a page opened through a forwarder on this machine (a TCP proxy, an SSH tunnel, a socat
    on the network) comes from 127.0.0.1 but names the forwarder's address, so it is no host.  (A
    forwarder that rewrites ``Host`` to 127.0.0.1, as nginx's default does, is not seen: such a server
    runs with ``--key-only``, docs/security.md.)

    >>> is_host_device("127.0.0.1"), is_host_device(None), is_host_device("")
    (False, False, False)
    """
    if TRUST_NETWORK:
        return True
    if not LOOPBACK_HOST or not client_ip:
        return False
    if url is not None and not _is_loopback(_url_host(url)):
        return False
    return _is_loopback(client_ip)


def _url_host(url: str) -> str:
    """The host part of an address (``[::1]`` without its brackets).

    >>> _url_host("http://127.0.0.1:8550/x"), _url_host("http://[::1]:8550"), _url_host("ws://localhost/ws")
    ('127.0.0.1', '::1', 'localhost')
    """
    from urllib.parse import urlsplit

    try:
        return urlsplit(url).hostname or ""
    except ValueError:
        return ""


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.split("%")[0]).is_loopback
    except ValueError:
        return False


def host_key_in(route: str) -> str:
    """The host key a route carries (``/host/<key>`` or ``?key=<key>``), or ``""``.

    >>> key = "k" * 43
    >>> host_key_in("/host/" + key) == key, host_key_in("/?key=" + key) == key, host_key_in("/match/3")
    (True, True, '')
    """
    path, _, query = route.partition("?")
    found = HOST_ROUTE.fullmatch(path.rstrip("/"))
    if found:
        return found.group(1)
    for part in query.split("&"):
        name, _, value = part.partition("=")
        if name == "key" and HOST_ROUTE.fullmatch(f"/host/{value}"):
            return value
    return ""


def host_url(key: str) -> str:
    """The host link: whoever opens it is the host (print it, show it as a QR code to a tablet)."""
    return f"{BASE_URL}/host/{key}"


_ID_ROUTE = re.compile(r"/(?:match|history)/(\d+)(?:/.*)?")
#: a phone's link names its match by the match's unguessable code (``Match.code``), never by its row id
_CODE_ROUTE = re.compile(r"/(?:seat|table)/([\w-]{1,32})(?:/.*)?")


def _no_code(_code: str) -> int | None:
    return None


def route_match(route: str, by_code: Callable[[str], int | None] = _no_code) -> int | None:
    """The one match a page at ``route`` shows (None: no one match, or a code ``by_code`` knows not).

    >>> codes = {"Ab_c": 3}.get
    >>> route_match("/match/3"), route_match("/history/3/"), route_match("/seat/Ab_c/tok", codes)
    (3, 3, 3)
    >>> route_match("/table/Ab_c", codes), route_match("/seat/3/tok")
    (3, None)
    >>> route_match("/seat/Zz/tok", codes), route_match("/history"), route_match("/match/3?x=1")
    (None, None, 3)
    """
    path = route.split("?")[0].rstrip("/")
    if shown := _ID_ROUTE.fullmatch(path):
        return int(shown.group(1))
    if shown := _CODE_ROUTE.fullmatch(path):
        return by_code(shown.group(1))
    return None


def concerns(route: str, match_id: int | None, by_code: Callable[[str], int | None] = _no_code) -> bool:
    """Does a change to ``match_id`` (None: not one match's data) concern a page at ``route``?  A page on
    one match's screen (the host's, its review, a seat's or the table's, whose link names the match by
    its code: ``by_code`` gives its id) skips the other matches' news; a page on no one match (or a
    link that names no match) hears every change.

    >>> codes = {"Ab_c": 3}.get
    >>> concerns("/match/3", 3), concerns("/match/3", 4), concerns("/match/3", None), concerns("/history", 4)
    (True, False, True, True)
    >>> concerns("/seat/Ab_c/tok", 3, codes), concerns("/seat/Ab_c/tok", 4, codes), concerns("/table/Ab_c", 4, codes)
    (True, False, False)
    >>> concerns("/seat/Ab_c/tok", 4), concerns("/seat/Zz/tok", 4, codes)
    (True, True)
    """
    if match_id is None:
        return True
    shown = route_match(route, by_code)
    return shown is None or shown == match_id


def table_url(code: str) -> str:
    """The table code's link: the match named by its unguessable code (``Match.code``), not its row id."""
    return f"{BASE_URL}/table/{code}"


def seat_url(code: str, token: str) -> str:
    return f"{BASE_URL}/seat/{code}/{token}"


def _png(rows: list[list[bool]], scale: int) -> bytes:
    """A black-on-white greyscale PNG of a module matrix (``True``: black), standard library only."""
    size = len(rows) * scale
    raw = bytearray()
    for row in rows:
        line = bytes(0 if dark else 255 for dark in row for _ in range(scale))
        for _ in range(scale):
            raw += b"\x00" + line

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
            + chunk(b"IEND", b""))


@lru_cache(maxsize=64)
def qr_png(text: str, scale: int = 6) -> bytes:
    """The QR code of ``text`` as PNG bytes (for ``ft.Image(src=...)``)."""
    import qrcode  # here: the server answers sooner without it (nothing on the first page needs it)
    from qrcode.constants import ERROR_CORRECT_M

    qr = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=2)
    qr.add_data(text)
    qr.make(fit=True)
    return _png(qr.get_matrix(), scale)


# ------------------------------------------------------------------ seat requests from the table code


@dataclass(frozen=True)
class SeatRequest:
    id: str  # the asking page's own random id
    match_id: int
    seat: int


class Lobby:
    """Seat requests waiting for the host, and the links granted to the pages that asked.

    In memory on purpose: a request lives for the few seconds the host takes to confirm it; a
    granted link is in the database (:mod:`db.seat_tokens`) and is handed only to the page that asked.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._requests: dict[str, SeatRequest] = {}
        self._granted: dict[str, str] = {}
        self._refused: set[str] = set()

    def ask(self, request: SeatRequest) -> None:
        with self._lock:
            self._requests[request.id] = request
            self._refused.discard(request.id)

    def waiting(self, match_id: int) -> list[SeatRequest]:
        with self._lock:
            return [r for r in self._requests.values() if r.match_id == match_id]

    def pending(self, request_id: str) -> SeatRequest | None:
        with self._lock:
            return self._requests.get(request_id)

    def grant(self, request_id: str, token: str) -> None:
        with self._lock:
            self._requests.pop(request_id, None)
            self._granted[request_id] = token

    def refuse(self, request_id: str) -> None:
        with self._lock:
            self._requests.pop(request_id, None)
            self._refused.add(request_id)

    def take_grant(self, request_id: str) -> str | None:
        """The link granted to this page (once)."""
        with self._lock:
            return self._granted.pop(request_id, None)

    def was_refused(self, request_id: str) -> bool:
        with self._lock:
            return request_id in self._refused


LOBBY = Lobby()
