"""bench.bench_startup in its quick mode (to prove it still runs; no time is asserted): each app's launch, its
first screen's data reaching the page and the moment the screen entered the accessibility tree (noted by the
page's MutationObserver) are measured, in that order; the minimal app's launch against itself (the control) is
measured beside them; and Compagnon wrote the code it compiled into the benchmark's own cache folder, not the
user's."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.browser.conftest import ROOT


def test_the_start_up_benchmark_measures_each_phase_of_both_apps(tmp_path):
    out = tmp_path / "startup.json"
    home_cache = tmp_path / "home-cache"
    env = {**os.environ, "XDG_CACHE_HOME": str(home_cache)}
    done = subprocess.run([sys.executable, "-m", "bench.bench_startup", "--quick", "--json", str(out)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    rows = {r["name"]: r for r in json.loads(out.read_text())["rows"]}
    for app in ("Compagnon", "minimal Flet app"):
        ready = rows[f"  {app}: launch → server answers"]["value"]
        arrived = rows[f"  {app}: launch → the first screen's data reached the page"]["value"]
        shown = rows[f"{app}: launch → first screen shown, median of 1"]["value"]
        assert 0 < ready < arrived <= shown < 60, (app, ready, arrived, shown)
    worst = rows["Compagnon / minimal app, the worst of 1 runs"]
    assert worst["value"] > 0 and worst["verdict"] in ("pass", "MISS")
    control = rows["  the control: minimal app / itself, the worst of 1 runs"]  # the machine's own spread
    assert control["value"] > 0 and control["verdict"] == "info" and "each run: " in control["note"]
    assert not home_cache.exists()  # the benchmark's launches kept their compiled code in its own folder
