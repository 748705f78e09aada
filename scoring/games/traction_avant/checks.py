"""Le Gang des Traction-Avant: checks shared by the event handlers (fields, phases, the bank, timers)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scoring.core import IllegalEvent, State, timers
from scoring.games.traction_avant.rules import (
    MOVE_POINTS,
    RECRUIT_POINTS,
    money,
    victor,
)

#: An event handler: checks the event and changes the (copied) state in place.
Handler = Callable[[State, Mapping[str, Any]], None]

# --------------------------------------------------------------------------- field checks


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def get_int(event: Mapping[str, Any], key: str, lo: int, hi: int | None = None,
            default: int | None = None) -> int:
    value = event.get(key, default)
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value)
    if not _is_int(value):
        raise IllegalEvent(f"{key}: must be a whole number, got {value!r}")
    if value < lo or (hi is not None and value > hi):
        bound = f"from {lo} to {hi}" if hi is not None else f"{lo} or more"
        raise IllegalEvent(f"{key}: must be {bound}, got {value!r}")
    return int(value)


def get_seat(state: State, event: Mapping[str, Any], key: str) -> int:
    value = event.get(key)
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    n = len(state["names"])
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
        raise IllegalEvent(f"{key}: no seat {value!r} (seats are 0 to {n - 1})")
    return value


def get_seats(state: State, event: Mapping[str, Any], key: str) -> list[int]:
    value = event.get(key, [])
    if not isinstance(value, list):
        raise IllegalEvent(f"{key}: must be a list of seats, got {value!r}")
    seats = [get_seat(state, {key: v}, key) for v in value]
    if len(set(seats)) != len(seats):
        raise IllegalEvent(f"{key}: a seat is listed twice in {value!r}")
    return sorted(seats)


def get_ints(state: State, event: Mapping[str, Any], key: str, hi: int) -> list[int]:
    n = len(state["names"])
    value = event.get(key, [0] * n)
    if (not isinstance(value, list) or len(value) != n
            or not all(_is_int(v) and 0 <= v <= hi for v in value)):
        raise IllegalEvent(f"{key}: must be {n} whole numbers from 0 to {hi} (one per seat), got {value!r}")
    return [int(v) for v in value]


def get_text(event: Mapping[str, Any], key: str, limit: int = 300, required: bool = False) -> str:
    value = event.get(key, "")
    if value is None:
        value = ""
    if not isinstance(value, str) or len(value) > limit:
        raise IllegalEvent(f"{key}: must be a text of at most {limit} characters, got {value!r}")
    if required and not value.strip():
        raise IllegalEvent(f"{key}: must not be empty, got {value!r}")
    return value.strip()


def get_bool(event: Mapping[str, Any], key: str, default: bool) -> bool:
    value = event.get(key, default)
    if not isinstance(value, bool):
        raise IllegalEvent(f"{key}: must be true or false, got {value!r}")
    return value


def get_at(event: Mapping[str, Any]) -> int | None:
    at = event.get("at")
    if at is None:
        return None
    if not _is_int(at) or at < 0:
        raise IllegalEvent(f"at: must be a time in milliseconds, got {at!r}")
    return int(at)


# --------------------------------------------------------------------------- state helpers


def name(state: State, seat: int) -> str:
    return str(state["names"][seat])


def book(state: State, kind: str, deltas: list[int], note: str = "", **extra: Any) -> None:
    """Book one movement of money (one ledger entry), refuse a negative fortune, check the victory."""
    new = [have + delta for have, delta in zip(state["thunes"], deltas, strict=True)]
    for seat, value in enumerate(new):
        if value < 0:
            raise IllegalEvent(
                f"{name(state, seat)!r} cannot pay {money(-deltas[seat])} Thunes ({-deltas[seat]!r}): "
                f"the fortune of {money(state['thunes'][seat])} would become {money(value)}, "
                f"and a fortune can never be negative")
    state["thunes"] = new
    state["ledger"].append({"n": len(state["ledger"]), "turn": state["turn"], "kind": kind,
                            "deltas": list(deltas), "note": note, **extra})
    winner = victor(new)
    if winner is not None and state["stage"] == "play":
        state["winner"] = winner
        state["finished"] = True
        state["clock"] = None


def timer_used(state: State, key: str, now: int | None = None) -> int:
    t = state["timers"].get(key)
    if t is None:
        return 0
    return timers.used(t, now if now is not None else (t["since"] or 0))


def fold_timer(state: State, key: str, at: int | None) -> int:
    """Stop timer ``key`` (at ``at`` if it runs), remove it and return the milliseconds it used."""
    t = state["timers"].get(key)
    if t is None:
        return 0
    if timers.running(t):
        if at is None:
            raise IllegalEvent(f"timer {key!r} is still running: pause it first or send the time 'at' "
                               f"(milliseconds), got {at!r}")
        t = timers.pause(t, at)
    used = timers.used(t, 0)
    del state["timers"][key]
    if state.get("clock") == key:
        state["clock"] = None
    return used


#: The phase-2 table countdown: named after its :class:`~scoring.core.Phase` (``magouilles``), as the
#: app names a table phase's timer.
TABLE_KEY = "magouilles"


def move_key(seat: int) -> str:
    """A player's phase-3 countdown: ``moves:<seat>``, as the app names a per-seat phase's timer."""
    return f"moves:{seat}"


def points_left(move: Mapping[str, Any]) -> int:
    return int(MOVE_POINTS + move["bonus"] - RECRUIT_POINTS * move["recruited"])


def need_play(state: State) -> None:
    if state["stage"] != "play":
        raise IllegalEvent(f"the match has not begun (stage {state['stage']!r}): send 'begin' first")


def need_phase(state: State, phase: str) -> None:
    need_play(state)
    if state["phase"] != phase:
        raise IllegalEvent(f"this is done in phase {phase!r}, the match is in phase {state['phase']!r}")


def need_mover(state: State, event: Mapping[str, Any]) -> int:
    need_phase(state, "moves")
    seat = get_seat(state, event, "seat")
    if seat != state["mover"]:
        raise IllegalEvent(f"seat: {seat!r} is not moving now; {name(state, state['mover'])!r} is")
    return seat


def need_no_heist(state: State) -> None:
    need_phase(state, "heists")
    if state["heist"] is not None or state["heist_queue"]:
        raise IllegalEvent(f"a heist is being resolved (bank {state['heist']['bank']!r}): split it first"
                           if state["heist"] else "a heist is waiting to be resolved")


def van_done(state: State) -> bool:
    return not state["options"]["postal_van"] or (state["van"]["turn"] == state["turn"]
                                                   and not state["van"]["pending"])


