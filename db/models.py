"""SQLModel tables of the match history.

Dates are stored as timezone-aware UTC.  JSON documents (options, set-up,
event payloads, score breakdowns) are stored as text so that SQLite and
PostgreSQL behave alike.
"""

from __future__ import annotations

import json
import secrets
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import BigInteger, Column, DateTime, Index, Text, UniqueConstraint, event, false, true
from sqlmodel import Field, SQLModel

from scoring import cards

#: Bumped with every schema change; each bump has its step in :data:`db.engine.MIGRATIONS`.
#: 2: covering indexes for the history's statistics (docs/benchmarks.md); ``match.first_seat`` and
#: ``match.seats``.  3: each score line carries copies of its match's game, end and status and its
#: place in the turn order (``score.game``, ``ended_at``, ``finished``, ``turn_pos``), so that the statistics
#: aggregate the score lines from an index without joining the matches.  4: per-game running totals
#: (:class:`GameSummary`, :class:`GameScore`) and per-player ones (:class:`PlayerSummary`), kept by
#: triggers (:mod:`db.summary`), so that a game's or a player's unfiltered statistics read a few rows
#: instead of aggregating every match and line.  5: each match's unguessable ``code`` (links name a
#: match by it, not by its row id), the devices granted host rights (:class:`HostDevice`) and the
#: feed of changes other processes watch (:class:`ChangeRow`).  6: the games as records
#: (:class:`GameRow`); a score-pad play's ``match.game`` is ``pad:<key>``, its named game's key
#: (:mod:`db.games`), so that every statistic treats each named game as a game of its own.  7: plays
#: that do not count for statistics (``match.counts``, :func:`counts_for_stats`: a score-pad play with
#: its option ``counts`` off, a BG Stats play marked ``ignored``), whose score lines are not counted
#: (``score.finished`` false); per-pair (:class:`PairSummary`) and per-turn-position
#: (:class:`SeatSummary`) running totals for head to head and turn order; indexes for the player-count
#: filter.  8: each score line carries copies of its match's place, number of lines and options
#: (``score.place``, ``seats``, ``options``, kept by a trigger when the match changes), so that no
#: statistic joins the matches; running totals per calendar month (:class:`MatchMonth`,
#: :class:`LineMonth`, :class:`PlayerMonth`) and per place and player count (:class:`PlayerPlace`), so
#: that a period, a place or a player count reads whole months of totals plus the rows of at most
#: two partial months (:mod:`db.cubes`).  9: indexes whose columns lead with every equality the
#: statistics and the history ask, so that the planner picks them with or without statistics: a
#: player's lines of one game (:class:`ScoreRow`, ``ix_score_player_game``), a player's seat at one match
#: (:class:`Seat`, ``ix_seat_match_player``); the planner's statistics gathered (``ANALYZE``).  10: the
#: duels per place and player count (:class:`PairPlace`), so that head to head under a place or a player
#: count reads a player's few thousand rows of totals instead of pairing every line of their matches.  11:
#: each line's copy of its match's start (``score.started_at``) and the lines of the matches each real
#: player sat at per game, set-up and turn position, and per game and total (:class:`PlayerMatchTurn`,
#: :class:`PlayerMatchTotal`), so that a game's sections under a player read a few hundred rows of totals
#: instead of the player's matches and every line of them.
SCHEMA_VERSION = 11

#: bytes of randomness in a match's code (22 URL-safe characters)
CODE_BYTES = 16


def utcnow() -> datetime:
    return datetime.now(UTC)


def new_code() -> str:
    """A match's code: :data:`CODE_BYTES` random bytes from :mod:`secrets`, URL-safe."""
    return secrets.token_urlsafe(CODE_BYTES)


