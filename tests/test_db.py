"""The match history: players, matches, the append-only event log, undo, crash safety, migrations.

Tests taking ``store`` or ``db_url`` run on SQLite and on PostgreSQL (see tests/conftest.py).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from sqlmodel import Session, select

from db.engine import SchemaTooNew, make_engine, migrate, schema_version
from db.models import SCHEMA_VERSION, EventRow, Meta
from db.store import HOST, Store, StoreError, effective_events
from scoring import SLUGS, RulesError, find_game

ROOT = Path(__file__).resolve().parent.parent


def people(store, *names):
    return [store.add_player(n).id for n in names]


def drive(store, match_id, steps, seed=1):
    """Record ``steps`` random legal actions of the match's game; returns how many were recorded."""
    rng = random.Random(seed)
    done = 0
    for _ in range(steps):
        m = store.load(match_id)
        action = m.game.sample_action(m.state, rng)
        if action is None:
            break
        store.record(match_id, action, HOST)
        done += 1
    return done


def test_sqlite_is_in_wal_mode_with_foreign_keys(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'h.db'}")
    with store.engine.connect() as c:
        assert c.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert c.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1


def test_players_create_rename_and_refuse_bad_names(store):
    a, b = people(store, "Léa", "Sam")
    with pytest.raises(StoreError, match="already exists"):
        store.add_player("LÉA")
    with pytest.raises(StoreError, match="empty"):
        store.add_player("   ")
    with pytest.raises(StoreError, match="at most 80"):
        store.add_player("x" * 81)
    store.rename_player(b, "  Samuel   B ")
    assert [p.name for p in store.players()] == ["Léa", "Samuel B"]
    with pytest.raises(StoreError, match="“Léa” already exists"):
        store.rename_player(b, "léa")


def test_merge_moves_seats_and_refuses_two_people_at_one_table(store):
    a, b, c, dup = people(store, "Ana", "Bo", "Cy", "ana (phone)")
    m1 = store.create_match("apaches", {"players": 3}, [dup, b, c])
    store.merge_players(a, dup)
    assert store.load(m1).names == ["Ana", "Bo", "Cy"]
    assert [p.name for p in store.players()] == ["Ana", "Bo", "Cy"]
    with pytest.raises(StoreError, match="two people"):
        store.merge_players(a, b)


def test_renaming_or_merging_a_player_renames_them_on_past_score_sheets(store):
    """A rename fixes a name (a typo, a full name): the finished matches' sheets, lines and winners
    name the player as they are called now, as the running matches already did.  A merge names the
    duplicate's past sheets after the person kept."""
    import csv
    import io

    from db.backup import matches_csv

    lea, sam, ana, dup = people(store, "Léa", "Sam", "Ana", "ana (phone)")
    done = store.create_match("robby-solo", {"players": 3}, [lea, sam, dup], seed="r1")
    drive(store, done, 3000)
    store.finish(done)
    sheet = store.load(done).sheet
    winners = {r["seat"] for r in sheet["ranking"] if r["name"] in sheet["winners"]}
    renamed = {0: "Léa Martin", 1: "Samuel", 2: "Ana"}
    store.rename_player(lea, "Léa Martin")
    store.rename_player(sam, "Samuel")
    store.merge_players(ana, dup)
    after = store.load(done)
    assert after.names == ["Léa Martin", "Samuel", "Ana"]
    assert {r["seat"]: r["name"] for r in after.sheet["ranking"]} == renamed
    assert winners and sorted(after.sheet["winners"]) == sorted(renamed[seat] for seat in winners)
    (line,) = store.history()
    assert [n for n, _t in line.totals] == [r["name"] for r in after.sheet["ranking"]]
    assert set(line.winners) == set(after.sheet["winners"])
    exported = csv.DictReader(io.StringIO(matches_csv(store)))
    assert [row["player"] for row in exported] == ["Léa Martin", "Samuel", "Ana"]


