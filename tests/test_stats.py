"""The history's statistics (db.stats) on a small hand-made history whose numbers are worked out here.

The history (each match starts at 10:00 on its day of March 2025; the first player is the
set-up's, ``match.first_seat``; ranks follow the totals):

====  ==========  ===========  =====  ========  ======  ============================================  ========
 #    game        status       day    place     first   seats (seat 0 first): total, winner?          length
====  ==========  ===========  =====  ========  ======  ============================================  ========
 1    apaches     finished     1      Club      seat 1  Léa 2050 W · Sam 1200 · Ana 900               30 min
 2    apaches     finished     1      —         seat 0  Sam 1500 W · Léa 1500 W (shared victory)      60.5 min
 3    apaches     finished     11     Chez Léa  seat 0  Léa 1000 · Ana 1100 W                         45 min
 4    robby-solo  finished     21     Club      seat 0  Léa 12000 · Sam 30000 W · Robby Junior 5000   20 min
 5    apaches     in progress  1      —         seat 0  Léa · Sam                                     —
 6    apaches     abandoned    1      —         seat 0  Léa · Sam (a stray score row: must not count) 10 min
====  ==========  ===========  =====  ========  ======  ============================================  ========

Options are ``{"players": N}`` with N the number of seats.
"""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta

import pytest
from sqlalchemy.dialects import postgresql
from sqlmodel import select

from db.models import Match, Seat, score_line
from db.stats import (
    NO_FILTERS,
    Bucket,
    Filters,
    Rival,
    SeatRecord,
    game_stats,
    h_index,
    head_to_head,
    matches_per_game,
    minutes_between,
    places,
    player_stats,
    score_distribution,
    score_timeline,
    seat_effect,
    setups,
    standings,
)
from db.store import Store, StoreError

T0 = datetime(2025, 3, 1, 10, 0, tzinfo=UTC)


def add_match(store: Store, game: str, status: str, minutes: float | None,
              seats: list[tuple[int | None, str, int | None, bool]], *, day: int = 1, place: str = "",
              first: int = 0) -> int:
    """``seats``: (player id or None for a virtual player, name, total or None, winner)."""
    start = T0 + timedelta(days=day - 1)
    with store.session() as s:
        # Score lines without events, as an import writes them (a backup restores them without a replay).
        m = Match(game=game, options=json.dumps({"players": len(seats)}), setup='{"imported_from": "tests"}',
                  seed="x", status=status,
                  started_at=start, ended_at=None if minutes is None else start + timedelta(minutes=minutes),
                  place=place, first_seat=first, seats=sum(1 for _p, _n, t, _w in seats if t is not None))
        s.add(m)
        s.flush()
        assert m.id is not None
        totals = sorted({t for _p, _n, t, _w in seats if t is not None}, reverse=True)
        for i, (pid, name, total, winner) in enumerate(seats):
            if pid is not None:
                s.add(Seat(match_id=m.id, seat_index=i, player_id=pid))
            if total is not None:
                s.add(score_line(m, i, player_id=pid, name=name, total=total,  # as the store writes them
                                 rank=totals.index(total) + 1, winner=winner, breakdown="{}"))
        s.commit()
        return m.id


@pytest.fixture
def history(db_url):
    store = Store(db_url)
    lea, sam, ana, max_ = (store.add_player(n).id for n in ("Léa", "Sam", "Ana", "Max"))
    add_match(store, "apaches", "finished", 30, [(lea, "Léa", 2050, True), (sam, "Sam", 1200, False),
                                                 (ana, "Ana", 900, False)], place="Club", first=1)
    add_match(store, "apaches", "finished", 60.5, [(sam, "Sam", 1500, True), (lea, "Léa", 1500, True)])
    add_match(store, "apaches", "finished", 45, [(lea, "Léa", 1000, False), (ana, "Ana", 1100, True)],
              day=11, place="Chez Léa")
    add_match(store, "robby-solo", "finished", 20, [(lea, "Léa", 12000, False), (sam, "Sam", 30000, True),
                                                    (None, "Robby Junior", 5000, False)], day=21, place="Club")
    add_match(store, "apaches", "in_progress", None, [(lea, "Léa", None, False), (sam, "Sam", None, False)])
    add_match(store, "apaches", "abandoned", 10, [(lea, "Léa", 9999, True), (sam, "Sam", None, False)])
    yield store, {"Léa": lea, "Sam": sam, "Ana": ana, "Max": max_}
    store.engine.dispose()


