"""The timers' audible warning: one chime when a timer enters its warning time, one when it runs out; and the
end said to a screen reader (muted or not: the sound is muted, not the words).

Each page (each phone or window) keeps its own record of what it has already sounded, in the page's
session, so a screen that re-renders or remounts does not chime again. A timer that is reset or
extended out of its warning time may chime again the next time it gets there. The table can mute the
sound on a device (the choice is that page's own).

>>> bell = Chimes()
>>> bell.cue("t", warn=False, over=False)
(None, False)
>>> bell.cue("t", warn=True, over=False), bell.cue("t", warn=True, over=False)
(('warning', False), (None, False))
>>> bell.cue("t", warn=False, over=True), bell.cue("t", warn=False, over=True)
(('time-up', True), (None, False))
>>> bell.cue("t", warn=False, over=False)  # reset: it may chime again
(None, False)
>>> bell.cue("t", warn=True, over=False)
('warning', False)
>>> bell.muted = True
>>> bell.cue("u", warn=True, over=False), bell.cue("u", warn=False, over=True)  # the end said, muted or not
((None, False), (None, True))
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any

import flet as ft

log = logging.getLogger("compagnon")

SOUNDS = {"warning": "sounds/warning.wav", "time-up": "sounds/time-up.wav"}


@dataclass
class Chimes:
    """What one page has sounded, and whether it is muted."""

    muted: bool = False
    sounded: dict[str, str] = field(default_factory=dict)  # timer key -> the last sound it made
    players: dict[str, Any] = field(default_factory=dict, repr=False)  # sound -> flet_audio.Audio
    loading: Any = field(default=None, repr=False)  # the players' loading (an asyncio future), once started
    speaker: Any = field(default=None, repr=False)  # this page's ft.SemanticsService, made when first needed

    def entered(self, key: str, warn: bool, over: bool) -> str | None:
        """The stage timer ``key`` has just entered ("warning", "time-up"), if any (and remember it)."""
        now = "time-up" if over else "warning" if warn else None
        if now is None:
            self.sounded.pop(key, None)
            return None
        if self.sounded.get(key) == now:
            return None
        self.sounded[key] = now
        return now

    def cue(self, key: str, warn: bool, over: bool) -> tuple[str | None, bool]:
        """What this page does now for timer ``key`` (and remembers): the sound it makes, if any (none while
        muted), and whether it says the end (at the end, muted or not)."""
        now = self.entered(key, warn, over)
        return (None if self.muted else now), now == "time-up"


def chimes() -> Chimes:
    """This page's chimes, made on first use."""
    store = ft.context.page.session.store
    found = store.get("chimes")
    if isinstance(found, Chimes):
        return found
    made = Chimes()
    store.set("chimes", made)
    return made


#: how long a chime waits for its sound to load, the first time, before it plays anyway
LOAD_WAIT_S = 3.0


async def load(bell: Chimes) -> None:
    """Register this page's audio players, once, and wait until their sounds are loaded (at most
    :data:`LOAD_WAIT_S`).

    Done the first time a chime is due, not when a countdown is first drawn: the browser makes an audio
    context for each player, and that blocked the page's drawing (about 200 ms of a phone-size page's main
    thread in headless Chromium) in the very frame that showed the tap's answer. A page whose timers
    never reach their warning time never pays it. Registered from a task, never while a component
    renders: a service registered then disturbs the update being built."""
    if bell.players:
        return
    try:
        import flet_audio as fta
    except ImportError:  # pragma: no cover - flet-audio is a dependency; without it the alarm is silent
        return
    loaded = {name: asyncio.Event() for name in SOUNDS}
    for name, src in SOUNDS.items():  # a service registers itself with the current page
        bell.players[name] = fta.Audio(src=src, volume=1.0, release_mode=fta.ReleaseMode.STOP,
                                       on_loaded=lambda _e, done=loaded[name]: done.set())
    try:
        await asyncio.wait_for(asyncio.gather(*(e.wait() for e in loaded.values())), LOAD_WAIT_S)
    except TimeoutError:
        pass  # played anyway: the player starts it once it has its sound


async def play(bell: Chimes, sound: str) -> None:
    """Sound ``sound`` on this page, its players loaded first if need be (one load, shared by the
    chimes that wait for it, which then play in the order they were due).  A page gone meanwhile, or a
    browser that refuses the sound, costs the chime, said in one line of the log: the countdown still
    turns red, and the next chime tries again."""
    if bell.loading is None:
        bell.loading = asyncio.ensure_future(load(bell))
    try:
        await bell.loading
        player = bell.players.get(sound)
        if player is not None:
            await player.play()
    except Exception as exc:  # noqa: BLE001 - a lost chime is no reason to trouble the server's log
        loading = bell.loading  # a load cancelled never gets here: awaiting it raised CancelledError
        if loading is not None and loading.done() and loading.exception() is not None:
            bell.loading, bell.players = None, {}  # the load failed: the next chime loads again
        log.warning("a timer's chime could not be played on this page: %s", type(exc).__name__)


async def say(bell: Chimes, words: str) -> None:
    """Say ``words`` to this page's screen reader (Flutter's announcement, polite), the service registered on first
    use, from a task (as the players: never while a component renders).  A page gone meanwhile costs the words,
    said in one line of the log."""
    try:
        if bell.speaker is None:
            bell.speaker = ft.SemanticsService()
        await bell.speaker.announce_message(words)
    except Exception as exc:  # noqa: BLE001 - lost words are no reason to trouble the server's log
        log.warning("a timer's end could not be said on this page: %s", type(exc).__name__)


def ring(key: str, warn: bool, over: bool, time_up: str = "") -> None:
    """Chime for timer ``key`` if it has just entered its warning time or run out, and say ``time_up`` to a
    screen reader when it has run out (called while rendering).

    Said once, here, rather than by the countdown as a live region: Flutter's web client announces each new
    label of a live region (a countdown said every second, "0:29", "0:28"...), and it said the end only at the
    page's next change of its accessibility tree (seconds later, once something else moved; or never)."""
    bell = chimes()
    sound, said = bell.cue(key, warn, over)
    if sound:
        ft.context.page.run_task(play, bell, sound)
    if said and time_up:
        ft.context.page.run_task(say, bell, time_up)
