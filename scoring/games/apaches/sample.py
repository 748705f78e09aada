"""Les Apaches de Paris: a random legal action, as a form would send it (for tests and benchmarks).

>>> import random
>>> from scoring.games.apaches.state import initial
>>> state = initial({"players": 2, "configuration": [1, 2, 3, 6, 8, 9], "first_player": 0}, ["A", "B"])
>>> sample(state, random.Random(1))["type"] in ("start_round", "adjust")
True
"""

from __future__ import annotations

import random
from typing import Any

from scoring.games.apaches.moves import PENALTIES
from scoring.games.apaches.rules import BAIL, BOURGEOIS_DISTRICT, FENCE_DISTRICT, MONEY_RANGE, VALUABLES_RANGE
from scoring.games.apaches.state import (
    ApachesState,
    can_skip_turns,
    current_seat,
    draws,
    free_leaders,
    in_front_max,
    stash_districts,
)


def _settlement(state: ApachesState, rng: random.Random) -> dict[str, Any]:
    n = state["players"]

    def someone() -> str:
        return "none" if rng.random() < 0.15 else str(rng.randrange(n))

    left = [d for d in stash_districts(state) if str(d) not in state["settled"]]
    if left:
        winner = someone()
        stash = rng.choice(["money", "valuables", "valuables", "steal", "reinforcements", "wounded", "killed",
                            "prison"])
        if stash in PENALTIES and winner != "none" and free_leaders(state["gangs"][int(winner)]) < 1:
            stash = "money"
        low, high = MONEY_RANGE if stash == "money" else VALUABLES_RANGE
        amount = rng.randrange(low, high + 1, 100)
        return {"type": "settle", "district": str(left[0]), "winner": winner, "stash": stash,
                "amount": amount if stash in ("money", "valuables") else None}
    if str(BOURGEOIS_DISTRICT) not in state["settled"]:
        return {"type": "bourgeois", "winner": someone()}
    if str(FENCE_DISTRICT) not in state["settled"]:
        return {"type": "fence", "winner": someone()}
    return {"type": "end_round", "novices_used": [rng.randint(0, min(1, g["novices"])) for g in state["gangs"]]}


def sample(state: ApachesState, rng: random.Random) -> dict[str, Any] | None:
    """A random legal action, as a form would send it (choices as text)."""
    if state["finished"]:
        return None
    n = state["players"]
    drawn = draws(state)
    unseen = [i for i, d in enumerate(drawn) if not d["seen"]]
    if unseen and rng.random() < 0.5:  # as the holder's button sends it, or by draw number
        return ({"type": "seen", "seat": drawn[unseen[0]]["seat"]} if rng.random() < 0.5 else
                {"type": "seen", "draw": str(unseen[0])})
    if rng.random() < 0.03:
        who = rng.randrange(n)
        wallet = state["gangs"][who]["wallet"]
        amount = -50 if wallet >= 50 and rng.random() < 0.5 else 50
        return {"type": "adjust", "seat": who, "amount": amount, "reason": "test"}
    phase = state["phase"]
    if phase == "round_start":
        return {"type": "start_round"}
    if phase == "turns":
        if can_skip_turns(state) and rng.random() < 0.1:
            return {"type": "skip_turns"}
        gang = state["gangs"][current_seat(state) or 0]
        bail = 1 if gang["prison"] and gang["wallet"] >= BAIL and rng.random() < 0.5 else 0
        return {"type": "end_turn", "bail": bail}
    if phase == "last_order":
        return {"type": "last_turn", "apaches": [rng.randint(0, in_front_max(g)) for g in state["gangs"]]}
    if phase == "settlement":
        return _settlement(state, rng)
    if phase == "reveal":
        return {"type": "reveal"}
    return None
