"""Server CPU per event: one table on one quiet server, the same moves every run.

One five-player Robby Solo match on a fresh ``compagnon`` process (SQLite): its host page and five
seat phones, all :class:`bench.flet_ws.FletPage` (no browser).  The table plays ``--events`` moves
one after the other, chosen as ``bench_capacity`` chooses them but from a fixed seed (the same moves
on the same code), each followed by a short pause in which every page receives its patches.  The
server's CPU time (``/proc``) over the whole sequence divided by the events (its idle CPU, measured
before, is shown beside): the cost of one event for a table of six pages (the writer's handling, the other
pages told, each page's redraw and diff).  CPU time, not wall time: it changes little with the
machine's load.  Target (issue #18's 50 tables at about 12 events a second on one core): ≤ 30 ms.

``--loops N`` plays instead a fixed loop N times and reports each kind of event apart (median CPU, from
``/proc/PID/task/*/schedstat``, nanoseconds): the host records a round (six numbers typed first, not
counted), a phone gives its secret order (a bank chosen first), the host undoes both, then recounts the deck.

    python -m bench.bench_events [--events 40] [--seed 1] [--loops 5] [--quick]
"""

from __future__ import annotations

import asyncio
import collections
import os
import random
import signal
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.bench_capacity import UNDO, Figures, Served, Table, actions, fill, prepare, turn, warm
from bench.common import INFO, NOT_MEASURED, Row, at_most, cpu_seconds, median, parser, percentile, report, run_apart
from bench.flet_ws import UPDATE, FletPage

TARGET_MS = 30.0
PAUSE = 0.4  # seconds after a move: every page's patches have arrived before the next one


async def sequence(server: Served, table: Table, events: int, seed: int) -> dict[str, Any]:
    table.pages = [await FletPage.connect(server.url, r, timeout=120) for r in [table.host, *table.seats]]
    try:
        for p in table.pages:
            await p.wait_for_text("Robby Solo", timeout=120)
        await asyncio.sleep(3.0)  # the warm-up's last imports and the pages' first effects are done
        idle0, t0 = cpu_seconds([server.pid]), time.perf_counter()
        await asyncio.sleep(2.0)
        idle = (cpu_seconds([server.pid]) - idle0) / (time.perf_counter() - t0)
        fig, rng = Figures(), random.Random(seed)
        received = sum(p.received_bytes for p in table.pages)
        cpu0, t0 = cpu_seconds([server.pid]), time.perf_counter()
        for _ in range(events):
            await turn(table, rng, fig, wait=2.0)
            await asyncio.sleep(PAUSE)
        wall = time.perf_counter() - t0
        cpu = cpu_seconds([server.pid]) - cpu0
        sent = sum(p.received_bytes for p in table.pages) - received
        return {"fig": fig, "cpu": cpu, "wall": wall, "idle": idle, "bytes": sent}
    finally:
        for p in table.pages:
            await p.close()


def cpu_ms(pid: int) -> float:
    """CPU time of every thread of ``pid`` so far, in ms (the scheduler's own count: finer than ``stat``)."""
    total = 0
    for stat in Path(f"/proc/{pid}/task").glob("*/schedstat"):
        try:
            total += int(stat.read_text().split()[0])
        except OSError:
            continue
    return total / 1e6


async def settled(pages: list[FletPage], quiet: float = 0.5) -> None:
    """Until no page has received a patch for ``quiet`` seconds."""
    while True:
        seen = sum(p.patches for p in pages)
        await asyncio.sleep(quiet)
        if sum(p.patches for p in pages) == seen:
            return


async def choose(page: FletPage) -> None:
    """Each dropdown of the page set to its first real option (a secret order's bank)."""
    for c, _up in list(page.controls()):
        if c["_c"] == "Dropdown":
            key = next(o["key"] for o in c.get("options", []) if o.get("key"))
            await page.send(UPDATE, {"id": c["_i"], "props": {"value": key}})
            await page.event(c, "select", key)


