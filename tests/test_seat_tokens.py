"""Seat tokens: the links that open one seat's private view on a phone (issue #7)."""

from __future__ import annotations

import logging
import random

import pytest
from sqlalchemy import inspect

from db.seat_tokens import SeatTokenError
from db.store import HOST, Store


@pytest.fixture
def store(tmp_path):
    return Store(f"sqlite:///{tmp_path / 'h.db'}")


def a_match(store, names=("Ange", "Bébert", "Carlo", "Dédé")):
    ids = [p.id for p in store.players() if p.name in names] or [store.add_player(n).id for n in names]
    return store.create_match("traction-avant", {"players": len(names)}, ids, seed="t")


def test_a_token_opens_its_own_seat_of_its_own_match_only(store):
    m = a_match(store)
    tokens = [store.issue_seat_token(m, seat) for seat in range(4)]
    assert len(set(tokens)) == 4 and all(len(t) >= 32 for t in tokens)
    assert [store.seat_for_token(m, t) for t in tokens] == [0, 1, 2, 3]
    other = a_match(store)
    assert store.seat_for_token(other, tokens[0]) is None, "another match's token opens nothing"
    assert store.seat_for_token(m, "") is None
    assert store.seat_for_token(m, tokens[0][:-1] + ("A" if tokens[0][-1] != "A" else "B")) is None


def test_reissue_revokes_the_old_link_and_revoke_closes_the_seat(store):
    m = a_match(store)
    old = store.issue_seat_token(m, 2)
    new = store.issue_seat_token(m, 2)
    assert new != old
    assert store.seat_for_token(m, old) is None, "a lost phone's link stops working"
    assert store.seat_for_token(m, new) == 2
    assert store.seat_links(m) == {2: (new, True)}
    assert store.revoke_seat_token(m, 2) is True
    assert store.seat_for_token(m, new) is None
    assert store.seat_links(m) == {}
    assert store.revoke_seat_token(m, 2) is False, "nothing left to revoke"


def test_the_first_use_marks_the_link_claimed(store):
    m = a_match(store)
    t = store.issue_seat_token(m, 0)
    assert store.seat_links(m) == {0: (t, False)}
    store.seat_for_token(m, t)
    assert store.seat_links(m) == {0: (t, True)}


def test_refusals_are_logged_without_the_token(store, caplog):
    m = a_match(store)
    t = store.issue_seat_token(m, 1)
    store.revoke_seat_token(m, 1)
    with caplog.at_level(logging.WARNING, logger="compagnon.seats"):
        assert store.seat_for_token(m, "not-a-token-at-all", who="192.168.1.20") is None
        assert store.seat_for_token(m, t) is None
        assert store.seat_for_token(m + 1, t) is None
    messages = [r.getMessage() for r in caplog.records]
    assert len(messages) == 3
    assert "unknown token" in messages[0] and "192.168.1.20" in messages[0]
    assert "seat 1 revoked" in messages[1]
    assert f"token of match #{m}" in messages[2]
    assert all(t not in msg for msg in messages), "the log never holds a usable token"


def test_bad_requests_name_what_is_wrong(store):
    m = a_match(store)
    with pytest.raises(SeatTokenError, match=r"seats 0 to 3, got 4"):
        store.issue_seat_token(m, 4)
    with pytest.raises(SeatTokenError, match=r"no match with id 99"):
        store.issue_seat_token(99, 0)
    store.abandon(m)
    with pytest.raises(SeatTokenError, match="abandoned: its seats are closed"):
        store.issue_seat_token(m, 0)


def test_a_finished_or_abandoned_match_opens_no_seat(store):
    m = a_match(store)
    t = store.issue_seat_token(m, 0)
    store.abandon(m)
    assert store.seat_for_token(m, t) is None


def test_a_database_written_before_seat_tokens_opens_and_gains_the_table(tmp_path):
    """A file from the first release (no seat_token table) opens without loss and gains it."""
    url = f"sqlite:///{tmp_path / 'old.db'}"
    old = Store(url)
    m = a_match(old)
    m_now = old.load(m)
    old.record(m, m_now.game.sample_action(m_now.state, random.Random(1)), HOST)  # a match under way
    before = old.load(m)
    with old.engine.begin() as c:
        c.exec_driver_sql("DROP TABLE seat_token")
    assert not inspect(old.engine).has_table("seat_token")
    old.engine.dispose()

    new = Store(url)
    assert inspect(new.engine).has_table("seat_token")
    after = new.load(m)
    assert (after.names, after.events, after.state) == (before.names, before.events, before.state)
    t = new.issue_seat_token(m, 3)
    assert new.seat_for_token(m, t) == 3
