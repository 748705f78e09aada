"""BG Stats export and import: the winner and start-player flags, the board (set-up) text and the
comments (db/bgstats.py names the source of each field), a round trip, and a file shaped like a
real BG Stats export."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from sqlmodel import select

from db.bgstats import export, import_plays, setup_text
from db.models import Match, ScoreRow, score_line
from db.store import Store


def finish_by_hand(store: Store, mid: int, totals: list[int], ranks: list[int], *, minutes: int = 55,
                   notes: str = "") -> None:
    """End a match with a score sheet written by hand (seat i scores totals[i], ranks[i])."""
    with store.session() as s:
        match = s.get(Match, mid)
        assert match is not None
        match.status, match.seats, match.notes = "finished", len(totals), notes
        match.ended_at = match.started_at + timedelta(minutes=minutes)
        seats = store.load(mid).player_ids
        by_id = {p.id: p.name for p in store.players()}
        winners = []
        for seat, (total, rank) in enumerate(zip(totals, ranks, strict=True)):
            s.add(score_line(match, seat, player_id=seats[seat], name=by_id[seats[seat]], total=total, rank=rank,
                             winner=rank == 1, breakdown="{}"))
            if rank == 1:
                winners.append(by_id[seats[seat]])
        match.winner_names = ", ".join(winners)
        s.add(match)
        s.commit()


@pytest.fixture
def history(store):
    """Two finished matches made by hand: a shared victory (Les Apaches de Paris, three players) and
    a tie on points that the rules broke (Le Gang des Traction-Avant, four players)."""
    ids = [store.add_player(n).id for n in ("Léa", "Sam", "Ana", "Zoé")]
    shared = store.create_match("apaches", {"players": 3}, ids[:3], seed="shared", place="Club")
    finish_by_hand(store, shared, [1800, 1500, 1800], [1, 3, 1], notes="Revanche jeudi")
    broken = store.create_match("traction-avant", {"players": 4}, ids, seed="broken")
    finish_by_hand(store, broken, [900_000, 900_000, 400_000, 650_000], [2, 1, 4, 3], minutes=90)
    return {"shared": shared, "broken": broken, "players": ids}


def by_names(doc):
    """The plays with their references replaced by names: comparable across two exports."""
    players = {p["id"]: p["name"] for p in doc["players"]}
    games = {g["id"]: g["name"] for g in doc["games"]}
    places = {loc["id"]: loc["name"] for loc in doc["locations"]}
    plays = []
    for play in doc["plays"]:
        play = dict(play, gameRefId=games[play["gameRefId"]], locationRefId=places.get(play.get("locationRefId")))
        play["playerScores"] = [dict(line, playerRefId=players[line["playerRefId"]]) for line in play["playerScores"]]
        plays.append(play)
    return plays


def test_the_export_says_who_won_who_started_and_how_the_match_was_set_up(store, history):
    doc = json.loads(json.dumps(export(store)))
    broken, shared = by_names(doc)  # the newest play first, as in a real export
    m = store.load(history["shared"])
    first = m.setup["first_player"]
    # The first player of the set-up is the start player, and seat order 0; the others follow round the table.
    assert [(line["playerRefId"], line["seatOrder"], line["startPlayer"]) for line in shared["playerScores"]] == [
        (m.names[(first + k) % 3], k, k == 0) for k in range(3)]
    # A shared victory: both winners have ``winner`` true and rank 1, the third has neither.
    assert {line["playerRefId"]: (line["winner"], line["rank"], line["score"]) for line in shared["playerScores"]} == {
        "Léa": (True, 1, "1800"), "Sam": (False, 3, "1500"), "Ana": (True, 1, "1800")}
    assert shared["manualWinner"] is False  # the winners are the highest totals
    # The board text carries the set-up: the districts in play and the forbidden ones.
    assert shared["board"] == "players: 3; " + "; ".join(
        f"{k}: {', '.join(map(str, m.setup[k]))}" for k in ("configuration", "prohibited"))
    assert shared["comments"] == "Revanche jeudi" and shared["locationRefId"] == "Club"
    assert shared["durationMin"] == 55 and shared["playDate"] == m.started_at.strftime("%Y-%m-%d %H:%M:%S")
    # A tie on points broken by the rules: one winner, so BG Stats is told the winner is not the top score.
    t = store.load(history["broken"])
    assert broken["manualWinner"] is True
    assert [line["playerRefId"] for line in broken["playerScores"] if line["winner"]] == ["Sam"]
    assert broken["board"] == "players: 4; cafe cards: series; bosses out: " + ", ".join(t.setup["bosses_out"])
    assert "comments" not in broken and broken["locationRefId"] is None  # a real export omits empty comments
    assert sum(line["startPlayer"] for line in broken["playerScores"]) == 1
    assert broken["playerScores"][0]["playerRefId"] == t.names[t.setup["first_player"]]
    # A uuid per play, the same at every export.
    assert len({p["uuid"] for p in doc["plays"]}) == 2
    assert [p["uuid"] for p in export(store)["plays"]] == [p["uuid"] for p in doc["plays"]]


def test_export_then_import_into_an_empty_database_gives_the_same_matches(store, history, tmp_path):
    doc = json.loads(json.dumps(export(store)))
    other = Store(f"sqlite:///{tmp_path / 'other.db'}")
    try:
        report = import_plays(other, doc)
        assert report.skipped == [] and len(report.imported) == 2
        assert sorted(report.new_players) == ["Ana", "Léa", "Sam", "Zoé"]
        # The same matches: game, dates, place, winners, totals...
        mine = sorted(store.history(), key=lambda h: h.game)  # one match of each game
        theirs = sorted(other.history(), key=lambda h: h.game)
        def summary(h):
            return (h.game, h.started_at.strftime("%Y-%m-%d %H:%M:%S"), h.ended_at - h.started_at, h.place,
                    sorted(h.winners), sorted(h.totals))

        assert [summary(h) for h in theirs] == [summary(h) for h in mine]
        # ... the same first player and turn order, notes, and the board text kept.
        by_game = {other.load(i).game.slug: i for i in report.imported}
        for a_id in (history["broken"], history["shared"]):
            a = store.load(a_id)
            b_id = by_game[a.game.slug]
            b = other.load(b_id)
            assert turn_order(other, b_id) == turn_order(store, a_id)
            assert b.notes == a.notes
        # Exported again, the plays are the same, field for field (uuids included).
        assert by_names(export(other)) == by_names(doc)
    finally:
        other.engine.dispose()


def turn_order(store: Store, mid: int) -> list[str]:
    """The names from the match's first player on, round the table."""
    names, first = store.load(mid).names, _first(store, mid)
    return names[first:] + names[:first]


