"""The running totals per month, place and player count (schema version 8, db.cubes) and the fast paths
of the Statistics screen that read them give exactly what the straightforward aggregates over the rows
give (``db.stats.row_wise``: every shortcut off, the place and player count asked of the matches), for
every filter and combination (game, player, period, place, player count), whatever wrote the history:
matches finished or abandoned, deleted and restored, their date or place amended, their flag "counts
for statistics" changed.  On SQLite and PostgreSQL (each test its own database).
"""

from __future__ import annotations

import json
from dataclasses import fields, is_dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import text

from app.screens.stats_figures import load
from db import summary
from db.cubes import split
from db.models import Match
from db.stats import Filters, h_index, player_names, row_wise, standings
from db.store import HOST, Store, StoreError
from scoring import SLUGS
from tests.test_db import _version_1_database
from tests.test_stats import add_match

NAMES = ("Léa", "Sam", "Ana", "Zoé", "Émile")
PLACES = ("", "Club", "Chez Léa")


def same(a: Any, b: Any, where: str = "") -> None:
    """``a == b``, floats to 1e-6 (SQLite's ``julianday`` keeps a date in a double; the totals keep
    whole milliseconds)."""
    if is_dataclass(a) and is_dataclass(b):
        assert type(a) is type(b), where
        for f in fields(a):
            same(getattr(a, f.name), getattr(b, f.name), f"{where}.{f.name}")
    elif isinstance(a, list | tuple) and isinstance(b, list | tuple):
        assert len(a) == len(b), f"{where}: {a!r} != {b!r}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            same(x, y, f"{where}[{i}]")
    elif isinstance(a, dict) and isinstance(b, dict):
        assert list(a) == list(b), f"{where}: {a!r} != {b!r}"
        for k in a:
            same(a[k], b[k], f"{where}[{k!r}]")
    elif isinstance(a, float) or isinstance(b, float):
        assert a == pytest.approx(b, rel=1e-6, abs=1e-5), f"{where}: {a!r} != {b!r}"
    else:
        assert a == b, f"{where}: {a!r} != {b!r}"


def copies_follow(store: Store) -> None:
    """Every score line's copies (version 8) are its match's place, number of lines, options and end."""
    with store.engine.connect() as c:
        rows = c.execute(text('SELECT s.place, m.place, s.seats, m.seats, s.options, m.options, s.ended_at, '
                              'm.ended_at FROM score s JOIN "match" m ON m.id = s.match_id')).all()
    for row in rows:
        assert (row[0], row[2], row[4], row[6]) == (row[1], row[3], row[5], row[7])


def drop_score_trigger(conn: Any, name: str) -> None:
    """Drop the trigger ``name`` that keeps a running total from ``score`` (PostgreSQL: one trigger;
    SQLite: one per insert, delete and update), as a history written before it had none."""
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql(f'DROP TRIGGER {name} ON "score"')
    else:
        for event in ("insert", "delete", "update"):
            conn.exec_driver_sql(f"DROP TRIGGER {name}_{event}")


def check(store: Store, filters: list[Filters]) -> None:
    """The cubes are their rows' sums, and the screen reads the same figures fast as row-wise."""
    with store.engine.connect() as c:
        assert summary.stored_cubes(c) == summary.expected_cubes(c)
    copies_follow(store)
    for f in filters:
        fast = load(store, f)
        with row_wise():
            slow = load(store, f)
        same(fast, slow, repr(f))


def people(store: Store) -> dict[str, int]:
    ids = {name: pid for pid, name in player_names(store)}
    for name in NAMES:
        if name not in ids:
            ids[name] = store.add_player(name).id
    return ids


# ---------------------------------------------------------------- examples
def test_a_period_is_whole_months_of_the_totals_and_the_rows_of_its_partial_months(store):
    """Matches on both sides of month ends: a period cut inside months counts exactly the matches
    that ended inside it, from the cube's whole months plus the rows of its first and last month."""
    ids = people(store)
    for day, total in ((1, 10), (25, 20), (31, 30), (32, 40), (45, 50), (61, 60), (62, 70), (75, 80)):
        add_match(store, "apaches", "finished", 30, [(ids["Léa"], "Léa", total, True), (ids["Sam"], "Sam", 5, False)],
                  day=day, place="Club" if day % 2 else "")
    cuts = [Filters(since=date(2025, 3, 20)), Filters(until=date(2025, 4, 15)),
            Filters(since=datetime(2025, 3, 31, 10, 30, tzinfo=UTC), until=date(2025, 5, 2)),
            Filters(since=date(2025, 4, 1), until=date(2025, 5, 1)),
            Filters(since=date(2025, 4, 3), until=date(2025, 4, 9))]
    assert split(date(2025, 3, 20), date(2025, 5, 2)).months == (202504, 202505)
    for f in cuts:
        with row_wise():
            want = load(store, f).counts
        assert load(store, f).counts == want, f
    assert load(store, cuts[0]).counts == {"apaches": 7}  # 25 March onwards: days 25 to 75
    assert load(store, cuts[3]).counts == {"apaches": 3}  # April: days 32, 45, 61 (31 March is March)
    check(store, cuts + [Filters(place="Club", since=date(2025, 3, 20)), Filters(players=2, until=date(2025, 4, 15))])


