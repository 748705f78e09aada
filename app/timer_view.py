"""The phase timers: remaining time is computed from the timestamps in the events
(``scoring.core.timers``), so a sleeping phone or a late tick never skews it.

Nothing ticks at a fixed rate: a running countdown wakes when the second it shows changes and
re-renders only its own text (:func:`Countdown`); its row wakes when the timer starts warning
and when it ends (:func:`TimerRow`); the card never wakes by itself (:func:`Timers`).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from app import alarm
from app.guard import component
from app.i18n import t
from scoring import Phase
from scoring.core import fmt
from scoring.core import timers as tm


def now_ms() -> int:
    return int(time.time() * 1000)


mmss = fmt.mmss


def timer_keys(phase: Phase, names: Sequence[str]) -> list[tuple[str, str]]:
    """The timers a phase has: one for the table, or one per seat."""
    if phase.who == "table":
        return [(phase.key, "")]
    return [(f"{phase.key}:{i}", n) for i, n in enumerate(names)]


def next_second(timer: dict[str, Any], now: int) -> int | None:
    """Milliseconds until what :func:`Countdown` shows changes (its m:ss, its colour, "time's
    up"), or None when it will not change by itself (paused, or over).

    >>> t = tm.start(tm.new_timer(180_000), at=0)
    >>> next_second(t, 300), next_second(t, 1_000), next_second(tm.pause(t, at=500), 600)
    (700, 1000, None)
    """
    left = tm.remaining(timer, now)
    if not tm.running(timer) or left <= 0:
        return None
    warn = _warn_from(timer)
    return min(left % 1000 or 1000, left - warn if left > warn else 1000)


def next_stage(timer: dict[str, Any], now: int) -> int | None:
    """Milliseconds until a running timer starts warning, then until it ends (what
    :func:`TimerRow` shows around the countdown), or None.

    >>> t = tm.start(tm.new_timer(180_000), at=0)
    >>> next_stage(t, 100_000), next_stage(t, 160_000), next_stage(t, 180_000)
    (50000, 20000, None)
    """
    left = tm.remaining(timer, now)
    if not tm.running(timer) or left <= 0:
        return None
    warn = _warn_from(timer)
    return left - warn if left > warn else left


def _warn_from(timer: dict[str, Any]) -> int:
    """The remaining time at which :func:`scoring.core.timers.warning` turns true."""
    return min(tm.WARN_MS, int(timer["duration"]) // 4)


def use_wake_up(timer: dict[str, Any] | None, delay: Callable[[dict[str, Any], int], int | None]) -> None:
    """Render the calling component again at the moments ``delay(timer, now)`` names, while it
    names one; renders read the clock themselves (``now_ms()``).

    One sleep per change, not a fixed tick: a countdown renders once a second, and only its
    own text; the row around it twice in the timer's whole run (the warning, the end).  The
    loop is an effect keyed on the timer, so an event (pause, resume, extend) restarts it, and
    it is cancelled when the component goes away.
    """
    _, set_woken = ft.use_state(0)
    key = None if timer is None else (timer["since"], timer["elapsed"], timer["duration"])

    async def wake() -> None:  # a coroutine function: Flet runs it as the page's task (a lambda's coroutine never ran)
        await wake_up(timer, delay, set_woken)

    ft.use_effect(wake, [key], cleanup=lambda: None)  # a cleanup, so that Flet cancels the loop


async def wake_up(timer: dict[str, Any] | None, delay: Callable[[dict[str, Any], int], int | None],
                  woken: Callable[[int], None]) -> None:
    """:func:`use_wake_up`'s loop: ``woken(now)`` at each moment ``delay`` names, while it names one, and while
    the page is there.  A page reloaded or closed has its session destroyed by Flet, which may come before the
    loop is cancelled: Flet then refuses the render with a ``RuntimeError``, and the loop ends quietly (it was
    an unhandled task's traceback in the log).

    >>> said = []
    >>> def gone(now):
    ...     said.append(now)
    ...     raise RuntimeError("An attempt to fetch destroyed session.")
    >>> from concurrent.futures import ThreadPoolExecutor  # a loop of its own, whatever loop runs here
    >>> with ThreadPoolExecutor(1) as apart:
    ...     apart.submit(asyncio.run, wake_up({"duration": 1}, lambda _t, _n: 1, gone)).result(), len(said)
    (None, 1)
    """
    while timer is not None:
        wait = delay(timer, now_ms())
        if wait is None:
            return
        await asyncio.sleep(wait / 1000 + 0.005)  # just past the change
        try:
            woken(now_ms())  # a new value each time: the component renders again
        except RuntimeError:
            return  # the page is gone: nothing left to render


@component
def Countdown(key: str, seconds: int, timer: dict[str, Any] | None, lang: str) -> ft.Control:
    """What a timer shows: m:ss (red near the end), then "time's up"."""
    use_wake_up(timer, next_second)
    now = now_ms()
    ms = seconds * 1000 if timer is None else tm.remaining(timer, now)
    over = timer is not None and tm.expired(timer, now)
    warn = timer is not None and tm.warning(timer, now)
    text = t("time_up", lang) if over else mmss(ms)
    # no live region: a screen reader would hear every second; the end is said once (:func:`app.alarm.ring`)
    return ft.Semantics(content=ft.Text(text, size=24, weight=ft.FontWeight.BOLD,
                                        color=ft.Colors.ERROR if over or warn else None),
                        identifier=f"timer-{key}")


@component
def TimerRow(key: str, label: str, seconds: int, timer: dict[str, Any] | None, lang: str,
             send: Callable[[dict[str, Any]], object] | None) -> ft.Control:
    """One countdown; ``send`` None: shown without buttons (a device that may not drive timers)."""
    use_wake_up(timer, next_stage)  # the seconds tick in Countdown alone
    now = now_ms()
    running = timer is not None and tm.running(timer)
    over = timer is not None and tm.expired(timer, now)
    warn = timer is not None and tm.warning(timer, now)
    colour = ft.Colors.ERROR if over or warn else None
    # audible as well as red: once on entering the warning time, once at zero (then said to a screen reader, with
    # whose timer it is: a seat's or a phase's)
    alarm.ring(key, warn, over, t("skipped_line", lang, a=label, b=t("time_up", lang)))
    buttons: list[ft.Control] = []
    if timer is None:
        buttons.append(ft.IconButton(ft.Icons.PLAY_ARROW, tooltip=f"{t('timer_start', lang)} {label}",
                                     on_click=lambda _e: send({"type": "timer", "key": key, "op": "start",
                                                               "at": now_ms(), "ms": seconds * 1000})))
    elif running and not over:
        buttons.append(ft.IconButton(ft.Icons.PAUSE, tooltip=f"{t('timer_pause', lang)} {label}",
                                     on_click=lambda _e: send({"type": "timer", "key": key, "op": "pause",
                                                               "at": now_ms()})))
    elif not over:  # paused, or created by the game and not started yet
        verb = t("timer_resume" if timer["elapsed"] else "timer_start", lang)
        buttons.append(ft.IconButton(ft.Icons.PLAY_ARROW, tooltip=f"{verb} {label}",
                                     on_click=lambda _e: send({"type": "timer", "key": key, "op": "resume",
                                                               "at": now_ms()})))
    if timer is not None:
        buttons.append(ft.IconButton(ft.Icons.RESTART_ALT, tooltip=f"{t('timer_reset', lang)} {label}",
                                     on_click=lambda _e: send({"type": "timer", "key": key, "op": "reset",
                                                               "ms": seconds * 1000})))
    # Running or not, said at once by the icon and its name (a phone's countdown shows no change of m:ss
    # before its first second has passed).
    state = t("timer_running" if running and not over else "timer_stopped", lang)
    return ft.Row([ft.Icon(ft.Icons.HOURGLASS_TOP if running and not over else ft.Icons.HOURGLASS_BOTTOM,
                           color=colour, semantics_label=t("skipped_line", lang, a=label, b=state)),
                   ft.Text(label, expand=True),
                   Countdown(key, seconds, timer, lang),
                   *(buttons if send is not None else [])])


def shows_timers(phases: Sequence[Phase], timers: dict[str, Any], names: Sequence[str]) -> bool:
    """Whether :func:`Timers` has a countdown to show: a timer the game set, or a timed phase (of the
    table, or of each seat).

    >>> shows_timers([], {}, ["Léa"]), shows_timers([], {"t": {}}, [])
    (False, True)
    """
    return bool(timers) or any(p.seconds and (p.who == "table" or names) for p in phases)


@component
def _Timers(phases: Sequence[Phase], timers: dict[str, Any], names: Sequence[str], lang: str,
           send: Callable[[dict[str, Any]], object] | None) -> ft.Control:
    """The match's countdowns (drawn when :func:`shows_timers`); ``send`` None: read-only (the table code, a
    seat's phone: timers are the host's)."""
    bell = alarm.chimes()  # the chimes are this device's: muting here mutes no other phone
    muted, set_muted = ft.use_state(bell.muted)

    def toggle_sound(_e: ft.Event[ft.IconButton]) -> None:
        bell.muted = not muted
        set_muted(bell.muted)

    rows: list[ft.Control] = []
    shown: set[str] = set()
    for phase in phases:
        keys = [(k, w) for k, w in timer_keys(phase, names) if phase.seconds or k in timers]
        if not keys:
            continue  # an untimed phase whose timer the game has not set (e.g. switched off)
        if phase.who != "table":  # a table timer's row is named after its phase already
            rows.append(ft.Text(phase.name.get(lang), weight=ft.FontWeight.W_500))
        for key, who in keys:
            timer = timers.get(key)
            seconds = int(phase.seconds or 0) if timer is None else int(timer["duration"]) // 1000
            rows.append(TimerRow(key, who or phase.name.get(lang), seconds, timer, lang, send))
            shown.add(key)
    for key, timer in timers.items():  # timers a game created without a declared phase
        if key not in shown:
            rows.append(TimerRow(key, key, int(timer["duration"]) // 1000, timer, lang, send))
    if not rows:  # the caller asks shows_timers first; an empty card would never be memoised (None is not kept)
        return ft.Container(visible=False)
    sound = ft.IconButton(ft.Icons.VOLUME_OFF if muted else ft.Icons.VOLUME_UP, on_click=toggle_sound,
                          tooltip=t("sound_unmute" if muted else "sound_mute", lang))
    return ft.Card(ft.Container(ft.Column([ft.Row([ft.Text(t("timers", lang), size=18, weight=ft.FontWeight.BOLD,
                                                           expand=True), sound]),
                                           *rows], spacing=4), padding=12),
                   semantic_container=False)  # each button keeps its own name for a screen reader


#: re-rendered only when the timers, the names, the language or its own sound switch change: an event that
#: touches no timer leaves the card (and its running countdowns, which wake themselves) as they were
Timers = ft.memo(_Timers)
