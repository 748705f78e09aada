"""Les apprentis: the match state's shape (a ``TypedDict``, so ``mypy --strict`` checks ``state["…"]``).

The state is plain JSON (stored, sent to phones, replayed); these are its keys.
"""

from __future__ import annotations

from typing import Any, TypedDict, cast


class Take(TypedDict):
    """A card taken this turn: by whom, with which die and stain, the value used and the spot."""

    seat: int
    die: int
    stain: int
    value: int
    spot: str


class ApprentisState(TypedDict):
    names: list[str]
    finished: bool
    players: int
    #: the game's length (``short``/``long``), its turns and final-touch cards per player
    length: str
    turns: int
    final_touch: int
    cards_per_turn: int
    dice: int
    #: the market crossings holding a card (``"1-5"``: column 1, row 5), in the refill order
    market: list[str]
    trees: bool
    programming: bool
    #: the house rules played (docs/rules-notes.md): the character-tie reading, points per stain
    perso_tie: str
    stain_points: int
    turn: int
    #: the seat holding the first-player token
    first: int
    stains: list[int]
    #: each seat's painting once entered (rows of card names, top row first)
    paintings: list[list[list[str | None]] | None]
    #: the turns were skipped (``to_scoring``): the number of cards laid is unknown
    skipped: bool
    timers: dict[str, Any]
    phase: str
    rolled: list[int]
    pool: list[int]
    hands: list[list[int]]
    #: who picks each die, and how many picks are done
    draft: list[int]
    draft_next: int
    takes: list[Take]
    take_order: list[int]
    #: the programmed faces (secret to their owner until the reveal); ``None``: not chosen yet
    programmed: list[int | None]
    empty: list[str]
    lightning: str | None


def typed(state: dict[str, Any]) -> ApprentisState:
    """The contract's ``State`` (a plain dict) seen as this game's state."""
    return cast(ApprentisState, state)
