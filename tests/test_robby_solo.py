"""Robby Solo: set-up, the round helper, Robby Junior, the police and end scoring.

Each rule test quotes the rulebook (../shared/rules/robby-solo.fr.txt).
"""

from __future__ import annotations

import inspect
import json
import random
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import HIDDEN, IllegalEvent, InvalidOptions, InvalidScoreInput, Tr, find_game, replay
from scoring.core import get_path, quote
from scoring.games.robby_solo.game import GAME, police
from scoring.games.robby_solo.rules import COLOUR_NAMES, COLOURS, DECK_SIZE, JUNIOR_NAME, bank_count, police_visit
from tests.random_play import legal_events

NAMES = ["Ada", "Bob", "Cy", "Di", "Eve", "Fay"]
Y, G, R, B, GR = "yellow", "green", "red", "blue", "grey"


def start(people: int = 3, junior: bool = False, first: int = 0, banks: list[str] | None = None,
          junior_deck: list[str] | None = None, deck: int = DECK_SIZE, timer: bool = False,
          seconds: int = 30) -> dict[str, Any]:
    opts = GAME.validate_options({"players": people, "robby_junior": junior, "declaration_timer": timer,
                                  "declaration_seconds": seconds})
    banks = banks or list(COLOURS[:bank_count(people, junior)])
    record = {"options": opts, "banks": banks, "first_gentleman": first,
              "junior_deck": junior_deck or (list(reversed(banks)) if junior else []), "deck": deck}
    return GAME.initial_state(record, NAMES[:people])


def restock(state: dict[str, Any], *cards: Any) -> dict[str, Any]:
    return GAME.apply(state, {"type": "restock", **dict(zip(state["banks"], cards, strict=True))})


def round_(state: dict[str, Any], cards: list[Any], declaration: tuple[str, str], robbed: dict[int, str],
           ) -> dict[str, Any]:
    """One whole round: restock, declaration, reveal (banks by seat)."""
    state = restock(state, *cards)
    state = GAME.apply(state, {"type": "declare", "kind": declaration[0], "bank": declaration[1]})
    return GAME.apply(state, {"type": "reveal", **{f"bank{k}": b for k, b in robbed.items()}})


# --------------------------------------------------------------------------- set-up


def test_banks_by_number_of_players():
    """« 3 joueurs = 4 banques / 4 joueurs = 5 banques / 5 joueurs = 6 banques / 6 joueurs = 7 banques »"""
    for people, banks in [(3, 4), (4, 5), (5, 6), (6, 7)]:
        record = GAME.setup(GAME.validate_options({"players": people}), random.Random(people)).record
        assert len(record["banks"]) == banks == bank_count(people)
        assert len(set(record["banks"])) == banks and set(record["banks"]) <= set(COLOURS)


def test_robby_junior_counts_for_the_banks():
    """« si vous êtes quatre et décidez de jouer avec Robby Junior, vous devez utiliser six Banques »"""
    record = GAME.setup(GAME.validate_options({"players": 4, "robby_junior": True}), random.Random(1)).record
    assert len(record["banks"]) == 6


def test_robby_junior_only_below_six():
    """« Si vous êtes moins de 6 à jouer, vous pouvez décider d'ajouter un joueur “virtuel” »"""
    with pytest.raises(InvalidOptions, match="robby_junior: only when fewer than 6 people play, not 6"):
        GAME.validate_options({"players": 6, "robby_junior": True})
    assert GAME.validate_options({"players": 5, "robby_junior": True})["robby_junior"] is True


def test_banks_chosen_by_hand():
    """« placez-en de 4 à 7 en ligne au centre de la table » : the table may pick which ones."""
    opts = GAME.validate_options({"players": 3, "banks": "chosen", "bank_khaki": True, "bank_red": True,
                                  "bank_grey": True, "bank_blue": True})
    assert GAME.setup(opts, random.Random(0)).record["banks"] == ["red", "blue", "grey", "khaki"]
    with pytest.raises(InvalidOptions, match="4 banks are in play, got 2"):
        GAME.validate_options({"players": 3, "banks": "chosen", "bank_red": True, "bank_blue": True})
    with pytest.raises(InvalidOptions, match="“everywhere”"):
        GAME.validate_options({"players": 3, "banks": "everywhere"})


def test_seven_colours_named_in_french_and_english():
    """« 7 cartes Banque, chacune représentant une banque identifiée par une couleur différente »"""
    assert COLOURS == ("yellow", "green", "red", "blue", "grey", "purple", "khaki")
    assert [COLOUR_NAMES[c].fr for c in COLOURS] == ["jaune", "verte", "rouge", "bleue", "grise", "violette",
                                                     "kaki"]
    labels = {o.key: o.label for o in GAME.options}
    assert labels["bank_purple"].en == "Purple bank" and labels["bank_purple"].fr == "Banque violette"


