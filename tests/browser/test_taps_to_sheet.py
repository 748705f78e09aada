"""Taps from the home screen to a finished score sheet, per game (issue 20, "Done when": docs/ux.md lists
them before and after): a person's shortest path, each tap counted (a tap on a button, a tab, a check box,
a field before typing in it), on a phone (390×844); the test fails if a path takes more taps than
docs/ux.md says (:data:`TAPS`).

For the four engine games the path is the app's own part of it: the game's card on the home screen, the
players ticked in seat order (the fewest the game takes), *Commencer la partie*, then — once the game's own
moves are played (by the test, through the history: how many taps they take is the game's, not the
layout's) — *Décompte final*.  For a game Compagnon does not know (the score pad) the whole match is
counted: one round typed for two players, then the end.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from app.i18n import t
from db.store import HOST, Store
from scoring import find_game
from tests.browser.conftest import UI

pytestmark = pytest.mark.browser

#: the taps of each game's shortest path (docs/ux.md's "after"); the players each path ticks
TAPS = {"apaches": 5, "apprentis": 4, "robby-solo": 6, "traction-avant": 7, "score-pad": 11}
PLAYERS = ("Léa", "Sam", "Ana", "Zoé", "Max", "Noor")


class Counting(UI):
    """A person whose every tap is counted."""

    taps = 0

    def tap(self, locator: Any) -> None:
        self.taps += 1
        super().tap(locator)

    def fill(self, label: str, text: str) -> None:
        self.taps += 1  # the field is tapped, then typed in
        super().fill(label, text)


def people(server) -> tuple[Store, list[int]]:
    store = Store(f"sqlite:///{server.data_dir / 'compagnon.db'}")
    ids = [store.add_player(n).id or 0 for n in PLAYERS]
    store.set_setting("welcome_done", "1")
    return store, ids


def play_to_the_end(store: Store, match_id: int) -> None:
    """The game's own moves, through the history (random legal ones, as the engines' tests play)."""
    rng = random.Random(7)
    for _ in range(3000):
        m = store.load(match_id)
        if m.game.finished(m.state):
            return
        action = m.game.sample_action(m.state, rng)
        assert action is not None
        store.record(match_id, action, HOST)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("slug", ["apaches", "apprentis", "robby-solo", "traction-avant"])
def test_an_engine_game_s_way_from_home_to_its_score_sheet(server, browser, slug):
    store, _ids = people(server)
    game = find_game(slug)
    name = game.name.get("fr")
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        ui = Counting(ctx.new_page(), server.url)
        ui.open("/")
        # the game's card's button (each reads "Nouvelle partie"; a screen reader hears which game's)
        ui.tap(ui.reach(ui.page.get_by_role("button", name=t("new_match_of", "fr", a=name), exact=True)))
        ui.see(f"Nouvelle partie : {name}")
        for i, person in enumerate(PLAYERS[:game.min_players]):
            ui.check(person)
            ui.see(f"Place {i + 1} : {person}")
        ui.click("Commencer la partie")
        ui.see(f"{name} #1")
        match_id = int(re.search(r"/match/(\d+)", ui.page.url)[1])  # type: ignore[index]
        play_to_the_end(store, match_id)
        ui.open(f"/match/{match_id}")  # the page as it is after the game's moves (not a tap)
        ui.click("Décompte final")
        ui.see("Feuille de score")
        ui.shot(f"taps-{slug}-sheet")
        assert ui.taps <= TAPS[slug], f"{slug}: {ui.taps} taps, docs/ux.md says {TAPS[slug]}"
        print(f"{slug}: {ui.taps} taps")
    finally:
        ctx.close()
        store.engine.dispose()


def test_a_game_compagnon_does_not_know_from_home_to_its_score_sheet(server, browser):
    store, _ids = people(server)
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        ui = Counting(ctx.new_page(), server.url)
        ui.open("/")
        ui.tab("Jouer")
        ui.fill("Chercher un jeu", "Azul")
        ui.click("Nouveau jeu : Azul")
        ui.see("Nouvelle partie : Azul")
        for person in PLAYERS[:2]:
            ui.check(person)
        ui.see("Place 2 : Sam")
        ui.click("Commencer la partie")
        ui.see("Azul #1")
        ui.fill("Léa", "31")
        ui.fill("Sam", "24")
        ui.click("Manche 1", exact=True)
        ui.see("Terminer et compter")
        ui.click("Terminer et compter", exact=True)
        ui.click("Décompte final")
        ui.see("Feuille de score")
        ui.see("Victoire : Léa")
        assert ui.taps <= TAPS["score-pad"], f"score pad: {ui.taps} taps, docs/ux.md says {TAPS['score-pad']}"
        print(f"score-pad: {ui.taps} taps")
    finally:
        ctx.close()
        store.engine.dispose()