def test_a_players_record_per_game(history):
    store, ids = history
    lea = player_stats(store, ids["Léa"])
    assert lea.name == "Léa"
    # Most played first: apaches (matches 1, 2, 3; not the running one, nor the abandoned one).
    assert [g.game for g in lea.games] == ["apaches", "robby-solo"]
    apaches, robby = lea.games
    # Won 1 and 2 (a shared victory is a victory), lost 3.
    assert (apaches.played, apaches.won, apaches.best) == (3, 2, 2050)
    assert apaches.average == pytest.approx((2050 + 1500 + 1000) / 3)  # 1516.67
    assert apaches.win_rate == pytest.approx(2 / 3)
    assert (robby.played, robby.won, robby.best, robby.average, robby.win_rate) == (1, 0, 12000, 12000.0, 0.0)
    assert (lea.played, lea.won, lea.win_rate) == (4, 2, 0.5)


def test_another_players_record_and_a_player_who_never_played(history):
    store, ids = history
    sam = player_stats(store, ids["Sam"])
    # apaches: played 1 and 2 (matches tie on 2: alphabetical), won 2; robby-solo: won 4.
    assert [(g.game, g.played, g.won, g.best, g.average) for g in sam.games] == [
        ("apaches", 2, 1, 1500, (1200 + 1500) / 2), ("robby-solo", 1, 1, 30000, 30000.0)]
    assert (sam.played, sam.won) == (3, 2) and sam.win_rate == pytest.approx(2 / 3)
    ana = player_stats(store, ids["Ana"])
    assert [(g.game, g.played, g.won, g.best, g.average) for g in ana.games] == [("apaches", 2, 1, 1100, 1000.0)]
    nobody = player_stats(store, ids["Max"])
    assert (nobody.games, nobody.played, nobody.won, nobody.win_rate) == ((), 0, 0, 0.0)


def test_an_unknown_player_is_refused(history):
    store, _ids = history
    with pytest.raises(StoreError, match="no player with id 999"):
        player_stats(store, 999)


def test_a_games_statistics(history):
    store, _ids = history
    apaches = game_stats(store, "apaches")
    assert apaches.game == "apaches" and apaches.matches == 3
    assert apaches.average_minutes == pytest.approx((30 + 60.5 + 45) / 3)  # 45.1667
    # Seven lines on three sheets: 2050 1200 900 | 1500 1500 | 1000 1100.
    assert (apaches.score_min, apaches.score_max) == (900, 2050)
    assert apaches.score_avg == pytest.approx(9250 / 7)  # 1321.43
    # The first player won match 2 (Sam, seat 0, shared), not match 1 (Sam, seat 1: Léa in seat 0 won)
    # nor match 3 (Léa, seat 0, lost to Ana): the set-up's first player counts, not seat 0.
    assert apaches.first_seat_wins == 1 and apaches.first_seat_win_rate == pytest.approx(1 / 3)

    robby = game_stats(store, "robby-solo")
    assert (robby.matches, robby.average_minutes) == (1, pytest.approx(20.0))
    # Robby Junior's line is part of the sheet, so of the distribution.
    assert (robby.score_min, robby.score_max) == (5000, 30000)
    assert robby.score_avg == pytest.approx((12000 + 30000 + 5000) / 3)
    assert (robby.first_seat_wins, robby.first_seat_win_rate) == (0, 0.0)


def test_a_game_nobody_has_played_yet(history):
    store, _ids = history
    empty = game_stats(store, "traction-avant")
    assert (empty.matches, empty.average_minutes, empty.score_min, empty.score_avg, empty.score_max,
            empty.first_seat_wins, empty.first_seat_win_rate) == (0, None, None, None, None, 0, None)


def test_a_session_works_as_well_as_a_store(history):
    store, ids = history
    with store.session() as s:
        assert player_stats(s, ids["Léa"]) == player_stats(store, ids["Léa"])
        assert game_stats(s, "apaches") == game_stats(store, "apaches")
        assert s.exec(select(Match)).first() is not None  # the caller's session is still open


