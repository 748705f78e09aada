"""The table on the network (issue #7): one host screen and three phones, each its own browser context.

Traction-Avant: the host links the phones with QR codes; three gangs write their secret orders after a
heist on their own phones, two of them at the same moment; the host and the other phones learn who has
written, never what (neither on screen nor in the data the server sends them); the last order reveals
them all at once everywhere, and no order can be changed after. A fourth browser with a forged, an old
(revoked) or another match's link sees nothing; with the table code it asks for the free seat and the
host confirms. The server is then killed (SIGKILL) and started again: the phones come back by themselves
with nothing lost, and the match goes on live.

Les Apaches de Paris: a bourgeois has just been drawn; the holder looks at it on their phone; only that
phone shows what it is.

The matches are prepared through the store (tests/browser/network_prep.py) up to the secret moments.
"""

from __future__ import annotations

import re
import signal

import pytest

from scoring.core.words import de
from scoring.games.apaches.rules import BOURGEOIS_VALUE
from tests.browser.conftest import SHOTS, UI, Server
from tests.browser.network_prep import APACHES, prepare

pytestmark = pytest.mark.browser

NOTE = {"Ange": "Planque rue Lepic", "Bébert": "Rafale depuis la traction", "Carlo": "Repli vers Pigalle"}
SECRET_ORDER = "Ordre secret {} (manche {})"
PUBLIC = "http://192.168.1.12:8550"


class Device(UI):
    """A browser context of its own (one phone, or the host's laptop); like every :class:`UI`, it keeps
    every websocket message the server sends it (:meth:`UI.never_got`)."""

    def __init__(self, browser, base: str, desktop: bool = False) -> None:
        size = {"width": 1280, "height": 800} if desktop else {"width": 390, "height": 844}
        self.context = browser.new_context(viewport=size)
        super().__init__(self.context.new_page(), base)
        DEVICES.append(self)


DEVICES: list[Device] = []
#: each prepared match's unguessable code (the phones' links name a match by it, not by its id)
CODES: dict[int, str] = {}


@pytest.fixture
def table(request, tmp_path, monkeypatch):
    # The address a home network would give the host (as `--public-url` does): the QR codes and the
    # links under them carry it; the phones here follow the same paths on loopback.
    monkeypatch.setenv("COMPAGNON_PUBLIC_URL", PUBLIC)
    ta, ap, draw = prepare(tmp_path)
    from db.store import Store

    store = Store(f"sqlite:///{tmp_path / 'compagnon.db'}")
    CODES.clear()
    CODES.update({m: store.load(m).code for m in (ta, ap)})
    store.engine.dispose()
    server = Server(tmp_path)
    server.start()
    DEVICES.clear()
    yield server, ta, ap, draw
    rep = getattr(request.node, "rep_call", None)
    for i, device in enumerate(DEVICES):
        if rep is not None and rep.failed:  # what each device showed, and said
            device.shot(f"FAILED-network-{i}")
            (SHOTS / f"FAILED-network-{i}.txt").write_text(device.text())
        device.context.close()
    server.kill(signal.SIGKILL)


