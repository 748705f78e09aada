"""Security end to end, from a phone on a network of its own (issue 16): the phone's Chromium runs in a
network namespace (``.ci/netns.sh``, 198.51.100.0/24) and reaches the server from a real, non-loopback
address, or through a bare TCP forwarder on the host machine that makes it look like 127.0.0.1.

- A forwarder without ``X-Forwarded-For`` gives a phone no host rights (the address it asked for names
  the forwarder); the host link still works through it.
- From a real address a phone plays its own seat only; a revoked link loses its form at once and writes
  nothing; the table code draws no button but the seat requests; finished, abandoned and forged links
  show nothing; the phone never receives another seat's secret, neither on screen nor in any frame.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator

import pytest

from scoring.core.words import de
from tests.browser.conftest import ARGS, UI, ReducedMotion, Server, real_errors
from tests.browser.netns_phone import Forwarder, PhoneNet, make, remove
from tests.browser.network_prep import prepare
from tests.browser.test_network import NOTE, SECRET_ORDER, write_order

pytestmark = pytest.mark.browser

GUEST = "Cet appareil rejoint une partie"
BAD_LINK = "Ce lien n'ouvre aucune place"
HOST_HOME = "Nouvelle partie"


@pytest.fixture(scope="module")
def phone_net(tmp_path_factory) -> Iterator[PhoneNet]:
    net = make(tmp_path_factory.mktemp("netns"))
    try:
        yield net
    finally:
        remove(net)


@pytest.fixture(scope="module")
def phones(chromium, phone_net):
    """A Chromium inside the phone's namespace (each test opens its own contexts: one per phone)."""
    b = chromium.browser_type.launch(executable_path=str(phone_net.chromium), args=ARGS)
    yield ReducedMotion(b, "reduce")
    b.close()


