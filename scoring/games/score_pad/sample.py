"""Random legal actions on a score pad (the property tests' players)."""

from __future__ import annotations

import random
from typing import Any

from scoring.games.score_pad.forms import tied_at_top
from scoring.games.score_pad.state import PadState


def sample_action(state: PadState, rng: random.Random) -> dict[str, Any] | None:
    if state["finished"]:
        return None
    n = len(state["names"])
    if state["kind"] == "teams" and state["teams"] is None:
        teams = [1 + i % 2 for i in range(n)] if n > 1 else [1]
        return {"type": "teams", "teams": teams} if n > 1 else None
    if state["kind"] == "coop" and state["won"] is None and rng.random() < 0.3:
        return {"type": "result", "won": rng.random() < 0.5}
    rounds = state["rounds"]
    open_row = rounds[-1] if rounds and any(c is None for c in rounds[-1]) else None
    if open_row is not None:
        seat = next(s for s, c in enumerate(open_row) if c is None)
        return {"type": "score", "seat": seat, "round": len(rounds) - 1, "points": rng.randint(-5, 30)}
    tied = tied_at_top(state)
    if len(tied) > 1 and not state["tiebreak"] and rng.random() < 0.5:
        return {"type": "tiebreak", "order": rng.sample(tied, len(tied))}
    done = bool(rounds) and (state["entry"] == "totals" or rng.random() < 0.25)
    if done and (state["kind"] != "coop" or state["won"] is not None):
        return {"type": "finish", "minutes": rng.randint(5, 240)}
    if state["entry"] == "totals" and rounds:
        return {"type": "result", "won": True} if state["kind"] == "coop" else {"type": "finish"}
    if rng.random() < 0.5:
        return {"type": "round", "points": [rng.randint(-5, 30) for _ in range(n)]}
    return {"type": "score", "seat": rng.randrange(n), "round": len(rounds), "points": rng.randint(0, 30)}
