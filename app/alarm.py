"""The timers' audible warning: one chime when a timer enters its warning time, one when it runs out.

Each page (each phone or window) keeps its own record of what it has already sounded, in the page's
session, so a screen that re-renders or remounts does not chime again. A timer that is reset or
extended out of its warning time may chime again the next time it gets there. The table can mute the
sound on a device (the choice is that page's own).

>>> bell = Chimes()
>>> bell.due("t", warn=False, over=False) is None
True
>>> bell.due("t", warn=True, over=False), bell.due("t", warn=True, over=False)
('warning', None)
>>> bell.due("t", warn=False, over=True), bell.due("t", warn=False, over=True)
('time-up', None)
>>> bell.due("t", warn=False, over=False)  # reset: it may chime again
>>> bell.due("t", warn=True, over=False)
'warning'
>>> bell.muted = True
>>> bell.due("u", warn=True, over=False) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import flet as ft

SOUNDS = {"warning": "sounds/warning.wav", "time-up": "sounds/time-up.wav"}


@dataclass
class Chimes:
    """What one page has sounded, and whether it is muted."""

    muted: bool = False
    sounded: dict[str, str] = field(default_factory=dict)  # timer key -> the last sound it made
    players: dict[str, Any] = field(default_factory=dict, repr=False)  # sound -> flet_audio.Audio

    def due(self, key: str, warn: bool, over: bool) -> str | None:
        """The sound timer ``key`` should make now, if any (and remember it)."""
        now = "time-up" if over else "warning" if warn else None
        if now is None:
            self.sounded.pop(key, None)
            return None
        if self.sounded.get(key) == now:
            return None
        self.sounded[key] = now
        return None if self.muted else now


def chimes() -> Chimes:
    """This page's chimes, made on first use."""
    store = ft.context.page.session.store
    found = store.get("chimes")
    if isinstance(found, Chimes):
        return found
    made = Chimes()
    store.set("chimes", made)
    return made


def load() -> None:
    """Register this page's audio players, once, so that the sounds are loaded before they are needed.

    Called from an effect, after a render: a service registered while a component renders disturbs the
    update being built (the row's buttons lost their names)."""
    bell = chimes()
    if bell.players:
        return
    try:
        import flet_audio as fta
    except ImportError:  # pragma: no cover - flet-audio is a dependency; without it the alarm is silent
        return
    for name, src in SOUNDS.items():  # a service registers itself with the current page
        bell.players[name] = fta.Audio(src=src, volume=1.0, release_mode=fta.ReleaseMode.STOP)


def ring(key: str, warn: bool, over: bool) -> None:
    """Chime for timer ``key`` if it has just entered its warning time or run out (called while rendering)."""
    bell = chimes()
    sound = bell.due(key, warn, over)
    player = bell.players.get(sound) if sound else None
    if player is not None:
        ft.context.page.run_task(player.play)