class Phone(UI):
    """A phone: a browser context of its own (every :class:`UI` keeps the frames the server sent it)."""

    def __init__(self, browser, base: str) -> None:
        self.context = browser.new_context(viewport={"width": 390, "height": 844})
        super().__init__(self.context.new_page(), base)

    def buttons(self) -> list[str]:
        return [str(n) for n in self.page.get_by_role("button").evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label') || e.textContent || '')")]


class ServerOn(Server):
    """``compagnon`` listening on one address (the phone's network's end) instead of loopback."""

    def __init__(self, data_dir, address: str) -> None:
        super().__init__(data_dir)
        self.extra_args = ("--host", address)
        self.url = f"http://{address}:{self.port}"


def no_errors(server: Server) -> None:
    errors = real_errors(server.log.read_text(errors="replace"))
    assert not errors, "\n\n".join(errors)[:4000]


def _score_pad(tmp_path):
    from db.store import HOST, Store

    store = Store(f"sqlite:///{tmp_path / 'compagnon.db'}")
    ids = [store.add_player(n).id or 0 for n in ("Léa", "Sam")]
    running = store.create_match("score-pad", {"game_name": "Azul", "players": 2}, ids)
    store.record(running, {"type": "round", "points": [3, 4]}, HOST)
    return store, running


def test_a_phone_through_a_forwarder_on_the_host_gets_no_host_rights(tmp_path, browser, phones, phone_net):
    store, running = _score_pad(tmp_path)
    key = store.host_key()
    store.engine.dispose()
    server = Server(tmp_path)  # the default: listening on loopback only, this machine's browser is the host
    server.start()
    forwarder = Forwarder(phone_net.here, server.port)
    phone = Phone(phones, forwarder.url)
    laptop = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        # The host's own browser on this machine: the host, without the key (the loopback convenience).
        UI(laptop.new_page(), server.url).open("/").see(HOST_HOME)  # type: ignore[func-returns-value]
        # The phone, from 198.51.100.x through the forwarder: the server sees 127.0.0.1, yet no host rights.
        for path in ("/", f"/match/{running}", "/history", "/players", "/host/" + "x" * 43):
            phone.open(path)
            phone.see(GUEST)
            assert not phone.sees(HOST_HOME) and not phone.sees("Historique"), path
        assert forwarder.connections > 0, "the phone went through the forwarder"
        assert phone.never_got("Sam") and phone.never_got("Azul"), "no name of the match reached the phone"
        # The host link works through it (a server reached through a tunnel is usable by its host).
        phone.open(f"/host/{key}")
        phone.see(HOST_HOME)
    finally:
        phone.context.close()
        laptop.close()
        forwarder.close()
        server.kill(signal.SIGKILL)
    no_errors(server)


def test_phones_on_the_network_play_their_own_seat_only(tmp_path, phones, phone_net):
    from db.store import HOST, Store

    ta, _ap, _draw = prepare(tmp_path)  # a Traction-Avant heist waiting for three secret orders
    store = Store(f"sqlite:///{tmp_path / 'compagnon.db'}")
    code = store.load(ta).code
    tokens = {name: store.issue_seat_token(ta, seat) for seat, name in enumerate(("Ange", "Bébert", "Carlo"))}
    players = store.load(ta).player_ids
    finished = store.create_match("score-pad", {"game_name": "Azul", "players": 2}, players[:2])
    store.record(finished, {"type": "round", "points": [3, 4]}, HOST)
    store.record(finished, {"type": "finish"}, HOST)
    finished_link = (store.load(finished).code, store.issue_seat_token(finished, 0))
    store.finish(finished)
    abandoned = store.create_match("score-pad", {"game_name": "Azul", "players": 2}, players[:2])
    abandoned_link = (store.load(abandoned).code, store.issue_seat_token(abandoned, 0))
    store.abandon(abandoned)
    recorded = len(store.load(ta).events)
    server = ServerOn(tmp_path, phone_net.here)
    server.start()
    opened: list[Phone] = []

    def phone() -> Phone:
        opened.append(Phone(phones, server.url))
        return opened[-1]

    try:
        ange, bebert, intruder = phone(), phone(), phone()
        ange.open(f"/seat/{code}/{tokens['Ange']}")
        ange.see(SECRET_ORDER.format(de("Ange"), 1))
        # Ange writes her order from her own address: kept.
        write_order(ange, "Ange", {"Colts tirés": "2"}, "Bébert")
        ange.click(SECRET_ORDER.format(de("Ange"), 1))
        ange.see("Votre ordre secret")
        assert len(store.load(ta).events) == recorded + 1

        # Bébert's phone shows Bébert's form alone, and never Ange's note.
        bebert.open(f"/seat/{code}/{tokens['Bébert']}")
        bebert.see(SECRET_ORDER.format(de("Bébert"), 1))
        assert not bebert.sees(SECRET_ORDER.format(de("Ange"), 1))
        assert not bebert.sees(SECRET_ORDER.format(de("Carlo"), 1))
        write_order(bebert, "Bébert", {"Stens utilisées": "1", "Balles de Sten tirées": "3"}, "Ange")
        # The host takes Bébert's link back while his form is open: his phone loses it at once, writes nothing.
        store.revoke_seat_token(ta, 1)
        bebert.see(BAD_LINK, timeout=20_000)
        assert not bebert.sees(SECRET_ORDER.format(de("Bébert"), 1))
        assert len(store.load(ta).events) == recorded + 1

        # The table code: the match's public face, with no button but the seat requests and the languages.
        intruder.open(f"/table/{code}")
        intruder.see("Prendre la place de")
        extra = [b for b in intruder.buttons() if b.strip() and not b.startswith("Prendre la place de")
                 and b.strip() not in ("FR", "EN", "IT", "Français", "English", "Italiano")]
        assert not extra, f"the table code draws no button that writes: {extra}"
        # A finished match, an abandoned one, a forged token, a row id instead of the code: nothing at all.
        for path in (f"/seat/{finished_link[0]}/{finished_link[1]}", f"/table/{finished_link[0]}",
                     f"/seat/{abandoned_link[0]}/{abandoned_link[1]}", f"/table/{abandoned_link[0]}",
                     f"/seat/{code}/{'A' * 32}", f"/table/{ta}"):
            intruder.open(path)
            intruder.see(BAD_LINK)
            assert not intruder.sees("Azul") and not intruder.sees("Léa"), path
        # No phone but Ange's ever received her note: not on screen, not in any frame, not in a refusal.
        for other in (bebert, intruder):
            assert other.never_got(NOTE["Ange"])
        assert ange.never_got(NOTE["Bébert"])
        refused = server.log.read_text()
        assert "refused access to match" in refused and tokens["Bébert"] not in refused
    finally:
        for p in opened:
            p.context.close()
        store.engine.dispose()
        server.kill(signal.SIGKILL)
    no_errors(server)


PHONES = 30
MINUTE = 60.0
EVERY = 4.0  # a round recorded every 4 s: 15 rounds in the minute


def test_thirty_phones_on_one_match_for_a_minute(tmp_path, phone_net):
    """30 phones (Flet's websocket protocol, :mod:`bench.flet_ws`, from the phone's own address) follow one
    match by its table code for a minute while the host records a round every few seconds: every phone
    shows every round's total, and the server stays well."""
    import os
    import subprocess
    import sys
    import time

    from db.store import HOST
    from tests.browser.conftest import ROOT

    store, running = _score_pad(tmp_path)
    code = store.load(running).code
    server = ServerOn(tmp_path, phone_net.here)
    server.start()
    load = subprocess.Popen(
        ["ip", "netns", "exec", phone_net.ns, sys.executable, "-m", "tests.browser.netns_load", server.url,
         f"/table/{code}", str(PHONES)],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        text=True)
    assert load.stdin is not None and load.stdout is not None
    slowest = 0.0
    try:
        said = load.stdout.readline().strip()
        assert said == f"open {PHONES}", said
        start, total, rounds = time.monotonic(), 3, 0
        while time.monotonic() - start < MINUTE:  # bounded: one minute of rounds
            began = time.monotonic()
            store.record(running, {"type": "round", "points": [37, 1]}, HOST)
            total, rounds = total + 37, rounds + 1
            load.stdin.write(f"wait = {total}\n")  # "3 + 37 + … = 40"
            load.stdin.flush()
            said = load.stdout.readline().strip()
            assert said.startswith("ok "), f"round {rounds}: {said or 'the phones stopped'}"
            slowest = max(slowest, float(said.split()[1]))
            time.sleep(max(0.0, EVERY - (time.monotonic() - began)))
        assert rounds >= MINUTE / EVERY - 1, rounds
        assert slowest < 10, f"the slowest phone saw a round {slowest:.1f} s late"
    finally:
        if load.poll() is None:
            load.stdin.write("quit\n")
            load.stdin.flush()
            try:
                load.wait(timeout=30)
            except subprocess.TimeoutExpired:
                load.kill()
        store.engine.dispose()
        server.kill(signal.SIGKILL)
    no_errors(server)
    print(f"{PHONES} phones, {rounds} rounds in a minute, slowest phone {slowest:.2f} s behind")
