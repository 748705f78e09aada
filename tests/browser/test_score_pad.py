"""Issue 19, "done when": a play of a game Compagnon has never heard of, four players, three rounds,
logged from a phone-size page (390×844, the ``ui`` fixture), finished, and found in the history and
the statistics as a game of its own."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

GAME = "Zorglub des Sables"
PLAYERS = ("Léa", "Sam", "Noor", "Ana")
ROUNDS = ((10, 8, 7, 3), (5, 9, 2, 6), (4, 4, 12, 1))  # totals 19, 21, 21, 10: Sam and Noor share the win


def test_a_play_of_an_unknown_game_is_logged_finished_and_found_in_history_and_statistics(server, ui):
    ui.add_players(*PLAYERS)
    ui.tab("Jouer")
    ui.see("Un autre jeu")
    ui.fill("Chercher un jeu", GAME)
    ui.click(f"Nouveau jeu : {GAME}")
    ui.see(f"Nouvelle partie : {GAME}")
    for n in PLAYERS:
        ui.check(n)
    ui.see("Place 4 : Ana")
    ui.click("Commencer la partie")
    ui.see(f"{GAME} #1")
    for k, points in enumerate(ROUNDS, start=1):
        ui.see(f"Manche {k}")
        # each box blank, not "0": a box left blank is not a 0 that hands a low-score game to its player
        assert all(ui.page.get_by_role("textbox", name=name).first.input_value() == "" for name in PLAYERS)
        for name, value in zip(PLAYERS, points, strict=True):
            if k == 2 and name == "Ana":
                ui.click(f"Manche {k}", exact=True)  # Ana's box forgotten: refused, naming her
                ui.see("Points de chacun (Ana) : ")
                ui.shot("score-pad-blank-box-refused")
            ui.fill(name, str(value))
        ui.click(f"Manche {k}", exact=True)
        ui.see(f"Manche {k + 1}" if k < len(ROUNDS) else "Terminer et compter")
    ui.click("Terminer et compter", exact=True)
    ui.see("La partie est terminée")
    ui.see("7 + 2 + 12 = 21")  # the pad's running totals
    ui.click("Décompte final")
    ui.see("Feuille de score")
    ui.see("Sam, Noor")
    ui.shot("score-pad-sheet")
    ui.open("/history")
    ui.see(f"{GAME} #1")
    ui.open("/stats")
    ui.see(f"{GAME} : 1")
