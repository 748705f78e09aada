"""Hidden-draw bags: a named multiset drawn without replacement.

A bag lives in the state as ``state["bags"][name]``::

    {"remaining": ["bourgeois", "policeman", ...], "left": 3,
     "draws": [{"seat": 2, "token": "bourgeois", "seen": False, "revealed": False}]}

Each draw belongs to a seat and stays secret until revealed; the undrawn contents
are nobody's to see (only their number, ``left``, is public).  The drawn token is
chosen when the *event* is prepared and recorded in it, so replays never re-roll.

>>> import random
>>> state = {"bags": {"b": new_bag(["x", "y"])}}
>>> event = draw_event(state, "b", 1, random.Random(4))
>>> event["token"] in ("x", "y"), apply_draw(state, event)["bags"]["b"]["left"]
(True, 1)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from scoring.core.contract import JSON, Secret, State, clone
from scoring.core.errors import IllegalEvent
from scoring.core.fields import quote


def new_bag(contents: Iterable[str]) -> JSON:
    items = list(contents)
    return {"remaining": items, "left": len(items), "draws": []}


def draw_event(state: State, bag: str, seat: int, rng: random.Random) -> JSON:
    """Prepare a draw: pick the token now and record it in the event."""
    remaining = state["bags"][bag]["remaining"]
    if not remaining:
        raise IllegalEvent(f"bag {quote(bag)} is empty: no draw is possible")
    return {"type": "draw", "bag": bag, "seat": seat, "token": rng.choice(remaining)}


def apply_draw(state: State, event: Mapping[str, Any]) -> State:
    bag_name = event.get("bag")
    if bag_name not in state.get("bags", {}):
        raise IllegalEvent(f"unknown bag {quote(bag_name)}")
    token = event.get("token")
    out = clone(state)
    bag = out["bags"][bag_name]
    if token not in bag["remaining"]:
        raise IllegalEvent(f"token {quote(token)} is not in bag {quote(bag_name)}")
    bag["remaining"].remove(token)
    bag["left"] = len(bag["remaining"])
    bag["draws"].append({"seat": event["seat"], "token": token, "seen": False, "revealed": False})
    return out


def mark_seen(state: State, bag: str, index: int) -> State:
    out = clone(state)
    draws = out["bags"][bag]["draws"]
    if not 0 <= index < len(draws):
        raise IllegalEvent(f"bag {quote(bag)} has no draw number {quote(index)}")
    draws[index]["seen"] = True
    return out


def reveal_all(state: State, bag: str) -> State:
    out = clone(state)
    for draw in out["bags"][bag]["draws"]:
        draw["revealed"] = True
    return out


def bag_secrets(state: State) -> list[Secret]:
    out: list[Secret] = []
    for name, bag in state.get("bags", {}).items():
        out.append(Secret(None, ("bags", name, "remaining")))
        for i, draw in enumerate(bag["draws"]):
            if not draw["revealed"]:
                out.append(Secret(draw["seat"], ("bags", name, "draws", i, "token")))
    return out


def contents(bag: Mapping[str, Any]) -> Counter[str]:
    """Everything the bag started with: remaining plus drawn (conservation checks)."""
    return Counter(bag["remaining"]) + Counter(d["token"] for d in bag["draws"])
