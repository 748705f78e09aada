"""Writes: what the running totals' triggers cost a finished match, on the 100 000-match history.

``Store.finish`` of a four-player score-pad play (three rounds recorded, then the finish: the match row
updated, four score lines inserted, every trigger of ``db.summary`` run in that transaction) and
``Store.delete_match`` of it (the triggers take it away), with every trigger, then without version 11's
(``player_match_score``: what schema 10 ran), then with none (for scale), alternated run by run; the
triggers are put back at the end.  SQLite (the shipped durability), then PostgreSQL with
``--postgres-url``.  No target of its own: a finish is one write among a match's hundreds of events
(``bench_writes``: < 5 ms each).

    python -m bench.bench_finish [--matches 100000] [--runs 20] [--postgres-url URL] [--no-sqlite]
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy.engine import Connection

from bench.bench_history import sqlite_file
from bench.common import Row, median, parser, report
from db import summary
from db.store import HOST, Store

NEW = "player_match_score"  # version 11's trigger


def _drop(conn: Connection, names: list[str]) -> None:
    for name in names:
        if conn.dialect.name == "postgresql":
            conn.exec_driver_sql(f'DROP TRIGGER IF EXISTS {name} ON "score"')
        else:
            for event in ("insert", "delete", "update"):
                conn.exec_driver_sql(f"DROP TRIGGER IF EXISTS {name}_{event}")


def triggers(store: Store, which: str) -> None:
    """Every trigger (``all``), all but version 11's (``schema 10``), or none of the totals' (``none``)."""
    with store.engine.begin() as conn:
        summary.install(conn)
        if which == "schema 10":
            _drop(conn, [NEW])
        elif which == "none":
            _drop(conn, [name for name, (table, *_rest) in summary._TABLES.items() if table == "score"])


def one(store: Store, seats: list[int]) -> tuple[float, float]:
    mid = store.create_match("score-pad", {"game_name": "Bench finish", "players": len(seats)}, seats, place="Club")
    for points in ([12, 7, 9, 3], [4, 11, 6, 8], [9, 2, 10, 5]):
        store.record(mid, {"type": "round", "points": points[:len(seats)]}, HOST)
    store.record(mid, {"type": "finish"}, HOST)
    t0 = time.perf_counter()
    store.finish(mid)
    t1 = time.perf_counter()
    store.delete_match(mid)
    t2 = time.perf_counter()
    return (t1 - t0) * 1000, (t2 - t1) * 1000


def measure(label: str, store: Store, runs: int) -> list[Row]:
    seats = [1, 2, 3, 4]  # the keenest players of the generated history: the most rows of totals each
    cases = ("all", "schema 10", "none")
    got: dict[str, tuple[list[float], list[float]]] = {c: ([], []) for c in cases}
    try:
        for c in cases:  # warm-up
            triggers(store, c)
            one(store, seats)
        for _ in range(runs):
            for c in cases:
                triggers(store, c)
                finish, delete = one(store, seats)
                got[c][0].append(finish)
                got[c][1].append(delete)
    finally:
        triggers(store, "all")
    rows: list[Row] = []
    notes = {"all": "schema 11: every trigger", "schema 10": f"without {NEW}", "none": "no trigger on score"}
    for c in cases:
        rows += [Row(f"{label}: Store.finish, 4 lines, {c}", median(got[c][0]), "ms", "", "info", notes[c]),
                 Row(f"{label}: Store.delete_match, {c}", median(got[c][1]), "ms", "", "info")]
    return rows


def main() -> int:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--matches", type=int, default=100_000)
    p.add_argument("--runs", type=int, default=20)
    p.add_argument("--postgres-url", help="a PostgreSQL database holding a history (bench.pg --copy)")
    p.add_argument("--no-sqlite", action="store_true")
    args = p.parse_args()
    matches, runs = (5000, 5) if args.quick else (args.matches, args.runs)
    rows: list[Row] = []
    stores: list[tuple[str, Any]] = []
    if not args.no_sqlite:
        path, _took = sqlite_file(matches)
        stores.append((f"SQLite {matches}", f"sqlite:///{path}"))
    if args.postgres_url:
        stores.append(("PostgreSQL", args.postgres_url))
    for label, url in stores:
        store = Store(url)
        try:
            rows += measure(label, store, runs)
        finally:
            store.engine.dispose()
    return report("Writes: a finished match's triggers", rows, args)


if __name__ == "__main__":
    raise SystemExit(main())
