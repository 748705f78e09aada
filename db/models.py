"""SQLModel tables of the match history.

Dates are stored as timezone-aware UTC.  JSON documents (options, set-up,
event payloads, score breakdowns) are stored as text so that SQLite and
PostgreSQL behave alike.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Column, DateTime, Index, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

#: Bumped with every schema change; each bump has its step in :data:`db.engine.MIGRATIONS`.
#: 2: covering indexes for the history's statistics (docs/benchmarks.md); ``match.first_seat`` and
#: ``match.seats``.
SCHEMA_VERSION = 2


def utcnow() -> datetime:
    return datetime.now(UTC)


def first_seat(setup: dict[str, Any]) -> int:
    """The seat that plays first, from a set-up record (Robby Solo calls it the first gentleman).

    >>> first_seat({"first_player": 2}), first_seat({"first_gentleman": 1}), first_seat({})
    (2, 1, 0)
    """
    value = setup.get("first_player", setup.get("first_gentleman"))
    return int(value) if isinstance(value, int) else 0


def _when() -> Column:  # type: ignore[type-arg]
    return Column(DateTime(timezone=True), nullable=False)


class Meta(SQLModel, table=True):
    """Key/value facts about the database itself (schema version) and settings."""

    key: str = Field(primary_key=True, max_length=64)
    value: str = Field(sa_column=Column(Text, nullable=False))


class Player(SQLModel, table=True):
    """A person who plays across many matches."""

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=80, index=True)
    created_at: datetime = Field(default_factory=utcnow, sa_column=_when())


class Match(SQLModel, table=True):
    __table_args__ = (
        # Version 2 (was status, ended_at): the history list's order, and the per-game counts, places
        # and date filters of the statistics, from the index alone.
        Index("ix_match_status_ended_game", "status", "ended_at", "game", "place"),
        # Version 2: a game's statistics read the dates and the seats from the index alone (was game,
        # status), never the wide rows with their set-up and sheet JSON.
        Index("ix_match_game_status_times", "game", "status", "started_at", "ended_at", "first_seat", "seats"),
        # Version 2: the join from a score line to its match finds what the statistics ask there.
        Index("ix_match_id_status_game", "id", "status", "game", "ended_at", "first_seat", "seats"),
    )

    id: int | None = Field(default=None, primary_key=True)
    game: str = Field(max_length=40)
    options: str = Field(sa_column=Column(Text, nullable=False))  # JSON
    setup: str = Field(sa_column=Column(Text, nullable=False))  # JSON set-up record
    seed: str = Field(max_length=64)
    status: str = Field(default="in_progress", max_length=20)  # in_progress | finished | abandoned
    started_at: datetime = Field(default_factory=utcnow, sa_column=_when())
    ended_at: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True)))
    place: str = Field(default="", max_length=120)
    notes: str = Field(default="", sa_column=Column(Text, nullable=False, default=""))
    winner_names: str = Field(default="", max_length=400)  # denormalised for the history list
    # Version 2: the seat that played first (the set-up's first player), for the statistics.
    first_seat: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    # Version 2: the number of lines of the score sheet (0 until the match is scored).
    seats: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    sheet: str = Field(default="", sa_column=Column(Text, nullable=False, default=""))  # JSON score sheet


class Seat(SQLModel, table=True):
    __table_args__ = (UniqueConstraint("match_id", "seat_index"),)

    id: int | None = Field(default=None, primary_key=True)
    match_id: int = Field(foreign_key="match.id", index=True, ondelete="CASCADE")
    seat_index: int
    player_id: int = Field(foreign_key="player.id", index=True)
    colour: str = Field(default="", max_length=20)


class EventRow(SQLModel, table=True):
    """The append-only event log.  ``type == "undo"`` cancels the last effective event."""

    __tablename__ = "event"
    __table_args__ = (UniqueConstraint("match_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    match_id: int = Field(foreign_key="match.id", ondelete="CASCADE")
    seq: int
    type: str = Field(max_length=40)
    payload: str = Field(sa_column=Column(Text, nullable=False))  # JSON
    at: datetime = Field(default_factory=utcnow, sa_column=_when())


class ScoreRow(SQLModel, table=True):
    """One seat's line of a finished match's score sheet."""

    __tablename__ = "score"
    __table_args__ = (
        UniqueConstraint("match_id", "seat_index"),
        # Version 2: covering indexes, so that statistics never read the wide rows (was match_id
        # and player_id alone).
        Index("ix_score_player_totals", "player_id", "match_id", "total", "winner", "rank", "seat_index"),
        Index("ix_score_match_totals", "match_id", "seat_index", "total", "winner", "player_id", "rank"),
    )

    id: int | None = Field(default=None, primary_key=True)
    match_id: int = Field(foreign_key="match.id", ondelete="CASCADE")
    seat_index: int
    player_id: int | None = Field(default=None, foreign_key="player.id")  # None: virtual
    name: str = Field(max_length=80)
    total: int
    rank: int
    winner: bool = False
    breakdown: str = Field(sa_column=Column(Text, nullable=False))  # JSON
