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
    assert tm.remaining(t, now=199_999) == 1 and tm.expired(t, now=200_000)


def test_warning_near_the_end():
    t = tm.start(tm.new_timer(180_000), at=0)
    assert not tm.warning(t, 100_000) and tm.warning(t, 160_000) and tm.expired(t, 180_000)


def test_timer_events_through_any_game():
    game = find_game("apaches")
    import random
    opts = game.validate_options({"players": 2})
    state = game.initial_state(game.setup(opts, random.Random(0)).record, ["A", "B"])
    state = game.apply(state, {"type": "timer", "key": "k", "op": "start", "at": 1000, "ms": 60_000})
    state = game.apply(state, {"type": "timer", "key": "k", "op": "extend", "ms": 30_000, "at": 5_000})
    state = game.apply(state, {"type": "timer", "key": "k", "op": "pause", "at": 11_000})
    assert tm.remaining(state["timers"]["k"], now=99_999) == 80_000
    with pytest.raises(IllegalEvent, match="“bogus”"):
        game.apply(state, {"type": "timer", "key": "k", "op": "bogus"})
    with pytest.raises(IllegalEvent, match="“nope”"):
        game.apply(state, {"type": "timer", "key": "nope", "op": "pause", "at": 1})


# --------------------------------------------------------------------------- issue 21, items 1 to 4


def timer_event(state: dict, **event) -> dict:
    return tm.apply_timer_event(state, {"type": "timer", "key": "k", **event})


@pytest.mark.parametrize("bought_at", [200_000, 400_000, 180_000, 90_000])
def test_bought_time_starts_from_the_purchase(bought_at: int):
    """Extending an expired countdown counts the new time from the moment it is bought: 3 minutes bought
    200 s or 400 s into a 180 s countdown show 3:00, not 2:40 or 0:00; bought before the end they add to
    what is left."""
    state = timer_event({}, op="start", at=0, ms=180_000)
    state = timer_event(state, op="extend", ms=180_000, at=bought_at)
    left = max(0, 180_000 - bought_at) + 180_000
    assert tm.remaining(state["timers"]["k"], now=bought_at) == left
    assert tm.remaining(state["timers"]["k"], now=bought_at + left - 1) == 1
    assert tm.expired(state["timers"]["k"], now=bought_at + left)


def test_extending_a_running_timer_needs_its_time():
    state = timer_event({}, op="start", at=0, ms=180_000)
    with pytest.raises(IllegalEvent) as err:
        timer_event(state, op="extend", ms=60_000)
    assert str(err.value).startswith("at:") and err.value.get("fr").startswith("at :")


def test_a_reset_keeps_the_time_used():
    """A reset starts a fresh countdown; what the old one used stays counted (``total_used``)."""
    state = timer_event({}, op="start", at=0, ms=360_000)
    state = timer_event(state, op="reset", ms=360_000, at=200_000)
    t = state["timers"]["k"]
    assert not tm.running(t) and tm.remaining(t, now=999_999) == 360_000
    state = timer_event(state, op="start", at=200_000)
    assert tm.total_used(state["timers"]["k"], now=230_000) == 230_000


@pytest.mark.parametrize("op", ["resume", "start", "pause", "stop"])
def test_a_time_stamped_before_an_earlier_one_never_counts_a_gap_twice(op: str):
    """The clock guard applies to every operation: a resume stamped before the pause counts from the pause."""
    state = timer_event({}, op="start", at=0, ms=180_000)
    state = timer_event(state, op="pause", at=100_000)
    state = timer_event(state, op="resume", at=50_000)  # a phone whose clock is behind
    assert tm.used(state["timers"]["k"], now=150_000) == 150_000
    state = timer_event(state, op=op, at=10_000)
    assert tm.used(state["timers"]["k"], now=100_000) == 100_000


@pytest.mark.parametrize("event,field", [
    ({"op": "start", "at": 0, "ms": True}, "ms"),
    ({"op": "start", "at": 0, "ms": 10**30}, "ms"),
    ({"op": "start", "at": 0, "ms": 0}, "ms"),
    ({"op": "start", "at": 0, "ms": "60000"}, "ms"),
    ({"op": "start", "at": 10**30, "ms": 60_000}, "at"),
    ({"op": "start", "at": -1, "ms": 60_000}, "at"),
    ({"op": "start", "at": 1.5, "ms": 60_000}, "at"),
    ({"op": "reset", "ms": False}, "ms"),
    ({"op": "reset", "ms": 25 * 3_600_000}, "ms"),
    ({"op": "fly", "at": 0}, "op"),
    ({"op": "start", "at": 0, "ms": 1000, "key": ""}, "key"),
    ({"op": "start", "at": 0, "ms": 1000, "key": 7}, "key"),
])
def test_timer_values_are_bounded_and_typed_with_bilingual_refusals(event: dict, field: str):
    with pytest.raises(IllegalEvent) as err:
        tm.apply_timer_event({}, {"type": "timer", "key": "k", **event})
    fr, en = err.value.get("fr"), err.value.get("en")
    assert en.startswith(f"{field}:") and fr.startswith(f"{field} :") and fr != en
    assert not {"must", "got", "needs", "named"} & set(fr.replace(",", " ").split())


def test_limits_of_a_timer():
    state = timer_event({}, op="start", at=tm.MAX_AT, ms=tm.MAX_MS)
    assert tm.remaining(state["timers"]["k"], now=tm.MAX_AT) == tm.MAX_MS
    with pytest.raises(IllegalEvent, match="24 hours"):
        timer_event(state, op="extend", ms=1, at=tm.MAX_AT)
    assert "remaining" in dir(tm) and not hasattr(tm, "expires_at"), "dead code removed"
