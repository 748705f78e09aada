"""Les Apaches de Paris: configurations, last-turn order, end scoring and its CLI.

Every rule is quoted from the French rulebook (../shared/rules/apaches.fr.txt), which
stands where the French and English texts differ.
"""

from __future__ import annotations

import json
import subprocess
import sys
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import InvalidOptions, InvalidScoreInput
from scoring.core import IllegalEvent
from scoring.games.apaches.game import GAME, configurations, last_turn_order
from scoring.games.apaches.rules import STASHES, config_key, operational, prohibited

# --------------------------------------------------------------------------- configurations

#: « D'autres configurations sont possibles : » exactly as printed (both languages agree).
PRINTED_2 = ["5.6.7.8.9", "3.5.6.8.9", "2.5.6.8.9", "3.4.5.8.9", "4.5.7.8.9", "2.4.5.8.9", "1.2.3.4.8.9",
             "1.2.4.7.8.9", "1.3.4.7.8.9", "1.2.3.6.8.9", "1.2.4.7.8.9", "1.3.6.7.8.9"]
PRINTED_3 = ["2.3.5.6.7.8.9", "2.3.4.5.7.8.9", "1.2.4.5.6.8.9", "1.3.4.5.6.8.9"]


def rule_holds(config: tuple[int, ...], players: int) -> bool:
    """« Enlever au hasard une planque par quartier » then « chacun prend une planque ... Ceci est
    répété 6 fois jusqu'à l'épuisement des planques »: stashes − districts with stashes = 6 × players."""
    return sum(STASHES[d] - 1 for d in config if STASHES[d]) == 6 * players


def test_stash_table_is_the_rulebook_table():
    """« Nombre de planques 3 4 4 5 6 5 4 0 0 » and « 31 planques de 7 couleurs différentes »."""
    assert [STASHES[d] for d in range(1, 10)] == [3, 4, 4, 5, 6, 5, 4, 0, 0]
    assert sum(STASHES.values()) == 31


def test_first_game_configurations_come_first_and_match_the_table():
    """« Pour vos premières parties, prenez les configurations du tableau ci-dessous. »
    4 joueurs: all; 3 joueurs: ⊘ on 2 and 3; 2 joueurs: ⊘ on 4, 5 and 7."""
    assert configurations(4)[0] == (1, 2, 3, 4, 5, 6, 7, 8, 9)
    assert configurations(3)[0] == (1, 4, 5, 6, 7, 8, 9)
    assert configurations(2)[0] == (1, 2, 3, 6, 8, 9)
    assert prohibited(configurations(3)[0]) == [2, 3]
    assert prohibited(configurations(2)[0]) == [4, 5, 7]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_configurations_are_exactly_the_ones_the_rule_allows(players):
    """« Les quartiers « receleur » et « bourgeois » n'ont pas de « planques » et sont dans toutes
    les configurations. »  Every listed configuration satisfies the rule, and every subset of
    districts 1–7 that satisfies it is listed once."""
    found = configurations(players)
    assert len(found) == len(set(found))
    for c in found:
        assert list(c) == sorted(c) and c[-2:] == (8, 9) and rule_holds(c, players)
    brute = {(*c, 8, 9) for k in range(1, 8) for c in combinations(range(1, 8), k) if rule_holds(c, players)}
    assert set(found) == brute
    assert found[1:] == sorted(found[1:]), "the others follow in ascending order"


def test_configuration_counts():
    assert [len(configurations(n)) for n in (2, 3, 4)] == [12, 5, 1]


def test_printed_three_player_list_is_complete_and_correct():
    """« Parties à 3 joueurs : N° 2.3.5.6.7.8.9 / 2.3.4.5.7.8.9 / 1.2.4.5.6.8.9 / 1.3.4.5.6.8.9. »"""
    derived = [config_key(c) for c in configurations(3)]
    assert sorted(PRINTED_3 + [derived[0]]) == sorted(derived)


