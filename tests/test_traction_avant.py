"""Le Gang des Traction-Avant: every rule the engine encodes, each quoting the rulebook (French).

Rulebook: shared/rules/gang-des-traction-avant.fr-it.txt.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from scoring.core import HIDDEN, IllegalEvent, InvalidOptions, Panel, Tr
from scoring.games.traction_avant.game import GAME, time_used
from scoring.games.traction_avant.rules import (
    POWER_KEYS,
    POWERS,
    heist_order,
    right_neighbour,
    traction_points,
    turn_order,
    victor,
)

NAMES4 = ["Ange", "Bébert", "Carlo", "Dédé"]


def new_state(players: int = 4, seed: int = 1, begin: bool = True, **options: Any) -> dict[str, Any]:
    opts = GAME.validate_options({"players": players, **options})
    setup = GAME.setup(opts, random.Random(seed))
    names = (NAMES4 + ["Émile", "Fredo"])[:players]
    state = GAME.initial_state(setup.record, names)
    if begin:
        state = GAME.apply(state, {"type": "begin"})
    return state


def act(state: dict[str, Any], seed: int = 0, **action: Any) -> dict[str, Any]:
    event = GAME.prepare(state, action, random.Random(seed))
    return GAME.apply(state, event)


def to_phase(state: dict[str, Any], phase: str) -> dict[str, Any]:
    """Advance with the table's plain steps until ``phase``."""
    while state["phase"] != phase:
        if state["phase"] == "moves":
            state = act(state, type="done", seat=state["mover"])
        else:
            state = act(state, type="next_phase")
    return state


def with_thunes(state: dict[str, Any], thunes: list[int]) -> dict[str, Any]:
    """A state whose fortunes are set directly (for victory edge cases)."""
    out = dict(state)
    out["thunes"] = list(thunes)
    return out


# --------------------------------------------------------------------------- set-up


def test_four_to_six_players():
    """« Jeu stratégique et diplomatique pour 4 à 6 joueurs. »"""
    for bad in (3, 7):
        with pytest.raises(InvalidOptions, match=repr(bad)):
            GAME.validate_options({"players": bad})
    for good in (4, 5, 6):
        assert GAME.validate_options({"players": good})["players"] == good


def test_start_with_500000_each():
    """« Il sélectionne ensuite secrètement 3 cartes « Embrouille » et 1 carte « Super Embrouille » [...] et
    reçoit son capital de départ, 500 000 Thunes. »"""
    state = new_state(5)
    assert state["thunes"] == [500_000] * 5
    assert state["ledger"][0]["kind"] == "start"


@pytest.mark.parametrize("players,quote", [
    (5, "Raymond Naudy ne joue pas et les deux hôtels les plus proches de sa base sont fermés"),
    (4, "Ni Raymond Naudy, ni Henri Fefeu ne jouent. Deux hôtels sont fermés près de chacune de leurs bases"),
])
def test_setup_instructions_quote_the_4_and_5_player_adjustments(players: int, quote: str):
    """« A 5 joueurs : Raymond Naudy ne joue pas et les deux hôtels les plus proches de sa base sont fermés. »
    « A 4 joueurs : Ni Raymond Naudy, ni Henri Fefeu ne jouent. »"""
    setup = GAME.setup(GAME.validate_options({"players": players}), random.Random(2))
    assert any(quote in step.fr for step in setup.instructions)
    assert all(step.fr and step.en for step in setup.instructions)
    out = ["Raymond Naudy", "Henri Fefeu"] if players == 4 else ["Raymond Naudy"]
    assert setup.record["bosses_out"] == out


def test_setup_at_6_players_keeps_every_base():
    setup = GAME.setup(GAME.validate_options({"players": 6}), random.Random(2))
    assert setup.record["bosses_out"] == []
    assert not any("Naudy" in step.fr for step in setup.instructions)


def test_bosses_out_of_play_are_refused():
    """« A 4 joueurs : Ni Raymond Naudy, ni Henri Fefeu ne jouent. »"""
    state = new_state(4, begin=False)
    with pytest.raises(IllegalEvent, match="“Henri Fefeu”"):
        act(state, type="choose_boss", seat=0, boss="Henri Fefeu")
    five = new_state(5, begin=False)
    five = act(five, type="choose_boss", seat=0, boss="Henri Fefeu")
    assert five["bosses"][0] == "Henri Fefeu"
    with pytest.raises(IllegalEvent, match="Naudy"):
        act(five, type="choose_boss", seat=1, boss="raymond naudy")
    with pytest.raises(IllegalEvent, match="already"):
        act(five, type="choose_boss", seat=1, boss="henri fefeu")


def test_first_player_is_drawn_at_random():
    """« Elle se fait au hasard au premier tour. »"""
    firsts = {GAME.setup(GAME.validate_options({"players": 6}), random.Random(s)).record["first_player"]
              for s in range(60)}
    assert firsts == set(range(6))


