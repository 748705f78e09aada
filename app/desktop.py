"""``compagnon --desktop``: one window on this machine, and never a silent wait.

Flet's desktop window needs its desktop client (the ``flet-desktop`` package, which Flet installs with pip
on first use, and which may fetch Flet's Flutter client).  Offline, that install waited in silence for
as long as pip retried.  Here, before asking Flet: if the package is missing and its index cannot be
reached within :data:`PROBE_SECONDS`, one line says so and the app opens instead in a Chromium, Chrome
or Edge ``--app=`` window (a window of its own, without the browser's bars) if one is installed, else in
the default browser; if Flet's own install fails, the same.  While Flet starts its window, a watchdog
says so if no page has opened after :data:`WATCHDOG_SECONDS`.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import webbrowser
from collections.abc import Callable, Mapping
from urllib.parse import urlsplit

import flet as ft
from flet.version import flet_version

from app import codecache
from db.terminal import say as said

#: where pip fetches ``flet-desktop`` from (``PIP_INDEX_URL`` when set)
INDEX = "https://pypi.org/simple/flet-desktop/"
PROBE_SECONDS = 2.0
WATCHDOG_SECONDS = 45.0
#: Chromium-family browsers that open an app window (``--app=URL``): names on the PATH, then usual places
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome",
            "microsoft-edge", "microsoft-edge-stable", "msedge")
BROWSER_PATHS = (
    r"C:\Program Files (x86)\Microsoft\Edge\Application\msedge.exe",
    r"C:\Program Files\Microsoft\Edge\Application\msedge.exe",
    r"C:\Program Files\Google\Chrome\Application\chrome.exe",
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
    "/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge",
)


def say(line: str) -> None:
    print(f"Compagnon: {line}", flush=True)


def has_desktop_client() -> bool:
    """Flet's desktop package is installed, in Flet's own version (else Flet would reinstall it)."""
    try:
        import flet_desktop.version  # type: ignore[import-not-found]
    except Exception:  # noqa: BLE001 - missing, or broken: either way Flet would install it
        return False
    found = getattr(flet_desktop.version, "version", "")
    return not found or found == flet_version


def reachable(url: str, timeout: float = PROBE_SECONDS) -> bool:
    """Whether ``url`` answers within ``timeout`` seconds (through the proxy the environment names, as
    pip would)."""
    try:
        # A new opener: it reads the proxy settings now (``urlopen``'s is built once, at its first use).
        with urllib.request.build_opener().open(urllib.request.Request(url, method="HEAD"), timeout=timeout):
            return True
    except urllib.error.HTTPError:
        return True  # it answered
    except Exception:  # noqa: BLE001 - no network, no proxy, no name: all the same here
        return False


def has_display(platform: str = sys.platform, env: Mapping[str, str] = os.environ) -> bool:
    """Whether a window can open at all: on Linux and the BSDs, only in a graphical session (X11's
    ``DISPLAY`` or Wayland's ``WAYLAND_DISPLAY``); macOS and Windows always have their desktop.

    >>> has_display("linux", {}), has_display("linux", {"WAYLAND_DISPLAY": "wayland-0"}), has_display("win32", {})
    (False, True, True)
    """
    if not platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return True
    return bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))


def can_open() -> bool:
    """Whether Flet's desktop window can be had: a display to open it on, and its client installed or
    fetchable (then it says it is fetching it); else False, having said so in one line."""
    package = f"flet-desktop {flet_version}"
    if not has_display():
        say(said("pas d'écran où ouvrir une fenêtre de bureau (pas de session graphique : DISPLAY et "
                 "WAYLAND_DISPLAY sont vides) : Compagnon est servi pour un navigateur à la place.",
                 "no display to open a desktop window on (no graphical session: DISPLAY and WAYLAND_DISPLAY are "
                 "unset): serving Compagnon for a browser instead.",
                 "nessuno schermo su cui aprire una finestra desktop (nessuna sessione grafica: DISPLAY e "
                 "WAYLAND_DISPLAY sono vuote): Compagnon è servito per un browser invece."))
        return False
    if has_desktop_client():
        return True
    index = os.environ.get("PIP_INDEX_URL", "").rstrip("/") or INDEX.rsplit("/", 2)[0]
    if not reachable(f"{index}/flet-desktop/"):
        say(said(f"le client de bureau de Flet ({package}) n'est pas installé et ne peut pas être téléchargé (pas "
                 "de réseau) : Compagnon s'ouvre dans une fenêtre de navigateur à la place.",
                 f"Flet's desktop client ({package}) is not installed and cannot be fetched (no network): "
                 "opening Compagnon in a browser window instead.",
                 f"il client desktop di Flet ({package}) non è installato e non si può scaricare (nessuna rete): "
                 "Compagnon si apre in una finestra del browser invece."))
        return False
    say(said(f"téléchargement du client de bureau de Flet ({package}), une fois ; cela peut prendre une minute…",
             f"fetching Flet's desktop client ({package}), once; this may take a minute…",
             f"scaricamento del client desktop di Flet ({package}), una volta; può richiedere un minuto…"))
    return True


def run_desktop(main: Callable[[ft.Page], None], assets: str, first_page: threading.Event) -> bool:
    """Open the app in Flet's desktop window; False (having said why) when Flet could not install its
    client after all."""

    def watch() -> None:
        if first_page.wait(WATCHDOG_SECONDS):
            codecache.save()  # what this start compiled, kept for the next one (as the browser's start does)
        else:
            wait = f"{WATCHDOG_SECONDS:.0f}"
            say(said(f"la fenêtre de bureau ne s'est pas ouverte après {wait} s (le client de Flet encore en "
                     "téléchargement, ou pas d'écran ?). Arrêtez avec Ctrl+C et lancez 'compagnon' pour utiliser "
                     "le navigateur.",
                     f"the desktop window has not opened after {wait} s (Flet's client still downloading, or no "
                     "display?). Stop with Ctrl+C and run 'compagnon' to use the browser.",
                     f"la finestra desktop non si è aperta dopo {wait} s (il client di Flet ancora in download, o "
                     "nessuno schermo?). Fermate con Ctrl+C e lanciate 'compagnon' per usare il browser."))

    threading.Thread(target=watch, name="compagnon-desktop-watchdog", daemon=True).start()
    try:
        ft.run(main, assets_dir=assets, view=ft.AppView.FLET_APP)
    except SystemExit:  # Flet's own install of its desktop client failed (it said why)
        say(said("le client de bureau de Flet n'a pas pu être installé : Compagnon s'ouvre dans une fenêtre de "
                 "navigateur à la place.",
                 "Flet's desktop client could not be installed: opening Compagnon in a browser window instead.",
                 "il client desktop di Flet non si è potuto installare: Compagnon si apre in una finestra del "
                 "browser invece."))
        return False
    return True


def browser_for_app_window() -> str | None:
    """A Chromium, Chrome or Edge on this machine, or None."""
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    return next((path for path in BROWSER_PATHS if os.path.isfile(path)), None)


def open_window(url: str) -> str:
    """Open ``url`` in an app window of a Chromium-family browser, else in the default browser; what
    opened it."""
    found = browser_for_app_window()
    if found:
        subprocess.Popen([found, f"--app={url}", "--new-window"], stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        return found
    webbrowser.open(url)
    return said("le navigateur par défaut", "the default browser", "il browser predefinito")


def window_when_up(url: str, timeout: float = 120.0) -> threading.Thread:
    """Open the window once the server at ``url`` answers (in a thread of its own)."""

    def wait_and_open() -> None:
        where = urlsplit(url)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                socket.create_connection((where.hostname or "127.0.0.1", where.port or 80), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        opened = open_window(url)
        say(said(f"{url} ouvert dans {opened}", f"opened {url} in {opened}", f"{url} aperto in {opened}"))

    thread = threading.Thread(target=wait_and_open, name="compagnon-window", daemon=True)
    thread.start()
    return thread
