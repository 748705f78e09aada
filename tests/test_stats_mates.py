"""Schema version 11: the lines of the matches each player sat at (``player_match_turn``, ``player_match_total``)
and each line's copy of its match's start, so that a game's sections under a player read the player's rows
of totals; and the screen's statements sent to the driver as SQLAlchemy compiled them (:mod:`db.prepared`).

The totals are the lines' (``db.summary.expected_cubes``) and the figures the row-wise reference's whatever
wrote the history: lines inserted or deleted several in one statement (a PostgreSQL trigger before each
row sees the rows done before it), a match's date amended (its start and end move on its lines), a
database of schema 10 opened by this release.  On SQLite and PostgreSQL.
"""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.exc import DBAPIError

from app.screens.stats_figures import load
from db import summary
from db.engine import schema_version
from db.models import SCHEMA_VERSION, Player
from db.prepared import _FALLBACK, _compiled_for, fetch, text_of
from db.stats import (
    Filters,
    _no_player_filter,
    _player_game_any,
    _player_game_query,
    _timeline_query,
    game_figures,
    row_wise,
    score_timeline,
)
from db.store import HOST, Store
from tests.test_stats import add_match
from tests.test_stats_cubes import check, drop_score_trigger, people, same


def a_history(store: Store) -> dict[str, int]:
    """Léa, Sam and Ana at Les Apaches de Paris and Robby Solo: three set-ups, a virtual player, a shared
    win, a match without an end, an abandoned one."""
    ids = people(store)
    lea, sam, ana = ids["Léa"], ids["Sam"], ids["Ana"]
    add_match(store, "apaches", "finished", 30, [(lea, "Léa", 12, True), (sam, "Sam", 7, False),
                                                 (ana, "Ana", 7, False)], day=2, place="Club", first=1)
    add_match(store, "apaches", "finished", 45.5, [(sam, "Sam", 9, True), (lea, "Léa", 9, True)], day=5)
    add_match(store, "apaches", "finished", 20, [(ana, "Ana", 15, True), (lea, "Léa", 3, False),
                                                 (None, "Bot", 8, False)], day=9, first=2)
    add_match(store, "apaches", "finished", None, [(lea, "Léa", 4, False), (ana, "Ana", 6, True)], day=12)
    add_match(store, "robby-solo", "finished", 25, [(lea, "Léa", 30, True), (None, "Robby", 10, False)], day=14)
    add_match(store, "apaches", "abandoned", 10, [(lea, "Léa", 99, True), (sam, "Sam", 1, False)], day=20)
    return ids


def totals_are_the_lines(store: Store) -> None:
    with store.engine.connect() as c:
        got, want = summary.stored_cubes(c), summary.expected_cubes(c)
    for table in ("player_match_turn", "player_match_total"):
        assert got[table] == want[table], table


def figures_are_the_rows(store: Store, ids: dict[str, int]) -> None:
    totals_are_the_lines(store)
    for pid in ids.values():
        for slug in ("apaches", "robby-solo", "traction-avant"):
            fast = game_figures(store, slug, Filters(player_id=pid))
            with row_wise():
                same(fast, game_figures(store, slug, Filters(player_id=pid)), f"{pid} {slug}")


def test_a_games_figures_under_a_player_are_the_rows_of_the_players_matches(store):
    ids = a_history(store)
    figures = game_figures(store, "apaches", Filters(player_id=ids["Léa"]))
    card = figures.card
    assert (card.matches, card.score_min, card.score_max, card.first_seat_wins) == (4, 3, 15, 1)
    assert card.score_avg == pytest.approx(8.0)  # every line of Léa's four matches (80 / 10), the bot's among them
    assert card.average_minutes == pytest.approx((30 + 45.5 + 20) / 3)  # the match with no end has no length
    assert sum(b.count for b in figures.buckets) == 10
    assert [(s.position, s.played, s.won) for s in figures.seats] == [(0, 4, 1), (1, 4, 3), (2, 2, 1)]
    assert sorted((r.players, r.matches) for r in figures.setups) == [(2, 2), (3, 2)]
    figures_are_the_rows(store, ids)
    check(store, [Filters(game="apaches", player_id=pid) for pid in ids.values()])