def test_a_store_s_connection_goes_back_to_the_pool_after_each_read_even_a_refused_one(history):
    """The statistics read a store through one pool checkout each (``db.stats._connection``): given back
    after every read, and after one that fails, so that a screen read hundreds of times never runs dry."""
    store, ids = history
    pool = store.engine.pool
    for _ in range(3 * (pool.size() + 2)):  # more reads than the pool holds connections
        assert matches_per_game(store, Filters(player_id=ids["Léa"], place="Club")) is not None
        assert setups(store, "apaches") is not None
    assert pool.checkedout() == 0
    with pytest.raises(StoreError):
        player_stats(store, 10_000)
    assert pool.checkedout() == 0


def test_the_length_of_a_match_is_computed_in_postgresql_too():
    sql = str(select(minutes_between(Match.started_at, Match.ended_at)).compile(dialect=postgresql.dialect()))
    assert "EXTRACT(EPOCH FROM (match.ended_at - match.started_at)) / 60.0" in sql


def test_a_players_record_with_filters_and_favourite_game(history):
    store, ids = history
    lea = ids["Léa"]
    assert player_stats(store, lea).favourite_game == "apaches"  # 3 matches against 1
    # From 2 March on: match 3 (apaches, lost, 1000) and match 4 (robby-solo, lost, 12000); a tie on
    # one match each is ordered by the game's name.
    later = player_stats(store, lea, Filters(since=date(2025, 3, 2)))
    assert [(g.game, g.played, g.won, g.best, g.average) for g in later.games] == [
        ("apaches", 1, 0, 1000, 1000.0), ("robby-solo", 1, 0, 12000, 12000.0)]
    # At the club: match 1 (won with 2050) and match 4 (lost).
    club = player_stats(store, lea, Filters(place="Club"))
    assert [(g.game, g.played, g.won, g.best) for g in club.games] == [
        ("apaches", 1, 1, 2050), ("robby-solo", 1, 0, 12000)]
    # Apaches before 2 March: matches 1 and 2, both won; average (2050 + 1500) / 2.
    early = player_stats(store, lea, Filters(game="apaches", until=date(2025, 3, 2)))
    assert [(g.game, g.played, g.won, g.best, g.average) for g in early.games] == [("apaches", 2, 2, 2050, 1775.0)]
    assert player_stats(store, ids["Max"]).favourite_game is None


def test_head_to_head_is_counted_pairwise(history):
    store, ids = history
    # Léa against Sam: match 1 ahead (rank 1 against 2), match 2 tied (both rank 1), match 4 behind;
    # against Ana: match 1 ahead, match 3 behind.  Robby Junior (virtual) is nobody's rival.
    assert head_to_head(store, ids["Léa"]) == (
        Rival(ids["Sam"], "Sam", 3, 1, 1, 1), Rival(ids["Ana"], "Ana", 2, 1, 1, 0))
    # Sam: against Léa the mirror image; against Ana, match 1 (rank 2 against 3).
    assert head_to_head(store, ids["Sam"]) == (
        Rival(ids["Léa"], "Léa", 3, 1, 1, 1), Rival(ids["Ana"], "Ana", 1, 1, 0, 0))
    # Only at the club: matches 1 and 4.
    assert head_to_head(store, ids["Léa"], Filters(place="Club")) == (
        Rival(ids["Sam"], "Sam", 2, 1, 1, 0), Rival(ids["Ana"], "Ana", 1, 1, 0, 0))
    assert head_to_head(store, ids["Max"]) == ()
    with pytest.raises(StoreError, match="no player with id 999"):
        head_to_head(store, 999)


def test_the_turn_orders_effect(history):
    store, ids = history
    # Position = (seat - first seat) modulo the number of lines.  Match 1 (first: seat 1, three lines):
    # Sam 0 (1200), Ana 1 (900), Léa 2 (2050 W).  Match 2: Sam 0 (1500 W), Léa 1 (1500 W).  Match 3:
    # Léa 0 (1000), Ana 1 (1100 W).  Match 4: Léa 0 (12000), Sam 1 (30000 W), Robby Junior 2 (5000).
    assert seat_effect(store) == (
        SeatRecord(0, 4, 1, (1200 + 1500 + 1000 + 12000) / 4),
        SeatRecord(1, 4, 3, (900 + 1500 + 1100 + 30000) / 4),
        SeatRecord(2, 2, 1, (2050 + 5000) / 2))
    apaches = seat_effect(store, Filters(game="apaches"))
    assert [(r.position, r.played, r.won) for r in apaches] == [(0, 3, 1), (1, 3, 2), (2, 1, 1)]
    assert apaches[0].average == pytest.approx(3700 / 3) and apaches[1].win_rate == pytest.approx(2 / 3)
    # Léa's own lines: first in matches 3 and 4 (lost both), second in 2 (won), third in 1 (won).
    assert seat_effect(store, player_id=ids["Léa"]) == (
        SeatRecord(0, 2, 0, 6500.0), SeatRecord(1, 1, 1, 1500.0), SeatRecord(2, 1, 1, 2050.0))


