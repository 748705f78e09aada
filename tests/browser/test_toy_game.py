"""A game from a folder of its own: the toy game (``tests/games/toy/``), loaded by the server with
``COMPAGNON_GAMES``, is listed on the home and new-match screens with its emblem, set up, played through
the match screen (the bonuses drawn in secret, the pawns moved by the table's die) to its score sheet,
and found in the history.  No line of app/, db/ or scoring/ names it.
"""

from __future__ import annotations

import re

import pytest

from tests.games import TOY

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True)
def toy_game_folder(monkeypatch):
    """Set before the ``server`` fixture starts the app (an autouse fixture comes first)."""
    monkeypatch.setenv("COMPAGNON_GAMES", str(TOY))


def test_the_toy_game_is_played_from_its_folder_to_its_score_sheet(server, ui):
    ui.add_players("Léa", "Sam")
    ui.open("/")
    ui.see("Jeu jouet")  # its card, listed after the built-in games
    ui.tab("Jouer")
    ui.click("Jeu jouet")
    ui.see("Nouvelle partie : Jeu jouet")
    ui.check("Léa")
    ui.check("Sam")
    ui.see("Place 2 : Sam")
    ui.fill("Case d'arrivée", "6")
    ui.see("La case d'arrivée est la 6.")  # the set-up's instructions, from the toy's setup.py
    ui.click("Commencer la partie")
    ui.see("Jeu jouet #1")
    ui.see("Tirage des bonus")

    # The first player (drawn at random by the set-up) draws first: the form names them.
    said = ui.text()
    first = re.search(r"Tirer le bonus de (Léa|Sam)", said)
    assert first, said[:2000]
    first_name = first.group(1)
    other = "Sam" if first_name == "Léa" else "Léa"
    ui.click(f"Tirer le bonus de {first_name}")
    ui.click(f"Tirer le bonus de {other}")
    ui.see("Course")
    # The bonuses are secret: the table's panel says so; each one shows only behind its holder's screen.
    ui.see("caché")
    assert "Votre bonus" not in ui.text()

    def move(name: str, steps: int) -> None:
        ui.see(f"{name} avance (dé de la table)")
        ui.fill("Cases", str(steps))
        ui.click(f"{name} avance (dé de la table)")

    move(first_name, 2)
    move(other, 1)
    move(first_name, 5)  # 2 + 5 passes the finish: the pawn stops on 6 and the race is over
    ui.see("La partie est terminée")
    ui.click("Décompte final")
    ui.see("Feuille de score")
    ui.see(f"Victoire : {first_name}")  # 6 + a bonus of 0 to 3 against 1 + 3 at most
    ui.see("Cases parcourues")  # the sheet's lines, named by the toy's texts.py
    ui.shot("toy-game-score-sheet")
    ui.open("/history")
    ui.see("Jeu jouet #1")
