"""Backup and restore, deleting a match with undo, CSV export (db.backup), on SQLite and PostgreSQL."""

from __future__ import annotations

import copy
import csv
import io
import json
import random
from dataclasses import replace

import pytest

from db.backup import RestoreError, backup, matches_csv, restore
from db.models import SCHEMA_VERSION
from db.stats import Filters, game_stats, player_stats
from db.store import HOST, Store, StoreError


def drive(store: Store, match_id: int, steps: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        m = store.load(match_id)
        action = m.game.sample_action(m.state, rng)
        if action is None:
            return
        store.record(match_id, action, HOST)


@pytest.fixture
def played(db_url):
    """A real history: a finished Traction-Avant (400 random legal events), a running Apaches match
    with an undo in its log, an abandoned one; a place, notes, a setting."""
    store = Store(db_url)
    ids = [store.add_player(n).id for n in ("Léa", "Sam", "Ana", "Zoé")]
    done = store.create_match("traction-avant", {"players": 4}, ids, seed="t1", place="Club")
    drive(store, done, 400)
    store.finish(done)
    store.update_match(done, notes="Partie « serrée » — revanche jeudi")
    running = store.create_match("apaches", {"players": 2}, ids[:2], seed="a1")
    drive(store, running, 4)
    store.undo(running, HOST)
    gone = store.create_match("apaches", {"players": 3}, ids[1:], seed="a2")
    store.abandon(gone)
    store.set_setting("lang", "en")
    yield store, {"done": done, "running": running, "gone": gone, "players": ids}
    store.engine.dispose()


def without_date(doc):
    doc = copy.deepcopy(doc)
    doc.pop("exported_at")
    return doc


def test_backup_then_restore_into_an_empty_database_gives_back_the_same_history(played, db_url, tmp_path):
    store, ids = played
    doc = json.loads(json.dumps(backup(store)))  # through JSON text, as a file would
    assert doc["format"] == "compagnon-backup" and doc["schema"] == SCHEMA_VERSION  # the schema that wrote it
    assert len(doc["players"]) == 4 and len(doc["matches"]) == 3
    # Restore into an empty SQLite file (whatever the source backend was).
    fresh = Store(f"sqlite:///{tmp_path / 'restored.db'}")
    assert restore(fresh, doc).matches == 3
    assert without_date(backup(fresh)) == without_date(doc)  # the same rows, ids and JSON text
    for mid in (ids["done"], ids["running"]):
        a, b = store.load(mid), fresh.load(mid)
        assert (a.events, a.state, a.names, a.sheet, a.place, a.notes) == (b.events, b.state, b.names, b.sheet,
                                                                           b.place, b.notes)
    assert fresh.load(ids["running"]).can_undo == store.load(ids["running"]).can_undo
    assert player_stats(fresh, ids["players"][0]) == player_stats(store, ids["players"][0])
    a_game, b_game = game_stats(fresh, "traction-avant"), game_stats(store, "traction-avant")
    # (SQLite's julianday() arithmetic is a float: the length agrees to the millisecond, not the bit)
    assert replace(a_game, average_minutes=0) == replace(b_game, average_minutes=0)
    assert a_game.average_minutes == pytest.approx(b_game.average_minutes, abs=1e-4)
    assert fresh.get_setting("lang") == "en"
    # The restored database goes on: new players and matches get new ids.
    new = fresh.add_player("Max")
    assert new.id == 5
    assert fresh.create_match("apaches", {"players": 2}, [1, new.id]) == 4


def test_a_sqlite_backup_restores_into_postgresql(db_url, tmp_path):
    if not db_url.startswith("postgresql"):
        pytest.skip("the PostgreSQL variant restores a SQLite backup")
    source = Store(f"sqlite:///{tmp_path / 'source.db'}")
    ids = [source.add_player(n).id for n in ("Léa", "Sam", "Ana", "Zoé")]
    mid = source.create_match("traction-avant", {"players": 4}, ids, seed="t1")
    drive(source, mid, 400)
    source.finish(mid)
    doc = backup(source)
    target = Store(db_url)
    restore(target, doc)
    assert without_date(backup(target)) == without_date(doc)
    assert target.add_player("Max").id == 5  # the sequences moved past the restored ids
    target.engine.dispose()


def test_a_restore_refuses_a_non_empty_database_and_bad_documents_writing_nothing(played, tmp_path):
    store, _ids = played
    doc = backup(store)
    with pytest.raises(RestoreError, match=r"empty history, and this one is not \(players: 4, ") as refused:
        restore(store, doc)
    assert refused.value.text is not None  # said in French too, for the screen
    assert refused.value.text.get("fr").startswith("une sauvegarde se restaure dans un historique vide, et celui-ci "
                                                   "ne l'est pas (joueurs : 4, ")
    assert "DATABASE_URL" in refused.value.text.get("it")  # and says how to restore it
    fresh = Store(f"sqlite:///{tmp_path / 'fresh.db'}")
    bad = copy.deepcopy(doc)
    bad["matches"][2]["seats"][0]["player_id"] = 99  # the last match: the first two would fit
    with pytest.raises(RestoreError, match=r"match 3 \(#3\), seat 1: no player with id 99 in the backup") as bad_row:
        restore(fresh, bad)
    assert bad_row.value.get("fr").startswith("Sauvegarde refusée, rien n'a été restauré : partie 3 (#3), place 1 : "
                                              "aucun joueur n'a le numéro 99")  # said in French too, for the screen
    assert fresh.players() == [] and fresh.history() == [] and fresh.in_progress() == []
    cases = [
        (lambda d: d.update(format="other"),
         "this file is not a Compagnon backup \\(those come from its “Full backup”\\)"),
        (lambda d: (d.clear(), d.update(plays=[], games=[])), "this file is a BG Stats export, not a Compagnon backup: "
                                                                "import it as one"),
        (lambda d: d.update(version=7), "backup version 7 is not supported"),
        (lambda d: d["players"][1].update(name="léa"), "player 2: the name “léa” is empty or appears twice"),
        (lambda d: d["matches"][0].update(game="chess"), "unknown game “chess”"),
        (lambda d: d["matches"][0]["scores"][0].update(total="12"), "“total”: must be a whole number, got “12”"),
        (lambda d: d["matches"][0].update(setup="{oops"), "“setup”: is not valid JSON"),
        (lambda d: d["matches"][1]["events"][0].update(at="yesterday"), "“yesterday” is not an ISO 8601"),
        (lambda d: d["matches"][1].update(id=1), "match 2 \\(#1\\): id 1 appears twice"),
        (lambda d: d["matches"][0]["events"].append(dict(d["matches"][0]["events"][0])),
         r"match 1 \(#1\), event \d+: seq 1 appears twice"),
        (lambda d: d["matches"][0]["scores"].append("Léa 12"), r"match 1 \(#1\), score line \d+: must be an object"),
    ]
    for spoil, message in cases:
        bad = copy.deepcopy(doc)
        spoil(bad)
        with pytest.raises(RestoreError, match=message) as refused:
            restore(fresh, bad)
        if message.startswith(("this file", "backup version")):
            assert refused.value.text is not None and "sauvegarde" in refused.value.text.get("fr")
    assert fresh.players() == [] and fresh.history() == []


def test_delete_a_match_then_undo(played):
    store, ids = played
    before = store.load(ids["done"])
    doc = store.delete_match(ids["done"])
    assert store.history() == []
    with pytest.raises(StoreError, match=f"no match with id {ids['done']}"):
        store.load(ids["done"])
    assert player_stats(store, ids["players"][0]).played == 0
    store.undelete_match(doc)
    after = store.load(ids["done"])
    assert (after.events, after.state, after.sheet, after.notes) == (before.events, before.state, before.sheet,
                                                                      before.notes)
    assert [h.id for h in store.history()] == [ids["done"]]
    with pytest.raises(StoreError, match=rf"match #{ids['done']} already exists \(as #{ids['done']}\)"):
        store.undelete_match(doc)  # already back: not put back twice
    assert [h.id for h in store.history()] == [ids["done"]]


def test_a_deleted_match_whose_number_was_taken_since_comes_back_under_a_new_one(db_url):
    """SQLite gives the highest id again once its match is deleted: a match started within the undo's
    moment takes the deleted one's number.  Undoing still puts the deleted match back, whole, under
    a new number (it used to be refused)."""
    store = Store(db_url)
    lea, sam, ana = (store.add_player(n).id for n in ("Léa", "Sam", "Ana"))
    first = store.create_match("robby-solo", {"players": 3}, [lea, sam, ana], seed="a")
    newest = store.create_match("robby-solo", {"players": 3}, [lea, sam, ana], seed="b")
    drive(store, newest, 6)
    before = store.load(newest)
    doc = store.delete_match(newest)
    since = store.create_match("apaches", {"players": 2}, [ana, lea], seed="c")
    back = store.undelete_match(doc)
    assert back not in (first, since)
    if store.engine.dialect.name == "sqlite":
        assert since == newest  # the number was taken: this is the case the test is about
    again = store.load(back)
    assert (again.game.slug, again.names, again.events, again.state) == (
        before.game.slug, before.names, before.events, before.state)
    assert store.load(since).game.slug == "apaches"  # the match started since is untouched
    with pytest.raises(StoreError, match=rf"already exists \(as #{back}\)"):
        store.undelete_match(doc)
    store.engine.dispose()


def test_csv_of_matches_and_scores(played):
    store, ids = played
    text = matches_csv(store)
    rows = list(csv.DictReader(io.StringIO(text)))
    m = store.load(ids["done"])
    assert m.sheet is not None
    # Only the finished match: four lines, one per seat, in seat order.
    assert [r["match"] for r in rows] == [str(ids["done"])] * 4
    assert [r["player"] for r in rows] == ["Léa", "Sam", "Ana", "Zoé"]
    by_seat = {row["seat"]: row["total"] for row in m.sheet["ranking"]}
    assert [int(r["total"]) for r in rows] == [by_seat[i] for i in range(4)]
    winners = set(m.sheet["winners"])
    assert {r["player"] for r in rows if r["winner"] == "yes"} == winners
    assert [r["first_player"] for r in rows].count("yes") == 1
    assert rows[0]["place"] == "Club" and rows[0]["notes"] == "Partie « serrée » — revanche jeudi"
    assert rows[0]["game"] == "traction-avant" and float(rows[0]["minutes"]) >= 0
    assert rows[0]["game_name"] == "Le Gang des Traction-Avant"  # the game as the table reads it, beside its key
    assert "=" in rows[0]["breakdown"]  # the categories of the score sheet, "name=points; ..."
    # Filters apply: another game gives the header alone.
    assert matches_csv(store, Filters(game="apaches")).splitlines() == [",".join(
        ["match", "game", "game_name", "started_at", "ended_at", "minutes", "place", "seat", "first_player", "player",
         "total", "rank", "winner", "breakdown", "notes"])]


# ---------------------------------------------------------------- BG Stats
def bgstats_file():
    """A small BG Stats export: four plays of Compagnon's games, one of another game, bad ones."""
    return {
        "players": [{"uuid": "u1", "id": 1, "name": "Léa", "isAnonymous": False},
                    {"uuid": "u2", "id": 2, "name": "Sam", "isAnonymous": False},
                    {"uuid": "u3", "id": 3, "name": "Noor", "isAnonymous": False},
                    {"uuid": "u4", "id": 4, "name": "Robby Junior", "isAnonymous": False},
                    {"uuid": "u5", "id": 5, "name": "", "isAnonymous": True}],
        "locations": [{"uuid": "l1", "id": 7, "name": "Club"}],
        "games": [{"uuid": "g1", "id": 10, "name": "Les Apaches de Paris", "highestWins": True},
                  {"uuid": "g2", "id": 11, "name": "Catan", "highestWins": True},
                  {"uuid": "g3", "id": 12, "name": "Robby Solo", "highestWins": True}],
        "plays": [
            {"playDate": "2025-04-01 20:00:00", "durationMin": 50, "gameRefId": 10, "locationRefId": 7,
             "playerScores": [{"playerRefId": 2, "score": "1500", "rank": 2, "seatOrder": 1},
                              {"playerRefId": 1, "score": "1800", "rank": 1, "seatOrder": 0}]},
            {"playDate": "2025-04-02 20:00:00", "durationMin": 40, "gameRefId": 11,
             "playerScores": [{"playerRefId": 1, "score": "10"}, {"playerRefId": 2, "score": "8"}]},
            {"playDate": "2025-04-03 20:00:00", "durationMin": 45, "gameRefId": 10,
             "playerScores": [{"playerRefId": 1, "score": "douze"}, {"playerRefId": 2, "score": "900"}]},
            {"playDate": "2025-04-04 20:00:00", "durationMin": 30, "gameRefId": 12,
             "playerScores": [{"playerRefId": 1, "score": "9000"}, {"playerRefId": 2, "score": 12000},
                              {"playerRefId": 3, "score": "12000"}, {"playerRefId": 4, "score": "4000"}]},
            {"playDate": "2025-04-05", "durationMin": 45, "gameRefId": 10,
             "playerScores": [{"playerRefId": 1, "score": "1000"}, {"playerRefId": 5, "score": "900"}]},
            {"playDate": "2025-04-01 20:00:00", "durationMin": 50, "gameRefId": 10, "locationRefId": 7,
             "playerScores": [{"playerRefId": 1, "score": "1800", "rank": 1, "seatOrder": 0},
                              {"playerRefId": 2, "score": "1500", "rank": 2, "seatOrder": 1}]},
        ],
    }


def test_a_bg_stats_import_takes_the_good_plays_and_says_what_it_skipped_and_why(db_url):
    from db.bgstats import import_plays
    from db.stats import standings

    store = Store(db_url)
    try:
        store.add_player("sam")  # an existing player is matched by name, whatever the case
        report = import_plays(store, bgstats_file())
        assert len(report.imported) == 3 and report.new_players == ["Léa", "Noor"]
        assert [(s.where, s.why) for s in report.skipped] == [
            ("play 3 (2025-04-03 20:00:00, Les Apaches de Paris)", "Léa: score “douze” is not a whole number"),
            ("play 5 (2025-04-05, Les Apaches de Paris)", "player line 2 has no name (anonymous player)"),
            ("play 6 (2025-04-01 20:00:00, Les Apaches de Paris)", "the same play as play 1 (2025-04-01 20:00:00, "
                                                                   "Les Apaches de Paris)"),
        ]
        apaches, catan, robby = (store.load(i) for i in report.imported)
        assert (catan.game.slug, catan.options["game_name"]) == ("score-pad", "Catan")  # issue 19: the score pad
        assert (apaches.game.slug, apaches.names, apaches.place, apaches.status) == (
            "apaches", ["Léa", "sam"], "Club", "finished")
        assert apaches.ended_at is not None and (apaches.ended_at - apaches.started_at).total_seconds() == 50 * 60
        # Robby Junior stays a virtual player (a score line, no seat); Sam and Noor share the victory
        # (no ranks in the file: the highest score wins, ties share).
        assert robby.names == ["Léa", "sam", "Noor"]
        assert [(h.winners, h.totals) for h in store.history() if h.id == robby.id] == [
            (["sam", "Noor"], [("sam", 12000), ("Noor", 12000), ("Léa", 9000), ("Robby Junior", 4000)])]
        assert [(s.name, s.played, s.won) for s in standings(store)] == [("Léa", 3, 2), ("sam", 3, 1), ("Noor", 1, 1)]
        # Importing the same file again imports nothing: every play is already in the history.
        again = import_plays(store, bgstats_file())
        assert again.imported == [] and [s.why for s in again.skipped][-3:] == [
            f"already in the history (match #{report.imported[1]})",
            f"already in the history (match #{report.imported[2]})",
            f"already in the history (match #{report.imported[0]})"]
    finally:
        store.engine.dispose()


def test_a_file_that_is_not_a_bg_stats_export_is_refused_whole(tmp_path):
    from db.bgstats import BGStatsError, import_plays

    store = Store(f"sqlite:///{tmp_path / 'h.db'}")
    for doc, message in (([], "this file is not a BG Stats export: it has no plays"), ({"plays": "x"}, "no plays"),
                         ({"format": "compagnon-backup", "version": 1, "players": []},
                          "this file is a Compagnon backup, not a BG Stats export: restore it"),
                         ({"plays": [], "games": {}}, "“games” must be a list")):
        with pytest.raises(BGStatsError, match=message):
            import_plays(store, doc)
    assert store.players() == [] and store.history() == []


def test_bg_stats_export_uses_the_field_names_seen_in_its_files_and_reimports(played, tmp_path):
    from db.bgstats import export, import_plays

    store, ids = played
    doc = json.loads(json.dumps(export(store)))
    # The field names of a BG Stats file (see db/bgstats.py for where each comes from).
    assert set(doc) == {"groups", "userInfo", "players", "locations", "games", "plays", "tags", "challenges"}
    assert set(doc["players"][0]) == {"uuid", "id", "name", "isAnonymous", "modificationDate", "bggUsername", "tags",
                                      "metaData"}
    assert set(doc["locations"][0]) == {"uuid", "id", "name", "modificationDate"}
    (game,) = doc["games"]
    assert (game["id"], game["name"], game["cooperative"], game["highestWins"], game["noPoints"], len(game)) == (
        1, "Le Gang des Traction-Avant", False, True, False, 26)
    (play,) = doc["plays"]  # only the finished match
    assert set(play) == {"uuid", "playDate", "entryDate", "modificationDate", "durationMin", "gameRefId",
                         "locationRefId", "usesTeams", "manualWinner", "ignored", "rounds", "scoringSetting", "rating",
                         "bggId", "importPlayId", "nemestatsId", "playImages", "expansionPlays", "board", "comments",
                         "playerScores"}
    assert set(play["playerScores"][0]) == {"playerRefId", "score", "rank", "winner", "startPlayer", "seatOrder",
                                            "newPlayer"}
    m = store.load(ids["done"])
    assert m.sheet is not None
    first = store.load(ids["done"]).setup["first_player"]
    names = {p["id"]: p["name"] for p in doc["players"]}
    # Seat order starts at the set-up's first player; scores are text, as BG Stats writes them.
    assert [names[line["playerRefId"]] for line in play["playerScores"]] == [
        m.names[(first + k) % 4] for k in range(4)]
    by_name = {row["name"]: row for row in m.sheet["ranking"]}
    assert all(line["score"] == str(by_name[names[line["playerRefId"]]]["total"]) for line in play["playerScores"])
    assert {names[line["playerRefId"]] for line in play["playerScores"] if line["rank"] == 1} == set(m.sheet["winners"])
    assert play["playDate"] == m.started_at.strftime("%Y-%m-%d %H:%M:%S")
    # Into another history: the same players, totals and winners.
    other = Store(f"sqlite:///{tmp_path / 'other.db'}")
    report = import_plays(other, doc)
    assert report.skipped == [] and len(report.imported) == 1
    (mine,), (theirs,) = store.history(), other.history()
    assert (sorted(theirs.totals), sorted(theirs.winners), theirs.place) == (
        sorted(mine.totals), sorted(mine.winners), mine.place)


def test_correcting_who_sat_at_a_seat_after_the_match(played):
    store, ids = played
    before = store.load(ids["done"])
    assert before.sheet is not None
    lea_won = "Léa" in before.sheet["winners"]
    with pytest.raises(StoreError, match="“Zoé” already sits at seat 4"):
        store.set_seat_player(ids["done"], 0, " zoé ")
    with pytest.raises(StoreError, match="has no seat 9"):
        store.set_seat_player(ids["done"], 8, "Max")
    léonie = store.set_seat_player(ids["done"], 0, "Léonie")  # a new player
    after = store.load(ids["done"])
    assert after.names == ["Léonie", "Sam", "Ana", "Zoé"] and after.events == before.events
    assert after.sheet is not None
    assert [r["name"] for r in after.sheet["ranking"] if r["seat"] == 0] == ["Léonie"]
    (summary,) = store.history()
    assert ("Léonie" in summary.winners) == lea_won and "Léa" not in summary.winners
    assert "Léonie" in dict(summary.totals) and player_stats(store, léonie.id).played == 1
    assert player_stats(store, ids["players"][0]).played == 0  # Léa no longer played it
