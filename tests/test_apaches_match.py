"""Les Apaches de Paris: set-up, the match tracker, the bourgeois bag and a whole match.

Rules are quoted from the French rulebook (../shared/rules/apaches.fr.txt).
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import HIDDEN, IllegalEvent, InvalidOptions, replay
from scoring.core import event_rng, get_path
from scoring.core.bags import contents
from scoring.games.apaches.game import GAME
from scoring.games.apaches.rules import FIRST_GAME, LEADERS, STASHES, config_key, configurations, prohibited
from scoring.games.apaches.score import holdings
from scoring.games.apaches.state import free_leaders, in_front_max

NAMES = ["Léa", "Sam", "Zoé", "Max"]


def new(players=3, first=0, config=None):
    cfg = list(config or FIRST_GAME[players])
    record = {"options": {"players": players, "configuration": "first"}, "players": players,
              "configuration": cfg, "how": "first", "prohibited": prohibited(cfg), "first_player": first}
    return GAME.initial_state(record, NAMES[:players])


def do(state, action, seed=0):
    event = GAME.prepare(state, action, random.Random(seed))
    return GAME.apply(state, event), event


def turns(state, count):
    for _ in range(count):
        state, _ = do(state, {"type": "end_turn"})
    return state


def to_last_order(state):
    state, _ = do(state, {"type": "start_round"})
    return turns(state, 5 * state["players"])


def to_settlement(state, counts=None):
    state = to_last_order(state)
    state, _ = do(state, {"type": "last_turn", "apaches": counts or [0] * state["players"]})
    return turns(state, state["players"])


def settle(state, district, winner, stash="money", amount=None):
    state, _ = do(state, {"type": "settle", "district": str(district),
                          "winner": "none" if winner is None else str(winner), "stash": stash,
                          "amount": amount})
    return state


def settle_rest(state, bourgeois=None, fence=None, novices=None, seed=0):
    """Nobody wins every district not settled yet; then the bourgeois, the fence and the round's end."""
    for d in state["districts"]:
        if d <= 7 and str(d) not in state["settled"]:
            state = settle(state, d, None)
    if "8" not in state["settled"]:
        state, _ = do(state, {"type": "bourgeois", "winner": "none" if bourgeois is None else str(bourgeois)},
                      seed)
    if "9" not in state["settled"]:
        state, _ = do(state, {"type": "fence", "winner": "none" if fence is None else str(fence)})
    state, _ = do(state, {"type": "end_round", "novices_used": novices or [0] * state["players"]})
    return state


def wallets(state):
    return [g["wallet"] for g in state["gangs"]]


# --------------------------------------------------------------------------- set-up


def test_setup_first_game_configuration_and_random_first_player():
    """« Pour vos premières parties, prenez les configurations du tableau » and « Au début de la partie,
    le 1er joueur est déterminé aléatoirement »."""
    seen = set()
    for seed in range(40):
        setup = GAME.setup(GAME.validate_options({"players": 3}), random.Random(seed))
        assert setup.record["configuration"] == [1, 4, 5, 6, 7, 8, 9] and setup.record["prohibited"] == [2, 3]
        seen.add(setup.record["first_player"])
    assert seen == {0, 1, 2}


def test_setup_random_and_chosen_configurations():
    drawn = {tuple(GAME.setup(GAME.validate_options({"players": 2, "configuration": "random"}),
                              random.Random(s)).record["configuration"]) for s in range(80)}
    assert drawn <= set(configurations(2)) and len(drawn) > 5
    options = GAME.validate_options({"players": 2, "configuration": "1.2.6.7.8.9"})
    setup = GAME.setup(options, random.Random(1))
    assert setup.record["configuration"] == [1, 2, 6, 7, 8, 9] and setup.record["how"] == "chosen"
    assert setup.record["prohibited"] == [3, 4, 5]


def test_a_configuration_for_another_player_count_is_refused():
    with pytest.raises(InvalidOptions, match="“2 players: 1.2.3.6.8.9” is not a 3-player configuration"):
        GAME.validate_options({"players": 3, "configuration": "1.2.3.6.8.9"})
    with pytest.raises(InvalidOptions, match="“1.2.8.9”"):
        GAME.validate_options({"players": 2, "configuration": "1.2.8.9"})


def test_every_configuration_is_an_option_choice():
    keys = {k for k, _ in next(o for o in GAME.options if o.key == "configuration").choices}
    assert {config_key(c) for n in (2, 3, 4) for c in configurations(n)} | {"first", "random"} == keys


