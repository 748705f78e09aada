"""Le Gang des Traction-Avant: every refusal of the engine, in both languages, with no secret in it.

A catalogue of bad events and documents reaches every ``raise`` of the game's folder (checked by tracing
the lines run, against the ``raise`` statements found in the source); each refusal has a French and an
English text, the French free of the English message's words, and none quotes another gang's secret
order (issue 16, item 3: « Les joueurs inscrivent ensuite secrètement leurs intentions »).
"""

from __future__ import annotations

import ast
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from scoring.core import HIDDEN, IllegalEvent, InvalidOptions, InvalidScoreInput, RulesError, event_rng, quote
from scoring.games.traction_avant.game import GAME
from tests.test_traction_avant import act as act_on
from tests.test_traction_avant import new_state, to_phase

PACKAGE = Path(GAME.__module__.replace(".", "/")).parent
ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Ange", "Bébert", "Carlo", "Dédé"]
SECRET_NOTES = ["planque-ange-rue-lepic", "rafale-bebert-pigalle", "repli-carlo-barbes"]


def new(begin: bool = True, **options: Any) -> dict[str, Any]:
    return new_state(4, seed=1, begin=begin, **options)


def act(state: dict[str, Any], **event: Any) -> dict[str, Any]:
    return act_on(state, seed=3, **event)


def states() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    out["setup"] = new(begin=False)
    out["chosen"] = new(begin=False, personnalisation=True, powers="chosen")
    out["boss"] = act(out["setup"], type="choose_boss", seat=0, boss="Pierrot")
    out["power"] = act(out["chosen"], type="choose_power", seat=0, power="moko")
    out["first"] = new()
    mag = to_phase(new(), "magouilles")
    out["magouilles"] = GAME.apply(mag, {"type": "timer", "key": "magouilles", "op": "start", "at": 1_000})
    out["moves"] = to_phase(new(), "moves")
    out["moves_running"] = GAME.apply(out["moves"], {"type": "timer", "key": f"moves:{out['moves']['mover']}",
                                                      "op": "start", "at": 0})
    heists = to_phase(new(roulette=True), "heists")
    out["heists"] = heists
    fight = act(heists, type="heists", bank1=[2, 3, 1, 0], bank2=[0, 0, 0, 0])
    fight = act(fight, type="order", seat=0, colts=1, targets=[1], note=SECRET_NOTES[0])
    fight = act(fight, type="order", seat=1, cars=1, men=2, note=SECRET_NOTES[1])
    out["secret"] = fight
    out["revealed"] = act(fight, type="order", seat=2, note=SECRET_NOTES[2])
    out["big"] = act(heists, type="heists", bank1=[6, 3, 0, 0], bank2=[0] * 4)
    out["queued"] = act(heists, type="heists", bank1=[2, 3, 0, 0], bank2=[0, 0, 2, 2])
    out["bases"] = act(heists, type="heists", bank1=[0] * 4, bank2=[0] * 4)
    van = act(to_phase(new(postal_van=True), "heists"), type="heists", bank1=[0] * 4, bank2=[0] * 4)
    out["van"] = van
    out["van_moving"] = act(van, type="van_move")
    out["cards"] = to_phase(new(), "cards")
    allied = act(new(), type="alliance", parties=[0, 1], terms="trêve")
    out["proposed"] = allied
    signed = act(act(allied, type="alliance_confirm", alliance=0, seat=0), type="alliance_confirm", alliance=0,
                 seat=1)
    out["signed"] = signed
    broken = act(signed, type="alliance_betray", alliance=0, traitor=0, victim=1)
    out["broken"] = broken
    out["reprised"] = act(broken, type="reprisal", alliance=0, done=True)
    return out


STATES = states()
M = STATES["moves"]["mover"]
OTHER = (M + 1) % 4

