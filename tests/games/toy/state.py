"""The toy game's state: a ``TypedDict``, so that ``mypy --strict`` checks every key.

A state is plain JSON: rebuilt by replaying the events, and sent, stripped of its secrets, to each device.
"""

from __future__ import annotations

from typing import Any, TypedDict, cast

from scoring.core import State


class ToyState(TypedDict):
    names: list[str]
    options: dict[str, Any]
    #: ``draw`` (each seat draws its bonus in turn), then ``race``, then ``over``
    phase: str
    #: the seat who draws first and moves first
    first: int
    #: the seat who draws or moves next
    turn: int
    #: each pawn's square
    track: list[int]
    #: the bonus bag (:mod:`scoring.core.bags`): what is left is nobody's to see; each draw its owner's
    bags: dict[str, Any]
    finished: bool


def typed(state: State) -> ToyState:
    """The contract's plain state as this game's typed state (the same object)."""
    return cast(ToyState, state)


def plain(state: ToyState) -> State:
    """This game's typed state as the contract's plain state (the same object)."""
    return cast(State, state)