def test_setup_instructions_list_the_gangs_and_prohibited_counters():
    """« placer sur chacun d'eux 1 pion « quartier interdit » » and « Chaque joueur prend son gang de
    10 Apaches : 7 meneurs, 3 novices et 500 F »."""
    setup = GAME.setup(GAME.validate_options({"players": 3}), random.Random(3))
    text = " ".join(s.fr for s in setup.instructions)
    assert "7 meneurs, 3 novices et 500 F" in text and "interdits : 2, 3" in text
    four = GAME.setup(GAME.validate_options({"players": 2, "configuration": "5.6.7.8.9"}), random.Random(3))
    warn = " ".join(s.en for s in four.instructions)
    assert "1, 2, 3, 4" in warn and "only 3 counters" in warn
    everyone = GAME.setup(GAME.validate_options({"players": 4}), random.Random(3))
    assert "prohibited" not in " ".join(s.en for s in everyone.instructions)


def test_initial_state():
    state = new(4)
    assert wallets(state) == [500] * 4
    assert all(free_leaders(g) == LEADERS and g["novices"] == 3 for g in state["gangs"])
    assert sorted(contents(state["bags"]["bourgeois"]).elements()) == ["bourgeois"] * 3 + ["policeman"]
    with pytest.raises(IllegalEvent, match="3 players, got 2 names"):
        GAME.initial_state({"players": 3, "configuration": [1, 4, 5, 6, 7, 8, 9], "first_player": 0},
                           ["A", "B"])


# --------------------------------------------------------------------------- rounds and turns


def test_start_of_round_names_a_random_stash_to_set_aside_in_every_district():
    """« Enlever au hasard une planque par quartier et la placer toiture visible en dehors du plateau »."""
    state = new(3)
    positions: dict[str, set[int]] = {}
    for seed in range(60):
        _, event = do(state, {"type": "start_round"}, seed)
        assert set(event["set_aside"]) == {"1", "4", "5", "6", "7"}
        for d, pos in event["set_aside"].items():
            positions.setdefault(d, set()).add(pos)
    assert all(positions[d] == set(range(1, STASHES[int(d)] + 1)) for d in positions)
    after, event = do(state, {"type": "start_round"}, 1)
    assert after["set_aside"] == event["set_aside"]
    with pytest.raises(IllegalEvent, match="set_aside"):
        GAME.apply(state, {**event, "set_aside": {**event["set_aside"], "1": 4}})


def test_six_turns_clockwise_from_the_first_player():
    """« A tour de rôle, dans le sens horaire et en commençant par le 1er joueur » and « Une manche est donc
    composée de 6 tours de jeu »."""
    state, _ = do(new(3, first=1), {"type": "start_round"})
    played = []
    for _ in range(15):
        played.append(state["order"][state["index"]])
        state, _ = do(state, {"type": "end_turn"})
    assert played == [1, 2, 0] * 5 and state["phase"] == "last_order"


def test_only_the_player_to_play_ends_a_turn():
    state, _ = do(new(3, first=1), {"type": "start_round"})
    with pytest.raises(IllegalEvent, match="Sam's turn"):
        GAME.apply(state, {"type": "end_turn", "seat": 0, "bail": 0})
    assert [a.type for a in GAME.actions(state, 0)] == []
    assert [a.type for a in GAME.actions(state, 1)] == ["end_turn"]


def test_last_turn_order():
    """« Pour jouer ce dernier tour, l'ordre de pose peut changer ... Le joueur qui a le plus
    d'Apaches (novices + meneurs + renforts) jouera en premier ... Si des joueurs ont le même
    nombre d'Apaches, ... sens horaire à partir du 1er joueur. »"""
    state = to_last_order(new(4, first=2))
    assert [a.type for a in GAME.actions(state, None)][0] == "last_turn"
    state, _ = do(state, {"type": "last_turn", "apaches": [2, 5, 2, 0]})
    assert state["turn"] == 6 and state["order"] == [1, 2, 0, 3]
    played = []
    for _ in range(4):
        played.append(state["order"][state["index"]])
        state, _ = do(state, {"type": "end_turn"})
    assert played == [1, 2, 0, 3] and state["phase"] == "settlement"


