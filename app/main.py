"""Entry point: ``compagnon [--port 8550] [--host 127.0.0.1] [--desktop]``.

``COMPAGNON_GAMES`` (environment): more games, living outside Compagnon: folders separated by
``os.pathsep``, each a game's package (``__init__.py`` exposing ``GAME``, ``card.py``); each is
registered at start-up (:func:`register_games`), and an unusable one stops the server with the reason.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import errno
import gc
import json
import logging
import os
import re
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import flet as ft
from flet.controls.context import _context_page

from app import codecache, collector, fast, gone, net, shared, typed
from db import paths
from db.terminal import argparse_words, cannot_open, language, say

if TYPE_CHECKING:
    from app.state import AppState
    from db.store import Store


def _assets() -> str:
    """The artwork and sounds: ``app/assets/`` in an installed wheel, the top-level ``assets/`` beside
    ``app/`` in the repository (and an editable install)."""
    here = Path(__file__).resolve().parent
    return str(here / "assets" if (here / "assets").is_dir() else here.parent / "assets")


ASSETS = _assets()
log = logging.getLogger("compagnon")

_store: Store | None = None
_store_lock = threading.Lock()
_first_page = threading.Event()  # set once a page has been rendered (app.main.warm_up waits for it)
#: seconds the warm-up leaves the first page after its render: its patch still has to be sent, and the
#: browser then asks for its images and draws it, on the same two cores (traced: the other screens'
#: imports, started at once, held its patch back up to 0.4 s and its drawing 0.5 s)
AFTER_FIRST_PAGE = 3.0
#: seconds between the warm-up's hand-overs of the interpreter's lock (:func:`_yielding`; Python's own: 5 ms)
WARM_UP_SWITCH = 0.0005
#: bytes per read of a file the server sends (:func:`serve_files_in_big_reads`; Starlette's own: 64 kB)
FILE_CHUNK = 1 << 20


def store() -> Store:
    """One store (one connection pool) per server process, opened (and migrated) on first use."""
    global _store
    with _store_lock:  # the warm-up thread and the first page may ask at the same moment
        if _store is None:
            from app import shared
            from db.store import Store  # SQLAlchemy and SQLModel: most of the start-up's own imports

            _store = Store()
            # One history, many servers: another process's writes re-render this server's pages.
            _store.watch(shared.other_server_wrote)
        return _store


def open_store_or_stop(and_then: Callable[[], object] | None = None) -> None:
    """:func:`store` (then ``and_then``, the database's first use), or the server stops (exit status 2) with one
    line saying why, in the terminal's language: any failure to open the database ends it
    (:class:`db.engine.CannotOpen` names what is wrong)."""
    try:
        store()
        if and_then is not None:
            and_then()
    except Exception as e:  # noqa: BLE001 - any failure to open the database ends the server
        from db.engine import CannotOpen

        print(cannot_open(e.get(language()) if isinstance(e, CannotOpen) else e), file=sys.stderr, flush=True)
        os._exit(2)


def announce_host_link(open_browser: bool) -> str:
    """Print the host link (the server's host key: whoever opens it is the host, as Jupyter's token) and
    open this machine's browser with it.  The key is printed on this terminal only, never logged."""
    link = net.host_url(store().host_key())
    print(say(f"Lien de l'hôte (il ouvre les écrans de l'hôte ; gardez-le pour vous) : {link}",
              f"Host link (opens the host's screens; keep it to yourself): {link}",
              f"Link dell'host (apre le schermate dell'host; tenetelo per voi): {link}"), flush=True)
    if open_browser:
        import webbrowser

        webbrowser.open(link)
    return link


def warm_up(host: str, port: int, timeout: float = 120.0, open_browser: bool = False) -> None:
    """Open the database and import the first page's screen while the browser loads the web client.

    The server answers first (the browser can start fetching the client at once); this thread
    waits for the port, then does the start-up's slow imports and the database's opening on this
    process's otherwise idle core, so that the first page finds them done.  Only what the host's
    first page draws comes first (the database layer, the home screen, its Flet controls); the
    rest (the rule engines, a phone's table and seat screens, the charts, the match forms…) comes
    :data:`AFTER_FIRST_PAGE` seconds after a first page is rendered.  A database that cannot be
    opened (a bad ``DATABASE_URL``, a schema newer than this version) stops the server with the
    reason, as it did when it was opened before serving.
    """
    probe = "127.0.0.1" if host in ("0.0.0.0", "", "localhost") else host
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            socket.create_connection((probe, port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.02)
    here = Path(__file__).resolve().parent
    with _yielding():
        _ready_first_page(here, open_browser)
        codecache.save()
    # ...then, once a first page is drawn (it no longer competes with it), every other screen: a
    # phone's (the table and seat screens), the four rule engines, the forms, the charts...
    _first_page.wait(timeout=60)
    time.sleep(AFTER_FIRST_PAGE)
    with _yielding():
        from app.fields import load as load_renderers
        from app.screens import load_all
        from scoring import all_games

        all_games()
        load_all()
        load_renderers()  # the forms' renderers of every kind, the games' own included
        _name_flet_controls(here.rglob("*.py"))
    codecache.save()
    codecache.uninstall()  # from now on Python compiles as it always does (the file's code objects freed)
    collector.start()  # what lives a while is left out of the collector's walks (app/collector.py)


def _install_server_changes() -> None:
    """What this server changes in Flet's and Starlette's ways before it serves."""
    fast.install()  # Flet's per-event type lookups, once per control class
    gone.install()  # a page gone while something was sent to it leaves as any other, nothing logged
    typed.install()  # a keystroke's value waits for its own event: no render in between draws it back
    serve_files_in_big_reads()
    load_only_fonts_drawn()
    serve_emblems()


#: the web client's font families no screen draws (FontManifest.json): the KaTeX fonts of Flet's Markdown
#: mathematics and the Cupertino icons
UNDRAWN_FONTS = ("packages/flutter_math_fork/", "packages/cupertino_icons/")


def load_only_fonts_drawn() -> None:
    """The web client loads every font its FontManifest.json lists before it draws anything: 24 files, 20
    of them (870 kB) for Markdown's mathematics and the Cupertino icons, which no screen draws."""
    from flet_web.fastapi import flet_static_files

    patch = flet_static_files.patch_font_manifest_json

    def drawn_only(manifest_path: str) -> None:
        patch(manifest_path)
        with open(manifest_path, encoding="utf-8") as file:
            families = json.load(file)
        kept = [family for family in families if not str(family.get("family", "")).startswith(UNDRAWN_FONTS)]
        with open(manifest_path, "w", encoding="utf-8") as file:
            json.dump(kept, file)

    flet_static_files.patch_font_manifest_json = drawn_only


def serve_emblems() -> None:
    """Each game's emblem at ``/emblems/<slug>.<its file's suffix>`` (:func:`app.screens.home.emblem`), and the
    pictures of the cards its painting grids lay out at ``/cards/<slug>/<kind>.svg``
    (:func:`app.fields.painting.card_picture`), read from the game's own folder: routes of the server's web app,
    ahead of Flet's files (which answer every other path).  A name that is no game's emblem or card is not
    found.  Every page goes out with :data:`app.page_headers.PAGE_HEADERS` (scripts from this server only)."""
    import mimetypes

    import flet_web.fastapi as flet_fastapi
    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.routing import Route

    from app.page_headers import PageHeaders

    make = flet_fastapi.app
    if getattr(make, "serves_emblems", False):
        return

    def picture(name: str, data: bytes) -> Response:
        """A game's picture (kept a day by the browser), or not found (``data`` empty)."""
        if not data:
            return Response("not found", status_code=404, media_type="text/plain")
        kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
        return Response(data, media_type=kind, headers={"Cache-Control": "public, max-age=86400"})

    async def emblem(request: Request) -> Response:
        from app.screens.home import emblem_file

        slug, _dot, suffix = str(request.path_params["name"]).partition(".")
        name, data = emblem_file(slug)
        return picture(name, data if name.endswith(f".{suffix}") else b"")

    async def card(request: Request) -> Response:
        from app.fields.painting import card_picture

        name = str(request.path_params["name"])
        return picture(name, card_picture(str(request.path_params["slug"]), name))

    def with_emblems(*args: Any, **kwargs: Any) -> Any:
        web = make(*args, **kwargs)
        web.router.routes.insert(0, Route("/emblems/{name}", emblem))
        web.router.routes.insert(0, Route("/cards/{slug}/{name}", card))
        web.add_middleware(PageHeaders)
        web.add_middleware(gone.LeaveQuietly)  # outermost: a page gone at any moment ends without a traceback
        return web

    with_emblems.serves_emblems = True  # type: ignore[attr-defined]
    flet_fastapi.app = with_emblems


def serve_files_in_big_reads() -> None:
    """The web client's files (8.5 MB of WebAssembly among them) read :data:`FILE_CHUNK` bytes at a time.
    Starlette reads a file 64 kB at a time, each read a trip through a worker thread and back to the
    server's loop: 130 trips for the client's main module, each waiting for the interpreter's lock
    while the warm-up imports.  A read in flight holds its chunk (1 MB a device loading the client)."""
    from starlette.responses import FileResponse

    FileResponse.chunk_size = FILE_CHUNK


@contextmanager
def _yielding() -> Iterator[None]:
    """The warm-up's imports hand the interpreter's lock to the server's loop every
    :data:`WARM_UP_SWITCH` seconds instead of Python's 5 ms: the loop serves the web client while they
    run, and each of its steps waited up to 5 ms for the lock.  Measured from the server's first answer
    to the first screen (11-27, the git history of docs/benchmarks.md): 2.61 s before, 2.41 s with this, 2.26 s with
    :func:`serve_files_in_big_reads` too, against 1.39 s for a minimal Flet app."""
    switch = sys.getswitchinterval()
    sys.setswitchinterval(WARM_UP_SWITCH)
    try:
        yield
    finally:
        sys.setswitchinterval(switch)


def _ready_first_page(here: Path, open_browser: bool) -> None:
    """What the host's first page needs, ready before it is asked: the page's frame, the database (opened,
    migrated: or the server stops with the reason), the home screen, its Flet controls and statements."""
    # The imports below create some 100 000 objects that all stay: with the collector on, they
    # trigger about 160 collections that free nothing (60 to 100 ms, measured with gc.callbacks).
    gc.disable()
    try:
        # The page's frame first (the layout, its strings and Babel, the theme): imported here, beside the
        # browser's loading of the web client, rather than before the server could answer it.
        import flet.components.component  # noqa: F401 - Flet's Page.render imports it at the first page

        import app.layout  # noqa: F401
        import app.theme  # noqa: F401

        open_store_or_stop(lambda: announce_host_link(open_browser))
        from app.screens import screen
        from app.screens.home import WELCOME_DONE

        screen("home:Home")  # it lists the games from their cards (scoring.cards), not their engines
        _name_flet_controls([here / "main.py", here / "layout.py", here / "screens" / "home.py"])
        store().in_progress(), store().get_setting(WELCOME_DONE)  # the home's statements, compiled once here
    finally:
        # ...and they stay out of the collections from now on: left in the youngest generation while the
        # collector was off, the first collection after it (during the first page's render, as a rule) walked
        # them all, 45 ms of a 60-ms render in one launch of four (traced with gc.callbacks, 11-28)
        gc.freeze()
        gc.enable()


def _name_flet_controls(sources: Iterable[Path]) -> None:
    """Name every ``ft.X`` these source files use: Flet imports a control's module the first time
    it is named (``ft.Theme`` alone cost the first page 0.3 s); and have Flet work out each control
    class's validation rules, which it does the first time it draws one (from the class's type hints:
    70 ms of the first page's 250)."""
    try:
        from flet.utils.validation import _compile_class_spec as rules
    except ImportError:  # another Flet: the first page works them out, as it would anyway
        rules = None
    for source in sources:
        for name in re.findall(r"\bft\.([A-Za-z_]\w*)", source.read_text(encoding="utf-8")):
            named = getattr(ft, name, None)
            if rules is not None and isinstance(named, type) and dataclasses.is_dataclass(named):
                try:
                    rules(named)
                except Exception:  # noqa: BLE001 - Flet's own business: the first draw does it again
                    pass


def host_rights(page: ft.Page, app: AppState) -> Callable[[str], None]:
    """Make this page the host if it opened the host link (the browser then keeps the key in its own
    storage and is the host on every later visit), or if the browser kept a key that is still valid.
    A forged or revoked key grants nothing (and a revoked one is forgotten).  Returns what to do with
    each later route (a reload in the same tab keeps its session: the link arrives as a route change)."""
    s = app.store

    async def keep(shown: str) -> None:
        try:
            prefs = app.storage()
            if shown:
                page.navigate("/")  # the key leaves the address bar at once
                await prefs.set(net.KEY_PREF, shown)
                return
            if app.host_device:
                return
            kept = await prefs.get(net.KEY_PREF)
            if isinstance(kept, str) and kept and s.is_host_key(kept):
                app.host_key, app.host_device = kept, True
            elif kept:
                await prefs.remove(net.KEY_PREF)
        except Exception:  # noqa: BLE001 - a browser without storage stays what it was
            log.warning("this browser's storage could not be read or written")

    def claim(route: str) -> None:
        shown = net.host_key_in(route)
        if shown and not s.is_host_key(shown):
            log.warning("a page showed an unknown host key %r…", shown[:4])
            shown = ""
        if shown:
            app.host_key, app.host_device = shown, True
        if shown or route == page.route:
            page.run_task(keep, shown)

    claim(page.route or "/")
    return claim


#: the events a person sends by a tap or by typing (a page's own events, its size or route, are no taps)
TAPS = frozenset({"click", "change", "submit", "select", "long_press", "tap", "dismiss"})
#: each live page's app state, by ``id(page)`` (to tell a page that a tap of its device was lost)
_apps: dict[int, AppState] = {}


def refuse_lost_taps() -> None:
    """A tap made while a phone reconnects is sent once reconnected, or clearly refused, never dropped.

    Flet 1.0.5's web client covers the screen ("Working...") while its connection is down, keeps what the
    page sends meanwhile, and sends it once the server answers again.  To the same page (a Wi-Fi hiccup
    shorter than ``--session-timeout``) it reaches its control: the tap is played once reconnected.  To a
    new page (the server restarted, or released the page) it names a control the new page does not have,
    which Flet drops without a word: this says on that device that the action did nothing.  Each server
    process numbers its controls from a random point, so that an old page's numbers never name a control
    of a new page (a restarted server drew the same screen with the same numbers: an old tap could press
    another button).  Installed once, before serving."""
    import itertools
    import secrets

    from flet.controls.id_counter import ControlId
    from flet.messaging.session import Session

    # below 2**32: the web client reads control numbers as 32-bit at most
    ControlId._counter = itertools.count(1_000 + secrets.randbelow(1 << 30))
    if getattr(Session.dispatch_event, "compagnon", False):
        return
    original = Session.dispatch_event

    async def dispatch_event(self: Session, control_id: int, event_name: str, event_data: object) -> None:
        if event_name in TAPS and self._Session__resolve_event_control(control_id) is None:  # type: ignore[attr-defined]
            _lost_tap(self.page)
            return
        await original(self, control_id, event_name, event_data)

    dispatch_event.compagnon = True  # type: ignore[attr-defined]
    Session.dispatch_event = dispatch_event  # type: ignore[method-assign]


def _lost_tap(page: ft.Page) -> None:
    async def tell() -> None:
        for _ in range(40):  # a new page may still be drawing itself when the old page's taps arrive
            app = _apps.get(id(page))
            if app is not None:
                app.tell(app.t("tap_lost"), error=True)
                return
            await asyncio.sleep(0.25)

    log.warning("a tap made while its device was reconnecting named a control this page does not have: "
                "refused, and the device told")
    page.run_task(tell)


def waker(page: ft.Page, app: AppState, loop: asyncio.AbstractEventLoop) -> Callable[[int | None], bool]:
    """What another page's write (to ``match_id``; None: not one match's data) does to this page: if it
    shows that match (or no one match), its screens that read the database draw again.

    Called by the writing page's handler on the server's loop (the usual case: no task, no queue, the
    page's update is scheduled at once, in the page's own context), or from another thread (another
    server's write, seen by the database watcher): then on the loop, soon.  A page whose device is away
    (a closed tab, a phone asleep) is simply marked: Flet draws nothing for it until it reconnects, and
    ``on_connect`` then draws it again.  Says whether the page draws again."""
    def bump() -> None:
        token = _context_page.set(page)  # the update is this page's, whoever wrote
        try:
            app.data.value += 1
        finally:
            _context_page.reset(token)

    def wake(match_id: int | None) -> bool:
        # the route shown (app.go draws a screen before the browser reports its new route)
        if not net.concerns(app.route, match_id, lambda code: shared.match_of_code(app.store, code)):
            return False
        try:
            here = asyncio.get_running_loop()
        except RuntimeError:
            here = None
        if here is loop:
            bump()
        elif not loop.is_closed():
            loop.call_soon_threadsafe(bump)
        return True

    return wake


def main(page: ft.Page) -> None:
    from app.layout import App, locales  # imported by the warm-up while the browser loaded the web client
    from app.state import AppState
    from app.theme import themes

    s = store()
    local = net.is_host_device(page.client_ip, page.url or "")
    app = AppState(store=s, lang=s.get_setting("lang", "fr"), host_device=local, local=local)
    app.shown(page.route or "/")
    app.storage()  # registered now, it goes out with the page (app.state.AppState.prefs)
    app.claim_host = host_rights(page, app)
    page.title = "Compagnon"
    page.padding = 0
    themes(page)
    page.locale_configuration = locales(app.lang)

    wake = waker(page, app, asyncio.get_event_loop())  # main runs on the server's loop
    forget_page = shared.on_change(page, wake)
    page.on_connect = lambda _e: wake(None)  # back after a Wi-Fi hiccup: what changed meanwhile is drawn
    app.broadcast = lambda topic: shared.this_server_wrote(topic, page)
    _apps[id(page)] = app

    def closed(_e: object) -> None:
        _apps.pop(id(page), None)
        forget_page()

    page.on_close = closed
    page.render(App, app)
    _first_page.set()


#: seconds a page whose device went away keeps its memory on the server (Flet's session timeout, checked by
#: Flet every 10 s): long enough for a phone's Wi-Fi hiccup or a reload, short enough that many short
#: visits do not pile up (docs/security.md)
SESSION_TIMEOUT = 120


def _whole(text: str, low: int, high: int, fr: str, en: str, it: str) -> int:
    """A whole number from ``low`` to ``high``, or argparse's refusal: the text quoted, then ``fr``/``en``/``it``."""
    value = int(text) if text.isdigit() else 0
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(say(f"{text!r:.20} {fr}", f"{text!r:.20} {en}", f"{text!r:.20} {it}"))
    return value


def _seconds(text: str) -> int:
    """``--session-timeout``: a whole number of seconds, 1 to a day."""
    return _whole(text, 1, 86_400, "n'est pas un nombre de secondes de 1 à 86400",
                  "is not a number of seconds from 1 to 86400", "non è un numero di secondi da 1 a 86400")


def _port(text: str) -> int:
    """``--port``: a TCP port, 1 to 65535."""
    return _whole(text, 1, 65_535, "n'est pas un port (de 1 à 65535)", "is not a port (1 to 65535)",
                  "non è una porta (da 1 a 65535)")


def _public_url(text: str) -> str:
    """``--public-url`` (``COMPAGNON_PUBLIC_URL``): a web address the phones can open, ``http://`` or ``https://``
    and a host, to which the QR codes add their paths (so no query nor fragment); empty: none given."""
    try:
        parts = urlsplit(text)
        usable = parts.scheme in ("http", "https") and bool(parts.hostname) and not (parts.query or parts.fragment)
        usable = usable and parts.port != 0  # (a port that is no number raises ValueError)
    except ValueError:
        usable = False
    if text and not usable:
        raise argparse.ArgumentTypeError(say(
            f"{text!r:.60} n'est pas une adresse web pour les téléphones (par exemple http://192.168.1.12:8550)",
            f"{text!r:.60} is not a web address for the phones (e.g. http://192.168.1.12:8550)",
            f"{text!r:.60} non è un indirizzo web per i telefoni (per esempio http://192.168.1.12:8550)"))
    return text


def cannot_listen(host: str, port: int) -> str | None:
    """Why the server could not listen on ``host``:``port`` (in the terminal's language), or None: each address
    the web server would bind, bound and let go at once, as it binds them.  Said before the server says it runs,
    instead of the web server's traceback."""
    error, why = 0, ""
    try:
        found = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as e:
        found, error, why = [], errno.EADDRNOTAVAIL, e.strerror
    for family, kind, proto, _name, address in dict.fromkeys(found):
        with socket.socket(family, kind, proto) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as asyncio's server does
            if family == socket.AF_INET6:
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            try:
                sock.bind(address)
            except OSError as e:
                error = e.errno or errno.EINVAL
                why = os.strerror(error)
                break
    if not error:
        return None
    if error == errno.EADDRINUSE:
        return say(f"le port {port} est déjà pris (un autre Compagnon tourne-t-il ?) : choisissez-en un autre avec "
                   "--port", f"port {port} is already in use (is another Compagnon running?): choose another with "
                   "--port", f"la porta {port} è già occupata (un altro Compagnon è in funzione?): sceglietene "
                   "un'altra con --port")
    if error == errno.EACCES:
        return say(f"le port {port} demande les droits d'administrateur : choisissez-en un au-dessus de 1023 avec "
                   "--port", f"port {port} needs administrator rights: choose one above 1023 with --port",
                   f"la porta {port} richiede i diritti di amministratore: sceglietene una sopra 1023 con --port")
    return say(f"cette machine n'a pas l'adresse {host} ({why}) : --host 0.0.0.0 pour tous ses réseaux, 127.0.0.1 "
               "pour elle seule", f"this machine has no address {host} ({why}): --host 0.0.0.0 for all its networks, "
               "127.0.0.1 for itself alone", f"questa macchina non ha l'indirizzo {host} ({why}): --host 0.0.0.0 per "
               "tutte le sue reti, 127.0.0.1 solo per sé")


class GameFolderError(Exception):
    """A folder of ``COMPAGNON_GAMES`` that is no game's package."""


def register_game(folder: str) -> str:
    """Register the game whose package is ``folder`` (its parent goes on ``sys.path``); its slug."""
    import importlib

    import scoring

    path = Path(folder).expanduser().resolve()
    if not path.is_dir():
        raise GameFolderError(say("ce dossier n'existe pas", "no such folder", "questa cartella non esiste"))
    missing = [name for name in ("__init__.py", "card.py") if not (path / name).is_file()]
    if missing:
        needs = " + ".join(missing)
        raise GameFolderError(say(f"ce n'est pas le paquet d'un jeu (il lui faut {needs})",
                                  f"not a game's package (it needs {needs})",
                                  f"non è il pacchetto di un gioco (gli serve {needs})"))
    if not path.name.isidentifier():
        raise GameFolderError(say(f"{path.name!r} n'est pas un nom de paquet", f"{path.name!r} is not a package name",
                                  f"{path.name!r} non è un nome di pacchetto"))
    if str(path.parent) not in sys.path:
        sys.path.append(str(path.parent))
    try:
        module = importlib.import_module(path.name)
        if Path(module.__file__ or "").resolve().parent != path:
            raise GameFolderError(say(f"un autre module nommé {path.name!r} est sur le chemin",
                                      f"another module named {path.name!r} is in the way",
                                      f"un altro modulo chiamato {path.name!r} è sulla strada"))
        slug = importlib.import_module(f"{path.name}.card").CARD.slug
        if slug in scoring.slugs() and scoring.package(slug) != path.name:
            raise GameFolderError(say(f"son identifiant {slug!r} est déjà celui d'un autre jeu",
                                      f"its slug {slug!r} is already another game's",
                                      f"il suo identificativo {slug!r} è già quello di un altro gioco"))
        game = module.GAME
        card = scoring.register(path.name)
    except GameFolderError:
        raise
    except Exception as e:  # noqa: BLE001 - whatever the folder holds, say it in one line
        raise GameFolderError(say(f"il ne se charge pas : {e} ({type(e).__name__})",
                                  f"it cannot be loaded: {type(e).__name__}: {e}",
                                  f"non si carica: {type(e).__name__}: {e}")) from e
    if getattr(game, "slug", card.slug) != card.slug:
        raise GameFolderError(say(f"l'identifiant de son GAME {game.slug!r} n'est pas celui de sa carte "
                                  f"{card.slug!r}",
                                  f"its GAME's slug {game.slug!r} is not its card's {card.slug!r}",
                                  f"l'identificativo del suo GAME {game.slug!r} non è quello della sua scheda "
                                  f"{card.slug!r}"))
    return card.slug


def register_games(folders: str) -> None:
    """Register each folder of ``COMPAGNON_GAMES``; an unusable one ends the program (status 2) with
    one line saying which and why."""
    for folder in filter(None, folders.split(os.pathsep)):
        try:
            register_game(folder)
        except GameFolderError as e:
            print(say(f"Compagnon ne peut pas utiliser le dossier de jeu {folder!r} (COMPAGNON_GAMES) : {e}",
                      f"Compagnon cannot use the game folder {folder!r} (COMPAGNON_GAMES): {e}",
                      f"Compagnon non può usare la cartella di gioco {folder!r} (COMPAGNON_GAMES): {e}"),
                  file=sys.stderr, flush=True)
            raise SystemExit(2) from None


def _parser() -> argparse.ArgumentParser:
    """The server's options, said in the terminal's language (:mod:`db.terminal`)."""
    parser = argparse.ArgumentParser(prog="compagnon", description=say(
        "Compagnon, le compagnon de table des jeux de société.", "Compagnon, the board-game table companion.",
        "Compagnon, il compagno di tavolo dei giochi da tavolo."))
    add = parser.add_argument
    add("--port", type=_port, default=8550, help=say("port web (8550 par défaut)", "web port (default 8550)",
                                                   "porta web (predefinita 8550)"))
    add("--host", default="127.0.0.1", help=say(
        "adresse d'écoute (0.0.0.0 pour que les téléphones du réseau se joignent)",
        "address to listen on (0.0.0.0 to let phones on the network join)",
        "indirizzo di ascolto (0.0.0.0 perché i telefoni della rete si uniscano)"))
    add("--desktop", action="store_true", help=say(
        "ouvrir une fenêtre de bureau plutôt que le navigateur", "open a desktop window instead of the browser",
        "aprire una finestra desktop invece del browser"))
    add("--no-browser", action="store_true", help=say(
        "servir seulement, sans ouvrir de navigateur", "serve only; do not open a browser",
        "solo servire, senza aprire un browser"))
    add("--public-url", type=_public_url, help=say(
        "l'adresse qu'utilisent les téléphones, écrite dans les QR codes (par défaut : l'adresse de cette machine "
        "sur le réseau avec --host 0.0.0.0 ; env COMPAGNON_PUBLIC_URL)",
        "the address phones use, written in the QR codes (default: this machine's network address with "
        "--host 0.0.0.0; env COMPAGNON_PUBLIC_URL)",
        "l'indirizzo usato dai telefoni, scritto nei codici QR (predefinito: l'indirizzo di questa macchina in "
        "rete con --host 0.0.0.0; env COMPAGNON_PUBLIC_URL)"))
    add("--trust-network", action="store_true", help=say(
        "laisser tout appareil du réseau utiliser les écrans de l'hôte (par défaut : seul le navigateur qui a "
        "ouvert le lien de l'hôte ; les téléphones voient la table et leur place)",
        "let every device on the network use the host's screens (default: only the browser that opened the host "
        "link; phones see the table and their own seat)",
        "lasciare che ogni dispositivo della rete usi le schermate dell'host (predefinito: solo il browser che ha "
        "aperto il link dell'host; i telefoni vedono il tavolo e il proprio posto)"))
    add("--key-only", action="store_true", help=say(
        "n'accorder les droits d'hôte que par le lien de l'hôte, même au navigateur de cette machine (pour un "
        "serveur atteint par un tunnel ou un proxy sur cette machine)",
        "grant host rights by the host link alone, even to this machine's browser (for a server reached through "
        "a tunnel or a proxy on this machine)",
        "concedere i diritti dell'host solo tramite il link dell'host, anche al browser di questa macchina (per "
        "un server raggiunto tramite un tunnel o un proxy su questa macchina)"))
    add("--session-timeout", type=_seconds, metavar="SECONDS", help=say(
            "combien de temps une page dont l'appareil est parti (un onglet fermé, un téléphone en veille) garde "
            f"sa mémoire sur le serveur en l'attendant ({SESSION_TIMEOUT} par défaut ; env "
            "COMPAGNON_SESSION_TIMEOUT)",
            "how long a page whose device went away (a closed tab, a phone asleep) keeps its memory on the "
            f"server, waiting for it to come back (default {SESSION_TIMEOUT}; env COMPAGNON_SESSION_TIMEOUT)",
            "quanto a lungo una pagina il cui dispositivo se n'è andato (una scheda chiusa, un telefono in "
            f"stand-by) tiene la sua memoria sul server aspettandolo (predefinito {SESSION_TIMEOUT}; env "
            "COMPAGNON_SESSION_TIMEOUT)"))
    return parser


#: the options a variable of the environment gives when the command line does not: (option, variable, its
#: check, the default without either)
ENVIRONMENT = (("public_url", "COMPAGNON_PUBLIC_URL", _public_url, ""),
               ("session_timeout", "COMPAGNON_SESSION_TIMEOUT", _seconds, SESSION_TIMEOUT))


def _from_environment(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.Namespace:
    """Each option of :data:`ENVIRONMENT` the command line left out, from its variable, checked as the option
    is; a refusal names the variable (argparse, given it as a default, named the option the user never typed)."""
    for dest, name, check, default in ENVIRONMENT:
        if getattr(args, dest) is None:
            text = os.environ.get(name, "")
            try:
                setattr(args, dest, check(text) if text else default)
            except argparse.ArgumentTypeError as e:
                parser.error(name + say(" : ", ": ", ": ") + str(e))  # French puts a space before the colon
    return args


def cli(argv: list[str] | None = None) -> None:
    codecache.install()  # the code an earlier start compiled (app/codecache.py): the start 0.1 s sooner
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in ("import", "export"):  # the history's commands (db/commands.py), before the server's
        from db import commands

        register_games(os.environ.get("COMPAGNON_GAMES", ""))
        raise SystemExit(commands.main(argv))
    with argparse_words():  # "usage:", "options:" and argparse's refusals in the terminal's language too
        parser = _parser()
        args = _from_environment(parser, parser.parse_args(argv))
    # Flet keeps a disconnected page an hour by default (600 short visits held some 90 MB): a phone that
    # comes back later gets a fresh page, drawn from the database, where nothing it did is lost.
    os.environ["FLET_SESSION_TIMEOUT"] = str(args.session_timeout)
    register_games(os.environ.get("COMPAGNON_GAMES", ""))
    _install_server_changes()
    net.BASE_URL = net.public_url(args.host, args.port, args.public_url)
    net.TRUST_NETWORK = args.trust_network
    net.LOOPBACK_HOST = args.host in ("127.0.0.1", "localhost", "::1") and not args.key_only
    if args.desktop:  # one window on this machine, no network: it is the host
        from app import desktop

        net.TRUST_NETWORK = True
        window = desktop.can_open()  # first: without a desktop client and a network, it says so at once
        open_store_or_stop()  # open (and migrate) the database before the window: a bad DATABASE_URL fails here
        if window and desktop.run_desktop(main, ASSETS, _first_page):
            return
        # No desktop client: the same app, served on this machine only, in a browser's app window.
        args.host, args.no_browser = "127.0.0.1", True
        if desktop.has_display():  # on a headless box, the link printed below is the way in
            desktop.window_when_up(f"http://127.0.0.1:{args.port}/")
    refused = cannot_listen(args.host, args.port)
    if refused:
        print(say(f"Compagnon ne peut pas démarrer : {refused}", f"Compagnon cannot start: {refused}",
                  f"Compagnon non può avviarsi: {refused}"), file=sys.stderr, flush=True)
        raise SystemExit(2)
    if os.environ.get("DATABASE_URL"):  # a database of one's choosing is opened before the server says it runs
        open_store_or_stop()  # (the default file is opened beside the browser's loading: the start 0.1 s sooner)
    else:  # its folder checked (db.paths: the standard library only) before the server says it runs
        problem = paths.unusable(paths.data_dir())
        if problem:
            print(cannot_open(say(*problem)), file=sys.stderr, flush=True)
            raise SystemExit(2)
    refuse_lost_taps()
    # Flet opens no browser: ``announce_host_link`` opens it with the host link (the key in it).
    os.environ["FLET_FORCE_WEB_SERVER"] = "1"
    threading.Thread(target=warm_up, args=(args.host, args.port), kwargs={"open_browser": not args.no_browser},
                     name="compagnon-warm-up", daemon=True).start()
    shown = "localhost" if args.host in ("127.0.0.1", "localhost") else args.host
    print(say(f"Compagnon tourne à http://{shown}:{args.port}/", f"Compagnon is running at http://{shown}:{args.port}/",
              f"Compagnon è in funzione su http://{shown}:{args.port}/"), flush=True)
    if args.host not in ("127.0.0.1", "localhost"):
        print(say(f"Les téléphones se joignent à {net.BASE_URL}/ (les QR codes de l'écran de la partie)",
                  f"Phones join at {net.BASE_URL}/ (the QR codes on the match screen)",
                  f"I telefoni si uniscono su {net.BASE_URL}/ (i codici QR della schermata della partita)"),
              flush=True)
    ft.run(main, host=args.host, port=args.port, view=ft.AppView.WEB_BROWSER, no_cdn=True,
           assets_dir=ASSETS)


if __name__ == "__main__":
    cli()
