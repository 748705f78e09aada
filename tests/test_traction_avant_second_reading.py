"""Le Gang des Traction-Avant, second reading (issue 17) and the movement clock (issue 21): a contested
heist is fought before anybody wins, a car carries four men, the cafés' cards as a house rule, and
bought time that is not eaten by the overrun.

Rulebook: shared/rules/gang-des-traction-avant.fr-it.txt (the French stands).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from scoring.core import IllegalEvent, replay
from scoring.games.traction_avant.game import GAME
from scoring.games.traction_avant.rules import super_cards

NAMES = ["Ange", "Bébert", "Carlo", "Dédé"]


def new_match(**options: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    setup = GAME.setup(GAME.validate_options({"players": 4, **options}), random.Random(5)).record
    return setup, GAME.initial_state(setup, NAMES)


class Table:
    """A match played event by event, as the app records it."""

    def __init__(self, **options: Any) -> None:
        self.setup, self.state = new_match(**options)
        self.events: list[dict[str, Any]] = []

    def __call__(self, **action: Any) -> dict[str, Any]:
        event = GAME.prepare(self.state, action, random.Random(len(self.events)))
        self.state = GAME.apply(self.state, event)
        self.events.append(event)
        return self.state

    def to(self, phase: str) -> None:
        while self.state["phase"] != phase:
            if self.state["phase"] == "moves":
                self(type="done", seat=self.state["mover"])
            else:
                self(type="next_phase")

    def new_turn(self) -> None:
        self.to("cards")
        self(type="next_phase")


def order(table: Table, seat: int, **fields: Any) -> dict[str, Any]:
    return table(type="order", seat=seat, **{"cars": 0, "men": 0, "colts": 0, "stens": 0, "bullets": 0,
                                             "targets": [], "note": "", **fields})


def contested_heist_after_18_millions() -> Table:
    """The issue's reproduction: four players; Ange robs bank 1 alone with 18 pawns, and next turn robs it
    with 2 pawns beside Bébert's 3."""
    table = Table()
    table(type="begin")
    table.to("heists")
    table(type="heists", bank1=[18, 0, 0, 0], bank2=[0] * 4)
    assert table.state["thunes"] == [18_500_000, 500_000, 500_000, 500_000] and not table.state["finished"]
    table.new_turn()
    table.to("heists")
    table(type="heists", bank1=[2, 3, 0, 0], bank2=[0] * 4)
    return table


def test_a_contested_heist_is_fought_before_anybody_wins():
    """« Un premier partage de l'argent est fait : chaque joueur prend une brique par pion de sa couleur »
    is provisional: a fleeing gang may « sacrifier les pions attaqués - ainsi que leur part de butin », and
    « A la fin des combats, les survivants se partagent le butin ».  Ange at 18.5 M plus a first share of
    2 M would be 20.5 M, 20 M ahead: the match goes on to the secret orders and the fight."""
    table = contested_heist_after_18_millions()
    state = table.state
    assert not state["finished"] and state["winner"] is None
    assert state["thunes"] == [18_500_000, 500_000, 500_000, 500_000]
    assert state["heist"]["first_share"] == [2_000_000, 3_000_000, 0, 0]
    order(table, 0, cars=1, men=2, note="on file avec le butin")
    state = order(table, 1, colts=2, targets=[0])  # Bébert's order is not refused: the match is not over
    assert state["heist"]["revealed"] and not state["finished"]
    assert [a.type for a in GAME.actions(state, None) if a.primary] == ["split"]


def test_the_split_decides_the_winner():
    """« A la fin des combats, les survivants se partagent le butin. » Ange's two men get away with their
    share: 20.5 M, a lead of 2 M or more, and only then the victory."""
    table = contested_heist_after_18_millions()
    order(table, 0, cars=1)
    order(table, 1, colts=1, targets=[0])
    table(type="combat_round")
    order(table, 0, cars=1, men=2)
    order(table, 1)
    state = table(type="split", shares=[2_000_000, 3_000_000, 0, 0])
    assert state["finished"] and state["winner"] == 0 and state["thunes"][0] == 20_500_000
    sheet = GAME.score(state).to_json()
    assert sheet["winners"] == ["Ange"] and sheet["ranking"][0]["breakdown"]["heist_share"] == 20_000_000
    assert replay(GAME, table.setup, NAMES, table.events) == state


def test_a_lost_fight_costs_the_provisional_share_and_the_match_goes_on():
    """« Il peut sacrifier les pions attaqués - ainsi que leur part de butin » : Ange's pawns are shot, Bébert's
    survivors take the whole loot; nobody has won and the next heist may be declared."""
    table = contested_heist_after_18_millions()
    order(table, 0, cars=1)
    order(table, 1, colts=2, targets=[0])
    state = table(type="split", shares=[0, 5_000_000, 0, 0])
    assert not state["finished"] and state["thunes"] == [18_500_000, 5_500_000, 500_000, 500_000]
    assert [a.type for a in GAME.actions(state, None) if a.primary] == ["next_phase"]


def test_a_gang_alone_in_the_bank_wins_on_its_loot_at_once():
    """Nobody to fight: « Un joueur qui a décidé de fuir en traction et que personne n'attaque rentre sans
    problème à sa base avec son butin »; Ange alone with 20 pawns passes 20 M at the declaration."""
    table = Table()
    table(type="begin")
    table.to("heists")
    state = table(type="heists", bank1=[20, 0, 0, 0], bank2=[0] * 4)
    assert state["finished"] and state["winner"] == 0


