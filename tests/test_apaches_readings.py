"""Les Apaches de Paris: the readings the rulebook leaves open (house rules), the impossible inputs and
the contradictions of the texts (issue 17).  Rules are quoted from ../shared/rules/apaches.fr.txt.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from scoring import IllegalEvent, InvalidOptions, InvalidScoreInput
from scoring.games.apaches.game import GAME
from scoring.games.apaches.rules import REINFORCEMENT_PIECES, STASH_DISTRICTS, STASHES, configurations
from scoring.games.apaches.score import holdings

NAMES = ["Léa", "Sam", "Zoé", "Max"]


def player(name, wallet=1000, bourgeois=0, policeman=False, leaders=7, novices=0, reinforcements=0, **more):
    return {"name": name, "wallet": wallet, "bourgeois": bourgeois, "policeman": policeman,
            "leaders": leaders, "novices": novices, "reinforcements": reinforcements, **more}


def sheet(players, **house):
    return GAME.score_input({"players": players, **house}).to_json()


def totals(s):
    return {r["name"]: r["total"] for r in s["ranking"]}


def start(players=2, first=0, **options):
    """A match set up through the options screen's path (validate_options, then setup)."""
    opts = GAME.validate_options({"players": players, **options})
    record = {**GAME.setup(opts, random.Random(1)).record, "first_player": first}
    return GAME.initial_state(json.loads(json.dumps(record)), NAMES[:players])


def do(state, action, seed=0):
    event = GAME.prepare(state, action, random.Random(seed))
    return GAME.apply(state, event)


def through_round(state, settle=(), bourgeois=None, novices=None, bail=None):
    """One round: turns noted one by one (``bail``: {seat: leaders freed at its first turn}), the given
    settlements, nobody elsewhere, ``bourgeois`` drawing in district 8."""
    bail = dict(bail or {})
    state = do(state, {"type": "start_round"})
    while state["phase"] in ("turns", "last_order"):
        if state["phase"] == "last_order":
            state = do(state, {"type": "last_turn", "apaches": [0] * state["players"]})
            continue
        seat = state["order"][state["index"]]
        state = do(state, {"type": "end_turn", "bail": bail.pop(seat, 0)})
    for district, winner, stash, amount in settle:
        state = do(state, {"type": "settle", "district": str(district), "winner": str(winner), "stash": stash,
                           "amount": amount})
    for d in state["districts"]:
        if d <= 7 and str(d) not in state["settled"]:
            state = do(state, {"type": "settle", "district": str(d), "winner": "none", "stash": "money"})
    state = do(state, {"type": "bourgeois", "winner": "none" if bourgeois is None else str(bourgeois)})
    state = do(state, {"type": "fence", "winner": "none"})
    return do(state, {"type": "end_round", "novices_used": novices or [0] * state["players"]})


# --------------------------------------------------------------------------- the policeman's 200 F


def test_the_policeman_is_not_paid_as_a_bourgeois_by_default_and_the_house_rule_pays_him():
    """« Parmi les 4 bourgeois, l'un d'eux est un agent de ville. » and « Chaque gang gagne 200 F par
    bourgeois. » — « Le joueur qui a l'agent de ville perd 200 F et un de ses meneurs part en prison. »
    Ruling: the policeman is not a bourgeois (he earns nothing); the other reading, a house rule, pays
    him 200 F as one of the 4 bourgeois before the fine.  The 200 F decide the winner here."""
    players = [player("Léa", 1000, policeman=True, leaders=5), player("Sam", 900, leaders=5)]
    ruling = sheet(players)
    assert totals(ruling) == {"Léa": 1000 - 200 + 4 * 50, "Sam": 900 + 5 * 50} and ruling["winners"] == ["Sam"]
    lea = next(r for r in ruling["ranking"] if r["name"] == "Léa")
    assert lea["breakdown"] == {"wallet": 1000, "bourgeois": 0, "policeman": -200, "apaches": 200}
    house = sheet(players, policeman_is_bourgeois=True)
    assert totals(house) == {"Léa": 1000 + 200 - 200 + 4 * 50, "Sam": 1150} and house["winners"] == ["Léa"]
    lea = next(r for r in house["ranking"] if r["name"] == "Léa")
    assert lea["breakdown"] == {"wallet": 1000, "bourgeois": 200, "policeman": -200, "apaches": 200}
    assert sheet(players, policeman_is_bourgeois=False) == ruling