def test_setup_is_random_but_reproducible_and_first_gentleman_is_drawn():
    """« tirez au sort qui commencera le jeu et donnez le paquet à ce joueur »"""
    opts = GAME.validate_options({"players": 5})
    firsts = {GAME.setup(opts, random.Random(s)).record["first_gentleman"] for s in range(60)}
    assert firsts == set(range(5))
    assert GAME.setup(opts, random.Random(3)) == GAME.setup(opts, random.Random(3))
    assert len({tuple(GAME.setup(opts, random.Random(s)).record["banks"]) for s in range(30)}) > 1


def test_setup_instructions():
    """« Distribuez les cartes Braquage de sorte que chaque joueur en ait autant qu'il y a de banques »"""
    setup = GAME.setup(GAME.validate_options({"players": 4, "robby_junior": True}), random.Random(2))
    text = " ".join(s.en for s in setup.instructions)
    assert "6 heist cards" in text and "61 loot cards" in text and "Robby Junior" in text
    assert all(s.fr and s.en for s in setup.instructions)
    assert set(setup.record) >= {"options", "banks", "first_gentleman", "junior_deck", "deck"}


def test_robby_junior_is_a_virtual_seat_at_the_end():
    opts = GAME.validate_options({"players": 4, "robby_junior": True})
    assert GAME.seat_count(opts) == 4
    record = GAME.setup(opts, random.Random(9)).record
    assert sorted(record["junior_deck"]) == sorted(record["banks"])
    state = GAME.initial_state(record, NAMES[:4])
    assert state["names"] == [*NAMES[:4], JUNIOR_NAME] and state["junior"] == 4
    assert len(state["hands"]) == 5 and len(state["chosen"]) == 4
    with pytest.raises(InvalidOptions, match="got 5 names"):
        GAME.initial_state(record, NAMES[:5])


# --------------------------------------------------------------------------- restock


def test_restock_one_card_per_bank_entered_by_the_players():
    """« le Gentilhomme (ou la Dame) doit placer une carte Butin découverte à côté de chaque carte Banque »
    « Ces cartes représentent des montants d'argent (de 1 000 à 9 000 $) ou des objets »"""
    state = restock(start(), "3000", "object", 9000, "1000")
    assert state["loot"] == {Y: [3000], G: [None], R: [9000], B: [1000]}
    assert state["deck"] == DECK_SIZE - 4 and state["phase"] == "declare"


def test_restock_takes_a_digit_per_bank():
    """The number pad's short form: « Ces cartes représentent des montants d'argent (de 1 000 à 9 000 $) ou
    des objets » — 1 to 9 are thousands, 0 an object."""
    state = restock(start(), 3, "9", 0, "0")
    assert state["loot"] == {Y: [3000], G: [9000], R: [None], B: [None]}


@pytest.mark.parametrize("bad", ["3500", 10_000, 10, -1, "", None, True, "obj", 2500.0, 3.0])
def test_restock_refuses_values_that_are_no_loot_card(bad: Any):
    with pytest.raises(IllegalEvent, match=r"yellow: .*got " + quote(bad).replace("(", r"\(")[:6]):
        restock(start(), bad, "object", "object", "object")


def test_loot_left_in_a_bank_adds_up():
    """« réapprovisionner toutes les Banques ... qui peut s'ajouter à celle ou celles déjà restées
    auparavant »"""
    state = round_(start(), [1000, 2000, 3000, 4000], ("rob", Y), {0: Y, 1: G, 2: G})
    state = restock(state, 5000, 6000, 7000, 8000)
    assert state["loot"] == {Y: [5000], G: [2000, 6000], R: [3000, 7000], B: [4000, 8000]}


# --------------------------------------------------------------------------- declaration and reveal


def test_a_bank_robbed_alone_gives_all_its_loot_a_shared_bank_keeps_it():
    """« Les braquages réussissent à condition qu'il n'y ait pas deux joueurs ou plus qui tentent de braquer
    la même banque. Si cela se produit, le Butin contenu dans cette banque reste en place. »
    « Tous ceux qui ont braqué seuls une banque prennent l'intégralité du Butin qu'elle contenait. »"""
    state = round_(start(), [1000, 2000, 3000, 4000], ("rob", Y), {0: Y, 1: G, 2: G})
    state = round_(state, [5000, 6000, "object", 8000], ("not_rob", B), {0: G, 1: Y, 2: R})
    assert state["hands"] == [[1000, 2000, 6000], [5000], [3000, None]]
    assert state["loot"] == {Y: [], G: [], R: [], B: [4000, 8000]}
    assert state["pile_sizes"] == [3, 1, 2]
    last = state["last"]
    assert [b["winner"] for b in last["banks"]] == [1, 0, 2, None]


def test_the_gentleman_passes_clockwise():
    """« Le paquet de cartes Butin passe de main en main dans le sens des aiguilles d'une montre. »"""
    state = start(people=3, first=2)
    seen = []
    for _ in range(4):
        seen.append(state["gentleman"])
        g = state["gentleman"]
        state = round_(state, [1000] * 4, ("rob", Y), {g: Y, (g + 1) % 3: G, (g + 2) % 3: R})
    assert seen == [2, 0, 1, 2] and state["round"] == 5


