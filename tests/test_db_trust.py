"""Trust at the table, the history's part (issue 16): bad backups refused whole, CSV cells that a
spreadsheet would run neutralised, full and read-only disks refused clearly and losslessly, an undo
that loses a race, unguessable match codes, host keys, and other processes' writes learnt of.

Tests taking ``db_url`` run on SQLite and on PostgreSQL (see tests/conftest.py).
"""

from __future__ import annotations

import copy
import csv
import io
import json
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
from sqlalchemy import event

from db.backup import RestoreError, backup, matches_csv, restore
from db.store import HOST, Store, StoreError
from tests.test_transfer import drive

ROOT = Path(__file__).resolve().parent.parent


def table(store: Store, game: str = "traction-avant", players: int = 4, seed: str = "t1") -> int:
    ids = [store.add_player(n).id for n in ("Léa", "Sam", "Ana", "Zoé")[:players]]
    return store.create_match(game, {"players": players}, ids, seed=seed)


def empty(store: Store) -> bool:
    return store.players() == [] and store.history() == [] and store.in_progress() == []


# ---------------------------------------------------------------- restore
def _spoilers():
    huge = 10**30
    return [
        # oversized numbers, lists where ids belong, dates outside the calendar
        (lambda d: d["matches"][0]["scores"][0].update(total=huge), "“total”: must be at most 2147483647"),
        (lambda d: d["players"][0].update(id=[1]), r"player 1, “id”: must be a whole number, got \[1\]"),
        (lambda d: d["matches"][0]["seats"][0].update(player_id=[1, 2]),
         r"match 1 \(#1\), seat 1, “player_id”: must be a whole number"),
        (lambda d: d["matches"][0].update(id=True), r"“id”: must be a whole number, got true"),
        (lambda d: d["matches"][0].update(started_at="2025-13-40T10:00:00"), "is not an ISO 8601 date and time"),
        (lambda d: d["matches"][0].update(ended_at="0001-01-01T00:00:00-05:00"), "the year must be 1900 to 9998"),
        (lambda d: d["matches"][0]["events"][0].update(seq=-4), "“seq”: must be at least 1"),
        # names the screens refuse
        (lambda d: d["players"][0].update(name=" Léa"), "spaces the app would not keep"),
        (lambda d: d["players"][0].update(name="L" * 81), "“name”: is at most 80 characters, has 81"),
        (lambda d: d["players"][0].update(name=""), "“name”: cannot be empty"),
        (lambda d: d["matches"][0].update(place="P" * 121), "“place”: is at most 120 characters"),
        # matches that could not be opened afterwards
        (lambda d: d["matches"][0].update(options='{"players": 9}'),
         r"match 1 \(#1\), its options are refused by its game: players: 9 is above"),
        (lambda d: d["matches"][1]["seats"].pop(), r"match 2 \(#2\), 1 seats expected, 2 given|"
                                                   r"match 2 \(#2\), 2 seats expected, 1 given"),
        (lambda d: d["matches"][0].update(setup="[1, 2]"), "“setup”: must be an object JSON"),
        (lambda d: d.update(settings={"lang": ["en"]}), "“settings”"),
        (lambda d: d["matches"][1].update(code=d["matches"][0]["code"]), r"match 2 \(#2\): code .* appears twice"),
    ]


