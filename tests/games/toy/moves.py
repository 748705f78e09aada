"""The toy game's moves: one handler per event type, and the ``MOVES`` table the core's ``apply`` reads.

Each handler gets a copy of the state (made by :meth:`scoring.core.Game.apply`, which has already
checked the phase) and the event; it checks the event and changes the copy, or returns the next state.
Nothing here draws a random number: the token drawn and the die rolled are in the events.

>>> state = {"names": ["A", "B"], "options": {"finish": 6}, "phase": "race", "first": 0, "turn": 0,
...          "track": [4, 0], "bags": {"bonus": bags.new_bag([])}, "finished": False}
>>> _move(state, {"type": "move", "steps": 3})
>>> state["track"], state["phase"], state["finished"]
([6, 0], 'over', True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.core import IllegalEvent, Move, State, Tr, bags, quote, whole

from .rules import BAG, DIE, advance
from .state import plain, typed


def _draw(state: State, event: Mapping[str, Any]) -> State:
    """A seat draws its bonus token (recorded in the event); the last draw starts the race."""
    s = typed(state)
    if event.get("bag") != BAG or event.get("seat") != s["turn"]:
        name, got = s["names"][s["turn"]], quote(event.get("seat"))
        raise IllegalEvent(Tr(f"seat : c'est à {name} (place {s['turn']}) de tirer son bonus, reçu {got}",
                              f"seat: {name} (seat {s['turn']}) draws a bonus now, got {got}",
                              it=f"seat: tocca a {name} (posto {s['turn']}) pescare il bonus, ricevuto {got}"))
    out = typed(bags.apply_draw(plain(s), event))
    n = len(out["names"])
    drawn = len(out["bags"][BAG]["draws"])
    out["turn"] = (out["first"] + drawn) % n
    if drawn == n:  # everyone has drawn: the first player moves first
        out["phase"] = "race"
    return plain(out)


def _forward(state: State, steps: int) -> None:
    s = typed(state)
    seat = s["turn"]
    s["track"][seat] = advance(s["track"][seat], steps, int(s["options"]["finish"]))
    if s["track"][seat] >= int(s["options"]["finish"]):
        s["phase"], s["finished"] = "over", True
        for draw in s["bags"][BAG]["draws"]:  # the bonuses are revealed at the finish
            draw["revealed"] = True
    else:
        s["turn"] = (seat + 1) % len(s["names"])


def _roll(state: State, event: Mapping[str, Any]) -> None:
    """The app rolled the die for the seat whose turn it is (the face is in the event)."""
    _forward(state, whole(event.get("die"), "die", DIE[0], DIE[-1]))


def _move(state: State, event: Mapping[str, Any]) -> None:
    """The table rolled its own die and enters the steps."""
    _forward(state, whole(event.get("steps"), "steps", DIE[0], DIE[-1]))


MOVES: dict[str, Move] = {
    # a token drawn, or a die rolled, would be drawn or rolled again: neither is taken back
    "draw": Move(_draw, phases=("draw",), undoable=False),
    "roll": Move(_roll, phases=("race",), undoable=False),
    "move": Move(_move, phases=("race",)),
}
