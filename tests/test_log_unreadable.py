"""A match whose event log no longer replays (written by another version of a game's rules, or changed by
hand): its screens said "Match not found" although its row, seats and score sheet were intact.  The store now
says which event of which match is refused (``db.errors.LogUnreadable``), never the engine's reason (which
may quote a seat's secret), and still reads the match's row alone (``Store.load(id, replay=False)``)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from sqlalchemy import text

from db.errors import LogUnreadable, StoreError
from db.store import HOST, Store


def played(store: Store, finish: bool, ids: list[int] | None = None) -> int:
    """A match of Les Apaches de Paris played with its own legal moves (finished, or twelve moves in), by Léa,
    Sam and Zoé (added) or by the players ``ids``."""
    ids = ids or [store.add_player(n).id or 0 for n in ("Léa", "Sam", "Zoé")]
    match_id = store.create_match("apaches", {"players": 3}, ids, seed="unreadable")
    rng = random.Random(4)
    for _ in range(800 if finish else 12):
        m = store.load(match_id)
        if m.game.finished(m.state) or (action := m.game.sample_action(m.state, rng)) is None:
            break
        store.record(match_id, action, HOST)
    if finish:
        store.finish(match_id)
    return match_id


def spoil(store: Store, match_id: int, seq: int, payload: dict[str, object]) -> None:
    """Write another event over the log's event ``seq`` (as a hand edit, or another version, would)."""
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE event SET payload = :p WHERE match_id = :m AND seq = :s"),
                     {"p": json.dumps(payload), "m": match_id, "s": seq})
    store.forget(match_id)


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(f"sqlite:///{tmp_path / 'compagnon.db'}")


def test_a_log_that_no_longer_replays_is_said_as_such_with_its_event_and_the_row_is_still_read(store: Store) -> None:
    match_id = played(store, finish=True)
    sheet = store.load(match_id).sheet
    spoil(store, match_id, 3, {"type": "no_such_move"})
    with pytest.raises(LogUnreadable) as caught:
        store.load(match_id)
    error = caught.value
    assert (error.match_id, error.position, error.kind) == (match_id, 3, "no_such_move")
    assert isinstance(error, StoreError)  # every screen that catches the history's refusals catches this one
    assert error.get("fr") == (f"le journal de la partie n° {match_id} ne se rejoue plus avec cette version de "
                               "Compagnon : son événement 3 (no_such_move) est refusé")
    assert "no longer replays" in error.get("en") and "non si riproduce più" in error.get("it")
    assert "unknown event type" not in str(error)  # the engine's reason stays out (it may quote a secret)
    row = store.load(match_id, replay=False)
    assert (row.status, row.names, row.sheet, row.events, row.state) == ("finished", ["Léa", "Sam", "Zoé"], sheet,
                                                                           [], {})


def test_an_event_the_rules_refuse_names_its_place_and_type(store: Store) -> None:
    match_id = played(store, finish=False)
    log = store.load(match_id).events
    kind = str(log[1]["type"])
    spoil(store, match_id, 2, {**log[1], "seat": 99})  # the right type, a seat the match does not have
    with pytest.raises(LogUnreadable) as caught:
        store.load(match_id)
    assert (caught.value.position, caught.value.kind) == (2, kind)


def test_a_match_whose_log_no_longer_replays_takes_no_new_event(store: Store) -> None:
    match_id = played(store, finish=False)
    before = len(store.load(match_id, replay=False).log)
    spoil(store, match_id, 1, {"type": "no_such_move"})
    with pytest.raises(LogUnreadable):
        store.record(match_id, {"type": "end_turn", "seat": 0, "bail": 0}, HOST)
    assert len(store.load(match_id, replay=False).log) == before  # nothing written


def test_a_match_that_replays_loads_as_before(store: Store) -> None:
    match_id = played(store, finish=True)
    m = store.load(match_id)
    assert m.events and m.state and m.sheet
    assert store.load(match_id, replay=False).events == []