#: (state, event) pairs, each refused.  Between them they reach every ``raise`` of the engine.
EVENTS: list[tuple[str, dict[str, Any]]] = [
    ("first", {"type": "fly"}),
    ("first", {"type": 3}),
    ("setup", {"type": "choose_boss", "seat": 0, "boss": "Henri Fefeu"}),
    ("setup", {"type": "choose_boss", "seat": 9, "boss": "x"}),
    ("boss", {"type": "choose_boss", "seat": 1, "boss": "pierrot"}),
    ("power", {"type": "choose_power", "seat": 1, "power": "moko"}),
    ("setup", {"type": "choose_boss", "seat": 0, "boss": " "}),
    ("setup", {"type": "choose_boss", "seat": 0, "boss": "x" * 61}),
    ("setup", {"type": "choose_power", "seat": 0, "power": "moko"}),
    ("chosen", {"type": "choose_power", "seat": 0, "power": "king"}),
    ("chosen", {"type": "begin"}),
    ("first", {"type": "begin"}),
    ("magouilles", {"type": "next_phase"}),
    ("magouilles", {"type": "next_phase", "at": -5}),
    ("magouilles", {"type": "cafe", "seats": "all"}),
    ("magouilles", {"type": "cafe", "seats": [1, 1]}),
    ("moves", {"type": "next_phase"}),
    ("moves", {"type": "done", "seat": OTHER}),
    ("moves_running", {"type": "done", "seat": M}),
    ("moves", {"type": "recruit", "seat": M, "count": 4, "pay": "points"}),
    ("moves", {"type": "recruit", "seat": M, "count": 1, "pay": "cash"}),
    ("moves", {"type": "recruit", "seat": M, "count": 21}),
    ("moves", {"type": "recruit", "seat": M, "count": 1, "pay": "money"}),
    ("moves", {"type": "traction", "seat": M, "cards": 0}),
    ("moves", {"type": "cohabit", "seat": M, "owner": M}),
    ("moves_running", {"type": "buy_time", "seat": M}),
    ("heists", {"type": "heists", "bank1": [1, 2], "bank2": [0] * 4}),
    ("heists", {"type": "heists", "bank1": [0, 21, 0, 0], "bank2": [0] * 4}),
    ("bases", {"type": "heists", "bank1": [3, 0, 0, 0], "bank2": [0] * 4}),
    ("secret", {"type": "heists", "bank1": [3, 0, 0, 0], "bank2": [0] * 4}),
    ("queued", {"type": "base_attack", "defender": 0, "engaged": [0, 3, 0, 0]}),
    ("secret", {"type": "next_phase"}),
    ("bases", {"type": "order", "seat": 0}),
    ("secret", {"type": "order", "seat": 3}),
    ("secret", {"type": "order", "seat": 2, "colts": 1, "stens": 1}),
    ("secret", {"type": "order", "seat": 2, "cars": 1, "colts": 1}),
    ("secret", {"type": "order", "seat": 1, "cars": 1, "men": 3, "colts": 1, "targets": [0]}),
    ("big", {"type": "order", "seat": 0, "cars": 1, "men": 5}),
    ("secret", {"type": "order", "seat": 1, "cars": 2, "men": 1}),
    ("secret", {"type": "order", "seat": 1, "stens": 2, "bullets": 1, "targets": [0]}),
    ("secret", {"type": "order", "seat": 1, "colts": 1, "targets": [1]}),
    ("secret", {"type": "order", "seat": 1, "colts": 1}),
    ("secret", {"type": "order", "seat": 1, "targets": [0]}),
    ("secret", {"type": "order", "seat": 1, "note": "x" * 301}),
    ("revealed", {"type": "order", "seat": 1}),
    ("secret", {"type": "combat_round"}),
    ("bases", {"type": "combat_round"}),
    ("secret", {"type": "split", "shares": [2_000_000, 3_000_000, 1_000_000, 0]}),
    ("bases", {"type": "split", "shares": [0] * 4}),
    ("revealed", {"type": "split", "shares": [0, 0, 0, 1_000_000]}),
    ("revealed", {"type": "split", "shares": [7_000_000, 0, 0, 0]}),
    ("revealed", {"type": "split", "shares": [3_000_000, 3_000_000, 1_000_000, 0]}),
    ("bases", {"type": "van_move"}),
    ("van_moving", {"type": "van_move"}),
    ("van", {"type": "van_attack", "seat": 1}),
    ("van", {"type": "van_pass"}),
    ("van", {"type": "base_attack", "defender": 0, "engaged": [0, 3, 0, 0]}),
    ("van", {"type": "next_phase"}),
    ("van_moving", {"type": "van_attack", "seat": STATES["van_moving"]["first"]}),
    ("van_moving", {"type": "van_attack", "seat": (STATES["van_moving"]["first"] + 1) % 4, "dice": [7, 1]}),
    ("bases", {"type": "base_attack", "defender": 0, "engaged": [1, 3, 0, 0]}),
    ("bases", {"type": "base_attack", "defender": 0, "engaged": [0, 1, 1, 0]}),
    ("bases", {"type": "base_attack", "defender": 0, "engaged": [0, 3, 0, 0], "success": "yes"}),
    ("cards", {"type": "cards", "hotels": [11, 11, 1, 0]}),
    ("cards", {"type": "cards", "hotels": [0] * 4, "cafe1": [0, 0, 0, 21]}),
    ("first", {"type": "transfer", "from": 0, "to": 0, "amount": 1}),
    ("first", {"type": "transfer", "from": 0, "to": 1, "amount": 0}),
    ("first", {"type": "transfer", "from": 0, "to": 1, "amount": 500_001}),
    ("first", {"type": "roll", "dice": [0, 3]}),
    ("first", {"type": "roulette", "proposer": 0, "opponent": 1}),
    ("heists", {"type": "roulette", "proposer": 1, "opponent": 1}),
    ("heists", {"type": "roulette", "proposer": 0, "opponent": 1, "rolls": []}),
    ("heists", {"type": "roulette", "proposer": 0, "opponent": 1, "rolls": [[1, 1]]}),
    ("heists", {"type": "roulette", "proposer": 0, "opponent": 1, "rolls": [[0, 1], [1, 1]]}),
    ("heists", {"type": "roulette", "proposer": 0, "opponent": 1, "rolls": [[0, 4], [1, 2]]}),
    ("first", {"type": "alliance", "parties": [1], "terms": "x"}),
    ("first", {"type": "alliance_confirm", "alliance": 0, "seat": 0}),
    ("proposed", {"type": "alliance_confirm", "alliance": 0, "seat": 2}),
    ("proposed", {"type": "alliance_confirm", "alliance": 5, "seat": 0}),
    ("proposed", {"type": "alliance_betray", "alliance": 0, "traitor": 0, "victim": 1}),
    ("signed", {"type": "alliance_betray", "alliance": 0, "traitor": 0, "victim": 2}),
    ("reprised", {"type": "reprisal", "alliance": 0, "done": True}),
    ("broken", {"type": "alliance_end", "alliance": 0}),
]