@pytest.mark.parametrize("slug", SLUGS)
def test_create_match_stores_the_setup_of_its_seed(store, slug):
    game = find_game(slug)
    ids = people(store, *[f"P{i}" for i in range(game.min_players)])
    opts = game.validate_options({"players": game.min_players, **game.example_options})
    match_id = store.create_match(slug, opts, ids, seed="abc")
    m = store.load(match_id)
    assert m.setup == game.setup(opts, random.Random("abc:setup")).record
    assert m.status == "in_progress" and m.events == []
    assert [s.id for s in store.in_progress()] == [match_id]


def test_create_match_refuses_bad_requests_and_writes_nothing(store):
    a, b, c = people(store, "A", "B", "C")
    with pytest.raises(RulesError, match="players: 9 is above 4"):
        store.create_match("apaches", {"players": 9}, [a, b, c])
    with pytest.raises(StoreError, match="needs 2 players, got 3"):
        store.create_match("apaches", {"players": 2}, [a, b, c])
    with pytest.raises(StoreError, match="two seats"):
        store.create_match("apaches", {"players": 2}, [a, a])
    with pytest.raises(StoreError, match="no player with id 99"):
        store.create_match("apaches", {"players": 2}, [a, 99])
    assert store.in_progress() == []


@pytest.mark.parametrize("slug", SLUGS)
def test_recorded_events_replay_to_the_same_state_after_reopening(db_url, slug):
    url = db_url
    s1 = Store(url)
    game = find_game(slug)
    ids = people(s1, *[f"P{i}" for i in range(game.min_players)])
    mid = s1.create_match(slug, {"players": game.min_players, **game.example_options}, ids)
    drive(s1, mid, 25)
    before = s1.load(mid)
    after = Store(url).load(mid)  # a new process would see the same: no cache
    assert after.events == before.events and after.state == before.state


def test_an_illegal_action_writes_nothing(store):
    ids = people(store, "A", "B")
    mid = store.create_match("apaches", {"players": 2}, ids)
    with pytest.raises(RulesError):
        store.record(mid, {"type": "no-such-thing"}, HOST)
    assert store.load(mid).log == []


def test_undo_appends_and_cancels_the_last_event(store):
    ids = people(store, "A", "B", "C")
    mid = store.create_match("robby-solo", {"players": 3}, ids)
    assert drive(store, mid, 2) == 2  # restock, a declaration or choice (a reveal is not undoable)
    m = store.load(mid)
    state_before_last = store.load(mid).state
    last = store.undo(mid, HOST)
    after = store.load(mid)
    assert last == m.events[-1]
    assert after.events == m.events[:-1]
    assert len(after.log) == len(m.log) + 1 and after.log[-1].type == "undo"  # append-only
    assert after.state != state_before_last
    with pytest.raises(StoreError, match="nothing to undo"):
        for _ in range(10):
            store.undo(mid, HOST)


def test_effective_events_skip_undone_rows():
    rows = [EventRow(match_id=1, seq=i, type=t, payload=json.dumps({"type": t, "n": i}))
            for i, t in enumerate(["a", "b", "undo", "c", "undo", "undo", "d"], start=1)]
    assert [e["n"] for e in effective_events(rows)] == [7]


def test_finish_needs_a_finished_match_and_then_files_it(store):
    game = find_game("traction-avant")
    ids = people(store, "A", "B", "C", "D")
    mid = store.create_match("traction-avant", {"players": 4}, ids)
    with pytest.raises(StoreError, match="not over"):
        store.finish(mid)
    drive(store, mid, 400)
    assert game.finished(store.load(mid).state)
    sheet = store.finish(mid)
    m = store.load(mid)
    assert m.status == "finished" and m.sheet == sheet.to_json()
    hist = store.history()
    assert [h.id for h in hist] == [mid] and hist[0].winners == list(sheet.winners)
    assert store.in_progress() == []
    # Each line carries its match's game, end and status and its turn position (schema 3).
    from db.models import Match, ScoreRow

    with store.session() as s:
        match = s.get(Match, mid)
        assert match is not None and match.seats == len(sheet.ranking)
        lines = s.exec(select(ScoreRow).where(ScoreRow.match_id == mid)).all()
        assert sorted(r.seat_index for r in lines) == list(range(match.seats))
        assert {(r.game, r.ended_at, r.finished) for r in lines} == {("traction-avant", match.ended_at, True)}
        assert sorted((r.turn_pos, (r.seat_index - match.first_seat) % match.seats) for r in lines) == [
            (i, i) for i in range(match.seats)]
    with pytest.raises(StoreError, match="already finished"):
        store.finish(mid)
    with pytest.raises(StoreError, match="no more events"):
        store.record(mid, {"type": "anything"}, HOST)


