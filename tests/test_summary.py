"""The per-game running totals (db.summary, schema 4) stay exactly what the matches and score lines
give, whatever writes the history: finishing, correcting a seat, merging players, deleting and
undoing the deletion, abandoning, restoring a backup, importing BG Stats plays, a rolled-back
write, and random sequences of them.  On SQLite and PostgreSQL.

After each step, :func:`check` asserts that (1) the stored totals equal the ones recomputed from
the rows (``db.summary.expected``, integers: exact), and (2) each game's statistics and score
distribution, each player's statistics, the standings, the matches per game, the H-index and
the places (:func:`check_counts`) read from the totals equal the aggregate queries over the rows (floats: to 1e-6
relative or 1e-6 of a minute: SQLite's ``julianday`` holds a date in a double, 0.02 ms apart at
best, where the totals keep whole milliseconds).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import astuple, replace
from datetime import UTC, date, datetime
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import text

from db import summary
from db.backup import backup, match_document, restore
from db.bgstats import import_plays
from db.models import Match, score_line
from db.stats import (
    Filters,
    SeatRecord,
    _grouped_places,
    game_figures,
    game_stats,
    h_index,
    head_to_head,
    matches_per_game,
    places,
    player_stats,
    row_wise,
    score_distribution,
    seat_effect,
    standings,
)
from db.store import Store, StoreError
from scoring import SLUGS
from tests.test_stats import add_match
from tests.test_stats_cubes import same
from tests.test_transfer import bgstats_file, drive

T = TypeVar("T")

EVERY_DAY = Filters(since=date(1900, 1, 1))  # every match, but through the aggregate queries (with rows())


def rows(statistic: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``statistic`` aggregated over the rows the straightforward way (``db.stats.row_wise``)."""
    with row_wise():
        return statistic(*args, **kwargs)


def check_tables(store: Store) -> None:
    """Every running total the database keeps is the rows' (compared table by table, exactly)."""
    with store.engine.connect() as c:
        assert summary.stored(c) == summary.expected(c)
        assert summary.stored_duels(c) == summary.expected_duels(c)
        assert summary.stored_cubes(c) == summary.expected_cubes(c)


def check(store: Store) -> None:
    """Every running total is the rows' (compared table by table), and the statistics read from them are
    the rows' aggregates, each game's figures under each player included."""
    check_tables(store)
    for slug in SLUGS:
        kept, counted = game_stats(store, slug), rows(game_stats, store, slug, EVERY_DAY)
        assert astuple(kept)[1:] == pytest.approx(astuple(counted)[1:], abs=1e-6), slug
        for buckets in (1, 5):
            assert score_distribution(store, slug, buckets=buckets) == rows(
                score_distribution, store, slug, EVERY_DAY, buckets=buckets), slug
    for player in store.players():
        assert player.id is not None
        for game in (None, "apaches"):
            kept_p = player_stats(store, player.id, Filters(game=game))
            counted_p = rows(player_stats, store, player.id, Filters(game=game, since=date(1900, 1, 1)))
            assert kept_p.name == counted_p.name and len(kept_p.games) == len(counted_p.games)
            for a, b in zip(kept_p.games, counted_p.games, strict=True):
                assert astuple(a)[:4] == astuple(b)[:4] and a.average == pytest.approx(b.average), player.name
    check_counts(store)
    check_duels_and_seats(store)
    check_games_under_players(store)


def check_games_under_players(store: Store) -> None:
    """Each game's figures under each player (version 11's totals of the lines of the player's matches)
    equal the aggregates over the rows."""
    for player in store.players():
        for slug in SLUGS:
            same(game_figures(store, slug, Filters(player_id=player.id)),
                 rows(game_figures, store, slug, Filters(player_id=player.id)), f"{player.name} {slug}")


def same_seats(kept: tuple[SeatRecord, ...], counted: tuple[SeatRecord, ...]) -> bool:
    return [astuple(r)[:3] for r in kept] == [astuple(r)[:3] for r in counted] and all(
        a.average == pytest.approx(b.average) for a, b in zip(kept, counted, strict=True))


def check_duels_and_seats(store: Store) -> None:
    """Head to head and turn order read from the running totals of version 7 (no filter, a game, a
    player, both) equal the aggregates over the lines (``EVERY_DAY`` takes that path)."""
    for game in (None, "apaches"):  # the totals of every game are checked against the rows in check()
        kept, counted = Filters(game=game), replace(EVERY_DAY, game=game)
        assert same_seats(seat_effect(store, kept), rows(seat_effect, store, counted)), game
        for player in store.players():
            assert player.id is not None
            assert head_to_head(store, player.id, kept) == rows(head_to_head, store, player.id, counted), (game, player)
            assert same_seats(seat_effect(store, kept, player.id), rows(seat_effect, store, counted, player.id)), game


