"""The history's list (search, filters, pages), a finished match's amendments recorded as events,
and the rematch (issue #20, "History worth browsing"; issue #19, "a rematch button on any finished play")."""

from __future__ import annotations

import json
import random
from datetime import UTC, date, datetime, timedelta

import pytest
from sqlalchemy import and_, event, select, text, true
from sqlmodel import col

from db.backup import backup, restore
from db.history import AMEND, HistoryQuery, amendments, conditions, date_shift, fold, game_rows
from db.models import Match
from db.stats import Filters, game_stats, player_stats
from db.store import GUEST, HOST, Sender, Store, StoreError


def pad(store: Store, ids: list[int], points: list[int], game: str = "Carcassonne", place: str = "",
        **options: object) -> int:
    """A finished score-pad play of ``game`` (one round of ``points``)."""
    mid = store.create_match("score-pad", {"game_name": game, "players": len(ids), **options}, ids, place=place)
    store.record(mid, {"type": "round", "points": points}, HOST)
    store.record(mid, {"type": "finish"}, HOST)
    store.finish(mid)
    return mid


def played(store: Store, slug: str, ids: list[int], seed: int) -> int:
    """A real match of an engine, driven to its end by random legal actions, then scored."""
    rng = random.Random(seed)
    mid = store.create_match(slug, {"players": len(ids)}, ids, seed=f"h{seed}")
    for _ in range(3000):
        m = store.load(mid)
        if m.game.finished(m.state):
            break
        action = m.game.sample_action(m.state, rng)
        assert action is not None
        store.record(mid, action, HOST)
    store.finish(mid)
    return mid


def utc(when: datetime | None) -> datetime | None:
    """A moment read back from either database, aware (SQLite gives back UTC without its zone)."""
    return when if when is None or when.tzinfo else when.replace(tzinfo=UTC)


def ago(days: int) -> date:
    return datetime.now().astimezone().date() - timedelta(days=days)


@pytest.fixture
def club(store):
    """Five plays: Léa, Sam and Zoé at Carcassonne, Azul and Robby Solo, at two places, on four days."""
    lea, sam, zoe = (store.add_player(n).id for n in ("Léa", "Sam", "Zoé"))
    ids = {
        "carc_club": pad(store, [lea, sam], [10, 8], place="Club Ludique"),
        "azul_home": pad(store, [sam, zoe], [30, 40], game="Azul", place="Chez Zoé"),
        "carc_friendly": pad(store, [lea, zoe], [5, 9], counts=False),
        "robby": played(store, "robby-solo", [lea, sam, zoe], seed=4),
        "azul_club": pad(store, [lea, sam, zoe], [1, 2, 3], game="Azul", place="club ludique"),
    }
    store.update_match(ids["carc_friendly"], notes="Revanche promise à Sam")
    for key, days in (("carc_club", 40), ("azul_home", 20), ("carc_friendly", 3)):
        store.amend_match(ids[key], HOST, day=ago(days))
    return store, ids, {"Léa": lea, "Sam": sam, "Zoé": zoe}


def found(store: Store, **query: object) -> list[int]:
    return [m.id for m in store.history(limit=100, query=HistoryQuery(**query))]  # type: ignore[arg-type]


# ---------------------------------------------------------------- search and filters
def test_the_search_finds_a_play_by_player_game_place_or_note_ignoring_case_and_accents(club):
    store, ids, _ = club
    assert set(found(store, text="zoe")) == {ids["azul_home"], ids["carc_friendly"], ids["robby"], ids["azul_club"]}
    assert set(found(store, text="AZUL")) == {ids["azul_home"], ids["azul_club"]}
    assert set(found(store, text="robby")) == {ids["robby"]}
    assert set(found(store, text="Club")) == {ids["carc_club"], ids["azul_club"]}  # the place, either case
    assert found(store, text="revanche") == [ids["carc_friendly"]]  # a word of the notes
    assert set(found(store, text="azul club")) == {ids["azul_club"]}  # every word must be found
    assert found(store, text="Gloomhaven") == [] and found(store, text="100%") == []  # % is a character


def test_the_filters_keep_a_game_a_player_a_period_and_whether_a_play_counts(club):
    store, ids, who = club
    assert set(found(store, game="pad:azul")) == {ids["azul_home"], ids["azul_club"]}
    assert set(found(store, player_id=who["Zoé"])) == {ids["azul_home"], ids["carc_friendly"], ids["robby"],
                                                       ids["azul_club"]}
    assert set(found(store, since=ago(30), until=ago(1))) == {ids["azul_home"], ids["carc_friendly"]}
    assert found(store, until=ago(21)) == [ids["carc_club"]]  # both bounds are whole days, included
    assert found(store, since=ago(40), until=ago(40)) == [ids["carc_club"]]
    assert found(store, counts=False) == [ids["carc_friendly"]]
    assert ids["carc_friendly"] not in found(store, counts=True) and len(found(store, counts=True)) == 4
    assert found(store, game="pad:carcassonne", player_id=who["Sam"]) == [ids["carc_club"]]