def first_seat(slug: str, setup: dict[str, Any]) -> int:
    """The seat that plays first, from a set-up record, under the key the game's card names.

    >>> first_seat("apaches", {"first_player": 2}), first_seat("robby-solo", {"first_gentleman": 1})
    (2, 1)
    >>> first_seat("apaches", {}), first_seat("chess", {"first_player": 1})
    (0, 1)
    """
    known = cards()
    if slug.startswith("pad:"):  # a score-pad game (db.games.engine_slug)
        slug = "score-pad"
    key = known[slug].first_seat_key if slug in known else "first_player"
    value = setup.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def counts_for_stats(options: str | None, setup: str | None) -> bool:
    """Whether a play counts for statistics, from its options' and set-up's JSON: not a score-pad play
    whose option ``counts`` is off, nor a BG Stats play marked ``ignored`` (kept in its set-up record,
    ``bgstats.play.ignored``; a score-pad play from BG Stats has its option ``counts`` too).  Such a
    play stays in the history; :data:`db.engine.MIGRATIONS` (version 7) reads the same.

    >>> counts_for_stats('{"counts": false}', '{}'), counts_for_stats('{}', '{"bgstats": {"play": {"ignored": 1}}}')
    (False, False)
    >>> counts_for_stats('{"counts": true}', '{"bgstats": {"play": {"ignored": false}}}'), counts_for_stats(None, "x")
    (True, True)
    """
    def document(text: str | None) -> dict[str, Any]:
        try:
            value = json.loads(text or "{}")
        except ValueError:
            return {}
        return value if isinstance(value, dict) else {}

    if document(options).get("counts", True) in (False, 0):
        return False
    carried = document(setup).get("bgstats")
    play = carried.get("play") if isinstance(carried, dict) else None
    return not (isinstance(play, dict) and play.get("ignored") not in (None, False, 0))


def turn_position(seat_index: int, first: int, seats: int) -> int | None:
    """A score line's place in the turn order: 0 for the first player, counting on around the table
    of ``seats`` lines (``None`` for a match with no line count).  :data:`db.engine.MIGRATIONS`
    computes the same in SQL for the lines written before version 3.

    >>> turn_position(2, 2, 4), turn_position(0, 2, 4), turn_position(1, 0, 3), turn_position(0, 0, 0)
    (0, 2, 1, None)
    """
    return (seat_index - first) % seats if seats > 0 else None


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
        # Version 2 (was status, ended_at): the history list's order, and the per-game counts
        # and date filters of the statistics, from the index alone.
        # Version 7: with ``counts`` and ``seats`` (the plays that count, the player-count filter).
        Index("ix_match_status_ended_game", "status", "ended_at", "game", "place", "counts", "seats"),
        # Version 2: a game's statistics read the dates and the seats from the index alone (was game,
        # status), never the wide rows with their set-up and sheet JSON.
        # Version 7: with ``counts``.
        Index("ix_match_game_status_times", "game", "status", "started_at", "ended_at", "first_seat", "seats",
              "counts"),
        # Version 3: a game's set-ups read their options and dates from the index alone.
        # Version 7: with ``counts``.
        Index("ix_match_game_status_options", "game", "status", "options", "started_at", "ended_at", "first_seat",
              "id", "counts"),
        # Version 3: the place filter's list of places, from the index alone.
        # Version 7 (was status, place, id): the place filter's counts per game, from the index alone.
        Index("ix_match_status_place", "status", "place", "counts", "game", "ended_at", "seats", "id"),
        # Version 2: the join from a score line to its match (a player's matches per game) finds
        # what the statistics ask there.
        Index("ix_match_id_status_game", "id", "status", "game", "ended_at", "first_seat", "seats"),
        # Version 7: the player-count filter (the matches of N players), from the index alone.
        Index("ix_match_status_seats", "status", "seats", "counts", "game", "ended_at", "place", "id"),
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
    # Version 5: what links name the match by (never the guessable row id); every writer gets one.
    code: str = Field(default_factory=new_code, max_length=32, unique=True, index=True)
    # Version 7: whether the play counts for statistics (:func:`counts_for_stats` of its options and
    # set-up, kept by :func:`_counts_follow`); a play that does not stays in the history.
    counts: bool = Field(default=True, sa_column_kwargs={"server_default": true()})