def check_counts(store: Store) -> None:
    """The standings, the matches per game and the H-index read from the running totals (no filter,
    a game, a player, both) equal the aggregates over the rows (``EVERY_DAY`` takes that path)."""
    assert places(store) == _grouped_places(store)  # the index walk finds the places a GROUP BY does
    people = [None, *(p.id for p in store.players())]
    for game in (None, *SLUGS):
        assert standings(store, Filters(game=game)) == rows(standings, store, replace(EVERY_DAY, game=game)), game
        for pid in people:
            kept, counted = Filters(game=game, player_id=pid), replace(EVERY_DAY, game=game, player_id=pid)
            got, want = matches_per_game(store, kept), rows(matches_per_game, store, counted)
            assert got == want and list(got) == list(want), (game, pid)  # the same counts, in the same order
            assert h_index(store, kept) == rows(h_index, store, counted), (game, pid)


def totals(store: Store) -> summary.Totals:
    with store.engine.connect() as c:
        return summary.stored(c)


def duels(store: Store) -> summary.Duels:
    with store.engine.connect() as c:
        return summary.stored_duels(c)


def test_finishing_correcting_deleting_and_undoing_keep_the_totals(store):
    lea, sam, ana, zoe = (store.add_player(n).id for n in ("Léa", "Sam", "Ana", "Zoé"))
    assert totals(store) == ({}, {}, {})
    done = store.create_match("traction-avant", {"players": 4}, [lea, sam, ana, zoe], seed="t1")
    drive(store, done, 400)
    check(store)
    assert totals(store) == ({}, {}, {})  # a running match counts for nothing
    store.finish(done)
    check(store)
    kept = game_stats(store, "traction-avant")
    assert kept.matches == 1 and kept.score_min is not None
    store.update_match(done, place="Club", notes="revanche")  # no figure of the game changes
    store.set_seat_player(done, 0, "Noor")
    merged = store.add_player("Sam bis").id
    store.set_seat_player(done, 1, "Sam bis")
    store.merge_players(sam, merged)
    check(store)
    assert game_stats(store, "traction-avant") == kept
    other = add_match(store, "apaches", "finished", 50, [(lea, "Léa", 1800, True), (ana, "Ana", 900, False)])
    check(store)
    doc = store.delete_match(done)
    check(store)
    assert game_stats(store, "traction-avant").matches == 0 and totals(store)[0].keys() == {"apaches"}
    store.undelete_match(doc)
    check(store)
    assert game_stats(store, "traction-avant") == kept
    store.delete_match(other)
    gone = store.create_match("apaches", {"players": 2}, [lea, sam])
    store.abandon(gone)
    store.delete_match(gone)
    check(store)


def test_a_restored_backup_and_an_import_bring_their_totals(db_url, tmp_path):
    source = Store(f"sqlite:///{tmp_path / 'source.db'}")
    try:
        lea, sam = (source.add_player(n).id for n in ("Léa", "Sam"))
        add_match(source, "apaches", "finished", 30, [(lea, "Léa", 2050, True), (sam, "Sam", 1200, False)], first=1)
        add_match(source, "robby-solo", "finished", 20.25, [(lea, "Léa", 9000, False), (sam, "Sam", 12000, True),
                                                             (None, "Robby Junior", 4000, False)])
        add_match(source, "apaches", "abandoned", 10, [(lea, "Léa", 999, True), (sam, "Sam", None, False)])
        doc = backup(source)
        want = totals(source)
    finally:
        source.engine.dispose()
    target = Store(db_url)
    try:
        restore(target, doc)
        check(target)
        assert totals(target) == want
        report = import_plays(target, bgstats_file())
        assert len(report.imported) == 3  # the play of Catan too, on the score pad (issue 19)
        check(target)
        assert game_stats(target, "apaches").matches == 2 and game_stats(target, "robby-solo").matches == 2
        assert game_stats(target, "pad:catan").matches == 1
    finally:
        target.engine.dispose()


def test_a_rolled_back_write_leaves_the_totals_as_they_were(store):
    lea = store.add_player("Léa").id
    add_match(store, "apaches", "finished", 30, [(lea, "Léa", 2050, True), (None, "Bot", 100, False)])
    before = totals(store)
    with store.session() as s:
        m = Match(game="apaches", options="{}", setup="{}", seed="x", status="finished",
                  started_at=datetime(2025, 1, 1, tzinfo=UTC), ended_at=datetime(2025, 1, 1, 1, tzinfo=UTC), seats=1)
        s.add(m)
        s.flush()
        s.add(score_line(m, 0, player_id=lea, name="Léa", total=5, rank=1, winner=True, breakdown="{}"))
        s.flush()
        s.rollback()
    assert totals(store) == before
    check(store)