def test_random_powers_are_six_distinct_bosses_with_their_texts():
    """« Personnalisation des joueurs : Chaque joueur incarne un chef de gang et bénéficie de ses pouvoirs et
    spécialités » (Pierrot le Fou, Le Moko, Le Mammouth, Le Gros, Monmon, Riton le Tatoué)."""
    assert [POWERS[k][0] for k in POWER_KEYS] == ["Pierrot le Fou", "Le Moko", "Le Mammouth", "Le Gros",
                                                  "Monmon", "Riton le Tatoué"]
    assert "dispose d'une Sten « gratuite » à chaque tour" in POWERS["pierrot"][1].fr
    assert "il prend deux cartes Traction" in POWERS["riton"][1].fr
    state = new_state(6, personnalisation=True)
    assert sorted(state["powers"]) == sorted(POWER_KEYS)
    cards = [p for p in GAME.panels(state, None) if p.note in [POWERS[k][1] for k in POWER_KEYS]]
    assert len(cards) == 6
    four = new_state(4, personnalisation=True)
    assert len(set(four["powers"])) == 4 and set(four["powers"]) <= set(POWER_KEYS)


def test_chosen_powers_each_once_before_the_first_turn():
    state = new_state(4, begin=False, personnalisation=True, powers="chosen")
    assert state["powers"] == [None] * 4
    with pytest.raises(IllegalEvent, match="no boss power"):
        act(state, type="begin")
    state = act(state, type="choose_power", seat=0, power="moko")
    with pytest.raises(IllegalEvent, match="“moko” is already"):
        act(state, type="choose_power", seat=1, power="moko")
    with pytest.raises(IllegalEvent, match="“king”"):
        act(state, type="choose_power", seat=1, power="king")
    for seat, power in ((1, "gros"), (2, "monmon"), (3, "riton")):
        state = act(state, type="choose_power", seat=seat, power=power)
    state = act(state, type="begin")
    assert state["powers"] == ["moko", "gros", "monmon", "riton"] and state["phase"] == "first"


def test_chosen_powers_need_personnalisation():
    with pytest.raises(InvalidOptions, match="powers: “Chosen by the players” needs the option “Player personali"):
        GAME.validate_options({"players": 4, "powers": "chosen"})


# --------------------------------------------------------------------------- the turn


def test_five_phases_in_order():
    """« La partie s'organise en tours de jeu, divisés en 5 phases successives et indépendantes »."""
    state = new_state()
    seen = [state["phase"]]
    for _ in range(4 + 3):
        state = to_phase(state, {"first": "magouilles", "magouilles": "moves", "moves": "heists",
                                 "heists": "cards", "cards": "first"}[state["phase"]])
        seen.append(state["phase"])
    assert seen[:6] == ["first", "magouilles", "moves", "heists", "cards", "first"]
    assert state["turn"] == 2


def test_marker_passes_to_the_right_neighbour():
    """« Au début du tour suivant, il donne le marqueur à son voisin de droite qui devient alors premier
    joueur. » Seats are numbered clockwise, so the right-hand neighbour is the previous seat."""
    state = new_state(5, seed=3)
    first = state["first"]
    firsts = []
    for _ in range(6):
        firsts.append(state["first"])
        state = to_phase(to_phase(state, "cards"), "first")
    assert firsts == [(first - k) % 5 for k in range(6)]
    assert right_neighbour(0, 5) == 4


def test_phases_go_clockwise_from_the_first_player():
    """« Les autres joueurs lui succéderont, dans le sens des aiguilles d'une montre »."""
    state = to_phase(new_state(6, seed=4), "moves")
    movers = []
    while state["phase"] == "moves":
        movers.append(state["mover"])
        state = act(state, type="done", seat=state["mover"])
    assert movers == turn_order(state["first"], 6) == [(state["first"] + k) % 6 for k in range(6)]


def test_magouilles_timer_is_six_minutes_for_the_table():
    """« Cette phase ne doit pas excéder 6 minutes (2 sabliers) et ne concerne que les joueurs présents
    dans un ou plusieurs cafés. »"""
    state = to_phase(new_state(), "magouilles")
    assert state["timers"]["magouilles"]["duration"] == 360_000 and state["clock"] == "magouilles"
    state = act(state, type="cafe", seats=[2, 0])
    assert state["in_cafe"] == [0, 2]
    state = GAME.apply(state, {"type": "timer", "key": "magouilles", "op": "start", "at": 10_000})
    with pytest.raises(IllegalEvent, match="“magouilles” is still running"):
        act(state, type="next_phase")
    state = act(state, type="next_phase", at=250_000)
    assert state["magouilles_log"] == [{"turn": 1, "used": 240_000}]
    assert "magouilles" not in state["timers"]


def test_three_minutes_per_player_and_time_used_is_stored():
    """« Chaque joueur dispose pour cette phase de 3 minutes (1 sablier) et de 12 points de mouvement »."""
    state = to_phase(new_state(), "moves")
    m = state["mover"]
    key = f"moves:{m}"
    assert state["timers"][key]["duration"] == 180_000 and state["clock"] == key
    state = GAME.apply(state, {"type": "timer", "key": key, "op": "start", "at": 1_000})
    assert time_used(state, m, now=31_000) == 30_000
    state = GAME.apply(state, {"type": "timer", "key": key, "op": "pause", "at": 61_000})
    state = act(state, type="done", seat=m)
    assert state["time_used"][m] == 60_000 and key not in state["timers"]
    assert state["time_log"][-1]["seat"] == m and state["time_log"][-1]["used"] == 60_000
    # the next turn adds up
    state = to_phase(to_phase(state, "cards"), "moves")
    while state["mover"] != m:
        state = act(state, type="done", seat=state["mover"])
    state = GAME.apply(state, {"type": "timer", "key": key, "op": "start", "at": 0})
    state = act(state, type="done", seat=m, at=15_000)
    assert time_used(state, m) == 75_000


