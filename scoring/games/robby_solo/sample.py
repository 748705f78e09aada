"""Robby Solo: random legal actions (the game's ``enumerate``), for the property tests and the benchmarks.

>>> import random
>>> from scoring.games.robby_solo.game import GAME
>>> opts = GAME.validate_options({"players": 3})
>>> state = GAME.initial_state(GAME.setup(opts, random.Random(1)).record, ["Ada", "Bob", "Cy"])
>>> sample(state, random.Random(0))["type"]
'restock'
"""

from __future__ import annotations

import random
from typing import Any

from scoring.core import State
from scoring.games.robby_solo.rules import MONEY_VALUES, OBJECT
from scoring.games.robby_solo.state import typed

#: every way the restock form or an older event names a loot card
LOOT_ENTRIES: tuple[Any, ...] = (OBJECT, 0, *range(1, 10), *(str(v) for v in MONEY_VALUES), *MONEY_VALUES)


def sample(plain: State, rng: random.Random) -> dict[str, Any] | None:
    """A random legal action; None once the game is over."""
    state = typed(plain)
    if state["finished"]:
        return None
    banks, g, phase = state["banks"], state["gentleman"], state["phase"]
    if phase == "restock":
        if state["round"] > 25 or rng.random() < 0.04:
            return {"type": "deck", "count": rng.randint(0, min(state["deck"], len(banks) + 2))}
        return {"type": "restock", **{c: rng.choice(LOOT_ENTRIES) for c in banks}}
    people = [k for k in range(state["people"]) if phase == "declare" or k != g]
    if rng.random() < 0.25:
        k = rng.choice(people)
        return {"type": "choose", "seat": k, f"bank{k}": rng.choice(banks)}
    decl = state["declaration"]
    if phase == "declare":
        mine = state["chosen"][g]
        bank = rng.choice(banks)
        if mine is None:
            return {"type": "declare", "kind": rng.choice(("rob", "not_rob")), "bank": bank}
        return {"type": "declare", "kind": "rob" if bank == mine else "not_rob", "bank": bank}
    assert decl is not None
    action: dict[str, Any] = {"type": "reveal"}
    for k in range(state["people"]):
        if state["chosen"][k] is None:
            if k != g:
                action[f"bank{k}"] = rng.choice(banks)
            elif decl["kind"] == "not_rob":
                action[f"bank{k}"] = rng.choice([c for c in banks if c != decl["bank"]])
    return action
