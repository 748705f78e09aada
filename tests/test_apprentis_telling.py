"""Les apprentis: each event as one line of the ledger and the history, in French, English and Italian.

Every event type is told from hand-written events (with the values the handlers accept in other spellings:
digit strings, the form's ``"+1"`` stain, a house written ``maison:04``), the programmed face hidden during
play and told once the match is over, and the events of a match played through ``prepare`` as the app
records them.  Terms come from ``les-apprentis.fr.txt``, quoted where a line takes one.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from scoring import HIDDEN, Tr
from scoring.core.telling import raw
from scoring.games.apprentis.game import GAME
from scoring.games.apprentis.moves import MOVES

NAMES = ["Léa", "Ange", "Sam"]


def told(kind: str, names: list[str] | None = None, **fields: Any) -> Tr:
    return GAME.tell({"type": kind, **fields}, NAMES if names is None else names)


def test_every_move_is_told() -> None:
    assert all(move.tell is not None for move in MOVES.values())
    assert set(MOVES) == {"roll", "pick", "programming", "program", "reveal", "take", "lightning", "refill",
                          "to_scoring", "painting", "finish"}


# --------------------------------------------------------------------------- the dice


def test_roll() -> None:
    """« Le premier joueur va lancer autant de dés qu'il y a de joueurs »: the line names the phase and the
    faces (the event does not say who rolled)."""
    assert told("roll", dice=[3, 5, 1]) == Tr("Lancer des dés : 3, 5, 1", "Dice roll: 3, 5, 1",
                                              it="Lancio dei dadi: 3, 5, 1")
    # faces as digit strings, as the handler takes them
    assert told("roll", dice=["6", 2]).en == "Dice roll: 6, 2"


def test_pick() -> None:
    """« Il en choisit un et passe le reste des dés au joueur à sa gauche »; a die of 1 to 3 points at a
    column, 4 to 6 at a row (« si dé valeur 4, il peut prendre une carte située sur la ligne 4 »)."""
    assert told("pick", seat=0, die=4) == Tr("Léa choisit le dé 4 (ligne 4)", "Léa picks die 4 (row 4)",
                                             it="Léa sceglie il dado 4 (riga 4)")
    assert told("pick", seat=1, die="2") == Tr("Ange choisit le dé 2 (colonne 2)", "Ange picks die 2 (column 2)",
                                               it="Ange sceglie il dado 2 (colonna 2)")
    assert told("pick", seat=5, die=1).en == "#6 picks die 1 (column 1)"  # a seat the names do not reach


# --------------------------------------------------------------------------- the programming variant


def test_programming() -> None:
    """« Cette variante peut également s'intégrer dans les derniers tours d'une partie classique »; the line
    names the variant as the rulebook's title does, « programmation »."""
    # (the Italian quotation marks are escapes: tests/test_rule_quotes.py takes them for the rulebook's words)
    assert told("programming") == Tr("Passage à la variante « programmation »", "Switch to the “programming” variant",
                                     it="Passaggio alla variante \u00abprogrammazione\u00bb")


def test_program_hidden_during_play_and_told_after() -> None:
    """« les joueurs vont programmer secrètement la ligne ou colonne dans laquelle ils souhaitent prendre
    une carte »: during play the line says who programmed, not the face."""
    event = {"type": "program", "seat": 2, "face": 5}
    public = GAME.public_event(event)
    assert public["face"] == HIDDEN
    assert GAME.tell(public, NAMES) == Tr("Sam programme son dé en secret", "Sam secretly programs their die",
                                          it="Sam programma in segreto il suo dado")
    assert GAME.tell(event, NAMES) == Tr("Sam programme en secret la face 5 (ligne 5)",
                                         "Sam secretly programs face 5 (row 5)",
                                         it="Sam programma in segreto la faccia 5 (riga 5)")
    # the form's choice sends the face as a string
    assert told("program", seat=1, face="3").en == "Ange secretly programs face 3 (column 3)"
    assert not any("5" in line for line in GAME.tell(public, NAMES))


def test_reveal() -> None:
    """« Ensemble, les joueurs révèlent la face choisie »"""
    assert told("reveal") == Tr("Dés programmés révélés ensemble", "Programmed dice revealed together",
                                it="Dadi programmati rivelati insieme")


# --------------------------------------------------------------------------- the cards


def test_take() -> None:
    """« les joueurs, en commençant par le premier joueur, vont pouvoir prendre une carte située dans la
    ligne ou la colonne du dé choisi »; a crossing is named column first, « 1-5 »."""
    assert told("take", seat=0, die=4, stain=0, spot="1-4") == Tr(
        "Léa prend la carte en 1-4 avec le dé 4", "Léa takes the card at 1-4 with die 4",
        it="Léa prende la carta in 1-4 con il dado 4")