def _first(store: Store, mid: int) -> int:
    with store.session() as s:
        match = s.get(Match, mid)
        assert match is not None
        return match.first_seat


def real_export():
    """A file shaped like a real BG Stats export (field for field as in a published one, see db/bgstats.py):
    ranks 0, seat orders 0, winner and start-player flags, a board, comments, a winner chosen by hand."""
    def line(ref, score, winner, start=False):
        return {"winner": winner, "seatOrder": 0, "score": score, "startPlayer": start, "playerRefId": ref,
                "rank": 0, "team": "0", "newPlayer": False}

    def play(uuid, date, game, lines, **more):
        return {"playerScores": lines, "nemestatsId": 0, "expansionPlays": [], "importPlayId": 0, "usesTeams": False,
                "scoringSetting": 0, "durationMin": 0, "manualWinner": False, "playDate": date,
                "playImages": "[]", "uuid": uuid, "modificationDate": date, "rounds": 0, "entryDate": date,
                "locationRefId": 1, "bggId": 0, "gameRefId": game, "ignored": False, "rating": 0,
                "metaData": "{}", **more}

    return {
        "userInfo": {"meRefId": 2},
        "players": [
            {"id": 1, "isAnonymous": True, "modificationDate": "2020-07-28 20:23:06", "name": "Anonymous player",
             "uuid": "63861461-539C-489A-8DF4-EFC4B4EDEBEF"},
            {"id": 2, "isAnonymous": False, "modificationDate": "2022-01-09 19:36:44", "name": "Darth Vader",
             "bggUsername": "", "uuid": "A1637A2A-B17E-49F1-B05C-60CCB21B8B31"},
            {"bggUsername": "", "id": 3, "modificationDate": "2022-12-27 13:35:10", "isAnonymous": False,
             "uuid": "373CF4FD-55B6-4196-B805-7C797672B4CB", "name": "Darth Tyrannus",
             "tags": [{"tagRefId": 5, "metaData": "{\"date\":\"2022-12-27 13:35:10\"}"}]},
            {"bggUsername": "", "id": 7, "modificationDate": "2022-12-27 13:33:58", "isAnonymous": False,
             "uuid": "2027123C-C10A-454F-AD70-275F14AEFB01", "name": "Darth Malgus"},
        ],
        "locations": [{"id": 1, "name": "Home", "modificationDate": "2020-07-28 20:23:06",
                       "uuid": "5B0D8F47-1C0E-4C3C-8C9F-2D6C3E2B1A10"}],
        "games": [{"highestWins": True, "usesTeams": False, "bggName": "Robby Solo", "uuid": "B2118882-34A8",
                   "noPoints": False, "name": "Robby Solo", "id": 65, "cooperative": False, "bggId": 0},
                  {"highestWins": True, "usesTeams": False, "uuid": "F7A06A73-90FC", "noPoints": True,
                   "name": "Colt Super Express", "id": 203, "cooperative": False, "bggId": 299027}],
        "plays": [
            # A tie on points (0, 2, 2) that the table broke by hand: Darth Vader started and won.
            play("4114B80B-A35D-45D0-9075-CC4A4E04409F", "2022-07-11 20:05:11", 65,
                 [line(3, "0", False), line(7, "2", False), line(2, "2", True, start=True)],
                 manualWinner=True, board="Banques rouge et bleue", comments="#B522KHG"),
            # A shared victory, no start player, no board.
            play("7B745413-0E45-4430-A699-A691E850E7CB", "2022-05-24 19:00:04", 65,
                 [line(2, "5", True), line(3, "5", True), line(7, "3", False)]),
            # Bad rows: a winner flag that is not true or false, two start players; then another game.
            play("AAAA0001", "2022-05-25 19:00:00", 65,
                 [line(2, "5", "yes"), line(3, "4", False), line(7, "3", False)]),
            play("AAAA0002", "2022-05-26 19:00:00", 65,
                 [line(2, "5", True, start=True), line(3, "4", False, start=True), line(7, "3", False)]),
            play("21C23244-EA35-4600-BBEB-C8E23F581AF0", "2022-07-12 19:10:27", 203,
                 [line(3, "", True, start=True), line(7, "", False), line(2, "", False)], manualWinner=True),
        ],
    }