def test_rows_changed_behind_the_apps_back_are_followed(store):
    """A correction made by hand in SQL (a total, a winner, a status, a game) moves the totals too."""
    lea, sam = (store.add_player(n).id for n in ("Léa", "Sam"))
    mid = add_match(store, "apaches", "finished", 45, [(lea, "Léa", 1000, False), (sam, "Sam", 1100, True)])
    with store.engine.begin() as c:
        c.execute(text("UPDATE score SET total = 1300, winner = :yes WHERE match_id = :m AND seat_index = 0"),
                  {"m": mid, "yes": True})
    check(store)
    assert game_stats(store, "apaches").first_seat_wins == 1 and game_stats(store, "apaches").score_max == 1300
    with store.engine.begin() as c:
        c.execute(text("UPDATE match SET ended_at = started_at + (ended_at - started_at) * 2 WHERE id = :m")
                  if store.engine.dialect.name == "postgresql" else
                  text("UPDATE match SET ended_at = '2025-03-01 12:00:00.000000' WHERE id = :m"), {"m": mid})
    check(store)
    with store.engine.begin() as c:
        c.execute(text("UPDATE match SET status = 'abandoned' WHERE id = :m"), {"m": mid})
        c.execute(text("UPDATE score SET finished = :no, game = 'robby-solo' WHERE match_id = :m"),
                  {"m": mid, "no": False})
    check(store)
    assert totals(store)[1] == {} and totals(store)[2] == {}
    assert duels(store) == ({}, {})


# ---------------------------------------------------------------- random sequences of writes
NAMES = ("Léa", "Sam", "Ana", "Zoé", "Max")
lines = st.lists(st.tuples(st.integers(0, 4), st.integers(-5, 60), st.booleans()), min_size=1, max_size=4,
                 unique_by=lambda t: t[0])
operations = st.lists(st.one_of(
    st.tuples(st.just("add"), st.sampled_from(SLUGS), st.sampled_from(["finished", "finished", "abandoned"]),
              st.integers(1, 200), lines, st.integers(0, 3)),
    st.tuples(st.just("delete"), st.integers(0, 50)),
    st.tuples(st.just("undo")),
    st.tuples(st.just("seat"), st.integers(0, 50), st.integers(0, 3), st.sampled_from(NAMES)),
    st.tuples(st.just("total"), st.integers(0, 50), st.integers(-5, 60)),
    st.tuples(st.just("merge"), st.sampled_from(NAMES), st.sampled_from(NAMES)),
), min_size=1, max_size=12)


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(ops=operations)
def test_random_sequences_of_writes_keep_the_totals(store, ops):
    """Matches added (finished or abandoned, virtual players and shared victories among them),
    deleted, their deletion undone, a seat given to another player, two players merged, a total
    corrected: after each, every running total is the rows' (the store accumulates across examples, as
    a club's history does); the statistics read from the totals are compared with the rows' aggregates
    at the end of the sequences whose length is a multiple of three (the reads depend on the tables
    alone, compared after every write, and are tested on their own in tests/test_stats*.py; the reads
    after every write made this one test 11 minutes of CI on PostgreSQL, 3 s a sequence alone)."""
    ids = {p.name: p.id for p in store.players()}
    for name in NAMES:
        if name not in ids:
            ids[name] = store.add_player(name).id
    deleted: list[dict] = []
    for op in ops:
        with store.engine.connect() as c:
            matches = list(c.execute(text('SELECT id FROM "match" ORDER BY id')).scalars())
        if op[0] == "add":
            _, slug, status, minutes, seats, first = op
            best = max(t for _s, t, _w in seats)
            add_match(store, slug, status, minutes / 4,
                      [(ids[NAMES[who]] if real else None, NAMES[who] if real else f"Bot {who}", total, total == best)
                       for who, total, real in seats], first=first % len(seats), day=minutes % 28 + 1,
                      place=("", "Club", "Chez Léa", "club", "Été")[minutes % 5])
        elif op[0] == "delete" and matches:
            deleted.append(store.delete_match(matches[op[1] % len(matches)]))
        elif op[0] == "undo" and deleted:
            doc = deleted.pop()
            try:
                store.undelete_match(doc)
            except StoreError as exc:  # refused, nothing written: one of its players was merged since,
                # or a match identical to it but for its id is there (the generator can make twins)
                twin = re.search(r"already exists \(as #(\d+)\)", str(exc))
                if twin:
                    with store.session() as s:
                        same = match_document(s, s.get(Match, int(twin[1])))
                    assert {**same, "id": None} == {**doc, "id": None}
                else:
                    assert re.search(rf"match #{doc['id']}, seat \d+: no player with id \d+", str(exc)), exc
        elif op[0] == "seat" and matches:
            try:
                store.set_seat_player(matches[op[1] % len(matches)], op[2], op[3])
            except StoreError:
                pass  # no such seat, or that player sits elsewhere at the table: refused, nothing written
        elif op[0] == "merge":
            try:
                store.merge_players(ids[op[1]], ids[op[2]])
            except StoreError:
                pass  # the same player, or two who sat at one match: refused, nothing written
            else:
                ids[op[2]] = store.add_player(op[2]).id  # the name comes back as a new player
        elif op[0] == "total" and matches:
            with store.engine.begin() as c:
                c.execute(text("UPDATE score SET total = :t WHERE id = "
                               "(SELECT MIN(id) FROM score WHERE match_id = :m)"),
                          {"t": op[2], "m": matches[op[1] % len(matches)]})
        check_tables(store)  # what the triggers keep, compared after every write: a wrong one is named here
    if len(ops) % 3 == 0:  # and every statistic read from them (a player's, a game's, the duels...) at the
        check(store)  # end of a third of the sequences (chosen by their length: a failure replays the same)

