"""Generate a history of N finished matches, with players, seats, events and score sheets.

Bulk inserts into the real tables of :mod:`db.models` (the schema comes from
``db.engine.make_engine``, so the app's indexes and pragmas are there), with the running totals'
triggers (:mod:`db.summary`) dropped during the load and the totals rebuilt from the rows at the
end, as a bulk load of a real history would do (on PostgreSQL under load the triggers made the load
about 14 times slower).  Each match has a
real set-up (``GAME.setup``) and a real score sheet (``GAME.score_input`` on a random valid
end-of-game input); its events are synthetic (plausible types and payloads, 10 to 50 per
match): no statistic reads them, they are there for the size of the file and its indexes.
Players are drawn with a long tail, as in a club: a few play a lot.

    python -m bench.gen_history [--matches 100000] [--out FILE | --url URL]

The default file, build/bench/history-N.db, is the one bench.bench_history reuses.

``--url`` takes any SQLAlchemy URL (``postgresql+psycopg://...``); the database must be empty.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import func, insert, select, text
from sqlalchemy.engine import Connection, Engine

from bench.bench_scoring import DOCS, random_doc
from bench.common import ROOT
from db import summary
from db.engine import make_engine
from db.models import EventRow, Match, Player, ScoreRow, Seat, first_seat, turn_position
from scoring import find_game

FIRST = ("Léa", "Sam", "Ana", "Max", "Zoé", "Hugo", "Inès", "Tom", "Chloé", "Noé", "Jade", "Louis", "Emma",
         "Paul", "Lina", "Jules", "Rose", "Adam", "Mila", "Yanis")
#: slug -> seat counts a generated match uses, and its length in minutes
SEATS = {"apaches": (2, 3, 4), "robby-solo": (3, 4, 5, 6), "traction-avant": (4, 5, 6), "apprentis": (1, 2, 3, 4, 5)}
MINUTES = {"apaches": (45, 90), "robby-solo": (20, 45), "traction-avant": (60, 150), "apprentis": (25, 60)}
EVENT_TYPES = {
    "apaches": ("start_round", "end_turn", "settle", "bourgeois", "seen", "timer"),
    "robby-solo": ("restock", "declare", "choose", "reveal", "deck", "timer"),
    "traction-avant": ("dice", "move", "heist", "order", "payment", "timer"),
    "apprentis": ("roll", "pick", "take", "refill", "lightning", "painting"),
}
PLACES = ("", "", "Club", "Chez Léa", "Festival", "Médiathèque")
END = datetime(2026, 1, 1, tzinfo=UTC)
TABLES = (Player, Match, Seat, EventRow, ScoreRow)


def player_names(n: int) -> list[str]:
    return [f"{FIRST[i % len(FIRST)]} {i // len(FIRST) + 1}" for i in range(n)]


def pick_seats(rng: random.Random, weights: list[float], n: int) -> list[int]:
    """``n`` distinct player indexes, the keen players more often (weight 1/(rank+10))."""
    chosen: list[int] = []
    while len(chosen) < n:
        i = rng.choices(range(len(weights)), weights)[0]
        if i not in chosen:
            chosen.append(i)
    return chosen


def one_match(rng: random.Random, mid: int, names: list[str], weights: list[float],
              next_ids: dict[str, int]) -> dict[str, list[dict[str, Any]]]:
    """The rows of one finished match (ids assigned here, so no round trip is needed)."""
    slug = rng.choice(tuple(SEATS))  # the games this generator knows (not the score pad)
    game = find_game(slug)
    seats = pick_seats(rng, weights, rng.choice(SEATS[slug]))
    options = game.validate_options({"players": len(seats)})
    seed = f"{rng.getrandbits(64):016x}"
    setup = game.setup(options, random.Random(f"{seed}:setup"))
    doc = random_doc(slug, rng, [names[p] for p in seats]) if slug in DOCS else {}
    sheet = game.score_input(doc)
    started = END - timedelta(seconds=rng.randrange(5 * 365 * 86400))
    ended = started + timedelta(seconds=rng.randint(*MINUTES[slug]) * 60 + rng.randrange(60))
    span = int((ended - started).total_seconds() * 1000)
    first = first_seat(slug, setup.record)
    out: dict[str, list[dict[str, Any]]] = {"match": [], "seat": [], "event": [], "score": []}
    place = rng.choice(PLACES)
    out["match"].append({
        "id": mid, "code": f"bench-{mid:016d}",  # unique; a benchmark's links need not be unguessable
        "game": slug, "options": json.dumps(options), "setup": json.dumps(setup.record), "seed": seed,
        "status": "finished", "started_at": started, "ended_at": ended, "place": place, "notes": "",
        "winner_names": ", ".join(sheet.winners)[:400], "first_seat": first,
        "seats": len(sheet.ranking),
        "sheet": json.dumps(sheet.to_json(), ensure_ascii=False)})
    for i, p in enumerate(seats):
        next_ids["seat"] += 1
        out["seat"].append({"id": next_ids["seat"], "match_id": mid, "seat_index": i, "player_id": p + 1,
                            "colour": ""})
    types, start_ms, n = EVENT_TYPES[slug], int(started.timestamp() * 1000), len(seats)
    for seq, at in enumerate(sorted(rng.randrange(span) for _ in range(rng.randint(10, 50))), start=1):
        kind = types[int(rng.random() * len(types))]
        extra = (f'"key": "turns", "op": "{("start", "pause", "resume")[seq % 3]}"' if kind == "timer"
                 else f'"value": {int(rng.random() * 5000)}')
        next_ids["event"] += 1
        out["event"].append({"id": next_ids["event"], "match_id": mid, "seq": seq, "type": kind,
                             "payload": f'{{"type": "{kind}", "seat": {int(rng.random() * n)}, '
                                        f'"at": {start_ms + at}, {extra}}}',
                             "at": started + timedelta(milliseconds=at)})
    for row in sheet.ranking:
        next_ids["score"] += 1
        out["score"].append({
            "id": next_ids["score"], "match_id": mid, "seat_index": row.seat, "player_id": seats[row.seat] + 1,
            "name": row.name, "total": row.total, "rank": row.rank, "winner": row.name in sheet.winners,
            "breakdown": json.dumps(row.breakdown, ensure_ascii=False), "game": slug, "ended_at": ended,
            "finished": True, "turn_pos": turn_position(row.seat, first, len(sheet.ranking)),
            "place": place, "seats": len(sheet.ranking), "options": json.dumps(options),  # schema 8's copies
            "started_at": started})  # schema 11's
    return out


def _flush(conn: Connection, batch: dict[str, list[dict[str, Any]]]) -> None:
    for table, model in (("match", Match), ("seat", Seat), ("event", EventRow), ("score", ScoreRow)):
        if batch[table]:
            conn.execute(insert(model.__table__), batch[table])  # type: ignore[attr-defined]
            batch[table].clear()


def generate(url: str, matches: int, players: int = 300, seed: int = 8, quiet: bool = False) -> Engine:
    """Fill the empty database at ``url``; returns its engine."""
    engine = make_engine(url)
    with engine.connect() as conn:
        if conn.execute(select(func.count()).select_from(Match.__table__)).scalar():  # type: ignore[attr-defined]
            raise SystemExit(f"{url}: the database already holds matches; give an empty one")
    with engine.begin() as conn:  # a bulk load: the running totals are rebuilt once at the end
        summary.uninstall(conn)
    rng = random.Random(seed)
    names = player_names(players)
    weights = [1 / (rank + 10) for rank in range(players)]
    created = datetime(2020, 1, 1, tzinfo=UTC)
    t0 = time.perf_counter()
    with engine.begin() as conn:
        conn.execute(insert(Player.__table__),  # type: ignore[attr-defined]
                     [{"id": i + 1, "name": n, "created_at": created} for i, n in enumerate(names)])
    next_ids = {"seat": 0, "event": 0, "score": 0}
    batch: dict[str, list[dict[str, Any]]] = {"match": [], "seat": [], "event": [], "score": []}
    done = 0
    while done < matches:
        with engine.begin() as conn:
            for _ in range(min(2000, matches - done)):
                done += 1
                for table, rows in one_match(rng, done, names, weights, next_ids).items():
                    batch[table] += rows
            _flush(conn, batch)
        if not quiet:
            rate = done / (time.perf_counter() - t0)
            print(f"\r{done} / {matches} matches ({rate:.0f}/s)", end="", file=sys.stderr, flush=True)
    if not quiet:
        print(file=sys.stderr)
    with engine.begin() as conn:  # the triggers back, and the totals they would have kept
        summary.install(conn)
        summary.rebuild(conn)
    if engine.dialect.name == "postgresql":
        with engine.begin() as conn:  # explicit ids were inserted: move the sequences past them
            for model in TABLES:
                name = model.__tablename__
                conn.execute(text(f"SELECT setval(pg_get_serial_sequence('\"{name}\"', 'id'), "
                                  f"(SELECT coalesce(max(id), 1) FROM \"{name}\"))"))
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.execute(text("VACUUM ANALYZE"))  # what autovacuum does shortly after a bulk load
    return engine


def counts(engine: Engine) -> dict[str, int]:
    with engine.connect() as conn:
        return {m.__tablename__: int(conn.execute(select(func.count()).select_from(m.__table__)).scalar() or 0)  # type: ignore[attr-defined]
                for m in TABLES}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--matches", type=int, default=100_000)
    p.add_argument("--players", type=int, default=300)
    p.add_argument("--seed", type=int, default=8)
    where = p.add_mutually_exclusive_group()
    where.add_argument("--out", type=Path, help="SQLite file (default build/bench/history-N.db)")
    where.add_argument("--url", help="a SQLAlchemy URL instead, e.g. postgresql+psycopg://user@127.0.0.1/db")
    p.add_argument("--force", action="store_true", help="replace an existing --out file")
    args = p.parse_args()
    if args.url:
        url = args.url
    else:
        args.out = args.out or ROOT / "build" / "bench" / f"history-{args.matches}.db"
        if args.out.exists():
            if not args.force:
                raise SystemExit(f"{args.out} exists: --force replaces it")
            for suffix in ("", "-wal", "-shm"):
                Path(f"{args.out}{suffix}").unlink(missing_ok=True)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        url = f"sqlite:///{args.out}"
    t0 = time.perf_counter()
    engine = generate(url, args.matches, args.players, args.seed)
    print(f"{url}: {counts(engine)} in {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
