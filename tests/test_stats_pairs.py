"""Schema version 10: the duels per place and player count (``pair_place``), so that head to head under a
place or a player count reads a player's rows of totals instead of pairing every line of their matches.

The figures are the row-wise reference's whatever wrote the history (a place amended: the match's lines
change one by one in one statement, and each pair must leave the old place and come to the new one once);
on SQLite and PostgreSQL.  The plans are SQLite's without statistics (a new file has none).
"""

from __future__ import annotations

from datetime import date

from sqlalchemy import inspect, text

from db import summary
from db.engine import schema_version
from db.models import SCHEMA_VERSION
from db.stats import Filters, head_to_head, row_wise
from db.store import HOST, Store
from tests.test_stats import add_match
from tests.test_stats_cubes import check, drop_score_trigger, people
from tests.test_stats_indexes import plan, statements

ASKED = (Filters(place="Club"), Filters(players=3), Filters(place="", players=2), Filters(game="apaches", place="Club"),
         Filters(game="robby-solo", players=3), Filters(place="Nowhere"))


def a_history(store: Store) -> dict[str, int]:
    """Léa, Sam and Ana at two places, two and three at a table, a virtual player and a shared win."""
    ids = people(store)
    lea, sam, ana = ids["Léa"], ids["Sam"], ids["Ana"]
    for day, game, place in ((2, "apaches", "Club"), (9, "apaches", ""), (16, "robby-solo", "Club"),
                             (23, "apaches", "")):
        add_match(store, game, "finished", 30, [(lea, "Léa", day, True), (sam, "Sam", day // 2, False),
                                                (ana, "Ana", day % 5, False)], day=day, place=place)
    add_match(store, "apaches", "finished", 25, [(sam, "Sam", 5, True), (lea, "Léa", 5, True)], day=30, place="Club")
    add_match(store, "apaches", "finished", 25, [(ana, "Ana", 7, True), (None, "Bot", 3, False)], day=31, place="")
    add_match(store, "apaches", "abandoned", None, [(lea, "Léa", None, False), (sam, "Sam", None, False)], day=32)
    return ids


def rivals_are_the_rows(store: Store, ids: dict[str, int]) -> None:
    with store.engine.connect() as c:
        assert summary.stored_cubes(c)["pair_place"] == summary.expected_cubes(c)["pair_place"]
    for pid in ids.values():
        for f in ASKED:
            fast = head_to_head(store, pid, f)
            with row_wise():
                assert fast == head_to_head(store, pid, f), (pid, f)


def test_head_to_head_under_a_place_or_a_player_count_is_the_rows(store):
    ids = a_history(store)
    lea, sam = ids["Léa"], ids["Sam"]
    club = {r.name: (r.matches, r.wins, r.losses, r.ties) for r in head_to_head(store, lea, Filters(place="Club"))}
    assert club == {"Sam": (3, 2, 0, 1), "Ana": (2, 1, 0, 1)}  # days 2 (a tie with Ana), 16, 30 (a shared win)
    assert [(r.name, r.matches) for r in head_to_head(store, lea, Filters(players=2))] == [("Sam", 1)]
    rivals_are_the_rows(store, ids)
    mid = add_match(store, "apaches", "finished", 20, [(lea, "Léa", 1, False), (sam, "Sam", 9, True),
                                                       (ids["Ana"], "Ana", 4, False)], day=40, place="Club")
    rivals_are_the_rows(store, ids)
    store.amend_match(mid, HOST, place="Festival")  # its three lines move, one by one
    assert [r.name for r in head_to_head(store, lea, Filters(place="Festival"))] == ["Ana", "Sam"]
    rivals_are_the_rows(store, ids)
    store.delete_match(mid)
    rivals_are_the_rows(store, ids)
    check(store, [Filters(player_id=lea, place="Club"), Filters(player_id=sam, players=3),
                  Filters(player_id=lea, game="apaches", place="", players=3),
                  Filters(player_id=lea, place="Club", since=date(2025, 1, 10))])


def test_head_to_head_under_a_place_or_a_player_count_reads_the_players_rows_of_totals(sqlite_store):
    ids = a_history(sqlite_store)
    for f, wanted in ((Filters(place="Club"), ["ix_pair_place_place (player_id=? AND place=?)"]),
                      (Filters(players=3), ["ix_pair_place_seats (player_id=? AND seats=?)"]),
                      (Filters(game="apaches", place="", players=3),  # either index: four equal columns
                       ["USING COVERING INDEX ix_pair_place_", "place=?", "seats=?", "game=?"])):
        sent = statements(sqlite_store, lambda f=f: head_to_head(sqlite_store, ids["Léa"], f))
        found = plan(sqlite_store, *sent[-1])
        assert all(w in found for w in wanted) and "COVERING INDEX ix_pair_place_" in found, found
        assert " score " not in f" {found} ", found  # no line read


def test_a_version_9_database_gets_the_duels_per_place(db_url):
    """A history written by schema 9 (no ``pair_place``, no trigger for it) opened by this release: the
    table is made and filled from the lines, and the trigger keeps it from then on."""
    store = Store(db_url)
    ids = a_history(store)
    before = {f: head_to_head(store, ids["Léa"], f) for f in ASKED}
    with store.engine.begin() as c:
        drop_score_trigger(c, "pair_place_score")
        c.exec_driver_sql("DROP TABLE pair_place")
        c.execute(text("UPDATE meta SET value = '9' WHERE key = 'schema_version'"))
    store.engine.dispose()
    store = Store(db_url)
    try:
        assert schema_version(store.engine) == SCHEMA_VERSION >= 10
        assert "pair_place" in inspect(store.engine).get_table_names()
        assert {f: head_to_head(store, ids["Léa"], f) for f in ASKED} == before
        add_match(store, "apaches", "finished", 20, [(ids["Léa"], "Léa", 1, False), (ids["Ana"], "Ana", 9, True)],
                  day=41, place="Club")
        rivals_are_the_rows(store, ids)
    finally:
        store.engine.dispose()
