"""Pages whose device went away are released within minutes (issue 16): ``compagnon --session-timeout``
(default :data:`app.main.SESSION_TIMEOUT`, 2 minutes) sets Flet's session timeout, which Flet 1.0.5 leaves
at an hour by default (600 short visits held some 90 MB).  Run here with a 2-second timeout: Flet looks
for expired pages every 10 s, and says so in its log (``FLET_LOG_LEVEL=info``)."""

from __future__ import annotations

import re
import signal
import time

import pytest

from app.main import SESSION_TIMEOUT
from tests.browser.conftest import UI, Server, real_errors

pytestmark = pytest.mark.browser

TIMEOUT = 2
CHECKED_EVERY = 10  # Flet's own eviction loop (flet_web.fastapi.flet_app_manager)


class ShortSessions(Server):
    extra_args = ("--session-timeout", str(TIMEOUT))


def left(log: str) -> list[int]:
    """How many pages Flet still held after each release ("Delete session (N left)")."""
    return [int(n) for n in re.findall(r"Delete session \((\d+) left\)", log)]


def test_pages_of_devices_gone_are_released_within_the_timeout(tmp_path, browser, monkeypatch):
    assert SESSION_TIMEOUT <= 300, "released within minutes"
    monkeypatch.setenv("FLET_LOG_LEVEL", "info")
    server = ShortSessions(tmp_path)
    server.start()
    try:
        stays = browser.new_context()
        kept = UI(stays.new_page(), server.url).open("/")
        visits = 5
        for _ in range(visits):  # short visits: a page opened, then its tab closed
            ctx = browser.new_context()
            UI(ctx.new_page(), server.url).open("/")
            ctx.close()
        gone = time.monotonic()
        deadline = gone + TIMEOUT + CHECKED_EVERY + 20  # + the loaded machine's slack
        while time.monotonic() < deadline and len(left(server.log.read_text())) < visits:
            time.sleep(0.5)
        released = left(server.log.read_text())
        assert len(released) == visits, f"{len(released)} of {visits} closed pages released"
        assert released[-1] == 1, "the page still open keeps its session"
        # ...and it still works: a tap there re-renders it.
        kept.click("EN", exact=True)
        kept.see("New match")
        stays.close()
        while time.monotonic() < deadline + 15 and left(server.log.read_text())[-1] != 0:
            time.sleep(0.5)
        assert left(server.log.read_text())[-1] == 0, "every page is released once its device is gone"
    finally:
        server.kill(signal.SIGKILL)
    said = server.log.read_text(errors="replace")
    assert not real_errors(said), real_errors(said)