def test_the_declaration_must_be_true():
    """« La déclaration doit être véridique et donc cohérente avec la carte Braquage placée sur la table. »"""
    state = restock(start(), *[1000] * 4)
    state = GAME.apply(state, {"type": "declare", "kind": "not_rob", "bank": R})
    with pytest.raises(IllegalEvent, match="declaration must be true.*“red”"):
        GAME.apply(state, {"type": "reveal", "bank0": R, "bank1": Y, "bank2": G})
    secret = GAME.apply(restock(start(), *[1000] * 4), {"type": "choose", "bank0": B})
    with pytest.raises(IllegalEvent, match="declaration must be true"):
        GAME.apply(secret, {"type": "declare", "kind": "rob", "bank": Y})
    with pytest.raises(IllegalEvent, match="“maybe”"):
        GAME.apply(secret, {"type": "declare", "kind": "maybe", "bank": Y})


def test_i_will_rob_x_fixes_the_gentlemans_bank():
    """« 1. Indiquer la banque qu'il ou elle a l'intention de braquer. »"""
    state = restock(start(), 1000, 2000, 3000, 4000)
    state = GAME.apply(state, {"type": "declare", "kind": "rob", "bank": R})
    reveal = next(a for a in GAME.actions(state, None) if a.type == "reveal")
    assert [f.key for f in reveal.fields] == ["bank1", "bank2"]
    state = GAME.apply(state, {"type": "reveal", "bank1": Y, "bank2": G})
    assert state["last"]["robbed"] == [R, Y, G] and state["hands"] == [[3000], [1000], [2000]]


def test_i_will_not_rob_x_excludes_x_from_the_gentlemans_choices():
    """« 2. Indiquer une banque qu'il ou elle ne braquera pas. »"""
    state = restock(start(), 1000, 2000, 3000, 4000)
    state = GAME.apply(state, {"type": "declare", "kind": "not_rob", "bank": R})
    reveal = next(a for a in GAME.actions(state, None) if a.type == "reveal")
    field = next(f for f in reveal.fields if f.key == "bank0")
    assert R not in [c for c, _ in field.choices] and B in [c for c, _ in field.choices]


def test_others_may_change_after_the_declaration_but_not_the_gentleman():
    """« Après cette déclaration, tous les autres joueurs ont la possibilité de confirmer leur choix ou de
    reprendre leur carte et d'en jouer une autre »"""
    state = restock(start(), *[1000] * 4)
    state = GAME.apply(state, {"type": "choose", "bank1": Y})
    state = GAME.apply(state, {"type": "choose", "bank0": B})
    state = GAME.apply(state, {"type": "declare", "kind": "rob", "bank": B})
    state = GAME.apply(state, {"type": "choose", "bank1": G})
    with pytest.raises(IllegalEvent, match="may not change"):
        GAME.apply(state, {"type": "choose", "bank0": Y})
    assert [a.seat for a in GAME.actions(state, None) if a.type == "choose"] == [1, 2]
    reveal = next(a for a in GAME.actions(state, None) if a.type == "reveal")
    assert [f.key for f in reveal.fields] == ["bank2"]
    for bank in (Y, G):  # neither a wrong bank nor the right one: the answer would give the secret away
        with pytest.raises(IllegalEvent, match="bank1: Bob chose their bank in secret") as err:
            GAME.apply(state, {"type": "reveal", "bank1": bank, "bank2": R})
        assert "“green”" not in str(err.value) and "“green”" not in err.value.get("fr")
    state = GAME.apply(state, {"type": "reveal", "bank2": R})
    assert state["last"]["robbed"] == [B, G, R] and state["chosen"] == [None, None, None]


def test_secret_choices_are_private_until_the_reveal():
    """« chaque joueur doit décider secrètement quelle banque il a l'intention de braquer »"""
    state = GAME.apply(restock(start(), *[1000] * 4), {"type": "choose", "bank2": R})
    assert GAME.view(state, 2)["chosen"][2] == R
    assert GAME.view(state, None)["chosen"][2] == HIDDEN and GAME.view(state, 1)["chosen"][2] == HIDDEN
    mine = [p for p in GAME.panels(state, 2) if p.seat == 2]
    assert mine and any("red" in label.en for label, _ in mine[0].rows)
    assert not [p for p in GAME.panels(state, None) if p.seat is not None]


