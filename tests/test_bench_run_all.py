"""``python -m bench.run_all``: one table of every benchmark, and the machine it ran on, its speed included (a
fixed piece of Python timed before and after, so that a run's absolute figures can be read against the
machine's pace that day).  Quick mode, one benchmark: no time is asserted."""

from __future__ import annotations

import doctest
import json
import subprocess
import sys
from pathlib import Path

import bench.common
from bench.common import ROOT


def test_run_all_reports_the_machine_s_speed_before_and_after(tmp_path: Path) -> None:
    md = tmp_path / "run.md"
    done = subprocess.run([sys.executable, "-m", "bench.run_all", "--quick", "--only", "scoring",
                           "--markdown", str(md)], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert [line for line in done.stdout.splitlines() if line.startswith("machine speed") and "after" in line]
    pace = json.loads(md.with_suffix(".machine.json").read_text())["speed"]
    assert len(pace) == 2
    for s in pace:
        assert 0 < s["fastest"] <= s["median"] <= s["slowest"], s
    text = md.read_text()
    assert "| **Scoring** |" in text
    assert "| (machine speed: a fixed Python workload, median of 21) |" in text  # each script's table ends with it


def test_an_unknown_benchmark_is_named_in_one_message() -> None:
    done = subprocess.run([sys.executable, "-m", "bench.run_all", "--only", "scoring,speedd"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "unknown benchmark(s): speedd" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_doctests_of_what_every_benchmark_shares() -> None:
    result = doctest.testmod(bench.common)
    assert result.attempted and result.failed == 0
