"""The table on the network without a browser: addresses, QR images, who may open what, seat requests."""

from __future__ import annotations

import doctest
import ipaddress
import random
import struct
import zlib

import pytest
import qrcode

from app import net
from app.screens import resolve
from app.screens.match import MatchScreen
from app.screens.table import GuestHome, SeatScreen, TableScreen, seat_content
from bench.common import run_apart
from scoring import event_rng, find_game


def test_a_phone_on_the_network_opens_only_the_table_and_its_seat():
    assert resolve("/seat/Zq3_x-9/Ab_c-9", host_device=False) == (SeatScreen, {"code": "Zq3_x-9", "token": "Ab_c-9"})
    assert resolve("/table/Zq3_x-9", host_device=False) == (TableScreen, {"code": "Zq3_x-9"})
    for path in ("/", "/match/3", "/new", "/players", "/history", "/history/3", "/nowhere"):
        assert resolve(path, host_device=False) == (GuestHome, {}), path
    assert resolve("/match/3", host_device=True) == (MatchScreen, {"match_id": "3"})


def test_who_is_the_host_device(monkeypatch):
    """Without the key, only this machine's browser of a server bound to loopback is the host; an empty
    address never is (issue 16, item 1)."""
    monkeypatch.setattr(net, "LOOPBACK_HOST", True)
    assert net.is_host_device("127.0.0.1") and net.is_host_device("::1")
    assert not net.is_host_device(None) and not net.is_host_device("")
    assert not net.is_host_device("192.168.1.20") and not net.is_host_device("not an address")
    # A server reachable from the network (or started with --key-only): an address proves nothing, as a
    # forwarder on this machine without X-Forwarded-For makes every phone look like 127.0.0.1.
    monkeypatch.setattr(net, "LOOPBACK_HOST", False)
    assert not net.is_host_device("127.0.0.1") and not net.is_host_device("::1")
    monkeypatch.setattr(net, "TRUST_NETWORK", True)
    assert net.is_host_device("192.168.1.20")


def test_a_page_opened_through_a_forwarder_is_no_host(monkeypatch):
    """A forwarder on this machine (a TCP proxy, an SSH tunnel) makes a phone come from 127.0.0.1, but the
    address its browser asked for names the forwarder: no host rights without the key (issue 16, item 1).
    End to end, from a phone on a network of its own: tests/browser/test_netns.py."""
    monkeypatch.setattr(net, "LOOPBACK_HOST", True)
    for url in ("http://127.0.0.1:8550/", "http://localhost:8550/match/3", "http://[::1]:8550"):
        assert net.is_host_device("127.0.0.1", url), url
    for url in ("http://198.51.100.1:9000/", "http://table.example/", "", "http://[bad"):
        assert not net.is_host_device("127.0.0.1", url), url


def test_the_address_in_the_qr_codes():
    assert net.public_url("127.0.0.1", 8600, "") == "http://127.0.0.1:8600"
    assert net.public_url("localhost", 8600, "") == "http://127.0.0.1:8600"
    assert net.public_url("192.168.1.12", 8550, "") == "http://192.168.1.12:8550"
    lan = net.public_url("0.0.0.0", 8550, "")
    host = lan.removeprefix("http://").rsplit(":", 1)[0]
    assert ipaddress.ip_address(host) and not host.startswith("0."), lan
    assert net.public_url("0.0.0.0", 8550, "https://jeux.example/") == "https://jeux.example"


def test_a_qr_code_is_a_png_of_the_code_of_its_text():
    text = "http://192.168.1.12:8550/seat/1/" + "x" * 32
    png = net.qr_png(text, scale=4)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    qr = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=2)
    qr.add_data(text)
    qr.make(fit=True)
    matrix = qr.get_matrix()
    assert width == height == len(matrix) * 4
    start = png.index(b"IDAT") + 4
    length = struct.unpack(">I", png[start - 8:start - 4])[0]
    raw = zlib.decompress(png[start:start + length])
    rows = [raw[i * (width + 1) + 1:(i + 1) * (width + 1)] for i in range(height)]
    # every module drawn as a 4×4 block: black where the code is dark, white elsewhere
    assert all(rows[y * 4][x * 4] == (0 if matrix[y][x] else 255)
               for y in range(len(matrix)) for x in range(len(matrix)))


def test_seat_requests_wait_for_the_host_and_reach_only_the_page_that_asked():
    lobby = net.Lobby()
    lobby.ask(net.SeatRequest("page-a", 1, 3))
    lobby.ask(net.SeatRequest("page-b", 2, 0))
    assert [r.id for r in lobby.waiting(1)] == ["page-a"]
    lobby.grant("page-a", "token-for-seat-3")
    assert lobby.waiting(1) == [] and lobby.pending("page-a") is None
    assert lobby.take_grant("page-b") is None
    assert lobby.take_grant("page-a") == "token-for-seat-3"
    assert lobby.take_grant("page-a") is None, "handed over once"
    lobby.refuse("page-b")
    assert lobby.was_refused("page-b") and lobby.waiting(2) == []


