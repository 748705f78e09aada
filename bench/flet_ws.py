"""A client that speaks Flet 1.0.5's websocket protocol as the browser's web client does, without a browser.

For load generators (``bench.bench_capacity``) and tests that need many devices: a real browser tab
costs 100 MB and a core, this costs a websocket and the page's control tree as plain dicts.

The protocol, read from ``flet/messaging/protocol.py``, ``flet_web/fastapi/flet_app.py`` and
``flet/controls/object_patch.py``, and checked against a real Chromium session's frames (recorded with
Playwright's ``page.on("websocket")`` on Compagnon's match screen):

* One websocket per page, at ``ws://HOST:PORT/ws``.  Every frame is binary: ``b"\\x00"`` followed by
  ``msgpack([action, body])`` (``0x01`` frames are data channels, unused here).  Actions
  (``MessageAction``): 1 register client, 2 patch control, 3 control event, 4 update control props,
  5 invoke method, 6 session crashed.
* The browser first sends ``[1, {"session_id": None, "page_name": "<route without its first slash>",
  "page": {"route": "/match/1", "width": 390.0, "height": 844.0, "web": True, "platform": "linux",
  "media": {...}, ...}}]``; the server answers ``[1, {"session_id", "page_patch": <the Page control as a
  dict>, "error"}]``, then the browser sends its brightness, media and size (actions 4 and 3) and the
  server runs the app's ``main`` and sends the page's controls as patches.
* A control is a dict with ``_c`` (its type: ``"Text"``, ``"Button"``, ``"C"`` for a component, whose
  body is under ``_b``...) and ``_i`` (its id), and its properties; an event handler shows as
  ``on_click: True``.
* A patch is ``[2, {"id": <control id>, "patch": [tree, *operations]}]``.  ``tree`` numbers the paths
  the operations use: ``[0, {"views": [1, {0: [2]}]}]`` makes node 0 the control itself, node 1 its
  ``views`` and node 2 ``views[0]``.  Operations: ``[0, node, key, value]`` replace,
  ``[1, node, key, value]`` add (insert into a list), ``[2, node, key]`` remove,
  ``[3, node, key, to_node, to_key]`` move; they apply one after the other.
* A tap is ``[3, {"target": <id>, "name": "click", "data": None}]``; typing in a field is
  ``[4, {"id": <id>, "props": {"value": "40"}}]`` then ``[3, {"target": <id>, "name": "change",
  "data": "40"}]``, once per keystroke.
* The server may call a method on a service control of the page (``SharedPreferences.get``...):
  ``[5, {"control_id", "call_id", "name", "args"}]``; the client answers ``[5, {"control_id",
  "call_id", "result", "error"}]``.  This client keeps a small in-memory store for
  ``SharedPreferences`` (``get``/``set``/``remove``/``contains_key``/``get_keys``/``clear``) and
  answers ``None`` to anything else.

Use::

    async with FletPage.open("http://127.0.0.1:8550", "/match/1") as page:
        await page.wait_for_text("Robby Solo #1")
        await page.change(page.field("Cartes Butin dans la pioche"), "40")
        await page.click(page.button("Recompter la pioche"))
        await page.wait_for(lambda: "40" in page.texts())

Every patch received increments :attr:`FletPage.patches` and notes :attr:`FletPage.last_patch`
(``time.perf_counter()``), for latency measurements.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from typing import Any

import msgpack  # type: ignore[import-untyped]
from websockets.asyncio.client import ClientConnection, connect

REGISTER, PATCH, EVENT, UPDATE, INVOKE, CRASHED = 1, 2, 3, 4, 5, 6
REPLACE, ADD, REMOVE, MOVE = 0, 1, 2, 3
#: the properties that hold what a person reads on a control (or hears from a screen reader)
TEXT_KEYS = ("value", "content", "text", "label", "tooltip", "title", "hint_text", "semantics_label",
             "helper_text", "error_text", "subtitle")
PHONE = (390.0, 844.0)
_ZERO = {"top": 0.0, "right": 0.0, "bottom": 0.0, "left": 0.0}
MEDIA = {"padding": _ZERO, "view_padding": _ZERO, "view_insets": _ZERO, "device_pixel_ratio": 1.0,
         "orientation": "portrait", "always_use_24_hour_format": False}

Control = dict[str, Any]


class FletError(RuntimeError):
    """The server ended the session (``SESSION_CRASHED``), refused the registration, or a wait timed out."""


def _ext(code: int, data: bytes) -> Any:
    """Flet's msgpack extension types (``decode_ext_from_msgpack``), as plain strings and numbers."""
    if code in (1, 2, 4):  # datetime, time (ISO text), str
        return data.decode("utf-8")
    if code == 3:  # Duration, in microseconds
        return int(data) if data.isdigit() else data
    return msgpack.ExtType(code, data)


