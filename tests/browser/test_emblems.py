"""The games' emblems, served by address (``/emblems/<slug>.svg``, read from each game's own folder) and fetched by
the browser, instead of sent inside every screen that shows one: the home's first frame drew its four emblems
(37 ms of a phone page's main thread), a history page sent one per match."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest

from app.screens.home import emblem_file
from bench.flet_ws import decode
from scoring.core import registry

pytestmark = pytest.mark.browser


def get(url: str) -> tuple[int, str, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, answer.headers.get("Content-Type", ""), answer.read()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.headers.get("Content-Type", ""), refused.read()


def test_each_game_s_emblem_is_served_from_its_folder_and_nothing_else_is(server):
    for slug in registry.slugs():
        name, data = emblem_file(slug)
        status, kind, body = get(f"{server.url}/emblems/{slug}.svg")
        assert (status, kind.split(";")[0], body) == (200, "image/svg+xml", data), slug
        assert name.endswith(".svg") and b"<svg" in body
    for wrong in ("no-such-game.svg", "robby-solo.png", "robby-solo", "..%2Fapp.py"):
        status, _kind, _body = get(f"{server.url}/emblems/{wrong}")
        assert status == 404, wrong


def test_the_home_s_emblems_come_by_address_and_no_screen_carries_their_drawing(server, ui):
    fetched: list[tuple[str, int]] = []
    ui.page.on("response", lambda r: fetched.append((r.url, r.status)) if "/emblems/" in r.url else None)
    ui.open("/")
    ui.see("Robby Solo")
    ui.settle()
    wanted = {f"{server.url}/emblems/{slug}.svg" for slug in registry.slugs() if slug in registry.cards()}
    assert wanted and wanted <= {url for url, status in fetched if status == 200}
    received = ui.received  # every frame the server sent the page
    assert received and not any(b"<svg" in data for data in received), "a screen's patch carries an emblem's drawing"
    assert any("emblems/robby-solo.svg" in str(decode(data)) for data in received)


def test_a_game_s_card_pictures_are_served_from_its_folder_and_nothing_else_is(server):
    """Les apprentis' card pictures live in the game's folder (``cards/``, declared by its ``GridCards``), not in
    the app's assets: the server reads each one there, and refuses any other name."""
    from importlib.resources import files

    from scoring import find_game

    served = 0
    for slug in registry.slugs():
        cards = find_game(slug).cards
        if cards is None or not cards.pictures:
            continue
        for kind, _word in cards.words:
            data = (files(registry.package(slug)) / cards.pictures / f"{kind}.svg").read_bytes()
            status, kind_of, body = get(f"{server.url}/cards/{slug}/{kind}.svg")
            assert (status, kind_of.split(";")[0], body) == (200, "image/svg+xml", data), (slug, kind)
            served += 1
    assert served >= 10  # Les apprentis' ten kinds of card
    for wrong in ("apprentis/nothing.svg", "apprentis/maison.png", "robby-solo/maison.svg", "apprentis/..%2Fcard.py",
                  "no-such-game/maison.svg"):
        status, _kind, _body = get(f"{server.url}/cards/{wrong}")
        assert status == 404, wrong
