"""A match's set-up and dates in words (the Statistics' set-ups, the History's review): the game's own labels in the
page's language, not its keys; no end date for a match still in play."""

from __future__ import annotations

import doctest

from app import forms
from app.screens import history, stats
from app.screens.stats import describe_options


def test_doctests() -> None:
    assert doctest.testmod(stats).failed == 0
    assert doctest.testmod(forms).failed == 0
    assert doctest.testmod(history).failed == 0  # a match still in play has no end date


def test_a_set_up_says_what_differs_from_the_game_s_defaults_in_each_language() -> None:
    chosen = {"players": 5, "length": "long", "canvas": "hard", "programming": False, "first_player": 0,
              "perso_tie": "none", "stain_points": 1}
    assert describe_options(chosen, "fr", "apprentis") == (
        "5 joueurs, Durée : Partie longue, Toile imposée : Difficile, "
        "Personnages : tout le monde à égalité : Personne ne marque")
    assert describe_options(chosen, "en", "apprentis") == (
        "5 players, Length: Long game, Imposed canvas: Hard, Characters: everyone tied: Nobody scores")
    assert describe_options(chosen, "it", "apprentis").startswith("5 giocatori, Durata: Partita lunga")
    # Nothing but the defaults: the player count alone (no "length: short, canvas: easy, perso tie: both").
    assert describe_options({"players": 4, "length": "short", "canvas": "easy", "perso_tie": "both"}, "fr",
                            "apprentis") == "4 joueurs"


def test_a_named_game_reads_the_score_pad_s_options_and_an_unknown_game_its_keys() -> None:
    assert describe_options({"players": 3, "kind": "low"}, "en", "pad:azul") == "3 players, Who wins: Lowest score wins"
    # The set-ups are read under the game's own name: "Name of the game: Azul" would only repeat it.
    recorded = {"game_name": "Azul", "players": 3, "kind": "low"}
    assert describe_options(recorded, "fr", "pad:azul") == "3 joueurs, Qui gagne : Le plus bas score gagne"
    assert describe_options({"players": 2, "map_side": "north", "expansion": True}, "en", "bgstats:brass") == (
        "2 players, map side: north, expansion")