def test_the_score_distribution_in_equal_buckets(history):
    store, _ids = history
    # Apaches lines: 900 1000 1100 | 1200 | 1500 1500 | 2050.  Range 900..2050, four buckets of
    # ceil(1151 / 4) = 288 points.
    assert score_distribution(store, "apaches", buckets=4) == (
        Bucket(900, 1187, 3), Bucket(1188, 1475, 1), Bucket(1476, 1763, 2), Bucket(1764, 2051, 1))
    # One bucket holds everything; a game with no lines has no buckets.
    assert score_distribution(store, "apaches", buckets=1) == (Bucket(900, 2050, 7),)
    assert score_distribution(store, "traction-avant") == ()
    # Only matches with Ana (1 and 3): 900 1000 1100 1200 2050, two buckets of 576.
    assert score_distribution(store, "apaches", Filters(player_id=_ids["Ana"]), buckets=2) == (
        Bucket(900, 1475, 4), Bucket(1476, 2051, 1))
    with pytest.raises(ValueError, match="buckets must be at least 1, got 0"):
        score_distribution(store, "apaches", buckets=0)


def test_which_set_up_wins(history):
    store, _ids = history
    two, three = setups(store, "apaches")
    # Two players: matches 2 and 3; the first player (seat 0) won 2, lost 3; the winning lines are
    # 1500, 1500 (shared) and 1100; lengths 60.5 and 45.
    assert (two.options, two.players, two.matches, two.first_seat_wins) == ({"players": 2}, 2, 2, 1)
    assert two.average_winning_score == pytest.approx(4100 / 3) and two.average_minutes == pytest.approx(52.75)
    # Three players: match 1, whose first player (Sam, seat 1) lost to Léa's 2050.
    assert (three.players, three.matches, three.first_seat_wins, three.average_winning_score) == (3, 1, 0, 2050.0)
    assert setups(store, "apaches", Filters(place="Chez Léa")) == (
        type(two)({"players": 2}, 1, 0, 1100.0, pytest.approx(45.0)),)


def test_a_games_statistics_with_filters(history):
    store, ids = history
    # Matches Ana played: 1 and 3.  Lines 2050 1200 900 | 1000 1100; first players Sam and Léa lost.
    with_ana = game_stats(store, "apaches", Filters(player_id=ids["Ana"]))
    assert (with_ana.matches, with_ana.score_min, with_ana.score_max, with_ana.first_seat_wins) == (2, 900, 2050, 0)
    assert with_ana.average_minutes == pytest.approx(37.5) and with_ana.score_avg == pytest.approx(1250.0)
    # Before 2 March: matches 1 and 2.  From 2 March up to (not including) 21 March: match 3 only.
    assert game_stats(store, "apaches", Filters(until=date(2025, 3, 2))).matches == 2
    assert game_stats(store, "apaches", Filters(since=date(2025, 3, 2), until=date(2025, 3, 21))).matches == 1
    assert game_stats(store, "robby-solo", Filters(since=datetime(2025, 3, 21, 10, 20))).matches == 1  # ends 10:20


def test_standings_per_game_and_places(history):
    store, ids = history
    # Wins then matches: Léa 2 of 4, Sam 2 of 3, Ana 1 of 2 (Robby Junior is not a player; Max never played).
    assert [(s.name, s.played, s.won) for s in standings(store)] == [("Léa", 4, 2), ("Sam", 3, 2), ("Ana", 2, 1)]
    # At the club (matches 1 and 4): Léa and Sam 1 of 2 each (then by name), Ana 0 of 1.
    assert [(s.name, s.played, s.won) for s in standings(store, Filters(place="Club"))] == [
        ("Léa", 2, 1), ("Sam", 2, 1), ("Ana", 1, 0)]
    assert matches_per_game(store) == {"apaches": 3, "robby-solo": 1}
    assert places(store) == ["Chez Léa", "Club"]  # the running and abandoned matches have none
    assert standings(store)[0].player_id == ids["Léa"]


