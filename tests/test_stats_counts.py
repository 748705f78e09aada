"""Issue 19: plays that do not count for statistics (a score-pad play whose option "counts for
statistics" is off, a BG Stats play marked ``ignored``) stay in the history and are left out of
every statistic, the database's running totals included (schema version 7, ``match.counts``)."""

from __future__ import annotations

import json
from datetime import date

from sqlalchemy import text
from sqlmodel import select

from db import summary
from db.bgstats import import_plays
from db.models import SCHEMA_VERSION, Match, counts_for_stats
from db.stats import (
    NO_FILTERS,
    Filters,
    game_stats,
    h_index,
    head_to_head,
    matches_per_game,
    player_stats,
    score_distribution,
    score_timeline,
    seat_effect,
    setups,
    standings,
)
from db.store import HOST, Store
from tests.test_summary import check
from tests.test_transfer import bgstats_file

EVERY_DAY = Filters(since=date(1900, 1, 1))  # every match, through the aggregates over the rows


def pad_play(store: Store, ids: list[int], rounds: list[list[int]], *, counts: bool, name: str = "Azul") -> int:
    mid = store.create_match("score-pad", {"game_name": name, "players": len(ids), "counts": counts}, ids)
    for points in rounds:
        store.record(mid, {"type": "round", "points": points}, HOST)
    store.record(mid, {"type": "finish"}, HOST)
    store.finish(mid)
    return mid


def everything(store: Store, pid: int, game: str) -> list[object]:
    """Every statistic the Statistics screen shows, through both paths (running totals, rows)."""
    out: list[object] = []
    for base in (NO_FILTERS, EVERY_DAY):
        f = Filters(since=base.since, game=game)
        out += [matches_per_game(store, base), h_index(store, base), standings(store, base),
                player_stats(store, pid, base), head_to_head(store, pid, base), seat_effect(store, base),
                seat_effect(store, base, pid), score_timeline(store, pid, base), game_stats(store, game, base),
                score_distribution(store, game, base), setups(store, game, base), matches_per_game(store, f),
                standings(store, f)]
    return out


def test_a_pad_play_that_does_not_count_is_in_the_history_and_in_no_statistic(store):
    """The score pad's option « Compte dans les statistiques » (issue 19: "whether it counts for
    statistics"): off, the play is kept in the history and left out of every figure."""
    lea, sam, ana = (store.add_player(n).id for n in ("Léa", "Sam", "Ana"))
    counted = pad_play(store, [lea, sam, ana], [[10, 12, 7], [9, 3, 15]], counts=True)
    with store.session() as s:
        game = s.get(Match, counted).game
    before = everything(store, lea, game)
    check(store)
    learning = pad_play(store, [lea, sam, ana], [[50, 1, 1]], counts=False)
    assert {h.id for h in store.history()} == {counted, learning}  # kept in the history
    assert everything(store, lea, game) == before  # and in no statistic, whatever the path
    check(store)  # the running totals are the rows' (the learning play's lines are not counted)
    assert matches_per_game(store)[game] == 1 and game_stats(store, game).score_max == 22
    assert [r.matches for r in head_to_head(store, lea)] == [1, 1]
    with store.session() as s:
        assert s.get(Match, learning).counts is False and s.get(Match, counted).counts is True


def test_a_bgstats_play_ignored_for_statistics_is_in_the_history_and_in_no_statistic(store):
    """BG Stats' ``ignored`` (« ignorée pour les statistiques »), on a play of one of the four engines'
    games and on a play of another game (the score pad): kept, not counted."""
    doc = bgstats_file()
    import_plays(store, json.loads(json.dumps(doc)))
    ids = {p.name: p.id for p in store.players()}
    before = everything(store, ids["Léa"], "apaches")
    pad_before = game_stats(store, "pad:catan")
    fresh = json.loads(json.dumps(doc))
    kept = fresh["plays"][:2]
    for play, day in zip(kept, ("2025-05-01 20:00:00", "2025-05-02 20:00:00"), strict=True):
        play.update(ignored=True, playDate=day)  # new plays: an Apaches one and a Catan one
    fresh["plays"] = kept
    report = import_plays(store, fresh)
    assert len(report.imported) == 2
    assert {m for m in report.imported} <= {h.id for h in store.history()}
    with store.session() as s:
        assert [s.get(Match, m).counts for m in report.imported] == [False, False]
    assert everything(store, ids["Léa"], "apaches") == before
    assert game_stats(store, "pad:catan") == pad_before
    check(store)


