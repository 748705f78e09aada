"""Matches written into a server's data folder before it starts, for the network tests: a
Traction-Avant heist waiting for three secret orders and an Apaches bourgeois just drawn.

They are reached through the store with the same events the screens send (the engines check
every one), so the browser test spends its time on what it tests: phones, tokens and secrets.
"""

from __future__ import annotations

import random
from pathlib import Path

from app.forms import defaults
from db.store import HOST, Store

GANGS = ("Ange", "Bébert", "Carlo", "Dédé")
APACHES = ("Léa", "Sam", "Zoé")


def _heist(store: Store, ids: list[int]) -> int:
    """Turn 1 of Traction-Avant up to a heist at bank 1 by Ange (3 pawns), Bébert and Carlo (2 each):
    three secret orders to write; Dédé is not in it."""
    m = store.create_match("traction-avant", {"players": 4}, ids, seed="network")
    for _ in range(40):
        lm = store.load(m)
        acts = lm.game.actions(lm.state, None)
        if any(a.private for a in acts):
            return m
        a = next(a for a in acts if a.primary and not a.private)
        values = {"type": a.type, **defaults(a.fields, lm.names)}
        if a.type == "heists":
            values["bank1"] = [3, 2, 2, 0]
        store.record(m, values, HOST)
    raise AssertionError("no heist reached")


def _bourgeois(store: Store, ids: list[int]) -> int:
    """Les Apaches de Paris played at random (a fixed seed) until district 8 draws a bourgeois."""
    m = store.create_match("apaches", {"players": 3}, ids, seed="network")
    rng = random.Random(3)
    for _ in range(200):
        lm = store.load(m)
        if lm.events and lm.events[-1]["type"] == "bourgeois" and lm.events[-1].get("token"):
            return m
        action = lm.game.sample_action(lm.state, rng)
        assert action is not None and action["type"] != "seen", "the draw should come first"
        store.record(m, action, HOST)
    raise AssertionError("no bourgeois drawn")


def prepare(data_dir: Path) -> tuple[int, int, dict[str, object]]:
    """(Traction-Avant match id, Apaches match id, the Apaches draw event: the test's oracle)."""
    store = Store(f"sqlite:///{data_dir / 'compagnon.db'}")
    gangs = [store.add_player(n).id or 0 for n in GANGS]
    apaches = [store.add_player(n).id or 0 for n in APACHES]
    ta = _heist(store, gangs)
    ap = _bourgeois(store, apaches)
    draw = store.load(ap).events[-1]
    store.engine.dispose()
    return ta, ap, draw
