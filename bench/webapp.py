"""The real app served on loopback with a match at the table, and the devices that watch it.

Reuses the browser tests' :class:`Server`, :class:`UI`, Chromium path and launch ``ARGS``
(tests/browser/conftest.py).  The match is written into the server's data folder before it
starts: a Robby Solo match for six players, the table's host page on a desktop-sized window
and six phone pages, each a browser context of its own (a separate device to the server).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from db.store import Store
from tests.browser.conftest import ARGS, CHROMIUM, ROOT, UI, Server

PLAYERS = ("Léa", "Sam", "Ana", "Max", "Zoé", "Hugo")


def prepare_match(data_dir: Path) -> int:
    """Six players and a Robby Solo match for them, in the data folder's database."""
    store = Store(f"sqlite:///{data_dir / 'compagnon.db'}")
    ids = [store.add_player(n).id or 0 for n in PLAYERS]
    match_id = store.create_match("robby-solo", {"players": 6}, ids, seed="bench")
    store.engine.dispose()
    return match_id


class Launched(Server):
    """The browser tests' server, for any module, polled every 20 ms (start-up is what is measured)."""

    def __init__(self, data_dir: Path, module: list[str], env: dict[str, str] | None = None) -> None:
        super().__init__(data_dir)
        self.module = module
        self.env = env or {}  # e.g. DATABASE_URL (removed otherwise, as the browser tests do)

    def start(self) -> None:
        env = {**os.environ, "COMPAGNON_DATA_DIR": str(self.data_dir), "FLET_FORCE_WEB_SERVER": "1"}
        env.pop("DATABASE_URL", None)
        env.update(self.env)
        self.proc = subprocess.Popen(
            [sys.executable, *self.module, "--port", str(self.port), "--no-browser"],
            cwd=ROOT, env=env, stdout=self.log.open("ab"), stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.time() + 120
        while time.time() < deadline:
            try:
                with urllib.request.urlopen(self.url, timeout=1) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.02)
        raise RuntimeError(f"server did not start: {self.log.read_text()[-2000:]}")


@contextmanager
def served(data_dir: Path, module: list[str] | None = None) -> Iterator[tuple[Server, int]]:
    """The app (or ``module``, e.g. a variant of it), serving a database that holds one match;
    killed at the end."""
    match_id = prepare_match(data_dir)
    server = Launched(data_dir, module) if module else Server(data_dir)
    server.start()
    try:
        yield server, match_id
    finally:
        server.kill(signal.SIGKILL)


@contextmanager
def chromium() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"Chromium not found at {CHROMIUM}: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


#: Notes when the page's WebSocket last received a message from the server (``window.__wsIn``, ms)
#: and how many bytes it has received (``window.__wsBytes``).
WS_PROBE = """(() => {
    const Native = window.WebSocket;
    window.__wsIn = 0;
    window.__wsBytes = 0;
    class Probed extends Native {
        constructor(...args) {
            super(...args);
            this.addEventListener('message', (e) => {
                window.__wsIn = Date.now();
                const d = e.data;
                window.__wsBytes += d.size ?? d.byteLength ?? d.length ?? 0;
            });
        }
    }
    window.WebSocket = Probed;
})();"""


def device(browser: Any, base: str, phone: bool = True, probe: bool = False) -> UI:
    """A new device: its own browser context (cookies, session, connection).

    ``probe``: note the arrival of every WebSocket message from the server (see :data:`WS_PROBE`).
    """
    size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 800}
    context = browser.new_context(viewport=size)
    if probe:
        context.add_init_script(WS_PROBE)
    return UI(context.new_page(), base)


def open_match(ui: UI, match_id: int) -> UI:
    ui.open(f"/match/{match_id}")
    ui.see(f"Robby Solo #{match_id}", timeout=60_000)
    return ui
