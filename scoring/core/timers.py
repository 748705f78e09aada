"""Phase timers computed from timestamps, never from counted ticks.

A timer is a small dict stored in the state; every change carries the time it
happened (``at``, in milliseconds), given by the app, so a phone that sleeps or a
late tick never skews it.

A timer holds ``duration`` (its countdown), ``elapsed`` (counted before ``since``), ``since`` (when it
was last started, ``None`` while it stands still), ``spent`` (what earlier countdowns of the same timer
used before a reset: kept for the time log) and ``stamp`` (the latest time it was told: the clock
guard, so a time stamped before an earlier one never counts a gap twice).  ``spent`` and ``stamp`` may
be missing (an older state): they read as 0 and "no time yet".

>>> t = new_timer(180_000)
>>> t = start(t, at=1_000)
>>> remaining(t, now=61_000)
120000
>>> t = pause(t, at=61_000); remaining(t, now=999_999)
120000
>>> remaining(resume(t, at=100_000), now=220_000)
0
>>> used(extend(t, 180_000, at=61_000), now=0)
60000

Bought time starts when it is bought, even after the countdown ran out (the hourglass is turned over):

>>> late = extend(start(new_timer(180_000), at=0), 180_000, at=400_000)
>>> remaining(late, now=400_000)
180000
"""

from __future__ import annotations

from typing import Any

from scoring.core.errors import IllegalEvent
from scoring.core.fields import one_of, quote, whole
from scoring.core.tr import Tr

Timer = dict[str, Any]

#: A timer warns when this little is left.
WARN_MS = 30_000
#: The longest countdown (a day) and the latest clock time (milliseconds since 1970: the year 2286)
#: a timer accepts.
MAX_MS = 24 * 3_600_000
MAX_AT = 10**13


def new_timer(duration_ms: int, *, spent: int = 0, stamp: int | None = None) -> Timer:
    return {"duration": duration_ms, "elapsed": 0, "since": None, "spent": spent, "stamp": stamp}


def running(t: Timer) -> bool:
    return t["since"] is not None


def _clock(t: Timer, at: int) -> int:
    """``at``, never before a time the timer was already told (a late or skewed phone's stamp)."""
    latest = max(t.get("stamp") or 0, t["since"] or 0)
    return max(at, latest)


def start(t: Timer, at: int) -> Timer:
    at = _clock(t, at)
    return {**t, "since": at, "stamp": at} if t["since"] is None else {**t, "stamp": at}


resume = start


def pause(t: Timer, at: int) -> Timer:
    at = _clock(t, at)
    if t["since"] is None:
        return {**t, "stamp": at}
    return {**t, "elapsed": t["elapsed"] + at - t["since"], "since": None, "stamp": at}


def settle(t: Timer, at: int | None) -> Timer:
    """The timer as it stands at ``at``, the time counted after it ran out dropped (an empty hourglass
    counts no further).  A running timer needs ``at``."""
    if t["since"] is None:
        return {**t, "elapsed": min(int(t["duration"]), int(t["elapsed"]))}
    if at is None:
        raise IllegalEvent(Tr("ce minuteur tourne : il faut l'heure « at » (en millisecondes)",
                              "this timer is running: the time 'at' (milliseconds) is needed",
                              it="questo timer è in corso: serve l'ora «at» (in millisecondi)"))
    at = _clock(t, at)
    return {**t, "elapsed": min(int(t["duration"]), int(t["elapsed"]) + at - t["since"]), "since": at,
            "stamp": at}


def extend(t: Timer, extra_ms: int, at: int | None = None) -> Timer:
    """``extra_ms`` more on the countdown, counted from ``at``: time bought after the countdown ran out
    is not eaten by the overrun."""
    t = settle(t, at)
    duration = int(t["duration"]) + extra_ms
    if duration > MAX_MS:
        raise IllegalEvent(Tr(f"minuteur : au plus {MAX_MS // 3_600_000} heures, reçu {quote(duration)} ms",
                              f"timer: at most {MAX_MS // 3_600_000} hours, got {quote(duration)} ms",
                              it=f"timer: al massimo {MAX_MS // 3_600_000} ore, ricevuto {quote(duration)} ms"))
    return {**t, "duration": duration}