def test_the_policeman_house_rule_is_a_set_up_option_kept_with_the_match():
    """The option is on the set-up screen (a house rule with one line of help in both languages), stored in
    the match's set-up record, and the engine's end score follows it."""
    option = next(o for o in GAME.options if o.key == "policeman_is_bourgeois")
    assert option.house_rule and option.default is False and option.help.fr and option.help.en
    for house_rule, expected in ((False, -200), (True, 0)):
        state = start(2, policeman_is_bourgeois=house_rule)
        assert state["house"]["policeman_is_bourgeois"] is house_rule
        state = do(_policeman_to(state, 0), {"type": "reveal"})
        lea = next(r for r in GAME.score(state).to_json()["ranking"] if r["name"] == "Léa")
        assert lea["breakdown"]["bourgeois"] + lea["breakdown"]["policeman"] == expected


def to_settlement(state):
    state = do(state, {"type": "start_round"})
    state = do(state, {"type": "skip_turns"})
    state = do(state, {"type": "last_turn", "apaches": [0] * state["players"]})
    while state["phase"] == "turns":
        state = do(state, {"type": "end_turn"})
    for d in state["districts"]:
        if d <= 7:
            state = do(state, {"type": "settle", "district": str(d), "winner": "none", "stash": "money"})
    return state


def _policeman_to(state, seat):
    """Three rounds in which ``seat`` draws the policeman in round 1 (the draw's seed is searched)."""
    ready = to_settlement(state)
    for s in range(200):
        drawn = do(ready, {"type": "bourgeois", "winner": str(seat)}, seed=s)
        if drawn["bags"]["bourgeois"]["draws"][0]["token"] == "policeman":
            after = do(drawn, {"type": "fence", "winner": "none"})
            after = do(after, {"type": "end_round", "novices_used": [0] * after["players"]})
            return through_round(through_round(after))
    raise AssertionError("no seed gives the policeman")


# --------------------------------------------------------------------------- the wallet or the total gains


def test_the_winner_is_counted_on_the_wallet_by_default_and_on_the_gains_as_a_house_rule():
    """« Le total des gains de chaque joueur est calculé en additionnant : 1- Les sommes obtenues dans les
    planques durant toute la partie. 2- les bourgeois dépouillés. 3- Le nombre d'Apaches restant. »
    against « Celui qui a le plus d'argent gagne la partie. »  Ruling: the money (the wallet, with the
    500 F start, bail and thefts); the house rule counts what the stashes brought in.  Léa paid 500 F
    (bail and thefts) out of 600 F of gains: the reading decides the winner."""
    players = [player("Léa", 600, leaders=0, gains=600), player("Sam", 900, leaders=0, gains=400)]
    assert sheet(players)["winners"] == ["Sam"]
    gains = sheet(players, count_gains=True)
    assert gains["winners"] == ["Léa"] and totals(gains) == {"Léa": 600, "Sam": 400}
    assert gains["ranking"][0]["breakdown"] == {"gains": 600, "bourgeois": 0, "policeman": 0, "apaches": 0}