def test_changing_whether_a_play_counts_moves_every_total(store):
    """A play's flag changed after the fact (its options rewritten): the database's triggers make its
    score lines follow, so the running totals and the statistics follow too."""
    lea, sam = (store.add_player(n).id for n in ("Léa", "Sam"))
    mid = pad_play(store, [lea, sam], [[10, 4]], counts=True)
    with store.session() as s:
        match = s.get(Match, mid)
        game = match.game
        match.options = json.dumps({**json.loads(match.options), "counts": False})
        s.add(match)
        s.commit()
    assert game not in matches_per_game(store) and head_to_head(store, lea) == ()
    check(store)
    with store.engine.begin() as c:  # by hand, behind the app's back: the lines follow the match
        c.execute(text("UPDATE match SET counts = :yes WHERE id = :m"), {"yes": True, "m": mid})
    assert matches_per_game(store)[game] == 1 and [r.wins for r in head_to_head(store, lea)] == [1]
    check(store)


def test_the_flag_is_read_from_the_options_and_the_set_up():
    assert counts_for_stats(json.dumps({"counts": False}), "{}") is False
    assert counts_for_stats("{}", json.dumps({"bgstats": {"play": {"ignored": True}}})) is False
    assert counts_for_stats(json.dumps({"counts": True}), json.dumps({"bgstats": {"play": {"ignored": 0}}})) is True
    assert counts_for_stats("not json", "[]") is True  # unreadable documents leave the play counted


def test_a_version_6_database_learns_which_plays_count(db_url):
    """The migration to version 7 reads the flag of the plays already there (score-pad and BG Stats
    ones), takes their lines out and rebuilds every running total from the rows (version 8's step,
    which follows it, the totals per month, place and player count)."""
    store = Store(db_url)
    try:
        lea, sam = (store.add_player(n).id for n in ("Léa", "Sam"))
        learning = pad_play(store, [lea, sam], [[3, 9]], counts=False)
        pad_play(store, [lea, sam], [[8, 2]], counts=True)
        with store.engine.begin() as c:  # back to how version 6 stored it: counted, totals with it
            c.execute(text("UPDATE match SET counts = :yes WHERE id = :m"), {"yes": True, "m": learning})
            assert c.execute(text("SELECT COUNT(*) FROM score WHERE finished AND match_id = :m"),
                             {"m": learning}).scalar() == 2
            from db.engine import MIGRATIONS
            if c.dialect.name == "sqlite":  # what reads match.counts goes first (PostgreSQL: CASCADE)
                for index in ("ix_match_status_ended_game", "ix_match_game_status_times",
                              "ix_match_game_status_options", "ix_match_status_seats", "ix_match_status_place"):
                    c.exec_driver_sql(f"DROP INDEX {index}")
                for trigger in list(c.exec_driver_sql("SELECT name FROM sqlite_master WHERE type = 'trigger'")
                                    .scalars()):
                    c.exec_driver_sql(f"DROP TRIGGER {trigger}")  # version 11's step installs them again
            c.exec_driver_sql("DROP TABLE pair_summary")
            c.exec_driver_sql("DROP TABLE seat_summary")
            c.exec_driver_sql("ALTER TABLE match DROP COLUMN counts"
                              + (" CASCADE" if c.dialect.name == "postgresql" else ""))
            for version in range(7, SCHEMA_VERSION + 1):  # the steps run together up to the latest
                MIGRATIONS[version](c)
            assert summary.stored(c) == summary.expected(c)
            assert summary.stored_cubes(c) == summary.expected_cubes(c)
            assert summary.stored_duels(c) == summary.expected_duels(c)
        with store.session() as s:
            assert s.exec(select(Match.counts).where(Match.id == learning)).one() is False
        assert sum(matches_per_game(store).values()) == 1
        assert [(r.wins, r.losses) for r in head_to_head(store, lea)] == [(1, 0)]
        check(store)
    finally:
        store.engine.dispose()