def test_time_purchase_pays_every_opponent_and_extends_the_timer():
    """« Tout joueur désirant 3 minutes supplémentaires doit donner 100 000 Thunes à chacun de ses
    adversaires. »"""
    for players in (4, 6):
        state = to_phase(new_state(players), "moves")
        m = state["mover"]
        before = len(state["ledger"])
        state = act(state, type="buy_time", seat=m)
        assert len(state["ledger"]) == before + 1, "one event books the whole purchase"
        entry = state["ledger"][-1]
        assert entry["kind"] == "extra_time"
        assert entry["deltas"] == [-100_000 * (players - 1) if s == m else 100_000 for s in range(players)]
        assert state["thunes"][m] == 500_000 - 100_000 * (players - 1)
        assert all(state["thunes"][s] == 600_000 for s in range(players) if s != m)
        assert state["timers"][f"moves:{m}"]["duration"] == 360_000
        assert state["time_bought"][m] == 1


def test_time_purchase_only_for_the_moving_player_and_only_if_he_can_pay():
    state = to_phase(new_state(6), "moves")
    m = state["mover"]
    other = (m + 1) % 6
    with pytest.raises(IllegalEvent, match="not moving"):
        act(state, type="buy_time", seat=other)
    state = act(state, type="buy_time", seat=m)  # 500 000 paid: he has 0 left
    assert state["thunes"][m] == 0
    with pytest.raises(IllegalEvent, match="negative"):
        act(state, type="buy_time", seat=m)


def test_next_phase_is_refused_during_the_movements():
    state = to_phase(new_state(), "moves")
    with pytest.raises(IllegalEvent, match="'done'"):
        act(state, type="next_phase")


def test_recruitment_costs_4_points_or_one_brique():
    """« Le recrutement d'un homme de main [...] coûte 4 points de mouvement ou 1 brique. »"""
    state = to_phase(new_state(), "moves")
    m = state["mover"]
    state = act(state, type="recruit", seat=m, count=3, pay="points")
    assert state["move"]["recruited"] == 3 and state["thunes"][m] == 500_000
    with pytest.raises(IllegalEvent, match="movement points"):
        act(state, type="recruit", seat=m, count=1, pay="points")
    with pytest.raises(IllegalEvent, match="negative"):
        act(state, type="recruit", seat=m, count=1, pay="money")
    state = act(state, type="transfer", **{"from": (m + 1) % 4, "to": m, "amount": 500_000})
    state = act(state, type="recruit", seat=m, count=1, pay="money")
    assert state["thunes"][m] == 0 and state["ledger"][-1]["kind"] == "recruit"
    with pytest.raises(IllegalEvent, match="“cash”"):
        act(state, type="recruit", seat=m, count=1, pay="cash")


def test_traction_cards_give_movement_points():
    """« Pendant une phase de mouvement, elle apporte 6 points de mouvement supplémentaires »; série:
    « Une deuxième carte jouée en même temps en donne 7, une troisième 8, etc. »"""
    assert [traction_points(k, False) for k in range(4)] == [0, 6, 12, 18]
    assert [traction_points(k, True) for k in range(4)] == [0, 6, 13, 21]
    state = to_phase(new_state(traction_series=True), "moves")
    m = state["mover"]
    state = act(state, type="traction", seat=m, cards=2)
    assert state["move"]["bonus"] == 13
    state = act(state, type="recruit", seat=m, count=6, pay="points")  # 25 points: 6 recruits
    with pytest.raises(IllegalEvent):
        act(state, type="recruit", seat=m, count=1, pay="points")


def test_hotel_cohabitation_costs_300000():
    """« ou lui proposer 300 000 Thunes pour cohabiter, le temps d'un tour »."""
    state = to_phase(new_state(), "moves")
    m = state["mover"]
    owner = (m + 2) % 4
    state = act(state, type="cohabit", seat=m, owner=owner)
    assert state["thunes"][m] == 200_000 and state["thunes"][owner] == 800_000
    with pytest.raises(IllegalEvent, match="negative"):
        act(state, type="cohabit", seat=m, owner=owner)
    with pytest.raises(IllegalEvent, match="owner"):
        act(state, type="cohabit", seat=m, owner=m)


# --------------------------------------------------------------------------- heists


def heist_state(bank1: list[int], bank2: list[int] | None = None, **options: Any) -> dict[str, Any]:
    state = to_phase(new_state(**options), "heists")
    return act(state, type="heists", bank1=bank1, bank2=bank2 or [0, 0, 0, 0])


def order(state: dict[str, Any], seat: int, **fields: Any) -> dict[str, Any]:
    base = {"cars": 0, "colts": 0, "stens": 0, "bullets": 0, "targets": [], "note": ""}
    return act(state, type="order", seat=seat, **{**base, **fields})


def test_heist_needs_three_pawns_and_pays_a_brique_per_pawn():
    """« Un casse a lieu dès que trois pions (même s'ils ne sont pas de la même couleur) sont présents
    dans une banque. S'il n'y a qu'un ou deux pions, le casse n'a pas lieu » ; « Un premier partage de
    l'argent est fait : chaque joueur prend une brique par pion de sa couleur. »"""
    state = heist_state([1, 1, 0, 0])
    assert state["heist"] is None and state["thunes"] == [500_000] * 4
    assert state["heists_log"][0]["no_heist"]
    state = heist_state([2, 1, 0, 0])
    assert state["heist"]["loot"] == 3_000_000 and state["heist"]["present"] == [0, 1]
    assert state["heist"]["first_share"] == [2_000_000, 1_000_000, 0, 0]
    assert state["thunes"] == [500_000] * 4, "a contested heist's first share is provisional until the split"


