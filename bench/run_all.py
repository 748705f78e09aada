"""Run every benchmark, one after the other, and print one table (and the machine it ran on).

    python -m bench.run_all [--quick] [--only scoring,writes,...] [--markdown FILE]

Each script runs in its own process (its own table is shown as it goes); the exit status is
non-zero when any of them could not measure.  ``--markdown`` also writes the table as Markdown,
for docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

from bench.common import INFO, MISS, NOT_MEASURED, PASS, ROOT, SPEED_NAME, Row, fmt, says, speed, table

SCRIPTS = {
    "scoring": "Scoring",
    "writes": "Writes",
    "timers": "Timers",
    "history": "History at scale",
    "startup": "Start-up",
    "sessions": "Sessions",
    "sync": "Sync",
    "taps": "Taps",
    "capacity": "Capacity",
    "events": "Server CPU per event",
}


def machine() -> dict[str, str]:
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor() or "?")
    mem = subprocess.run(["free", "-h"], capture_output=True, text=True, check=False).stdout.strip()
    return {"date": datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"), "nproc": str(os.cpu_count()),
            "cpu": cpu, "python": platform.python_version(), "memory": mem,
            "load": " ".join(f"{x:.2f}" for x in os.getloadavg())}


def markdown(sections: list[tuple[str, list[Row]]]) -> str:
    out = ["| benchmark | value | unit | target | verdict |", "|---|--:|---|---|---|"]
    for title, rows in sections:
        out.append(f"| **{title}** | | | | |")
        for r in rows:
            verdict = f"**{r.verdict}**" if r.verdict in (MISS, NOT_MEASURED) else r.verdict
            out.append(f"| {r.name.strip()} | {fmt(r.value)} | {r.unit} | {r.target} | {verdict} |")
    return "\n".join(out)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="small sizes: check that every script works")
    p.add_argument("--only", help=f"comma-separated subset of {', '.join(SCRIPTS)}")
    p.add_argument("--markdown", type=Path, help="also write the table as Markdown to this file")
    args = p.parse_args()
    chosen = args.only.split(",") if args.only else list(SCRIPTS)
    unknown = set(chosen) - set(SCRIPTS)
    if unknown:
        p.error(f"unknown benchmark(s): {', '.join(sorted(unknown))}")
    before = machine()
    pace = [speed()]
    print(f"{SPEED_NAME}: {says(pace[0])}", flush=True)
    sections: list[tuple[str, list[Row]]] = []
    failed: list[str] = []
    with tempfile.TemporaryDirectory(prefix="compagnon-bench-") as tmp:
        for key in chosen:
            out = Path(tmp) / f"{key}.json"
            cmd = [sys.executable, "-m", f"bench.bench_{key}", "--json", str(out), *(["--quick"] if args.quick else [])]
            print(f"\n== {' '.join(cmd[1:4])}", flush=True)
            t0 = time.perf_counter()
            code = subprocess.run(cmd, cwd=ROOT, check=False).returncode
            rows = [Row(**r) for r in json.loads(out.read_text())["rows"]] if out.exists() else []
            rows.append(Row("(time taken by this benchmark)", time.perf_counter() - t0, "s"))
            if code != 0:
                failed.append(key)
                if not any(r.verdict == NOT_MEASURED for r in rows):
                    rows.insert(0, Row(f"bench_{key}", None, "", "", NOT_MEASURED, f"exited with status {code}"))
            sections.append((SCRIPTS[key], rows))
    after = machine()
    pace.append(speed())
    flat: list[Row] = []
    for title, rows in sections:
        flat.append(Row(f"[{title}]", None, "", "", ""))
        flat += rows
    print("\n" + table(flat, "All benchmarks"))
    verdicts = [r.verdict for _t, rows in sections for r in rows]
    print(f"{verdicts.count(PASS)} pass, {verdicts.count(MISS)} miss, {verdicts.count(NOT_MEASURED)} not measured, "
          f"{verdicts.count(INFO)} for information")
    print(f"machine: {after['nproc']} CPUs ({after['cpu']}), Python {after['python']}, {after['date']}; "
          f"load average before {before['load']}, after {after['load']}")
    print(f"{SPEED_NAME} (docs/benchmarks.md says how to read it): before {says(pace[0])}, after {says(pace[1])}")
    print(after["memory"])
    if args.markdown:
        args.markdown.write_text(markdown(sections) + "\n")
        (args.markdown.with_suffix(".machine.json")).write_text(json.dumps({"before": before, "after": after,
                                                                            "speed": pace},
                                                                           indent=1, ensure_ascii=False))
    if failed:
        print(f"could not measure: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