def test_printed_two_player_list_has_a_mistake():
    """« Parties à 2 joueurs : N° ... 1.2.4.7.8.9 / 1.3.4.7.8.9 / 1.2.3.6.8.9 / 1.2.4.7.8.9 / 1.3.6.7.8.9. »
    Every printed entry satisfies the rule, but 1.2.4.7.8.9 is printed twice, 1.2.3.6.8.9 is the
    first-game configuration again, and 1.2.6.7.8.9 (2 + 3 + 4 + 3 = 12 stashes) is missing."""
    derived = [config_key(c) for c in configurations(2)]
    assert all(p in derived for p in PRINTED_2)
    assert PRINTED_2.count("1.2.4.7.8.9") == 2
    assert derived[0] in PRINTED_2
    assert set(derived) - set(PRINTED_2) == {"1.2.6.7.8.9"}


@pytest.mark.parametrize("bad", [1, 5, 0, "3", True, None, 2.0])
def test_configurations_refuse_bad_player_counts(bad):
    with pytest.raises(InvalidOptions, match="players"):
        configurations(bad)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 4), st.data())
def test_property_every_configuration_leaves_six_stashes_per_player(players, data):
    config = data.draw(st.sampled_from(configurations(players)))
    stashes = sum(STASHES[d] for d in config)
    districts_with_stashes = sum(1 for d in config if STASHES[d])
    assert stashes - districts_with_stashes == 6 * players
    assert 8 in config and 9 in config


# --------------------------------------------------------------------------- last-turn order


def test_last_turn_order_most_apaches_first():
    """« Le joueur qui a le plus d'Apaches (novices + meneurs + renforts) jouera en premier, celui
    qui en a le moins jouera en dernier. »"""
    assert last_turn_order([1, 4, 2], first_player=0) == [1, 2, 0]


def test_last_turn_order_ties_clockwise_from_first_player():
    """« Si des joueurs ont le même nombre d'Apaches, leur ordre dans le tour de jeu est fixé par le
    sens horaire à partir du 1er joueur. »"""
    assert last_turn_order([3, 3, 3, 3], first_player=2) == [2, 3, 0, 1]
    assert last_turn_order([2, 5, 2, 0], first_player=2) == [1, 2, 0, 3]
    assert last_turn_order([0, 0], first_player=1) == [1, 0]


@pytest.mark.parametrize("counts, first, where", [
    ([1], 0, "apaches_in_front"), ([1, 2, 3, 4, 5], 0, "apaches_in_front"),
    ([1, -1], 0, "apaches_in_front[1]"),
    ([1, "2"], 0, "apaches_in_front[1]"), ([1, True], 0, "apaches_in_front[1]"), ([1, 2], 2, "first_player"),
    ([1, 2], -1, "first_player"), ("12", 0, "apaches_in_front"),
])
def test_last_turn_order_refuses_bad_input(counts, first, where):
    with pytest.raises(IllegalEvent, match=where.replace("[", r"\[")):
        last_turn_order(counts, first)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 13), min_size=2, max_size=4), st.data())
def test_property_last_turn_order(counts, data):
    first = data.draw(st.integers(0, len(counts) - 1))
    order = last_turn_order(counts, first)
    n = len(counts)
    assert sorted(order) == list(range(n))
    keys = [(-counts[s], (s - first) % n) for s in order]
    assert keys == sorted(keys)
    if len(set(counts)) == 1:
        assert order == [(first + i) % n for i in range(n)]


# --------------------------------------------------------------------------- end scoring


def player(name="Léa", wallet=1000, bourgeois=0, policeman=False, leaders=7, novices=0, reinforcements=0):
    return {"name": name, "wallet": wallet, "bourgeois": bourgeois, "policeman": policeman,
            "leaders": leaders, "novices": novices, "reinforcements": reinforcements}


def score(*players):
    return GAME.score_input({"players": list(players)}).to_json()


def row(sheet, name):
    return next(r for r in sheet["ranking"] if r["name"] == name)