@event.listens_for(Match, "before_insert")
@event.listens_for(Match, "before_update")
def _counts_follow(_mapper: Any, _connection: Any, match: Match) -> None:
    """Every writer through the ORM (the store, a restored backup, a BG Stats import) stores
    ``match.counts`` from the options and set-up it writes: none of them needs to know of it."""
    match.counts = counts_for_stats(match.options, match.setup)


class GameRow(SQLModel, table=True):
    """Version 6: a game of the history: one of the engines (its slug) or a game played on the score
    pad (``pad:<key>``, :func:`db.games.pad_key`), with its name as first written, its BoardGameGeek
    id (0: none), how it is scored (``engine``, or the pad's ``high``/``low``/``coop``/``teams``) and
    its colour."""

    __tablename__ = "game"

    key: str = Field(primary_key=True, max_length=40)
    name: str = Field(max_length=80)
    bgg_id: int = Field(default=0)
    kind: str = Field(default="engine", max_length=10)
    colour: str = Field(default="", max_length=9)


class Seat(SQLModel, table=True):
    # Version 9: whether a player sat at a match, one probe (the history's player filter walks the matches
    # newest first and asks this of each; by the player's index alone it read all their seats each time).
    __table_args__ = (UniqueConstraint("match_id", "seat_index"),
                      Index("ix_seat_match_player", "match_id", "player_id"))

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
    """One seat's line of a finished match's score sheet.

    ``game``, ``ended_at``, ``finished`` and ``turn_pos`` (version 3), ``place``, ``seats`` and
    ``options`` (version 8), ``started_at`` (version 11) are copies of what the statistics need from the
    match, written with the line by :func:`score_line` (and kept by a trigger when the match's change).  ``finished`` is
    true when the match is finished *and counts for statistics* (version 7, ``match.counts``; the
    triggers of :mod:`db.summary` keep it so when either changes).  Lines are
    written when a match finishes (or is restored or imported), and a finished match's game, end,
    status, first seat and line count never change afterwards.
    """

    __tablename__ = "score"
    __table_args__ = (
        UniqueConstraint("match_id", "seat_index"),
        # Covering indexes, so that statistics never read the wide rows nor join the matches.
        # Version 3 (was player_id, match_id, total, winner, rank, seat_index): a player's lines.
        # Version 8: with the place and the number of lines.
        Index("ix_score_player_lines", "player_id", "finished", "ended_at", "game", "total", "winner", "turn_pos",
              "rank", "match_id", "place", "seats"),
        # Version 9: a player's lines of one game (a game's sections under a player start there: three
        # equal columns, so the planner prefers it to the game's lines even without statistics).
        Index("ix_score_player_game", "player_id", "finished", "game", "ended_at", "place", "seats", "match_id",
              "total", "winner", "turn_pos", "rank"),
        # Version 3: every player's wins (the standings), from a narrow index.
        Index("ix_score_player_wins", "player_id", "finished", "winner"),
        # Version 3: a game's lines.  Version 8: with the place and the number of lines.
        Index("ix_score_game_lines", "game", "finished", "ended_at", "total", "winner", "turn_pos", "player_id",
              "match_id", "place", "seats"),
        # Version 8: a game's lines of N players (the distribution under a player-count filter).
        Index("ix_score_game_seats", "game", "finished", "seats", "place", "ended_at", "total", "winner",
              "turn_pos"),
        # Version 8: the lines of a span of time (the partial months of a period).
        Index("ix_score_ended", "finished", "ended_at", "game", "place", "seats", "player_id", "winner", "turn_pos",
              "total", "options"),
        # Version 2: a match's lines (the history list, the other side of head-to-head).  Version 8: with
        # the turn position (a player's matches' lines under a filter, from the index alone).
        Index("ix_score_match_totals", "match_id", "seat_index", "total", "winner", "player_id", "rank", "turn_pos"),
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
    # Version 3: copies from the match (see the class's docstring).
    game: str = Field(default="", max_length=40, sa_column_kwargs={"server_default": ""})
    ended_at: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True)))
    finished: bool = Field(default=False, sa_column_kwargs={"server_default": false()})  # and match.counts
    turn_pos: int | None = Field(default=None)  # db.models.turn_position: 0 for the first player
    # Version 8: copies of the match's place, number of lines and options (the statistics' filters and
    # set-ups); a change of the match's is copied onto its lines by a trigger (db.summary.follow_ddl).
    place: str = Field(default="", max_length=120, sa_column_kwargs={"server_default": ""})
    seats: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    options: str = Field(default="{}", sa_column=Column(Text, nullable=False, server_default="{}"))
    # Version 11: a copy of the match's start (a match's length from its lines: PlayerMatchTurn).
    started_at: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True)))


