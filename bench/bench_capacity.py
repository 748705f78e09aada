"""Capacity: N tables of one host and five phones each on one server, over Flet's websocket protocol.

No browser: every device is a :class:`bench.flet_ws.FletPage`, which registers on its route and
keeps its page's control tree from the server's patches as the web client does.  Each table is a
five-player Robby Solo match: the host page (``/match/<id>``) and five seat pages
(``/seat/<code>/<token>``).  The tables play random legal moves with human pauses: each turn, one
device that has an action button (the host's "À faire" form and "Recompter la pioche", a phone's
secret orders when the game asks for them) fills its number fields with random values within the
range each field shows (``0…9``) and taps a random action; then the table waits a pause (2 to 6
seconds) before the next move.  Latency of an event = the tap sent → the first patch the server
sends that page afterwards (the acting device, and each of the five others, reported apart).

Per N (1, 10, 25, 50, 100 tables: 6 to 600 sessions), on a fresh server: the server's resident
memory before any page and with every page open and idle (→ MB per idle session), the server's
CPU while the tables play (in cores; the machine has ``os.cpu_count()``), the load generator's own
CPU (it shares the machine), and the event latencies' p50/p95/p99.  Target (issue #18): 50 tables
with p95 < 250 ms and < 2 MB an idle session.

``--processes K`` (with PostgreSQL): K ``compagnon`` processes sharing one PostgreSQL history
(a throw-away cluster, :mod:`bench.pg`), each table's six devices sent to one process chosen by
its match (``match id % K``), as a reverse proxy with sticky sessions by match would.

    python -m bench.bench_capacity [--tables 1,10,25,50,100] [--seconds 60] [--processes 1] [--quick]
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import tempfile
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench import common
from bench.common import (
    INFO,
    NOT_MEASURED,
    Row,
    below,
    cpu_seconds,
    median,
    parser,
    percentile,
    proc_status,
    report,
    run_apart,
)
from bench.flet_ws import Control, FletError, FletPage
from bench.webapp import Launched

TARGET_MS, TARGET_MB, TARGET_TABLES = 250.0, 2.0, 50
PHONES = 5
#: the actions a person at the table plays (not the host's administration: links, rights, abandoning)
#: nor the final count (a club's evening is mostly matches in play)
SKIP = re.compile(r"Donner les droits|Abandonner|Nouveau code|revient sur cet appareil|Annuler|Terminer|"
                  r"Supprimer|Quitter|Décompte final")
UNDO = "Annuler le dernier événement"
UNDO_SHARE = 0.1  # one move in ten is taken back
RANGE = re.compile(r"^(-?\d+)…(-?\d+)$")
BUTTONS = ("Button", "FilledButton", "OutlinedButton", "ElevatedButton", "FilledTonalButton")


@dataclass
class Figures:
    own: list[float] = field(default_factory=list)  # ms, the acting device
    others: list[float] = field(default_factory=list)  # ms, each other device of the table
    events: int = 0
    not_shown: int = 0  # another device got no patch within 3 s of the actor's (nothing changed for it, or refused)
    stuck: int = 0  # a turn where no device of the table had anything to play
    undos: int = 0
    errors: list[str] = field(default_factory=list)


@dataclass
class Table:
    match_id: int
    host: str
    seats: list[str]
    pages: list[FletPage] = field(default_factory=list)


# --------------------------------------------------------------------------- the servers

def prepare(url: str, tables: int) -> list[Table]:
    """Five players and ``tables`` Robby Solo matches for them, each with its five seat links."""
    from db.models import Match
    from db.store import Store

    store = Store(url)
    ids = [store.add_player(name).id or 0 for name in ("Léa", "Sam", "Ana", "Max", "Zoé")]
    out = []
    for _ in range(tables):
        match_id = store.create_match("robby-solo", {"players": PHONES}, ids)
        with store.session() as s:
            match = s.get(Match, match_id)
            assert match is not None
            code = match.code
        tokens = [store.issue_seat_token(match_id, seat) for seat in range(PHONES)]
        out.append(Table(match_id, f"/match/{match_id}", [f"/seat/{code}/{t}" for t in tokens]))
    store.engine.dispose()
    return out


class Served(Launched):
    """``python -m app.main`` on a free port, with ``DATABASE_URL`` (or its own SQLite file)."""

    def __init__(self, data_dir: Path, database_url: str) -> None:
        super().__init__(data_dir, ["-m", "app.main"], env={"DATABASE_URL": database_url})
        self.start()

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def rss_mb(self) -> float:
        return proc_status(self.pid, "VmRSS") / 1024


# --------------------------------------------------------------------------- a table at play

def actions(page: FletPage) -> list[Control]:
    """The enabled action buttons a player would tap on this page."""
    out = []
    for c, _up in page.controls():
        text = c.get("content") if isinstance(c.get("content"), str) else ""
        if c["_c"] in BUTTONS and c.get("on_click") and not c.get("disabled") and text and not SKIP.search(text):
            out.append(c)
    return out


async def fill(page: FletPage, rng: random.Random) -> None:
    """Every number field of the page gets a random value within the range it shows (``0…9``)."""
    for c, _up in list(page.controls()):
        found = RANGE.match(str(c.get("hint_text", ""))) if c["_c"] == "TextField" else None
        if found:
            await page.change(c, str(rng.randint(int(found[1]), int(found[2]))))


async def first_patch(page: FletPage, after: int, t0: float, timeout: float) -> float | None:
    """ms from ``t0`` to the first patch past the ``after``-th on ``page``; ``None`` if none came."""
    try:
        await page.wait_for(lambda: page.patches > after, timeout)
    except FletError:
        return None
    return (page.last_patch - t0) * 1000


def undo_button(page: FletPage) -> Control | None:
    try:
        button = page.find(UNDO, handler="click")
    except LookupError:
        return None
    return None if button.get("disabled") else button


async def turn(table: Table, rng: random.Random, fig: Figures, wait: float = 10.0) -> None:
    """One move: a random action of a device that has one, or (one time in ten, and whenever nobody has
    anything to play, as when a recount emptied the deck) the host's undo.  ``wait``: seconds the acting
    device waits for its answer (a move that changes nothing, a secret order chosen again, gets none)."""
    pages = table.pages[:]
    rng.shuffle(pages)
    actor, button = next(((p, None) for p in pages if actions(p)), (table.pages[0], None))
    undo = undo_button(table.pages[0])
    if undo is not None and (rng.random() < UNDO_SHARE or not actions(actor)):
        actor, button = table.pages[0], undo
        fig.undos += 1
    elif not actions(actor):
        fig.stuck += 1
        return
    else:
        await fill(actor, rng)
        await asyncio.sleep(0.3)  # a person looks at what they typed before tapping (its patches are not the tap's)
        button = rng.choice(actions(actor))
    others = [p for p in table.pages if p is not actor]
    counts = {id(p): p.patches for p in table.pages}
    t0 = time.perf_counter()
    await actor.click(button)
    fig.events += 1
    own = await first_patch(actor, counts[id(actor)], t0, wait)
    if own is None:
        fig.not_shown += 1
        return
    fig.own.append(own)
    got = await asyncio.gather(*(first_patch(p, counts[id(p)], t0, own / 1000 + 3.0) for p in others))
    fig.others += [ms for ms in got if ms is not None]
    fig.not_shown += sum(ms is None for ms in got)


async def play(table: Table, until: float, pause: tuple[float, float], rng: random.Random, fig: Figures) -> None:
    await asyncio.sleep(rng.uniform(0, pause[1]))  # tables do not all start on the same second
    while time.perf_counter() < until:
        try:
            await turn(table, rng, fig)
        except (FletError, LookupError, OSError) as e:
            fig.errors.append(f"table {table.match_id}: {type(e).__name__}: {e}")
            return
        await asyncio.sleep(rng.uniform(*pause))


async def open_all(tables: list[Table], bases: list[str], fig: Figures, at_once: int = 6) -> list[float]:
    """Open every table's six pages (a few at a time, as people arrive); seconds each page took."""
    gate = asyncio.Semaphore(at_once)
    took: list[float] = []

    async def one(table: Table, route: str) -> FletPage | None:
        async with gate:
            t0 = time.perf_counter()
            try:
                page = await FletPage.connect(bases[table.match_id % len(bases)], route, timeout=120)
                await page.wait_for_text("Robby Solo", timeout=120)
            except (FletError, OSError, TimeoutError) as e:
                fig.errors.append(f"{route[:12]}: {type(e).__name__}: {e}")
                return None
            took.append(time.perf_counter() - t0)
            return page

    for table in tables:
        table.pages = []
    got = await asyncio.gather(*(one(t, r) for t in tables for r in [t.host, *t.seats]))
    routes = [(t, r) for t in tables for r in [t.host, *t.seats]]
    for (table, _route), page in zip(routes, got, strict=True):
        if page is not None:
            table.pages.append(page)
    return took


