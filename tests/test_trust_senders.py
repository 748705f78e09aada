"""A seat's phone never acts for another seat (issue 16, "each action says who may send it ... the seat it
concerns"): every ``seat`` move of every game names the seat it concerns (``Move.seat``: the event's
``seat``, a transfer's giver ``from``, the victim of the betrayed alliance a reprisal names, the seat a
secret bank choice is for), and the store lets only that seat's phone send it, or the host for a seat
without a phone.  A phone that adds its own ``seat`` to a move concerning another seat is refused, in both
languages, with nothing written."""

from __future__ import annotations

import random
from typing import Any

import pytest

from db.store import HOST, Sender, Store, StoreError
from scoring import RulesError, all_games, find_game
from tests.test_trust_writes import refused

#: Every ``seat`` move of every game, and where it names its seat: a new one fails here until it is audited.
AUDITED = {
    "apaches": {"end_turn": "seat", "seen": "seat"},
    "apprentis": {"pick": "seat", "program": "seat", "take": "seat", "painting": "seat"},
    "robby-solo": {"choose": "chooser"},
    "score-pad": {"score": "seat"},
    "traction-avant": {"choose_boss": "seat", "choose_power": "seat", "recruit": "seat", "traction": "seat",
                       "buy_time": "seat", "cohabit": "seat", "done": "seat", "order": "seat",
                       "transfer": "from", "alliance_confirm": "seat", "reprisal": "_victim"},
}


def where(move: Any) -> str:
    return move.seat if isinstance(move.seat, str) else move.seat.__name__


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.slug)
def test_every_seat_move_says_which_seat_it_concerns(game):
    """Audited by hand: each handler acts for the seat its ``Move.seat`` names (``owner`` of a cohabitation
    is paid by the mover, ``targets`` of an order are shot at by the seat giving it, ``to`` of a transfer
    receives from ``from``)."""
    seat_moves = {kind: where(m) for kind, m in game.moves.items() if m.by == "seat"}
    assert seat_moves == AUDITED[game.slug]


@pytest.fixture()
def traction():
    """Traction-Avant for four in its first turn; Bébert (1) and Carlo (2) on their phones, who signed an
    alliance that Bébert then betrayed: Carlo's reprisal is due."""
    store = Store("sqlite://")
    ids = [store.add_player(n).id for n in ("Ange", "Bébert", "Carlo", "Dédé")]
    mid = store.create_match("traction-avant", {"players": 4}, ids, seed="senders")
    store.record(mid, {"type": "begin"}, HOST)
    store.record(mid, {"type": "alliance", "parties": [1, 2], "terms": "pas de coup de Sten"}, HOST)
    for seat in (1, 2):
        store.record(mid, {"type": "alliance_confirm", "alliance": "0", "seat": seat}, HOST)
    store.record(mid, {"type": "alliance_betray", "alliance": "0", "traitor": 1, "victim": 2}, HOST)
    phones = {seat: Sender(token=store.issue_seat_token(mid, seat)) for seat in (1, 2)}
    return store, mid, phones


def test_a_transfer_is_sent_by_the_giver_only(traction):
    """« les échanges de cartes et d'argent ne sont possibles qu'entre joueurs présents dans le même café »:
    money changes hands at the table; the app records it from the giver, never from the taker."""
    store, mid, phones = traction
    theft = {"type": "transfer", "from": 2, "to": 1, "amount": 400_000}
    for forged in (theft, {**theft, "seat": 1}):  # Bébert helps himself to Carlo's money
        error = refused(store, mid, forged, phones[1])
        assert "own seat" in str(error) and "propre place" in error.get("fr")
    assert store.load(mid).state["thunes"][2] == 500_000
    store.record(mid, {"type": "transfer", "from": 1, "to": 2, "amount": 100_000}, phones[1])  # he gives
    assert store.load(mid).state["thunes"][1:3] == [400_000, 600_000]
    # The host, the table's keeper, records the transfers said aloud, a seat on its phone or not (a
    # transfer is no secret; the phone only draws its seat's secrets).
    store.record(mid, {"type": "transfer", "from": 0, "to": 3, "amount": 100_000}, HOST)
    store.record(mid, {"type": "transfer", "from": 2, "to": 0, "amount": 100_000}, Sender(host_key=store.host_key()))
    assert store.load(mid).state["thunes"][2] == 500_000