def test_bigger_heist_is_resolved_first():
    """« le casse mettant en jeu la plus grosse somme d'argent est résolu le premier (en cas d'égalité, celui
    qui fait intervenir le plus grand nombre de joueurs). »"""
    assert heist_order([[3, 0, 0, 0], [2, 2, 0, 0]]) == [1, 0]
    assert heist_order([[2, 2, 0, 0], [1, 1, 2, 0]]) == [1, 0]
    assert heist_order([[1, 1, 2, 0], [2, 2, 0, 0]]) == [0, 1]
    state = heist_state([1, 2, 0, 0], [0, 0, 2, 2])
    assert state["heist"]["bank"] == 2 and state["heist_queue"][0]["bank"] == 1
    assert state["heist"]["first_share"] == [0, 0, 2_000_000, 2_000_000], "only the first heist is shared yet"
    assert state["thunes"] == [500_000] * 4


def test_a_gang_alone_in_the_bank_keeps_its_loot():
    state = heist_state([0, 0, 4, 0])
    assert state["heist"] is None and state["thunes"][2] == 4_500_000
    assert state["heists_log"][0]["alone"] and state["step"] == "bases"


def test_secret_orders_are_hidden_until_all_are_entered_then_revealed_together():
    """« Les joueurs inscrivent ensuite secrètement leurs intentions sur une feuille de papier » ; « Tous les
    ordres sont dévoilés simultanément »."""
    state = heist_state([2, 3, 1, 0])
    state = order(state, 0, colts=1, targets=[1], note="le gros rouge")
    assert state["heist"]["revealed"] is False
    secrets = GAME.secrets(state)
    assert [(s.owner, s.path) for s in secrets] == [(0, ("heist", "orders", 0))]
    assert GAME.view(state, None)["heist"]["orders"][0] == HIDDEN
    assert GAME.view(state, 1)["heist"]["orders"][0] == HIDDEN
    assert GAME.view(state, 0)["heist"]["orders"][0]["colts"] == 1
    table_text = repr([p for p in GAME.panels(state, None)]) + repr(GAME.panels(state, 1))
    assert "le gros rouge" not in table_text
    mine = [p for p in GAME.panels(state, 0) if p.seat == 0]
    assert mine and "le gros rouge" in repr(mine)
    public_on_my_phone = [p for p in GAME.panels(state, 0) if p.seat is None]
    assert "le gros rouge" not in repr(public_on_my_phone)
    state = order(state, 1, cars=1)
    assert not state["heist"]["revealed"]
    state = order(state, 2, stens=1, bullets=5, targets=[0, 1])
    assert state["heist"]["revealed"] and GAME.secrets(state) == []
    assert GAME.view(state, None)["heist"]["orders"][0]["note"] == "le gros rouge"
    assert state["heist"]["rounds"][0]["orders"][2]["bullets"] == 5


def test_an_order_in_the_timeline_hides_what_it_says():
    """The match's timeline shows an order event without its content (the orders are revealed by the
    panels, all together)."""
    event = {"type": "order", "seat": 0, "cars": 1, "colts": 2, "stens": 0, "bullets": 0, "targets": [1],
             "note": "le gros rouge", "at": 5}
    shown = GAME.public_event(event)
    assert shown["seat"] == 0 and "le gros rouge" not in repr(shown) and "colts" in shown
    assert all(shown[k] == HIDDEN for k in ("cars", "colts", "stens", "bullets", "targets", "note"))


def test_countdowns_are_named_after_their_phases_and_need_no_pause_when_the_event_has_its_time():
    """The app names a table phase's timer ``<phase>`` and a per-player one ``<phase>:<seat>``; the engine
    creates exactly those, and the app sends the time ``at`` with every event."""
    whos = {p.key: p.who for p in GAME.phases}
    assert whos["magouilles"] == "table" and whos["moves"] == "each"
    assert all(p.seconds is None for p in GAME.phases), "the engine creates its countdowns itself"
    state = to_phase(new_state(), "magouilles")
    assert set(state["timers"]) == {"magouilles"}
    state = GAME.apply(state, {"type": "timer", "key": "magouilles", "op": "resume", "at": 1_000})
    state = act(state, type="next_phase", at=61_000)  # running: closed at the time in the event
    assert state["magouilles_log"][-1]["used"] == 60_000
    assert set(state["timers"]) == {f"moves:{state['mover']}"}


def test_order_can_be_rewritten_before_the_reveal_but_not_after():
    state = heist_state([2, 2, 0, 0])
    state = order(state, 0, cars=1)
    state = order(state, 0, colts=2, targets=[1])
    assert state["heist"]["orders"][0]["colts"] == 2
    state = order(state, 1, cars=1)
    with pytest.raises(IllegalEvent, match="revealed"):
        order(state, 1, colts=1, targets=[0])
    assert not GAME.undoable({"type": "order"})


