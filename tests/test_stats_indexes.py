"""Schema version 9: the indexes that lead with every equality the statistics and the history ask (a
player's lines of one game, a player's seat at one match), the planner's statistics SQLite gathers when a
history has grown, and a game's sections read together (``db.stats.game_figures``).

The plans are SQLite's without statistics (a new file has none): the planner weighs two indexes by their
equal columns alone, which is what chose the game's 100 000 lines over the player's 2 000, or all of a
player's seats for every match walked (docs/benchmarks.md).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime
from typing import Any

import pytest
from sqlalchemy import and_, event, inspect, select, text, true
from sqlmodel import col

import db.engine as engine_mod
from db.cubes import LINE_MONTH, sums
from db.engine import refresh_statistics, schema_version
from db.history import HistoryQuery, conditions, search, starting_after
from db.models import SCHEMA_VERSION, Match
from db.stats import Filters, game_figures, game_stats, score_distribution, seat_effect, setups
from db.store import HOST, Store
from tests.test_stats import add_match
from tests.test_stats_cubes import check, people, same

NEW_INDEXES = {"score": "ix_score_player_game", "seat": "ix_seat_match_player"}


def a_history(store: Store) -> dict[str, int]:
    """A few matches of two games at two places over two months, Léa at most of them."""
    ids = people(store)
    lea, sam, ana = ids["Léa"], ids["Sam"], ids["Ana"]
    for day, game, place, first in ((2, "apaches", "Club", 0), (20, "apaches", "", 1), (35, "robby-solo", "Club", 2),
                                    (40, "apaches", "Club", 1), (50, "apaches", "", 0)):
        add_match(store, game, "finished", 20 + day, [(lea, "Léa", day, True), (sam, "Sam", day // 2, False),
                                                      (ana, "Ana", day % 7, False)], day=day, place=place,
                  first=first)
    add_match(store, "apaches", "finished", 25, [(sam, "Sam", 5, True), (ana, "Ana", 3, False)], day=41, place="Club")
    return ids


def statements(store: Store, read: Any) -> list[tuple[str, Any]]:
    """The statements ``read()`` sends, with their parameters."""
    sent: list[tuple[str, Any]] = []

    def note(_conn: Any, _cursor: Any, statement: str, parameters: Any, _context: Any, _many: bool) -> None:
        sent.append((statement, parameters))

    event.listen(store.engine, "before_cursor_execute", note)
    try:
        read()
    finally:
        event.remove(store.engine, "before_cursor_execute", note)
    return sent


def plan(store: Store, statement: str, parameters: Any = ()) -> str:
    with store.engine.connect() as c:
        return " | ".join(str(r[-1]) for r in c.exec_driver_sql(f"EXPLAIN QUERY PLAN {statement}", parameters))


# ---------------------------------------------------------------- the figures
def test_a_games_sections_read_together_are_the_four_functions_figures(store):
    """``game_figures`` (the screen's one section for a game) gives what the card, the distribution, the
    turn order and the set-ups give one by one, under a player (one joined statement), under a period,
    place or player count (the running totals and one pass over the lines) and over the whole history."""
    ids = a_history(store)
    lea = ids["Léa"]
    for f in (Filters(), Filters(player_id=lea), Filters(player_id=lea, place="Club"),
              Filters(player_id=lea, since=date(2025, 2, 1)), Filters(since=date(2025, 1, 10)), Filters(place=""),
              Filters(players=3), Filters(player_id=ids["Ana"], players=2), Filters(place="Nowhere")):
        got = game_figures(store, "apaches", f)
        same(got.card, game_stats(store, "apaches", f), f"{f} card")
        same(got.buckets, score_distribution(store, "apaches", f), f"{f} buckets")
        same(got.seats, seat_effect(store, replace(f, game="apaches")), f"{f} seats")
        same(got.setups, setups(store, "apaches", f), f"{f} setups")
    lone = game_figures(store, "apaches", Filters(player_id=lea, place="Club"))
    assert lone.card.matches == 2 and lone.card.score_min == 1 and lone.card.score_max == 40  # days 2 and 40
    assert sum(b.count for b in lone.buckets) == 6 and [s.played for s in lone.seats] == [2, 2, 2]
    check(store, [Filters(game="apaches", player_id=lea), Filters(game="apaches", player_id=lea, place="Club",
                                                                 since=date(2025, 1, 15), players=3)])


# ---------------------------------------------------------------- the plans (SQLite, no statistics)
def test_a_games_sections_under_a_player_start_from_the_players_lines_of_the_game(sqlite_store):
    """Under a player and a place (or a period, a player count): one statement from the player's lines of
    the game; under the player alone, the player's rows of version 11's totals by their keys."""
    ids = a_history(sqlite_store)
    sent = statements(sqlite_store, lambda: game_figures(sqlite_store, "apaches",
                                                         Filters(player_id=ids["Léa"], place="Club")))
    assert len(sent) == 1  # one statement instead of seven
    found = plan(sqlite_store, *sent[0])
    assert "ix_score_player_game (player_id=? AND finished=? AND game=?)" in found, found
    sent = statements(sqlite_store, lambda: game_figures(sqlite_store, "apaches", Filters(player_id=ids["Léa"])))
    assert len(sent) == 2  # the lines per set-up and turn position, and per total
    for statement, table in zip(sent, ("player_match_turn", "player_match_total"), strict=True):
        found = plan(sqlite_store, *statement)
        assert f"SEARCH {table} USING INDEX sqlite_autoindex_{table}_1 (player_id=? AND game=?)" in found, found
        assert " score " not in f" {found} ", found  # no line read


def test_the_rows_of_a_partial_month_are_an_index_range_of_the_end(sqlite_store):
    """A period cut inside a month reads that month's lines from the index on the end, not every line of
    the game (the bare boolean ``finished`` could not be used as an index column)."""
    a_history(sqlite_store)
    with sqlite_store.engine.connect() as c:
        sent = statements(sqlite_store, lambda: sums(c, LINE_MONTH, ("turn_pos",), game="apaches",
                                                     since=datetime(2025, 1, 15, tzinfo=UTC)))
    assert len(sent) == 2  # the whole months from the totals, the partial month from the lines
    found = plan(sqlite_store, *sent[1])
    assert "ended_at>? AND ended_at<?" in found, found


def test_the_history_asks_each_match_for_the_player_by_one_probe_and_starts_a_page_at_its_cursor(sqlite_store):
    ids = a_history(sqlite_store)
    first = search(sqlite_store.engine, limit=2)
    assert first.more is not None
    hers = conditions(sqlite_store.engine, HistoryQuery(player_id=ids["Léa"]))
    query = (select(col(Match.id)).where(and_(true(), *hers, *starting_after(first.more)))
             .order_by(col(Match.ended_at).desc(), col(Match.id).desc()).limit(51))
    compiled = query.compile(sqlite_store.engine, compile_kwargs={"literal_binds": True})
    found = plan(sqlite_store, str(compiled))
    assert "ix_seat_match_player (match_id=? AND player_id=?)" in found, found
    assert "ix_match_status_ended_game (status=? AND ended_at<?)" in found, found
    later = search(sqlite_store.engine, HistoryQuery(player_id=ids["Léa"]), limit=2, after=first.more)
    everything = [m.id for m in search(sqlite_store.engine, HistoryQuery(player_id=ids["Léa"]), limit=100).matches]
    assert [m.id for m in later.matches] == [i for i in everything if i not in [m.id for m in first.matches]][:2]


def test_a_cursor_on_matches_that_ended_at_the_same_moment_pages_through_all_of_them(sqlite_store):
    """The extra ``ended_at <=`` keeps the rows of the cursor's own moment with a smaller id."""
    ids = people(sqlite_store)
    for _ in range(5):
        add_match(sqlite_store, "apaches", "finished", 30, [(ids["Léa"], "Léa", 3, True)], day=3)
    seen, after = [], None
    while True:
        page = search(sqlite_store.engine, limit=2, after=after)
        seen += [m.id for m in page.matches]
        if page.more is None:
            break
        after = page.more
    assert seen == sorted(seen, reverse=True) and len(seen) == len(set(seen)) == 5
    with sqlite_store.engine.connect() as c:
        assert c.execute(text("SELECT COUNT(DISTINCT ended_at) FROM \"match\"")).scalar() == 1  # one moment


# ---------------------------------------------------------------- statistics of the planner
def test_sqlite_gathers_the_planners_statistics_once_the_history_has_grown(tmp_path, monkeypatch):
    monkeypatch.setattr(engine_mod, "STATS_AFTER_LINES", 4)
    url = f"sqlite:///{tmp_path / 'h.db'}"

    def gathered(store: Store) -> int:
        with store.engine.connect() as c:
            if not c.exec_driver_sql("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").first():
                return 0
            return int(c.exec_driver_sql("SELECT MAX(CAST(stat AS INTEGER)) FROM sqlite_stat1 WHERE tbl = 'score'")
                       .scalar() or 0)

    store = Store(url)
    ids = people(store)
    add_match(store, "apaches", "finished", 30, [(ids["Léa"], "Léa", 3, True), (ids["Sam"], "Sam", 1, False)])
    assert not refresh_statistics(store.engine) and gathered(store) == 0  # 2 lines: too few
    add_match(store, "apaches", "finished", 30, [(ids["Léa"], "Léa", 3, True), (ids["Sam"], "Sam", 1, False)])
    store.engine.dispose()
    store = Store(url)  # opening it gathers them
    assert gathered(store) == 4 and not refresh_statistics(store.engine)  # not again until it has grown
    for _ in range(6):
        add_match(store, "apaches", "finished", 30, [(ids["Léa"], "Léa", 3, True), (ids["Sam"], "Sam", 1, False)])
    assert refresh_statistics(store.engine) and gathered(store) == 16  # fourfold
    store.engine.dispose()


# ---------------------------------------------------------------- the migration
def test_a_version_8_database_gets_the_indexes_and_keeps_every_figure(db_url):
    """A history written by schema 8 (the two indexes missing, version 8 recorded) opened by this release:
    the indexes are created, nothing is lost, every figure is the rows' and the triggers go on."""
    store = Store(db_url)
    ids = a_history(store)
    before = {f: game_figures(store, "apaches", f) for f in (Filters(player_id=ids["Léa"]), Filters(place="Club"))}
    with store.engine.begin() as c:
        for index in NEW_INDEXES.values():
            c.exec_driver_sql(f"DROP INDEX {index}")
        c.execute(text("UPDATE meta SET value = '8' WHERE key = 'schema_version'"))
    store.engine.dispose()
    store = Store(db_url)
    try:
        assert schema_version(store.engine) == SCHEMA_VERSION >= 9
        insp = inspect(store.engine)
        for table, index in NEW_INDEXES.items():
            assert index in {ix["name"] for ix in insp.get_indexes(table)}
        assert {f: game_figures(store, "apaches", f) for f in before} == before
        lea = ids["Léa"]
        check(store, [Filters(game="apaches", player_id=lea), Filters(player_id=lea, place="Club"),
                      Filters(game="apaches", since=date(2025, 1, 15))])
        mid = add_match(store, "apaches", "finished", 30, [(lea, "Léa", 70, True), (ids["Sam"], "Sam", 1, False)],
                        day=60, place="Club")
        store.amend_match(mid, HOST, place="Festival")
        assert game_figures(store, "apaches", Filters(player_id=lea)).card.score_max == 70
        check(store, [Filters(game="apaches", player_id=lea, place="Festival"), Filters(player_id=lea)])
    finally:
        store.engine.dispose()


def test_a_games_sections_under_a_player_on_postgresql_scan_the_array_of_the_players_matches(store):
    """PostgreSQL: the player's matches as one array (``= ANY(ARRAY(...))``), each statement one index scan
    keyed by it, instead of a nested loop probing the matches and their lines once per match (the
    figures: the test above and tests/test_stats_cubes.py)."""
    if store.engine.dialect.name != "postgresql":
        pytest.skip("PostgreSQL's plan (SQLite reads the one joined statement: the test above)")
    ids = a_history(store)
    sent = statements(store, lambda: game_figures(store, "apaches", Filters(player_id=ids["Léa"], place="Club")))
    assert len(sent) == 3 and all("= ANY (array((SELECT" in s for s, _p in sent), sent
    with store.engine.connect() as c:
        c.exec_driver_sql("SET enable_seqscan = off")  # a handful of rows: the plan of a large history
        found = "\n".join(r[0] for r in c.exec_driver_sql(f"EXPLAIN {sent[1][0]}", sent[1][1]))
    assert "Nested Loop" not in found and "= ANY ($0)" in found, found
