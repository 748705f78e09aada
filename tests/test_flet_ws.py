"""bench.flet_ws: a page driven over Flet's websocket protocol, without a browser."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bench.common import run_apart
from bench.flet_ws import ADD, MOVE, REMOVE, REPLACE, FletPage, decode, encode
from bench.webapp import served
from tests.browser.conftest import real_errors


def structure(x: Any) -> Any:
    """A control tree without its ids (two sessions number their controls each their own way), without
    what a field holds (a typed value lives on the device) and without properties set back to their
    default (a patch says ``disabled: False`` where a whole page leaves it out)."""
    if isinstance(x, dict):
        return {k: structure(v) for k, v in x.items()
                if k != "_i" and not (x.get("_c") == "TextField" and k == "value")
                and not (v is None or (v is False and k != "visible"))}
    if isinstance(x, list):
        return [structure(v) for v in x]
    return x


def test_frames_are_a_zero_byte_then_msgpack() -> None:
    frame = encode(3, {"target": 5, "name": "click", "data": None})
    assert frame[:1] == b"\x00"
    assert decode(frame) == (3, {"target": 5, "name": "click", "data": None})


def test_a_patch_replaces_adds_removes_and_moves_in_order() -> None:
    page = FletPage.__new__(FletPage)
    page.index = {}
    root: dict[str, Any] = {"_c": "Column", "_i": 1, "controls": [{"_c": "Text", "_i": 2, "value": "a"},
                                                  {"_c": "Text", "_i": 3, "value": "b"}]}
    page._index(root)
    # node 0: the column, node 1: its controls, node 2: controls[0]
    page.apply(1, [[0, {"controls": [1, {0: [2]}]}],
                   [REPLACE, 2, "value", "A"],
                   [ADD, 1, 2, {"_c": "Text", "_i": 4, "value": "c"}],
                   [MOVE, 1, 0, 1, 2],
                   [REMOVE, 1, 0]])
    assert [c["value"] for c in root["controls"]] == ["c", "A"]
    assert page.index[4]["value"] == "c"  # an added control can be found by its id for later patches


def test_a_client_registers_acts_and_keeps_the_same_tree_as_a_fresh_page(tmp_path: Path) -> None:
    """One page over the websocket opens a match, types a number and taps a button as a browser would;
    its control tree, patched as the server sends changes, is the tree a page opened afterwards gets whole."""

    async def play(url: str, match_id: int) -> None:
        async with FletPage.open(url, f"/match/{match_id}") as page:
            await page.wait_for_text(f"Robby Solo #{match_id}")
            field = page.field("Cartes Butin dans la pioche")
            await page.change(field, "4")
            await page.change(field, "40")
            before = page.patches
            await page.click(page.button("Recompter la pioche"))
            await page.wait_for_text("Événements (1)")
            assert page.patches > before
            index = page.texts().index("Cartes Butin dans la pioche")
            assert page.texts()[index + 1] == "40"
            await asyncio.sleep(0.5)
            async with FletPage.open(url, f"/match/{match_id}") as fresh:
                await fresh.wait_for_text("Événements (1)")
                await asyncio.sleep(0.5)
                assert structure(page.page["views"]) == structure(fresh.page["views"])
            assert not page.error
            with pytest.raises(LookupError):
                page.button("No such button anywhere")

    with served(tmp_path) as (server, match_id):
        run_apart(play(server.url, match_id))
        log = server.log.read_text()
    assert not real_errors(log)


def test_a_page_away_during_a_write_is_drawn_anew_when_back_and_still_hears_of_the_next_writes(tmp_path: Path) -> None:
    """A phone whose connection drops while another device records an event (its session waits for it):
    once back on the same session it shows that event, and it still hears of the next ones.  (Telling a
    page whose connection was gone used to fail, leave a coroutine never awaited, and cut the page off
    from every later write.)"""

    async def recount(page: FletPage, value: str) -> None:
        field = page.field("Cartes Butin dans la pioche")
        await page.change(field, value)
        await page.click(page.button("Recompter la pioche"))

    async def play(url: str, match_id: int) -> None:
        async with FletPage.open(url, f"/match/{match_id}") as writer:
            away = await FletPage.connect(url, f"/match/{match_id}")
            await away.wait_for_text(f"Robby Solo #{match_id}")
            await away.drop()
            await asyncio.sleep(1.0)  # the server has seen the connection go
            await recount(writer, "40")
            await writer.wait_for_text("Événements (1)")
            back = await away.reconnect(url)
            try:
                await back.wait_for_text("Événements (1)", timeout=20)
                await recount(writer, "30")
                await back.wait_for_text("Événements (2)", timeout=20)
                assert not back.error
            finally:
                await back.close()

    with served(tmp_path) as (server, match_id):
        run_apart(play(server.url, match_id))
        log = server.log.read_text()
    assert not real_errors(log)
    assert "never awaited" not in log