def test_the_rulebook_worked_example():
    """« Un joueur récupère à la 3ème manche 5 meneurs qui lui restent. Il a de plus récupéré 2 renforts
    dans cette manche et il lui reste un novice qu'il n'a pas utilisé durant la partie. Il a donc un
    total de 8 Apaches opérationnels. Cela lui permet donc de récupérer 400 F. »"""
    assert operational(leaders=5, novices=1, reinforcements=2) == 8
    sheet = score(player("Léa", 1450, 1, False, 5, 1, 2), player("Sam", 0))
    lea = row(sheet, "Léa")
    assert lea["operational"] == 8 and lea["breakdown"]["apaches"] == 400
    assert lea["breakdown"] == {"wallet": 1450, "bourgeois": 200, "policeman": 0, "apaches": 400}
    assert lea["total"] == 2050


def test_bourgeois_are_worth_200_each():
    """« Chaque gang gagne 200 F par bourgeois. »"""
    sheet = score(player("A", 0, bourgeois=2, leaders=0), player("B", 0, bourgeois=1, leaders=0))
    assert row(sheet, "A")["breakdown"]["bourgeois"] == 400 and row(sheet, "B")["total"] == 200


def test_policeman_costs_200_and_jails_a_leader():
    """« Le joueur qui a l'agent de ville perd 200 F et un de ses meneurs part en prison. »  The policeman
    is not a bourgeois: it earns nothing, and the jailed leader is not operational."""
    sheet = score(player("A", 1000, policeman=True, leaders=5, novices=1), player("B", 1000, leaders=5))
    a = row(sheet, "A")
    assert a["breakdown"] == {"wallet": 1000, "bourgeois": 0, "policeman": -200, "apaches": 250}
    assert a["operational"] == 5 and a["total"] == 1050


def test_policeman_fine_never_takes_a_wallet_below_zero():
    """Ruling: « perd 200 F » takes what the gang has (bourgeois of the same reveal included)."""
    sheet = score(player("A", 50, policeman=True, leaders=0), player("B", 100, bourgeois=1, leaders=0),
                  player("C", 120, bourgeois=1, policeman=False, leaders=0))
    assert row(sheet, "A")["breakdown"]["policeman"] == -50 and row(sheet, "A")["total"] == 0
    sheet = score(player("A", 50, bourgeois=1, policeman=True, leaders=0), player("B", 0))
    assert row(sheet, "A")["breakdown"] == {"wallet": 50, "bourgeois": 200, "policeman": -200, "apaches": 0}


def test_policeman_holder_without_leaders_loses_no_apache():
    sheet = score(player("A", 500, policeman=True, leaders=0, novices=2), player("B", 0))
    assert row(sheet, "A")["operational"] == 2


def test_most_money_wins():
    """« Celui qui a le plus d'argent gagne la partie. »"""
    sheet = score(player("A", 900), player("B", 1000), player("C", 950))
    assert [r["name"] for r in sheet["ranking"]] == ["B", "C", "A"] and sheet["winners"] == ["B"]
    assert [r["rank"] for r in sheet["ranking"]] == [1, 2, 3]


def test_money_tie_most_apaches_wins():
    """« S'il y a égalité, celui qui a le plus d'Apaches l'emporte. »"""
    sheet = score(player("A", 1050, leaders=5), player("B", 1000, leaders=6))
    assert row(sheet, "A")["total"] == row(sheet, "B")["total"] == 1300
    assert sheet["winners"] == ["B"] and row(sheet, "A")["rank"] == 2


def test_full_tie_shares_the_victory():
    """« S'il y a encore égalité, la victoire est partagée. »"""
    sheet = score(player("A", 1000, leaders=6), player("B", 1000, leaders=5, novices=1), player("C", 10))
    assert sorted(sheet["winners"]) == ["A", "B"]
    assert [r["rank"] for r in sheet["ranking"]] == [1, 1, 3]


