"""Timers are computed from timestamps: late or dropped ticks do not matter."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import IllegalEvent, find_game
from scoring.core import timers as tm


@given(st.lists(st.integers(1, 5000), min_size=1, max_size=200))
def test_remaining_depends_only_on_timestamps_not_on_ticks(gaps):
    t = tm.start(tm.new_timer(360_000), at=10_000)
    now = 10_000
    for gap in gaps:  # irregular, late, or missing ticks: each only reads the clock
        now += gap
        tm.remaining(t, now)
    assert tm.remaining(t, now) == max(0, 360_000 - (now - 10_000))


def test_pause_and_resume_keep_the_used_time():
    t = tm.start(tm.new_timer(180_000), at=0)
    t = tm.pause(t, at=50_000)
    assert tm.used(t, now=10**9) == 50_000
    t = tm.resume(t, at=70_000)
    assert tm.remaining(t, now=100_000) == 100_000
    assert tm.expires_at(t) == 200_000


def test_warning_near_the_end():
    t = tm.start(tm.new_timer(180_000), at=0)
    assert not tm.warning(t, 100_000) and tm.warning(t, 160_000) and tm.expired(t, 180_000)


def test_timer_events_through_any_game():
    game = find_game("apaches")
    import random
    opts = game.validate_options({"players": 2})
    state = game.initial_state(game.setup(opts, random.Random(0)).record, ["A", "B"])
    state = game.apply(state, {"type": "timer", "key": "k", "op": "start", "at": 1000, "ms": 60_000})
    state = game.apply(state, {"type": "timer", "key": "k", "op": "extend", "ms": 30_000})
    state = game.apply(state, {"type": "timer", "key": "k", "op": "pause", "at": 11_000})
    assert tm.remaining(state["timers"]["k"], now=99_999) == 80_000
    with pytest.raises(IllegalEvent, match="'bogus'"):
        game.apply(state, {"type": "timer", "key": "k", "op": "bogus"})
    with pytest.raises(IllegalEvent, match="'nope'"):
        game.apply(state, {"type": "timer", "key": "nope", "op": "pause", "at": 1})
