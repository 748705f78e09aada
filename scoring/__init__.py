"""Compagnon's rule engines: pure standard-library Python.

One package per game under :mod:`scoring.games` (each exposes ``GAME``, a :class:`scoring.core.Game`,
and a ``card.py``); :mod:`scoring.core` is the contract they share and the registry that finds them.
"""

from __future__ import annotations

from typing import Any

from scoring.core import (
    HIDDEN,
    Action,
    Card,
    Field,
    Game,
    GridCards,
    IllegalEvent,
    InvalidOptions,
    InvalidScoreInput,
    Move,
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
from scoring.core.registry import all_games, card, cards, find_game, package, register, slugs


def __getattr__(name: str) -> Any:
    if name == "SLUGS":  # the games known now (a game registered later is in slugs())
        return slugs()
    raise AttributeError(name)


__all__ = ["HIDDEN", "Action", "Card", "Field", "Game", "GridCards", "IllegalEvent", "InvalidOptions",
           "InvalidScoreInput", "Move", "Option", "Panel", "Phase", "RulesError", "ScoreSheet", "Secret", "Setup", "Tr",
           "UnknownGame", "all_games", "card", "cards", "event_rng", "find_game", "package", "register", "replay",
           "slugs"]