def test_abandon(store):
    ids = people(store, "A", "B")
    mid = store.create_match("apaches", {"players": 2}, ids)
    store.abandon(mid)
    assert store.in_progress() == [] and store.history() == []
    assert store.load(mid).status == "abandoned"


def test_settings_are_remembered(db_url):
    url = db_url
    Store(url).set_setting("lang", "en")
    assert Store(url).get_setting("lang") == "en"
    assert Store(url).get_setting("missing", "fr") == "fr"


def test_schema_version_is_written_and_a_newer_database_is_refused(db_url):
    url = db_url
    engine = make_engine(url)
    assert schema_version(engine) == SCHEMA_VERSION
    assert migrate(engine) == SCHEMA_VERSION  # idempotent
    with Session(engine) as s:
        s.merge(Meta(key="schema_version", value=str(SCHEMA_VERSION + 1)))
        s.commit()
    with pytest.raises(SchemaTooNew, match=str(SCHEMA_VERSION + 1)):
        make_engine(url)


def test_sigkill_in_the_middle_of_a_match_loses_no_committed_event(tmp_path):
    """Kill the writing process with SIGKILL; every event it reported as committed is there."""
    db = tmp_path / "h.db"
    script = textwrap.dedent(f"""
        import random, sys
        sys.path.insert(0, {str(ROOT)!r})
        from db.store import HOST, Store
        s = Store({f"sqlite:///{db}"!r})
        ids = [s.add_player(n).id for n in "ABCD"]
        mid = s.create_match("traction-avant", {{"players": 4}}, ids)
        rng = random.Random(5)
        print("match", mid, flush=True)
        for i in range(100000):
            m = s.load(mid)
            a = m.game.sample_action(m.state, rng)
            if a is None:
                rng = random.Random(i)
                continue
            s.record(mid, a, HOST)
            print("committed", len(m.log) + 1, flush=True)
    """)
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    mid = int(proc.stdout.readline().split()[1])
    committed = 0
    deadline = time.time() + 30
    while committed < 25 and time.time() < deadline:
        line = proc.stdout.readline()
        if line.startswith("committed"):
            committed = int(line.split()[1])
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert committed >= 25
    s = Store(f"sqlite:///{db}")
    m = s.load(mid)
    assert len(m.log) >= committed
    with Session(s.engine) as sess:
        seqs = [r.seq for r in sess.exec(select(EventRow).where(EventRow.match_id == mid))]
    assert sorted(seqs) == list(range(1, len(seqs) + 1))
    assert m.status == "in_progress"  # and it resumes:
    drive(s, mid, 2)


