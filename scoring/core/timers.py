"""Phase timers computed from timestamps, never from counted ticks.

A timer is a small dict stored in the state; every change carries the time it
happened (``at``, in milliseconds), given by the app, so a phone that sleeps or a
late tick never skews it.

>>> t = new_timer(180_000)
>>> t = start(t, at=1_000)
>>> remaining(t, now=61_000)
120000
>>> t = pause(t, at=61_000); remaining(t, now=999_999)
120000
>>> remaining(resume(t, at=100_000), now=220_000)
0
>>> used(extend(t, 180_000), now=0)
60000
"""

from __future__ import annotations

from typing import Any

from scoring.core.errors import IllegalEvent

Timer = dict[str, Any]

#: A timer warns when this little is left.
WARN_MS = 30_000


def new_timer(duration_ms: int) -> Timer:
    return {"duration": duration_ms, "elapsed": 0, "since": None}


def running(t: Timer) -> bool:
    return t["since"] is not None


def start(t: Timer, at: int) -> Timer:
    return {**t, "since": at} if t["since"] is None else dict(t)


resume = start


def pause(t: Timer, at: int) -> Timer:
    if t["since"] is None:
        return dict(t)
    return {**t, "elapsed": t["elapsed"] + max(0, at - t["since"]), "since": None}


def extend(t: Timer, extra_ms: int) -> Timer:
    return {**t, "duration": t["duration"] + extra_ms}


def used(t: Timer, now: int) -> int:
    """Milliseconds consumed so far (capped at the duration)."""
    live = max(0, now - t["since"]) if t["since"] is not None else 0
    return int(min(t["duration"], t["elapsed"] + live))


def remaining(t: Timer, now: int) -> int:
    return int(t["duration"]) - used(t, now)


def expired(t: Timer, now: int) -> bool:
    return remaining(t, now) <= 0


def warning(t: Timer, now: int) -> bool:
    return bool(0 < remaining(t, now) <= min(WARN_MS, int(t["duration"]) // 4))


def expires_at(t: Timer) -> int | None:
    """The timestamp at which a running timer reaches zero (for scheduling one wake-up)."""
    if t["since"] is None:
        return None
    return int(t["since"] + t["duration"] - t["elapsed"])


TIMER_OPS = ("start", "pause", "resume", "reset", "extend", "stop")


def apply_timer_event(state: dict[str, Any], event: Any) -> dict[str, Any]:
    """Apply ``{"type": "timer", "key": K, "op": OP, "at": MS, "ms": N}``.

    ``reset`` (re)creates timer ``K`` with ``ms`` milliseconds, ``extend`` adds
    ``ms``; ``start``/``resume``/``pause``/``stop`` need ``at`` (a first ``start``
    with ``ms`` creates the timer).  A timer's time
    used stays in the state, so it is stored with the match.
    """
    op, key = event.get("op"), event.get("key")
    if op not in TIMER_OPS:
        raise IllegalEvent(f"timer op must be one of {', '.join(TIMER_OPS)}, got {op!r}")
    if not isinstance(key, str) or not key:
        raise IllegalEvent(f"timer key must be a name, got {key!r}")
    timers = dict(state.get("timers", {}))
    if op == "reset":
        ms = event.get("ms")
        if not isinstance(ms, int) or isinstance(ms, bool) or ms <= 0:
            raise IllegalEvent(f"timer reset needs a positive 'ms', got {ms!r}")
        timers[key] = new_timer(ms)
    else:
        if key not in timers and op == "start" and isinstance(event.get("ms"), int) and event["ms"] > 0:
            timers[key] = new_timer(event["ms"])  # first start creates the timer
        if key not in timers:
            raise IllegalEvent(f"no timer named {key!r}")
        if op == "extend":
            ms = event.get("ms")
            if not isinstance(ms, int) or isinstance(ms, bool) or ms <= 0:
                raise IllegalEvent(f"timer extend needs a positive 'ms', got {ms!r}")
            timers[key] = extend(timers[key], ms)
        else:
            at = event.get("at")
            if not isinstance(at, int) or isinstance(at, bool) or at < 0:
                raise IllegalEvent(f"timer {op} needs a time 'at' in ms, got {at!r}")
            timers[key] = start(timers[key], at) if op in ("start", "resume") else pause(timers[key], at)
    return {**state, "timers": timers}