@pytest.mark.parametrize(("slug", "options"), [
    ("traction-avant", {"players": 4}), ("apaches", {"players": 3}),
    ("robby-solo", {"players": 3}), ("apprentis", {"players": 3, "programming": True}),
])
def test_each_seat_s_phone_gets_its_own_secret_entries_and_nothing_of_another_seat(slug, options):
    """Every game's secret entries (orders, a bourgeois looked at, a bank chosen in secret, a die
    programmed) reach the phone of the seat that makes them, and only that phone."""
    game = find_game(slug)
    seed = "phones"
    setup = game.setup(game.validate_options(options), random.Random(f"{seed}:setup"))
    names = [f"P{i}" for i in range(options["players"])]
    state = game.initial_state(setup.record, names)
    rng = random.Random(7)
    seen_private: set[int] = set()
    for seq in range(1, 400):
        for seat in range(len(names)):
            panels, actions = seat_content(game, state, seat)
            assert all(p.seat == seat for p in panels) and all(a.seat == seat for a in actions)
            if any(a.private for a in actions):
                seen_private.add(seat)
        action = game.sample_action(state, rng)
        if action is None:
            break
        state = game.apply(state, game.prepare(state, action, event_rng(seed, seq)))
    assert seen_private == set(range(len(names))), f"{slug}: a private entry for every seat on its phone"


def test_a_score_pad_phone_enters_its_own_seat_s_score():
    """Issue 19: « Each phone can enter its own seat's round score »: the phone draws its seat's score form
    (a public move of that seat), and nothing for another seat."""
    game = find_game("score-pad")
    setup = game.setup(game.validate_options({"game_name": "Azul", "players": 3}), random.Random(1))
    state = game.initial_state(setup.record, ["Léa", "Sam", "Zoé"])
    for seat in range(3):
        _panels, actions = seat_content(game, state, seat)
        assert [(a.type, a.seat) for a in actions] == [("score", seat)]
        assert [f.default for f in actions[0].fields if f.key == "seat"] == [seat]


def test_the_examples_in_app_net_hold():
    assert doctest.testmod(net, optionflags=doctest.ELLIPSIS).failed == 0


def test_a_page_on_one_match_skips_the_other_matches_news():
    """A write on match 3 wakes the pages showing match 3 (host screen, its review, a seat's or the table's
    page, whose links name the match by its code) and the pages not on one match (home, history...); a
    page on match 4 stays asleep.  News of no match in particular (a player renamed) reaches every page."""
    codes = {"Ab_c-9": 3, "x7Kq": 4, "33": 33}.get  # a code is no row id, even when it is digits
    for route in ("/match/3", "/seat/Ab_c-9/tok3n", "/table/Ab_c-9", "/history/3", "/match/3/", "/", "/history",
                  "/stats/player/4", "/players", "/new/robby-solo", "/seat/unknown/tok3n"):
        assert net.concerns(route, 3, codes), route
        assert net.concerns(route, None, codes), route
    for route in ("/match/4", "/seat/x7Kq/tok3n", "/table/x7Kq", "/history/4", "/match/33", "/seat/33/x",
                  "/table/33"):
        assert not net.concerns(route, 3, codes), route


def test_a_phone_sleeps_through_the_other_tables_events_and_wakes_at_its_own(tmp_path):
    """The real waker of a page (``app.main.waker``): a seat's phone and the table code's page of match
    ``a`` redraw at ``a``'s writes and not at ``b``'s (at a club's night, every seat's phone redrew at every
    table's every event); the match a code names is read from the database once."""
    import asyncio
    from types import SimpleNamespace

    from app import shared
    from app.main import waker
    from bench.common import run_apart
    from db.store import Store

    store = Store(f"sqlite:///{tmp_path / 'compagnon.db'}")  # read from the page's loop, in a thread of its own
    ids = [store.add_player(n).id or 0 for n in ("Ange", "Bébert", "Carlo", "Dédé")]
    a, b = (store.create_match("traction-avant", {"players": 4}, ids, seed=s) for s in ("a", "b"))
    code = store.load(a).code
    routes = (f"/seat/{code}/{store.issue_seat_token(a, 1)}", f"/table/{code}")
    lookups: list[str] = []
    real = store.match_id_for_code
    store.match_id_for_code = lambda c: lookups.append(c) or real(c)  # type: ignore[method-assign]

    async def on_the_pages_loop(route: str) -> list[tuple[bool, int]]:
        """What each write does to the page: (woken, its data version), on the page's own loop."""
        data = SimpleNamespace(value=0)
        wake = waker(SimpleNamespace(route=route), SimpleNamespace(store=store, data=data, route=route),
                     asyncio.get_running_loop())
        said = []
        for match_id in (b, b, b, a, None):  # another table thrice, its own table, news of no one match
            said.append((wake(match_id), data.value))
        return said

    shared.written()
    for route in routes:
        assert run_apart(on_the_pages_loop(route)) == [(False, 0)] * 3 + [(True, 1), (True, 2)], route
    assert lookups == [code]  # read once, for both pages and every write