def test_orders_are_checked():
    """« Dégainer un Colt et tirer : indiquer le nombre d'armes utilisées et la couleur des cibles. » ;
    « Tirer une raffale de Sten : indiquer le nombre d'armes, le nombre de balles tirées » ; « Le joueur peut
    alors poser autant de cartes qu'il a de pions. »"""
    state = heist_state([2, 2, 0, 0])
    with pytest.raises(IllegalEvent, match="seat"):
        order(state, 2, cars=1)
    with pytest.raises(IllegalEvent, match="colts"):
        order(state, 0, colts=2, stens=1, bullets=1, targets=[1])
    with pytest.raises(IllegalEvent, match="bullets"):
        order(state, 0, stens=1, bullets=6, targets=[1])
    with pytest.raises(IllegalEvent, match="targets"):
        order(state, 0, colts=1, targets=[])
    with pytest.raises(IllegalEvent, match="targets"):
        order(state, 0, colts=1, targets=[0])
    with pytest.raises(IllegalEvent, match="cars"):
        order(state, 0, cars=3)


def test_combat_rounds_repeat_with_new_secret_orders():
    """« A l'issue de chaque round de combat, une phase diplomatique a lieu [...] Chaque joueur enregistre
    ensuite ses alliances et intentions, puis un nouveau round de combat commence. »"""
    state = heist_state([2, 2, 0, 0])
    with pytest.raises(IllegalEvent):
        act(state, type="combat_round")
    state = order(order(state, 0, colts=1, targets=[1]), 1, colts=1, targets=[0])
    state = act(state, type="combat_round")
    assert state["heist"]["round"] == 2 and state["heist"]["orders"] == [None] * 4
    assert not state["heist"]["revealed"] and len(state["heist"]["rounds"]) == 1
    state = order(state, 1, cars=1)
    assert GAME.view(state, 0)["heist"]["orders"][1] == HIDDEN


def test_split_after_the_fight():
    """« A la fin des combats, les survivants se partagent le butin. »"""
    state = heist_state([2, 2, 0, 0])
    with pytest.raises(IllegalEvent, match="revealed"):
        act(state, type="split", shares=[4_000_000, 0, 0, 0])
    state = order(order(state, 0, colts=2, targets=[1]), 1, cars=1)
    with pytest.raises(IllegalEvent, match="more than the loot"):
        act(state, type="split", shares=[3_000_000, 2_000_000, 0, 0])
    with pytest.raises(IllegalEvent, match=r"shares\[2\]"):
        act(state, type="split", shares=[3_000_000, 0, 1_000_000, 0])
    done = act(state, type="split", shares=[3_000_000, 1_000_000, 0, 0])
    assert done["thunes"] == [3_500_000, 1_500_000, 500_000, 500_000]
    assert done["heist"] is None and done["ledger"][-1]["deltas"] == [1_000_000, -1_000_000, 0, 0]
    nobody = act(state, type="split", shares=[0, 0, 0, 0])
    assert nobody["thunes"] == [500_000] * 4, "what nobody takes back returns to the bank"


def test_a_provisional_share_cannot_be_spent_before_the_split():
    """« Il peut sacrifier les pions attaqués - ainsi que leur part de butin » : until the split, the first
    share may still be lost, so it is not in the fortune a gang can pay from."""
    state = heist_state([2, 2, 0, 0])
    with pytest.raises(IllegalEvent, match="“Bébert”.*negative"):
        act(state, type="transfer", **{"from": 1, "to": 3, "amount": 2_500_000})
    state = order(order(state, 0, colts=2, targets=[1]), 1, cars=1)
    state = act(state, type="split", shares=[4_000_000, 0, 0, 0])
    assert state["thunes"] == [4_500_000, 500_000, 500_000, 500_000]
    state = act(state, type="transfer", **{"from": 0, "to": 3, "amount": 4_500_000})
    assert state["thunes"][0] == 0


# --------------------------------------------------------------------------- van, base attacks, dice


def test_postal_van_moves_after_heists_and_before_base_attacks():
    """« Il intervient après les casses et avant les attaques de bases. » ; « Le premier joueur lance deux dés
    pour déterminer le nombre de cases de rues que parcourra le fourgon. »"""
    state = heist_state([0, 0, 0, 0], postal_van=True)
    assert state["step"] == "van"
    with pytest.raises(IllegalEvent, match="van"):
        act(state, type="base_attack", defender=0, engaged=[0, 3, 0, 0])
    with pytest.raises(IllegalEvent, match="van"):
        act(state, type="next_phase")
    state = act(state, seed=5, type="van_move")
    van = state["van"]
    assert van["pending"] and van["squares"] == sum(van["dice"]) and 2 <= van["squares"] <= 12
    assert state["dice"][-1]["what"] == "van"
    with pytest.raises(IllegalEvent, match="once per turn"):
        act(state, type="van_move")
    state = act(state, type="van_pass")
    assert state["van"]["where"] == "street"
    state = act(state, type="next_phase")
    assert state["phase"] == "cards"


def test_van_loot_is_two_dice_times_200000_for_the_attacker():
    """« le premier joueur lance deux dés et multiplie le nombre obtenu par 200 000 Thunes. » ; « Le joueur
    qui déplace le fourgon n'a pas le droit de le faire attaquer par un de ses pions. »"""
    state = act(heist_state([0, 0, 0, 0], postal_van=True), type="van_move")
    first = state["first"]
    with pytest.raises(IllegalEvent, match="moves the van"):
        act(state, type="van_attack", seat=first)
    taker = (first + 1) % 4
    event = GAME.prepare(state, {"type": "van_attack", "seat": taker}, random.Random(9))
    after = GAME.apply(state, event)
    loot = sum(event["dice"]) * 200_000
    assert after["thunes"][taker] == 500_000 + loot
    assert after["ledger"][-1]["dice"] == event["dice"] and after["ledger"][-1]["kind"] == "van"
    # « S'il est attaqué, il repartira du parking au tour suivant. »
    assert after["van"]["where"] == "parking"
    with pytest.raises(IllegalEvent, match="dice"):
        GAME.apply(state, {**event, "dice": [7, 1]})
    assert not GAME.undoable(event)