def test_a_car_brings_four_men_home_at_most():
    """« Cette carte permet à un joueur de ramener à sa base 4 hommes maximum. »"""
    table = Table()
    table(type="begin")
    table.to("heists")
    table(type="heists", bank1=[6, 3, 0, 0], bank2=[0] * 4)
    with pytest.raises(IllegalEvent, match="4 men each") as err:
        order(table, 0, cars=1, men=5)
    assert "4 hommes maximum" in err.value.get("fr")
    with pytest.raises(IllegalEvent, match="at least one man"):
        order(table, 0, cars=3, men=2)
    with pytest.raises(IllegalEvent, match="do not shoot"):
        order(table, 0, cars=2, men=6, colts=1, targets=[1])
    state = order(table, 0, cars=2, men=5, colts=1, targets=[1])
    assert state["heist"]["orders"][0]["men"] == 5
    state = order(table, 0, cars=1, colts=1, targets=[1])  # men not given: those who do not shoot, up to 4
    assert state["heist"]["orders"][0]["men"] == 4
    older = {"type": "order", "seat": 0, "cars": 2, "colts": 6, "stens": 0, "bullets": 0, "targets": [1]}
    assert GAME.apply(table.state, older)["heist"]["orders"][0]["men"] == 0, "an order recorded before 'men'"


@pytest.mark.parametrize("reading,cards", [("series", [2, 0, 1, 1]), ("one_per_cafe", [1, 0, 1, 1])])
def test_the_cafes_cards_follow_the_reading_chosen_for_the_match(reading: str, cards: list[int]):
    """Phase 3: « Tout joueur représenté par 3 de ses hommes dans le même établissement recevra une carte
    « Super Embrouille » à la dernière phase du tour »; phase 5: « autant de cartes « Super Embrouille »
    qu'ils ont de séries de 3 pions dans des cafés ».  Six pawns in one café: two cards by the series (the
    ruling), one by the phase-3 sentence (the house rule)."""
    option = next(o for o in GAME.options if o.key == "cafe_cards")
    assert option.house_rule and option.default == "series" and option.help is not None
    table = Table(cafe_cards=reading)
    assert table.setup["options"]["cafe_cards"] == reading, "the reading is kept with the match"
    table(type="begin")
    table.to("cards")
    state = table(type="cards", hotels=[1, 0, 2, 0], cafe1=[6, 2, 3, 0], cafe2=[0, 0, 0, 3], cafe3=[0] * 4)
    assert state["cards_log"][-1]["super"] == cards
    assert state["cards_log"][-1]["embrouille"] == [1, 0, 2, 0]
    shown = next(p for p in GAME.panels(state, None) if p.title.en == "Cards to take")
    assert shown.rows[0][1].en == f"1 Embrouille · {cards[0]} Super Embrouille"
    assert super_cards([6], reading) == cards[0]


def test_the_default_reading_is_added_to_older_matches():
    """A match recorded before the option existed replays with the ruling."""
    setup, _ = new_match()
    old = {**setup, "options": {k: v for k, v in setup["options"].items() if k != "cafe_cards"}}
    assert GAME.initial_state(old, NAMES)["options"]["cafe_cards"] == "series"


# --------------------------------------------------------------------------- the movement clock (issue 21)


def moving() -> Table:
    table = Table()
    table(type="begin")
    table.to("moves")
    return table


@pytest.mark.parametrize("bought_at", [200_000, 400_000])
def test_time_bought_after_the_hourglass_ran_out_gives_the_full_three_minutes(bought_at: int):
    """« Tout joueur désirant 3 minutes supplémentaires doit donner 100 000 Thunes à chacun de ses
    adversaires » : he pays for 3 more minutes of play, counted from the purchase (not 2:40, not 0:00)."""
    from scoring.core import timers

    table = moving()
    m = table.state["mover"]
    key = f"moves:{m}"
    table(type="timer", key=key, op="start", at=0)
    state = table(type="buy_time", seat=m, at=bought_at)
    assert state["thunes"][m] == 200_000
    assert timers.remaining(state["timers"][key], now=bought_at) == 180_000
    assert not timers.expired(state["timers"][key], now=bought_at + 179_000)
    state = table(type="done", seat=m, at=bought_at + 60_000)
    assert state["time_log"][-1]["used"] == 180_000 + 60_000, "the hourglass's 3 minutes and 1 bought minute"


def test_a_reset_in_the_middle_of_a_move_keeps_the_time_used():
    """A reset of the mover's countdown (any phone's reset button) starts it again, but the time log keeps
    what was used before: 200 s then 30 s make 230 s, not 30 s."""
    table = moving()
    m = table.state["mover"]
    key = f"moves:{m}"
    table(type="timer", key=key, op="start", at=0)
    table(type="buy_time", seat=m, at=10_000)
    table(type="timer", key=key, op="reset", ms=360_000, at=200_000)
    table(type="timer", key=key, op="start", at=200_000)
    state = table(type="done", seat=m, at=230_000)
    assert state["time_log"][-1]["used"] == 230_000 and state["time_used"][m] == 230_000
