"""The toy game's package: ``card.CARD`` is its card (read without loading the engine), ``GAME`` its engine.

Imports inside the folder are relative (``from .rules import …``): the folder works under any package
name, here ``toy`` (the app and the tests put ``tests/games/`` on ``sys.path``).
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name == "GAME":  # loaded on first use: the home screen reads only the card
        from .game import GAME

        return GAME
    raise AttributeError(name)