async def evening(tables: list[Table], servers: list[Served], seconds: float, pause: tuple[float, float],
                  seed: int) -> dict[str, Any]:
    fig = Figures()
    pids = [s.pid for s in servers]
    base_mb = sum(s.rss_mb() for s in servers)
    took = await open_all(tables, [s.url for s in servers], fig)
    sessions = sum(len(t.pages) for t in tables)
    await asyncio.sleep(5)  # idle: every page drawn, nothing happening
    idle_mb = sum(s.rss_mb() for s in servers)
    cpu0, me0, t0 = cpu_seconds(pids), time.process_time(), time.perf_counter()
    rng = random.Random(seed)
    until = t0 + seconds
    await asyncio.gather(*(play(t, until, pause, random.Random(rng.random()), fig) for t in tables))
    wall = time.perf_counter() - t0
    cpu, me = cpu_seconds(pids) - cpu0, time.process_time() - me0
    after_mb = sum(s.rss_mb() for s in servers)
    for t in tables:
        for p in t.pages:
            await p.close()
    return {"fig": fig, "sessions": sessions, "base_mb": base_mb, "idle_mb": idle_mb, "after_mb": after_mb,
            "cpu": cpu / wall, "generator_cpu": me / wall, "open_s": median(took) if took else 0.0, "wall": wall}


