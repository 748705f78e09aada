"""Issue 19, item 2: the games of the history as records; a score-pad play is stored under
``pad:<key>``, so that every statistic treats each named game as a game of its own."""

from __future__ import annotations

import doctest
import json

from sqlalchemy import text
from sqlmodel import select

import db.games
from db.backup import backup, restore
from db.engine import schema_version
from db.games import all_games, engine_slug, game_name, lookup, pad_key
from db.models import SCHEMA_VERSION, GameRow, Match, ScoreRow
from db.stats import Filters, game_stats, matches_per_game, player_stats
from db.store import HOST, Store


def _pad_play(store: Store, name: str, ids: list[int], rounds: list[list[int]], **options: object) -> int:
    mid = store.create_match("score-pad", {"game_name": name, "players": len(ids), **options}, ids)
    for points in rounds:
        store.record(mid, {"type": "round", "points": points}, HOST)
    store.record(mid, {"type": "finish"}, HOST)
    store.finish(mid)
    return mid


def test_the_module_follows_its_doctests():
    assert doctest.testmod(db.games).failed == 0


def test_a_key_is_the_name_without_case_accents_or_punctuation():
    assert pad_key("Les Châteaux de Bourgogne") == pad_key("les chateaux de  BOURGOGNE!")
    assert pad_key("Les Châteaux de Bourgogne") == "pad:les-chateaux-de-bourgogne"
    assert pad_key("Azul") != pad_key("Azul: Summer Pavilion")
    long_a, long_b = "A" * 60 + " one", "A" * 60 + " two"
    assert pad_key(long_a) != pad_key(long_b) and len(pad_key(long_a)) <= 40  # cut, told apart by a hash
    assert engine_slug(pad_key("Azul")) == "score-pad" and engine_slug("apprentis") == "apprentis"


def test_a_named_game_is_a_game_of_its_own_in_the_history_and_statistics(store):
    a, b, c = (store.add_player(n).id for n in ("Léa", "Sam", "Noor"))
    first = _pad_play(store, "Carcassonne", [a, b], [[10, 8], [5, 9]])
    _pad_play(store, "  carcassonne ", [b, c], [[3, 4]])  # the same game, whatever the case and spaces
    _pad_play(store, "Azul", [a, b, c], [[1, 2, 3]], kind="low")
    with store.session() as s:
        assert s.exec(select(Match.game).where(Match.id == first)).one() == "pad:carcassonne"
        assert sorted(set(s.exec(select(ScoreRow.game)))) == ["pad:azul", "pad:carcassonne"]
        row = s.get(GameRow, "pad:azul")
        assert row is not None and (row.name, row.kind) == ("Azul", "low") and row.colour.startswith("#")
    assert store.load(first).game.slug == "score-pad"  # the engine that replays it
    assert matches_per_game(store) == {"pad:carcassonne": 2, "pad:azul": 1}
    stats = game_stats(store, "pad:carcassonne")
    assert (stats.matches, stats.score_min, stats.score_max) == (2, 3, 17)
    # Léa's wins per game: Carcassonne (15 to 17: lost), Azul (lowest wins: 1, won).
    mine = player_stats(store, a, Filters(game="pad:azul"))
    assert (mine.played, mine.won) == (1, 1)
    # The games as the app lists them: the engines first, then the named games by name.
    listed = all_games(store.engine)
    assert [g.key for g in listed if g.key.startswith("pad:")] == ["pad:azul", "pad:carcassonne"]
    assert {g.key for g in listed} >= {"apaches", "apprentis", "robby-solo", "traction-avant"}
    azul = next(g for g in listed if g.key == "pad:azul")
    assert (azul.emblem, azul.engine, azul.name.en) == ("score-pad", "score-pad", "Azul")
    assert game_name("pad:carcassonne", "fr") == "Carcassonne" and game_name("apaches", "en") == "Les Apaches de Paris"
    assert [g.key for g in lookup(store.engine, "CARC")] == ["pad:carcassonne"]
    assert [g.key for g in all_games(store.engine, played_only=True)] == ["pad:azul", "pad:carcassonne"]


def test_a_score_pad_match_goes_through_a_backup_and_restore(store, tmp_path):
    a, b = (store.add_player(n).id for n in ("Léa", "Sam"))
    _pad_play(store, "Kingdomino", [a, b], [[30, 41]], bgg_id=204583)
    doc = json.loads(json.dumps(backup(store)))
    other = Store(f"sqlite:///{tmp_path / 'restored.db'}")
    try:
        restore(other, doc)
        assert matches_per_game(other) == {"pad:kingdomino": 1}
        with other.session() as s:
            row = s.get(GameRow, "pad:kingdomino")
            assert row is not None and (row.name, row.bgg_id) == ("Kingdomino", 204583)
    finally:
        other.engine.dispose()


def test_a_version_5_database_with_score_pad_matches_is_migrated_to_version_6(db_url):
    store = Store(db_url)
    a, b = (store.add_player(n).id for n in ("Léa", "Sam"))
    mid = _pad_play(store, "Ticket to Ride", [a, b], [[100, 90]])
    # Back to how schema 5 stored it: the engine's slug, no game table.
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE match SET game = 'score-pad'"))
        conn.execute(text("UPDATE score SET game = 'score-pad'"))
        conn.execute(text('DROP TABLE "game"'))
        conn.execute(text("UPDATE meta SET value = '5' WHERE key = 'schema_version'"))
    store.engine.dispose()
    store = Store(db_url)  # opening it migrates it
    try:
        assert schema_version(store.engine) == SCHEMA_VERSION >= 6
        assert matches_per_game(store) == {"pad:ticket-to-ride": 1}
        assert game_stats(store, "pad:ticket-to-ride").matches == 1  # the running totals rebuilt
        assert store.load(mid).state["game_name"] == "Ticket to Ride"
        with store.session() as s:
            keys = set(s.exec(select(GameRow.key)))
        assert {"apaches", "apprentis", "robby-solo", "traction-avant", "pad:ticket-to-ride"} <= keys
    finally:
        store.engine.dispose()
