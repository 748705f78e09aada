"""What every benchmark shares: its figures as a table, verdicts, the exit code, /proc readings.

A script builds :class:`Row`\\ s and ends with ``raise SystemExit(report(title, rows, args))``:
the table goes to standard output (its last row the machine's speed, :func:`speed`), the rows to
``--json FILE`` (for ``bench.run_all``), and the exit status is non-zero when something could not be
measured (a missed target is a figure, not a failure of the script).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import threading
import time
from collections.abc import Coroutine, Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


def run_apart(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(coroutine)``, in a thread of its own when this thread already runs an event loop (a
    test process where Playwright's synchronous API holds one: ``asyncio.run`` refuses to start there)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    result: list[T] = []
    error: list[BaseException] = []

    def run() -> None:
        try:
            result.append(asyncio.run(coroutine))
        except BaseException as e:  # noqa: BLE001 - handed back to the caller's thread as it is
            error.append(e)

    thread = threading.Thread(target=run, name="run_apart")
    thread.start()
    thread.join()
    if error:
        raise error[0]
    return result[0]

ROOT = Path(__file__).resolve().parent.parent
PASS, MISS, INFO, NOT_MEASURED = "pass", "MISS", "info", "NOT MEASURED"


@dataclass
class Row:
    name: str
    value: float | str | None
    unit: str = ""
    target: str = ""
    verdict: str = INFO
    note: str = ""


def below(value: float, limit: float) -> str:
    return PASS if value < limit else MISS


def at_most(value: float, limit: float) -> str:
    return PASS if value <= limit else MISS


def median(xs: Sequence[float]) -> float:
    return float(statistics.median(xs))


def percentile(xs: Sequence[float], p: float) -> float:
    """The ``p``-th percentile (nearest rank)."""
    s = sorted(xs)
    return float(s[min(len(s) - 1, max(0, round(p / 100 * len(s) + 0.5) - 1))])


def fmt(value: float | str | None) -> str:
    if value is None:
        return "—"
    if isinstance(value, str):
        return value
    if abs(value) >= 100 or value == int(value):
        return f"{value:,.0f}".replace(",", " ")
    if abs(value) >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}" if abs(value) >= 0.1 else f"{value:.3f}"


def table(rows: Iterable[Row], title: str = "") -> str:
    head = ("benchmark", "value", "unit", "target", "verdict")
    body = [(r.name, fmt(r.value), r.unit, r.target, r.verdict) for r in rows]
    widths = [max(len(x[i]) for x in [head, *body]) for i in range(5)]
    line = "  ".join("-" * w for w in widths)
    out = [title, line] if title else [line]
    out.append("  ".join(h.ljust(w) for h, w in zip(head, widths, strict=True)))
    out.append(line)
    for r in body:
        cells = [r[0].ljust(widths[0]), r[1].rjust(widths[1]), *(c.ljust(w) for c, w in zip(r[2:], widths[2:],
                                                                                            strict=True))]
        out.append("  ".join(cells).rstrip())
    out.append(line)
    return "\n".join(out)


def _workload() -> int:
    """A fixed piece of plain Python (a dictionary filled, sorted, strings formatted): no I/O, no import."""
    table = {f"p{i:05d}": (i * 7919) % 10007 for i in range(20_000)}
    ranked = sorted(table.items(), key=lambda kv: (-kv[1], kv[0]))
    return sum(len(f"{name}:{score}") for name, score in ranked[::3])


#: how many times :func:`speed` runs its workload; the name of its row in every table
SPEED_RUNS = 21
SPEED_NAME = f"machine speed: a fixed Python workload, median of {SPEED_RUNS}"


def speed(times: int = SPEED_RUNS) -> dict[str, float]:
    """How fast this machine runs Python right now: :func:`_workload`'s median, fastest and slowest time in
    ms over ``times`` runs (about 1.5 s).  Absolute figures (ms a tap, µs a sheet) scale with it: a run whose
    median is twice another's was measured on a machine twice as slow, and a wide spread says that something
    else took the processor meanwhile."""
    got = []
    for _ in range(times):
        t0 = time.perf_counter()
        _workload()
        got.append((time.perf_counter() - t0) * 1000)
    got.sort()
    return {"median": got[len(got) // 2], "fastest": got[0], "slowest": got[-1]}


def says(s: dict[str, float]) -> str:
    """:func:`speed`'s figures in one line.

    >>> says({"median": 21.04, "fastest": 20.0, "slowest": 30.55})
    '21.0 ms (20.0–30.6)'
    """
    return f"{s['median']:.1f} ms ({s['fastest']:.1f}–{s['slowest']:.1f})"


def parser(description: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--json", type=Path, help="also write the rows to this file (for bench.run_all)")
    p.add_argument("--quick", action="store_true", help="small sizes: check that the script works")
    return p


def report(title: str, rows: Sequence[Row], args: argparse.Namespace) -> int:
    """Print the table (the machine's speed as the script ends, :func:`speed`, as its last row), write
    ``--json``; the exit status: 1 when something could not be measured."""
    pace = speed()
    measured = bool(rows) and not any(r.verdict == NOT_MEASURED for r in rows)
    rows = [*rows, Row(f"({SPEED_NAME})", pace["median"], "ms", "", INFO,
                       f"fastest {pace['fastest']:.1f} ms, slowest {pace['slowest']:.1f} ms (docs/benchmarks.md, "
                       "Machine)")]
    print(table(rows, title), flush=True)
    notes = [f"  {r.name}: {r.note}" for r in rows if r.note]
    if notes:
        print("notes:\n" + "\n".join(notes), flush=True)
    if getattr(args, "json", None):
        args.json.write_text(json.dumps({"title": title, "rows": [asdict(r) for r in rows]}, ensure_ascii=False,
                                        indent=1))
    return 0 if measured else 1


# --------------------------------------------------------------------------- /proc readings (Linux)

def proc_status(pid: int, key: str) -> int:
    """A ``kB`` field of ``/proc/PID/status`` (``VmRSS``, ``VmHWM``...), in kB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    raise KeyError(key)


def children(pid: int) -> list[int]:
    """Every live descendant of ``pid``."""
    parent: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        kids = [c for c, pp in parent.items() if pp == p]
        out += kids
        todo += kids
    return out


def cpu_seconds(pids: Iterable[int]) -> float:
    """User + system CPU time used so far by these processes (gone ones count 0)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
    return total / tick
