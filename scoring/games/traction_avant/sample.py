"""Le Gang des Traction-Avant: random legal play, for the property tests (``Game.sample_action``).

The draws favour the richest gang in the heists so that a random match reaches the victory within a few
turns (well under 500 actions).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from scoring.core import JSON, IllegalEvent
from scoring.games.traction_avant.forms import actions
from scoring.games.traction_avant.rules import BRIQUE, CAFES, POWER_KEYS, RECRUIT_POINTS, STEN_BULLETS
from scoring.games.traction_avant.state import TractionState as State
from scoring.games.traction_avant.state import points_left

if TYPE_CHECKING:
    from scoring.games.traction_avant.game import TractionAvant

__all__ = ["primary_default", "sample", "sample_action"]


def sample_action(game: TractionAvant, state: State, rng: random.Random) -> JSON | None:
    """A random legal action (``Game.sample_action``), or ``None`` when the match is over."""
    if state["finished"]:
        return None
    for _ in range(20):
        action = sample(state, rng)
        try:
            game.prepare(dict(state), action, random.Random(rng.random()))
        except IllegalEvent:
            continue
        return action
    return primary_default(state)


def primary_default(state: State) -> JSON | None:
    """The first primary action of the table with its default values."""
    for action in actions(state, None):
        if action.primary and not action.private:
            return {"type": action.type, **{f.key: f.default for f in action.fields}}
    for action in actions(state, None):
        if action.primary:
            return {"type": action.type, **{f.key: f.default for f in action.fields}}
    return None


def _subset(rng: random.Random, seats: list[int]) -> list[int]:
    return sorted(s for s in seats if rng.random() < 0.5)


def _side(state: State, rng: random.Random) -> JSON:
    n, t = len(state["names"]), state["thunes"]
    kind = rng.choice(["transfer", "roll", "roulette", "alliance", "confirm", "betray", "reprisal", "end"])
    if kind == "transfer":
        giver = rng.randrange(n)
        amount = rng.randint(1, max(1, min(t[giver], 2 * BRIQUE) // 100_000)) * 100_000
        return {"type": "transfer", "from": giver, "to": (giver + rng.randrange(1, n)) % n, "amount": amount,
                "note": "deal"}
    if kind == "roulette":
        p = rng.randrange(n)
        return {"type": "roulette", "proposer": p, "opponent": (p + rng.randrange(1, n)) % n}
    if kind == "alliance":
        return {"type": "alliance", "parties": sorted(rng.sample(range(n), rng.randint(2, 3))),
                "terms": "pas de coups entre nous"}
    return _alliance_step(state, kind, rng) or {"type": "roll", "note": ""}


def _alliance_step(state: State, kind: str, rng: random.Random) -> JSON | None:
    """Sign, betray, take a reprisal on or end the first alliance where ``kind`` is possible."""
    for a in state["alliances"]:
        rest = [s for s in a["parties"] if s not in a["signed"]]
        if kind == "confirm" and a["status"] == "proposed" and rest:
            return {"type": "alliance_confirm", "alliance": a["id"], "seat": rng.choice(rest)}
        if kind == "betray" and a["status"] == "signed":
            traitor, victim = rng.sample(a["parties"], 2)
            return {"type": "alliance_betray", "alliance": a["id"], "traitor": traitor, "victim": victim}
        if kind == "reprisal" and a["status"] == "broken" and a["reprisal"] == "due":
            return {"type": "reprisal", "alliance": a["id"], "done": rng.random() < 0.7}
        if kind == "end" and a["status"] in ("proposed", "signed"):
            return {"type": "alliance_end", "alliance": a["id"]}
    return None


def _sample_order(state: State, rng: random.Random) -> JSON:
    heist = state["heist"]
    assert heist is not None
    waiting = [s for s in heist["present"] if heist["orders"][s] is None] or heist["present"]
    k = rng.choice(waiting)
    pawns = heist["pawns"][k]
    colts = rng.randint(0, pawns)
    stens = rng.randint(0, pawns - colts)
    bullets = rng.randint(stens, STEN_BULLETS * stens) if stens else 0
    others = [s for s in heist["present"] if s != k]
    targets = (_subset(rng, others) or [rng.choice(others)]) if colts or bullets else []
    free = pawns - colts - stens
    cars = rng.randint(0, min(free, 2))
    return {"type": "order", "seat": k, "cars": cars, "men": rng.randint(cars, min(free, 4 * cars)) if cars else 0,
            "colts": colts, "stens": stens, "bullets": bullets, "targets": targets, "note": ""}


def _sample_heists(state: State, rng: random.Random) -> JSON:
    n, t = len(state["names"]), state["thunes"]
    top = max(t)
    rich = rng.choice([s for s in range(n) if t[s] == top])
    bank1 = [0] * n
    bank1[rich] = rng.randint(3, 8)
    others = [s for s in range(n) if s != rich]
    while rng.random() < 0.6:  # contested: secret orders and a split
        bank1[rng.choice(others)] += rng.randint(1, 3)
    bank2 = [0] * n
    if rng.random() < 0.3:
        for s in rng.sample(range(n), 2):
            bank2[s] = rng.randint(0, 3)
    return {"type": "heists", "bank1": bank1, "bank2": bank2}


def _sample_split(state: State, rng: random.Random) -> JSON:
    heist = state["heist"]
    assert heist is not None
    shares = list(heist["first_share"])
    if rng.random() < 0.3:
        shares = [0] * len(shares)
        for _ in range(heist["loot"] // BRIQUE):
            shares[rng.choice(heist["present"])] += BRIQUE
    return {"type": "split", "shares": shares}


def _setup_step(state: State, rng: random.Random) -> JSON:
    n, opts = len(state["names"]), state["options"]
    missing = [s for s in range(n) if state["powers"][s] is None]
    if opts["personnalisation"] and opts["powers"] == "chosen" and missing:
        free = [p for p in POWER_KEYS if p not in state["powers"]]
        return {"type": "choose_power", "seat": missing[0], "power": rng.choice(free)}
    if rng.random() < 0.3:
        k = rng.randrange(n)
        return {"type": "choose_boss", "seat": k, "boss": f"Chef {k + 1}"}
    return {"type": "begin"}


def _move_step(state: State, m: int, rng: random.Random) -> JSON:
    n, move = len(state["names"]), state["move"]
    assert move is not None
    r = rng.random()
    if r < 0.15:
        pay = "points" if points_left(move) >= RECRUIT_POINTS or state["thunes"][m] < BRIQUE else "money"
        return {"type": "recruit", "seat": m, "count": 1, "pay": pay}
    if r < 0.25:
        return {"type": "traction", "seat": m, "cards": rng.randint(1, 3)}
    if r < 0.35:
        return {"type": "buy_time", "seat": m}
    if r < 0.42:
        return {"type": "cohabit", "seat": m, "owner": (m + rng.randrange(1, n)) % n}
    return {"type": "done", "seat": m}


def _heist_step(state: State, rng: random.Random) -> JSON | None:
    n, heist, van = len(state["names"]), state["heist"], state["van"]
    if heist is not None:
        if not heist["revealed"]:
            return _sample_order(state, rng)
        if heist["round"] < 3 and rng.random() < 0.25:
            return {"type": "combat_round"}
        return _sample_split(state, rng)
    if state["step"] == "heists" and rng.random() < 0.9:
        return _sample_heists(state, rng)
    if van["pending"]:
        if rng.random() < 0.6:
            return {"type": "van_attack", "seat": (state["first"] + rng.randrange(1, n)) % n}
        return {"type": "van_pass"}
    if state["options"]["postal_van"] and van["turn"] != state["turn"]:
        return {"type": "van_move"}
    if rng.random() < 0.25:
        defender = rng.randrange(n)
        engaged = [0] * n
        engaged[(defender + 1) % n] = rng.randint(3, 5)
        return {"type": "base_attack", "defender": defender, "engaged": engaged, "success": rng.random() < 0.6}
    return None


def sample(state: State, rng: random.Random) -> JSON:
    """A random action, legal most of the time (the caller checks it)."""
    n = len(state["names"])
    if state["stage"] == "setup":
        return _setup_step(state, rng)
    if rng.random() < 0.1:
        return _side(state, rng)
    phase = state["phase"]
    if phase == "magouilles" and rng.random() < 0.3:
        return {"type": "cafe", "seats": _subset(rng, list(range(n)))}
    if phase == "cards" and rng.random() < 0.3:
        return {"type": "cards", "hotels": [rng.randint(0, 2) for _ in range(n)],
                **{f"cafe{c + 1}": [rng.randint(0, 6) for _ in range(n)] for c in range(CAFES)}}
    if phase == "moves" and state["mover"] is not None:
        return _move_step(state, state["mover"], rng)
    if phase == "heists":
        return _heist_step(state, rng) or {"type": "next_phase"}
    return {"type": "next_phase"}