def test_a_table_that_does_not_note_every_turn_skips_to_the_last_turn():
    """A catch-up, not a rule: turns 1 to 5 go by without a note, the last turn's order is still counted."""
    state, _ = do(new(3, first=1), {"type": "start_round"})
    state, _ = do(state, {"type": "end_turn"})
    skip = [a for a in GAME.actions(state, None) if a.type == "skip_turns"]
    assert len(skip) == 1 and not skip[0].primary  # the table's, not a player's own device
    assert [a.type for a in GAME.actions(state, 2)] == ["end_turn"]
    state, _ = do(state, {"type": "skip_turns"})
    assert state["phase"] == "last_order" and state["turn"] == 5
    state, _ = do(state, {"type": "last_turn", "apaches": [3, 5, 3]})
    assert state["turn"] == 6 and state["order"] == [1, 2, 0]
    assert "skip_turns" not in [a.type for a in GAME.actions(state, None)]
    with pytest.raises(IllegalEvent, match="already the last turn"):
        GAME.apply(state, {"type": "skip_turns"})


def test_no_skipping_turns_while_a_leader_may_be_bailed_out():
    state = settle_rest(settle(to_settlement(new(2, first=1)), 1, 0, "prison"))
    state, _ = do(state, {"type": "start_round"})
    assert "skip_turns" not in [a.type for a in GAME.actions(state, None)]
    with pytest.raises(IllegalEvent, match="Léa may pay bail"):
        GAME.apply(state, {"type": "skip_turns"})


def test_last_turn_counts_cannot_exceed_the_gang():
    state = to_last_order(new(2))
    with pytest.raises(IllegalEvent, match=r"apaches\[Léa\]: must be at most 10, got 11"):
        GAME.apply(state, {"type": "last_turn", "apaches": [11, 0]})
    with pytest.raises(IllegalEvent, match="one number per player"):
        GAME.apply(state, {"type": "last_turn", "apaches": [1]})
    with pytest.raises(IllegalEvent, match="“x”"):
        GAME.apply(state, {"type": "last_turn", "apaches": ["x", 1]})


def test_events_out_of_phase_are_refused():
    state = new(3)
    with pytest.raises(IllegalEvent, match=r"“settle” is not possible now \(step “round_start”\)"):
        GAME.apply(state, {"type": "settle", "district": 1, "winner": 0, "stash": "money", "amount": 300})
    with pytest.raises(IllegalEvent, match="no-such"):
        GAME.apply(state, {"type": "no-such"})
    with pytest.raises(IllegalEvent, match="round 1"):
        GAME.apply(state, {"type": "start_round", "round": 2, "first_player": 0, "set_aside": {}})


# --------------------------------------------------------------------------- gains and losses


def test_money_and_valuables():
    """« Argent : Gagner de 200 à 500 F » and « Cambriolage : Cambrioler des objets de valeur de 100 à
    400 F »."""
    state = to_settlement(new(3))
    state = settle(state, 1, 0, "money", 400)
    state = settle(state, 4, 2, "valuables", 100)
    assert wallets(state) == [900, 500, 600]
    with pytest.raises(IllegalEvent, match=r"amount \(money\): must be at most 500, got 600"):
        settle(state, 5, 0, "money", 600)
    with pytest.raises(IllegalEvent, match=r"amount \(valuables\): must be at least 100, got 50"):
        settle(state, 5, 0, "valuables", 50)
    with pytest.raises(IllegalEvent, match="amount .*null"):
        settle(state, 5, 0, "money", None)
    with pytest.raises(IllegalEvent, match="already settled"):
        settle(state, 1, 1, "money", 200)
    with pytest.raises(IllegalEvent, match="district: 2 is not"):
        settle(state, 2, 1, "money", 200)
    with pytest.raises(IllegalEvent, match="“treasure”"):
        settle(state, 5, 1, "treasure", 200)


def test_an_empty_district_gives_nothing():
    state = to_settlement(new(2))
    state = settle(state, 1, None, "money", None)
    assert wallets(state) == [500, 500] and state["settled"]["1"]["winner"] is None


@pytest.mark.parametrize("players, each", [(2, 300), (3, 200), (4, 150)])
def test_steal_from_the_other_gangs(players, each):
    """« Le joueur qui vole les autres gangs reçoit de chacun : 300 F à 2 joueurs, 200 F à 3 joueurs,
    150 F à 4 joueurs »."""
    state = settle(to_settlement(new(players)), 1, 0, "steal")
    assert wallets(state) == [500 + each * (players - 1)] + [500 - each] * (players - 1)


def test_a_gang_short_of_money_pays_what_it_has():
    """Ruling: a wallet never goes below 0 F, so the victim of a steal pays what it has."""
    state = to_settlement(new(2))
    state, _ = do(state, {"type": "adjust", "seat": 1, "amount": -400, "reason": "test"})
    state = settle(state, 1, 0, "steal")
    assert wallets(state) == [600, 0] and state["settled"]["1"]["paid"] == {"1": 100}