# --------------------------------------------------------------------------- one N

def run_n(n: int, seconds: float, pause: tuple[float, float], processes: int, postgres: bool = False) -> dict[str, Any]:
    """One evening of ``n`` tables on fresh servers (SQLite, or a fresh PostgreSQL for several processes or
    with ``postgres``: one process on it, to compare with several)."""
    with tempfile.TemporaryDirectory(prefix="compagnon-capacity-") as tmp, ExitStack() as stack:
        if processes > 1 or postgres:
            from bench.pg import TempPostgres

            url = stack.enter_context(TempPostgres()).url
        else:
            url = f"sqlite:///{Path(tmp) / 'compagnon.db'}"
        tables = prepare(url, n)
        servers: list[Served] = []
        try:
            for _ in range(processes):
                servers.append(Served(Path(tmp), url))
            warm(servers)
            out = run_apart(evening(tables, servers, seconds, pause, seed=n))
        finally:
            for s in servers:
                s.kill(signal.SIGKILL)
        return out


def warm(servers: list[Served]) -> None:
    """One page on each server, then the warm-up's imports (every screen, the rule engines) before measuring."""
    async def once(base: str) -> None:
        async with FletPage.open(base, "/", timeout=120) as page:
            await page.wait_for_text("Compagnon", timeout=120)

    for s in servers:
        run_apart(once(s.url))
    time.sleep(5)  # app.main.warm_up imports the other screens 3 s after a first page