def test_amending_deleting_and_restoring_a_match_move_its_lines_under_each_player(store):
    ids = a_history(store)
    lea, sam = ids["Léa"], ids["Sam"]
    mid = add_match(store, "apaches", "finished", 50, [(lea, "Léa", 20, True), (sam, "Sam", 11, False)], day=30)
    figures_are_the_rows(store, ids)
    store.amend_match(mid, HOST, day=date(2025, 5, 1), place="Festival")  # start and end move on its lines
    figures_are_the_rows(store, ids)
    doc = store.delete_match(mid)
    figures_are_the_rows(store, ids)
    assert game_figures(store, "apaches", Filters(player_id=sam)).card.matches == 2
    store.undelete_match(doc)
    figures_are_the_rows(store, ids)
    assert game_figures(store, "apaches", Filters(player_id=sam)).card.matches == 3


def test_lines_written_several_in_one_statement_keep_the_totals(store):
    """By hand, behind the app's back: a match's lines deleted in one statement, then inserted back in one
    (on PostgreSQL each row's trigger then sees the rows of the statement done before it)."""
    ids = a_history(store)
    with store.engine.begin() as c:
        mid = c.execute(text("SELECT MIN(match_id) FROM score")).scalar()
        columns = [col["name"] for col in inspect(c).get_columns("score") if col["name"] != "id"]
        listed = ", ".join(columns)
        c.execute(text(f"CREATE TEMPORARY TABLE kept AS SELECT {listed} FROM score WHERE match_id = :m"), {"m": mid})
        c.execute(text("DELETE FROM score WHERE match_id = :m"), {"m": mid})
    figures_are_the_rows(store, ids)
    with store.engine.begin() as c:
        c.execute(text(f"INSERT INTO score ({listed}) SELECT {listed} FROM kept"))
        c.execute(text("UPDATE score SET total = total + 5, winner = NOT winner WHERE match_id = :m"), {"m": mid})
    figures_are_the_rows(store, ids)


def test_a_version_10_database_gets_the_lines_of_the_players_matches(db_url):
    """A history written by schema 10 (no copy of the start on the lines, no ``player_match_*``, no trigger for
    them) opened by this release: the copies are filled from the matches, the totals from the lines, and the
    trigger keeps them from then on."""
    store = Store(db_url)
    ids = a_history(store)
    before = {pid: game_figures(store, "apaches", Filters(player_id=pid)) for pid in ids.values()}
    with store.engine.begin() as c:
        drop_score_trigger(c, "player_match_score")
        if c.dialect.name != "postgresql":
            c.exec_driver_sql("DROP TRIGGER match_counts_lines")  # it copies the start: schema 10's did not
        c.exec_driver_sql("DROP TABLE player_match_turn")
        c.exec_driver_sql("DROP TABLE player_match_total")
        c.exec_driver_sql("ALTER TABLE score DROP COLUMN started_at")
        c.execute(text("UPDATE meta SET value = '10' WHERE key = 'schema_version'"))
    store.engine.dispose()
    store = Store(db_url)
    try:
        assert schema_version(store.engine) == SCHEMA_VERSION >= 11
        with store.engine.connect() as c:
            assert c.execute(text('SELECT COUNT(*) FROM score s JOIN "match" m ON m.id = s.match_id '
                                  "WHERE s.started_at = m.started_at")).scalar() == 14
        for pid, want in before.items():
            same(game_figures(store, "apaches", Filters(player_id=pid)), want, str(pid))
        add_match(store, "apaches", "finished", 20, [(ids["Léa"], "Léa", 1, False), (ids["Ana"], "Ana", 9, True)],
                  day=41)
        figures_are_the_rows(store, ids)
    finally:
        store.engine.dispose()


