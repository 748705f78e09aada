"""Writes: committing one event during play, on SQLite with the durability the app ships with.

``Store.record`` as the match screen calls it (load the match, prepare, check, INSERT, COMMIT)
on a Robby Solo match, with the engine of ``db.engine.make_engine``: WAL, ``synchronous=NORMAL``.
Target: a median under 5 ms.  Beside it, for what limits it: the bare INSERT + COMMIT of one
event row, and the same with ``synchronous=FULL`` (an fsync per commit).

    python -m bench.bench_writes [--events 300] [--quick]
"""

from __future__ import annotations

import tempfile
import time

from sqlalchemy import event
from sqlmodel import Session

from bench.common import NOT_MEASURED, ROOT, Row, below, median, parser, percentile, report
from db.models import EventRow
from db.store import HOST, Store

TARGET_MS = 5.0


def bare_commits(store: Store, match_id: int, count: int, first_seq: int) -> list[float]:
    """INSERT + COMMIT of one event row at a time, nothing else."""
    times = []
    for seq in range(first_seq, first_seq + count):
        t0 = time.perf_counter()
        with Session(store.engine) as s:
            s.add(EventRow(match_id=match_id, seq=seq, type="note", payload='{"type": "note"}'))
            s.commit()
        times.append((time.perf_counter() - t0) * 1000)
    return times


def main() -> int:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--events", type=int, default=300, help="events recorded on one match (default 300)")
    args = p.parse_args()
    count = 40 if args.quick else args.events
    folder = ROOT / "build" / "bench"
    folder.mkdir(parents=True, exist_ok=True)
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(dir=folder, prefix="writes-") as tmp:
        store = Store(f"sqlite:///{tmp}/compagnon.db")
        with store.engine.connect() as c:
            mode = (c.exec_driver_sql("PRAGMA journal_mode").scalar(), c.exec_driver_sql("PRAGMA synchronous").scalar())
        if mode != ("wal", 1):
            rows.append(Row("durability", str(mode), "", "WAL, synchronous=NORMAL (1)", NOT_MEASURED,
                            "the engine does not have the shipped durability"))
        ids = [store.add_player(n).id or 0 for n in ("Léa", "Sam", "Ana", "Max")]
        match_id = store.create_match("robby-solo", {"players": 4}, ids, seed="bench")
        times = []
        for i in range(count):
            if i % 3 == 2:  # a timer start or pause, as the timer buttons send
                action = {"type": "timer", "key": "bench", "op": "pause" if (i // 3) % 2 else "start",
                          "at": int(time.time() * 1000), "ms": 360_000}
            else:  # "Recompter la pioche"
                action = {"type": "deck", "count": 40 + i % 20, "at": int(time.time() * 1000)}
            t0 = time.perf_counter()
            store.record(match_id, action, HOST)
            times.append((time.perf_counter() - t0) * 1000)
        rows.append(Row(f"Store.record, median of {count} events", median(times), "ms", f"< {TARGET_MS:.0f}",
                        below(median(times), TARGET_MS), "load + prepare + check + INSERT + COMMIT"))
        rows.append(Row("Store.record, p95", percentile(times, 95), "ms"))
        tail = times[-min(50, count // 4):]
        rows.append(Row(f"Store.record, last {len(tail)} (a long match: {count} events)", median(tail), "ms",
                        f"< {TARGET_MS:.0f}", below(median(tail), TARGET_MS),
                        "load() reads every event row of the match at each record"))
        other = store.create_match("robby-solo", {"players": 4}, ids, seed="bare")
        bare = bare_commits(store, other, count, 1)
        rows.append(Row("bare INSERT + COMMIT of one event (WAL, NORMAL)", median(bare), "ms"))
        store.engine.dispose()
        # For comparison only: what an fsync per commit would cost on this disk.
        event.listen(store.engine, "connect", lambda conn, _r: conn.execute("PRAGMA synchronous=FULL"))
        full = bare_commits(store, other, count, count + 1)
        rows.append(Row("bare INSERT + COMMIT of one event (WAL, FULL: fsync)", median(full), "ms", "",
                        "info", "not the shipped setting: for comparison"))
        store.engine.dispose()
    return report("Writes: one event committed during play (SQLite)", rows, args)


if __name__ == "__main__":
    raise SystemExit(main())
