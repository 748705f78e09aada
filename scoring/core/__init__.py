"""The contract every game fulfils, and what the games share.

- :mod:`~scoring.core.contract`: :class:`Game` (set-up, the ``moves`` table and its one ``apply``,
  phases, per-seat views that strip secrets, scoring), and the declarations the app renders
  (:class:`Option`, :class:`Phase`, :class:`Field`, :class:`Action`, :class:`Panel`);
- :mod:`~scoring.core.errors`: bilingual rule errors; :mod:`~scoring.core.fields`: the one checker of
  whole numbers, flags and choices; :mod:`~scoring.core.tr`: :class:`Tr`;
- :mod:`~scoring.core.fmt`: how numbers and durations are written (the app uses it too);
- :mod:`~scoring.core.sheet`: score sheets and ranking; :mod:`~scoring.core.bags`: hidden draws;
  :mod:`~scoring.core.timers`: phase timers; :mod:`~scoring.core.card` and
  :mod:`~scoring.core.registry`: the games' cards and how games are found.
"""

from __future__ import annotations

from scoring.core.card import Card
from scoring.core.contract import (
    JSON,
    Action,
    Event,
    Field,
    Game,
    GridCards,
    Move,
    Option,
    Panel,
    Phase,
    Secret,
    Setup,
    State,
    Value,
    clone,
    event_rng,
    get_path,
    replay,
    set_path,
    strip_secrets,
)
from scoring.core.errors import IllegalEvent, InvalidOptions, InvalidScoreInput, RulesError, UnknownGame
from scoring.core.fields import flag, one_of, quote, whole
from scoring.core.sheet import ScoreSheet, SeatScore, _seat_score, rank_rows
from scoring.core.telling import HIDDEN
from scoring.core.tr import Tr

__all__ = ["HIDDEN", "JSON", "Action", "Card", "Event", "Field", "Game", "GridCards", "IllegalEvent", "InvalidOptions",
           "InvalidScoreInput", "Move", "Option", "Panel", "Phase", "RulesError", "ScoreSheet", "SeatScore", "Secret",
           "Setup", "State", "Tr", "UnknownGame", "Value", "_seat_score", "clone", "event_rng", "flag", "get_path",
           "one_of", "quote", "rank_rows", "replay", "set_path", "strip_secrets", "whole"]
