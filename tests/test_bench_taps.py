"""bench.bench_taps: how the taps' times become its table (the browser part runs in its quick mode)."""

from __future__ import annotations

from bench.bench_taps import rows
from bench.common import MISS, NOT_MEASURED, PASS


def test_the_acting_device_and_the_other_devices_are_reported_apart_each_against_its_target() -> None:
    got = {"undo|own": [100.0, 120.0], "undo|other": [300.0, 320.0], "open stats|own": [90.0]}
    table = rows(got, [])
    assert table[0].name.startswith("acting device") and table[0].verdict == PASS  # p95 of 90, 100, 120
    assert table[1].name.startswith("other devices") and table[1].verdict == MISS  # 320 ms ≥ 250
    assert [r.value for r in table if r.name.strip().startswith("undo")] == ["110 / 120; others 310 / 320"]


def test_no_tap_measured_is_said_with_the_reason() -> None:
    table = rows({}, ["robby: TimeoutError: no button"])
    assert table[0].verdict == NOT_MEASURED and "no button" in table[0].note


def test_the_server_s_answer_is_shown_beside_each_action_s_time() -> None:
    """Tap → the server's first message, apart from tap → screen updated: what is left is the browser's drawing."""
    got = {"undo|own": [100.0, 120.0], "undo|answer": [30.0, 50.0], "open stats|own": [90.0]}
    table = rows(got, [])
    (answer,) = [r for r in table if "server's first message" in r.name]
    assert answer.value == 50.0 and "median 40 ms" in answer.note  # p95 of 30, 50 (nearest rank)
    assert [r.value for r in table if r.name.strip().startswith("undo")] == ["110 / 120 (answer 40)"]
    assert [r.value for r in table if r.name.strip().startswith("open stats")] == ["90 / 90"]