def test_a_backup_holding_such_a_match_is_restored_whole_and_names_it(store: Store, tmp_path: Path) -> None:
    """A history whose match no longer replays (recorded under another version of a game's rules) backs up, and
    the backup restores, whole: that match as it was (its row, seats, score sheet and log), named in the restore's
    answer, its screens saying so as on the history it came from (before: the whole backup was refused, "the match
    does not replay", and the history could not be moved to another machine)."""
    from db.backup import backup, restore

    good = played(store, finish=True)
    bad = played(store, finish=True, ids=store.load(good).player_ids)
    spoil(store, bad, 3, {"type": "no_such_move"})
    doc = json.loads(json.dumps(backup(store)))
    target = Store(f"sqlite:///{tmp_path / 'target.db'}")
    done = restore(target, doc)
    assert (done.players, done.matches, done.unreadable) == (3, 2, (bad,))
    assert target.load(good).events == store.load(good).events
    with pytest.raises(LogUnreadable) as caught:
        target.load(bad)
    assert (caught.value.position, caught.value.kind) == (3, "no_such_move")
    kept, source = target.load(bad, replay=False), store.load(bad, replay=False)
    assert (kept.sheet, kept.names, [r.payload for r in kept.log]) == \
        (source.sheet, source.names, [r.payload for r in source.log])
    again = json.loads(json.dumps(backup(target)))  # and backs up again as it came
    assert {**again, "exported_at": None} == {**doc, "exported_at": None}


def test_deleting_such_a_match_can_be_undone(store: Store) -> None:
    """The review's *Delete the match* keeps its short undo for a match whose log no longer replays (before: the
    undo was refused, quoting the engine's reason)."""
    match_id = played(store, finish=True)
    spoil(store, match_id, 3, {"type": "no_such_move"})
    before = store.load(match_id, replay=False)
    back = store.undelete_match(store.delete_match(match_id))
    assert back == match_id
    assert store.load(back, replay=False).sheet == before.sheet
    with pytest.raises(LogUnreadable):
        store.load(back)


def test_the_restore_s_answer_names_the_matches_kept_in_each_language_and_on_the_command_line(
        store: Store, tmp_path: Path) -> None:
    """The Data page's summary of the restore (and ``compagnon import``) names the matches kept whose log no longer
    replays, by the plural rule; a restore without one says nothing more."""
    import os
    import subprocess
    import sys

    from app.screens.transfer import restore_summary
    from app.state import AppState
    from db.backup import Restored

    app = AppState(store=store, lang="fr")
    assert restore_summary(app, Restored(3, 2)).lines == ("Sauvegarde restaurée — joueurs : 3, parties : 2",)
    said = {lang: restore_summary(AppState(store=store, lang=lang), Restored(3, 9, (4, 7))).lines[1]
            for lang in ("fr", "en", "it")}
    assert said["fr"] == ("2 parties gardées telles quelles (n° 4, n° 7) : leur journal ne se rejoue plus avec cette "
                          "version de Compagnon ; leur fiche dit pourquoi.")
    assert said["en"].startswith("2 matches kept as they are (#4, #7): their log no longer replays")
    assert said["it"].startswith("2 partite tenute così come sono (n. 4, n. 7)")
    one = restore_summary(AppState(store=store, lang="en"), Restored(3, 9, (4,))).lines[1]
    assert one.startswith("1 match kept as it is (#4): its log")

    from db.backup import backup

    match_id = played(store, finish=True)
    spoil(store, match_id, 3, {"type": "no_such_move"})
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(backup(store)), encoding="utf-8")
    env = {**os.environ, "COMPAGNON_DATA_DIR": str(tmp_path / "elsewhere")}
    env.pop("DATABASE_URL", None)
    done = subprocess.run([sys.executable, "-c", "from app.main import cli; cli()", "import", str(path)], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == (f"  match #{match_id} kept as it is: its log no longer replays with this "
                                            "version of Compagnon (its review says why)")
