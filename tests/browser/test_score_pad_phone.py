"""A score pad's phones (issue 19: « Each phone can enter its own seat's round score »): the phone of a
seat draws that seat's score form, enters its points, and the host's screen shows them live; the host may
still enter a seat's points itself (a score is no secret), and a phone shows no form of another seat."""

from __future__ import annotations

import signal

import pytest

from tests.browser.conftest import UI, Server, real_errors

pytestmark = pytest.mark.browser


def test_each_phone_enters_its_own_seat_s_round_score(tmp_path, browser):
    from db.store import HOST, Store

    url = f"sqlite:///{tmp_path / 'pad.db'}"
    store = Store(url)
    ids = [store.add_player(n).id or 0 for n in ("Léa", "Sam", "Zoé")]
    match = store.create_match("score-pad", {"game_name": "Azul", "players": 3}, ids)
    store.record(match, {"type": "round", "points": [3, 4, 5]}, HOST)
    code = store.load(match).code
    token = store.issue_seat_token(match, 1)
    server = Server(tmp_path)
    server.database = url
    contexts = []
    try:
        server.start()

        def device(path: str) -> UI:
            contexts.append(browser.new_context(viewport={"width": 390, "height": 844}))
            return UI(contexts[-1].new_page(), server.url).open(path)

        sam = device(f"/seat/{code}/{token}")
        sam.see("Mes points")
        assert "Léa" not in [line for line in sam.text().splitlines() if "Mes points" in line]
        sam.fill("Points", "12")
        sam.click("Mes points")
        for _ in range(100):  # at most 20 s for the phone's event to be recorded
            if len(store.load(match).events) == 2:
                break
            sam.page.wait_for_timeout(200)
        event = store.load(match).events[-1]
        assert (event["type"], event["seat"], event["points"]) == ("score", 1, 12)
    finally:
        for ctx in contexts:
            ctx.close()
        server.kill(signal.SIGKILL)
        store.engine.dispose()
    said = server.log.read_text(errors="replace")
    assert not real_errors(said), real_errors(said)