def test_the_chart_s_first_standings_are_the_whole_ranking_s_first(history):
    """The screen's wins-per-player chart asks for its ten (``limit``): the same players, in the same order,
    as the head of the whole ranking, on each way of reading it (running totals of the whole history; the
    cubes per place or player count; the lines under a player), ties broken by name as the whole one does."""
    store, ids = history
    for filters in (NO_FILTERS, Filters(game="apaches"), Filters(place="Club"), Filters(players=2),
                    Filters(players=3), Filters(player_id=ids["Léa"])):
        whole = standings(store, filters)
        assert whole, filters
        for limit in (0, 1, 2, len(whole), len(whole) + 5):
            assert standings(store, filters, limit=limit) == whole[:limit], (filters, limit)
    # Léa and Sam tie at the club (1 of 2 each): the first one is Léa, by name, limited or not
    assert [s.name for s in standings(store, Filters(place="Club"), limit=1)] == ["Léa"]


def test_score_over_time(history):
    store, ids = history
    points = score_timeline(store, ids["Léa"])
    assert [(p.match_id, p.game, p.total, p.winner) for p in points] == [
        (1, "apaches", 2050, True), (2, "apaches", 1500, True), (3, "apaches", 1000, False),
        (4, "robby-solo", 12000, False)]
    assert points[0].ended_at.replace(tzinfo=UTC) == datetime(2025, 3, 1, 10, 30, tzinfo=UTC)
    assert [p.match_id for p in score_timeline(store, ids["Léa"], limit=2)] == [3, 4]  # the last two
    assert [p.total for p in score_timeline(store, ids["Léa"], Filters(game="apaches"))] == [2050, 1500, 1000]


def test_the_tables_h_index(history):
    store, ids = history
    # Apaches 3, Robby Solo 1: one game played at least once, not two games at least twice.
    assert h_index(store) == 1
    lea, sam, ana = ids["Léa"], ids["Sam"], ids["Ana"]
    for _ in range(2):  # Robby Solo 3, Traction-Avant 2: games played 3, 3, 2 times
        add_match(store, "robby-solo", "finished", 30, [(lea, "Léa", 10, True), (sam, "Sam", 5, False),
                                                        (ana, "Ana", 1, False)])
        add_match(store, "traction-avant", "finished", 90, [(lea, "Léa", 10, True), (sam, "Sam", 5, False)])
    assert matches_per_game(store) == {"apaches": 3, "robby-solo": 3, "traction-avant": 2}
    assert h_index(store) == 2  # three games at least three times? no: Traction-Avant has 2
    add_match(store, "traction-avant", "finished", 90, [(lea, "Léa", 10, True), (sam, "Sam", 5, False)])
    assert h_index(store) == 3
    assert h_index(store, Filters(game="apaches")) == 1


def test_the_player_count_filter_keeps_the_matches_of_that_many_seats(history):
    """Filters.players (issue 18: "player count"): matches 2 and 3 had two seats, 1 and 4 three (Robby
    Junior's line counts: he has a seat at the table)."""
    store, ids = history
    two, three = Filters(players=2), Filters(players=3)
    assert matches_per_game(store, two) == {"apaches": 2}
    assert matches_per_game(store, three) == {"apaches": 1, "robby-solo": 1}
    assert matches_per_game(store, Filters(players=5)) == {}
    assert [(s.name, s.played, s.won) for s in standings(store, two)] == [
        ("Léa", 2, 1), ("Ana", 1, 1), ("Sam", 1, 1)]  # most wins, then most played
    assert [(g.game, g.played, g.won) for g in player_stats(store, ids["Léa"], three).games] == [
        ("apaches", 1, 1), ("robby-solo", 1, 0)]
    assert game_stats(store, "apaches", two).matches == 2 and game_stats(store, "apaches", two).score_max == 1500
    assert [(r.name, r.matches, r.wins, r.losses) for r in head_to_head(store, ids["Léa"], two)] == [
        ("Ana", 1, 0, 1), ("Sam", 1, 0, 0)]
    assert [(p.position, p.played) for p in seat_effect(store, Filters(game="apaches", players=3))] == [
        (0, 1), (1, 1), (2, 1)]
    assert [s.matches for s in setups(store, "apaches", two)] == [2]
    assert [b.count for b in score_distribution(store, "apaches", two, buckets=1)] == [4]
    with_place = Filters(players=3, place="Club", game="robby-solo")
    assert matches_per_game(store, with_place) == {"robby-solo": 1} and h_index(store, with_place) == 1