def test_reinforcements_are_for_the_next_round_only():
    """« Récupérer 2 renforts à utiliser obligatoirement à la manche suivante. » and « les joueurs ...
    défaussent les novices et les renforts utilisés »."""
    state = settle(to_settlement(new(2)), 1, 1, "reinforcements")
    gang = state["gangs"][1]
    assert gang["reinforcements_next"] == 2 and gang["reinforcements"] == 0
    state = settle_rest(state)
    assert state["gangs"][1]["reinforcements"] == 2 and state["round"] == 2
    assert in_front_max(state["gangs"][1]) == 7 + 3 + 2
    state = settle_rest(to_settlement(state))
    assert state["gangs"][1]["reinforcements"] == 0


def test_the_box_has_five_reinforcements():
    """« x5 Les renforts »: ruling, a gain takes what is left beside the board."""
    state = to_settlement(new(4))
    for d in (1, 2):
        state = settle(state, d, 0, "reinforcements")
    state = settle(state, 3, 1, "reinforcements")
    assert [g["reinforcements_next"] for g in state["gangs"]] == [4, 1, 0, 0]
    state = settle(state, 4, 2, "reinforcements")
    assert state["gangs"][2]["reinforcements_next"] == 0 and state["settled"]["4"]["reinforcements"] == 0


def test_wounded_leader_misses_the_next_round():
    """« 1 Apache (meneur) blessé est placé à l'hôpital pour une manche et rejoint son gang à la fin de
    celle-ci. »  Wounded at the end of round 1, he is away in round 2 and back at its end."""
    state = settle(to_settlement(new(2)), 1, 0, "wounded")
    assert free_leaders(state["gangs"][0]) == 6
    state = settle_rest(state)
    assert state["gangs"][0]["hospital"] == 1 and free_leaders(state["gangs"][0]) == 6
    state = settle_rest(to_settlement(state))
    assert state["gangs"][0]["hospital"] == 0 and free_leaders(state["gangs"][0]) == 7


def test_killed_leader_goes_to_the_cemetery_for_good():
    """« 1 Apache (meneur) tué est placé au cimetière définitivement. »"""
    state = settle_rest(settle(to_settlement(new(2)), 1, 1, "killed"))
    state = settle_rest(to_settlement(state))
    assert state["gangs"][1]["cemetery"] == 1 and free_leaders(state["gangs"][1]) == 6


def test_prison_and_bail():
    """« 1 Apache (meneur) est placé en prison pour 1 manche » and « Un Apache emprisonné peut être
    libéré avant la fin de la manche si le joueur verse une caution de 150 F à la banque à la fin d'un de
    ses tours de jeu. »"""
    state = settle(to_settlement(new(2, first=1)), 1, 0, "prison")
    assert state["gangs"][0]["prison_next"] == 1
    state = settle_rest(state)  # round 2: first player is seat 0
    state, _ = do(state, {"type": "start_round"})
    bail = [a for a in GAME.actions(state, None) if a.type == "end_turn"][0]
    assert [f.key for f in bail.fields] == ["bail"]
    with pytest.raises(IllegalEvent, match="bail: must be at most 1, got 2"):
        do(state, {"type": "end_turn", "bail": 2})
    state, _ = do(state, {"type": "end_turn", "bail": 1})
    assert state["gangs"][0]["prison"] == 0 and wallets(state) == [350, 500]
    assert free_leaders(state["gangs"][0]) == 7


def test_bail_needs_the_money():
    """Ruling: money never goes negative; bail is refused with a clear message."""
    state = settle_rest(settle(to_settlement(new(2, first=1)), 1, 0, "prison"))
    state, _ = do(state, {"type": "adjust", "seat": 0, "amount": -400})
    state, _ = do(state, {"type": "start_round"})
    with pytest.raises(IllegalEvent, match="bail: Léa has 100 F, cannot pay 150 F"):
        do(state, {"type": "end_turn", "bail": 1})


def test_penalties_need_a_leader_and_only_hit_leaders():
    """« Seuls les meneurs peuvent être sanctionnés. »"""
    state = to_settlement(new(4))
    for d in range(1, 8):
        state = settle(state, d, 3, "killed")
    assert free_leaders(state["gangs"][3]) == 0 and state["gangs"][3]["novices"] == 3
    state = settle_rest(state)
    state = to_settlement(state)
    with pytest.raises(IllegalEvent, match="Max has no leader left"):
        settle(state, 1, 3, "wounded")