@pytest.mark.parametrize("event, match", [
    ({"type": "reveal", "bank1": Y}, "bank2: which bank did Cy rob"),
    ({"type": "reveal", "bank1": Y, "bank2": "khaki"}, "bank2 \\(Cy\\): .*got “khaki”"),
    ({"type": "reveal", "bank1": Y, "bank2": ""}, "got “”"),
    ({"type": "reveal", "bank1": Y, "bank2": G, "bank7": G}, "no player number 7"),
    ({"type": "choose", "bank1": Y, "bank2": G}, "one player's bank"),
    ({"type": "restock", Y: 1000}, "“restock” is not possible now"),
    ({"type": "deck", "count": 62}, "got 62"),
    ({"type": "deck", "count": "ten"}, "got “ten”"),
    ({"type": "shoot"}, "unknown event type “shoot”"),
])
def test_illegal_events_are_refused_with_the_bad_value(event: dict[str, Any], match: str):
    state = GAME.apply(restock(start(), *[1000] * 4), {"type": "declare", "kind": "rob", "bank": Y})
    with pytest.raises(IllegalEvent, match=match):
        GAME.apply(state, event)


def test_the_declaration_timer_is_optional_and_configurable():
    """« Le Gentilhomme (ou la Dame) doit laisser un temps raisonnable aux autres »"""
    plain = GAME.apply(restock(start(), *[1000] * 4), {"type": "declare", "kind": "rob", "bank": Y})
    assert plain["timers"] == {}
    timed = GAME.apply(restock(start(timer=True, seconds=45), *[1000] * 4),
                       {"type": "declare", "kind": "rob", "bank": Y})
    assert timed["timers"]["confirm"]["duration"] == 45_000
    timed = GAME.apply(timed, {"type": "timer", "key": "confirm", "op": "start", "at": 1000})
    assert timed["timers"]["confirm"]["since"] == 1000
    after = GAME.apply(timed, {"type": "reveal", "bank1": G, "bank2": R})
    assert "confirm" not in after["timers"]
    assert GAME.validate_options({})["declaration_timer"] is False
    assert GAME.validate_options({})["declaration_seconds"] == 30


# --------------------------------------------------------------------------- Robby Junior


def test_robby_junior_plays_his_deck_in_the_same_order_forever():
    """« La carte Braquage jouée par Robby Junior est la première de son paquet et, après l'avoir jouée, elle
    sera placée au fond du paquet sans jamais le mélanger. »"""
    order = [R, Y, GR, G, B]
    state = start(people=3, junior=True, junior_deck=order)
    played = []
    for _ in range(7):
        g = state["gentleman"]
        others = [k for k in range(3) if k != g]
        state = round_(state, [1000] * 5, ("not_rob", Y), {g: G, others[0]: B, others[1]: B})
        played.append(state["last"]["robbed"][3])
    assert played == order + order[:2]


def test_robby_junior_takes_loot_collides_and_is_never_shown_before_the_reveal():
    """« Robby Junior aura son propre paquet de cartes Braquage ... et participera à chaque tour »"""
    state = start(people=3, junior=True, junior_deck=[R, Y, GR, G, B])
    state = restock(state, 1000, 2000, 3000, 4000, 5000)
    state = GAME.apply(state, {"type": "declare", "kind": "rob", "bank": Y})
    for seat in (None, 0, 1, 2, 3):
        assert GAME.view(state, seat)["junior_deck"] == HIDDEN
    reveal = next(a for a in GAME.actions(state, None) if a.type == "reveal")
    assert "bank3" not in [f.key for f in reveal.fields]
    with pytest.raises(IllegalEvent, match="Robby Junior's card comes from his deck"):
        GAME.apply(state, {"type": "reveal", "bank1": G, "bank2": B, "bank3": GR})
    state = GAME.apply(state, {"type": "reveal", "bank1": G, "bank2": B})
    assert state["hands"][3] == [3000] and state["last"]["robbed"][3] == R
    state = round_(state, [1000] * 5, ("rob", Y), {1: Y, 0: G, 2: B})  # Junior's next card: yellow
    assert state["last"]["banks"][0]["robbers"] == [1, 3] and state["loot"][Y] == [1000]


def test_robby_junior_is_never_the_gentleman():
    """« Le paquet de cartes Butin passe de main en main » : only people hold the deck."""
    state = start(people=3, junior=True, first=2)
    state = round_(state, [1000] * 5, ("rob", Y), {2: Y, 0: G, 1: R})
    assert state["gentleman"] == 0
    assert GAME.actions(state, 3) == []


# --------------------------------------------------------------------------- the police


def test_police_take_the_highest_card_from_whoever_holds_the_most_cards():
    """« Le joueur avec le plus grand NOMBRE de cartes (indépendamment de leur valeur) doit rendre la carte
    de plus grande valeur, en la plaçant au fond du paquet. »"""
    assert police([[1000, 2000, 1000], [9000, 8000], [None]], 1) == [[1000, 1000], [9000, 8000], [None]]


def test_police_tied_players_each_give_one_card():
    """« En cas d'égalité entre deux joueurs ou plus ayant le nombre maximum de cartes, chacun d'eux doit se
    défaire d'une carte (toujours celle de la plus grande valeur). »"""
    assert police([[1000, 5000], [9000, None], [7000]], 1) == [[1000], [None], [7000]]