def test_the_list_is_newest_first_and_pages_follow_each_other_without_repeat_or_gap(club):
    store, ids, _ = club
    everything = found(store)
    assert everything[:2] == [ids["azul_club"], ids["robby"]] and everything[-1] == ids["carc_club"]
    seen, after, pages = [], None, 0
    while True:
        page = store.history_page(HistoryQuery(), after=after, limit=2)
        seen += [m.id for m in page.matches]
        pages += 1
        if page.more is None:
            break
        after = page.more
    assert seen == everything and pages == 3
    assert [m.id for m in store.history(limit=2, offset=2)] == everything[2:4]


def test_a_summary_carries_the_notes_for_the_list_and_the_query_says_when_it_filters(club):
    store, ids, _ = club
    (m,) = store.history(query=HistoryQuery(text="promise"))
    assert m.notes == "Revanche promise à Sam" and m.names == ["Léa", "Zoé"]
    assert not HistoryQuery().filtered and HistoryQuery(text=" x ").filtered and HistoryQuery(counts=True).filtered
    assert fold("Zoé ÉLAN") == "zoe elan"


def test_a_page_s_seats_and_lines_go_to_postgresql_s_cursor_and_read_as_before(club):
    """The page's seats and score lines (by the page's ids: an array on PostgreSQL) are sent on the driver's own
    cursor there (``db.prepared``: 0.5 ms of SQLAlchemy's less a page; its statements reach the engine's listeners
    with no execution context); SQLite's ``IN`` of the ids is completed by SQLAlchemy at execution.  The names and
    totals read the same either way."""
    store, ids, _ = club
    heard: list[tuple[str, bool]] = []

    def note(_conn: object, _cursor: object, statement: str, _params: object, context: object, _many: bool) -> None:
        heard.append((statement, context is None))

    event.listen(store.engine, "before_cursor_execute", note)
    try:
        (m,) = store.history(query=HistoryQuery(text="promise"))
    finally:
        event.remove(store.engine, "before_cursor_execute", note)
    assert (m.names, m.totals) == (["Léa", "Zoé"], [("Zoé", 9), ("Léa", 5)])
    parts = [bare for statement, bare in heard if "FROM seat" in statement or "FROM score" in statement]
    assert parts == [store.engine.dialect.name == "postgresql"] * 2


def test_the_page_is_read_from_the_index_in_order_without_sorting_the_history(tmp_path):
    """Fast at 100 000 matches: SQLite walks the index on (status, ended_at) newest first and stops
    after a page; it never sorts the whole history (no temporary B-tree for the whole ORDER BY)."""
    store = Store(f"sqlite:///{tmp_path / 'h.db'}")
    for query in (HistoryQuery(), HistoryQuery(game="apaches", since=ago(9)), HistoryQuery(text="léa club")):
        statement = (select(col(Match.id)).where(and_(true(), *conditions(store.engine, query)))
                     .order_by(col(Match.ended_at).desc(), col(Match.id).desc()).limit(51))
        compiled = statement.compile(store.engine, compile_kwargs={"literal_binds": True})
        with store.engine.connect() as c:
            plan = " | ".join(str(r[-1]) for r in c.execute(text(f"EXPLAIN QUERY PLAN {compiled}")))
        # the index gives the order; only matches that ended at the very same moment are put in order
        # of id ("RIGHT PART"), as they come: never a sort of the whole history before the first row
        assert "ix_match_status_ended_game" in plan and "TEMP B-TREE FOR ORDER BY" not in plan, plan