def test_the_fence_pays_for_this_rounds_burglaries():
    """« Le joueur majoritaire dans le quartier du receleur à la fin d'une manche récupère : 250F par
    cambriolage qu'il a réussi lors de cette manche et un renfort à utiliser obligatoirement à la
    prochaine manche. »"""
    state = to_settlement(new(3))
    state = settle(state, 1, 0, "valuables", 200)
    with pytest.raises(IllegalEvent, match=r"settle districts \[4, 5, 6, 7\] first"):
        do(state, {"type": "fence", "winner": "0"})
    state = settle(state, 4, 0, "valuables", 100)
    state = settle(state, 5, 1, "valuables", 300)
    state = settle(state, 6, 0, "money", 500)
    state = settle(state, 7, 2, "steal")
    state, _ = do(state, {"type": "fence", "winner": "0"})
    assert state["settled"]["9"] == {"winner": 0, "burglaries": 2, "amount": 500, "reinforcements": 1}
    assert state["gangs"][0]["wallet"] == 500 + 200 + 100 + 500 - 200 + 500
    assert state["gangs"][0]["reinforcements_next"] == 1


def test_fence_without_burglary_still_gives_a_reinforcement():
    state = to_settlement(new(2))
    for d in (1, 2, 3, 6):
        state = settle(state, d, 0, "money", 200)
    state, _ = do(state, {"type": "fence", "winner": "1"})
    assert wallets(state)[1] == 500 and state["gangs"][1]["reinforcements_next"] == 1


# --------------------------------------------------------------------------- the bourgeois


def draw_state(players=3, winner=1, seed=0):
    state = to_settlement(new(players))
    return do(state, {"type": "bourgeois", "winner": str(winner)}, seed)


def test_the_majority_player_draws_a_bourgeois_at_random():
    """« Le joueur majoritaire dans ce quartier à la fin d'une manche prend au hasard 1 bourgeois »."""
    tokens = set()
    for seed in range(30):
        state, event = draw_state(seed=seed)
        assert event["winner"] == 1 and event["token"] in ("bourgeois", "policeman")
        assert state["bags"]["bourgeois"]["left"] == 3
        tokens.add(event["token"])
    assert tokens == {"bourgeois", "policeman"}


def test_the_draw_is_secret_to_its_holder_until_the_reveal():
    """« regarde son identité sans la révéler et garde le pion devant lui, identité cachée, jusqu'à la fin
    de partie »."""
    state, event = draw_state(winner=1)
    assert get_path(GAME.view(state, None), ("bags", "bourgeois", "draws", 0, "token")) == HIDDEN
    assert get_path(GAME.view(state, 0), ("bags", "bourgeois", "draws", 0, "token")) == HIDDEN
    assert get_path(GAME.view(state, 1), ("bags", "bourgeois", "draws", 0, "token")) == event["token"]
    assert get_path(GAME.view(state, 1), ("bags", "bourgeois", "remaining")) == HIDDEN
    for seat in (None, 0, 1, 2):
        public = repr([(p.rows, p.note) for p in GAME.panels(state, seat) if p.seat is None])
        assert "policeman" not in public and "agent de ville" not in public and "un bourgeois" not in public
        assert all(p.seat in (None, seat) for p in GAME.panels(state, seat))


def test_the_timeline_hides_the_drawn_token():
    _, event = draw_state(winner=1)
    shown = GAME.public_event(event)
    assert shown == {**event, "token": HIDDEN} and event["token"] != HIDDEN


def test_the_holder_sees_the_identity_only_after_the_seen_event():
    """The « seen » event cannot be undone, so nobody can look and then undo the draw."""
    state, event = draw_state(winner=2)
    private = [a for a in GAME.actions(state, None) if a.private]
    assert [(a.type, a.seat) for a in private] == [("seen", 2)]
    assert [a.type for a in GAME.actions(state, 2) if a.private] == ["seen"]
    assert not [a for a in GAME.actions(state, 0) if a.private]
    before = [p for p in GAME.panels(state, 2) if p.seat == 2][0]
    assert all(v == "?" for _, v in before.rows)
    assert GAME.undoable(event)
    state, seen = do(state, {"type": "seen", "draw": "0"})
    assert seen == {"type": "seen", "seat": 2, "draw": 0} and not GAME.undoable(seen)
    after = [p for p in GAME.panels(state, 2) if p.seat == 2][0]
    assert after.rows[0][1].fr == ("−200 F" if event["token"] == "policeman" else "+200 F")
    with pytest.raises(IllegalEvent, match="already been seen"):
        GAME.apply(state, seen)
    with pytest.raises(IllegalEvent, match="belongs to seat 2"):
        GAME.apply(state, {"type": "seen", "seat": 0, "draw": 0})