def test_police_objects_only_and_the_1000_dollar_card():
    """« Dans le cas rare où un joueur aurait plus de cartes que les autres, toutes représentant des objets,
    il doit en défausser une au choix. Cependant, il suffit d'avoir une carte d'une valeur de 1 000 $ pour que
    ce soit celle-ci qui doive être défaussée. »"""
    assert police([[None, None, None], [5000]], 1) == [[None, None], [5000]]
    assert police([[None, 1000, None], [5000]], 1) == [[None, None], [5000]]


def test_police_come_once_per_bank_and_recount_each_time():
    """« la procédure d'arrivée de la Police sera répétée autant de fois qu'il y a de Banques avec quatre
    cartes, en recomptant à chaque fois le nombre de cartes Butin en possession des joueurs »"""
    hands = [[1000, 2000, 3000], [4000, 5000], []]
    assert police(hands, 1) == [[1000, 2000], [4000, 5000], []]
    assert police(hands, 2) == [[1000], [4000], []]
    assert police(hands, 3) == [[], [], []]
    assert police(hands, 4) == [[], [], []]
    assert hands == [[1000, 2000, 3000], [4000, 5000], []], "the input is left untouched"


def test_police_signature_and_bad_input():
    sig = inspect.signature(police)
    assert list(sig.parameters) == ["hands", "banks_with_four"]
    with pytest.raises(IllegalEvent, match="got 1500"):
        police([[1500]], 1)
    with pytest.raises(IllegalEvent, match="got true"):
        police([[1000]], True)


def test_four_cards_in_a_bank_go_back_under_the_deck_and_bring_the_police():
    """« jusqu'à ce qu'à la fin d'un tour, quatre cartes Butin restent dans une Banque. Lorsque cela se
    produit, les quatre cartes Butin sont retirées de la Banque et remises au fond du paquet »
    « Cette action entraîne également l'arrivée de la Police »"""
    state = start()  # Ada, Bob, Cy; banks yellow, green, red, blue
    state = round_(state, [9000, "object", 1000, 5000], ("rob", Y), {0: Y, 1: G, 2: G})
    state = round_(state, [2000, 3000, 1000, 5000], ("not_rob", Y), {1: R, 0: Y, 2: R})
    state = round_(state, [4000, "object", 1000, 5000], ("rob", Y), {2: Y, 0: Y, 1: Y})
    assert state["hands"] == [[9000, 2000], [], []] and state["police_visits"] == 0
    assert state["loot"] == {Y: [4000], G: [None, 3000, None], R: [1000] * 3, B: [5000] * 3}
    state = round_(state, [6000, 7000, 8000, 9000], ("rob", G), {0: G, 1: G, 2: Y})
    # Cy took yellow (4000, 6000); green, red and blue now hold four cards: three visits, recounting.
    assert state["loot"] == {Y: [], G: [], R: [], B: []}
    assert state["hands"] == [[], [], []]
    visits = state["last"]["police"]
    assert [v["bank"] for v in visits] == [G, R, B]
    assert [v["taken"] for v in visits] == [[[0, 9000], [2, 6000]], [[0, 2000], [2, 4000]], []]
    assert state["deck"] == DECK_SIZE and state["police_visits"] == 3
    texts = " ".join(label.en for p in GAME.panels(state, None) for label, _ in p.rows)
    assert "Police!" in texts and "Nobody has any loot to give back" in texts


def test_robby_junior_meets_the_police_too():
    """« Le joueur avec le plus grand NOMBRE de cartes » : Robby Junior is a player."""
    state = start(people=3, junior=True, junior_deck=[R, R, R, R, R])  # banks Y G R B GR
    for _ in range(4):  # the people always collide at the yellow bank; Junior robs the red one alone
        state = round_(state, [1000, 2000, 3000, 4000, 5000], ("rob", Y), {0: Y, 1: Y, 2: Y})
    assert [v["bank"] for v in state["last"]["police"]] == [Y, G, B, GR]
    assert [v["taken"] for v in state["last"]["police"]] == [[[3, 3000]]] * 4
    assert state["hands"] == [[], [], [], []] and state["deck"] == DECK_SIZE


@settings(max_examples=200, deadline=None)
@given(hands=st.lists(st.lists(st.sampled_from([None, *range(1000, 10_000, 1000)]), max_size=12),
                      min_size=1, max_size=7),
       visits=st.integers(0, 7))
def test_property_police_only_take_from_the_players_holding_the_most_cards(hands, visits):
    before = json.dumps(hands)
    current = [list(h) for h in hands]
    for _ in range(visits):
        after, taken = police_visit(current)
        most = max(len(h) for h in current)
        losers = {k for k, _ in taken}
        assert losers == ({k for k, h in enumerate(current) if len(h) == most} if most else set())
        for k, hand in enumerate(current):
            if k not in losers:
                assert after[k] == hand
            else:
                card = dict(taken)[k]
                money = [c for c in hand if c is not None]
                assert card == (max(money) if money else None)
                assert len(after[k]) == len(hand) - 1
        current = after
    assert police(hands, visits) == current
    assert json.dumps(hands) == before