def score_line(match: Match, seat_index: int, **fields: Any) -> ScoreRow:
    """A line of ``match``'s score sheet, with its copies of the match (version 3) filled in:
    every writer of score lines builds them here.  ``match`` has its final status, end and seats."""
    assert match.id is not None, "the match is written (flushed) before its lines"
    return ScoreRow(match_id=match.id, seat_index=seat_index, game=match.game, ended_at=match.ended_at,
                    finished=match.status == "finished" and counts_for_stats(match.options, match.setup),
                    turn_pos=turn_position(seat_index, match.first_seat, match.seats), place=match.place,
                    seats=match.seats, options=match.options, started_at=match.started_at, **fields)


def _count(kind: Any = None) -> Column:  # type: ignore[type-arg]
    return Column(kind or BigInteger, nullable=False, server_default="0")


class GameSummary(SQLModel, table=True):
    """Version 4: one game's running totals over its finished matches and their score lines.

    Never written by the app: the triggers of :mod:`db.summary` add a finished match or score line
    when it is inserted (or becomes finished) and take it away when it is deleted (or changes),
    in the same transaction as the write.  Every column is an integer sum, so the totals are the
    same whatever order the writes came in; ``db.summary.expected`` recomputes them from the
    matches and lines.
    """

    __tablename__ = "game_summary"

    game: str = Field(primary_key=True, max_length=40)
    matches: int = Field(default=0, sa_column=_count())  # finished matches
    timed: int = Field(default=0, sa_column=_count())  # of which with an end (all, in practice)
    microseconds: int = Field(default=0, sa_column=_count())  # their lengths, summed
    lines: int = Field(default=0, sa_column=_count())  # the score lines of the finished matches
    score_sum: int = Field(default=0, sa_column=_count())  # their totals, summed
    first_seat_wins: int = Field(default=0, sa_column=_count())  # lines at turn position 0 that won


class GameScore(SQLModel, table=True):
    """Version 4: how many score lines of a game's finished matches have each total (kept by the
    triggers of :mod:`db.summary`; a total no line has any more is deleted).  The lowest and the
    highest score, and the score distribution's buckets, are read from these few rows."""

    __tablename__ = "game_score"

    game: str = Field(primary_key=True, max_length=40)
    total: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    lines: int = Field(default=0, sa_column=_count())


class PlayerSummary(SQLModel, table=True):
    """Version 4: one real player's running totals in one game, over their lines of finished matches
    (kept by the triggers of :mod:`db.summary`; a row whose last line goes is deleted).  ``best``
    is the highest total: raised as lines come, recounted from the player's lines when the line
    that held it goes."""

    __tablename__ = "player_summary"

    player_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    game: str = Field(primary_key=True, max_length=40)
    played: int = Field(default=0, sa_column=_count())
    won: int = Field(default=0, sa_column=_count())
    score_sum: int = Field(default=0, sa_column=_count())
    best: int | None = Field(default=None, sa_column=Column(BigInteger))


