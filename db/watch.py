"""Learning of other processes' writes: one history, many servers.

:func:`watch` runs a daemon thread that calls ``callback(match_id)`` (``None``: players, or
"anything may have changed") each time another process committed a write to the database:

- SQLite: a dedicated connection reads ``PRAGMA data_version`` every :data:`POLL_S` seconds (it
  changes when any other connection commits); when it moved, the new ``change_feed`` rows
  (:mod:`db.session`) say which matches, and rows of this store's own ``origin`` are skipped;
- PostgreSQL: ``LISTEN compagnon``; every commit of every server ``NOTIFY``-s ``origin:match_id``.

A lost PostgreSQL connection is opened again (and ``callback(None)`` said, since notifications may
have been missed meanwhile).  An in-memory SQLite database has no other process: nothing to watch.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy.engine import Engine

from db.session import CHANNEL

log = logging.getLogger("compagnon.watch")

POLL_S = 0.25  # SQLite: how often data_version is read (the brief's bound: 0.5 s)
#: seconds :func:`watch` waits for its thread to know where the database stands (a loaded machine: well under 1 s)
READY_S = 10.0
Callback = Callable[[int | None], None]


def _tell(callback: Callback, matches: Iterable[int | None]) -> None:
    wanted = set(matches)
    for match_id in [None] if None in wanted else sorted(m for m in wanted if m is not None):
        try:
            callback(match_id)
        except Exception:  # a page's failure must not stop the watcher
            log.exception("change callback failed")


def _sqlite_loop(engine: Engine, origin: str, callback: Callback, stop: threading.Event,
                 ready: threading.Event) -> None:
    try:
        raw = engine.raw_connection()
        try:
            cur = raw.cursor()
            version = cur.execute("PRAGMA data_version").fetchone()[0]
            last = cur.execute("SELECT COALESCE(MAX(id), 0) FROM change_feed").fetchone()[0]
            ready.set()  # where the database stands: every later commit is reported
            while not stop.wait(POLL_S):
                now = cur.execute("PRAGMA data_version").fetchone()[0]
                if now == version:
                    continue
                version = now
                rows = cur.execute("SELECT id, match_id, origin FROM change_feed WHERE id > ? ORDER BY id",
                                   (last,)).fetchall()
                if rows and rows[0][0] > last + 1 and last:  # pruned past what we saw: say everything
                    rows.append((rows[-1][0], None, ""))
                last = rows[-1][0] if rows else last
                _tell(callback, (m for _id, m, who in rows if who != origin))
        finally:
            raw.close()
    finally:
        ready.set()  # a database that could not be read: the caller does not wait for it


def _pg_listen(engine: Engine) -> Any:
    raw = engine.raw_connection()
    conn = raw.driver_connection
    assert conn is not None
    raw.detach()  # never back into the pool: it listens until the watcher stops
    conn.rollback()
    conn.autocommit = True
    conn.execute(f"LISTEN {CHANNEL}")
    return raw, conn


def _pg_loop(engine: Engine, origin: str, callback: Callback, stop: threading.Event,
             ready: threading.Event) -> None:
    raw: Any = None
    while not stop.is_set():
        try:
            if raw is None:
                raw, conn = _pg_listen(engine)
            ready.set()
            for note in conn.notifies(timeout=POLL_S, stop_after=100):
                who, _, match = note.payload.partition(":")
                if who != origin:
                    _tell(callback, [int(match) if match.isdigit() else None])
        except Exception:  # the server went away: listen again, and say anything may have changed
            ready.set()  # the caller does not wait for a database that does not answer
            log.warning("lost the database's change notifications; listening again", exc_info=True)
            if raw is not None:
                raw.invalidate()
            raw = None
            time.sleep(1)
            _tell(callback, [None])
    if raw is not None:
        raw.close()


def watch(engine: Engine, origin: str, callback: Callback) -> Callable[[], None]:
    """Start watching; returns ``stop()`` (idempotent; it waits for the thread to end).

    Returns once the thread knows where the database stands (SQLite: its ``data_version`` and the last
    ``change_feed`` row read; PostgreSQL: listening), at most :data:`READY_S`: a write committed by another
    process right after this call is reported, not taken for the state the watch started from (a test on a
    loaded machine saw the thread read its starting point after such a write, and never report it)."""
    stop, ready = threading.Event(), threading.Event()
    if engine.dialect.name == "sqlite" and engine.url.database in (None, "", ":memory:"):
        return stop.set
    loop = _pg_loop if engine.dialect.name == "postgresql" else _sqlite_loop
    thread = threading.Thread(target=loop, args=(engine, origin, callback, stop, ready), name="compagnon-watch",
                              daemon=True)
    thread.start()
    ready.wait(READY_S)

    def halt() -> None:
        stop.set()
        if thread is not threading.current_thread():
            thread.join(timeout=5)
    return halt
