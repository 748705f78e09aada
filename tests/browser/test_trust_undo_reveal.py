"""Robby Solo: the heist cards are revealed, and the host's Undo can no longer take the reveal back
(issue 16: an undone reveal made the choices every screen had just shown secret, and open to change,
again).  Sam and Zoé chose their banks in secret on their phones; Léa, without a phone, has her bank typed
at the reveal.  Before it, no other screen shows Sam's bank.  Each phone's header names the match by its
game, never by its row id.
"""

from __future__ import annotations

import pytest

from scoring.games.robby_solo.rules import COLOUR_NAMES
from tests.browser.conftest import UI, Server

pytestmark = pytest.mark.browser

PEOPLE = ("Léa", "Sam", "Zoé")


def prepare(data_dir) -> tuple[int, dict[int, str], dict[int, str], str]:
    """Round 1 up to the reveal: the loot laid out, Sam's and Zoé's secret choices made on their phones
    (their links issued), Zoé (the Lady) has declared.  Returns the match id, the links, the secret banks
    and the bank Léa robs (typed at the reveal)."""
    from db.store import HOST, Sender, Store

    store = Store(f"sqlite:///{data_dir / 'compagnon.db'}")
    ids = [store.add_player(n).id or 0 for n in PEOPLE]
    mid = store.create_match("robby-solo", {"players": 3}, ids, seed="senders")
    m = store.load(mid)
    banks = m.state["banks"]
    store.record(mid, {"type": "restock", **{c: i + 1 for i, c in enumerate(banks)}}, HOST)
    gentleman = store.load(mid).state["gentleman"]
    assert gentleman == 2, "the seed makes Zoé the Lady"
    tokens = {k: store.issue_seat_token(mid, k) for k in (1, 2)}
    secret = {1: banks[2], 2: banks[3]}
    for k, bank in secret.items():
        store.record(mid, {"type": "choose", f"bank{k}": bank, "seat": k}, Sender(token=tokens[k]))
    store.record(mid, {"type": "declare", "kind": "rob", "bank": secret[2]}, HOST)
    code = store.load(mid).code
    store.engine.dispose()
    return mid, {k: f"/seat/{code}/{t}" for k, t in tokens.items()}, secret, banks[0]


def reveal(data_dir, mid: int, lea: str) -> None:
    """The heist cards turned over: Léa's bank typed by the host (here through the store, from another
    process: the server learns of it as of a second host device's write)."""
    from db.store import HOST, Store

    store = Store(f"sqlite:///{data_dir / 'compagnon.db'}")
    store.record(mid, {"type": "reveal", "bank0": lea}, HOST)
    store.engine.dispose()


def test_a_reveal_cannot_be_undone_and_no_phone_header_names_a_row_id(browser, tmp_path):
    mid, links, secret, lea = prepare(tmp_path)
    server = Server(tmp_path)
    server.start()
    contexts = []
    try:
        def device(width: int, height: int) -> UI:
            ctx = browser.new_context(viewport={"width": width, "height": height})
            contexts.append(ctx)
            return UI(ctx.new_page(), server.url)

        host = device(1280, 900).open(f"/match/{mid}")
        phones = {k: device(390, 844).open(path) for k, path in links.items()}
        for k, phone in phones.items():
            phone.see(f"Place de {PEOPLE[k]}")
            phone.see("Robby Solo")
            assert f"#{mid}" not in phone.text(), "a phone's header never names the match by its row id"
        host.see("Révéler les cartes Braquage")
        # Before the reveal, neither the host nor Zoé sees Sam's secret bank (Zoé's is public: the Lady's
        # declaration must be true).
        colour = COLOUR_NAMES[secret[1]].fr
        for viewer, screen in (("the host", host), ("Zoé", phones[2])):
            lines = [line for line in screen.text().splitlines() if "Sam" in line and colour in line]
            assert not lines, f"Sam's secret bank shows on {viewer}'s screen: {lines}"
        assert f"Ma banque ce tour : {colour}" in phones[1].text(), "Sam sees his own choice"
        reveal(tmp_path, mid, lea)
        for screen in (host, *phones.values()):
            screen.see("Manche 1 : révélation")
            screen.see(f"Sam braque seul la banque {colour}")
        # Every screen has shown every choice: Undo no longer takes the reveal back (it would make them
        # secret, and open to change, again for people who have seen them all).
        undo = host.page.locator('[aria-label="Annuler le dernier événement"] [role="button"]').first
        undo.wait_for(state="attached")
        host.settle()
        assert undo.get_attribute("aria-disabled") == "true", "the host's Undo is off after a reveal"
        # and the host is told why, under the match's title (a greyed button said nothing of it)
        host.see("« Cartes Braquage révélées : ")
        host.see("» ne s'annule pas : ce qu'il a montré ou tiré au sort ne se reprend pas")
    finally:
        for ctx in contexts:
            ctx.close()
        server.kill()
