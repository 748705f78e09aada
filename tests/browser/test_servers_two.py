"""One history, two servers, a phone on each (issue 16): two ``compagnon`` processes on one database (one
SQLite file, and one PostgreSQL database, the documented club set-up); the host's device on server A
records a round, and a phone with the table code on server B shows it live, without a reload.
(``tests/test_trust_servers.py`` shows the store's side; this is what the people at the table see.)"""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from tests.browser.conftest import UI, Server, real_errors

pytestmark = pytest.mark.browser


class OnDatabase(Server):
    """``compagnon`` on a given database (``DATABASE_URL``), with a log of its own."""

    def __init__(self, data_dir: Path, database: str, name: str) -> None:
        super().__init__(data_dir)
        self.database = database
        self.log = data_dir / f"server-{name}.log"


def test_a_tap_on_one_servers_phone_shows_live_on_the_other_servers_phone(db_url, tmp_path, browser):
    from db.store import HOST, Store

    store = Store(db_url)
    ids = [store.add_player(n).id or 0 for n in ("Léa", "Sam")]
    match = store.create_match("score-pad", {"game_name": "Azul", "players": 2}, ids)
    store.record(match, {"type": "round", "points": [3, 4]}, HOST)
    code = store.load(match).code
    servers = [OnDatabase(tmp_path, db_url, name) for name in "ab"]
    contexts = []
    try:
        for server in servers:
            server.start()
        a, b = servers

        def phone(server: Server, path: str) -> UI:
            contexts.append(browser.new_context(viewport={"width": 390, "height": 844}))
            return UI(contexts[-1].new_page(), server.url).open(path)

        host = phone(a, f"/match/{match}")  # the host's device, on server A
        table = phone(b, f"/table/{code}")  # a phone with the table code, on server B
        table.see("Léa")
        assert not table.sees("3 + 37 = 40")
        host.fill("Léa", "37")
        host.fill("Sam", "1")
        host.click("Manche 2")
        table.see("3 + 37 = 40", timeout=20_000)  # live on the other server's page, without a reload
        assert len(store.load(match).events) == 2
    finally:
        for ctx in contexts:
            ctx.close()
        for server in servers:
            server.kill(signal.SIGKILL)
        store.engine.dispose()
    for server in servers:
        said = server.log.read_text(errors="replace")
        assert not real_errors(said), real_errors(said)