def test_the_gains_reading_needs_gains_that_fit_the_wallet():
    """A wallet is the 500 F of « Chaque joueur prend son gang de 10 Apaches : 7 meneurs, 3 novices et
    500 F » plus the gains, less what was paid: gains below wallet − 500 F are impossible."""
    with pytest.raises(InvalidScoreInput, match=r"players\[0\].gains: is missing"):
        sheet([player("Léa"), player("Sam")], count_gains=True)
    with pytest.raises(InvalidScoreInput, match=r"players\[1\].gains: a wallet of 900 F .* at least 400 F, got 300"):
        sheet([player("Léa", 600, gains=600), player("Sam", 900, gains=300)])
    with pytest.raises(InvalidScoreInput, match="count_gains: must be true or false, got “net”"):
        sheet([player("Léa"), player("Sam")], count_gains="net")
    with pytest.raises(InvalidScoreInput, match="policeman_is_bourgeois: must be true or false, got 1"):
        sheet([player("Léa"), player("Sam")], policeman_is_bourgeois=1)


def test_the_engine_counts_gains_apart_from_what_was_paid():
    """Bail (« une caution de 150 F à la banque ») and thefts (« Le joueur qui vole les autres gangs reçoit
    de chacun ») leave the wallet; the gains reading adds them back.  Same match, both readings."""
    matches = {}
    for count in ("wallet", "gains"):
        state = start(2, first=0, count_gains=count == "gains")
        assert state["house"]["count_gains"] is (count == "gains")
        # round 1: Léa robs 500 F, then is jailed; Sam steals 300 F from her
        state = through_round(state, settle=[(1, 0, "money", 500), (2, 0, "prison", None), (3, 1, "steal", None)])
        state = through_round(state, bail={0: 1})  # round 2: Léa pays 150 F bail at her first turn
        state = through_round(state, settle=[(1, 1, "money", 200)])
        state = do(state, {"type": "reveal"})
        matches[count] = state
    lea, sam = holdings(matches["wallet"])
    assert (lea["wallet"], lea["gains"]) == (500 + 500 - 300 - 150, 500)
    assert (sam["wallet"], sam["gains"]) == (500 + 300 + 200, 500)
    assert GAME.score(matches["wallet"]).to_json()["winners"] == ["Sam"]
    assert GAME.score(matches["gains"]).to_json()["winners"] == ["Léa", "Sam"]  # 500 F and 7 Apaches each
    assert [p.title.en for p in GAME.panels(matches["gains"], None)][1] == "Final count"
    note = next(p for p in GAME.panels(matches["gains"], None) if p.title.en == "Final count").note
    assert note.fr.startswith("Gains des planques") and note.en.startswith("Stash gains")


