"""When the timers chime (issue #5: timers "warn audibly and visibly near the end")."""

from __future__ import annotations

import doctest
import wave
from pathlib import Path

import app.alarm as alarm
from app.alarm import Chimes
from scoring.core import timers as tm

ROOT = Path(__file__).resolve().parents[1]


def test_doctests():
    assert doctest.testmod(alarm).failed == 0


def test_a_timer_chimes_once_entering_its_warning_time_and_once_at_zero():
    bell = Chimes()
    t = tm.start(tm.new_timer(180_000), at=0)
    heard = []
    for now in range(0, 200_000, 500):  # a tick every half second, from start to well past the end
        warn, over = tm.warning(t, now), tm.expired(t, now)
        sound = bell.due("phase3:0", warn, over)
        if sound:
            heard.append((now, sound))
    assert heard == [(150_000, "warning"), (180_000, "time-up")]


def test_each_timer_chimes_for_itself_and_again_after_a_reset():
    bell = Chimes()
    assert bell.due("a", warn=True, over=False) == "warning"
    assert bell.due("b", warn=True, over=False) == "warning"  # another timer: its own chime
    assert bell.due("a", warn=True, over=False) is None
    assert bell.due("a", warn=False, over=False) is None  # reset or extended out of its warning time
    assert bell.due("a", warn=True, over=False) == "warning"


def test_a_muted_device_stays_silent_and_does_not_chime_late_when_unmuted():
    bell = Chimes(muted=True)
    assert bell.due("a", warn=True, over=False) is None
    bell.muted = False
    assert bell.due("a", warn=True, over=False) is None  # that warning has passed already
    assert bell.due("a", warn=False, over=True) == "time-up"


def test_the_sounds_ship_with_the_app():
    for src in alarm.SOUNDS.values():
        with wave.open(str(ROOT / "assets" / src)) as w:
            assert w.getnframes() / w.getframerate() > 0.2  # long enough to be heard