def encode(action: int, body: Any) -> bytes:
    return b"\x00" + bytes(msgpack.packb([action, body]))


def decode(frame: bytes) -> tuple[int, Any]:
    if not frame or frame[0] != 0:
        return 0, None
    action, body = msgpack.unpackb(frame[1:], ext_hook=_ext, strict_map_key=False)
    return int(action), body


def is_control(x: Any) -> bool:
    return isinstance(x, dict) and "_c" in x and "_i" in x


def controls_in(value: Any, parent: Control | None = None) -> Iterator[tuple[Control, Control | None]]:
    """Every control in ``value`` (a control, a list, a dict of properties) with its parent control,
    depth first, in the order of the tree (a hidden control and what it holds are skipped)."""
    stack: list[tuple[Any, Control | None]] = [(value, parent)]
    while stack:
        x, up = stack.pop()
        if isinstance(x, dict):
            if is_control(x):
                if x.get("visible") is False:
                    continue
                yield x, up
                up = x
            stack.extend((v, up) for k, v in reversed(list(x.items())) if isinstance(v, dict | list)
                         and k != "_internals")
        elif isinstance(x, list):
            stack.extend((v, up) for v in reversed(x) if isinstance(v, dict | list))


def own_texts(c: Control) -> list[str]:
    """The texts a control shows by itself (its children's are theirs)."""
    out = []
    for key in TEXT_KEYS:
        v = c.get(key)
        if isinstance(v, str) and v:
            out.append(v)
    return out


