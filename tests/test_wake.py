"""How a write reaches the other pages of the server (app.main.waker, app.shared.this_server_wrote), and
Flet's event types looked up once per control class (app.fast)."""

from __future__ import annotations

import asyncio
import gc
import threading
import warnings
from types import SimpleNamespace
from typing import Any

import flet as ft

from app import fast, shared
from app.main import waker
from app.state import AppState
from bench.common import run_apart


def page_at(route: str) -> Any:
    return SimpleNamespace(route=route)


def showing(app: AppState, route: str) -> AppState:
    """``app`` with its screen on ``route`` (the waker reads the route the screen shows)."""
    app.shown(route)
    return app


def test_a_write_wakes_the_pages_of_its_match_and_those_on_no_one_match_at_once_on_the_loop() -> None:
    async def run() -> list[int]:
        loop = asyncio.get_running_loop()
        codes = SimpleNamespace(match_id_for_code={"abc": 3, "xyz": 4}.get)  # a phone's link names its match by code
        apps = [AppState(store=codes) for _ in range(6)]  # type: ignore[arg-type]
        routes = ["/match/3", "/seat/abc/tok", "/match/4", "/history", "/seat/xyz/tok", "/table/abc"]
        wakes = [waker(page_at(r), showing(a, r), loop) for r, a in zip(routes, apps, strict=True)]
        said = [w(3) for w in wakes]
        assert said == [True, True, False, True, False, True]
        return [a.data.value for a in apps]

    assert run_apart(run()) == [1, 1, 0, 1, 0, 1]


def test_a_page_woken_from_another_thread_draws_on_its_loop_and_a_gone_loop_raises_no_warning() -> None:
    """Another server's write arrives on the database watcher's thread: the page's bump runs on the loop.
    A page whose loop is gone is left alone: no exception, and no coroutine left never awaited (the
    ``RuntimeWarning: coroutine 'main.<locals>.bump' was never awaited`` of a page whose session was
    away, which also stopped that page from ever hearing of a change again)."""
    async def run() -> int:
        loop = asyncio.get_running_loop()
        app = AppState(store=None)  # type: ignore[arg-type]
        wake = waker(page_at("/match/5"), showing(app, "/match/5"), loop)
        done = threading.Event()
        threading.Thread(target=lambda: (wake(5), done.set())).start()
        await asyncio.to_thread(done.wait, 5)
        for _ in range(10):
            await asyncio.sleep(0)
        return app.data.value

    assert run_apart(run()) == 1
    closed = asyncio.new_event_loop()
    closed.close()
    app = AppState(store=None)  # type: ignore[arg-type]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert waker(page_at("/match/5"), showing(app, "/match/5"), closed)(5) is True
        gc.collect()
    assert app.data.value == 0


def test_the_other_pages_are_told_one_after_the_other_after_the_writer_and_never_the_writer() -> None:
    async def run() -> list[str]:
        order: list[str] = []
        pages = [object() for _ in range(3)]

        def wake_of(name: str) -> Any:
            def wake(match_id: int | None) -> bool:
                order.append(f"{name}:{match_id}")
                return True
            return wake

        forgets = [shared.on_change(p, wake_of(f"p{i}")) for i, p in enumerate(pages)]
        try:
            shared.this_server_wrote(("data", 7), pages[0])
            order.append("writer's handler ends")
            for _ in range(20):
                await asyncio.sleep(0)
        finally:
            for forget in forgets:
                forget()
        return order

    assert run_apart(run()) == ["writer's handler ends", "p1:7", "p2:7"]


def test_an_event_type_is_looked_up_once_per_control_class_and_handler_and_agrees_with_flet() -> None:
    from flet.controls import base_control

    fast.install()
    fast.install()  # once
    original = vars(base_control)["_compagnon_original"]
    controls = [ft.Button("x", on_click=lambda _e: None), ft.TextField(on_change=lambda _e: None),
                ft.NavigationBar(destinations=[], on_change=lambda _e: None),
                ft.ExpansionTile(title=ft.Text("t"), on_change=lambda _e: None)]
    for control, name in zip(controls, ["on_click", "on_change", "on_change", "on_change"], strict=True):
        found = base_control.get_event_field_type(control, name)
        assert found is original(control, name) and found is not None
        assert fast.event_types()[(type(control), name)] is found
        assert base_control.get_event_field_type(control, name) is found
    assert base_control.get_event_field_type(controls[0], "on_nothing") is None