# ---------------------------------------------------------------- db.prepared
def test_the_driver_gets_the_sql_sqlalchemy_compiled_and_gives_the_same_values(store):
    ids = a_history(store)
    lea = ids["Léa"]
    with store.engine.connect() as c:
        query = _timeline_query(Filters(), False, 200)  # a date and a boolean read (SQLite: text and 0/1)
        got = fetch(c, query, {"player_id": lea})
        assert [tuple(row) for row in got] == [tuple(row) for row in c.execute(query, {"player_id": lea})]
        last = next(row for row in got if row[2] is not None)  # the robby-solo play of day 14
        assert [type(v) for v in last] == [int, str, type(last[2]), int, bool] and last[2].day == 14
        since = text_of("SELECT COUNT(*) FROM score WHERE ended_at >= :at_lo AND player_id = :p", "at_lo")
        assert fetch(c, since, {"at_lo": last[2] - timedelta(days=3), "p": lea}) == [(2,)]  # days 14 and 20
        assert text_of("SELECT :x", "x") is text_of("SELECT :x", "x")
    assert sorted(p.total for p in score_timeline(store, lea)) == [3, 4, 9, 12, 30]


def test_a_sum_of_minutes_is_read_on_the_driver_s_cursor_with_the_same_values(store):
    """A game's figures under a player and a place: on SQLite one statement whose last column is a ``Float`` (the
    player's minutes).  SQLite's driver describes no column, so SQLAlchemy's processor for it is the one
    :func:`fetch` applies: the statement goes to the driver's cursor (it went through ``Connection.execute``,
    0.6 ms more at 100 000 matches, twice the statement: docs/benchmarks-details.md).  PostgreSQL's numbers are read
    by their description, so that statement would still go through ``Connection.execute`` there, with the same
    values; PostgreSQL's own statements for these figures read the minutes as its driver gives them."""
    ids = a_history(store)
    lea = ids["Léa"]
    query = _player_game_query(_no_player_filter(Filters(game="apaches", player_id=lea, place="Club")))
    with store.engine.connect() as c:
        got = fetch(c, query, {"player_id": lea})
        want = [tuple(row) for row in c.execute(query, {"player_id": lea})]
        assert got and [tuple(row) for row in got] == want
        assert any(isinstance(row[-1], float) for row in got)  # the minutes of a match that ended
        sent_as_is = _compiled_for(query, c.dialect) is not _FALLBACK
    assert sent_as_is == (store.engine.dialect.name == "sqlite")
    # PostgreSQL's own three statements for the same figures read the minutes as its driver gives them (a numeric,
    # made a float in Python): each goes to the driver's cursor, and the figures are the rows' (a_history's)
    for statement in _player_game_any(_no_player_filter(Filters(game="apaches", player_id=lea, place="Club"))):
        assert _compiled_for(statement, store.engine.dialect) is not _FALLBACK
    check(store, [Filters(game="apaches", player_id=lea, place="Club")])


def test_the_engines_listeners_hear_the_statements_and_errors_are_sqlalchemys(store):
    from sqlalchemy import event, select

    heard: list[str] = []
    event.listen(store.engine, "before_cursor_execute", lambda *args: heard.append(args[2]))
    with store.engine.connect() as c:
        assert fetch(c, select(Player.name).where(Player.id == 1)) == []
        with pytest.raises(DBAPIError):
            fetch(c, text_of("SELECT nothing FROM nowhere"))
    assert "FROM player" in heard[0] and heard[1] == "SELECT nothing FROM nowhere"


def test_a_render_leaves_no_transaction_open(store):
    """The screen's connection goes back to the pool with its transaction ended (the driver's too: the
    statements went to the driver's own cursor)."""
    ids = a_history(store)
    for f in (Filters(), Filters(player_id=ids["Léa"], game="apaches"), Filters(place="Club", players=3)):
        load(store, f)
    if store.engine.dialect.name == "postgresql":  # asked from another connection: the pool's is idle
        other = create_engine(store.engine.url)
        try:
            with other.connect() as c:
                assert c.execute(text("SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() "
                                      "AND state LIKE 'idle in transaction%'")).scalar() == 0
        finally:
            other.dispose()
    else:
        with store.engine.connect() as c:
            assert not c.connection.dbapi_connection.in_transaction  # type: ignore[union-attr]