class FletPage:
    """One page (one browser tab, one Flet session) driven over the websocket."""

    def __init__(self, ws: ClientConnection, route: str) -> None:
        self.ws = ws
        self.route = route
        self.page: Control = {}
        self.index: dict[int, Control] = {}
        self.session_id = ""
        self.patches = 0
        self.last_patch = 0.0
        self.received_bytes = 0
        self.error = ""
        self.prefs: dict[str, Any] = {}
        self._changed = asyncio.Condition()
        self._reader: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ connecting
    @classmethod
    @asynccontextmanager
    async def open(cls, base: str, route: str, size: tuple[float, float] = PHONE,
                   timeout: float = 60.0) -> AsyncIterator[FletPage]:
        page = await cls.connect(base, route, size, timeout)
        try:
            yield page
        finally:
            await page.close()

    @classmethod
    async def connect(cls, base: str, route: str, size: tuple[float, float] = PHONE,
                      timeout: float = 60.0, session_id: str | None = None) -> FletPage:
        """Open the websocket, register on ``route`` as a browser would, and wait for the first patch
        (the app's ``main`` has drawn the page).  ``session_id``: come back to that session (as a page
        whose connection dropped does), whose whole page the server sends back; no patch is awaited."""
        url = base.replace("http://", "ws://").replace("https://", "wss://").rstrip("/") + "/ws"
        ws = await connect(url, max_size=None, open_timeout=timeout, ping_interval=None,
                           user_agent_header="Mozilla/5.0 (compagnon bench.flet_ws)")
        page = cls(ws, route)
        width, height = size
        name = route.lstrip("/").split("?")[0]
        await ws.send(encode(REGISTER, {"session_id": session_id, "page_name": name, "page": {
            "route": route, "pwa": False, "web": True, "debug": False, "wasm": True, "test": False,
            "multi_view": False, "pyodide": False, "platform_brightness": "light", "width": width,
            "height": height, "platform": "linux", "window": {}, "media": MEDIA}}))
        page._reader = asyncio.create_task(page._read())
        await page.wait_for(lambda: bool(page.session_id), timeout)
        await page.send(UPDATE, {"id": page.page["_i"], "props": {"platform_brightness": "light"}})
        await page.send(EVENT, {"target": page.page["_i"], "name": "platform_brightness_change", "data": "light"})
        await page.send(UPDATE, {"id": page.page["_i"], "props": {"media": MEDIA}})
        await page.send(UPDATE, {"id": page.page["_i"], "props": {"width": width, "height": height}})
        if session_id is None:
            await page.wait_for(lambda: page.patches > 0, timeout)
        return page

    async def reconnect(self, base: str, timeout: float = 60.0) -> FletPage:
        """The same page back on a new connection after :meth:`drop` (a phone's Wi-Fi back): a new
        :class:`FletPage` on this one's session, holding the whole page as the server sends it back."""
        return await FletPage.connect(base, self.route, timeout=timeout, session_id=self.session_id)

    async def drop(self) -> None:
        """Lose the connection without leaving (the server keeps the session for its timeout)."""
        await self.close()

    async def close(self) -> None:
        await self.ws.close()
        if self._reader:
            self._reader.cancel()
            try:
                await self._reader
            except (asyncio.CancelledError, Exception):  # noqa: BLE001 - closing whatever state it is in
                pass

    async def send(self, action: int, body: Any) -> None:
        await self.ws.send(encode(action, body))

    # ------------------------------------------------------------------ receiving
    async def _read(self) -> None:
        try:
            async for frame in self.ws:
                if isinstance(frame, bytes):
                    self.received_bytes += len(frame)
                    await self._on(*decode(frame))
        except Exception as e:  # noqa: BLE001 - a closed connection ends the page, said to every waiter
            self.error = self.error or f"connection closed: {type(e).__name__}: {e}"
        finally:
            self.error = self.error or "connection closed"
            async with self._changed:
                self._changed.notify_all()

    async def _on(self, action: int, body: Any) -> None:
        if action == REGISTER:
            if body.get("error"):
                self.error = f"registration refused: {body['error']}"
            self.page = body["page_patch"]
            self._index(self.page)
            self.session_id = body["session_id"]
        elif action == PATCH:
            self.apply(body["id"], body["patch"])
            self.patches += 1
            self.last_patch = time.perf_counter()
        elif action == INVOKE:
            await self.send(INVOKE, self._answer(body))
        elif action == CRASHED:
            self.error = f"session crashed: {body.get('message', body)}"
        async with self._changed:
            self._changed.notify_all()

    def _answer(self, call: dict[str, Any]) -> dict[str, Any]:
        name, args = call.get("name", ""), call.get("args") or {}
        target = self.index.get(call.get("control_id", -1), {})
        result: Any = None
        if target.get("_c") == "SharedPreferences":
            key = str(args.get("key"))
            if name == "set":
                self.prefs[key] = args.get("value")
                result = True
            elif name == "get":
                result = self.prefs.get(key)
            elif name == "contains_key":
                result = key in self.prefs
            elif name == "remove":
                result = self.prefs.pop(key, None) is not None
            elif name == "get_keys":
                result = [k for k in self.prefs if k.startswith(args.get("prefix", ""))]
            elif name == "clear":
                self.prefs.clear()
                result = True
        return {"control_id": call.get("control_id"), "call_id": call.get("call_id"), "result": result,
                "error": None}

    def _index(self, value: Any) -> None:
        stack = [value]
        while stack:
            x = stack.pop()
            if isinstance(x, dict):
                if is_control(x):
                    self.index[x["_i"]] = x
                stack.extend(v for v in x.values() if isinstance(v, dict | list))
            elif isinstance(x, list):
                stack.extend(v for v in x if isinstance(v, dict | list))

    def apply(self, control_id: int, patch: list[Any]) -> None:
        """Apply one patch message to the control ``control_id`` (see the module's docstring)."""
        root = self.index.get(control_id)
        if root is None:
            raise FletError(f"patch for an unknown control {control_id}")
        paths: dict[int, list[Any]] = {}

        def number(node: list[Any], prefix: list[Any]) -> None:
            paths[node[0]] = prefix
            for key, child in (node[1].items() if len(node) > 1 else ()):
                number(child, [*prefix, key])

        number(patch[0], [])

        def at(node: int) -> Any:
            obj: Any = root
            for key in paths[node]:
                obj = obj[key]
            return obj

        for op in patch[1:]:
            kind = op[0]
            if kind == MOVE:
                source = at(op[1])
                value = source.pop(op[2])
                target = at(op[3])
                if isinstance(target, list):
                    target.insert(op[4], value)
                else:
                    target[op[4]] = value
                continue
            parent, key = at(op[1]), op[2]
            if kind == REMOVE:
                del parent[key]
                continue
            value = op[3]
            if kind == ADD and isinstance(parent, list):
                parent.insert(key, value)
            else:
                parent[key] = value
            if isinstance(value, dict | list):
                self._index(value)

    # ------------------------------------------------------------------ reading the page
    def controls(self) -> Iterator[tuple[Control, Control | None]]:
        """Every visible control of the page (its views, dialogs and overlay), with its parent."""
        return controls_in(self.page)

    def texts(self) -> list[str]:
        return [t for c, _up in self.controls() for t in own_texts(c)]

    def find(self, text: str, kind: str | None = None, exact: bool = True, handler: str | None = None) -> Control:
        """The first control showing ``text`` (``exact``: the whole text, else a part of it), of type
        ``kind`` if given; with ``handler`` (``"click"``...), the nearest control from it up to the page
        that answers that event (a button's text may be a ``Text`` inside it)."""
        parents: dict[int, Control | None] = {}
        for c, up in self.controls():
            parents[c["_i"]] = up
            if kind and c["_c"] != kind:
                continue
            if any(t == text if exact else text in t for t in own_texts(c)):
                if handler is None:
                    return c
                found: Control | None = c
                while found is not None and not found.get(f"on_{handler}"):
                    found = parents.get(found["_i"])
                if found is not None:
                    return found
        raise LookupError(f"no control shows {text!r}" + (f" ({kind})" if kind else "") +
                          (f" with on_{handler}" if handler else ""))

    def button(self, text: str, exact: bool = False) -> Control:
        return self.find(text, exact=exact, handler="click")

    def field(self, label: str) -> Control:
        for c, _up in self.controls():
            if c["_c"] == "TextField" and label in own_texts(c):
                return c
        raise LookupError(f"no text field labelled {label!r}")

    # ------------------------------------------------------------------ acting
    async def event(self, control: Control, name: str, data: Any = None) -> None:
        await self.send(EVENT, {"target": control["_i"], "name": name, "data": data})

    async def click(self, control: Control) -> None:
        await self.event(control, "click")

    async def change(self, control: Control, value: str) -> None:
        """Type ``value`` into a field as one keystroke (the browser sends one pair per keystroke)."""
        await self.send(UPDATE, {"id": control["_i"], "props": {"value": value}})
        control["value"] = value
        await self.event(control, "change", value)

    async def wait_for(self, predicate: Callable[[], bool], timeout: float = 30.0) -> None:
        """Wait until ``predicate()`` holds (checked after every message from the server)."""
        async def until() -> None:
            async with self._changed:
                while not predicate():
                    if self.error:
                        raise FletError(self.error)
                    await self._changed.wait()

        try:
            await asyncio.wait_for(until(), timeout)
        except TimeoutError:
            raise FletError(f"timed out after {timeout} s waiting on {self.route}") from None

    async def wait_for_text(self, text: str, timeout: float = 30.0, exact: bool = False) -> None:
        await self.wait_for(lambda: any(t == text if exact else text in t for t in self.texts()), timeout)