def test_a_restore_refuses_every_spoilt_document_whole_with_one_bilingual_message(db_url, tmp_path):
    """Values of the wrong type or out of any range, names the screens would refuse and matches that
    could not be opened (options their game refuses, seats missing): refused before anything is written, with
    one message naming the place, in both languages (before: OverflowError, TypeError, or a history that could
    not be opened).  A match whose log alone no longer replays is restored: tests/test_log_unreadable.py."""
    source = Store(f"sqlite:///{tmp_path / 'source.db'}")
    done = table(source)
    drive(source, done, 400)
    source.finish(done)
    ids = [p.id for p in source.players()]
    source.create_match("apaches", {"players": 2}, ids[:2], seed="a1")
    doc = json.loads(json.dumps(backup(source)))
    target = Store(db_url)
    try:
        for spoil, message in _spoilers():
            bad = copy.deepcopy(doc)
            spoil(bad)
            with pytest.raises(RestoreError, match=message) as refused:
                restore(target, bad)
            assert str(refused.value).startswith("Backup refused, nothing was restored: ")
            assert refused.value.get("fr").startswith("Sauvegarde refusée, rien n'a été restauré : ")
            assert empty(target), message
        assert restore(target, doc).matches == 2  # the unspoilt document goes in whole
        assert target.load(done).events == source.load(done).events
    finally:
        target.engine.dispose()
        source.engine.dispose()


# ---------------------------------------------------------------- CSV
def test_csv_cells_a_spreadsheet_would_run_are_neutralised_and_numbers_stay_numbers(store):
    """OWASP's rule for CSV injection: a text cell beginning with =, +, -, @, a tab or a carriage
    return is prefixed with a quote.  Numbers (totals, ranks, minutes) are written as numbers."""
    lea = store.add_player("=HYPERLINK(\"http://evil\",\"x\")").id
    sam = store.add_player("+Sam").id
    ana = store.add_player("@Ana").id
    zoe = store.add_player("-Zoé").id
    mid = store.create_match("traction-avant", {"players": 4}, [lea, sam, ana, zoe], seed="t1", place="=Club")
    drive(store, mid, 400)
    store.finish(mid)
    store.update_match(mid, notes="\r=1+1")
    rows = list(csv.reader(io.StringIO(matches_csv(store), newline="")))
    header, lines = rows[0], rows[1:]
    col = {name: header.index(name) for name in header}
    assert sorted(r[col["player"]] for r in lines) == sorted(
        ["'=HYPERLINK(\"http://evil\",\"x\")", "'+Sam", "'@Ana", "'-Zoé"])
    assert {r[col["place"]] for r in lines} == {"'=Club"} and {r[col["notes"]] for r in lines} == {"'\r=1+1"}
    for r in lines:  # no cell a spreadsheet runs
        assert not any(cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in r)
        int(r[col["total"]]), int(r[col["rank"]]), float(r[col["minutes"]])  # numbers, not text


def test_a_negative_total_stays_a_number_in_the_csv(store):
    from tests.test_stats import add_match

    lea, sam = store.add_player("Léa").id, store.add_player("Sam").id
    add_match(store, "apaches", "finished", 30, [(lea, "Léa", -3, False), (sam, "Sam", 5, True)])
    rows = list(csv.DictReader(io.StringIO(matches_csv(store))))
    assert sorted(r["total"] for r in rows) == ["-3", "5"]  # -3, the number: not "'-3"


def test_the_csv_names_each_game_as_the_table_reads_it_beside_its_key(store):
    """A spreadsheet's reader sees "Golf (cartes)" and "The Traction-Avant Gang", not "pad:golf-cartes": the
    ``game_name`` column, in the export's language, beside the key that stays the same through a renaming."""
    lea, sam = store.add_player("Léa").id, store.add_player("Sam").id
    ana, zoe = store.add_player("Ana").id, store.add_player("Zoé").id
    golf = store.create_match("score-pad", {"game_name": "Golf (cartes)", "players": 2}, [lea, sam])
    store.record(golf, {"type": "round", "points": [12, 9]}, HOST)
    store.record(golf, {"type": "finish"}, HOST)
    store.finish(golf)
    sneaky = store.create_match("score-pad", {"game_name": "=1+1", "players": 2}, [lea, sam])
    store.record(sneaky, {"type": "round", "points": [1, 2]}, HOST)
    store.record(sneaky, {"type": "finish"}, HOST)
    store.finish(sneaky)
    gang = store.create_match("traction-avant", {"players": 4}, [lea, sam, ana, zoe], seed="t1")
    drive(store, gang, 400)
    store.finish(gang)

    def names(lang: str) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {}
        for row in csv.DictReader(io.StringIO(matches_csv(store, lang=lang))):
            out.setdefault(row["game"], set()).add(row["game_name"])
        return out

    assert names("en") == {"pad:golf-cartes": {"Golf (cartes)"}, "pad:1-1": {"'=1+1"},
                           "traction-avant": {"The Traction-Avant Gang"}}
    assert names("fr")["traction-avant"] == {"Le Gang des Traction-Avant"}
    assert names("fr")["pad:golf-cartes"] == {"Golf (cartes)"}  # as it was named, in every language


