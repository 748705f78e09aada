"""bench.bench_events in its quick mode on a real server (to prove it still runs; no time is asserted)."""

from __future__ import annotations

from bench.bench_events import measure


def test_one_table_plays_its_moves_and_the_server_s_cpu_is_measured() -> None:
    got = measure(3, seed=1)
    assert got["fig"].events == 3 and not got["fig"].errors
    assert got["cpu"] > 0 and got["bytes"] > 0
