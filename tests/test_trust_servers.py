"""One history, many servers (issue 16, item 5): a server's pages learn of another server's writes on the
same database (``Store.watch`` wired into ``app.shared``): what the pages kept is dropped and every page
showing that match is woken (it re-renders, re-reading the database)."""

from __future__ import annotations

import threading

from app import shared
from db.store import HOST, Store


def test_a_write_by_another_server_wakes_this_servers_pages(tmp_path):
    url = f"sqlite:///{tmp_path / 'compagnon.db'}"
    here, there = Store(url), Store(url)
    ids = [here.add_player(n).id for n in ("Léa", "Sam")]
    mid = here.create_match("score-pad", {"game_name": "Azul", "players": 2}, ids)
    woken: list[int | None] = []
    heard = threading.Event()

    def wake(match_id: int | None) -> None:
        woken.append(match_id)
        if match_id == mid:
            heard.set()

    page = object()
    forget = shared.on_other_server(page, wake)
    stop = here.watch(shared.other_server_wrote)
    try:
        shared.written()
        assert shared.read(("events", mid), lambda: len(here.load(mid).events)) == 0
        there.record(mid, {"type": "round", "points": [3, 4]}, HOST)  # the other server's write
        assert heard.wait(10), f"this server's page was not woken (heard {woken})"
        # what the pages kept is gone: the next read sees the other server's event
        assert shared.read(("events", mid), lambda: len(here.load(mid).events)) == 1
        forget()
        heard.clear()
        there.record(mid, {"type": "round", "points": [1, 2]}, HOST)
        assert not heard.wait(1.5), "a closed page is not woken"
    finally:
        stop()
        here.engine.dispose()
        there.engine.dispose()
