"""Les Apaches de Paris: every refusal is bilingual, as precise in French as in English, and names no
drawn bourgeois (issue 17 item 2, issue 16 item 3): the holder « regarde son identité sans la révéler et
garde le pion devant lui, identité cachée, jusqu'à la fin de partie », so no refusal may name it.

Every ``raise`` of the game's package is reached below: on hand-made states for the rare ones, and on
the states of random matches (the game's own ``sample``) for a battery of bad events.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import RulesError
from scoring.core import event_rng, quote
from scoring.games.apaches.game import GAME
from scoring.games.apaches.moves import STASH_KINDS, TOKEN_KINDS
from scoring.games.apaches.rules import configurations, last_turn_order
from scoring.games.apaches.score import FIELDS

#: identifiers (field names, choice values) that both languages quote as they are
IDENTIFIERS = {*FIELDS, *STASH_KINDS, *TOKEN_KINDS, "players", "game", "policeman_is_bourgeois", "count_gains",
               "wallet", "gains", "apaches", "paris", "bourgeois", "configuration",
               # the same word in both languages
               "position", "possible", "correction", "type", "json", "gang", "gangs"}
WHERE = re.compile(r"^[A-Za-z_][\w.\[\]éèÉ]*( \(\w+\))? ?:")


def english_words(text: str) -> set[str]:
    text = WHERE.sub(" ", text)
    text = re.sub(r"“[^”]*”|'[^']*'|\"[^\"]*\"|\[[^\]]*\]|\{[^}]*\}", " ", text)
    return {w.lower() for w in re.findall(r"[A-Za-z_]{4,}", text)} - IDENTIFIERS


def check_bilingual(error: RulesError) -> None:
    fr, en = error.get("fr"), error.get("en")
    assert fr and en and fr != en, (fr, en)
    assert str(error) == en and "\n" not in en and "\n" not in fr
    french = {w.lower() for w in re.findall(r"[A-Za-z_éèêàâçîôûù]+", WHERE.sub(" ", fr))}
    leaked = english_words(en) & french
    assert not leaked, f"English words in the French text {fr!r}: {leaked}"


def check_no_secret(error: RulesError, kind: str) -> None:
    """A drawn bourgeois is secret until the reveal: no refusal quotes a token (the move named
    ``bourgeois``, quoted by the core's phase check, is not one)."""
    for lang in ("fr", "en"):
        text = re.sub(rf"(plus de |no ){quote(kind)}|{quote(kind)} (is not|n'est pas)", "", error.get(lang))
        assert "“policeman”" not in text and "“bourgeois”" not in text, text
        assert "agent de ville" not in text, text


def refusal(call, *args) -> RulesError:
    with pytest.raises(RulesError) as info:
        call(*args)
    return info.value


# --------------------------------------------------------------------------- the battery


def prepared(state, action, seed=0):
    return GAME.apply(state, GAME.prepare(state, action, random.Random(seed)))


def battery(state):
    """Bad events for any state: each is either refused (collected) or, by chance, legal."""
    n = state["players"]
    bag = state["bags"]["bourgeois"]
    events = [
        {"type": "no-such"},
        {"type": "start_round", "round": 9, "first_player": 0, "set_aside": {}},
        {"type": "start_round", "round": state["round"], "first_player": n + 1, "set_aside": {}},
        {"type": "start_round", "round": state["round"], "first_player": state["first_player"], "set_aside": {}},
        {"type": "start_round", "round": state["round"], "first_player": state["first_player"],
         "set_aside": {str(d): 99 for d in state["districts"] if d <= 7}},
        {"type": "end_turn", "seat": n + 5, "bail": 0},
        {"type": "end_turn", "seat": state["order"][state["index"]] if state["order"] and
         state["index"] < len(state["order"]) else 0, "bail": 8},
        {"type": "skip_turns"},
        {"type": "last_turn", "apaches": [1]},
        {"type": "last_turn", "apaches": [99] * n},
        {"type": "settle", "district": 8, "winner": 0, "stash": "money", "amount": 300},
        {"type": "settle", "district": "x", "winner": 0, "stash": "money", "amount": 300},
        {"type": "settle", "district": 1, "winner": 0, "stash": "treasure"},
        {"type": "settle", "district": 1, "winner": 0, "stash": "money", "amount": 9000},
        {"type": "settle", "district": 1, "winner": 0, "stash": "steal", "amount": 100},
        {"type": "settle", "district": 1, "winner": n + 3, "stash": "steal"},
        {"type": "bourgeois", "winner": 0},
        {"type": "bourgeois", "winner": 0, "token": "duke"},
        {"type": "bourgeois", "winner": None, "token": "policeman"},
        {"type": "bourgeois", "winner": 0, "token": "policeman"},
        {"type": "bourgeois", "winner": 0, "token": "bourgeois"},
        {"type": "fence", "winner": 0},
        {"type": "seen", "seat": n + 1, "draw": 0},
        {"type": "seen", "seat": 0, "draw": 7},
        {"type": "end_round", "novices_used": [9] * n},
        {"type": "end_round", "novices_used": "none"},
        {"type": "reveal"},
        {"type": "adjust", "seat": 9, "amount": 5},
        {"type": "adjust", "seat": 0, "amount": 0},
        {"type": "adjust", "seat": 0, "amount": "lots"},
        {"type": "adjust", "seat": 0, "amount": -10**6},
        {"type": "adjust", "seat": 0, "amount": 5, "reason": 7},
    ]
    for d in bag["draws"]:
        events.append({"type": "seen", "seat": d["seat"], "draw": bag["draws"].index(d)})
    for event in events:
        yield event["type"], lambda e=event: GAME.apply(state, e)
    for action in ({"type": "seen", "seat": n + 2}, {"type": "seen", "draw": "x"},
                   {"type": "end_turn", "bail": "x"}, {"type": "adjust", "seat": 0, "amount": "x"},
                   {"type": "settle", "district": "?", "winner": "0", "stash": "money"},
                   {"type": "settle", "district": "1", "winner": "0", "stash": "money", "amount": "x"}):
        yield action["type"], lambda a=action: prepared(state, a)


def random_states(seed: int):
    rng = random.Random(seed)
    n = rng.randint(2, 4)
    setup = GAME.setup(GAME.validate_options({"players": n}), random.Random(seed))
    state = GAME.initial_state(setup.record, ["Léa", "Sam", "Zoé", "Max"][:n])
    out = [state]
    for i in range(400):
        action = GAME.sample_action(state, rng)
        if action is None:
            break
        state = GAME.apply(state, GAME.prepare(state, action, event_rng(seed, i)))
        out.append(state)
    return out


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_every_refusal_on_random_states_is_bilingual_and_secret_free(seed):
    states = random_states(seed)
    seen = 0
    for state in states[:: max(1, len(states) // 40)]:
        for kind, attempt in battery(state):
            try:
                attempt()
            except RulesError as error:
                check_bilingual(error)
                check_no_secret(error, kind)
                seen += 1
    assert seen > 100


# --------------------------------------------------------------------------- every raise, by name


def base(players=3):
    setup = GAME.setup(GAME.validate_options({"players": players}), random.Random(4))
    return GAME.initial_state({**setup.record, "first_player": 0}, ["Léa", "Sam", "Zoé", "Max"][:players])


def at(phase, players=3):
    state = base(players)
    state = prepared(state, {"type": "start_round"})
    if phase == "turns":
        return state
    state = prepared(state, {"type": "skip_turns"})
    if phase == "last_order":
        return state
    state = prepared(state, {"type": "last_turn", "apaches": [0] * players})
    while state["phase"] == "turns":
        state = prepared(state, {"type": "end_turn"})
    return state


def drawn(seat=1, seed=0):
    return prepared(at("settlement"), {"type": "bourgeois", "winner": str(seat)}, seed)


def player(name, **more):
    return {"name": name, "wallet": 100, "bourgeois": 0, "policeman": False, "leaders": 7, "novices": 0,
            "reinforcements": 0, **more}


def two(**more):
    return [player("Léa", **more), player("Sam")]


def forged(state, **changes):
    out = json.loads(json.dumps(state))
    out.update(changes)
    return out


CASES = {
    # rules.py, setup.py, state.py
    "players": lambda: configurations(5),
    "apaches_in_front": lambda: last_turn_order([1], 0),
    "apaches_in_front[1]": lambda: last_turn_order([1, -1], 0),
    "first_player seat": lambda: last_turn_order([1, 2], 5),
    "configuration": lambda: GAME.validate_options({"players": 3, "configuration": "1.2.3.6.8.9"}),
    "names": lambda: GAME.initial_state({"players": 3, "configuration": [1, 4, 5, 6, 7, 8, 9],
                                         "first_player": 0}, ["A"]),
    # moves.py
    "round": lambda: GAME.apply(base(), {"type": "start_round", "round": 2, "first_player": 0, "set_aside": {}}),
    "first_player": lambda: GAME.apply(base(), {"type": "start_round", "round": 1, "first_player": 2,
                                                "set_aside": {}}),
    "set_aside": lambda: GAME.apply(base(), {"type": "start_round", "round": 1, "first_player": 0,
                                             "set_aside": {"1": 1}}),
    "set_aside[d]": lambda: GAME.apply(base(), {"type": "start_round", "round": 1, "first_player": 0,
                                                "set_aside": {"1": 9, "4": 1, "5": 1, "6": 1, "7": 1}}),
    "nobody to play": lambda: GAME.apply(forged(at("turns"), index=9), {"type": "end_turn", "seat": 0}),
    "not your turn": lambda: GAME.apply(at("turns"), {"type": "end_turn", "seat": 2}),
    "bail bound": lambda: GAME.apply(at("turns"), {"type": "end_turn", "seat": 0, "bail": 1}),
    "bail money": lambda: GAME.apply(
        forged(at("turns"), gangs=[{**g, "prison": 1, "wallet": 100} for g in at("turns")["gangs"]]),
        {"type": "end_turn", "seat": 0, "bail": 1}),
    "already last": lambda: GAME.apply(forged(at("turns"), turn=6), {"type": "skip_turns"}),
    "bail first": lambda: GAME.apply(
        forged(at("turns"), gangs=[{**g, "prison": 1} for g in at("turns")["gangs"]]), {"type": "skip_turns"}),
    "per seat": lambda: GAME.apply(at("last_order"), {"type": "last_turn", "apaches": [1]}),
    "per seat bound": lambda: GAME.apply(at("last_order"), {"type": "last_turn", "apaches": [11, 0, 0]}),
    "district kind": lambda: GAME.apply(at("settlement"), {"type": "settle", "district": 2, "winner": 0,
                                                           "stash": "steal"}),
    "district twice": lambda: GAME.apply(prepared(at("settlement"), {"type": "settle", "district": "1",
                                                                     "winner": "0", "stash": "steal"}),
                                         {"type": "settle", "district": 1, "winner": 0, "stash": "steal"}),
    "stash": lambda: GAME.apply(at("settlement"), {"type": "settle", "district": 1, "winner": 0, "stash": "gold"}),
    "amount range": lambda: GAME.apply(at("settlement"), {"type": "settle", "district": 1, "winner": 0,
                                                          "stash": "money", "amount": 100}),
    "amount kind": lambda: GAME.apply(at("settlement"), {"type": "settle", "district": 1, "winner": 0,
                                                         "stash": "killed", "amount": 100}),
    "no leader": lambda: GAME.apply(
        forged(at("settlement"), gangs=[{**g, "cemetery": 7} for g in at("settlement")["gangs"]]),
        {"type": "settle", "district": 1, "winner": 0, "stash": "killed"}),
    "token needed": lambda: GAME.apply(at("settlement"), {"type": "bourgeois", "winner": 0}),
    "token kind": lambda: GAME.apply(at("settlement"), {"type": "bourgeois", "winner": 0, "token": "duke"}),
    "token bag": lambda: GAME.apply(
        forged(at("settlement"), bags={"bourgeois": {"remaining": ["bourgeois"], "left": 1, "draws": []}}),
        {"type": "bourgeois", "winner": 0, "token": "policeman"}),
    "token nobody": lambda: GAME.apply(at("settlement"), {"type": "bourgeois", "winner": None, "token": "bourgeois"}),
    "district 8 twice": lambda: GAME.apply(drawn(), {"type": "bourgeois", "winner": None}),
    "fence first": lambda: GAME.apply(at("settlement"), {"type": "fence", "winner": 0}),
    "no draw yet": lambda: GAME.apply(base(), {"type": "seen", "seat": 0, "draw": 0}),
    "draw index": lambda: GAME.apply(drawn(), {"type": "seen", "seat": 1, "draw": 3}),
    "draw seat": lambda: GAME.apply(drawn(), {"type": "seen", "seat": 0, "draw": 0}),
    "draw seen": lambda: GAME.apply(prepared(drawn(), {"type": "seen", "seat": 1}),
                                    {"type": "seen", "seat": 1, "draw": 0}),
    "settle first": lambda: GAME.apply(at("settlement"), {"type": "end_round", "novices_used": [0, 0, 0]}),
    "adjust seat": lambda: GAME.apply(base(), {"type": "adjust", "seat": 3, "amount": 5}),
    "adjust zero": lambda: GAME.apply(base(), {"type": "adjust", "seat": 0, "amount": 0}),
    "adjust reason": lambda: GAME.apply(base(), {"type": "adjust", "seat": 0, "amount": 5, "reason": 1}),
    "adjust pay": lambda: GAME.apply(base(), {"type": "adjust", "seat": 0, "amount": -501}),
    "prepare seen": lambda: prepared(base(), {"type": "seen", "seat": 1}),
    # the core's checks, for this game
    "phase": lambda: GAME.apply(base(), {"type": "fence", "winner": 0}),
    "unknown": lambda: GAME.apply(base(), {"type": "robbery"}),
    # score.py: the CLI document
    "doc": lambda: GAME.score_input([1]),
    "doc key": lambda: GAME.score_input({"players": two(), "extra": 1}),
    "doc game": lambda: GAME.score_input({"players": two(), "game": "chess"}),
    "doc players": lambda: GAME.score_input({"players": "A,B"}),
    "doc count": lambda: GAME.score_input({"players": [player("A")]}),
    "doc player": lambda: GAME.score_input({"players": [player("A"), 7]}),
    "doc field": lambda: GAME.score_input({"players": two(bourgois=1)}),
    "doc name": lambda: GAME.score_input({"players": [player(""), player("B")]}),
    "doc twice": lambda: GAME.score_input({"players": [player("A"), player("A")]}),
    "doc missing": lambda: GAME.score_input({"players": [{"name": "A", "wallet": 1}, player("B")]}),
    "doc missing number": lambda: GAME.score_input({"players": [{"name": "A", "policeman": False}, player("B")]}),
    "doc whole": lambda: GAME.score_input({"players": two(leaders=8)}),
    "doc flag": lambda: GAME.score_input({"players": two(policeman="yes")}),
    "doc gains": lambda: GAME.score_input({"players": two(wallet=900, gains=10)}),
    "doc tokens": lambda: GAME.score_input({"players": two(bourgeois=3, policeman=True)}),
    "doc policemen": lambda: GAME.score_input({"players": [player("A", policeman=True),
                                                           player("B", policeman=True)]}),
    "doc reinforcements": lambda: GAME.score_input({"players": [player("A", reinforcements=3),
                                                                player("B", reinforcements=3)]}),
    "doc house flag": lambda: GAME.score_input({"players": two(), "policeman_is_bourgeois": "oui"}),
    "doc house count": lambda: GAME.score_input({"players": two(), "count_gains": "net"}),
}


@pytest.mark.parametrize("name", list(CASES))
def test_each_refusal_is_bilingual(name):
    error = refusal(CASES[name])
    check_bilingual(error)
    if not name.startswith("doc"):  # the CLI's document is typed by whoever knows every token
        check_no_secret(error, "bourgeois")


def test_the_cases_cover_every_raise_of_the_package():
    """One case per refusal: the package's ``raise`` and checker calls are counted, so a new refusal
    without a case here fails this test."""
    from pathlib import Path

    package = Path(GAME.__module__.replace(".", "/")).parent
    root = Path(__file__).resolve().parent.parent
    count = 0
    for path in sorted((root / package).glob("*.py")):
        text = path.read_text(encoding="utf-8")
        count += len(re.findall(r"raise (IllegalEvent|InvalidOptions|InvalidScoreInput|_missing)", text))
    assert count <= len(CASES) - 2, (count, len(CASES))  # less the core's two