def reset(t: Timer | None, duration_ms: int, at: int | None = None) -> Timer:
    """A fresh countdown of ``duration_ms``, standing still; what the old one used is kept in ``spent``.

    >>> t = reset(start(new_timer(180_000), at=0), 180_000, at=50_000)
    >>> t["spent"], running(t), remaining(t, now=99_000)
    (50000, False, 180000)
    """
    if t is None:
        return new_timer(duration_ms, stamp=at)
    before = settle(t, at)
    stamp = before.get("stamp") if at is None else _clock(before, at)
    return new_timer(duration_ms, spent=total_used(before, stamp or 0), stamp=stamp)


def used(t: Timer, now: int) -> int:
    """Milliseconds of this countdown consumed so far (capped at the duration)."""
    live = max(0, now - t["since"]) if t["since"] is not None else 0
    return int(min(t["duration"], t["elapsed"] + live))


def total_used(t: Timer, now: int) -> int:
    """Milliseconds used by the timer over its life: this countdown and those before its resets."""
    return int(t.get("spent") or 0) + used(t, now)


def remaining(t: Timer, now: int) -> int:
    return int(t["duration"]) - used(t, now)


def expired(t: Timer, now: int) -> bool:
    return remaining(t, now) <= 0


def warning(t: Timer, now: int) -> bool:
    return bool(0 < remaining(t, now) <= min(WARN_MS, int(t["duration"]) // 4))


TIMER_OPS = ("start", "pause", "resume", "reset", "extend", "stop")


def _ms(event: Any) -> int:
    return whole(event.get("ms"), "ms", 1, MAX_MS, digits=False)


def _at(event: Any, needed: bool) -> int | None:
    at = event.get("at")
    if at is None and not needed:
        return None
    return whole(at, "at", 0, MAX_AT, digits=False)


def apply_timer_event(state: dict[str, Any], event: Any) -> dict[str, Any]:
    """Apply ``{"type": "timer", "key": K, "op": OP, "at": MS, "ms": N}``.

    ``reset`` (re)creates timer ``K`` with ``ms`` milliseconds (what it used is kept), ``extend`` adds
    ``ms`` from ``at``; ``start``/``resume``/``pause``/``stop`` need ``at`` (a first ``start`` with
    ``ms`` creates the timer); ``reset`` and ``extend`` need ``at`` while the timer runs.  Every value is
    checked (``ms`` 1 ms to 24 hours, ``at`` a time in milliseconds).  A timer's time used stays in the
    state, so it is stored with the match.

    >>> apply_timer_event({}, {"op": "start", "key": "k", "at": 0, "ms": True})
    Traceback (most recent call last):
    ...
    scoring.core.errors.IllegalEvent: ms: must be a whole number, got true
    """
    op = one_of(event.get("op"), "op", TIMER_OPS)
    key = event.get("key")
    if not isinstance(key, str) or not key.strip() or len(key) > 60:
        raise IllegalEvent(Tr(f"key : un minuteur a besoin d'un nom (60 caractères au plus), reçu {quote(key)}",
                              f"key: a timer needs a name (60 characters at most), got {quote(key)}",
                              it="key: un timer ha bisogno di un nome (al massimo 60 caratteri), ricevuto "
                                 f"{quote(key)}"))
    timers = dict(state.get("timers", {}))
    old = timers.get(key)
    if op == "reset":
        ms = _ms(event)
        timers[key] = reset(old, ms, _at(event, old is not None and running(old)))
        return {**state, "timers": timers}
    if old is None and op == "start" and event.get("ms") is not None:
        old = new_timer(_ms(event))  # a first start creates the timer
    if old is None:
        raise IllegalEvent(Tr(f"key : aucun minuteur nommé {quote(key)}", f"key: no timer named {quote(key)}",
                              it=f"key: nessun timer chiamato {quote(key)}"))
    if op == "extend":
        ms = _ms(event)
        timers[key] = extend(old, ms, _at(event, running(old)))
    else:
        at = _at(event, True)
        assert at is not None
        timers[key] = start(old, at) if op in ("start", "resume") else pause(old, at)
    return {**state, "timers": timers}