def test_the_player_count_is_kept_by_every_section(store):
    """The player-count filter reaches the H-index, the wins per player and a player's sections (the
    screen's copies of the filters forgot it)."""
    ids = people(store)
    add_match(store, "apaches", "finished", 30, [(ids["Léa"], "Léa", 10, True), (ids["Sam"], "Sam", 5, False)])
    add_match(store, "apaches", "finished", 30, [(ids["Léa"], "Léa", 1, False), (ids["Sam"], "Sam", 5, True),
                                                 (ids["Ana"], "Ana", 3, False)])
    add_match(store, "robby-solo", "finished", 30, [(ids["Ana"], "Ana", 1, False), (ids["Sam"], "Sam", 5, True),
                                                    (ids["Léa"], "Léa", 3, False)])
    two = Filters(players=2)
    figures = load(store, Filters(players=2, player_id=ids["Léa"], game="apaches"))
    assert figures.counts == {"apaches": 1} and figures.h == h_index(store, two) == 1
    assert [(s.name, s.played, s.won) for s in figures.standings] == [("Léa", 1, 1), ("Sam", 1, 0)]
    assert figures.player is not None and figures.player.card.played == 1 and figures.player.card.won == 1
    assert [r.name for r in figures.player.rivals] == ["Sam"]
    assert figures.game is not None and figures.game.card.matches == 1
    assert [(s.name, s.won) for s in standings(store, Filters(players=3))] == [("Sam", 2), ("Ana", 0), ("Léa", 0)]
    check(store, [two, Filters(players=3, player_id=ids["Léa"]), Filters(players=3, place="")])


def test_amending_a_finished_matchs_date_or_place_moves_its_lines_in_every_total(store):
    ids = people(store)
    mid = add_match(store, "apaches", "finished", 30, [(ids["Léa"], "Léa", 10, True), (ids["Sam"], "Sam", 5, False)],
                    place="Club")
    march, may = Filters(since=date(2025, 3, 1), until=date(2025, 4, 1)), Filters(since=date(2025, 5, 1))
    assert load(store, march).counts == {"apaches": 1} and load(store, may).counts == {}
    assert store.amend_match(mid, HOST, day=date(2025, 5, 20), place="Festival")
    assert load(store, march).counts == {} and load(store, may).counts == {"apaches": 1}
    assert load(store, Filters(place="Club")).counts == {}
    assert [s.won for s in load(store, Filters(place="Festival", since=date(2025, 5, 1))).standings] == [1, 0]
    check(store, [march, may, Filters(place="Festival"), Filters(place="Club", player_id=ids["Léa"])])


def test_an_older_database_gets_the_copies_and_the_totals_from_its_rows(db_url):
    """Opening a version-3 database migrates it through version 8: its lines get their match's place,
    number of lines and options, the new totals are rebuilt from the rows and kept afterwards."""
    _version_1_database(db_url, 3)
    store = Store(db_url)
    try:
        with store.engine.connect() as c:
            assert summary.stored_cubes(c) == summary.expected_cubes(c)
            months = summary.stored_cubes(c)["match_month"]  # the finished match: 1 hour on 1 January
            assert [(key[:4], sums) for key, sums in months.items()] == [(("apaches", 202501, "Club", 4),
                                                                          (1, 1, 3_600_000_000))]
        copies_follow(store)
        check(store, [Filters(place="Club"), Filters(players=4, since=date(2025, 1, 1)), Filters(player_id=2)])
        store.amend_match(2, HOST, place="Festival")
        check(store, [Filters(place="Club"), Filters(place="Festival", players=4)])
    finally:
        store.engine.dispose()


