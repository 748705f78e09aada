"""Every write authorised on the server (issue 16, item 2): the store checks who sends each event, before
the engine, from the credentials the device showed (the host key, a seat link's token), whatever the
screen drew.  The game's moves table says who may send what (``Game.sender``: host, seat or any)."""

from __future__ import annotations

import pytest

from db.store import GUEST, HOST, Sender, Store, StoreError


@pytest.fixture()
def table():
    """A score pad for three, seat 1 (Sam) on their phone; the host by key and a tablet granted host rights."""
    store = Store("sqlite://")
    ids = [store.add_player(n).id for n in ("Léa", "Sam", "Zoé")]
    mid = store.create_match("score-pad", {"game_name": "Azul", "players": 3}, ids)
    store.record(mid, {"type": "round", "points": [1, 2, 3]}, HOST)  # round 1, that the seats then correct
    token = store.issue_seat_token(mid, 1)
    return store, mid, token


def score(seat: int, points: int = 5) -> dict[str, object]:
    return {"type": "score", "seat": seat, "round": 1, "points": points}


def refused(store: Store, mid: int, action: dict[str, object], who: Sender) -> StoreError:
    before = len(store.load(mid).log)
    with pytest.raises(StoreError) as caught:
        store.record(mid, action, who)
    assert len(store.load(mid).log) == before, "a refused write wrote nothing"
    error = caught.value
    assert error.get("fr") != error.get("en") and error.get("en"), "the refusal speaks both languages"
    return error


def test_the_score_pad_says_who_sends_what():
    from scoring import find_game
    game = find_game("score-pad")
    assert game.sender(score(0)) == "seat" and game.sender({"type": "round"}) == "host"
    assert game.sender({"type": "timer", "key": "x", "op": "start"}) == "host"  # timers are the host's


def test_a_guest_without_credentials_writes_nothing(table):
    """The table code (``/table/<code>``) and any device without a key or link: nothing, timers included."""
    store, mid, _token = table
    for action in (score(0), {"type": "round", "points": [1, 2, 3]},
                   {"type": "timer", "key": "t", "op": "start", "at": 1, "ms": 60_000}):
        assert "only the host and a seat's phone" in str(refused(store, mid, action, GUEST))
    assert "seul l'hôte" in refused(store, mid, score(0), Sender(host_key="forged-key-0123456789")).get("fr")


def test_a_seat_phone_plays_its_own_seat_only(table):
    store, mid, token = table
    phone = Sender(token=token)
    assert store.record(mid, score(1, 7), phone)["points"] == 7
    assert "own seat" in str(refused(store, mid, score(0), phone))
    assert "own seat" in str(refused(store, mid, {"type": "score", "seat": True, "round": 1, "points": 1}, phone))
    # the host's events and the timers (another seat's or not) are the host's
    assert "only the host" in str(refused(store, mid, {"type": "round", "points": [1, 2, 3]}, phone))
    assert "only the host" in str(refused(store, mid, {"type": "timer", "key": "t:0", "op": "start", "at": 1,
                                                        "ms": 1000}, phone))
    assert "only the host" in str(refused(store, mid, {"type": "finish"}, phone))


def test_a_revoked_or_other_match_link_stops_writing_at_once(table):
    store, mid, token = table
    other = store.create_match("score-pad", {"game_name": "Azul", "players": 3},
                               [p.id for p in store.players()])
    store.record(other, {"type": "round", "points": [1, 2, 3]}, HOST)
    refused(store, other, score(1), Sender(token=token))
    store.revoke_seat_token(mid, 1)
    refused(store, mid, score(1), Sender(token=token))


def test_the_host_plays_the_public_moves_of_every_seat_and_the_secrets_of_seats_without_a_phone(table):
    """A seat's phone draws only that seat's secrets: its public moves (here a score) the host still enters,
    or the match could not go on; a secret of a seat on its phone is typed on that phone only."""
    store, mid, _token = table
    key = store.host_key()
    host = Sender(host_key=key)
    assert store.record(mid, score(0), host)["seat"] == 0
    assert store.record(mid, score(1), host)["seat"] == 1  # Sam has a phone; a score is no secret
    # the secret side: tests/test_trust_senders.py::test_a_secret_bank_choice_is_sent_by_its_seat_only
    tablet = store.grant_host_device("Tablette")
    assert store.record(mid, score(2), Sender(host_key=tablet))["seat"] == 2
    store.revoke_host_device(tablet)
    refused(store, mid, {"type": "round", "points": [1, 2, 3]}, Sender(host_key=tablet))


def test_only_the_host_undoes(table):
    """The host's Undo can no longer take back a guest's tap (there is none), and only the host undoes."""
    store, mid, token = table
    store.record(mid, score(1), Sender(token=token))
    for who in (GUEST, Sender(token=token), Sender(host_key="forged-key-0123456789")):
        with pytest.raises(StoreError, match="only the host may undo"):
            store.undo(mid, who)
    assert store.undo(mid, HOST)["seat"] == 1


def test_the_sender_never_shows_a_whole_secret_in_a_log():
    who = Sender(host_key="K" * 43, token="T" * 43)
    assert "K" * 5 not in repr(who) and "T" * 7 not in repr(who)