# --------------------------------------------------------------------------- the end


def test_the_game_ends_when_the_deck_cannot_restock_every_bank():
    """« Si au début d'un tour, il n'y a pas assez de cartes Butin pour réapprovisionner TOUTES les Banques,
    la partie se termine immédiatement et on passe au décompte »"""
    state = start(deck=11)  # four banks
    state = round_(state, [1000] * 4, ("rob", Y), {0: Y, 1: G, 2: R})
    assert not GAME.finished(state) and state["deck"] == 7
    state = round_(state, [1000] * 4, ("rob", G), {1: G, 0: Y, 2: R})
    assert GAME.finished(state) and state["deck"] == 3 and state["end"] == "deck"
    assert GAME.actions(state, None) == []
    with pytest.raises(IllegalEvent, match="the match is over"):
        restock(state, *[1000] * 4)


def test_the_police_can_refill_the_deck_in_time():
    """« remises au fond du paquet, afin qu'elles puissent revenir plus tard dans le jeu »"""
    state = start(deck=16)
    for _ in range(3):
        state = round_(state, [1000] * 4, ("rob", Y), {0: Y, 1: Y, 2: Y})
    state = restock(state, *[1000] * 4)
    assert state["deck"] == 0
    state = GAME.apply(state, {"type": "declare", "kind": "rob", "bank": Y})
    state = GAME.apply(state, {"type": "reveal", "bank1": Y, "bank2": G})
    # Cy takes green's four cards; yellow, red and blue go back (12) and Cy gives back one card each time.
    assert not GAME.finished(state) and state["deck"] == 15 and state["hands"][2] == [1000]


def test_the_table_may_count_the_deck():
    state = GAME.apply(start(), {"type": "deck", "count": 20})
    assert state["deck"] == 20 and not GAME.finished(state)
    state = GAME.apply(state, {"type": "deck", "count": 3})
    assert GAME.finished(state)
    mid = GAME.apply(restock(start(), *[1000] * 4), {"type": "deck", "count": 2})
    assert not GAME.finished(mid), "the end comes at the start of a round"


# --------------------------------------------------------------------------- scoring


def cli(doc: Any) -> subprocess.CompletedProcess[str]:
    text = doc if isinstance(doc, str) else json.dumps(doc)
    return subprocess.run([sys.executable, "-m", "scoring", "score", "robby-solo"], input=text,
                          capture_output=True, text=True)


def test_objects_score_by_how_many_a_player_holds():
    """« Un seul objet = 1 000 $ / Deux objets = 10 000 $ / Trois objets = 20 000 $ /
    Quatre objets = 40 000 $ /
    Cinq objets = 60 000 $ / Six objets = 80 000 $ / Sept objets = 100 000 $ »"""
    values = [0, 1000, 10_000, 20_000, 40_000, 60_000, 80_000, 100_000, 100_000, 100_000]
    for n, value in enumerate(values):
        sheet = GAME.score_input({"players": [{"name": "A", "objects": n}, {"name": "B"}, {"name": "C"}]})
        row = next(r for r in sheet.ranking if r.name == "A")
        assert row.total == row.breakdown["objects"] == value


def test_more_than_seven_objects_is_noted_on_the_sheet():
    doc = {"players": [{"name": "A", "objects": 9}, {"name": "B"}, {"name": "C"}]}
    sheet = GAME.score_input(doc).to_json()
    assert sheet["ranking"][0]["objects_capped"] is True
    assert any("stops at seven" in n for n in sheet["notes"])
    # stored in both languages, so that a French table reads it in French
    assert sheet["notes_fr"] == ["A a 9 objets : le tableau s'arrête à sept, soit 100\u00a0000 $."]
    assert sheet["notes"] == ["A holds 9 objects: the table stops at seven, so they score $100,000."]


def test_money_is_added_and_ties_share_the_victory():
    """« Les cartes avec une valeur monétaire sont simplement additionnées entre elles »
    « Le joueur avec le total le plus élevé gagne la partie. » (no tie-break is given)"""
    sheet = GAME.score_input({"players": [
        {"name": "Sam", "money": [9000, 4000, 1000], "objects": 3},
        {"name": "Léa", "money": [9000, 9000, 9000, 7000]},
        {"name": JUNIOR_NAME, "money": [5000], "objects": 2}]}).to_json()
    assert [(r["name"], r["rank"], r["total"]) for r in sheet["ranking"]] == [
        ("Sam", 1, 34_000), ("Léa", 1, 34_000), (JUNIOR_NAME, 3, 15_000)]
    assert sheet["winners"] == ["Sam", "Léa"] and any("shared" in n for n in sheet["notes"])
    assert sheet["ranking"][0]["breakdown"] == {"money": 14_000, "objects": 20_000}


