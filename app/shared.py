"""What every page of this server reads alike, read once per write instead of once per page.

One event on a six-phone match re-renders seven pages, which all load the same match and its seat
links.  :func:`read` keeps each answer until the next write that could change it (:func:`written`,
called by :meth:`app.state.AppState.changed` before the other pages are told), so the first page
re-reads the database and the six others reuse what it read.

An answer read for one match (``match_id``) is kept until that match is written (or until a write not
to one match: players, settings, a restore); the others (the matches in progress, the host devices)
until any write.  At a club's night, fifty tables each writing every few seconds, a write at one table
no longer makes the other forty-nine read their match again (measured: the reads were a quarter of the
server's time at 25 tables, docs/benchmarks.md).

A read that began before a write and ended after it is not kept: it may hold the old data.

>>> calls = []
>>> def load():
...     calls.append(1)
...     return len(calls)
>>> read(("demo", 1), load), read(("demo", 1), load)
(1, 1)
>>> written()
>>> read(("demo", 1), load)
2
>>> read(("table", 7), load, match_id=7), read(("table", 8), load, match_id=8)
(3, 4)
>>> written(8)  # match 8 was written: match 7's answer stays, match 8's and the unscoped one go
>>> read(("table", 7), load, match_id=7), read(("table", 8), load, match_id=8), read(("demo", 1), load)
(3, 5, 6)
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from app.state import AppState
    from db.host_keys import GrantedDevice
    from db.store import LoadedMatch, Store
    from scoring import Action, Panel

T = TypeVar("T")
log = logging.getLogger("compagnon")

_lock = threading.Lock()
#: the scope of an answer no write to one match changes (a link's code names its match for good): kept
#: until a write not to one match
LASTING = -1
_generation = 0
_kept: dict[Hashable, tuple[int | None, object]] = {}  # key -> (the match it was read for, or None; answer)


def written(match_id: int | None = None) -> None:
    """Something was written (to ``match_id``; None: not to one match): forget every answer it could
    change (that match's, and every answer read for no one match; with None, every answer)."""
    global _generation
    with _lock:
        _generation += 1
        if match_id is None:
            _kept.clear()
            return
        for key in [k for k, (scope, _v) in _kept.items() if scope is None or scope == match_id]:
            del _kept[key]


def read(key: Hashable, load: Callable[[], T], match_id: int | None = None) -> T:
    """``load()``'s answer, kept under ``key`` until :func:`written` names ``match_id`` (the one match it
    was read for; None: until any write; :data:`LASTING`: until a write not to one match).  An exception
    is not kept."""
    with _lock:
        generation = _generation
        if key in _kept:
            return _kept[key][1]  # type: ignore[return-value]
    value = load()
    with _lock:
        if generation == _generation:
            _kept[key] = (match_id, value)
    return value


def match_of_code(store: Store, code: str) -> int | None:
    """The id of the match a phone's link names by its ``code`` (None: none), kept until a write not
    to one match (a code names its match for good)."""
    return read(("code", id(store), code), lambda: store.match_id_for_code(code), LASTING)


_pages_lock = threading.Lock()
_pages: dict[object, Callable[[int | None], bool | None]] = {}


def on_change(page: object, wake: Callable[[int | None], bool | None]) -> Callable[[], None]:
    """Have ``wake(match_id)`` called when another page of this server (:func:`this_server_wrote`), or
    another server on the same database (:func:`other_server_wrote`), writes; returns what forgets the
    page (when it closes).  ``wake`` decides whether the match concerns its page (see
    :func:`app.main.waker`) and says whether it drew again: one call per open page and write."""
    with _pages_lock:
        _pages[page] = wake

    def forget() -> None:
        with _pages_lock:
            _pages.pop(page, None)
    return forget


#: the name :mod:`tests.test_trust_servers` and older callers know it by
on_other_server = on_change


def _wakes(source: object = None) -> list[Callable[[int | None], bool | None]]:
    with _pages_lock:
        return [wake for page, wake in _pages.items() if page is not source]


def _wake(wake: Callable[[int | None], bool | None], match_id: int | None) -> bool:
    try:
        return bool(wake(match_id))
    except Exception:  # noqa: BLE001 - a closed page must not stop the others
        log.exception("could not tell a page of a change")
        return False


async def _in_turn(wakes: list[Callable[[int | None], bool | None]], match_id: int | None) -> None:
    """Wake the pages one after the other, each one's patch sent before the next one draws: the first
    device does not wait for the last one's render (all share the server's one loop)."""
    for wake in wakes:
        if _wake(wake, match_id):
            await asyncio.sleep(0)  # its update runs (Flet's scheduler for that page)...
            await asyncio.sleep(0)  # ...and its patch leaves, before the next page draws


_turns: set[asyncio.Task[None]] = set()


def this_server_wrote(message: object, source: object) -> None:
    """A page of this server (``source``, told apart: it redraws itself) wrote; ``message`` is
    ``(topic, match_id)`` (:meth:`app.state.AppState.tell_others`; ``match_id`` None: not one match's
    data).  Every other page that shows that match, or no one match, draws again, one after the other,
    after the writing page's own answer (its update was scheduled first)."""
    match_id = message[1] if isinstance(message, tuple) and len(message) == 2 else None
    match_id = match_id if isinstance(match_id, int) else None
    wakes = _wakes(source)
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # a worker thread: each wake goes to the loop by itself
        for wake in wakes:
            _wake(wake, match_id)
        return
    task = loop.create_task(_in_turn(wakes, match_id))
    _turns.add(task)  # a task nobody holds may be collected before it ends
    task.add_done_callback(_turns.discard)


def other_server_wrote(match_id: int | None) -> None:
    """Another server (another process on the same database, :meth:`db.store.Store.watch`) wrote to
    ``match_id`` (None: anything): forget what was kept of it, and wake every page of this server that shows it."""
    written(match_id)
    for wake in _wakes():
        _wake(wake, match_id)


def load_match(app: AppState, match_id: int) -> LoadedMatch:
    """:meth:`db.store.Store.load`, once per write for all the pages (do not change what it returns)."""
    return read(("load", id(app.store), match_id), lambda: app.store.load(match_id), match_id)


def seat_links(app: AppState, match_id: int) -> dict[int, tuple[str, bool]]:
    """:meth:`db.store.Store.seat_links`, once per write for all the pages."""
    return read(("seat_links", id(app.store), match_id), lambda: app.store.seat_links(match_id), match_id)


def host_devices(app: AppState) -> tuple[GrantedDevice, ...]:
    """:meth:`db.store.Store.host_devices`, once per write for all the host pages."""
    return read(("host_devices", id(app.store)), lambda: tuple(app.store.host_devices()))


def derived(state: object, key: Hashable, compute: Callable[[], T], match_id: int | None = None) -> T:
    """``compute()``, which depends only on ``state`` (a loaded match's state object, of ``match_id``),
    computed once for every page that shows that same object (checked by identity: never another state's
    answer)."""
    kept = read(("derived", id(state), key), lambda: (state, compute()), match_id)
    if kept[0] is state:
        return kept[1]
    return compute()


def panels(m: LoadedMatch, seat: int | None) -> tuple[Panel, ...]:
    """The game's panels of a loaded match as ``seat`` sees them (each view copies the whole state to strip
    secrets: seven pages times seven views an event was the screen's largest cost after the database)."""
    return derived(m.state, ("panels", m.game.slug, seat), lambda: tuple(m.game.panels(m.state, seat)), m.id)


def actions(m: LoadedMatch) -> tuple[Action, ...]:
    """The game's actions of a loaded match, public and private."""
    return derived(m.state, ("actions", m.game.slug), lambda: tuple(m.game.actions(m.state, None)), m.id)