# ---------------------------------------------------------------- full and read-only disks
def _limit(store: Store, limit: dict[str, int | bool]) -> None:
    """Every connection the store checks out obeys ``limit``: SQLite ``max_page_count`` (a full disk) or
    ``query_only`` (read-only); PostgreSQL a read-only transaction."""
    def checkout(dbapi, _record, _proxy):
        cur = dbapi.cursor()
        if store.engine.dialect.name == "sqlite":
            cur.execute(f"PRAGMA max_page_count = {limit.get('pages', 1 << 30)}")
            cur.execute(f"PRAGMA query_only = {1 if limit.get('read_only') else 0}")
        elif limit.get("read_only"):
            cur.execute("SET TRANSACTION READ ONLY")
        cur.close()
    event.listen(store.engine, "checkout", checkout)


def _every_write(store: Store, mid: int, n: int) -> list[tuple[str, object]]:
    def record_then_undo() -> None:
        drive(store, mid, 1, seed=n)
        if store.load(mid).can_undo:
            store.undo(mid, HOST)
    return [("add_player", lambda: store.add_player(f"Nouveau {n} {time.monotonic_ns()}")),
            ("create_match", lambda: table_again(store)),
            ("record", lambda: drive(store, mid, 1, seed=n)),
            ("undo", record_then_undo),
            ("update_match", lambda: store.update_match(mid, notes=f"{time.monotonic_ns()}" * 300)),
            ("set_setting", lambda: store.set_setting(f"k{time.monotonic_ns() % 10**12}", "x" * 3000)),
            ("issue_seat_token", lambda: store.issue_seat_token(mid, 0)),
            ("grant_host_device", lambda: store.grant_host_device(f"Tablette {time.monotonic_ns()}"))]


def table_again(store: Store) -> int:
    ids = [p.id for p in store.players()][:4]
    return store.create_match("traction-avant", {"players": 4}, ids, seed="again")


def _snapshot(store: Store, mid: int) -> tuple[object, ...]:
    m = store.load(mid)
    with store.engine.connect() as c:
        settings = c.exec_driver_sql("SELECT COUNT(*) FROM meta").scalar()
    return (m.events, len(m.log), m.notes, [p.name for p in store.players()], len(store.in_progress()),
            store.seat_links(mid), settings, [d.key for d in store.host_devices()])


def test_a_full_disk_refuses_every_write_clearly_loses_nothing_and_recording_resumes(tmp_path):
    """SQLite on a full disk ("database or disk is full", simulated with max_page_count: a write that
    needs one more page fails): each kind of write, repeated until it needs a page, raises a StoreError
    in both languages with nothing half-written, and once space returns the same writes succeed
    (before: sqlalchemy's OperationalError reached the page)."""
    store = Store(f"sqlite:///{tmp_path / 'h.db'}")
    mid = table(store)
    drive(store, mid, 10)
    limit: dict[str, int | bool] = {}
    _limit(store, limit)
    store.engine.dispose()  # the next connections obey the limit
    with store.engine.connect() as c:
        limit["pages"] = c.exec_driver_sql("PRAGMA page_count").scalar()
    for name, write in _every_write(store, mid, 1):
        for _attempt in range(2000):
            before = _snapshot(store, mid)
            try:
                write()  # type: ignore[operator]
            except StoreError as refused:
                assert "disk is full: nothing was recorded" in str(refused), name
                assert "disque de l'historique est plein" in refused.get("fr"), name
                assert refused.reason == "full", name  # type: ignore[attr-defined]
                assert _snapshot(store, mid) == before, name  # nothing half-written
                break
        else:
            pytest.fail(f"{name} never ran out of room")
    full = _snapshot(store, mid)
    limit["pages"] = 1 << 30  # space returns
    for _name, write in _every_write(store, mid, 2):
        write()  # type: ignore[operator]
    after = _snapshot(store, mid)
    assert len(after[3]) > len(full[3]) and len(after[7]) > len(full[7]) and after[1] > full[1]
    store.engine.dispose()