def test_a_file_shaped_like_a_real_bg_stats_export_is_read(store):
    report = import_plays(store, real_export())
    assert [(s.where, s.why) for s in report.skipped] == [
        ("play 3 (2022-05-25 19:00:00, Robby Solo)", "Darth Vader: winner “yes” is not true or false"),
        ("play 4 (2022-05-26 19:00:00, Robby Solo)", "2 start players: Darth Vader, Darth Tyrannus"),
    ]
    # The screen says it in French too.
    assert [(s.place.fr, s.reason.fr) for s in report.skipped][:2] == [
        ("partie 3 (2022-05-25 19:00:00, Robby Solo)", "Darth Vader : winner “yes” n'est ni true ni false"),
        ("partie 4 (2022-05-26 19:00:00, Robby Solo)", "2 premiers joueurs : Darth Vader, Darth Tyrannus")]
    by_hand, shared, colt = (store.load(i) for i in report.imported)
    # Issue 19: a play of a game Compagnon has no engine for goes onto the score pad, as a game of its own.
    assert colt.game.slug == "score-pad" and colt.options["game_name"] == "Colt Super Express"
    assert [m.game for m in store.history() if m.id == colt.id] == ["pad:colt-super-express"]
    # The winner flag decides (ranks are 0 in a real export); the others are ranked by score below.
    with store.session() as s:
        lines = {r.name: (r.total, r.rank, r.winner)
                 for r in s.exec(select(ScoreRow).where(ScoreRow.match_id == by_hand.id))}
    assert lines == {"Darth Vader": (2, 1, True), "Darth Malgus": (2, 2, False), "Darth Tyrannus": (0, 3, False)}
    # Seat orders are all 0: the file's order is the table's; the start player plays first.
    assert by_hand.names == ["Darth Tyrannus", "Darth Malgus", "Darth Vader"]
    assert _first(store, by_hand.id) == 2
    assert {k: by_hand.setup[k] for k in ("imported_from", "board", "uuid")} == {
        "imported_from": "BG Stats", "board": "Banques rouge et bleue", "uuid": "4114B80B-A35D-45D0-9075-CC4A4E04409F"}
    assert by_hand.notes == "#B522KHG" and by_hand.place == "Home"
    assert by_hand.started_at.strftime("%Y-%m-%d %H:%M:%S") == "2022-07-11 20:05:11"
    assert [(h.winners) for h in store.history() if h.id == shared.id] == [["Darth Vader", "Darth Tyrannus"]]
    assert _first(store, shared.id) == 0
    # Exported back, the plays are as the file had them: uuid, board, comments, winner, start player,
    # the lines in the file's order with their seat orders 0 and ranks 0.
    doc = real_export()
    play = next(p for p in by_names(export(store)) if p["uuid"] == "4114B80B-A35D-45D0-9075-CC4A4E04409F")
    assert play == by_names(doc)[0]
    assert [(x["playerRefId"], x["winner"], x["startPlayer"], x["seatOrder"], x["rank"])
            for x in play["playerScores"]] == [("Darth Tyrannus", False, False, 0, 0),
                                                ("Darth Malgus", False, False, 0, 0), ("Darth Vader", True, True, 0, 0)]


def test_board_text_of_each_game_leaves_out_who_starts_and_the_decks():
    assert setup_text({"players": 3, "robby_junior": True, "banks": "random", "declaration_seconds": 30},
                      {"banks": ["red", "blue"], "first_gentleman": 1, "deck": 61, "junior_deck": [3, 1]}) == (
        "players: 3; robby junior; banks: red, blue")
    assert setup_text({}, {"imported_from": "BG Stats", "board": "x"}) == ""
