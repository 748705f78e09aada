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
        sound, said = bell.cue("phase3:0", warn, over)
        if sound or said:
            heard.append((now, sound, said))
    assert heard == [(150_000, "warning", False), (180_000, "time-up", True)]


def test_each_timer_chimes_for_itself_and_again_after_a_reset():
    bell = Chimes()
    assert bell.cue("a", warn=True, over=False)[0] == "warning"
    assert bell.cue("b", warn=True, over=False)[0] == "warning"  # another timer: its own chime
    assert bell.cue("a", warn=True, over=False)[0] is None
    assert bell.cue("a", warn=False, over=False)[0] is None  # reset or extended out of its warning time
    assert bell.cue("a", warn=True, over=False)[0] == "warning"


def test_a_muted_device_stays_silent_but_says_the_end_and_does_not_chime_late_when_unmuted():
    bell = Chimes(muted=True)
    assert bell.cue("z", warn=False, over=True) == (None, True)  # the sound is muted, not the words
    assert bell.cue("a", warn=True, over=False)[0] is None
    bell.muted = False
    assert bell.cue("a", warn=True, over=False)[0] is None  # that warning has passed already
    assert bell.cue("a", warn=False, over=True)[0] == "time-up"


def test_the_sounds_ship_with_the_app():
    for src in alarm.SOUNDS.values():
        with wave.open(str(ROOT / "assets" / src)) as w:
            assert w.getnframes() / w.getframerate() > 0.2  # long enough to be heard


def test_the_players_are_made_at_the_first_chime_once_and_the_chimes_play_in_order(monkeypatch):
    """A page makes its audio players when a first chime is due (an audio context each: made with the
    countdown's first drawing, they blocked that frame), once, whatever the number of chimes waiting."""
    import asyncio

    import flet_audio as fta

    from bench.common import run_apart  # its own loop: a worker's browser tests leave one running

    heard: list[str] = []

    async def played(self, position=0):
        heard.append(self.src)

    monkeypatch.setattr(fta.Audio, "play", played)
    monkeypatch.setattr(alarm, "LOAD_WAIT_S", 0.01)  # no page here to say the sounds are loaded
    bell = Chimes()
    assert bell.players == {}

    async def evening() -> None:
        await asyncio.gather(alarm.play(bell, "warning"), alarm.play(bell, "time-up"))
        first = dict(bell.players)
        await alarm.play(bell, "warning")
        assert bell.players == first  # made once

    run_apart(evening())
    assert heard == [alarm.SOUNDS["warning"], alarm.SOUNDS["time-up"], alarm.SOUNDS["warning"]]
    assert set(bell.players) == set(alarm.SOUNDS)


def test_a_chime_that_cannot_play_is_one_line_of_the_log_and_the_next_loads_again(monkeypatch, caplog):
    import flet_audio as fta

    from bench.common import run_apart

    calls = {"load": 0}
    real_load = alarm.load

    async def failing_once(bell):
        calls["load"] += 1
        if calls["load"] == 1:
            raise ConnectionError("the page went away")
        await real_load(bell)

    heard: list[str] = []

    async def played(self, position=0):
        heard.append(self.src)

    monkeypatch.setattr(alarm, "load", failing_once)
    monkeypatch.setattr(fta.Audio, "play", played)
    monkeypatch.setattr(alarm, "LOAD_WAIT_S", 0.01)
    bell = Chimes()
    with caplog.at_level("WARNING", logger="compagnon"):
        run_apart(alarm.play(bell, "warning"))
    assert heard == [] and bell.loading is None
    assert [r.getMessage() for r in caplog.records] == [
        "a timer's chime could not be played on this page: ConnectionError"]
    assert all(r.exc_info is None for r in caplog.records)  # no traceback in the log
    run_apart(alarm.play(bell, "time-up"))
    assert heard == [alarm.SOUNDS["time-up"]] and calls["load"] == 2
