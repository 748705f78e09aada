"""The timer view wakes exactly when what it shows changes (issue #9: ticking under 1 % of a core).

A countdown no longer re-renders every 0.5 s: it sleeps until the m:ss it shows (or its colour,
or "time's up") changes, and its row sleeps until the warning and the end.  These tests walk
a timer from start to end through those wake-ups and check, against the timestamps alone,
that nothing shown changes between two wake-ups and that something changes at each one.
"""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given
from hypothesis import strategies as st

from app.timer_view import mmss, next_second, next_stage
from scoring.core import timers as tm


def shown(timer: tm.Timer, now: int) -> tuple[str, bool, bool]:
    """What the countdown shows at ``now``: its text, red or not, over or not."""
    return mmss(tm.remaining(timer, now)), tm.warning(timer, now), tm.expired(timer, now)


def stage(timer: tm.Timer, now: int) -> tuple[bool, bool]:
    """What the row around it shows: red or not, over or not (the pause button goes)."""
    return tm.warning(timer, now) or tm.expired(timer, now), tm.expired(timer, now)


def walk(timer: tm.Timer, start: int, delay: Callable[[tm.Timer, int], int | None],
         what: Callable[[tm.Timer, int], object]) -> list[int]:
    """Follow the wake-ups from ``start``; check that ``what`` changes at each and only there."""
    now, wakes = start, [start]
    while (wait := delay(timer, now)) is not None:
        assert wait > 0
        before = what(timer, now)
        # Nothing changes before the wake-up...
        for probe in {now + 1, now + wait // 2, now + wait - 1} - {now}:
            if probe < now + wait:
                assert what(timer, probe) == before, (now, probe, wait)
        now += wait
        assert what(timer, now) != before, (now, wait)  # ...and something does at it
        wakes.append(now)
    assert tm.expired(timer, now) or not tm.running(timer)
    return wakes


@given(st.integers(1, 900).map(lambda s: s * 1000) | st.integers(1, 900_000), st.integers(0, 10**9),
       st.integers(0, 5_000))
def test_a_countdown_wakes_once_per_shown_change(duration: int, t0: int, late: int) -> None:
    timer = tm.start(tm.new_timer(duration), at=t0)
    wakes = walk(timer, t0 + late, next_second, shown)
    # About one render a second, never more than the seconds shown plus the warning.
    assert len(wakes) - 1 <= -(-max(0, duration - late) // 1000) + 1
    assert wakes[-1] == t0 + duration or late >= duration


@given(st.integers(1, 900_000), st.integers(0, 10**9), st.integers(0, 5_000))
def test_a_row_wakes_at_the_warning_and_at_the_end_only(duration: int, t0: int, late: int) -> None:
    timer = tm.start(tm.new_timer(duration), at=t0)
    wakes = walk(timer, t0 + late, next_stage, stage)
    assert len(wakes) - 1 <= 2


def test_a_paused_or_finished_timer_never_wakes() -> None:
    timer = tm.start(tm.new_timer(60_000), at=0)
    assert next_second(tm.pause(timer, at=10_000), 20_000) is None
    assert next_stage(tm.pause(timer, at=10_000), 20_000) is None
    assert next_second(timer, 60_000) is None and next_stage(timer, 61_000) is None
    assert next_second(tm.new_timer(60_000), 0) is None