#: Set-up records, options and score documents, each refused.
OTHERS: list[Any] = [
    lambda: GAME.validate_options({"players": 4, "powers": "chosen"}),
    lambda: GAME.initial_state(GAME.setup(GAME.validate_options({"players": 4}), random.Random(1)).record, ["a"]),
    lambda: GAME.initial_state({"options": {"players": 4}, "first_player": 7}, NAMES),
    lambda: GAME.score_input([]),
    lambda: GAME.score_input({"players": [], "turn": 1}),
    lambda: GAME.score_input({"players": "x"}),
    lambda: GAME.score_input({"players": [1, 2, 3]}),
    lambda: GAME.score_input({"players": [1, 2, 3, 4]}),
    lambda: GAME.score_input({"players": [{"name": "A", "wallet": 1}] * 4}),
    lambda: GAME.score_input({"players": [{"name": "", "thunes": 1}] * 4}),
    lambda: GAME.score_input({"players": [{"name": "A", "thunes": 1}] * 4}),
    lambda: GAME.score_input({"players": [{"name": f"G{i}", "thunes": -1} for i in range(4)]}),
]

# French and English messages share field names, quoted values and names; these English words must not
# appear in a French text.
ENGLISH = {"must", "got", "the", "is", "are", "not", "and", "only", "cannot", "needs", "with", "would", "become",
           "most", "least", "whole", "number", "already", "before", "after", "this", "more", "than", "has",
           "have", "of", "to", "for", "his", "own", "each", "every", "from", "left", "no", "seat", "seats",
           "given", "fired", "fleeing", "flee", "men", "bank", "heist", "loot", "over", "give", "text"}


def check_text(err: RulesError) -> tuple[str, str]:
    fr, en = err.get("fr"), err.get("en")
    assert fr and en and fr != en, (fr, en)
    bare = re.sub(r"“[^”]*”|'[^']*'|\"[^\"]*\"|\[[^\]]*\]", " ", fr.split(" : ", 1)[-1])
    words = set(re.findall(r"[a-zà-ÿ]+", bare.lower()))
    assert not words & ENGLISH, f"English words in the French text {fr!r}: {sorted(words & ENGLISH)}"
    return fr, en