def test_a_read_only_database_refuses_every_write_clearly_and_writing_resumes(db_url):
    """A read-only file (SQLite: "attempt to write a readonly database") or server (PostgreSQL: a
    read-only transaction): a clear StoreError, nothing lost, and writes resume once it is writable."""
    store = Store(db_url)
    try:
        mid = table(store)
        drive(store, mid, 10)
        link = store.issue_seat_token(mid, 1)
        limit: dict[str, int | bool] = {"read_only": True}
        _limit(store, limit)
        store.engine.dispose()
        before = _snapshot(store, mid)
        for name, write in _every_write(store, mid, 1):
            with pytest.raises(StoreError, match="the history is read-only") as refused:
                write()  # type: ignore[operator]
            assert "lecture seule" in refused.value.get("fr") and refused.value.reason == "read-only", name
        assert _snapshot(store, mid) == before
        assert store.seat_for_token(mid, link) == 1  # a phone's link still opens its seat (read, not written)
        limit["read_only"] = False
        for _name, write in _every_write(store, mid, 2):
            write()  # type: ignore[operator]
        assert len(store.load(mid).log) > before[1]
    finally:
        store.engine.dispose()


# ---------------------------------------------------------------- undo race
def test_an_undo_that_loses_a_race_with_another_device_says_so_and_undoes_nothing(db_url, monkeypatch):
    """Between the undo's read and its write, another device (another server) records an event: the
    undo row would take the same place in the log.  Before: an unhandled IntegrityError.  Now: a
    clear StoreError, and the other device's event stands."""
    mine, theirs = Store(db_url), Store(db_url)
    try:
        mid = table(mine, "apaches", 2)
        drive(mine, mid, 5)
        while not mine.load(mid).can_undo:
            drive(mine, mid, 1)
        logged = len(mine.load(mid).log)
        real_load = Store.load

        def stale_load(self: Store, match_id: int):
            seen = real_load(self, match_id)
            drive(theirs, match_id, 1, seed=7)  # the other device is faster
            return seen
        monkeypatch.setattr(mine, "load", stale_load.__get__(mine))
        with pytest.raises(StoreError, match="another device has just recorded an event: nothing was undone") as lost:
            mine.undo(mid, HOST)
        assert "un autre appareil vient de jouer" in lost.value.get("fr")
        monkeypatch.undo()
        after = theirs.load(mid)
        assert [r.type for r in after.log].count("undo") == 0 and len(after.log) == logged + 1
        assert mine.load(mid).events == after.events
    finally:
        mine.engine.dispose()
        theirs.engine.dispose()


# ---------------------------------------------------------------- match codes
def test_matches_have_unguessable_unique_codes_that_links_use(store):
    mid = table(store)
    other = store.create_match("apaches", {"players": 2}, [p.id for p in store.players()][:2])
    a, b = store.load(mid).code, store.load(other).code
    assert a != b and len(a) >= 22 and len(b) >= 22 and set(a) <= set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert store.match_id_for_code(a) == mid and store.match_id_for_code(b) == other
    for guess in (str(mid), "", a[:-1], a.upper() if a.upper() != a else a.lower(), "x" * 400, None, 3):
        assert store.match_id_for_code(guess) is None  # type: ignore[arg-type]
    doc = store.delete_match(mid)  # a match keeps its code through a deletion's undo...
    assert store.match_id_for_code(a) is None
    back = store.undelete_match(doc)
    assert store.match_id_for_code(a) == back
    copy_ = json.loads(json.dumps(backup(store)))  # ...and through a backup and restore
    assert {m["code"] for m in copy_["matches"]} == {a, b}