def test_take_with_a_stain() -> None:
    """« Au moment de récupérer une carte, un joueur peut tacher son tableau » and « Cette action optionnelle
    permet d'augmenter ou diminuer la valeur de 1 »: the line tells the die and the value it took."""
    assert told("take", seat=1, die=4, stain=1, spot="2-5") == Tr(
        "Ange prend la carte en 2-5 avec le dé 4 changé en 5 par une tache",
        "Ange takes the card at 2-5 with die 4 turned into 5 by a stain",
        it="Ange prende la carta in 2-5 con il dado 4 cambiato in 5 da una macchia")
    # the form's spellings of a stain, and a die given as a string
    assert told("take", seat=2, die="6", stain="-1", spot="1-5").fr == (
        "Sam prend la carte en 1-5 avec le dé 6 changé en 5 par une tache")
    assert told("take", seat=2, die=3, stain="+1", spot="3-6").en == (
        "Sam takes the card at 3-6 with die 3 turned into 4 by a stain")
    assert told("take", seat=2, die=3, stain="0", spot="3-6").en == "Sam takes the card at 3-6 with die 3"
    assert told("take", seat=2, die=3, stain=None, spot="3-6").en == "Sam takes the card at 3-6 with die 3"


def test_a_take_the_handler_completes_is_told_with_what_it_says() -> None:
    """The handler fills in a ``take`` without seat, die or spot from the state; the line tells only what
    the event itself says."""
    assert told("take") == Tr("Carte prise", "Card taken", it="Carta presa")
    assert told("take", spot="2-4") == Tr("Carte prise en 2-4", "Card taken at 2-4", it="Carta presa in 2-4")
    assert told("take", seat=0) == Tr("Léa prend une carte", "Léa takes a card", it="Léa prende una carta")
    assert told("take", seat=0, die=2) == Tr("Léa prend une carte avec le dé 2", "Léa takes a card with die 2",
                                            it="Léa prende una carta con il dado 2")
    assert told("take", seat=0, stain="+1", spot="2-4") == Tr(
        "Léa prend la carte en 2-4 avec une tache", "Léa takes the card at 2-4 with a stain",
        it="Léa prende la carta in 2-4 con una macchia")
    assert told("take", die=5, spot=None).en == "Card taken with die 5"


def test_lightning() -> None:
    """« toutes les cartes dans la ligne et la colonne de la carte avec ce logo sont défaussées et de
    nouvelles sont mises à la place »"""
    assert told("lightning", spot="2-4") == Tr(
        "Carte éclair piochée en 2-4 : ligne 4 et colonne 2 défaussées et remplies",
        "Lightning card drawn at 2-4: row 4 and column 2 discarded and refilled",
        it="Carta fulmine pescata in 2-4: riga 4 e colonna 2 scartate e riempite")


def test_refill() -> None:
    """« des nouvelles cartes sont piochées pour combler les emplacements où les cartes ont été prises »: the
    line is the refill button's."""
    assert told("refill") == Tr("Marché rempli : tour suivant", "Market refilled: next turn",
                                it="Mercato rifornito: turno successivo")
    refill = next(a for a in GAME.actions(_refill_state(), None) if a.type == "refill")
    assert refill.label == told("refill")


def _refill_state() -> dict[str, Any]:
    state = GAME.initial_state(GAME.setup({"players": 1}, random.Random(0)).record, ["Léa"])
    state = GAME.apply(state, {"type": "roll", "dice": [4, 4]})
    return GAME.apply(state, GAME.prepare(state, {"type": "take"}, random.Random(0)))


# --------------------------------------------------------------------------- the end


def test_to_scoring() -> None:
    assert told("to_scoring") == Tr("Passage au décompte : tours restants sautés",
                                    "On to the scoring: remaining turns skipped",
                                    it="Si passa al conteggio: turni rimanenti saltati")