# ---------------------------------------------------------------- amendments
def test_an_amendment_is_one_event_saying_who_when_and_what_and_the_history_reads_it(store):
    lea, sam = store.add_player("Léa").id, store.add_player("Sam").id
    mid = pad(store, [lea, sam], [12, 7], place="Club")
    before = store.load(mid)
    tablet = store.grant_host_device("Tablette du club")
    yesterday = ago(1)
    assert store.amend_match(mid, Sender(host_key=tablet), place="Médiathèque", notes="Belle partie",
                             day=yesterday, names={0: "Noor"})
    m = store.load(mid)
    assert (m.place, m.notes, m.names) == ("Médiathèque", "Belle partie", ["Noor", "Sam"])
    assert m.ended_at is not None and m.ended_at.astimezone().date() == yesterday
    assert m.ended_at - m.started_at == before.ended_at - before.started_at  # type: ignore[operator]
    assert m.events == before.events and len(m.log) == len(before.log) + 1  # appended, the game unchanged
    (a,) = amendments(m.log)
    assert a.by == "Tablette du club" and a.seq == len(m.log) and m.log[-1].type == AMEND
    assert a.changes == {"place": ("Club", "Médiathèque"), "notes": ("", "Belle partie"),
                         "date": (before.ended_at.astimezone().date().isoformat(), yesterday.isoformat())}
    assert a.seats == ((0, "Léa", "Noor"),)
    assert date_shift(m.log) == yesterday - before.ended_at.astimezone().date()  # type: ignore[union-attr]
    assert [r.type for r in game_rows(m.log)] == [r.type for r in before.log]
    (line,) = store.history()
    assert (line.place, line.names, line.winners) == ("Médiathèque", ["Noor", "Sam"], ["Noor"])
    assert m.sheet is not None and m.sheet["winners"] == ["Noor"]
    noor = next(p.id for p in store.players() if p.name == "Noor")
    assert player_stats(store, noor).played == 1 and player_stats(store, lea).played == 0
    day = Filters(since=yesterday, until=yesterday + timedelta(days=1))
    assert player_stats(store, noor, day).played == 1  # the statistics' dates read the amended day
    assert not store.amend_match(mid, HOST, place="Médiathèque")  # nothing changed: nothing written
    assert len(store.load(mid).log) == len(m.log)


def test_the_hosts_own_amendment_is_signed_with_no_device_and_two_seats_may_swap(store):
    lea, sam, ana = (store.add_player(n).id for n in ("Léa", "Sam", "Ana"))
    mid = pad(store, [lea, sam, ana], [3, 9, 1])
    assert store.amend_match(mid, HOST, names={0: "sam", 1: "LÉA"})
    m = store.load(mid)
    assert m.names == ["Sam", "Léa", "Ana"] and store.history()[0].winners == ["Léa"]  # Léa now has the 9
    assert m.sheet is not None and [r["name"] for r in m.sheet["ranking"]] == ["Léa", "Sam", "Ana"]
    (a,) = amendments(m.log)
    assert a.by == "" and a.seats == ((0, "Léa", "Sam"), (1, "Sam", "Léa"))


@pytest.mark.parametrize(("change", "message"), [
    ({"names": {0: "   "}}, "a player's name cannot be empty"),
    ({"names": {0: "Sam"}}, "“Sam” already sits at seat 2 of match"),
    ({"names": {5: "Max"}}, "has no seat 6"),
    ({"day": date.today() + timedelta(days=2)}, "cannot have been played in the future"),
    ({"place": "x" * 121}, "a place is at most 120 characters"),
    ({"notes": "x" * 10_001}, "notes are at most 10000 characters"),
])
def test_a_bad_amendment_says_what_is_wrong_in_both_languages_and_writes_nothing(store, change, message):
    lea, sam = store.add_player("Léa").id, store.add_player("Sam").id
    mid = pad(store, [lea, sam], [1, 2], place="Club")
    before = store.load(mid)
    with pytest.raises(StoreError, match=message) as refused:
        store.amend_match(mid, HOST, place="Ailleurs" if "place" not in change else change["place"],
                          **{k: v for k, v in change.items() if k != "place"})
    assert refused.value.get("fr") != str(refused.value)  # said in French too
    after = store.load(mid)
    assert (after.place, after.names, len(after.log), after.ended_at) == ("Club", ["Léa", "Sam"], len(before.log),
                                                                          before.ended_at)
    assert [p.name for p in store.players()] == ["Léa", "Sam"]  # no player made on the way


def test_only_the_host_amends_and_a_running_match_has_no_date_to_move(store):
    lea, sam = store.add_player("Léa").id, store.add_player("Sam").id
    mid = store.create_match("score-pad", {"game_name": "Azul", "players": 2}, [lea, sam])
    with pytest.raises(StoreError, match="only the host may edit a match"):
        store.amend_match(mid, GUEST, place="Club")
    with pytest.raises(StoreError, match="not finished: its date cannot be changed"):
        store.amend_match(mid, HOST, day=ago(1))
    store.update_match(mid, place="Club")  # a running match's place: an amendment the game never sees
    store.record(mid, {"type": "round", "points": [4, 2]}, HOST)
    m = store.load(mid)
    assert m.place == "Club" and [e["type"] for e in m.events] == ["round"] and m.can_undo
    store.undo(mid, HOST)  # undo takes back the round, not the amendment
    m = store.load(mid)
    assert m.events == [] and m.place == "Club" and [r.type for r in m.log] == [AMEND, "round", "undo"]


