"""Browser tests: the real app served on localhost, driven in the system Chromium.

Flutter draws on a canvas; its accessibility tree (turned on by clicking
``flt-semantics-placeholder``) exposes controls by role and accessible name.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("COMPAGNON_SHOTS", ROOT / "build" / "screenshots"))
CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``compagnon --no-browser`` in its own process group, with its own data folder."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = data_dir / "server.log"

    def start(self) -> None:
        env = {**os.environ, "COMPAGNON_DATA_DIR": str(self.data_dir), "FLET_FORCE_WEB_SERVER": "1"}
        env.pop("DATABASE_URL", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "app.main", "--port", str(self.port), "--no-browser"],
            cwd=ROOT, env=env, stdout=self.log.open("ab"), stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                with urllib.request.urlopen(self.url, timeout=1) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.3)
        raise RuntimeError(f"server did not start: {self.log.read_text()[-2000:]}")

    def kill(self, sig: int = signal.SIGTERM) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, sig)
            self.proc.wait(timeout=20)


@pytest.fixture
def server(tmp_path) -> Iterator[Server]:
    s = Server(tmp_path)
    s.start()
    yield s
    s.kill(signal.SIGKILL)


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


class UI:
    """A person at the screen: find things by what they say, click, type, look."""

    def __init__(self, page, base: str) -> None:
        self.page, self.base = page, base

    def open(self, path: str = "/") -> UI:
        self.page.goto(self.base + path)
        self.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
        self.page.locator("flt-semantics-placeholder").evaluate("e => e.click()")
        self.page.wait_for_timeout(800)
        return self

    def button(self, name: str, exact: bool = False):
        return self.page.get_by_role("button", name=re.compile(re.escape(name)) if not exact else name).first

    def click(self, name: str, exact: bool = False) -> None:
        b = self.button(name, exact)
        b.wait_for(timeout=15_000)
        b.click()
        self.page.wait_for_timeout(500)

    def fill(self, label: str, text: str) -> None:
        box = self.page.get_by_role("textbox", name=re.compile(re.escape(label))).first
        box.wait_for(timeout=15_000)
        box.fill(text)
        self.page.wait_for_timeout(300)

    def see(self, text: str, timeout: int = 15_000) -> None:
        self.page.get_by_text(text, exact=False).first.wait_for(timeout=timeout)

    def sees(self, text: str) -> bool:
        return self.page.get_by_text(text, exact=False).count() > 0

    def check(self, name: str) -> None:
        box = self.page.get_by_role("checkbox", name=re.compile(re.escape(name))).first
        box.wait_for(timeout=15_000)
        box.click()
        self.page.wait_for_timeout(400)

    def choose(self, label: str, option: str) -> None:
        """Open a dropdown by its label and pick an option."""
        box = self.page.get_by_role("combobox", name=re.compile(re.escape(label))).first
        if box.count() == 0:
            box = self.page.get_by_role("textbox", name=re.compile(re.escape(label))).first
        box.click()
        self.page.wait_for_timeout(400)
        self.page.get_by_role("menuitem", name=re.compile(re.escape(option))).first.click()
        self.page.wait_for_timeout(400)

    def shot(self, name: str) -> Path:
        SHOTS.mkdir(parents=True, exist_ok=True)
        self.page.wait_for_timeout(600)
        path = SHOTS / f"{name}.png"
        self.page.screenshot(path=str(path))
        return path

    def text(self) -> str:
        return str(self.page.locator("flt-semantics-host").inner_text())


@pytest.fixture
def ui(server, browser):
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    yield UI(page, server.url)
    ctx.close()


@pytest.fixture
def new_ui(server, browser):
    """Open more pages (other devices) on the same server."""
    contexts = []

    def make(width: int = 390, height: int = 844) -> UI:
        ctx = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(ctx)
        return UI(ctx.new_page(), server.url)

    yield make
    for c in contexts:
        c.close()