def test_the_pages_share_one_read_until_the_next_write():
    from app import shared

    reads: list[int] = []

    def load() -> int:
        reads.append(1)
        return len(reads)

    shared.written()
    assert [shared.read(("test", 1), load) for _ in range(5)] == [1] * 5  # six pages, one database read
    assert shared.read(("test", 2), load) == 2  # another match: its own read
    shared.written()
    assert shared.read(("test", 1), load) == 3  # a write: read again


def test_a_read_that_a_write_overtook_is_not_kept():
    from app import shared

    def overtaken() -> str:
        shared.written()  # a write commits while this page was reading
        return "old"

    shared.written()
    assert shared.read(("test", 3), overtaken) == "old"
    assert shared.read(("test", 3), lambda: "new") == "new"


def test_a_failed_read_is_not_kept():
    from app import shared

    def fails() -> int:
        raise ValueError("no such match: 9")

    shared.written()
    with pytest.raises(ValueError, match="no such match: 9"):
        shared.read(("test", 9), fails)
    assert shared.read(("test", 9), lambda: 9) == 9


def test_the_examples_in_app_shared_hold():
    from app import shared

    assert doctest.testmod(shared).failed == 0


def test_a_phone_finds_its_own_seat_among_the_shared_links_and_loses_it_at_the_write_that_revokes_it():
    """``seat_of``: the store opens a link once (and notes its first use); after that every phone of the table
    finds its seat in the match's active links, read once per write for all of them.  A seat is found only
    by its own token, and a revoked link opens nothing from the next write on."""
    from types import SimpleNamespace

    from app import shared
    from app.screens.table import seat_of
    from db.store import Store

    store = Store("sqlite://")
    ids = [store.add_player(n).id or 0 for n in ("Ange", "Bébert", "Carlo", "Dédé")]
    match = store.create_match("traction-avant", {"players": 4}, ids, seed="seats")
    tokens = [store.issue_seat_token(match, seat) for seat in range(4)]
    asked: list[str] = []
    for name in ("seat_for_token", "seat_links"):
        real = getattr(store, name)
        setattr(store, name, lambda *a, real=real, name=name, **kw: asked.append(name) or real(*a, **kw))
    app = SimpleNamespace(store=store)
    phones = [SimpleNamespace(current=False) for _ in tokens]
    shared.written()
    assert [seat_of(app, match, tok, ref) for tok, ref in zip(tokens, phones, strict=True)] == [0, 1, 2, 3]
    assert asked == ["seat_for_token"] * 4 and store.seat_links(match)[2][1]  # first use noted
    asked.clear()
    shared.written()  # the next write: one read of the links for the four phones
    assert [seat_of(app, match, tok, ref) for tok, ref in zip(tokens, phones, strict=True)] == [0, 1, 2, 3]
    assert asked == ["seat_links"]
    for stranger in ("forged", tokens[0] + "x", tokens[0][:-1], "é" * 32, ""):
        assert seat_of(app, match, stranger, SimpleNamespace(current=True)) is None
    store.revoke_seat_token(match, 1)
    assert seat_of(app, match, tokens[1], phones[1]) == 1  # the links this write's pages read, until...
    shared.written()  # ...the revocation's own write reaches the pages
    assert seat_of(app, match, tokens[1], phones[1]) is None and not phones[1].current
    assert [seat_of(app, match, tokens[s], phones[s]) for s in (0, 2, 3)] == [0, 2, 3]


