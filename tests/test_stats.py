"""The history's statistics (db.stats) on a small hand-made history whose numbers are worked out here.

The history (times in minutes after 10:00 on 1 March 2025):

====  ===========  ===========  ============================================  ========
 #    game         status       seats (seat 0 first): total, winner?          length
====  ===========  ===========  ============================================  ========
 1    apaches      finished     Léa 2050 W · Sam 1200 · Ana 900               30 min
 2    apaches      finished     Sam 1500 W · Léa 1500 W (shared victory)      60.5 min
 3    apaches      finished     Léa 1000 · Ana 1100 W                         45 min
 4    robby-solo   finished     Léa 12000 · Sam 30000 W · Robby Junior 5000   20 min
 5    apaches      in progress  Léa · Sam                                     —
 6    apaches      abandoned    Léa · Sam (a stray score row: must not count) 10 min
====  ===========  ===========  ============================================  ========
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy.dialects import postgresql
from sqlmodel import select

from db.models import Match, ScoreRow, Seat
from db.stats import game_stats, minutes_between, player_stats
from db.store import Store, StoreError

T0 = datetime(2025, 3, 1, 10, 0, tzinfo=UTC)


def add_match(store: Store, game: str, status: str, minutes: float | None,
              seats: list[tuple[int | None, str, int | None, bool]]) -> int:
    """``seats``: (player id or None for a virtual player, name, total or None, winner)."""
    with store.session() as s:
        m = Match(game=game, options="{}", setup="{}", seed="x", status=status, started_at=T0,
                  ended_at=None if minutes is None else T0 + timedelta(minutes=minutes))
        s.add(m)
        s.flush()
        assert m.id is not None
        totals = sorted({t for _p, _n, t, _w in seats if t is not None}, reverse=True)
        for i, (pid, name, total, winner) in enumerate(seats):
            if pid is not None:
                s.add(Seat(match_id=m.id, seat_index=i, player_id=pid))
            if total is not None:
                s.add(ScoreRow(match_id=m.id, seat_index=i, player_id=pid, name=name, total=total,
                               rank=totals.index(total) + 1, winner=winner, breakdown="{}"))
        s.commit()
        return m.id


@pytest.fixture
def history(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'h.db'}")
    lea, sam, ana, max_ = (store.add_player(n).id for n in ("Léa", "Sam", "Ana", "Max"))
    add_match(store, "apaches", "finished", 30, [(lea, "Léa", 2050, True), (sam, "Sam", 1200, False),
                                                 (ana, "Ana", 900, False)])
    add_match(store, "apaches", "finished", 60.5, [(sam, "Sam", 1500, True), (lea, "Léa", 1500, True)])
    add_match(store, "apaches", "finished", 45, [(lea, "Léa", 1000, False), (ana, "Ana", 1100, True)])
    add_match(store, "robby-solo", "finished", 20, [(lea, "Léa", 12000, False), (sam, "Sam", 30000, True),
                                                    (None, "Robby Junior", 5000, False)])
    add_match(store, "apaches", "in_progress", None, [(lea, "Léa", None, False), (sam, "Sam", None, False)])
    add_match(store, "apaches", "abandoned", 10, [(lea, "Léa", 9999, True), (sam, "Sam", None, False)])
    return store, {"Léa": lea, "Sam": sam, "Ana": ana, "Max": max_}


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
    # Seat 0 won match 1 (Léa) and match 2 (Sam, shared), not match 3 (Léa lost to Ana).
    assert apaches.first_seat_wins == 2 and apaches.first_seat_win_rate == pytest.approx(2 / 3)

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


def test_the_length_of_a_match_is_computed_in_postgresql_too():
    sql = str(select(minutes_between(Match.started_at, Match.ended_at)).compile(dialect=postgresql.dialect()))
    assert "EXTRACT(EPOCH FROM (match.ended_at - match.started_at)) / 60.0" in sql