class PairSummary(SQLModel, table=True):
    """Version 7: one real player's duels against another in one game, over the counted matches where
    both sat (kept by the triggers of :mod:`db.summary`): met, won (a better rank), lost (a worse
    one); ties are the rest.  ``db.stats.head_to_head`` reads these rows instead of pairing lines."""

    __tablename__ = "pair_summary"

    player_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    other_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    game: str = Field(primary_key=True, max_length=40)
    met: int = Field(default=0, sa_column=_count())
    wins: int = Field(default=0, sa_column=_count())
    losses: int = Field(default=0, sa_column=_count())


class SeatSummary(SQLModel, table=True):
    """Version 7: the counted score lines per player (0: a virtual player), game and place in the turn
    order (-1: none): played, won, their totals summed (kept by the triggers of :mod:`db.summary`).
    ``db.stats.seat_effect`` sums these rows per position, for a game or for a player."""

    __tablename__ = "seat_summary"

    player_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    game: str = Field(primary_key=True, max_length=40)
    turn_pos: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    played: int = Field(default=0, sa_column=_count())
    won: int = Field(default=0, sa_column=_count())
    score_sum: int = Field(default=0, sa_column=_count())


def _key_text() -> Column:  # type: ignore[type-arg]
    return Column(Text, primary_key=True, nullable=False)


class MatchMonth(SQLModel, table=True):
    """Version 8: the counted matches per game, calendar month of their end (``YYYYMM`` in UTC; 0: no
    end), place, number of lines and options: how many, how many with an end, their summed lengths in
    microseconds.  Kept by the triggers of :mod:`db.summary` (:mod:`db.cubes` declares it); the
    matches per game and a game's matches and set-ups under a period, place or player count read
    these few thousand rows (plus the rows of at most two partial months)."""

    __tablename__ = "match_month"

    game: str = Field(primary_key=True, max_length=40)
    month: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    place: str = Field(primary_key=True, max_length=120)
    seats: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    options: str = Field(sa_column=_key_text())
    matches: int = Field(default=0, sa_column=_count())
    timed: int = Field(default=0, sa_column=_count())
    microseconds: int = Field(default=0, sa_column=_count())


class LineMonth(SQLModel, table=True):
    """Version 8: the counted score lines per game, month, place, number of lines, options and turn
    position (-1: none): how many, won, their totals summed, the winners' totals summed (a game's
    average score and first player's wins, its turn order and its set-ups' winners)."""

    __tablename__ = "line_month"

    game: str = Field(primary_key=True, max_length=40)
    month: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    place: str = Field(primary_key=True, max_length=120)
    seats: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    options: str = Field(sa_column=_key_text())
    turn_pos: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    lines: int = Field(default=0, sa_column=_count())
    won: int = Field(default=0, sa_column=_count())
    score_sum: int = Field(default=0, sa_column=_count())
    won_score: int = Field(default=0, sa_column=_count())


class PlayerMonth(SQLModel, table=True):
    """Version 8: a real player's counted lines per game and month: played, won (the standings and a
    player's matches per game under a period)."""

    __tablename__ = "player_month"
    # The key leads with the month (a period's rows are a range of it); a player's rows by their index.
    __table_args__ = (Index("ix_player_month_player", "player_id", "month", "game", "played", "won"),)

    month: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    game: str = Field(primary_key=True, max_length=40)
    player_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    played: int = Field(default=0, sa_column=_count())
    won: int = Field(default=0, sa_column=_count())


class PlayerPlace(SQLModel, table=True):
    """Version 8: a real player's counted lines per game, place and number of lines: played, won (the
    standings and a player's matches per game under a place or a player count)."""

    __tablename__ = "player_place"
    # The key leads with the place; a player count's rows and a player's by their indexes.
    __table_args__ = (Index("ix_player_place_seats", "seats", "game", "player_id", "played", "won"),
                      Index("ix_player_place_player", "player_id", "place", "seats", "game", "played", "won"))

    place: str = Field(primary_key=True, max_length=120)
    seats: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    game: str = Field(primary_key=True, max_length=40)
    player_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    played: int = Field(default=0, sa_column=_count())
    won: int = Field(default=0, sa_column=_count())