def test_a_reprisal_is_sent_by_the_victim_only(traction):
    """« le joueur responsable de la trahison s'expose à des représailles de la part de sa victime »: the
    traitor's phone may neither waive nor take the victim's reprisal."""
    store, mid, phones = traction
    for done in (False, True):
        for forged in ({"type": "reprisal", "alliance": "0", "done": done},
                       {"type": "reprisal", "alliance": "0", "done": done, "seat": 1},
                       {"type": "reprisal", "alliance": "0", "done": done, "victim": 1}):
            assert "own seat" in str(refused(store, mid, forged, phones[1]))
    assert store.load(mid).state["alliances"][0]["reprisal"] == "due"
    store.record(mid, {"type": "reprisal", "alliance": "0", "done": True}, phones[2])
    assert store.load(mid).state["alliances"][0]["reprisal"] == "done"


def test_a_phone_names_no_other_seat_in_a_reprisal_that_names_no_alliance(traction):
    """A reprisal naming no broken alliance concerns no seat: a phone is refused by the store (not by the
    rules, whose message would tell which alliances exist)."""
    store, mid, phones = traction
    for alliance in ("7", None, "x", [0]):
        refused(store, mid, {"type": "reprisal", "alliance": alliance, "done": False, "seat": 1}, phones[1])


def test_a_secret_bank_choice_is_sent_by_its_seat_only():
    """Robby Solo, « chaque joueur doit décider secrètement quelle banque il a l'intention de braquer »: a
    secret choice is its seat's, whether the event names the seat by ``seat`` or only by its
    ``bank<seat>`` field; the host may not type it for a seat on its phone."""
    store = Store("sqlite://")
    ids = [store.add_player(n).id for n in ("Léa", "Sam", "Zoé")]
    mid = store.create_match("robby-solo", {"players": 3}, ids, seed="senders")
    store.record(mid, {"type": "restock", "yellow": 8000, "blue": 6000, "purple": 5000, "khaki": 1}, HOST)
    phone = Sender(token=store.issue_seat_token(mid, 1))
    for forged in ({"type": "choose", "bank0": "blue"}, {"type": "choose", "bank0": "blue", "seat": 1}):
        try:
            store.record(mid, forged, phone)
        except (StoreError, RulesError) as error:  # the store, or the engine: ``seat`` 1 is not ``bank0``
            assert error.get("fr") != error.get("en")
        else:
            raise AssertionError(f"Sam's phone chose Léa's bank with {forged}")
    assert "own seat" in str(refused(store, mid, {"type": "choose", "bank0": "blue"}, phone))
    assert "seat 2's phone" in str(refused(store, mid, {"type": "choose", "bank1": "blue"},
                                           Sender(host_key=store.host_key())))
    assert store.load(mid).state["chosen"] == [None, None, None]
    assert store.record(mid, {"type": "choose", "bank1": "blue", "seat": 1}, phone)["bank1"] == "blue"
    store.record(mid, {"type": "choose", "bank0": "purple"}, HOST)  # Léa has no phone: the host types hers
    assert store.load(mid).state["chosen"] == ["purple", "blue", None]


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.slug)
def test_no_phone_sends_a_seat_move_that_concerns_another_seat(game):
    """Random legal matches of every game through the store, each seat on its phone: at each step, each
    legal ``seat`` move is sent by every other seat's phone, as it is and with that phone's own ``seat``
    slipped in; the store refuses each one unless it then concerns the sender, and writes nothing."""
    store = Store("sqlite://")
    card = game.card
    players = max(card.min_players, min(4, card.max_players))
    options = {"players": players, **game.example_options}
    ids = [store.add_player(f"Joueur{i}").id for i in range(players)]
    mid = store.create_match(game.slug, options, ids, seed="senders")
    phones = {seat: Sender(token=store.issue_seat_token(mid, seat)) for seat in range(players)}
    rng, tried = random.Random(5), 0
    for _step in range(60):
        m = store.load(mid)
        action = game.sample_action(m.state, rng)
        if action is None:
            break
        concerned = game.concerns(m.state, action)
        if game.sender(action) == "seat":
            for seat, phone in phones.items():
                for sent in (action, {**action, "seat": seat}):
                    if seat != concerned and game.concerns(m.state, sent) != seat:
                        refused(store, mid, sent, phone)
                        tried += 1
        who = phones.get(concerned, HOST) if game.sender(action) == "seat" else HOST
        try:
            store.record(mid, action, who)
        except StoreError:
            store.record(mid, action, HOST)  # a host move, or one the host sends for a seat
    assert tried or not AUDITED[game.slug], f"{game.slug}: no seat move was tried"


def test_concerns_reads_without_raising():
    """``Game.concerns`` never raises on a malformed event: a phone's forged message gets the store's
    refusal, not a traceback."""
    game = find_game("traction-avant")
    for state in ({"alliances": []}, {}, {"alliances": [{"status": "broken"}]}):
        for event in ({"type": "reprisal"}, {"type": "reprisal", "alliance": {"x": 1}}, {"type": "transfer"},
                      {"type": "reprisal", "alliance": 0}, {"type": 3}, {}):
            assert game.concerns(state, event) is None