def rows_for(n: int, got: dict[str, Any], processes: int) -> list[Row]:
    fig: Figures = got["fig"]
    sessions = got["sessions"]
    label = f"{n} table{'s' * (n > 1)} ({sessions} sessions{f', {processes} processes' if processes > 1 else ''})"
    per_session = (got["idle_mb"] - got["base_mb"]) / max(1, sessions)
    both = fig.own + fig.others
    rows = [Row(f"{label}: events played", fig.events, "", "", INFO,
                f"of which undone: {fig.undos}; another device whose screen did not change within 3 s "
                f"(a secret order, a move the rules refused): {fig.not_shown}; "
                f"turns with nothing to play: {fig.stuck}; "
                f"page opening median {got['open_s']:.2f} s" + (f"; errors: {fig.errors[:3]}" if fig.errors else ""))]
    if not both:
        rows.append(Row(f"{label}: latency", None, "ms", "", NOT_MEASURED, "no event was answered"))
        return rows
    # The goal is 50 tables: every N up to 50 must meet it; above, the figures say where the knee is.
    goal = n <= TARGET_TABLES
    target = f"< {TARGET_MS:.0f}" if goal else ""
    verdict = below(percentile(both, 95), TARGET_MS) if goal else INFO
    rows += [
        Row("  tap → update, every device: p50 / p99", f"{percentile(both, 50):.0f} / {percentile(both, 99):.0f}",
            "ms"),
        Row("  tap → update, every device: p95", percentile(both, 95), "ms", target, verdict),
        Row("  acting device p50 / p95; other devices p50 / p95",
            f"{percentile(fig.own, 50):.0f} / {percentile(fig.own, 95):.0f}; "
            + (f"{percentile(fig.others, 50):.0f} / {percentile(fig.others, 95):.0f}" if fig.others else "—"), "ms"),
        Row("  server CPU while playing", got["cpu"], "cores", "", INFO,
            f"of {os.cpu_count()}; the load generator itself used {got['generator_cpu']:.2f} cores"),
        Row("  server CPU per event (a table's six pages told and redrawn)",
            1000 * got["cpu"] * got["wall"] / max(1, fig.events), "ms", "", INFO,
            "the loop's one core divided by this is the events a second one process can carry"),
        Row("  server memory: before any page / all idle / after playing",
            f"{got['base_mb']:.0f} / {got['idle_mb']:.0f} / {got['after_mb']:.0f}", "MB"),
        Row("  memory per idle session", per_session, "MB", f"< {TARGET_MB:.0f}" if goal else "",
            below(per_session, TARGET_MB) if goal else INFO),
    ]
    return rows


def main() -> int:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--tables", default="1,10,25,50,100", help="comma-separated N (default 1,10,25,50,100)")
    p.add_argument("--seconds", type=float, default=60.0, help="seconds of play for each N (default 60)")
    p.add_argument("--pause", default="2,6", help="a table's pause between two moves, min,max seconds")
    p.add_argument("--processes", type=int, default=1, help="compagnon processes sharing one PostgreSQL")
    p.add_argument("--postgres", action="store_true",
                   help="one process on a fresh PostgreSQL too (to compare with --processes 2)")
    args = p.parse_args()
    ns = [1] if args.quick else [int(x) for x in args.tables.split(",")]
    seconds = 8.0 if args.quick else args.seconds
    low, high = (float(x) for x in args.pause.split(","))
    rows: list[Row] = []
    load = [os.getloadavg()[0]]
    for n in ns:
        try:
            got = run_n(n, seconds, (low, high), args.processes, args.postgres)
        except Exception as e:  # noqa: BLE001 - a server or PostgreSQL that could not start: said, not raised
            rows.append(Row(f"{n} tables", None, "", "", NOT_MEASURED, f"{type(e).__name__}: {e}"))
            continue
        mine = rows_for(n, got, args.processes)
        rows += mine
        load.append(os.getloadavg()[0])
        print(common.table(mine, f"N = {n} (load {load[-1]:.1f})"), flush=True)  # a long run's figures as they come
    rows.append(Row("load average (1 min) before, and after each N", " ".join(f"{x:.1f}" for x in load), ""))
    return report(f"Capacity: tables of a host and {PHONES} phones on one server, over Flet's websocket", rows, args)


if __name__ == "__main__":
    raise SystemExit(main())
