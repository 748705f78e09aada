"""The game's package: ``card.CARD`` is its card (read without loading the engine), ``GAME`` its engine."""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name == "GAME":  # loaded on first use: the home screen reads only the card
        from scoring.games.apaches.game import GAME

        return GAME
    raise AttributeError(name)