def test_the_holders_button_looks_at_their_oldest_draw():
    """The private button sends the holder's seat; a gang that drew twice looks at one draw at a time."""
    state = new(2)
    for r in range(2):
        state = settle_rest(to_settlement(state), bourgeois=1, seed=r)
    state = to_settlement(state)
    state, _ = do(state, {"type": "bourgeois", "winner": "0"})
    buttons = [a for a in GAME.actions(state, None) if a.type == "seen"]
    assert [(a.seat, a.label.fr) for a in buttons] == [(1, "Regarder mon bourgeois (manche 1)"),
                                                      (0, "Regarder mon bourgeois (manche 3)")]
    assert [(f.key, f.kind, f.default, f.minimum, f.maximum) for f in buttons[0].fields] == [
        ("seat", "seat", 1, 1, 1)]
    state, seen = do(state, {"type": "seen", "seat": 1})
    assert seen == {"type": "seen", "seat": 1, "draw": 0}
    assert [a.label.fr for a in GAME.actions(state, 1) if a.type == "seen"] == [
        "Regarder mon bourgeois (manche 2)"]
    with pytest.raises(IllegalEvent, match="no bourgeois is waiting"):
        do(new(2), {"type": "seen", "seat": 1})


def test_nobody_in_district_8_draws_nothing():
    state = to_settlement(new(3))
    state, event = do(state, {"type": "bourgeois", "winner": "none"})
    assert "token" not in event and state["bags"]["bourgeois"]["left"] == 4


def test_the_same_gang_may_draw_in_several_rounds():
    """« Le même gang peut très bien attaquer un bourgeois à chaque manche. »"""
    state = new(2)
    for r in range(3):
        state = settle_rest(to_settlement(state), bourgeois=0, seed=r)
    draws = state["bags"]["bourgeois"]["draws"]
    assert [d["seat"] for d in draws] == [0, 0, 0] and [d["round"] for d in draws] == [1, 2, 3]


def test_no_draw_once_the_bag_is_empty():
    """The issue: "No draw is possible once the bag is empty"; in 3 rounds it cannot happen."""
    state = to_settlement(new(3))
    state["bags"]["bourgeois"].update(remaining=[], left=0)
    state, event = do(state, {"type": "bourgeois", "winner": "1"})
    assert "token" not in event and state["settled"]["8"] == {"winner": 1}
    with pytest.raises(IllegalEvent, match="no draw here"):
        GAME.apply(to_settlement(new(3)) | {"bags": state["bags"]}, {"type": "bourgeois", "winner": 1,
                                                                      "token": "policeman"})


def test_a_draw_needs_a_recorded_token():
    state = to_settlement(new(3))
    with pytest.raises(IllegalEvent, match="needs its token"):
        GAME.apply(state, {"type": "bourgeois", "winner": 0})
    with pytest.raises(IllegalEvent, match="does not match the bag"):  # a token is never quoted
        GAME.apply(state, {"type": "bourgeois", "winner": 0, "token": "duke"})


# --------------------------------------------------------------------------- end of round, end of game


def test_end_of_round():
    """« A la fin de chaque manche, après la résolution des quartiers (gains et pertes) les joueurs
    récupèrent leurs meneurs puis défaussent les novices et les renforts utilisés. Le pion « 1er joueur »
    change de main dans le sens horaire. »"""
    state = to_settlement(new(3, first=2))
    with pytest.raises(IllegalEvent, match=r"settle districts \[1, 4, 5, 6, 7, 8, 9\] first"):
        do(state, {"type": "end_round", "novices_used": [0, 0, 0]})
    state = settle_rest(state, novices=[1, 0, 3])
    assert [g["novices"] for g in state["gangs"]] == [2, 3, 0]
    assert state["round"] == 2 and state["first_player"] == 0 and state["phase"] == "round_start"
    assert state["settled"] == {} and state["set_aside"] == {}
    state = to_settlement(state)
    with pytest.raises(IllegalEvent, match=r"novices_used\[Léa\]: must be at most 2, got 3"):
        settle_rest(state, novices=[3, 0, 0])