def test_base_attack_pays_a_brique_per_pawn_engaged():
    """« Une base est déclarée attaquée quand trois pions au moins, appartenant à un ou plusieurs joueurs, y
    pénètrent. » ; « Si l'attaque réussit, les agresseurs repartent avec un butin évalué à 1 Brique par pion
    engagé. »"""
    state = heist_state([0, 0, 0, 0])
    with pytest.raises(IllegalEvent, match="three pawns"):
        act(state, type="base_attack", defender=0, engaged=[0, 1, 1, 0])
    with pytest.raises(IllegalEvent, match=r"engaged\[0\]"):
        act(state, type="base_attack", defender=0, engaged=[1, 3, 0, 0])
    won = act(state, type="base_attack", defender=0, engaged=[0, 2, 1, 0], success=True)
    assert won["thunes"] == [500_000, 2_500_000, 1_500_000, 500_000]
    lost = act(state, type="base_attack", defender=0, engaged=[0, 2, 1, 0], success=False)
    assert lost["thunes"] == [500_000] * 4 and lost["base_attacks"][-1]["success"] is False
    with pytest.raises(IllegalEvent, match="step"):
        act(won, type="heists", bank1=[3, 0, 0, 0], bank2=[0, 0, 0, 0])


def test_plain_dice_roller_records_the_roll():
    state = new_state()
    event = GAME.prepare(state, {"type": "roll", "note": "qui commence"}, random.Random(3))
    assert len(event["dice"]) == 2 and all(1 <= d <= 6 for d in event["dice"])
    state = GAME.apply(state, event)
    assert state["dice"][-1]["dice"] == event["dice"]
    assert not GAME.undoable(event)
    with pytest.raises(IllegalEvent, match="dice"):
        GAME.apply(state, {"type": "roll", "dice": [0, 3]})


def test_russian_roulette_proposer_first_until_a_one():
    """« les deux joueurs lancent chacun leur tour un dé, en commençant par celui qui a proposé le combat. Le
    premier qui tire un 1 est mort. »"""
    state = new_state(roulette=True)
    with pytest.raises(IllegalEvent, match="optional"):
        act(new_state(), type="roulette", proposer=1, opponent=3)
    event = GAME.prepare(state, {"type": "roulette", "proposer": 3, "opponent": 1}, random.Random(0))
    rolls = event["rolls"]
    assert [r[0] for r in rolls] == [3 if i % 2 == 0 else 1 for i in range(len(rolls))]
    assert [r[1] for r in rolls[:-1]].count(1) == 0 and rolls[-1][1] == 1
    after = GAME.apply(state, event)
    assert after["roulettes"][-1]["loser"] == rolls[-1][0]
    with pytest.raises(IllegalEvent, match="proposer first"):
        GAME.apply(state, {**event, "rolls": [[1, 1]]})
    with pytest.raises(IllegalEvent, match="stops there"):
        GAME.apply(state, {**event, "rolls": [[3, 1], [1, 1]]})
    with pytest.raises(IllegalEvent, match="goes on"):
        GAME.apply(state, {**event, "rolls": [[3, 4], [1, 2]]})
    with pytest.raises(IllegalEvent, match="two players"):
        act(state, type="roulette", proposer=2, opponent=2)


# --------------------------------------------------------------------------- money and victory


def test_transfer_that_would_make_a_fortune_negative_is_refused():
    state = new_state()
    with pytest.raises(IllegalEvent, match=r"“Ange” cannot pay 500,001 Thunes: .*negative"):
        act(state, type="transfer", **{"from": 0, "to": 1, "amount": 500_001})
    state = act(state, type="transfer", **{"from": 0, "to": 1, "amount": 500_000, "note": "tuyau"})
    assert state["thunes"][:2] == [0, 1_000_000] and state["ledger"][-1]["note"] == "tuyau"
    with pytest.raises(IllegalEvent, match="amount"):
        act(state, type="transfer", **{"from": 1, "to": 0, "amount": 0})
    with pytest.raises(IllegalEvent, match="to"):
        act(state, type="transfer", **{"from": 1, "to": 1, "amount": 10})


def test_victory_at_exactly_20_million_with_a_lead_of_exactly_2_million():
    """« Est déclaré vainqueur le premier joueur qui atteint 20 millions de Thunes (ou briques) avec un écart
    d'au moins 2 millions sur le plus fortuné des autres joueurs. »"""
    assert victor([20_000_000, 18_000_000, 0, 0]) == 0
    assert victor([19_999_999, 17_000_000, 0, 0]) is None
    assert victor([20_000_000, 18_000_001, 0, 0]) is None
    state = with_thunes(new_state(), [19_900_000, 18_000_000, 100_000, 0])
    state = act(state, type="transfer", **{"from": 2, "to": 0, "amount": 100_000})
    assert state["finished"] and state["winner"] == 0 and GAME.finished(state)
    assert state["clock"] is None
    with pytest.raises(IllegalEvent, match="over"):
        act(state, type="roll")
    assert GAME.actions(state, None) == []
    sheet = GAME.score(state).to_json()
    assert sheet["game_over"] is True and sheet["winners"] == ["Ange"]