def test_cli_scores_the_issue_example():
    out = cli({"players": [{"name": "Sam", "money": [9000, 4000, 1000], "objects": 3}]})
    assert out.returncode == 0 and json.loads(out.stdout)["ranking"][0]["total"] == 34_000
    out = cli({"players": [{"name": "Sam", "money": [9000, 4000, 1000], "objects": 3},
                           {"name": "Robby Junior", "money": [2000], "objects": 0},
                           {"name": "Ana", "money": [], "objects": 1}]})
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["game"] == "robby-solo" and doc["winners"] == ["Sam"]
    assert doc["ranking"][0] == {"name": "Sam", "seat": 0, "rank": 1, "total": 34_000, "money_cards": 3,
                                 "object_cards": 3, "breakdown": {"money": 14_000, "objects": 20_000}}


@pytest.mark.parametrize("player, where, got", [
    ({"name": "A", "money": [1500]}, "players[0].money[0]", "got 1500"),
    ({"name": "A", "money": [10_000]}, "players[0].money[0]", "got 10000"),
    ({"name": "A", "money": ["9000"]}, "players[0].money[0]", "got “9000”"),
    ({"name": "A", "money": [True]}, "players[0].money[0]", "got true"),
    ({"name": "A", "money": 9000}, "players[0].money", "got 9000"),
    ({"name": "A", "objects": -1}, "players[0].objects", "got -1"),
    ({"name": "A", "objects": 2.5}, "players[0].objects", "got 2.5"),
    ({"name": ""}, "players[0].name", "got “”"),
    ({"name": "B"}, "players[1].name", "“B” is already used"),
    ({"name": "A", "gold": 3}, "players[0].gold", "unknown field “gold”"),
    ({"name": "A", "objects": 61}, "players", "got 62 in the hands"),
])
def test_bad_score_input_names_the_field(player: dict[str, Any], where: str, got: str):
    doc = {"players": [player, {"name": "B", "objects": 1}, {"name": "C"}]}
    with pytest.raises(InvalidScoreInput) as err:
        GAME.score_input(doc)
    assert err.value.where == where and got in err.value.problem


@pytest.mark.parametrize("doc", [[], {"players": []}, {"players": [{"name": f"P{i}"} for i in range(7)]},
                                 {"players": "x"}, {"players": [{"name": "A"}], "x": 1}])
def test_bad_score_documents(doc: Any):
    with pytest.raises(InvalidScoreInput):
        GAME.score_input(doc)


@pytest.mark.parametrize("doc", [{"players": [{"name": "A", "money": [1500]}, {"name": "B"}, {"name": "C"}]},
                                 {"players": [{"name": "A", "objects": "3"}]}, "[1, 2"])
def test_cli_refuses_bad_input_with_one_line(doc: Any):
    out = cli(doc)
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1 and out.stdout == ""


players_st = st.lists(st.tuples(st.lists(st.sampled_from(range(1000, 10_000, 1000)), max_size=8),
                                st.integers(0, 9)), min_size=3, max_size=6,
                      ).filter(lambda ps: sum(len(m) + o for m, o in ps) <= DECK_SIZE - 2)


def doc_of(players: list[tuple[list[int], int]]) -> dict[str, Any]:
    return {"players": [{"name": f"P{i}", "money": m, "objects": o} for i, (m, o) in enumerate(players)]}


def totals(doc: dict[str, Any]) -> dict[str, int]:
    return {r.name: r.total for r in GAME.score_input(doc).ranking}


@settings(max_examples=150, deadline=None)
@given(players=players_st, data=st.data())
def test_property_scoring_is_monotonic_in_every_money_card(players, data):
    with_money = [i for i, (m, _o) in enumerate(players) if m]
    before = totals(doc_of(players))
    rank_before = {r.name: r.rank for r in GAME.score_input(doc_of(players)).ranking}
    if with_money:
        i = data.draw(st.sampled_from(with_money))
        j = data.draw(st.integers(0, len(players[i][0]) - 1))
        old = players[i][0][j]
        new = data.draw(st.sampled_from([v for v in range(1000, 10_000, 1000) if v >= old]))
        changed = [(list(m), o) for m, o in players]
        changed[i][0][j] = new
        after = totals(doc_of(changed))
        assert after[f"P{i}"] == before[f"P{i}"] + new - old
        assert all(after[n] == t for n, t in before.items() if n != f"P{i}")
        ranks = {r.name: r.rank for r in GAME.score_input(doc_of(changed)).ranking}
        assert ranks[f"P{i}"] <= rank_before[f"P{i}"]
    k = data.draw(st.integers(0, len(players) - 1))
    more = [(list(m), o) for m, o in players]
    more[k][0].append(data.draw(st.sampled_from(range(1000, 10_000, 1000))))
    more[k] = (more[k][0], more[k][1] + 1)
    assert totals(doc_of(more))[f"P{k}"] > before[f"P{k}"]


