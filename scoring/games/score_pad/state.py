"""The score pad's state."""

from __future__ import annotations

from typing import Any, TypedDict


class PadState(TypedDict):
    names: list[str]
    game_name: str
    kind: str
    entry: str
    #: one row a round, one cell a seat (``None``: not written yet)
    rounds: list[list[int | None]]
    #: each seat's team (1 to the number of teams), in the teams kind once set
    teams: list[int] | None
    team_count: int
    #: the cooperative result once told
    won: bool | None
    #: seats tied at the top, in the order the game's rules put them (first wins)
    tiebreak: list[int]
    minutes: int | None
    phase: str
    finished: bool
    timers: dict[str, Any]