def test_a_message_is_sent_as_the_same_bytes_without_being_written_as_text_first() -> None:
    from flet.messaging.protocol import Message, MessageAction
    from flet_web.fastapi import flet_app

    fast.install()
    fast.install()  # once
    original = vars(flet_app)["_compagnon_send_message"]
    assert flet_app.FletApp.send_message is not original

    class Queue(list[bytes]):
        def put_nowait(self, item: bytes) -> None:
            self.append(item)

    message = Message(MessageAction.PATCH_CONTROL, {"id": 7, "patch": [[0], [0, 0, "controls", [ft.Text("Léa")]]]})
    sent, expected = SimpleNamespace(_FletApp__send_queue=Queue()), SimpleNamespace(_FletApp__send_queue=Queue())
    flet_app.FletApp.send_message(sent, message)
    original(expected, message)
    assert sent._FletApp__send_queue == expected._FletApp__send_queue and len(sent._FletApp__send_queue) == 1


def test_flet_s_debug_only_loggers_are_quiet_and_its_other_loggers_untouched() -> None:
    import logging

    fast.install()
    for name in fast.QUIET:
        assert logging.getLogger(name).debug is fast._nothing
    assert "debug" not in vars(logging.getLogger("flet"))  # its own, untouched


def _tree(names: list[str], total: int) -> ft.Control:
    """A small screen as the app draws one: a card of rows (dataclass values and controls nested)."""
    rows = [ft.Row([ft.Text(n, weight=ft.FontWeight.BOLD), ft.Text(str(i * total))], key=n)
            for i, n in enumerate(names)]
    return ft.Column([ft.Card(ft.Container(ft.Column(rows), padding=ft.Padding.all(12))),
                      ft.Button(f"Total {total}", on_click=lambda _e: None, style=ft.ButtonStyle(color="red"))])


def test_flet_s_diff_and_encoding_are_the_same_with_the_per_class_lookups() -> None:
    """The per-class ``is_dataclass``/``fields`` (app.fast) give Flet's diff the same operations and
    its encoder the same bytes as the ``dataclasses`` module's own answers (the control ids numbered
    alike on both sides)."""
    import dataclasses
    import itertools

    import msgpack
    from flet.controls import base_control, id_counter, object_patch
    from flet.messaging import protocol

    def patch() -> tuple[bytes, list[str], list[str]]:
        id_counter.ControlId._counter = itertools.count(10_000)
        src, dst = _tree(["Léa", "Sam"], 3), _tree(["Sam", "Léa", "Ana"], 4)
        ops, added, removed = object_patch.ObjectPatch.from_diff(src, dst, base_control.BaseControl, frozen=True)
        encoded = msgpack.packb(ops.to_message(),
                                default=protocol.configure_encode_object_for_msgpack(base_control.BaseControl))
        return encoded, [type(c).__name__ for c in added], [type(c).__name__ for c in removed]

    saved_counter = id_counter.ControlId._counter
    fast.install()
    try:
        fast_answer = patch()
        saved = object_patch.dataclasses, protocol.is_dataclass, protocol.fields
        object_patch.dataclasses, protocol.is_dataclass, protocol.fields = (dataclasses, dataclasses.is_dataclass,
                                                                            dataclasses.fields)
        try:
            plain_answer = patch()
        finally:
            object_patch.dataclasses, protocol.is_dataclass, protocol.fields = saved
    finally:
        id_counter.ControlId._counter = saved_counter
    assert object_patch.dataclasses is fast.FAST_DATACLASSES
    assert fast_answer == plain_answer
    assert "Text" in fast_answer[1] and b"Ana" in fast_answer[0]  # the diff compared controls and sent the new row