def test_two_players_above_20_million_without_the_lead_play_on():
    """« avec un écart d'au moins 2 millions sur le plus fortuné des autres joueurs »: two gangs above 20
    million, 1.5 million apart: no winner yet."""
    state = with_thunes(new_state(), [21_500_000, 20_000_000, 1_000_000, 0])
    state = act(state, type="transfer", **{"from": 2, "to": 1, "amount": 100_000})
    assert not state["finished"] and victor(state["thunes"]) is None
    state = act(state, type="transfer", **{"from": 1, "to": 0, "amount": 200_000})
    assert state["thunes"][:2] == [21_700_000, 19_900_000] and not state["finished"]
    state = act(state, type="transfer", **{"from": 1, "to": 3, "amount": 100_000})
    assert not state["finished"], "21.7 M against 19.8 M: a lead of 1.9 M is not enough"
    state = act(state, type="transfer", **{"from": 1, "to": 3, "amount": 100_000})
    assert state["finished"] and state["winner"] == 0, "21.7 M against 19.7 M: a lead of 2 M wins"


def test_victory_can_come_from_being_paid():
    """« le premier joueur qui atteint 20 millions » : checked after every movement of money, including a
    payment received for an opponent's extra time."""
    state = to_phase(new_state(), "moves")
    m = state["mover"]
    rich = (m + 1) % 4
    thunes = [1_000_000] * 4
    thunes[rich] = 19_900_000
    state = act(with_thunes(state, thunes), type="buy_time", seat=m)
    assert state["finished"] and state["winner"] == rich


def test_tie_for_the_richest_is_no_victory():
    assert victor([25_000_000, 25_000_000, 0, 0]) is None


# --------------------------------------------------------------------------- alliances


def test_written_alliance_signed_betrayed_and_reprisal_shown():
    """« conclure des alliances qui devront être écrites noir sur blanc et signées » ; « le joueur
    responsable de la trahison s'expose à des représailles de la part de sa victime qui a alors le droit
    de remplacer deux des pions du traitre - qui retourneront à la réserve - par deux des siens sur le
    plateau de jeu. »"""
    state = new_state()
    with pytest.raises(IllegalEvent, match="two players"):
        act(state, type="alliance", parties=[1], terms="x")
    with pytest.raises(IllegalEvent, match="terms"):
        act(state, type="alliance", parties=[0, 1], terms=" ")
    state = act(state, type="alliance", parties=[2, 0], terms="Partage 50/50 du casse de la banque 1")
    with pytest.raises(IllegalEvent, match="needs signed"):
        act(state, type="alliance_betray", alliance=0, traitor=0, victim=2)
    state = act(state, type="alliance_confirm", alliance=0, seat=0)
    assert state["alliances"][0]["status"] == "proposed"
    with pytest.raises(IllegalEvent, match="seat"):
        act(state, type="alliance_confirm", alliance=0, seat=1)
    assert [a.seat for a in GAME.actions(state, 2) if a.type == "alliance_confirm"] == [2]
    assert not [a for a in GAME.actions(state, 1) if a.type == "alliance_confirm"]
    state = act(state, type="alliance_confirm", alliance="0", seat=2)
    assert state["alliances"][0]["status"] == "signed"
    with pytest.raises(IllegalEvent, match="two parties"):
        act(state, type="alliance_betray", alliance=0, traitor=0, victim=1)
    state = act(state, type="alliance_betray", alliance=0, traitor=0, victim=2, note="Colt sur Carlo")
    panel = next(p for p in GAME.panels(state, None) if p.title.en.startswith("Betrayal"))
    assert "remplacer deux des pions du traitre" in panel.note.fr
    assert ("Carlo" in dict((k.en, v) for k, v in panel.rows).values())
    assert [a.type for a in GAME.actions(state, 2) if a.type == "reprisal"] == ["reprisal"]
    state = act(state, type="reprisal", alliance=0, done=True)
    assert state["alliances"][0]["reprisal"] == "done"
    with pytest.raises(IllegalEvent, match="already"):
        act(state, type="reprisal", alliance=0, done=True)


def test_alliance_can_be_ended_by_agreement():
    state = act(new_state(), type="alliance", parties=[0, 1], terms="trêve")
    state = act(state, type="alliance_end", alliance=0)
    assert state["alliances"][0]["status"] == "ended"
    with pytest.raises(IllegalEvent, match="alliance"):
        act(state, type="alliance_confirm", alliance=0, seat=0)
    with pytest.raises(IllegalEvent, match="alliance"):
        act(state, type="alliance_end", alliance=5)


# --------------------------------------------------------------------------- actions and panels


def primary_types(state: dict[str, Any], seat: int | None) -> list[str]:
    return [a.type for a in GAME.actions(state, seat) if a.primary]


