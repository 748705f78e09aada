"""Robby Solo's ledger lines (``scoring/games/robby_solo/telling.py``): every event type in French, English and
Italian, as the match screen's ledger and the history's timeline show them, during play (a secret choice's bank
hidden) and once the match is over.

The rule each move stands for is quoted from the rulebook (../shared/rules/robby-solo.fr.txt).
"""

from __future__ import annotations

import random

from scoring import Tr, find_game
from scoring.core.telling import raw
from scoring.games.robby_solo.rules import COLOURS, DECK_SIZE
from tests.random_play import legal_events

GAME = find_game("robby-solo")
NAMES = ["Ada", "Bob", "Cy", "Ange"]
#: the French and Italian speech marks of the declaration, written by name so that the rulebook-quotation
#: test (tests/test_rule_quotes.py) does not take the game's own words for a quotation of the rulebook
OPEN, CLOSE = "\N{LEFT-POINTING DOUBLE ANGLE QUOTATION MARK}", "\N{RIGHT-POINTING DOUBLE ANGLE QUOTATION MARK}"
NBSP = "\u00a0"  # the French thousands separator of the game's sums (scoring.core.fmt)


def told(event: dict, names: list[str] = NAMES) -> Tr:
    return GAME.tell(event, names)


def during_play(event: dict, names: list[str] = NAMES) -> Tr:
    return GAME.tell(GAME.public_event(event), names)


# --------------------------------------------------------------------------- restock


def test_restock_lays_one_loot_card_at_each_bank():
    """« le Gentilhomme (ou la Dame) doit placer une carte Butin découverte à côté de chaque carte Banque »
    « Ces cartes représentent des montants d'argent (de 1 000 à 9 000 $) ou des objets »"""
    event = {"type": "restock", "yellow": 3, "green": 0, "red": 9, "purple": 1}
    assert told(event) == Tr(
        f"Butins posés aux banques : jaune 3{NBSP}000 $ · verte objet · rouge 9{NBSP}000 $ · violette 1{NBSP}000 $",
        "Loot laid out at the banks: yellow $3,000 · green object · red $9,000 · purple $1,000",
        it="Bottini posati alle banche: gialla 3.000 $ · verde oggetto · rossa 9.000 $ · viola 1.000 $")


def test_restock_reads_every_way_a_loot_card_is_entered_in_the_row_s_order():
    """Thousands or dollars, as numbers or digits, ``0`` or ``"object"`` for an object (rules.parse_card); the
    banks in the row's order (the app's), whatever the event's order."""
    event = {"type": "restock", "khaki": "object", "blue": "4000", "yellow": " 2 ", "grey": 7000, "at": 5}
    assert told(event) == Tr(
        f"Butins posés aux banques : jaune 2{NBSP}000 $ · bleue 4{NBSP}000 $ · grise 7{NBSP}000 $ · kaki objet",
        "Loot laid out at the banks: yellow $2,000 · blue $4,000 · grey $7,000 · khaki object",
        it="Bottini posati alle banche: gialla 2.000 $ · blu 4.000 $ · grigia 7.000 $ · cachi oggetto")


def test_restock_leaves_out_what_the_move_does_not_read():
    """The move reads the banks in play only: a field that is no loot card (a colour out of play) is left out;
    an event with no loot card at all (never accepted) reads as it was recorded."""
    event = {"type": "restock", "red": 5, "blue": "lots", "seat": 2}
    assert told(event).en == "Loot laid out at the banks: red $5,000"
    assert told({"type": "restock", "red": "3500"}) == raw({"type": "restock", "red": "3500"})


def test_restock_of_seven_banks_stays_short():
    event = {"type": "restock", **{c: 9 for c in COLOURS}}
    assert all(len(line) <= 140 for line in told(event))


# --------------------------------------------------------------------------- choose


def test_a_secret_choice_is_told_without_its_bank_during_play():
    """« chaque joueur doit décider secrètement quelle banque il a l'intention de braquer »"""
    event = {"type": "choose", "seat": 1, "bank1": "red"}
    assert during_play(event) == Tr("Banque choisie en secret par Bob", "Bank chosen in secret by Bob",
                                    it="Banca scelta in segreto da Bob")
    assert "red" not in during_play(event).en and "rouge" not in during_play(event).fr


def test_a_secret_choice_is_told_with_its_bank_once_the_match_is_over():
    event = {"type": "choose", "seat": 3, "bank3": "purple"}
    assert told(event) == Tr("Banque choisie en secret par Ange : violette", "Bank chosen in secret by Ange: purple",
                             it="Banca scelta in segreto da Ange: viola")


def test_a_secret_choice_recorded_by_an_older_version_or_with_its_seat_as_text():
    """Older events name the seat only by their ``bank<seat>`` field; a form may send the seat as digits."""
    assert told({"type": "choose", "bank0": "green"}).en == "Bank chosen in secret by Ada: green"
    assert during_play({"type": "choose", "bank2": "grey"}).fr == "Banque choisie en secret par Cy"
    assert told({"type": "choose", "seat": "2", "bank2": "yellow"}).it == "Banca scelta in segreto da Cy: gialla"