def test_score_of_a_match_is_the_score_of_its_hands():
    state = start(people=3, junior=True, junior_deck=[R, Y, GR, G, B])
    state = round_(state, [1000, "object", 3000, 4000, 5000], ("rob", Y), {0: Y, 1: G, 2: B})
    sheet = GAME.score(state).to_json()
    doc = {"players": [{"name": n, "money": [c for c in h if c is not None], "objects": h.count(None)}
                       for n, h in zip(state["names"], state["hands"], strict=True)]}
    assert sheet == GAME.score_input(doc).to_json()
    assert {r["name"]: r["total"] for r in sheet["ranking"]} == {
        "Ada": 1000, "Bob": 1000, "Cy": 4000, JUNIOR_NAME: 3000}


# --------------------------------------------------------------------------- views, actions, random matches


def test_loot_piles_show_only_their_size_to_the_others():
    """« Chaque joueur place les cartes Butin obtenues ... face visible, formant un paquet (de manière à
    ce que
    seule la valeur de la première carte soit visible) »"""
    state = round_(start(), [9000, 2000, 3000, 4000], ("rob", Y), {0: Y, 1: G, 2: G})
    assert GAME.view(state, 1)["hands"][0] == HIDDEN and GAME.view(state, 0)["hands"][0] == [9000]
    assert GAME.view(state, None)["pile_sizes"] == [1, 0, 0]
    own = [p for p in GAME.panels(state, 0) if p.seat == 0][0]
    assert Tr("9\u00a0000 $", "$9,000", it="9.000 $") in [v for _l, v in own.rows]
    end = GAME.apply(state, {"type": "deck", "count": 0})
    assert GAME.view(end, None)["hands"][0] == [9000]


def test_actions_cover_a_whole_round_at_the_table():
    state = start(people=4, junior=True)
    kinds = [a.type for a in GAME.actions(state, None)]
    assert kinds == ["restock", "deck"] and GAME.actions(state, None)[0].primary
    restock_form = GAME.actions(state, None)[0]
    assert [f.key for f in restock_form.fields] == state["banks"]
    assert restock_form.fields[0].kind == "int" and restock_form.fields[0].default is None
    state = restock(state, *[1000] * 6)
    types = [(a.type, a.seat, a.private) for a in GAME.actions(state, None)]
    assert ("declare", 0, False) in types and ("choose", 3, True) in types
    assert [(a.type, a.primary) for a in GAME.actions(state, 2)] == [("choose", True)]
    state = GAME.apply(state, {"type": "declare", "kind": "not_rob", "bank": Y})
    assert GAME.actions(state, None)[0].type == "reveal"
    for seat in (None, 0, 1):
        for panel in GAME.panels(state, seat):
            assert panel.title.fr and panel.title.en
            assert all(label.fr and label.en for label, _ in panel.rows)


def _random_match(seed: int) -> tuple[dict[str, Any], list[str], list[dict[str, Any]], dict[str, Any]]:
    rng = random.Random(seed)
    people = rng.randint(3, 6)
    opts = GAME.validate_options({"players": people, "robby_junior": people < 6 and rng.random() < 0.7,
                                  "declaration_timer": rng.random() < 0.5})
    record = GAME.setup(opts, random.Random(f"{seed}:setup")).record
    names = NAMES[:people]
    events, state = legal_events(GAME, GAME.initial_state(record, names), rng, seed, 500)
    return record, names, events, state


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_property_random_matches_with_junior_finish_replay_and_keep_secrets(seed):
    record, names, events, final = _random_match(seed)
    assert GAME.finished(final) and len(events) < 500
    assert replay(GAME, json.loads(json.dumps(record)), names, json.loads(json.dumps(events))) == final
    state = GAME.initial_state(record, names)
    recounted = False
    for event in events:
        state = GAME.apply(state, event)
        recounted = recounted or event["type"] == "deck"  # a recount is the table's word
        in_play = state["deck"] + sum(map(len, state["loot"].values())) + sum(map(len, state["hands"]))
        assert recounted or in_play == DECK_SIZE, "loot cards are conserved"
        for seat in [None, *range(len(state["names"]))]:
            view = GAME.view(state, seat)
            for secret in GAME.secrets(state):
                if seat is None or secret.owner != seat:
                    assert get_path(view, secret.path) == HIDDEN
            GAME.panels(state, seat)
            GAME.actions(state, seat)
    sheet = GAME.score(final).to_json()
    assert {r["name"] for r in sheet["ranking"]} == set(final["names"])


def test_registered():
    assert find_game("robby-solo") is GAME


def test_score_sheet_categories_are_named_for_the_table():
    """The breakdown keys (« Les cartes avec une valeur monétaire sont simplement additionnées », then the
    objects) have French and English names for the score sheet."""
    sheet = GAME.score_input({"players": [{"name": "Sam", "money": [9000], "objects": 2}]})
    assert set(sheet.ranking[0].breakdown) == set(GAME.categories)
    assert GAME.categories["money"].fr == "Argent" and GAME.categories["objects"].en == "Objects"
