"""The store's session: every write either commits whole or raises a clear :class:`StoreError`,
and every commit tells the other processes on the same database which matches it touched.

A full disk, a read-only file or server, a locked or unreachable database: the driver's error is
turned into a :class:`db.errors.StorageError` in French and English, the transaction is rolled
back (nothing half-written), and the same write succeeds once the cause is gone.

Each commit that wrote a match's rows (its seats, events, lines, seat links) names the match to
the other processes: on SQLite one ``change_feed`` row per match in the same transaction (read
by :mod:`db.watch` when ``PRAGMA data_version`` moves); on PostgreSQL a ``NOTIFY compagnon``
with ``origin:match_id``, delivered at commit.  A write to players names no match (``None``):
every page may have to change.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import event, insert, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import UOWTransaction
from sqlmodel import Session

from db.errors import storage_error
from db.models import ChangeRow, HostDevice, Match, Meta

CHANNEL = "compagnon"  # PostgreSQL's LISTEN/NOTIFY channel
KEEP_CHANGES = 5000  # change_feed rows kept (a watcher polls every fraction of a second)
_SILENT = (Meta, HostDevice, ChangeRow)  # what no page shows


class WriteSession(Session):
    """:class:`sqlmodel.Session` (``expire_on_commit=False``) whose flushes and commits raise
    :class:`db.errors.StorageError` for the storage's failures, and whose commits announce the
    matches they touched (``origin``: the writing store's id, so that it ignores its own writes)."""

    def __init__(self, engine: Engine, origin: str) -> None:
        super().__init__(engine, expire_on_commit=False)
        self.origin = origin
        self.touched: set[int | None] = set()

    def flush(self, objects: Any = None) -> None:
        try:
            super().flush(objects)
        except DBAPIError as exc:
            self._fail(exc)

    def commit(self) -> None:
        try:
            super().flush()
            if self.touched:
                self._announce()
            super().commit()
        except DBAPIError as exc:
            self._fail(exc)
        finally:
            self.touched.clear()

    def _fail(self, exc: DBAPIError) -> None:
        error = storage_error(exc)
        if error is None:
            raise exc
        self.rollback()
        raise error from exc

    def _announce(self) -> None:
        if self.get_bind().dialect.name == "postgresql":
            for match_id in self.touched:
                self.execute(text("SELECT pg_notify(:channel, :payload)"),
                             {"channel": CHANNEL, "payload": f"{self.origin}:{'' if match_id is None else match_id}"})
            return
        conn = self.connection()
        for match_id in self.touched:
            newest = conn.execute(insert(ChangeRow).values(match_id=match_id, origin=self.origin)).inserted_primary_key
            if newest and newest[0] % 500 == 0:  # now and then: prune
                conn.execute(text("DELETE FROM change_feed WHERE id < :low"), {"low": newest[0] - KEEP_CHANGES})


@event.listens_for(WriteSession, "after_flush")
def _note_touched(session: Session, _flush: UOWTransaction) -> None:
    if not isinstance(session, WriteSession):
        return
    for obj in (*session.new, *session.dirty, *session.deleted):
        if isinstance(obj, _SILENT):
            continue
        if isinstance(obj, Match):
            session.touched.add(obj.id)
        else:
            session.touched.add(getattr(obj, "match_id", None))