def test_end_of_game_operational_leaders():
    """« Des meneurs qui sortiraient de la prison ou de l'hôpital à la fin de la 3ème manche seraient
    comptabilisés comme opérationnels. A l'inverse, des meneurs emprisonnés, blessés ou tués suite à la
    3ème manche ne seraient pas comptabilisés comme opérationnels. »"""
    state = settle_rest(to_settlement(new(2)))
    state = settle(settle(to_settlement(state), 1, 0, "wounded"), 2, 1, "prison")
    state = to_settlement(settle_rest(state))
    # round 3 now: seat 0 is in hospital and seat 1 in prison, both back at the end of round 3
    assert state["round"] == 3 and state["gangs"][0]["hospital"] == 1 and state["gangs"][1]["prison"] == 1
    state = settle(state, 1, 0, "killed")
    state = settle(state, 2, 1, "wounded")
    state = settle(state, 3, 1, "reinforcements")
    state = settle_rest(state, novices=[1, 0])
    assert state["phase"] == "reveal" and not GAME.finished(state)
    sheet = GAME.score(state).to_json()
    rows = {r["name"]: r for r in sheet["ranking"]}
    assert rows["Léa"]["operational"] == 6 + 2  # hospital leader back, killed one not; 2 novices left
    assert rows["Sam"]["operational"] == 6 + 3 + 2  # prisoner back, wounded one not; 2 reinforcements


def test_reveal_ends_the_game_and_shows_every_draw():
    """« A la fin de la 3ème manche : 1- On résout les gains et les pertes de la 3ème manche 2- Les
    bourgeois sont dévoilés »."""
    state = new(2)
    for r in range(3):
        state = settle_rest(to_settlement(state), bourgeois=r % 2, seed=r)
    assert [a.type for a in GAME.actions(state, None) if a.primary][0] == "reveal"
    state, event = do(state, {"type": "reveal"})
    assert GAME.finished(state) and not GAME.undoable(event)
    assert GAME.actions(state, None) == [] and GAME.sample_action(state, random.Random(1)) is None
    view = GAME.view(state, None)
    assert all(d["token"] != HIDDEN for d in view["bags"]["bourgeois"]["draws"])
    with pytest.raises(IllegalEvent, match="over"):
        GAME.apply(state, {"type": "adjust", "seat": 0, "amount": 5})


def test_wallet_corrections_never_go_below_zero():
    state = new(2)
    with pytest.raises(IllegalEvent, match="Léa has 500 F, cannot pay 600 F"):
        do(state, {"type": "adjust", "seat": 0, "amount": -600})
    with pytest.raises(IllegalEvent, match="non-zero"):
        do(state, {"type": "adjust", "seat": 0, "amount": 0})
    state, _ = do(state, {"type": "adjust", "seat": 1, "amount": 150, "reason": "oubli"})
    assert wallets(state) == [500, 650]
    # a slip of the keyboard (99 999 999 999 F was taken, to a wallet no match comes near) is refused, and the
    # form says the bounds as its field's hint
    with pytest.raises(IllegalEvent, match="amount: must be at most 100000"):
        do(state, {"type": "adjust", "seat": 1, "amount": 99_999_999_999})
    state, _ = do(state, {"type": "adjust", "seat": 1, "amount": 100_000})
    assert wallets(state) == [500, 100_650]
    field = next(f for a in GAME.actions(state, None) if a.type == "adjust" for f in a.fields if f.key == "amount")
    assert (field.minimum, field.maximum) == (-100_000, 100_000)


# --------------------------------------------------------------------------- a whole match by hand