async def loops(server: Served, table: Table, n: int) -> dict[str, list[float]]:
    """The fixed loop ``n`` times: CPU ms of each event, by kind."""
    pages = [await FletPage.connect(server.url, r, timeout=120) for r in [table.host, *table.seats]]
    host, rng, by = pages[0], random.Random(1), collections.defaultdict(list)

    async def event(kind: str, tap: Any) -> None:
        before = cpu_ms(server.pid)
        await tap()
        await settled(pages)
        by[kind].append(cpu_ms(server.pid) - before)

    try:
        for p in pages:
            await p.wait_for_text("Robby Solo", timeout=120)
        await asyncio.sleep(3.0)
        for k in range(n):
            await fill(host, rng)
            await settled(pages)
            await event("record a round (host)", lambda: host.click(host.button("Butins posés")))
            await pages[1].wait_for(lambda: any(actions(p) for p in pages[1:]), 30)
            phone = next(p for p in pages[1:] if actions(p))
            await choose(phone)
            await settled(pages)
            await event("secret order (a phone)", lambda phone=phone: phone.click(actions(phone)[0]))
            for _ in range(2):
                await event("undo (host)", lambda: host.click(host.find(UNDO, handler="click")))
            await host.change(host.field("Cartes Butin dans la pioche"), str(50 - k))
            await settled(pages)
            await event("recount the deck (host)", lambda: host.click(host.button("Recompter la pioche")))
        return dict(by)
    finally:
        for p in pages:
            await p.close()


def measure(events: int, seed: int, n_loops: int = 0) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="compagnon-events-") as tmp:
        url = f"sqlite:///{Path(tmp) / 'compagnon.db'}"
        table = prepare(url, 1)[0]
        server = Served(Path(tmp), url)
        try:
            warm([server])
            if n_loops:
                return {"kinds": run_apart(loops(server, table, n_loops))}
            return run_apart(sequence(server, table, events, seed))
        finally:
            server.kill(signal.SIGKILL)


def main() -> int:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--events", type=int, default=40)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--loops", type=int, default=0, help="play the fixed loop this many times instead")
    args = p.parse_args()
    events = 6 if args.quick else args.events
    load = os.getloadavg()[0]
    if args.loops:
        kinds = measure(0, 0, args.loops)["kinds"]
        rows = [Row(f"{kind}: server CPU, median of {len(ms)}", median(ms), "ms") for kind, ms in kinds.items()]
        rows.append(Row("load average (1 min) before / after", f"{load:.1f} / {os.getloadavg()[0]:.1f}", ""))
        return report("Server CPU per event, by kind: one table, a fixed loop", rows, args)
    got = measure(events, args.seed)
    fig: Figures = got["fig"]
    if not fig.events:
        return report("Server CPU per event", [Row("events played", 0, "", "", NOT_MEASURED)], args)
    per_event = 1000 * got["cpu"] / fig.events
    rows = [
        Row("server CPU per event (host + 5 phones, Robby Solo)", per_event, "ms", f"≤ {TARGET_MS:.0f}",
            at_most(per_event, TARGET_MS), f"{fig.events} events (undone: {fig.undos}), seed {args.seed}; "
            f"the server idle: {1000 * got['idle']:.1f} ms a second"),
        Row("  bytes sent to the six pages per event", got["bytes"] / fig.events, "B"),
        Row("  acting device p50 / p95 (tap → first patch)",
            f"{median(fig.own):.0f} / {percentile(fig.own, 95):.0f}" if fig.own else "—", "ms"),
        Row("  other devices p50 / p95",
            f"{median(fig.others):.0f} / {percentile(fig.others, 95):.0f}" if fig.others else "—", "ms"),
        Row("load average (1 min) before / after", f"{load:.1f} / {os.getloadavg()[0]:.1f}", "", "", INFO),
    ]
    return report("Server CPU per event: one table, a fixed sequence of moves", rows, args)


if __name__ == "__main__":
    raise SystemExit(main())