def until(ok, ui: UI, timeout_ms: int = 20_000) -> None:
    for _ in range(timeout_ms // 250):
        if ok():
            return
        ui.page.wait_for_timeout(250)
    assert ok()


def in_view(ui: UI, text: str, top: int = 70) -> None:
    """Scroll ``text`` to ``top`` pixels from the top of the screen (for a screenshot)."""
    title = ui._has(text).last
    ui.in_clear(ui.reach(title))
    box = title.bounding_box()
    if box:
        ui.page.mouse.wheel(0, box["y"] - top)
        ui.settle()


def seat_links(host: UI, match_id: int, last: str) -> dict[str, str]:
    """The seat links written under the host's QR codes (path only), by player."""
    host.see(f"Code {de(last)}")
    code = re.escape(CODES[match_id])
    found = re.findall(rf"Code (?:de |d')(\S+)\n({re.escape(PUBLIC)}(/seat/{code}/[\w-]+))", host.text())
    return {name: path for name, _url, path in found}


def write_order(phone: UI, name: str, fields: dict[str, str], target: str | None) -> None:
    for label, value in fields.items():
        phone.fill(label, value)
    phone.fill("Précisions", NOTE[name])
    if target:
        box = phone.page.get_by_role("checkbox", name=target, exact=True).last
        phone.tap(phone.reach(box))


def test_host_and_three_phones_secret_orders_and_a_bourgeois(browser, table):
    server, ta, ap, draw = table
    host = Device(browser, server.url, desktop=True)
    host.open(f"/match/{ta}")
    host.click("Relier les téléphones")
    links = seat_links(host, ta, "Dédé")
    assert set(links) == {"Ange", "Bébert", "Carlo", "Dédé"} and len(set(links.values())) == 4
    in_view(host, "Code de la table : suivre la partie, demander une place", top=190)
    host.shot("network-host-qr-codes")
    # Dédé has no part in this heist and stays on the host's screen (pass-the-phone): his link is taken back.
    host.click("Dédé revient sur cet appareil")
    host.click("Nouveau code pour Carlo")  # Carlo's first code was photographed by a neighbour: a new one
    old_carlo = links["Carlo"]
    links["Carlo"] = seat_links(host, ta, "Carlo")["Carlo"]
    assert links["Carlo"] != old_carlo

    phones: dict[str, Device] = {}
    for name in ("Ange", "Bébert", "Carlo"):
        phones[name] = Device(browser, server.url).open(links[name])  # type: ignore[assignment]
        phones[name].see(SECRET_ORDER.format(de(name), 1))
    ange, bebert, carlo = phones["Ange"], phones["Bébert"], phones["Carlo"]
    host.see("Carlo : téléphone relié")  # the host hides a code once its phone has opened it
    ange.shot("network-phone-order-form")

    # A fourth browser: a forged link, Dédé's revoked one, Carlo's old one, Ange's on another match: nothing.
    intruder = Device(browser, server.url)
    elsewhere = links["Ange"].replace(f"/{CODES[ta]}/", f"/{CODES[ap]}/")
    for path in (f"/seat/{CODES[ta]}/{'A' * 32}", links["Dédé"], old_carlo, elsewhere):
        intruder.open(path)
        intruder.see("Ce lien n'ouvre aucune place")
        assert "Casse" not in intruder.text() and "Ordre secret" not in intruder.text()
    refusals = server.log.read_text().count("refused access to match")
    assert refusals >= 4, "every refused link is logged"
    assert links["Ange"].rsplit("/", 1)[1] not in server.log.read_text(), "the log never holds a usable token"

    # Ange and Bébert write their orders and send them at the same moment: both are kept.
    write_order(ange, "Ange", {"Colts tirés": "2"}, "Bébert")
    write_order(bebert, "Bébert", {"Stens utilisées": "1", "Balles de Sten tirées": "3"}, "Ange")
    buttons = []
    for phone, name in ((ange, "Ange"), (bebert, "Bébert")):
        button = phone.reach(phone.button(SECRET_ORDER.format(de(name), 1)))
        phone.in_clear(button)
        phone.settle()
        buttons.append(button)
    for button in buttons:
        button.click(no_wait_after=True)
    for phone, name in ((ange, "Ange"), (bebert, "Bébert")):
        phone.see("Votre ordre secret")
        phone.see(f"« {NOTE[name]} »")
    until(lambda: host.text().count("écrit, secret") == 2, host)
    host.see("Carlo : réponse attendue sur son téléphone")
    for screen in (host, carlo, intruder):
        assert screen.never_got(NOTE["Ange"]) and screen.never_got(NOTE["Bébert"])
    assert ange.never_got(NOTE["Bébert"]) and bebert.never_got(NOTE["Ange"])
    ange.shot("network-phone-private-view")

    # Carlo's order is the last: every order shows at once, on every screen.
    write_order(carlo, "Carlo", {"S'enfuir : tractions utilisées (4 hommes max. chacune)": "1"}, None)
    carlo.click(SECRET_ORDER.format(de("Carlo"), 1))
    for screen in (host, ange, bebert, carlo):
        screen.see("Casse de la banque 1 · manche 1 · ordres révélés")
        screen.see(f"Colt ×2 · cibles : Bébert · « {NOTE['Ange']} »")
        screen.see(f"Sten ×1 (3) · cibles : Ange · « {NOTE['Bébert']} »")
    assert not ange.sees("Changer l'ordre secret"), "no order changes after the reveal"

    # The host's machine dies mid-match and starts again: the phones come back by themselves, nothing lost.
    host.reconnects(lambda: (server.kill(signal.SIGKILL), server.start()))
    host.click("Nouvelle manche de combat (nouveaux ordres secrets)")
    for name, phone in phones.items():
        phone.see(SECRET_ORDER.format(de(name), 2), timeout=40_000)
    host.see("Casse de la banque 1 · manche 2 · ordres secrets")

    # The table code: the fourth browser asks for the free seat, the host confirms, it lands there.
    intruder.open(f"/table/{CODES[ta]}")
    intruder.click("Prendre la place de Dédé")
    intruder.see("Demande envoyée")
    host.click("Confirmer")
    intruder.see("Place de Dédé")
    intruder.see("À vous de saisir")  # Dédé's own moves (a transfer he gives...); no order: not in this heist
    assert not intruder.sees(SECRET_ORDER.format(de("Dédé"), 2))

    # Les Apaches de Paris: a bourgeois just drawn; its holder looks at it on their phone only.
    host.open(f"/match/{ap}")
    host.click("Relier les téléphones")
    links = seat_links(host, ap, APACHES[-1])
    holder = APACHES[int(draw["winner"])]
    devices = dict(zip(APACHES, (ange, bebert, carlo), strict=True))
    for name, phone in devices.items():
        phone.open(links[name])
        phone.see(f"Place {de(name)}")
    devices[holder].click("Regarder mon bourgeois")
    devices[holder].see("Vos bourgeois (secret)")
    shown = "l'agent de ville !" if draw["token"] == "policeman" else f"+{BOURGEOIS_VALUE} F"
    devices[holder].see(shown)
    host.see(f"{holder} joue sur son téléphone")
    for name, screen in [("host", host), *devices.items()]:
        if name != holder:
            assert screen.never_got("Vos bourgeois (secret)"), f"{name} must not see {holder}'s bourgeois"