def test_actions_cover_a_whole_turn_at_the_table():
    state = new_state(4, begin=False)
    assert primary_types(state, None) == ["begin"]
    state = act(state, type="begin")
    assert primary_types(state, None) == ["next_phase"]
    state = act(state, type="next_phase")
    assert "cafe" in [a.type for a in GAME.actions(state, None)]
    state = act(state, type="next_phase")
    m = state["mover"]
    types = {a.type for a in GAME.actions(state, None)}
    assert {"done", "recruit", "traction", "buy_time", "cohabit", "transfer", "roll", "alliance"} <= types
    assert {a.type for a in GAME.actions(state, m)} >= {"done", "buy_time"}
    other = (m + 1) % 4
    assert "buy_time" not in {a.type for a in GAME.actions(state, other)}
    state = to_phase(state, "heists")
    assert primary_types(state, None) == ["heists"]
    state = act(state, type="heists", bank1=[2, 1, 0, 0], bank2=[0, 0, 0, 0])
    orders = [a for a in GAME.actions(state, None) if a.type == "order"]
    assert [(a.seat, a.private, a.primary) for a in orders] == [(0, True, True), (1, True, True)]
    assert [a.seat for a in GAME.actions(state, 1) if a.type == "order"] == [1]
    assert not [a for a in GAME.actions(state, 2) if a.type == "order"]
    state = order(order(state, 0, cars=1), 1, cars=1)
    assert primary_types(state, None) == ["split"]
    split = next(a for a in GAME.actions(state, None) if a.type == "split")
    assert split.fields[0].default == [2_000_000, 1_000_000, 0, 0]
    state = act(state, type="split", shares=[2_000_000, 1_000_000, 0, 0])
    assert primary_types(state, None) == ["next_phase"]
    assert "base_attack" in [a.type for a in GAME.actions(state, None)]
    state = act(state, type="next_phase")
    assert primary_types(state, None) == ["next_phase"]
    state = act(state, type="next_phase")
    assert state["turn"] == 2 and state["phase"] == "first"


def test_every_action_default_form_from_the_table_is_valid_or_explained():
    """The primary action's default values are legal for the table at every step of a plain turn."""
    state = new_state(5, postal_van=True)
    for _ in range(30):
        primary = [a for a in GAME.actions(state, None) if a.primary and not a.private]
        if not primary:
            break
        a = primary[0]
        state = act(state, type=a.type, **{f.key: f.default for f in a.fields})
    assert state["turn"] >= 2


def test_panels_are_bilingual_and_show_fortunes_and_turn():
    state = to_phase(new_state(postal_van=True, roulette=True), "moves")
    state = act(state, type="roll")
    state = act(state, type="roulette", proposer=0, opponent=1)
    panels = GAME.panels(state, None)
    assert all(isinstance(p, Panel) and p.title.fr and p.title.en for p in panels)
    for p in panels:
        for label, value in p.rows:
            assert label.fr and label.en and isinstance(value, (Tr, int, str))
            if isinstance(value, Tr):
                assert " / " not in value.fr, "a value shows one language at a time"
    titles = [p.title.en for p in panels]
    assert titles[0].startswith("Turn 1 · 3.") and "Fortunes (Thunes)" in titles
    assert "Dice" in titles and "Postal van" in titles
    fortunes = next(p for p in panels if p.title.en == "Fortunes (Thunes)")
    assert fortunes.rows[0][1] == 500_000 and "2 million" in fortunes.note.en
    # everyone at the starting 500 000: nobody leads (not "the first name · 0")
    start = next(p for p in GAME.panels(new_state(), None) if p.title.en == "Fortunes (Thunes)")
    assert (start.rows[-1][0].en, start.rows[-1][1].en) == ("Leading", "tied")
    assert (start.rows[-1][0].fr, start.rows[-1][1].fr) == ("En tête", "à égalité")


def test_undoable():
    assert GAME.undoable({"type": "transfer"}) and GAME.undoable({"type": "split"})
    for kind in ("roll", "roulette", "van_move", "van_attack", "order"):
        assert not GAME.undoable({"type": kind})


def test_bad_events_name_the_value():
    state = new_state()
    with pytest.raises(IllegalEvent, match="“fly”"):
        GAME.apply(state, {"type": "fly"})
    with pytest.raises(IllegalEvent, match=r"from: must be at most 3, got 9"):
        act(state, type="transfer", **{"from": 9, "to": 1, "amount": 1})
    with pytest.raises(IllegalEvent, match="“lots”"):
        act(state, type="transfer", **{"from": 0, "to": 1, "amount": "lots"})
    with pytest.raises(IllegalEvent, match="“done” is not possible now \\(step “first”\\)"):
        act(state, type="done", seat=0)
    with pytest.raises(IllegalEvent, match="“begin” is not possible now"):
        act(state, type="begin")
    with pytest.raises(IllegalEvent, match="step “setup”"):
        act(new_state(begin=False), type="transfer", **{"from": 0, "to": 1, "amount": 1})
    with pytest.raises(IllegalEvent, match="names"):
        GAME.initial_state(GAME.setup(GAME.validate_options({"players": 4}), random.Random(1)).record, ["a"])


def test_the_forms_of_any_moment_are_folded_and_the_table_s_next_step_is_not():
    """Money changes hands, dice are rolled and alliances written at any moment of the game (« les échanges de cartes
    et d'argent ne sont possibles qu'entre joueurs présents dans le même café »: the table notes them when they
    happen): the transfer, the dice, the alliances and the roulette are occasional forms, drawn folded
    (``Action.folded``); the phase's own step stays open."""
    state = new_state(roulette=True)
    folded = {a.type for a in GAME.actions(state, None) if a.folded}
    assert folded == {"transfer", "roll", "roulette", "alliance"}
    assert not any(a.folded for a in GAME.actions(state, None) if a.type == "next_phase")
    assert {a.type for a in GAME.actions(state, 2) if a.folded} == {"transfer", "roll"}  # a seat's own phone