def test_a_write_at_one_table_keeps_what_the_other_tables_read_and_drops_its_own():
    """A club's night: a write to one match drops what was read of that match (its load, its links, its
    seats, its panels) and what was read for no one match, never another table's; a write to no one match
    (a player renamed, a restore) drops everything.  A revoked link stops opening at its match's write."""
    from types import SimpleNamespace

    from app import shared
    from app.screens.table import seat_of
    from db.store import Store

    store = Store("sqlite://")
    ids = [store.add_player(n).id or 0 for n in ("Ange", "Bébert", "Carlo", "Dédé")]
    a, b = (store.create_match("traction-avant", {"players": 4}, ids, seed=s) for s in ("a", "b"))
    token = store.issue_seat_token(a, 1)
    loads: list[int] = []
    real = store.load
    store.load = lambda m, real=real: loads.append(m) or real(m)  # type: ignore[method-assign]
    app = SimpleNamespace(store=store)
    shared.written()
    first = {m: shared.load_match(app, m) for m in (a, b)}
    in_progress = shared.read(("in_progress", "test"), lambda: "listed")
    assert loads == [a, b] and seat_of(app, a, token, SimpleNamespace(current=False)) == 1

    store.revoke_seat_token(a, 1)
    shared.written(a)  # table a's write
    assert shared.load_match(app, b) is first[b] and loads == [a, b]  # table b: nothing read again
    assert shared.load_match(app, a) is not first[a] and loads == [a, b, a]
    assert seat_of(app, a, token, SimpleNamespace(current=True)) is None  # the revocation is seen at once
    assert shared.read(("in_progress", "test"), lambda: "read again") == "read again" != in_progress

    shared.written(b)
    assert shared.load_match(app, a) is shared.load_match(app, a) and loads == [a, b, a]
    shared.written()  # not one match's write: everything is read again
    shared.load_match(app, a), shared.load_match(app, b)
    assert loads == [a, b, a, a, b]


def test_a_write_wakes_the_data_readers_only_and_tells_the_others_which_match():
    """``AppState.changed`` bumps the data version, which only the screens reading the database watch
    (``use_data``), and a message goes to its banner alone (``Notice``): the page's root (``App``,
    ``Layout``, watching ``AppState``) is re-rendered by neither."""
    from app.state import AppState

    sent: list[object] = []
    app = AppState(store=None, broadcast=sent.append)  # type: ignore[arg-type]
    root_heard: list[object] = []
    data_heard: list[object] = []

    def on_root(_sender: object, field: object) -> None:
        root_heard.append(field)

    def on_data(_sender: object, field: object) -> None:
        data_heard.append(field)

    app.subscribe(on_root)
    app.data.subscribe(on_data)
    app.changed(match_id=3)
    app.changed("phones", 3)
    app.changed()
    assert data_heard == ["value"] * 3 and root_heard == []
    assert sent == [("data", 3), ("phones", 3), ("data", None)]
    notice_heard: list[object] = []

    def on_notice(_sender: object, field: object) -> None:
        notice_heard.append(field)

    app.notice.subscribe(on_notice)  # held here: observables keep their listeners weakly
    app.tell("Saved")
    app.tell("Saved")  # said again: nothing changed, nobody redraws
    app.refuse(ValueError("Non"))
    assert notice_heard == ["message", "message", "is_error"] and root_heard == []
    assert app.message == "Non" and app.notice.is_error


def test_what_the_pages_derive_from_one_state_is_computed_once_and_never_for_another_state():
    from app import shared

    calls: list[object] = []

    def compute(state: dict[str, int]) -> int:
        calls.append(state)
        return state["deck"]

    shared.written()
    one, other = {"deck": 61}, {"deck": 61}  # equal, but another state object
    assert [shared.derived(one, "deck", lambda: compute(one)) for _ in range(7)] == [61] * 7
    assert len(calls) == 1
    assert shared.derived(other, "deck", lambda: compute(other)) == 61 and calls[-1] is other
    other["deck"] = 50
    assert shared.derived(one, "deck", lambda: compute(one)) == 61 and len(calls) == 2


def test_a_tap_for_a_control_the_page_does_not_have_is_told_not_dropped(monkeypatch):
    """A tap kept by a phone's client while it reconnected, arriving at a new page that has no such control
    (the server restarted), is told to that device instead of being dropped (issue 16); control numbers
    start at a random point in each server process.  End to end: tests/browser/test_servers_reconnect.py."""

    from flet.controls.id_counter import ControlId
    from flet.messaging.session import Session

    from app import main

    told: list[object] = []
    monkeypatch.setattr(main, "_lost_tap", told.append)
    monkeypatch.setattr(Session, "dispatch_event", Session.dispatch_event)  # put back after the test
    monkeypatch.setattr(ControlId, "_counter", ControlId._counter)
    main.refuse_lost_taps()
    first = ControlId.next()
    main.refuse_lost_taps()  # installed once: the second call only draws a new starting point
    assert first >= 1000 and ControlId.next() != first + 1 and ControlId.next() < 2**32

    class Page:  # a page whose controls do not include the tapped one
        page = "that page"
        _Session__page = None

        def _Session__resolve_event_control(self, _control_id: int) -> None:
            return None

    run_apart(Session.dispatch_event(Page(), 123, "click", None))  # type: ignore[arg-type]
    assert told == ["that page"]
    run_apart(Session.dispatch_event(Page(), 123, "resize", None))  # type: ignore[arg-type]
    assert told == ["that page"], "a page's own events are no taps"