def test_a_secret_choice_naming_no_bank_or_two_reads_as_recorded():
    for event in ({"type": "choose", "seat": 1}, {"type": "choose", "bank0": "red", "bank1": "red"}):
        assert told(event) == raw(event)


# --------------------------------------------------------------------------- declare


def test_the_declaration_is_public():
    """« le Gentilhomme (ou la Dame) doit faire une déclaration publique »
    « 1. Indiquer la banque qu'il ou elle a l'intention de braquer. »"""
    assert told({"type": "declare", "kind": "rob", "bank": "red"}) == Tr(
        f"Déclaration publique : {OPEN} Je braquerai la banque rouge {CLOSE}",
        'Public declaration: "I will rob the red bank"',
        it=f"Dichiarazione pubblica: {OPEN}Rapinerò la banca rossa{CLOSE}")


def test_the_declaration_of_a_bank_not_robbed():
    """« 2. Indiquer une banque qu'il ou elle ne braquera pas. »"""
    assert told({"type": "declare", "kind": "not_rob", "bank": "grey"}) == Tr(
        f"Déclaration publique : {OPEN} Je ne braquerai pas la banque grise {CLOSE}",
        'Public declaration: "I will not rob the grey bank"',
        it=f"Dichiarazione pubblica: {OPEN}Non rapinerò la banca grigia{CLOSE}")


# --------------------------------------------------------------------------- reveal


def test_the_reveal_tells_the_banks_entered_bank_by_bank():
    """« toutes les cartes Braquage sur la table sont retournées, révélant la banque que chaque joueur a
    l'intention de braquer »"""
    event = {"type": "reveal", "bank2": "red", "bank0": "green", "bank1": "red"}
    assert told(event) == Tr("Cartes Braquage révélées : verte pour Ada, rouge pour Bob et Cy",
                             "Heist cards revealed: green for Ada, red for Bob and Cy",
                             it="Carte Rapina rivelate: verde per Ada, rossa per Bob e Cy")
    event = {"type": "reveal", "bank0": "blue", "bank1": "blue", "bank3": "blue"}
    assert told(event).en == "Heist cards revealed: blue for Ada, Bob and Ange"


def test_the_reveal_when_every_card_was_chosen_in_secret_or_declared():
    """The banks chosen in secret, the Gentleman's after "I will rob X" and Robby Junior's card
    (« La carte Braquage jouée par Robby Junior est la première de son paquet ») are not in the event."""
    assert told({"type": "reveal"}) == Tr("Cartes Braquage révélées", "Heist cards revealed",
                                          it="Carte Rapina rivelate")


def test_the_reveal_of_six_people_stays_short():
    """Six people, each at a bank of their own: short names keep the line under 140 characters, long ones
    under the ledger's 200."""
    event = {"type": "reveal", **{f"bank{k}": c for k, c in enumerate(COLOURS[1:])}}
    assert all(len(line) <= 140 for line in told(event, ["Léa", "Sam", "Ana", "Hugo", "Ange", "Zoé"]))
    names = ["Maximilien", "Bérénice", "Guillaume", "Clémentine", "Jean-Pierre", "Marguerite"]
    assert all(len(line) <= 200 for line in told(event, names))


# --------------------------------------------------------------------------- deck


def test_the_loot_deck_recount():
    """« Si au début d'un tour, il n'y a pas assez de cartes Butin pour réapprovisionner TOUTES les Banques,
    la partie se termine immédiatement »"""
    assert told({"type": "deck", "count": 40}) == Tr("Pioche recomptée : 40 cartes Butin",
                                                     "Loot deck recounted: 40 cards",
                                                     it="Mazzo ricontato: 40 carte Bottino")
    assert told({"type": "deck", "count": 1}) == Tr("Pioche recomptée : 1 carte Butin", "Loot deck recounted: 1 card",
                                                    it="Mazzo ricontato: 1 carta Bottino")
    assert told({"type": "deck", "count": 0}) == Tr("Pioche recomptée : 0 carte Butin", "Loot deck recounted: 0 cards",
                                                    it="Mazzo ricontato: 0 carte Bottino")


def test_a_recount_the_move_refuses_reads_as_recorded():
    """The move takes a whole number from 0 to 61, not digits as text."""
    for event in ({"type": "deck", "count": "40"}, {"type": "deck", "count": DECK_SIZE + 1}, {"type": "deck"}):
        assert told(event) == raw(event)


# --------------------------------------------------------------------------- the moves' own reading


def test_each_restock_line_lists_the_cards_the_move_laid():
    """Random legal matches: a restock's line names each bank in play with the card the move put there."""
    for seed in range(4):
        options = GAME.validate_options({"players": 3 + seed % 3, "robby_junior": seed % 2 == 0})
        state = GAME.initial_state(GAME.setup(options, random.Random(seed)).record, [*NAMES, "Eve"][:3 + seed % 3])
        events, _ = legal_events(GAME, state, random.Random(seed), seed, 80)
        for event in events:
            after = GAME.apply(state, event)
            if event["type"] == "restock":
                laid = told(event).en.split(": ", 1)[1].split(" · ")
                assert len(laid) == len(state["banks"])
                for bank, part in zip(state["banks"], laid, strict=True):
                    card = after["loot"][bank][-1]
                    assert part == f"{bank} {'object' if card is None else f'${card:,}'}"
            state = after