def test_output_format_is_the_issue_format():
    sheet = score(player("Léa", 1450, 1, False, 5, 1, 2), player("Sam", 1200))
    assert list(sheet) == ["game", "ranking", "winners"] and sheet["game"] == "apaches"
    assert set(sheet["ranking"][0]) == {"name", "seat", "rank", "total", "operational", "breakdown"}
    for r in sheet["ranking"]:
        assert sum(r["breakdown"].values()) == r["total"]


BAD = [
    ({"players": [player("A")]}, "players", "2 to 4"),
    ({"players": [player(str(i)) for i in range(5)]}, "players", "2 to 4"),
    ({"players": []}, "players", "got 0"),
    ({"players": "A,B"}, "players", "“A,B”"),
    ([1, 2], "input", "[1, 2]"),
    ({"players": [player("A"), player("B")], "extra": 1}, "extra", "“extra”"),
    ({"players": [player("A"), player("B", wallet=-10)]}, "players[1].wallet", "-10"),
    ({"players": [player("A"), player("B", wallet="10")]}, "players[1].wallet", "“10”"),
    ({"players": [player("A"), player("B", wallet=10.5)]}, "players[1].wallet", "10.5"),
    ({"players": [player("A", leaders=-1), player("B")]}, "players[0].leaders", "-1"),
    ({"players": [player("A", leaders=8), player("B")]}, "players[0].leaders", "8"),
    ({"players": [player("A", novices=4), player("B")]}, "players[0].novices", "4"),
    ({"players": [player("A", novices=-1), player("B")]}, "players[0].novices", "-1"),
    ({"players": [player("A", bourgeois=-1), player("B")]}, "players[0].bourgeois", "-1"),
    ({"players": [player("A", reinforcements=-2), player("B")]}, "players[0].reinforcements", "-2"),
    ({"players": [player("A", leaders=True), player("B")]}, "players[0].leaders", "true"),
    ({"players": [player("A", policeman="yes"), player("B")]}, "players[0].policeman", "“yes”"),
    ({"players": [player("A", bourgeois=3), player("B", bourgeois=1, policeman=True)]},
     "players", "5 bourgeois tokens"),
    ({"players": [player("A", bourgeois=1, policeman=True), player("B", policeman=True)]},
     "players", "one policeman"),
    ({"players": [player("A", bourgeois=2), player("B", bourgeois=2)]}, "players", "4 bourgeois tokens"),
    ({"players": [player("A", bourgeois=4), player("B")]}, "players[0].bourgeois", "at most 3"),
    ({"players": [player("A", reinforcements=6), player("B")]}, "players[0].reinforcements", "at most 5"),
    ({"players": [player("A", reinforcements=4), player("B", reinforcements=2)]},
     "players", "6 reinforcements"),
    ({"players": [player(""), player("B")]}, "players[0].name", "“”"),
    ({"players": [player("A"), player("A")]}, "players[1].name", "“A”"),
    ({"players": [player("A"), {"name": "B", "wallet": 5}]}, "players[1].policeman", "missing"),
    ({"players": [player("A"), {**player("B"), "wallet": None}]}, "players[1].wallet", "null"),
    ({"players": [player("A"), {k: v for k, v in player("B").items() if k != "novices"}]},
     "players[1].novices", "missing"),
    ({"players": [player("A"), {**player("B"), "bourgois": 1}]}, "players[1].bourgois", "unknown"),
    ({"players": [player("A"), 7]}, "players[1]", "7"),
]


@pytest.mark.parametrize("doc, where, quoted", BAD)
def test_bad_score_inputs_are_refused_naming_the_field(doc, where, quoted):
    with pytest.raises(InvalidScoreInput) as info:
        GAME.score_input(doc)
    assert info.value.where == where
    assert quoted in str(info.value) and "\n" not in str(info.value)


