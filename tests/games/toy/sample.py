"""Random legal actions of the toy game, for the tests (the shared contract suite plays random matches with them)."""

from __future__ import annotations

import random

from scoring.core import JSON, State

from .rules import DIE
from .state import typed


def sample_action(state: State, rng: random.Random) -> JSON | None:
    """One action the table could send now, or None once the race is over."""
    s = typed(state)
    if s["finished"]:
        return None
    if s["phase"] == "draw":
        return {"type": "draw"}
    if rng.random() < 0.5:
        return {"type": "roll"}
    return {"type": "move", "steps": rng.choice(DIE)}