def test_the_cli_takes_the_house_rules():
    doc = {"players": [player("Léa", 600, leaders=0, gains=600), player("Sam", 900, leaders=0, gains=400)],
           "count_gains": True}
    out = subprocess.run([sys.executable, "-m", "scoring", "score", "apaches"], input=json.dumps(doc),
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["winners"] == ["Léa"]


def test_house_rule_options_are_refused_with_bilingual_messages():
    with pytest.raises(InvalidOptions, match="count_gains"):
        GAME.validate_options({"players": 2, "count_gains": "net"})
    with pytest.raises(InvalidOptions) as info:
        GAME.validate_options({"players": 3, "configuration": "1.2.3.6.8.9"})
    assert "n'est pas une configuration à 3 joueurs" in info.value.get("fr")
    setup = GAME.setup(GAME.validate_options({"players": 2, "count_gains": True, "policeman_is_bourgeois": True}),
                       random.Random(1))
    text = " ".join(s.fr for s in setup.instructions)
    assert "Règle maison : l'agent de ville" in text and "total des gains" in text


# --------------------------------------------------------------------------- impossible inputs


def test_three_rounds_draw_three_bourgeois_at_most_in_the_engine_too():
    """« La partie est composée de 3 manches » and « prend au hasard 1 bourgeois » once a round: a fourth
    draw recorded in an event is refused without naming any token."""
    state = through_round(through_round(start(3), bourgeois=0), bourgeois=1)
    state = to_settlement(state)
    bag = state["bags"]["bourgeois"]
    assert len(bag["draws"]) == 2 and bag["left"] == 2
    forged = json.loads(json.dumps(state))  # as if a third draw had been made this round already
    moved = forged["bags"]["bourgeois"]["remaining"].pop()
    forged["bags"]["bourgeois"].update(left=1)
    forged["bags"]["bourgeois"]["draws"].append({"seat": 2, "token": moved, "seen": False, "revealed": False})
    token = forged["bags"]["bourgeois"]["remaining"][0]
    with pytest.raises(IllegalEvent) as info:
        GAME.apply(forged, {"type": "bourgeois", "winner": 0, "token": token})
    assert "“policeman”" not in str(info.value) and "“bourgeois”" not in str(info.value)
    assert info.value.get("fr") == "token : ce pion ne correspond pas au sac"
    state = do(state, {"type": "bourgeois", "winner": "2"})  # the third, real one
    assert state["bags"]["bourgeois"]["left"] == 1


def test_a_token_not_left_in_the_bag_is_refused_without_saying_which():
    """Issue 16, item 3: "token 'policeman' is not in bag" told the table that someone holds the policeman."""
    state = start(2)
    state = do(state, {"type": "start_round"})
    state = do(state, {"type": "skip_turns"})
    state = do(state, {"type": "last_turn", "apaches": [0, 0]})
    while state["phase"] == "turns":
        state = do(state, {"type": "end_turn"})
    state["bags"]["bourgeois"]["remaining"] = ["bourgeois", "bourgeois", "bourgeois"]
    with pytest.raises(IllegalEvent) as info:
        GAME.apply(state, {"type": "bourgeois", "winner": 1, "token": "policeman"})
    assert "policeman" not in str(info.value) and "agent" not in info.value.get("fr")


# --------------------------------------------------------------------------- contradictions of the texts


def test_thirty_one_stashes_not_the_thirty_two_of_the_icons():
    """The material says « 31 planques de 7 couleurs différentes » under the icons « x6 x5 x5 x4 x4 x4 x4 »
    (32); the set-up table « Nombre de planques 3 4 4 5 6 5 4 » gives 31.  31 stands: with all seven
    districts, « Enlever au hasard une planque par quartier » then six stashes each for four players
    (« Ceci est répété 6 fois jusqu'à l'épuisement des planques ») needs exactly 31."""
    icons = [6, 5, 5, 4, 4, 4, 4]
    assert sum(icons) == 32 and sum(STASHES.values()) == 31
    assert sorted(icons) != sorted(STASHES[d] for d in STASH_DISTRICTS)
    assert sum(STASHES[d] - 1 for d in STASH_DISTRICTS) == 6 * 4
    assert sum(n - 1 for n in icons) != 6 * 4, "with the icons' counts four players could not share the stashes"
    assert configurations(4) == [(1, 2, 3, 4, 5, 6, 7, 8, 9)]


def test_the_five_recruits_are_the_reinforcements():
    """« Placer les 5 recrues à côté du plateau. » names the « x5 Les renforts » of the material (the English
    example, too, calls the reinforcements « recruits »): the set-up says so."""
    setup = GAME.setup(GAME.validate_options({"players": 2}), random.Random(1))
    step = next(s for s in setup.instructions if "renforts" in s.fr)
    assert f"{REINFORCEMENT_PIECES} renforts" in step.fr and "recrues" in step.fr
    assert "recruits" in step.en


def test_the_bg_stats_board_text_says_which_reading_was_played():
    """The match's options carry the house rules, so the export's board text names them (only when on)."""
    from db.bgstats import setup_text

    for house, shown in (({}, []), ({"policeman_is_bourgeois": True, "count_gains": True},
                                    ["policeman is bourgeois", "count gains"])):
        options = GAME.validate_options({"players": 2, **house})
        record = GAME.setup(options, random.Random(1)).record
        text = setup_text(options, record)
        assert all(s in text for s in shown) and ("policeman" in text) == bool(shown), text
