"""``compagnon --desktop`` never hangs in silence (issue 20: "prints nothing and hangs (still silent after
40 s)"): without Flet's desktop client and without a network, one line says so within 5 s, then the app
opens in a Chromium ``--app=`` window (a fake ``chromium`` on the PATH records how it was called), or in
the default browser when there is none."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import flet as ft
import pytest

from app import desktop
from tests.browser.conftest import free_port

ROOT = Path(__file__).resolve().parents[1]
#: a proxy nobody listens on: every fetch fails at once, as on a machine without a network
NO_NETWORK = "http://127.0.0.1:9"



def executable(path: Path, body: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"#!/bin/sh\n{body}\n")
    path.chmod(0o755)
    return path


def offline_env(tmp_path: Path, bin_dir: Path) -> dict[str, str]:
    # An old flet_desktop on the path: Flet would reinstall it, as if it were missing (the test does not
    # depend on whether this machine has one).
    old = tmp_path / "site" / "flet_desktop"
    old.mkdir(parents=True)
    (old / "__init__.py").write_text("")
    (old / "version.py").write_text('version = "0.0.1"\n')
    env = {**os.environ, "COMPAGNON_DATA_DIR": str(tmp_path / "data"), "PATH": str(bin_dir),
           "PYTHONPATH": str(tmp_path / "site"), "FLET_FORCE_WEB_SERVER": ""}
    for name in ("HTTPS_PROXY", "HTTP_PROXY", "https_proxy", "http_proxy", "ALL_PROXY", "all_proxy"):
        env[name] = NO_NETWORK
    for name in ("NO_PROXY", "no_proxy", "DATABASE_URL", "PIP_INDEX_URL", "DISPLAY", "WAYLAND_DISPLAY", "BROWSER"):
        env.pop(name, None)
    env["DISPLAY"] = ":97"  # a graphical session (nobody draws there: the window never opens in these tests)
    return env


def lines_of(proc: subprocess.Popen[str]) -> queue.Queue[str]:
    out: queue.Queue[str] = queue.Queue()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            out.put(line.rstrip("\n"))

    threading.Thread(target=read, daemon=True).start()
    return out


def wait_for(out: queue.Queue[str], words: str, seconds: float, seen: list[str]) -> float:
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        try:
            line = out.get(timeout=0.1)
        except queue.Empty:
            continue
        seen.append(line)
        if words in line:
            return time.monotonic() - start
    raise AssertionError(f"no line saying {words!r} within {seconds} s; said: {seen}")


def called(calls: Path, seconds: float = 10.0) -> list[str]:
    """The arguments a fake browser was called with, once its line is written whole (the file exists, empty,
    for a moment before)."""
    deadline = time.monotonic() + seconds
    while not (calls.exists() and calls.read_text().endswith("\n")) and time.monotonic() < deadline:
        time.sleep(0.1)
    return calls.read_text().split()


@pytest.fixture
def compagnon_desktop(tmp_path):
    procs: list[subprocess.Popen[str]] = []

    def start(bin_dir: Path, port: int, more: dict[str, str] | None = None) -> subprocess.Popen[str]:
        bin_dir.mkdir(parents=True, exist_ok=True)
        proc = subprocess.Popen([sys.executable, "-m", "app.main", "--desktop", "--port", str(port)], cwd=ROOT,
                                env={**offline_env(tmp_path, bin_dir), **(more or {})}, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True, start_new_session=True)
        procs.append(proc)
        return proc

    yield start
    for proc in procs:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=20)


def test_offline_without_the_desktop_client_it_says_so_within_5_s_and_opens_a_chromium_app_window(
        tmp_path, compagnon_desktop):
    calls = tmp_path / "chromium-calls.txt"
    bin_dir = tmp_path / "bin"
    executable(bin_dir / "chromium", f'echo "$@" >> {calls}')
    port = free_port()
    started = time.monotonic()
    proc = compagnon_desktop(bin_dir, port)
    out, seen = lines_of(proc), []
    wait_for(out, "cannot be fetched", 5.0, seen)
    assert time.monotonic() - started < 5.0
    said = [line for line in seen if "desktop client" in line]
    assert len(said) == 1 and "browser window" in said[0], seen
    wait_for(out, "opened http://127.0.0.1", 60.0, seen)
    assert called(calls) == [f"--app=http://127.0.0.1:{port}/", "--new-window"]
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as page:  # the app, served
        assert page.status == 200
    assert proc.poll() is None  # and still serving, for the window


def test_without_a_chromium_it_opens_the_default_browser(tmp_path, compagnon_desktop):
    """No Chromium, Chrome or Edge: Python's ``webbrowser`` opens the default browser (here a fake one,
    named by ``BROWSER`` as a desktop session names the person's choice)."""
    calls = tmp_path / "browser-calls.txt"
    bin_dir = tmp_path / "bin"
    browser = executable(tmp_path / "elsewhere" / "firefox", f'echo "$@" >> {calls}')
    port = free_port()
    proc = compagnon_desktop(bin_dir, port, {"BROWSER": str(browser)})
    out, seen = lines_of(proc), []
    wait_for(out, "cannot be fetched", 5.0, seen)
    wait_for(out, "the default browser", 60.0, seen)
    assert called(calls) == [f"http://127.0.0.1:{port}/"]


