"""Le Gang des Traction-Avant: the match state's types (``TractionState`` and its parts) and the small
readings of it that several roles share (the countdowns' names, the movement points left, the time used).

The state is a plain JSON dict at run time; these ``TypedDict`` let ``mypy --strict`` check every
``state["…"]`` the engine reads or writes.
"""

from __future__ import annotations

from typing import Any, TypedDict

from scoring.core import timers
from scoring.games.traction_avant.rules import MOVE_POINTS, RECRUIT_POINTS


class Options(TypedDict):
    players: int
    personnalisation: bool
    powers: str
    postal_van: bool
    roulette: bool
    traction_series: bool
    cafe_cards: str


class Movement(TypedDict):
    """The movement (phase 3) of the player who is moving."""

    seat: int
    bonus: int
    traction: int
    recruited: int
    recruited_money: int
    bought: int


class Order(TypedDict):
    """A secret order after a heist (« Les joueurs inscrivent ensuite secrètement leurs intentions »)."""

    cars: int
    men: int
    colts: int
    stens: int
    bullets: int
    targets: list[int]
    note: str


class Heist(TypedDict):
    """The heist being fought.  ``first_share`` is provisional until the split (« à la fin des combats,
    les survivants se partagent le butin »): it is not in the fortunes."""

    bank: int
    pawns: list[int]
    loot: int
    present: list[int]
    first_share: list[int]
    round: int
    #: an :class:`Order`, ``None`` (not written yet) or ``"?"`` in a view that may not see it
    orders: list[Any]
    revealed: bool
    rounds: list[dict[str, Any]]


Van = TypedDict("Van", {"where": str, "turn": int, "pending": bool, "dice": "list[int] | None",
                        "squares": "int | None", "from": "str | None", "attacked_by": "int | None",
                        "loot": int})


class Alliance(TypedDict, total=False):
    id: int
    turn: int
    parties: list[int]
    terms: str
    signed: list[int]
    status: str
    traitor: int
    victim: int
    reprisal: str
    broken_turn: int
    note: str


class TractionState(TypedDict):
    names: list[str]
    options: Options
    finished: bool
    winner: int | None
    stage: str
    turn: int
    first: int
    phase: str | None
    step: str | None
    bosses: list[str]
    powers: list[str | None]
    in_cafe: list[int]
    mover: int | None
    move: Movement | None
    moved: list[int]
    heist: Heist | None
    heist_queue: list[dict[str, Any]]
    heists_log: list[dict[str, Any]]
    base_attacks: list[dict[str, Any]]
    van: Van
    thunes: list[int]
    ledger: list[dict[str, Any]]
    time_used: list[int]
    time_bought: list[int]
    time_log: list[dict[str, Any]]
    magouilles_log: list[dict[str, Any]]
    timers: dict[str, timers.Timer]
    clock: str | None
    dice: list[dict[str, Any]]
    roulettes: list[dict[str, Any]]
    alliances: list[Alliance]
    cards_log: list[dict[str, Any]]


#: The phase-2 table countdown: named after its :class:`~scoring.core.Phase` (``magouilles``), as the
#: app names a table phase's timer.
TABLE_KEY = "magouilles"


def move_key(seat: int) -> str:
    """A player's phase-3 countdown: ``moves:<seat>``, as the app names a per-seat phase's timer."""
    return f"moves:{seat}"


def points_left(move: Movement) -> int:
    return MOVE_POINTS + move["bonus"] - RECRUIT_POINTS * move["recruited"]


def timer_used(state: TractionState, key: str, now: int | None = None) -> int:
    """Milliseconds timer ``key`` has used (counted up to ``now`` while it runs), resets included."""
    t = state["timers"].get(key)
    if t is None:
        return 0
    return timers.total_used(t, now if now is not None else (t["since"] or 0))


def time_used(state: TractionState, seat: int, now: int | None = None) -> int:
    """Milliseconds of phase 3 (movement) used by ``seat`` over the whole match.

    Finished movements are summed in ``state["time_used"]``; the running movement's timer is
    added (counted up to ``now`` while it runs).

    >>> state: TractionState = {"time_used": [60_000, 0], "timers": {"moves:1": {  # type: ignore[typeddict-item]
    ...     "duration": 180_000, "elapsed": 20_000, "since": 1_000}}}
    >>> time_used(state, 0), time_used(state, 1), time_used(state, 1, now=11_000)
    (60000, 20000, 30000)
    """
    return state["time_used"][seat] + timer_used(state, move_key(seat), now)
