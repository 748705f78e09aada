"""Every benchmark that no other test runs, in its quick mode (to prove it still runs and measures each of its
figures; no time is asserted). ``bench_capacity``, ``bench_events``, ``bench_taps`` and ``bench_startup`` have
tests of their own (``tests/test_bench_*.py``, ``tests/browser/test_bench_startup.py``)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.common import NOT_MEASURED
from tests.browser.conftest import ROOT
from tests.conftest import _pg_database


def quick(script: str, tmp_path: Path, *extra: str) -> list[dict[str, object]]:
    """The rows ``python -m bench.<script> --quick`` measured (it must end well)."""
    out = tmp_path / f"{script}.json"
    done = subprocess.run([sys.executable, "-m", f"bench.{script}", "--quick", "--json", str(out), *extra], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    rows = json.loads(out.read_text())["rows"]
    assert rows and not [r for r in rows if r["verdict"] == NOT_MEASURED], rows
    return list(rows)


def measured(row: dict[str, object]) -> bool:
    """A finite number; below zero only for a difference of two measures ("running − paused": over a quick mode's
    short windows the noise can make it negative, which says nothing measurable, as CI's run X5 found)."""
    value = row["value"]
    return (isinstance(value, (int, float)) and math.isfinite(value)
            and (value >= 0 or " − " in str(row["name"])))


def targets(rows: list[dict[str, object]]) -> list[dict[str, object]]:
    """The figures beside a target, each of them measured (a number)."""
    aimed = [r for r in rows if r["target"]]
    assert all(measured(r) for r in aimed), aimed
    return aimed


@pytest.mark.parametrize("script", ["bench_scoring", "bench_writes", "bench_timers", "bench_sessions", "bench_sync"])
def test_a_benchmark_s_quick_mode_measures_each_of_its_figures(script, tmp_path):
    assert targets(quick(script, tmp_path))  # a figure beside its target


@pytest.fixture
def empty_postgres() -> Iterator[str]:
    yield from _pg_database()


def test_the_history_benchmark_s_quick_mode_on_sqlite(tmp_path):
    assert len(targets(quick("bench_history", tmp_path, "--no-postgres"))) >= 10


def test_the_history_benchmark_s_quick_mode_on_postgresql(tmp_path, empty_postgres):
    assert len(targets(quick("bench_history", tmp_path, "--postgres-only", "--postgres-url", empty_postgres))) >= 10


def test_a_figure_below_zero_is_measured_only_when_it_is_a_difference():
    assert measured({"name": "  ticking on the server: running − paused (3 pages)", "value": -0.5})
    assert not measured({"name": "6-min timer end vs true time, worst of 100", "value": -1})
    assert not measured({"name": "running − paused", "value": float("nan")})
    assert not measured({"name": "sync p95", "value": None})
