"""The score pad: any game, scored like a paper pad.  ``card.CARD`` is its card, ``GAME`` its engine."""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name == "GAME":  # loaded on first use: the home screen reads only the card
        from scoring.games.score_pad.game import GAME

        return GAME
    raise AttributeError(name)
