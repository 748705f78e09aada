"""Robby Solo: the match state's shape (a ``TypedDict``, so that ``mypy --strict`` checks every key).

A state is plain JSON: it is rebuilt by replaying the events and sent, stripped of its secrets, to the
devices (:meth:`RobbySolo.view`).
"""

from __future__ import annotations

from typing import Any, TypedDict, cast

from scoring.core import State
from scoring.games.robby_solo.rules import Card


class Declaration(TypedDict):
    #: ``rob`` ("je braquerai X") or ``not_rob`` ("je ne braquerai pas X")
    kind: str
    bank: str


class BankOutcome(TypedDict):
    bank: str
    #: the seats who robbed it (Robby Junior's seat included)
    robbers: list[int]
    #: the loot it held at the reveal
    loot: list[Card]
    #: the seat who robbed it alone and took the loot, or None
    winner: int | None


class PoliceVisit(TypedDict):
    #: the bank whose four cards went back under the deck
    bank: str
    returned: list[Card]
    #: ``[seat, card]`` pairs: the card each player holding the most cards gave back
    taken: list[list[Any]]


class LastRound(TypedDict):
    """What the last reveal showed the whole table."""

    round: int
    gentleman: int
    declaration: Declaration
    #: the bank each seat robbed (Robby Junior's last)
    robbed: list[str]
    banks: list[BankOutcome]
    police: list[PoliceVisit]


class RobbyState(TypedDict):
    #: the people in table order, then Robby Junior when he plays
    names: list[str]
    people: int
    #: Robby Junior's seat (``people``), or None
    junior: int | None
    #: the match's reading of « seule la valeur de la première carte soit visible » for Robby Junior's
    #: pile: ``top`` (its top card is public) or ``hidden`` (only its size)
    junior_pile: str
    #: the match's reading of « Le joueur avec le total le plus élevé gagne la partie »: may Robby Junior win?
    junior_can_win: bool
    #: the banks in play, in the row's order
    banks: list[str]
    #: the loot cards lying at each bank
    loot: dict[str, list[Card]]
    #: each seat's pile of loot, in the order won (the last card on top); secret during play
    hands: list[list[Card]]
    #: how many cards each pile holds (public: the police count them)
    pile_sizes: list[int]
    #: loot cards in the deck
    deck: int
    #: the seat of the Gentleman or Lady
    gentleman: int
    round: int
    #: ``restock``, ``declare`` or ``confirm``
    phase: str
    declaration: Declaration | None
    #: each person's bank chosen in secret on their phone this round, or None
    chosen: list[str | None]
    #: Robby Junior's heist deck, as shuffled at set-up (secret to everyone)
    junior_deck: list[str]
    #: how many cards he has played (his next card is ``junior_deck[junior_plays % len]``)
    junior_plays: int
    last: LastRound | None
    police_visits: int
    #: the confirm timer's length, or None when the option is off
    timer_ms: int | None
    timers: dict[str, Any]
    finished: bool
    #: why the match ended (``deck``), or None
    end: str | None


def typed(state: State) -> RobbyState:
    """The contract's plain state as this game's typed state (the same object)."""
    return cast(RobbyState, state)


def plain(state: RobbyState) -> State:
    """This game's typed state as the contract's plain state (the same object)."""
    return cast(State, state)