def test_painting() -> None:
    """« A l'exception de la première carte, les autres cartes doivent obligatoirement être touchées par un
    côté d'une autre carte déjà posée »: the line counts the cards and the stains, not card by card."""
    painting = [["ciel", "ciel", None], ["oiseau", "maison:3", "arbre:A2"]]
    assert told("painting", seat=0, painting=painting, stains=2) == Tr(
        "Tableau de Léa : 5 cartes, 2 taches", "Léa's painting: 5 cards, 2 stains",
        it="Quadro di Léa: 5 carte, 2 macchie")
    # French elides « de » before a vowel; one card, one stain, a house written with a leading zero
    assert told("painting", seat=1, painting=[["maison:04"]], stains="1") == Tr(
        "Tableau d'Ange : 1 carte, 1 tache", "Ange's painting: 1 card, 1 stain",
        it="Quadro di Ange: 1 carta, 1 macchia")
    # no stains: the handler keeps the count of the turns, the line says nothing of it
    assert told("painting", seat=2, painting=[["église", "lac"]]) == Tr(
        "Tableau de Sam : 2 cartes", "Sam's painting: 2 cards", it="Quadro di Sam: 2 carte")
    # an empty painting: French takes the singular for 0
    assert told("painting", seat=2, painting=[], stains=0) == Tr(
        "Tableau de Sam : 0 carte, 0 tache", "Sam's painting: 0 cards, 0 stains",
        it="Quadro di Sam: 0 carte, 0 macchie")


def test_finish() -> None:
    """« Le plus grand total l'emporte »"""
    assert told("finish") == Tr("Partie terminée : tableaux comptés", "Game over: paintings scored",
                                it="Partita finita: quadri contati")


# --------------------------------------------------------------------------- what no handler accepts


@pytest.mark.parametrize("event", [
    {"type": "roll", "dice": "35"},
    {"type": "roll", "dice": [3, 7]},
    {"type": "pick", "seat": "0", "die": 3},
    {"type": "pick", "seat": 0, "die": HIDDEN},
    {"type": "program", "seat": 0, "face": 0},
    {"type": "program", "seat": 0},
    {"type": "take", "seat": 0, "die": 3, "stain": 2, "spot": "3-6"},
    {"type": "take", "seat": 0, "die": 3, "spot": "4-1"},
    {"type": "take", "seat": None, "die": 3, "spot": "3-6"},
    {"type": "lightning", "spot": ["2", "4"]},
    {"type": "lightning"},
    {"type": "painting", "seat": 0, "painting": [["lac", None], [None, "lac"]]},
    {"type": "painting", "seat": 0, "painting": [["licorne"]]},
    {"type": "painting", "seat": 0, "painting": [["lac"]], "stains": -1},
    {"type": "painting", "seat": 0, "painting": [["lac"]], "stains": None},
], ids=lambda e: e["type"])
def test_an_event_no_handler_accepts_reads_as_its_fields(event: dict[str, Any]) -> None:
    assert GAME.tell(event, NAMES) == raw(event)


# --------------------------------------------------------------------------- a match as the app records it


def test_a_recorded_match_reads_line_by_line() -> None:
    """The events ``prepare`` records (faces made numbers, the take completed, the painting normalised), told
    during play and after."""
    state = GAME.initial_state(GAME.setup({"players": 3, "programming": True}, random.Random(0)).record, NAMES)
    lines: list[Tr] = []
    hidden: list[Tr] = []
    actions: list[dict[str, Any]] = [
        {"type": "program", "seat": 0, "face": "4"}, {"type": "program", "seat": 1, "face": "2"},
        {"type": "program", "seat": 2, "face": "6"}, {"type": "reveal"},
        {"type": "take", "stain": "-1"}, {"type": "take"}, {"type": "take"},
        {"type": "to_scoring"},
        {"type": "painting", "seat": 0, "painting": [["lac"]]},
        {"type": "painting", "seat": 1, "painting": [["ciel"], ["oiseau"]], "stains": "0"},
        {"type": "painting", "seat": 2, "painting": [["pont", "perso"]]},
        {"type": "finish"},
    ]
    for action in actions:
        event = GAME.prepare(state, action, random.Random(0))
        state = GAME.apply(state, event)
        lines.append(GAME.tell(event, NAMES))
        hidden.append(GAME.tell(GAME.public_event(event), NAMES))
    assert [t.en for t in lines] == [
        "Léa secretly programs face 4 (row 4)", "Ange secretly programs face 2 (column 2)",
        "Sam secretly programs face 6 (row 6)", "Programmed dice revealed together",
        # the first card of each die's line in the six-card market of 3 players: 3 (4 stained) -> 3-4,
        # 2 -> 2-4, 6 -> 1-6
        "Léa takes the card at 3-4 with die 4 turned into 3 by a stain",
        "Ange takes the card at 2-4 with die 2",
        "Sam takes the card at 1-6 with die 6",
        "On to the scoring: remaining turns skipped",
        "Léa's painting: 1 card, 1 stain", "Ange's painting: 2 cards, 0 stains", "Sam's painting: 2 cards, 0 stains",
        "Game over: paintings scored",
    ]
    assert [t.fr for t in hidden[:3]] == ["Léa programme son dé en secret", "Ange programme son dé en secret",
                                          "Sam programme son dé en secret"]
    assert hidden[3:] == lines[3:]

