"""Les apprentis: random legal actions (the game's ``enumerate``, for tests and sample matches) and
random paintings that keep the placement rule."""

from __future__ import annotations

import random
from typing import Any

from scoring.core import JSON
from scoring.games.apprentis.forms import palette
from scoring.games.apprentis.moves import cards_possible
from scoring.games.apprentis.rules import allowed_spots
from scoring.games.apprentis.state import ApprentisState
from scoring.games.apprentis.texts import PLAY_PHASES

Pos = tuple[int, int]


def sides(p: Pos) -> tuple[Pos, ...]:
    """The four cells sharing a side with ``p``."""
    r, c = p
    return ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))


def random_painting(rng: random.Random, size: int, trees: bool = True) -> list[list[str | None]]:
    """A random painting of ``size`` cards connected by sides (for tests and sample matches).

    >>> from scoring.games.apprentis.score import parse_painting
    >>> p = random_painting(random.Random(1), 6)
    >>> sum(cell is not None for row in p for cell in row), parse_painting(p) == tuple(map(tuple, p))
    (6, True)
    """
    if size <= 0:
        return []
    placed = {(0, 0)}
    while len(placed) < size:
        frontier = sorted({n for p in placed for n in sides(p)} - placed)
        placed.add(rng.choice(frontier))
    r0 = min(r for r, _ in placed)
    c0 = min(c for _, c in placed)
    height = max(r for r, _ in placed) - r0 + 1
    width = max(c for _, c in placed) - c0 + 1
    grid: list[list[str | None]] = [[None] * width for _ in range(height)]
    kinds = palette(trees)
    for r, c in sorted(placed):
        kind = rng.choice(kinds)
        grid[r - r0][c - c0] = f"maison:{rng.randint(0, 6)}" if kind == "maison" else kind
    return grid


def sample_action(state: ApprentisState, rng: random.Random) -> JSON | None:
    """A random legal action; a match ends in at most about 200 of them."""
    if state.get("finished"):
        return None
    phase, n = state["phase"], state["players"]
    if phase in PLAY_PHASES and rng.random() < 0.01:
        return {"type": "to_scoring"}
    if phase == "roll":
        if n >= 3 and not state["programming"] and rng.random() < 0.05:
            return {"type": "programming"}
        return {"type": "roll"}
    if phase == "program":
        waiting = [i for i, f in enumerate(state["programmed"]) if f is None]
        if not waiting:
            return {"type": "reveal"}
        return {"type": "program", "seat": rng.choice(waiting), "face": str(rng.randint(1, 6))}
    if phase == "draft":
        return {"type": "pick", "seat": state["draft"][state["draft_next"]], "die": rng.choice(state["pool"])}
    if phase == "take":
        return _sample_take(state, rng)
    if phase == "refill":
        if state["lightning"] is None and rng.random() < 0.25:
            return {"type": "lightning", "spot": rng.choice(state["empty"])}
        return {"type": "refill"}
    return _sample_final(state, rng)


def _sample_final(state: ApprentisState, rng: random.Random) -> JSON:
    missing = [i for i, p in enumerate(state["paintings"]) if p is None]
    if not missing:
        return {"type": "finish"}
    size = rng.randint(1, cards_possible(state))
    action: dict[str, Any] = {"type": "painting", "seat": rng.choice(missing),
                              "painting": random_painting(rng, size, bool(state["trees"]))}
    if rng.random() < 0.3:
        action["stains"] = rng.randint(0, 3)
    return action


def _sample_take(state: ApprentisState, rng: random.Random) -> JSON:
    seat = state["take_order"][len(state["takes"])]
    die = rng.choice(state["hands"][seat])
    stains = [s for s in (0, 0, 0, 1, -1) if 1 <= die + s <= 6]
    spoiled = rng.choice(stains)
    spot = rng.choice(allowed_spots(state, die + spoiled))
    return {"type": "take", "seat": seat, "die": die, "stain": {0: "0", 1: "+1", -1: "-1"}[spoiled], "spot": spot}