def test_a_backup_written_before_codes_existed_restores_with_new_codes(db_url, tmp_path):
    source = Store(f"sqlite:///{tmp_path / 's.db'}")
    table(source)
    doc = backup(source)
    source.engine.dispose()
    for m in doc["matches"]:
        del m["code"]
    target = Store(db_url)
    try:
        restore(target, doc)
        code = target.load(1).code
        assert len(code) >= 22 and target.match_id_for_code(code) == 1
    finally:
        target.engine.dispose()


# ---------------------------------------------------------------- host keys
def test_host_keys_the_master_key_and_granted_devices(db_url):
    one = Store(db_url)
    two = Store(db_url)  # another server on the same database
    try:
        master = one.host_key()
        assert len(master) >= 40 and two.host_key() == master == one.host_key()
        assert one.is_host_key(master) and two.is_host_key(master)
        tablet = one.grant_host_device("  Tablette   du club ")
        phone = one.grant_host_device("Téléphone de Léa")
        assert two.is_host_key(tablet) and two.is_host_key(phone) and tablet != phone != master
        assert [(d.label, d.key) for d in two.host_devices()] == [("Tablette du club", tablet),
                                                                  ("Téléphone de Léa", phone)]
        assert two.revoke_host_device(tablet) and not two.revoke_host_device(tablet)
        assert not one.is_host_key(tablet) and one.is_host_key(phone)
        assert [d.label for d in one.host_devices()] == ["Téléphone de Léa"]
        for forged in ("", None, master[:-1], master + "x", tablet, 42, "host_key"):
            assert not one.is_host_key(forged)  # type: ignore[arg-type]
        with pytest.raises(StoreError, match="a device's name must be 1 to 80 characters") as bad:
            one.grant_host_device("   ")
        assert "nom de l'appareil" in bad.value.get("fr")
        doc = json.dumps(backup(one))
        assert master not in doc and phone not in doc  # a backup file never carries a key
    finally:
        one.engine.dispose()
        two.engine.dispose()


# ---------------------------------------------------------------- other processes' writes
WRITER = """
import sys, time
from pathlib import Path
from db.store import Store
from tests.test_transfer import drive
url, mid, go = sys.argv[1], int(sys.argv[2]), Path(sys.argv[3])
store = Store(url)
store.load(mid)
go.with_name("ready").touch()
while not go.exists():
    time.sleep(0.01)
drive(store, mid, 1, seed=3)
recorded = time.time()
time.sleep(1)
store.add_player("Venu d'ailleurs")
print(len(store.load(mid).log), recorded, time.time())
"""