def test_three_rounds_draw_three_tokens_at_most():
    """« La partie est composée de 3 manches » and « Le joueur majoritaire dans ce quartier à la fin d'une
    manche prend au hasard 1 bourgeois »: one draw a round, so 3 of the 4 tokens at most (issue 17:
    3 bourgeois and the policeman held together were accepted)."""
    with pytest.raises(InvalidScoreInput, match="4 bourgeois tokens") as info:
        score(player("A", bourgeois=2), player("B", bourgeois=1, policeman=True))
    assert "4 pions bourgeois" in info.value.get("fr") and "3 manches" in info.value.get("fr")
    with pytest.raises(InvalidScoreInput, match="4 bourgeois tokens"):
        score(player("A", bourgeois=3), player("B", policeman=True))
    sheet = score(player("A", bourgeois=2), player("B", policeman=True))  # three tokens: fine
    assert row(sheet, "A")["breakdown"]["bourgeois"] == 400
    sheet = score(player("A", bourgeois=3), player("B"))  # the policeman never drawn
    assert row(sheet, "A")["breakdown"]["bourgeois"] == 600


holdings = st.fixed_dictionaries({
    "wallet": st.integers(0, 3000), "leaders": st.integers(0, 7), "novices": st.integers(0, 3),
    "reinforcements": st.integers(0, 1)})


@settings(max_examples=150, deadline=None)
@given(st.lists(holdings, min_size=2, max_size=4), st.data())
def test_property_score_sheet(rows, data):
    """Three rounds, one draw per round: each draw goes to a gang (or nobody)."""
    n = len(rows)
    draws = data.draw(st.lists(st.integers(-1, n - 1), min_size=3, max_size=3))
    cop = data.draw(st.sampled_from([None, 0, 1, 2]))
    players = [{"name": f"P{i}", "bourgeois": sum(1 for k, d in enumerate(draws) if d == i and k != cop),
                "policeman": any(d == i and k == cop for k, d in enumerate(draws)), **r}
               for i, r in enumerate(rows)]
    sheet = GAME.score_input({"players": players}).to_json()
    ranks = [r["rank"] for r in sheet["ranking"]]
    assert ranks == sorted(ranks) and ranks[0] == 1
    assert set(sheet["winners"]) == {r["name"] for r in sheet["ranking"] if r["rank"] == 1}
    for r in sheet["ranking"]:
        p = players[r["seat"]]
        assert sum(r["breakdown"].values()) == r["total"] >= 0
        assert r["operational"] == p["leaders"] + p["novices"] + p["reinforcements"] - (
            1 if p["policeman"] and p["leaders"] else 0)
        assert r["breakdown"]["apaches"] == 50 * r["operational"]
    keys = [(r["total"], r["operational"]) for r in sheet["ranking"]]
    assert keys == sorted(keys, reverse=True)


# --------------------------------------------------------------------------- the CLI


def cli(text: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scoring", "score", "apaches"], input=text,
                          capture_output=True, text=True)


def test_cli_scores_the_issue_example():
    doc = {"players": [{"name": "Léa", "wallet": 1450, "bourgeois": 1, "policeman": False,
                        "leaders": 5, "novices": 1, "reinforcements": 2},
                       {"name": "Sam", "wallet": 1600, "bourgeois": 0, "policeman": True,
                        "leaders": 6, "novices": 0, "reinforcements": 0}]}
    out = cli(json.dumps(doc))
    assert out.returncode == 0, out.stderr
    sheet = json.loads(out.stdout)
    assert sheet["winners"] == ["Léa"]
    assert [(r["name"], r["rank"], r["total"], r["operational"]) for r in sheet["ranking"]] == [
        ("Léa", 1, 2050, 8), ("Sam", 2, 1650, 5)]


@pytest.mark.parametrize("text", [
    json.dumps({"players": [player("A", leaders=9), player("B")]}),
    json.dumps({"players": [player("A")]}),
    "{oops",
])
def test_cli_refuses_bad_input_with_one_line(text):
    out = cli(text)
    assert out.returncode == 2 and out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1