def hidden_orders(state: dict[str, Any], seat: int | None) -> list[str]:
    """Another seat's unrevealed orders, as a refusal could quote them."""
    out = []
    for secret in GAME.secrets(state):
        if secret.owner != seat:
            order = state["heist"]["orders"][secret.owner]
            out += [repr(order), quote(order), repr(order)[:30], order["note"]]
    return [s for s in out if s]


def send(state: dict[str, Any], event: dict[str, Any]) -> None:
    """As the app sends it (dice rolled by the engine), or as recorded (dice given: a replayed event)."""
    if "dice" in event or "rolls" in event:
        GAME.apply(state, event)
    else:
        GAME.prepare(state, event, random.Random(0))


def refusal(state: dict[str, Any], event: dict[str, Any]) -> RulesError:
    with pytest.raises(RulesError) as err:
        send(state, event)
    return err.value


@pytest.mark.parametrize("name,event", EVENTS, ids=[f"{n}-{e['type']}" for n, e in EVENTS])
def test_each_refusal_is_bilingual_and_keeps_the_orders_secret(name: str, event: dict[str, Any]):
    state = STATES[name]
    err = refusal(state, event)
    assert isinstance(err, IllegalEvent)
    fr, en = check_text(err)
    sender = event.get("seat") if isinstance(event.get("seat"), int) else None
    for secret in hidden_orders(state, sender):
        assert secret not in fr and secret not in en, f"{name}: {en!r} quotes a secret order"


@pytest.mark.parametrize("make", OTHERS)
def test_set_up_and_score_refusals_are_bilingual(make: Any):
    with pytest.raises((IllegalEvent, InvalidOptions, InvalidScoreInput)) as err:
        make()
    check_text(err.value)


def test_the_catalogue_reaches_every_raise_of_the_engine():
    """Every ``raise`` in the game's folder is met by one of the refusals above."""
    files = {str(p.resolve()): p for p in (ROOT / PACKAGE).glob("*.py") if p.name != "__init__.py"}
    raises = {(path, node.lineno) for path, p in files.items()
              for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))) if isinstance(node, ast.Raise)}
    seen: set[tuple[str, int]] = set()

    def trace(frame: Any, why: str, arg: Any) -> Any:
        if frame.f_code.co_filename in files:
            seen.add((frame.f_code.co_filename, frame.f_lineno))
            return trace
        return None

    sys.settrace(trace)
    try:
        for name, event in EVENTS:
            try:
                send(STATES[name], event)
            except RulesError:
                pass
        for make in OTHERS:
            try:
                make()
            except RulesError:
                pass
    finally:
        sys.settrace(None)
    missing = sorted((Path(p).name, line) for p, line in raises - seen)
    assert not missing, f"raises no refusal reaches: {missing}"


@pytest.mark.parametrize("seed", range(12))
def test_random_stale_forms_never_quote_a_secret_order(seed: int):
    """Random matches; at each secret moment every seat and the table send what their (possibly stale)
    forms hold: refusals are bilingual and quote no other seat's unrevealed order."""
    rng = random.Random(seed)
    state = GAME.initial_state(GAME.setup(GAME.validate_options({"players": 4 + seed % 3}),
                                          random.Random(seed)).record, [f"P{i}" for i in range(4 + seed % 3)])
    stale: list[dict[str, Any]] = []
    for i in range(300):
        action = GAME.sample_action(state, rng)
        if action is None:
            break
        if action["type"] == "order":
            action = {**action, "note": f"secret-{seed}-{i}"}
        try:
            event = GAME.prepare(state, action, event_rng(seed, i))
        except RulesError:
            continue
        stale.append(event)
        state = GAME.apply(state, event)
        if GAME.secrets(state):
            for old in stale[-12:]:
                for change in ({}, {"shares": [10**6] * len(state["names"])}, {"seat": 0}, {"colts": 9}):
                    try:
                        GAME.apply(state, {**old, **change})
                    except RulesError as err:
                        fr, en = check_text(err)
                        sender = old.get("seat") if isinstance(old.get("seat"), int) else None
                        for secret in hidden_orders(state, sender):
                            assert secret not in fr and secret not in en
    assert HIDDEN == "?"
