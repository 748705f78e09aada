"""The phase timers: remaining time is computed from the timestamps in the events
(``scoring.timers``), so a sleeping phone or a late tick never skews it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from app import alarm
from app.i18n import t
from scoring import Phase
from scoring import timers as tm


def now_ms() -> int:
    return int(time.time() * 1000)


def mmss(ms: int) -> str:
    s = max(0, (ms + 999) // 1000)
    return f"{s // 60}:{s % 60:02d}"


def timer_keys(phase: Phase, names: Sequence[str]) -> list[tuple[str, str]]:
    """The timers a phase has: one for the table, or one per seat."""
    if phase.who == "table":
        return [(phase.key, "")]
    return [(f"{phase.key}:{i}", n) for i, n in enumerate(names)]


@ft.component
def TimerRow(key: str, label: str, seconds: int, timer: dict[str, Any] | None, now: int, lang: str,
             send: Callable[[dict[str, Any]], bool]) -> ft.Control:
    ms = seconds * 1000 if timer is None else tm.remaining(timer, now)
    running = timer is not None and tm.running(timer)
    over = timer is not None and tm.expired(timer, now)
    warn = timer is not None and tm.warning(timer, now)
    colour = ft.Colors.ERROR if over or warn else None
    alarm.ring(key, warn, over)  # audible as well as red: once on entering the warning time, once at zero
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
    text = t("time_up", lang) if over else mmss(ms)
    return ft.Row([ft.Icon(ft.Icons.HOURGLASS_BOTTOM, color=colour),
                   ft.Text(label, expand=True),
                   ft.Semantics(content=ft.Text(text, size=24, weight=ft.FontWeight.BOLD, color=colour),
                                identifier=f"timer-{key}", live_region=True),
                   *buttons])


@ft.component
def Timers(phases: Sequence[Phase], timers: dict[str, Any], names: Sequence[str], lang: str,
           send: Callable[[dict[str, Any]], bool]) -> ft.Control | None:
    now, set_now = ft.use_state(now_ms())
    any_running = any(tm.running(v) and not tm.expired(v, now_ms()) for v in timers.values())

    generation = ft.use_ref(0)

    async def tick() -> None:
        generation.current += 1
        mine = generation.current
        while any_running and generation.current == mine:
            await asyncio.sleep(0.5)
            set_now(now_ms())

    ft.use_effect(tick, [any_running])
    bell = alarm.chimes()  # the chimes are this device's: muting here mutes no other phone
    muted, set_muted = ft.use_state(bell.muted)
    ft.use_effect(alarm.load, [])

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
            rows.append(TimerRow(key, who or phase.name.get(lang), seconds, timer, now, lang, send))
            shown.add(key)
    for key, timer in timers.items():  # timers a game created without a declared phase
        if key not in shown:
            rows.append(TimerRow(key, key, int(timer["duration"]) // 1000, timer, now, lang, send))
    if not rows:
        return None
    sound = ft.IconButton(ft.Icons.VOLUME_OFF if muted else ft.Icons.VOLUME_UP, on_click=toggle_sound,
                          tooltip=t("sound_unmute" if muted else "sound_mute", lang))
    return ft.Card(ft.Container(ft.Column([ft.Row([ft.Text(t("timers", lang), size=18, weight=ft.FontWeight.BOLD,
                                                           expand=True), sound]),
                                           *rows], spacing=4), padding=12),
                   semantic_container=False)  # each button keeps its own name for a screen reader
