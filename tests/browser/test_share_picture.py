"""A finished match shared as a picture (issue 20, "At the table": "a finished match shared as a picture
(PNG of the score sheet), as BG Stats shares a play"): the review's button hands the browser a PNG of the
result card (the game, the day and place, the players' scores, the winner), as large as the card on the
screen at twice its pixels, and says so; nothing but the card is in it.  On a phone and on a desktop window."""

from __future__ import annotations

import shutil
import struct
from pathlib import Path

import pytest

from app.screens.history_share import PNG_SIGNATURE, picture_ratio
from db.store import HOST, Store
from tests.browser.conftest import SHOTS

pytestmark = pytest.mark.browser

SIZES = [pytest.param((390, 844), id="phone"), pytest.param((1280, 800), id="desktop")]


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, from its first chunk (IHDR), after the 8-byte signature.

    >>> png_size(PNG_SIGNATURE + struct.pack(">I4sII", 13, b"IHDR", 780, 412) + bytes(5))
    (780, 412)
    """
    assert data[:8] == PNG_SIGNATURE, data[:8]
    length, kind, width, height = struct.unpack(">I4sII", data[8:24])
    assert kind == b"IHDR" and length == 13
    return width, height


def a_finished_play(server) -> int:
    """Carcassonne at the club, Léa 31 and Sam 24, written on the score pad and finished."""
    store = Store(f"sqlite:///{server.data_dir / 'compagnon.db'}")
    known = {p.name: p.id for p in store.players()}
    ids = [known.get(n) or store.add_player(n).id for n in ("Léa", "Sam")]
    mid = store.create_match("score-pad", {"game_name": "Carcassonne", "players": 2}, ids, place="Club Ludique")
    store.record(mid, {"type": "round", "points": [31, 24]}, HOST)
    store.record(mid, {"type": "finish"}, HOST)
    store.finish(mid)
    store.engine.dispose()
    return mid


def card_text(ui) -> list[str]:
    """Every text and name inside the shared card (its semantics subtree)."""
    return ui.page.evaluate("""() => {
        const card = document.querySelector('[flt-semantics-identifier="share-picture"]');
        const out = [];
        for (const el of [card, ...card.querySelectorAll('*')]) {
            const l = el.getAttribute('aria-label'); if (l) out.push(l);
            for (const n of el.childNodes) if (n.nodeType === 3 && n.textContent.trim()) out.push(n.textContent.trim());
        }
        return out;
    }""")


@pytest.mark.parametrize("size", SIZES)
def test_a_finished_match_is_shared_as_a_png_of_its_result_card(server, new_ui, size):
    mid = a_finished_play(server)
    ui = new_ui(*size)
    ui.open(f"/history/{mid}")
    ui.see("Partager en image")
    card = ui.by_id("share-picture")
    ui.reach(card)
    ui.page.mouse.move(ui.mid_x(), 400)  # back to the top: the whole card in sight (a box half scrolled
    ui.page.mouse.wheel(0, -3000)  # away is cut to what shows)
    ui.settle()
    said = "\n".join(card_text(ui))
    for text in ("Carcassonne", "Club Ludique", "Léa", "Sam", "31", "24", "Victoire : Léa", "Compagnon"):
        assert text in said, (text, said)
    assert "Jouée le" in said
    box = card.bounding_box()
    assert box and box["width"] > 200
    ui.shot(f"share-review-{size[0]}")
    with ui.page.expect_download(timeout=30_000) as download:
        ui.click("Partager en image")
    got = download.value
    data = Path(got.path()).read_bytes()
    width, height = png_size(data)
    ratio = picture_ratio((box["width"], box["height"]), size, 1.0)  # headless Chromium: 1 pixel per px
    assert abs(width - box["width"] * ratio) <= 2 and abs(height - box["height"] * ratio) <= 2, \
        (width, height, ratio, box)
    assert ratio > 0.9  # the card fits the page: drawn at the device's own pixels
    assert got.suggested_filename.startswith(f"compagnon-score-pad-{mid}-") and got.suggested_filename.endswith(".png")
    ui.see(f"Image enregistrée : {got.suggested_filename}")
    SHOTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(got.path(), SHOTS / f"share-picture-{size[0]}.png")  # the picture itself, to look at


def test_the_picture_is_offered_in_the_table_s_language_and_only_once_the_match_is_over(server, ui):
    store = Store(f"sqlite:///{server.data_dir / 'compagnon.db'}")
    ids = [store.add_player(n).id for n in ("Léa", "Sam")]
    running = store.create_match("score-pad", {"game_name": "Azul", "players": 2}, ids)  # not over
    store.engine.dispose()
    done = a_finished_play(server)
    ui.open(f"/history/{running}")
    ui.see("Reprendre")
    assert not ui.sees("Partager en image")  # a match not over has no result to share
    ui.open(f"/history/{done}")
    ui.click("Italiano", exact=True)
    ui.see("Condividi come immagine")
    with ui.page.expect_download(timeout=30_000) as download:
        ui.click("Condividi come immagine")
    assert png_size(Path(download.value.path()).read_bytes())[0] > 300  # the card, 366 px wide on a phone
    ui.see("Immagine salvata")
