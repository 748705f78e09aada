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
