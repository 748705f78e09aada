"""Compagnon's rule engines: pure standard-library Python.

One module per game, each exposing ``GAME``, an instance of :class:`scoring.core.Game`.
"""

from __future__ import annotations

import importlib

from scoring.core import (
    HIDDEN,
    Action,
    Field,
    Game,
    IllegalEvent,
    InvalidOptions,
    InvalidScoreInput,
    Option,
    Panel,
    Phase,
    RulesError,
    ScoreSheet,
    Secret,
    Setup,
    Tr,
    UnknownGame,
    event_rng,
    replay,
)

_MODULES = {
    "apaches": "scoring.apaches",
    "robby-solo": "scoring.robby_solo",
    "traction-avant": "scoring.traction_avant",
    "apprentis": "scoring.apprentis",
}

SLUGS = tuple(_MODULES)


def find_game(slug: str) -> Game:
    """The game registered under ``slug``; raises :class:`UnknownGame`."""
    if slug not in _MODULES:
        raise UnknownGame(f"unknown game {slug!r} (known: {', '.join(sorted(_MODULES))})")
    game: Game = importlib.import_module(_MODULES[slug]).GAME
    return game


def all_games() -> list[Game]:
    return [find_game(slug) for slug in SLUGS]


__all__ = ["HIDDEN", "Action", "Field", "Game", "IllegalEvent", "InvalidOptions",
           "InvalidScoreInput", "Option", "Panel", "Phase", "RulesError", "ScoreSheet",
           "Secret", "Setup", "Tr", "UnknownGame", "all_games", "event_rng", "find_game",
           "replay", "SLUGS"]