def test_a_write_by_another_process_is_learnt_of_and_not_served_stale(db_url, tmp_path):
    """One history, many servers: a second process records an event and adds a player; this process's
    watcher is told (the match's id, then None for the player) within a second, its own writes are not
    reported, and its loads show the new event at once (before: no way to learn of it)."""
    store = Store(db_url)
    try:
        mid = table(store)
        drive(store, mid, 3)
        seen: list[int | None] = []
        when: dict[int | None, float] = {}
        told = threading.Event()

        def callback(match_id: int | None) -> None:
            seen.append(match_id)
            when.setdefault(match_id, time.time())
            if None in seen and mid in seen:
                told.set()
        stop = store.watch(callback)
        try:
            drive(store, mid, 2)  # our own writes...
            time.sleep(1.0)
            assert seen == []  # ...are not reported
            before = len(store.load(mid).log)
            go = tmp_path / "go"
            writer = subprocess.Popen([sys.executable, "-c", textwrap.dedent(WRITER), db_url, str(mid), str(go)],
                                      cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            deadline = time.time() + 60
            while not (tmp_path / "ready").exists() and time.time() < deadline:
                time.sleep(0.02)
            go.touch()
            out, err = writer.communicate(timeout=60)
            assert writer.returncode == 0, err
            assert told.wait(5), seen
            assert set(seen) == {mid, None}
            rows, recorded, added = out.split()
            # told within a second of each commit (SQLite polls every 0.25 s; a loaded machine adds some)
            assert when[mid] - float(recorded) < 1.0 and when[None] - float(added) < 1.0, (when, recorded, added)
            assert len(store.load(mid).log) == before + 1 == int(rows)
        finally:
            stop()
        stop()  # idempotent
    finally:
        store.engine.dispose()


def test_a_write_right_after_the_watch_starts_is_reported(db_url, monkeypatch):
    """``Store.watch`` returns once its thread knows where the database stands: another server's write
    committed right after the call is reported, even when the thread starts late (a loaded machine; here its
    connection is given 0.5 s late).  Before, the thread could read its starting point after that write and
    never report it (CI run D: ``test_trust_servers`` heard nothing in 10 s)."""
    here, there = Store(db_url), Store(db_url)
    try:
        mid = table(here)
        opened = here.engine.raw_connection

        def late() -> object:
            time.sleep(0.5)
            return opened()
        monkeypatch.setattr(here.engine, "raw_connection", late)  # only the watcher's thread asks for it
        heard = threading.Event()
        stop = here.watch(lambda match_id: heard.set() if match_id == mid else None)
        try:
            drive(there, mid, 1)  # the other server's write, at once
            assert heard.wait(5), "the write was taken for the watch's starting point"
        finally:
            stop()
    finally:
        there.engine.dispose()
        here.engine.dispose()


def test_a_match_id_taken_again_is_never_served_from_the_cache(tmp_path):
    """SQLite gives a deleted highest id again: another server deletes match 2 and starts another game
    under the same number with as many events.  This server's loads show the new match (before: the
    old match's state, kept under its id and its number of events)."""
    url = f"sqlite:///{tmp_path / 'h.db'}"
    a, b = Store(url), Store(url)
    ids = [a.add_player(n).id for n in ("Léa", "Sam", "Ana", "Zoé")]
    a.create_match("apaches", {"players": 2}, ids[:2], seed="first")
    old = a.create_match("traction-avant", {"players": 4}, ids, seed="old")
    drive(a, old, 3)
    assert a.load(old).game.slug == "traction-avant"
    b.delete_match(old)
    new = b.create_match("robby-solo", {"players": 3}, ids[:3], seed="new")
    assert new == old
    drive(b, new, 3)
    assert len(b.load(new).log) == 3
    seen = a.load(new)
    assert seen.game.slug == "robby-solo" and seen.state == b.load(new).state
    a.engine.dispose()
    b.engine.dispose()


@pytest.mark.parametrize(("sqlstate", "message", "reason"), [
    ("53100", "could not extend file \"base/16384/2619\": No space left on device", "full"),
    ("25006", "cannot execute INSERT in a read-only transaction", "read-only"),
    ("40P01", "deadlock detected", "busy"),
    ("08006", "server closed the connection unexpectedly", "unavailable"),
])
def test_postgresql_storage_errors_are_told_apart_by_their_sqlstate(sqlstate, message, reason):
    """A full PostgreSQL disk cannot be made here: the driver's error is classified by its SQLSTATE
    (psycopg's ``sqlstate``), whatever the server's language."""
    from sqlalchemy.exc import DBAPIError, IntegrityError

    from db.errors import storage_error

    class Orig(Exception):
        pass
    orig = Orig(message)
    orig.sqlstate = sqlstate  # type: ignore[attr-defined]
    said = storage_error(DBAPIError("INSERT …", {}, orig))
    assert said is not None and said.reason == reason and said.get("fr") != str(said)
    assert storage_error(IntegrityError("INSERT …", {}, orig)) is None  # a conflict: the caller's to handle