def test_a_database_of_this_version_opens_in_the_next_one_without_loss(tmp_path, monkeypatch):
    """The migration path: a version-1 file, opened by a release whose schema is version 2."""
    import db.engine as engine_mod
    import db.models as models_mod

    url = f"sqlite:///{tmp_path / 'h.db'}"
    old = Store(url)
    ids = people(old, "A", "B", "C")
    mid = old.create_match("robby-solo", {"players": 3}, ids)
    drive(old, mid, 5)
    before = old.load(mid)
    old.engine.dispose()

    def add_column(conn):
        conn.exec_driver_sql("ALTER TABLE match ADD COLUMN rating INTEGER")

    monkeypatch.setattr(models_mod, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    monkeypatch.setattr(engine_mod, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    monkeypatch.setitem(engine_mod.MIGRATIONS, SCHEMA_VERSION + 1, add_column)
    new = Store(url)
    assert schema_version(new.engine) == SCHEMA_VERSION + 1
    after = new.load(mid)
    assert after.events == before.events and after.state == before.state and after.names == before.names
    with new.engine.connect() as c:
        assert "rating" in [row[1] for row in c.exec_driver_sql("PRAGMA table_info(match)")]


def _version_1_database(url: str, version: int = 1) -> dict[str, int]:
    """A database as release ``version`` (1 to 4) wrote it: its frozen DDL
    (tests/data/schema-v<version>.*.sql), then rows.

    Two Apaches matches whose set-ups name seat 1 as the first player: one running, one
    finished (seat 1, B, won with 2050).  Version 2 also wrote each match's first seat and line
    count, version 3 each score line's copies of its match (game, end, status, turn position).
    Returns the ids.
    """
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    dialect = engine.dialect.name
    ddl = (ROOT / "tests" / "data" / f"schema-v{version}.{dialect}.sql").read_text()
    game = find_game("apaches")
    opts = game.validate_options({"players": 4})
    seed = next(f"s{i}" for i in range(200)
                if game.setup(opts, random.Random(f"s{i}:setup")).record["first_player"] == 1)
    setup = json.dumps(game.setup(opts, random.Random(f"{seed}:setup")).record)
    separator = "\n;;\n" if "-- separator: ;;" in ddl else ";\n"
    with engine.begin() as c:
        for stmt in ddl.split(separator):
            stmt = "\n".join(line for line in stmt.splitlines() if not line.startswith("--")).strip()
            if stmt:
                c.exec_driver_sql(stmt)
        c.execute(text("INSERT INTO meta (key, value) VALUES ('schema_version', :v)"), {"v": str(version)})
        for i, name in enumerate("ABCD", start=1):
            c.execute(text("INSERT INTO player (id, name, created_at) VALUES (:i, :n, :t)"),
                      {"i": i, "n": name, "t": "2025-01-01 10:00:00+00:00"})
        for mid, status in ((1, "in_progress"), (2, "finished")):
            c.execute(text("INSERT INTO match (id, game, options, setup, seed, status, started_at, ended_at, place, "
                           "notes, winner_names, sheet) VALUES (:id, 'apaches', :o, :s, :seed, :st, :t0, :t1, "
                           "'Club', '', :w, '')"),
                      {"id": mid, "o": json.dumps(opts), "s": setup, "seed": seed, "st": status,
                       "t0": "2025-01-01 10:00:00+00:00", "t1": "2025-01-01 11:00:00+00:00" if mid == 2 else None,
                       "w": "B" if mid == 2 else ""})
            if version >= 2:
                c.execute(text("UPDATE match SET first_seat = 1, seats = :n WHERE id = :id"),
                          {"n": 4 if mid == 2 else 0, "id": mid})
            for seat in range(4):
                c.execute(text("INSERT INTO seat (match_id, seat_index, player_id, colour) VALUES (:m, :s, :p, '')"),
                          {"m": mid, "s": seat, "p": seat + 1})
        for seat, total in enumerate((900, 2050, 1200, 1500)):
            c.execute(text("INSERT INTO score (match_id, seat_index, player_id, name, total, rank, winner, breakdown) "
                           "VALUES (2, :s, :p, :n, :t, :r, :w, '{}')"),
                      {"s": seat, "p": seat + 1, "n": "ABCD"[seat], "t": total,
                       "r": sorted((900, 2050, 1200, 1500), reverse=True).index(total) + 1, "w": total == 2050})
        if version >= 3:  # seat 1 played first: seats 1, 2, 3, 0 are turn positions 0, 1, 2, 3
            c.execute(text("UPDATE score SET game = 'apaches', ended_at = :t1, finished = :yes, "
                           "turn_pos = CASE seat_index WHEN 0 THEN 3 ELSE seat_index - 1 END"),
                      {"t1": "2025-01-01 11:00:00+00:00", "yes": True})
        if dialect == "postgresql":  # ids were given by hand: move the sequences past them
            for table in ("player", "match", "seat", "score"):
                c.exec_driver_sql(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                                  f"(SELECT MAX(id) FROM {table}))")
    engine.dispose()
    return {"running": 1, "finished": 2}


def test_a_version_1_database_is_migrated_to_version_2_and_on(db_url):
    """Schema 2 adds match.first_seat (filled from each set-up) and the statistics' covering indexes
    (then schema 3 replaces two of them: see the next test)."""
    from sqlalchemy import inspect

    from db.stats import game_stats, player_stats

    ids = _version_1_database(db_url)
    store = Store(db_url)  # opening it migrates it
    try:
        assert schema_version(store.engine) == SCHEMA_VERSION >= 5
        running = store.load(ids["running"])  # the set-up still replays, nothing lost
        assert running.names == ["A", "B", "C", "D"] and running.setup["first_player"] == 1
        with store.session() as s:
            from db.models import Match

            # Seat 1 plays first in both; the finished match has four score lines, the running one none.
            assert [(m.first_seat, m.seats) for m in s.exec(select(Match).order_by(Match.id))] == [(1, 0), (1, 4)]
        insp = inspect(store.engine)
        score_ix = {ix["name"] for ix in insp.get_indexes("score")}
        match_ix = {ix["name"] for ix in insp.get_indexes("match")}
        assert {"ix_score_player_lines", "ix_score_game_lines", "ix_score_match_totals"} <= score_ix
        assert not {"ix_score_player_id", "ix_score_match_id", "ix_score_player_totals"} & score_ix
        assert {"ix_match_game_status_times", "ix_match_game_status_options", "ix_match_id_status_game",
                "ix_match_status_ended_game"} <= match_ix
        assert not {"ix_match_game_status", "ix_match_status_ended"} & match_ix
        # The finished match counts, and its first player (seat 1, B) won it.
        stats = game_stats(store, "apaches")
        assert (stats.matches, stats.first_seat_wins, stats.score_max) == (1, 1, 2050)
        assert player_stats(store, 2).won == 1
        # And the migrated database takes new matches.
        new = store.create_match("apaches", {"players": 2}, [1, 2])
        assert store.load(new).names == ["A", "B"]
    finally:
        store.engine.dispose()


def test_a_version_2_database_is_migrated_to_version_3(db_url):
    """Schema 3 copies each score line's game, end and status from its match and works out its
    place in the turn order (the first player's line is 0), with the indexes that read them."""
    from sqlalchemy import inspect

    from db.models import Match, ScoreRow, score_line
    from db.stats import game_stats, player_stats, seat_effect, standings

    ids = _version_1_database(db_url, version=2)
    store = Store(db_url)  # opening it migrates it
    try:
        assert schema_version(store.engine) == SCHEMA_VERSION >= 5
        assert store.load(ids["running"]).names == ["A", "B", "C", "D"]  # nothing lost
        with store.session() as s:
            finished = s.get(Match, ids["finished"])
            assert finished is not None and finished.ended_at is not None
            lines = s.exec(select(ScoreRow).order_by(ScoreRow.seat_index)).all()
            # Seat 1 (B) played first: seats 1, 2, 3, 0 are turn positions 0, 1, 2, 3.
            assert [(r.seat_index, r.game, r.finished, r.turn_pos) for r in lines] == [
                (0, "apaches", True, 3), (1, "apaches", True, 0), (2, "apaches", True, 1), (3, "apaches", True, 2)]
            assert all(r.ended_at == finished.ended_at for r in lines)
            # The migration's SQL agrees with what every writer of new lines computes.
            for r in lines:
                fresh = score_line(finished, r.seat_index)
                assert (fresh.game, fresh.ended_at, fresh.finished, fresh.turn_pos) == (
                    r.game, r.ended_at, r.finished, r.turn_pos)
        score_ix = {ix["name"] for ix in inspect(store.engine).get_indexes("score")}
        match_ix = {ix["name"] for ix in inspect(store.engine).get_indexes("match")}
        assert {"ix_score_player_lines", "ix_score_player_wins", "ix_score_game_lines",
                "ix_score_match_totals"} <= score_ix
        assert "ix_score_player_totals" not in score_ix
        assert {"ix_match_game_status_times", "ix_match_game_status_options", "ix_match_status_place"} <= match_ix
        # The statistics read the copies: one match, B (seat 1, the first player) won it with 2050.
        stats = game_stats(store, "apaches")
        assert (stats.matches, stats.first_seat_wins, stats.score_min, stats.score_max) == (1, 1, 900, 2050)
        assert [(g.game, g.played, g.won, g.best) for g in player_stats(store, 2).games] == [("apaches", 1, 1, 2050)]
        assert [(p.position, p.played, p.won) for p in seat_effect(store)] == [(0, 1, 1), (1, 1, 0), (2, 1, 0),
                                                                               (3, 1, 0)]
        assert [(r.name, r.played, r.won) for r in standings(store)][0] == ("B", 1, 1)
        new = store.create_match("apaches", {"players": 2}, [1, 2])  # and it takes new matches
        assert store.load(new).names == ["A", "B"]
    finally:
        store.engine.dispose()


def test_a_version_3_database_is_migrated_to_version_4(db_url):
    """Schema 4 adds the per-game running totals (db.summary): filled from the matches and lines
    already there, then kept by triggers as the history changes."""
    from dataclasses import astuple
    from datetime import date

    from db import summary
    from db.stats import Filters, game_stats, score_distribution

    ids = _version_1_database(db_url, version=3)
    store = Store(db_url)  # opening it migrates it
    try:
        assert schema_version(store.engine) == SCHEMA_VERSION >= 5
        assert store.load(ids["running"]).names == ["A", "B", "C", "D"]  # nothing lost
        with store.engine.connect() as c:
            # One finished Apaches match of an hour, its four lines (900 1200 1500 2050), B first and won.
            assert summary.stored(c) == summary.expected(c) == (
                {"apaches": (1, 1, 3600 * 10**6, 4, 900 + 2050 + 1200 + 1500, 1)},
                {("apaches", 900): 1, ("apaches", 1200): 1, ("apaches", 1500): 1, ("apaches", 2050): 1},
                {(1, "apaches"): (1, 0, 900, 900), (2, "apaches"): (1, 1, 2050, 2050),
                 (3, "apaches"): (1, 0, 1200, 1200), (4, "apaches"): (1, 0, 1500, 1500)})
        stats = game_stats(store, "apaches")  # read from the totals...
        rows = game_stats(store, "apaches", Filters(since=date(2000, 1, 1)))  # ...as from the rows
        assert astuple(stats)[1:] == pytest.approx(astuple(rows)[1:])  # SQLite's julianday: 1e-8 of a minute
        assert (stats.matches, stats.average_minutes, stats.score_min, stats.score_max, stats.first_seat_wins) == (
            1, 60.0, 900, 2050, 1)
        assert [b.count for b in score_distribution(store, "apaches", buckets=2)] == [2, 2]
        # The triggers came with the migration: deleting the finished match takes it away.
        store.delete_match(ids["finished"])
        with store.engine.connect() as c:
            assert summary.stored(c) == summary.expected(c) == ({}, {}, {})
        assert game_stats(store, "apaches").matches == 0
    finally:
        store.engine.dispose()


def test_a_version_4_database_is_migrated_to_version_5(db_url):
    """Schema 5 gives every match an unguessable code (links name matches by it, not by their row id),
    unique, and adds the host devices and the change feed; nothing else moves."""
    from sqlalchemy import inspect

    from db import summary

    ids = _version_1_database(db_url, version=4)
    store = Store(db_url)  # opening it migrates it
    try:
        assert schema_version(store.engine) == SCHEMA_VERSION >= 5
        running, finished = store.load(ids["running"]), store.load(ids["finished"])
        assert running.names == ["A", "B", "C", "D"]  # nothing lost
        codes = {running.code, finished.code}
        assert len(codes) == 2 and all(len(c) >= 22 for c in codes)
        assert store.match_id_for_code(running.code) == ids["running"]
        assert store.match_id_for_code(finished.code) == ids["finished"]
        insp = inspect(store.engine)
        assert {"host_device", "change_feed"} <= set(insp.get_table_names())
        assert any(ix["name"] == "ix_match_code" and ix["unique"] for ix in insp.get_indexes("match"))
        with store.engine.connect() as c:
            assert summary.stored(c) == summary.expected(c)
        new = store.create_match("apaches", {"players": 2}, [1, 2])  # and it takes new matches, with codes
        assert store.load(new).code not in codes
        assert store.grant_host_device("Tablette") and store.host_key()
    finally:
        store.engine.dispose()


OPENER = """
import sys, time
from pathlib import Path
from db.store import Store  # imported before the start, so that the openings start together
from db.engine import schema_version
url, folder, n = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
(folder / f"ready{n}").touch()
while not (folder / "go").exists():
    time.sleep(0.005)
store = Store(url)
store.add_player(f"Player {n}")
print(schema_version(store.engine))
"""


@pytest.mark.parametrize("found", [0, 3, 4], ids=["new", "version-3", "version-4"])
def test_processes_opening_one_database_at_once_create_or_upgrade_it_once(db_url, tmp_path, found):
    """A server's warm-up and a command, or two club machines on one PostgreSQL, may open the same
    new (or old) database at the same moment: each opening succeeds, the schema is created or
    upgraded once (CI once saw "table meta already exists" kill a server here), and the running
    totals match the rows."""
    from db import summary

    if found:
        _version_1_database(db_url, version=found)
    openers = [subprocess.Popen([sys.executable, "-c", OPENER, db_url, str(tmp_path), str(n)], cwd=ROOT,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for n in range(4)]
    deadline = time.time() + 60
    while not all((tmp_path / f"ready{n}").exists() for n in range(4)) and time.time() < deadline:
        time.sleep(0.01)
    (tmp_path / "go").touch()
    said = [p.communicate(timeout=120) for p in openers]
    # the exception's own line (SQLAlchemy's come with a last line of their own: a link to its documentation)
    failures = [[line for line in err.strip().splitlines() if "Error" in line][-2:] for _out, err in said]
    assert [p.returncode for p in openers] == [0] * 4, failures
    assert [out.strip() for out, _err in said] == [str(SCHEMA_VERSION)] * 4
    store = Store(db_url)
    try:
        assert schema_version(store.engine) == SCHEMA_VERSION
        names = {p.name for p in store.players()}
        assert {f"Player {n}" for n in range(4)} <= names
        with store.engine.connect() as c:
            assert summary.stored(c) == summary.expected(c)
    finally:
        store.engine.dispose()


def test_connections_switching_an_old_file_to_wal_at_the_same_moment_all_open_it(tmp_path):
    """An older release's file is not in WAL mode; the first opening of each connection switches it
    (``db.engine._sqlite_pragmas``).  Several at once (a server's warm-up and a command; CI's four openers
    above): SQLite tells one of two connections that both hold the shared lock "database is locked" at once,
    without its busy wait (measured here: 10 of 360 plain switches in 60 rounds failed so, and one of CI's
    openers in run A2).  The switch is tried again until the file is switched."""
    import sqlite3
    import threading

    from db.engine import _sqlite_pragmas

    failures: list[str] = []
    for round_ in range(40):
        path = tmp_path / f"old{round_}.db"
        with sqlite3.connect(path) as c:
            c.execute("CREATE TABLE t (x)")
        go = threading.Event()

        def opening(path=path, go=go) -> None:
            conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            go.wait()
            try:
                _sqlite_pragmas(conn, None)
            except sqlite3.OperationalError as e:
                failures.append(str(e))
            finally:
                conn.close()

        threads = [threading.Thread(target=opening) for _ in range(6)]
        for thread in threads:
            thread.start()
        go.set()
        for thread in threads:
            thread.join(timeout=30)
        with sqlite3.connect(path) as c:
            assert c.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert failures == []