def test_a_whole_three_player_match():
    """Three rounds of 6 turns, settlements, two draws and the end scoring, worked by hand."""
    state = new(3, first=0)
    # round 1
    state = to_settlement(state, counts=[3, 4, 0])
    state = settle(state, 1, 0, "money", 300)                # Léa 800
    state = settle(state, 4, 1, "valuables", 400)            # Sam 900
    state = settle(state, 5, 1, "valuables", 200)            # Sam 1100
    state = settle(state, 6, 2, "steal")                     # Zoé +400: Léa 600, Sam 900, Zoé 900
    state = settle(state, 7, 0, "wounded")
    state, draw1 = do(state, {"type": "bourgeois", "winner": "2"}, seed=11)
    state, _ = do(state, {"type": "seen", "draw": "0"})
    state, _ = do(state, {"type": "fence", "winner": "1"})   # Sam: 2 burglaries, +500 = 1400, +1 renfort
    state, _ = do(state, {"type": "end_round", "novices_used": [1, 0, 2]})
    assert wallets(state) == [600, 1400, 900] and state["first_player"] == 1
    # round 2
    state = to_settlement(state, counts=[1, 1, 1])
    assert state["gangs"][0]["hospital"] == 1 and state["gangs"][1]["reinforcements"] == 1
    state = settle(state, 1, 2, "money", 500)                # Zoé 1400
    state = settle(state, 4, 0, "reinforcements")
    state = settle(state, 5, 1, "prison")
    state = settle(state, 6, 0, "money", 200)                # Léa 800
    state = settle(state, 7, None)
    state, draw2 = do(state, {"type": "bourgeois", "winner": "0"}, seed=5)
    state, _ = do(state, {"type": "fence", "winner": "none"})
    state, _ = do(state, {"type": "end_round", "novices_used": [0, 1, 0]})
    assert state["gangs"][1]["prison"] == 1 and state["gangs"][0]["reinforcements"] == 2
    # round 3: Sam pays bail on his first turn (first player is Zoé: order Zoé, Léa, Sam)
    state, _ = do(state, {"type": "start_round"})
    state = turns(state, 2)
    state, _ = do(state, {"type": "end_turn", "bail": 1})    # Sam 1250
    state = turns(state, 12)
    state, _ = do(state, {"type": "last_turn", "apaches": [0, 0, 0]})
    state = turns(state, 3)
    state = settle(state, 1, 0, "valuables", 300)            # Léa 1100
    state = settle(state, 4, 1, "money", 200)                # Sam 1450
    state = settle(state, 5, 2, "killed")
    state = settle(state, 6, 2, "reinforcements")
    state = settle(state, 7, 1, "steal")                     # Sam +400 = 1850, Léa 900, Zoé 1200
    state, _ = do(state, {"type": "bourgeois", "winner": "none"})
    state, _ = do(state, {"type": "fence", "winner": "0"})   # Léa 1 burglary: 1150, +1 reinforcement
    state, _ = do(state, {"type": "end_round", "novices_used": [0, 0, 0]})
    assert wallets(state) == [1150, 1850, 1200]
    state, _ = do(state, {"type": "reveal"})
    tokens = {draw1["winner"]: draw1["token"], draw2["winner"]: draw2["token"]}
    sheet = GAME.score(state).to_json()
    rows = {r["name"]: r for r in sheet["ranking"]}
    # operational: Léa 7 leaders + 2 novices + 1 reinforcement; Sam 7 + 2; Zoé 6 + 1 + 2
    expected_ops = {"Léa": 10, "Sam": 9, "Zoé": 9}
    for seat, name in enumerate(NAMES[:3]):
        token = tokens.get(seat)
        ops = expected_ops[name] - (1 if token == "policeman" else 0)
        money = wallets(state)[seat] + {"bourgeois": 200, "policeman": -200}.get(token or "", 0)
        assert rows[name]["operational"] == ops and rows[name]["total"] == money + 50 * ops
    assert sheet["winners"] == ["Sam"]
    events_ok = json.loads(json.dumps(sheet))
    assert events_ok == sheet


# --------------------------------------------------------------------------- properties of random matches


def random_match(seed: int):
    rng = random.Random(seed)
    n = rng.randint(2, 4)
    options = GAME.validate_options({"players": n, "configuration": rng.choice(["first", "random"]),
                                     "policeman_is_bourgeois": rng.random() < 0.3, "count_gains": rng.random() < 0.3})
    setup = GAME.setup(options, random.Random(seed))
    state = start = GAME.initial_state(setup.record, NAMES[:n])
    events, states = [], [state]
    for i in range(500):
        action = GAME.sample_action(state, rng)
        if action is None:
            break
        event = GAME.prepare(state, action, event_rng(seed, i))
        state = GAME.apply(state, event)
        events.append(event)
        states.append(state)
    return setup, start, events, states


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_property_random_matches(seed):
    setup, start, events, states = random_match(seed)
    final = states[-1]
    assert GAME.finished(final) and len(events) < 500
    assert replay(GAME, setup.record, final["names"], json.loads(json.dumps(events))) == final
    for state in states:
        reinforcements = 0
        for g in state["gangs"]:
            assert g["wallet"] >= 0, "money never goes negative"
            assert 0 <= free_leaders(g) <= LEADERS and 0 <= g["novices"] <= 3
            reinforcements += g["reinforcements"] + g["reinforcements_next"]
        assert reinforcements <= 5
        assert state["bags"]["bourgeois"]["left"] >= 1, "three rounds draw at most three tokens"
    sheet = GAME.score(final).to_json()
    for r in sheet["ranking"]:
        assert sum(r["breakdown"].values()) == r["total"]
    assert sheet == GAME.score_input({"players": holdings(final), **final["house"]}).to_json()


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_property_one_primary_public_action_and_secret_panels(seed):
    _, _, _, states = random_match(seed)
    for state in states[:-1]:
        public = [a for a in GAME.actions(state, None) if not a.private]
        assert sum(a.primary for a in public) == 1, (state["phase"], [a.type for a in public])
        for seat in range(state["players"]):
            for p in GAME.panels(state, seat):
                assert p.seat in (None, seat)
            assert all(a.seat == seat for a in GAME.actions(state, seat))