def test_the_filter_bar_reads_ids_and_names_in_the_stores_order(store):
    ids = people(store)
    assert player_names(store) == [(p.id, p.name) for p in store.players()]
    assert {n for _i, n in player_names(store)} == set(ids)


# ---------------------------------------------------------------- random histories
lines = st.lists(st.tuples(st.integers(0, 4), st.integers(-5, 60), st.booleans()), min_size=1, max_size=4,
                 unique_by=lambda t: t[0])
operations = st.lists(st.one_of(
    st.tuples(st.just("add"), st.sampled_from(SLUGS), st.sampled_from(["finished", "finished", "abandoned"]),
              st.integers(1, 200), lines, st.integers(0, 3), st.integers(1, 95), st.sampled_from(PLACES)),
    st.tuples(st.just("delete"), st.integers(0, 50)),
    st.tuples(st.just("restore")),
    st.tuples(st.just("date"), st.integers(0, 50), st.integers(1, 95)),
    st.tuples(st.just("place"), st.integers(0, 50), st.sampled_from(PLACES + ("Festival",))),
    st.tuples(st.just("counts"), st.integers(0, 50)),
), min_size=1, max_size=10)
instants = st.sampled_from([None, date(2025, 3, 20), date(2025, 4, 1), datetime(2025, 4, 14, 18, tzinfo=UTC),
                            date(2025, 5, 2), date(2025, 6, 1)])
filters = st.builds(lambda game, who, since, until, place, players: Filters(
    since=since, until=until, game=game, player_id=who, place=place, players=players),
    st.sampled_from([None, *SLUGS]), st.sampled_from([None, 1, 2, 3]), instants, instants,
    st.sampled_from([None, *PLACES]), st.sampled_from([None, 1, 2, 3]))


def _apply(store: Store, ids: dict[str, int], op: tuple[Any, ...], deleted: list[dict[str, Any]]) -> None:
    with store.engine.connect() as c:
        matches = list(c.execute(text('SELECT id FROM "match" ORDER BY id')).scalars())
    pick = (lambda i: matches[i % len(matches)]) if matches else None
    if op[0] == "add":
        _, slug, status, minutes, seats, first, day, place = op
        best = max(t for _s, t, _w in seats)
        add_match(store, slug, status, minutes / 4,
                  [(ids[NAMES[who]] if real else None, NAMES[who] if real else f"Bot {who}", total, total == best)
                   for who, total, real in seats], first=first % len(seats), day=day, place=place)
    elif op[0] == "delete" and pick:
        deleted.append(store.delete_match(pick(op[1])))
    elif op[0] == "restore" and deleted:
        try:
            store.undelete_match(deleted.pop())
        except StoreError:
            pass  # a twin of it is there (the generator can make twins): refused, nothing written
    elif op[0] == "date" and pick:
        try:
            store.amend_match(pick(op[1]), HOST, day=date(2025, 3, 1) + timedelta(days=op[2] - 1))
        except StoreError:
            pass  # not finished: its date cannot be changed
    elif op[0] == "place" and pick:
        store.amend_match(pick(op[1]), HOST, place=op[2])
    elif op[0] == "counts" and pick:
        with store.session() as s:
            match = s.get(Match, pick(op[1]))
            assert match is not None
            options = json.loads(match.options)
            match.options = json.dumps({**options, "counts": not options.get("counts", True)})
            s.add(match)
            s.commit()


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(ops=operations, asked=st.lists(filters, min_size=4, max_size=8))
def test_random_histories_read_fast_what_the_rows_give(store, ops, asked):
    """Random writes (the store accumulates across examples, as a club's history does), then random
    filter combinations and the twelve of the benchmark: the fast figures are the row-wise ones."""
    ids = people(store)
    deleted: list[dict[str, Any]] = []
    for op in ops:
        _apply(store, ids, op, deleted)
    lea = ids["Léa"]
    since = date(2025, 4, 10)
    fixed = [Filters(), Filters(game="apaches"), Filters(player_id=lea), Filters(since=since),
             Filters(place="Club"), Filters(players=3), Filters(game="apaches", player_id=lea),
             Filters(game="apaches", since=since), Filters(player_id=lea, place="Club"),
             Filters(game="apaches", players=3), Filters(player_id=lea, players=3), Filters(place="Club", players=3),
             Filters(game="apaches", player_id=lea, since=since, place="Club"),
             Filters(game="apaches", player_id=lea, since=since, place="Club", players=3)]
    check(store, fixed + [f for f in asked if f.player_id is None or f.player_id in ids.values()])