class PairPlace(SQLModel, table=True):
    """Version 10: :class:`PairSummary` per place and number of lines of the match as well: one real
    player's duels against another in one game at one place with one number of lines (kept by the
    triggers of :mod:`db.summary`).  ``db.stats.head_to_head`` under a place or a player count (no
    period) sums a player's rows of it: pairing the lines of the keenest player's matches cost 15 to
    100 ms at 100 000 matches (docs/benchmarks.md)."""

    __tablename__ = "pair_place"
    # The key leads with the player and the place; a player count alone by the second index (both cover
    # the sums, so that a player's rows are read from one index).
    __table_args__ = (Index("ix_pair_place_place", "player_id", "place", "seats", "game", "other_id", "met", "wins",
                            "losses"),
                      Index("ix_pair_place_seats", "player_id", "seats", "game", "place", "other_id", "met", "wins",
                            "losses"))

    player_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    place: str = Field(primary_key=True, max_length=120)
    seats: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    game: str = Field(primary_key=True, max_length=40)
    other_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    met: int = Field(default=0, sa_column=_count())
    wins: int = Field(default=0, sa_column=_count())
    losses: int = Field(default=0, sa_column=_count())


class PlayerMatchTurn(SQLModel, table=True):
    """Version 11: the counted lines of the matches a real player sat at (theirs and everyone else's, virtual
    players included), per game, set-up (the options) and turn position (-1: none): how many, won, their
    totals summed, the winners' totals summed; and the player's own lines among them (one per match): how
    many (the matches), with an end, the matches' lengths in microseconds.  Kept by the triggers of
    :mod:`db.summary`; a game's card, turn order and set-ups under a player (``db.stats.game_figures``) sum
    the player's few dozen rows instead of reading their matches and every line of them."""

    __tablename__ = "player_match_turn"

    player_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    game: str = Field(primary_key=True, max_length=40)
    options: str = Field(sa_column=_key_text())
    turn_pos: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    lines: int = Field(default=0, sa_column=_count())
    won: int = Field(default=0, sa_column=_count())
    score_sum: int = Field(default=0, sa_column=_count())
    won_score: int = Field(default=0, sa_column=_count())
    matches: int = Field(default=0, sa_column=_count())
    timed: int = Field(default=0, sa_column=_count())
    microseconds: int = Field(default=0, sa_column=_count())


class PlayerMatchTotal(SQLModel, table=True):
    """Version 11: the counted lines of the matches a real player sat at, per game and total (a game's
    lowest and highest score and score distribution under a player)."""

    __tablename__ = "player_match_total"

    player_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    game: str = Field(primary_key=True, max_length=40)
    total: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    lines: int = Field(default=0, sa_column=_count())


class HostDevice(SQLModel, table=True):
    """Version 5: a device the host gave host rights to (a tablet), by a key of its own.
    ``revoked_at`` set: the key grants nothing any more.  The server's own master key is a row of
    :class:`Meta` (``host_key``), never part of a backup."""

    __tablename__ = "host_device"

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(max_length=64, unique=True, index=True)
    label: str = Field(default="", max_length=80)
    granted_at: datetime = Field(default_factory=utcnow, sa_column=_when())
    revoked_at: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True)))


class ChangeRow(SQLModel, table=True):
    """Version 5: one committed write of one process (``origin``) to one match (``match_id``; ``None``:
    players or the whole history), so that the other processes on the same SQLite file learn of it
    (:mod:`db.watch`; PostgreSQL is told by ``NOTIFY`` instead).  Old rows are pruned as new ones come."""

    __tablename__ = "change_feed"

    id: int | None = Field(default=None, primary_key=True)
    match_id: int | None = Field(default=None)
    origin: str = Field(max_length=32)
