"""A random legal match of a game, for the tests: its options, set-up and events from the game's own
``sample_action`` (tests/test_games_generic.py, tests/test_panel_keys.py)."""

from __future__ import annotations

import random
from typing import Any

from scoring import Game, event_rng


def play(game: Game, seed: int, max_actions: int = 400):
    """A random match: options, set-up, and events from the game's own legal actions."""
    rng = random.Random(seed)
    n = rng.randint(game.min_players, game.max_players)
    options = game.validate_options({"players": n, **game.example_options})
    setup = game.setup(options, random.Random(f"{seed}:setup"))
    names = [f"P{i}" for i in range(game.seat_count(options))]
    start = game.initial_state(setup.record, names)
    events, state = legal_events(game, start, rng, seed, max_actions)
    return setup, names, start, events, state


def legal_events(game: Game, state: Any, rng: random.Random, seed: int, max_actions: int) -> tuple[list[Any], Any]:
    """Up to ``max_actions`` events from ``state`` on, each the game's own random legal action (``rng``)
    prepared with the match's ``seed`` (as the app records it), and the state they lead to."""
    events = []
    for i in range(max_actions):
        action = game.sample_action(state, rng)
        if action is None:
            break
        event = game.prepare(state, action, event_rng(seed, i + 1))
        state = game.apply(state, event)
        events.append(event)
    return events, state


def states(game: Game, seed: int, max_actions: int = 400) -> list[Any]:
    """Every state of :func:`play`'s match, its first and its last included."""
    _setup, _names, state, events, _last = play(game, seed, max_actions)
    out = [state]
    for event in events:
        state = game.apply(state, event)
        out.append(state)
    return out