def test_an_amended_match_survives_a_backup_and_a_restore(store, tmp_path):
    lea, sam = store.add_player("Léa").id, store.add_player("Sam").id
    mid = played(store, "robby-solo", [lea, sam, store.add_player("Ana").id], seed=7)
    store.amend_match(mid, HOST, place="Club", names={1: "Noor"}, day=ago(2))
    doc = json.loads(json.dumps(backup(store)))
    fresh = Store(f"sqlite:///{tmp_path / 'restored.db'}")
    restore(fresh, doc)  # every match is replayed through its engine: the amendment is left out of it
    m, kept = fresh.load(mid), store.load(mid)
    assert (m.place, m.names, m.events) == (kept.place, kept.names, kept.events)
    assert utc(m.ended_at) == utc(kept.ended_at) and utc(m.started_at) == utc(kept.started_at)
    assert amendments(m.log) == amendments(kept.log)


# ---------------------------------------------------------------- rematch
def test_a_rematch_starts_the_same_game_with_the_same_players_seats_options_and_place(store):
    lea, sam, ana = (store.add_player(n).id for n in ("Léa", "Sam", "Ana"))
    done = pad(store, [sam, lea, ana], [1, 2, 3], game="Azul", place="Club", kind="low", counts=False)
    again = store.rematch(done)
    old, new = store.load(done), store.load(again)
    assert new.status == "in_progress" and new.events == [] and new.id != old.id
    assert (new.game.slug, new.player_ids, new.names, new.place) == ("score-pad", [sam, lea, ana],
                                                                    ["Sam", "Léa", "Ana"], "Club")
    assert new.options == old.options and new.options["kind"] == "low" and new.options["game_name"] == "Azul"
    robby = played(store, "robby-solo", [ana, lea, sam], seed=2)
    again = store.rematch(robby)
    assert (store.load(again).game.slug, store.load(again).player_ids) == ("robby-solo", [ana, lea, sam])
    assert store.load(again).seed != store.load(robby).seed  # a new draw of the set-up


def test_a_rematch_of_a_match_over_but_not_scored_scores_it_first_and_guests_may_not(store):
    lea, sam = store.add_player("Léa").id, store.add_player("Sam").id
    mid = store.create_match("score-pad", {"game_name": "Azul", "players": 2}, [lea, sam])
    with pytest.raises(StoreError, match="not over yet"):
        store.rematch(mid)
    store.record(mid, {"type": "round", "points": [4, 2]}, HOST)
    store.record(mid, {"type": "finish"}, HOST)
    with pytest.raises(StoreError, match="only the host may start a rematch"):
        store.rematch(mid, GUEST)
    again = store.rematch(mid)
    assert store.load(mid).status == "finished" and store.load(mid).sheet is not None
    assert store.load(again).status == "in_progress" and [h.id for h in store.history()] == [mid]


def test_the_offer_to_undo_a_deletion_counts_down_and_ends(monkeypatch):
    """The review of a match just deleted says the seconds left, each second, and none once past: then the match
    is deleted for good (the offer stood at "29 s" and still put the match back 45 s later)."""
    from app.screens import history

    clock = [1000.0]
    monkeypatch.setattr(history.time, "monotonic", lambda: clock[0])
    when = clock[0]
    assert history.seconds_left(when) == history.UNDO_SECONDS == 30
    clock[0] = when + 0.25
    assert history.seconds_left(when) == 30 and history._next_second({"since": when}, 0) == 750
    clock[0] = when + 12.5
    assert history.seconds_left(when) == 18 and history._next_second({"since": when}, 0) == 500
    clock[0] = when + 30
    assert history.seconds_left(when) == 0 and history._next_second({"since": when}, 0) is None


def test_a_score_pad_s_written_length_is_the_match_s_length_everywhere(store):
    """A score pad's "Length in minutes" was told in the timeline alone: the review said "Length: 1 min", the
    CSV 0.9 and the BG Stats export 1. The match now lasts what the table wrote, ending when it was scored."""
    from db.backup import CSV_COLUMNS, csv_rows
    from db.bgstats import export

    lea, sam = (store.add_player(n).id for n in ("Léa", "Sam"))
    mid = store.create_match("score-pad", {"game_name": "Golf", "players": 2}, [lea, sam])
    store.record(mid, {"type": "round", "points": [3, 5]}, HOST)
    store.record(mid, {"type": "finish", "minutes": 25}, HOST)
    store.finish(mid)
    m = store.load(mid)
    assert m.ended_at - m.started_at == timedelta(minutes=25)
    rows = [dict(zip(CSV_COLUMNS, r, strict=False)) for r in list(csv_rows(store))[1:]]  # under its header
    assert {r["minutes"] for r in rows} == {25.0}
    (play,) = export(store)["plays"]
    assert play["durationMin"] == 25
    assert game_stats(store, "pad:golf").average_minutes == pytest.approx(25)
    untimed = pad(store, [lea, sam], [1, 2])  # no length written: from its start to its end
    assert store.load(untimed).ended_at - store.load(untimed).started_at < timedelta(minutes=1)