def test_a_chromium_family_browser_is_found_on_the_path(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(desktop, "BROWSER_PATHS", ())
    assert desktop.browser_for_app_window() is None
    executable(tmp_path / "microsoft-edge", "true")
    assert desktop.browser_for_app_window() == str(tmp_path / "microsoft-edge")
    executable(tmp_path / "google-chrome", "true")
    assert desktop.browser_for_app_window() == str(tmp_path / "google-chrome")  # Chrome before Edge


def test_an_index_behind_a_dead_proxy_is_unreachable_at_once(monkeypatch):
    monkeypatch.setenv("HTTPS_PROXY", NO_NETWORK)
    monkeypatch.setenv("https_proxy", NO_NETWORK)
    started = time.monotonic()
    assert not desktop.reachable("https://pypi.org/simple/flet-desktop/")
    assert time.monotonic() - started < desktop.PROBE_SECONDS + 1


def test_on_a_machine_without_a_display_it_says_so_at_once_and_serves(tmp_path, compagnon_desktop):
    """A headless box (a server, an SSH session): no window can open, whether or not Flet's client could be
    fetched, so it says so in one line within 5 s (before any download) and serves the app for a browser."""
    bin_dir = tmp_path / "bin"
    calls = tmp_path / "chromium-calls.txt"
    executable(bin_dir / "chromium", f'echo "$@" >> {calls}')
    port = free_port()
    started = time.monotonic()
    proc = compagnon_desktop(bin_dir, port, {"DISPLAY": ""})
    out, seen = lines_of(proc), []
    wait_for(out, "no display", 5.0, seen)
    assert time.monotonic() - started < 5.0
    assert not [line for line in seen if "fetching" in line or "cannot be fetched" in line], seen
    wait_for(out, f"Compagnon is running at http://localhost:{port}/", 60.0, seen)
    deadline = time.monotonic() + 60
    while True:  # the line comes as the server starts listening
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as page:
                assert page.status == 200
            break
        except OSError:
            assert time.monotonic() < deadline, "the app was not served within 60 s"
            time.sleep(0.2)
    assert proc.poll() is None
    assert not calls.exists()  # no window tried where none can open


def test_the_desktop_window_keeps_the_start_s_compiled_code_once_its_first_page_is_drawn(monkeypatch):
    """As the browser's start does (``app.main.warm_up``): the code this start compiled is written for the next
    start (app/codecache.py) once the window's first page is drawn, not before it, and the window still opens."""
    first_page = threading.Event()
    events: list[str] = []
    saved = threading.Event()

    def window(main, assets_dir, view) -> None:  # Flet's desktop window: draws its first page, then is closed
        assert view == ft.AppView.FLET_APP
        time.sleep(0.3)
        events.append("first page")
        first_page.set()
        saved.wait(5)

    def save() -> bool:
        events.append("saved")
        saved.set()
        return True

    monkeypatch.setattr(desktop.ft, "run", window)
    monkeypatch.setattr(desktop.codecache, "save", save)
    assert desktop.run_desktop(lambda page: None, "assets", first_page)
    assert events == ["first page", "saved"]
