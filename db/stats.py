"""Statistics of the match history, aggregated in the database.

Every figure is one ``GROUP BY`` / ``COUNT`` / ``AVG`` / ``MAX`` computed by the
database (SQLite or PostgreSQL): no Python loop ever walks the rows of the
history, so a club's 100 000 matches cost the same round trips as ten.  Only
finished matches count; an abandoned or running match is not played yet.
Every function takes optional :class:`Filters` (date range, game, player, place, player count).

Under a period, a place or a player count (no player), the figures read the running totals per
month, place and player count of :mod:`db.cubes` (schema version 8): whole months from the totals,
the rows of at most two partial months; a player's own sections read the player's lines (an index
range of at most their few thousand lines); :func:`row_wise` turns every shortcut off (the tests'
and the benchmark's reference).

The figures over score lines read the lines' own copies of their match's game and end and
their place in the turn order (schema version 3, :class:`db.models.ScoreRow`) from covering
indexes, without joining the matches (a line knows whether its match is finished).  Names are
joined only after grouping (a few hundred players, not every line).

>>> from db.store import Store
>>> store = Store("sqlite://")
>>> lea = store.add_player("Léa").id
>>> player_stats(store, lea).games
()
>>> game_stats(store, "apaches").matches
0
>>> h_index(store)
0
"""

from __future__ import annotations

import heapq
import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from functools import lru_cache
from typing import Any

from sqlalchemy import Float, and_, any_, bindparam, case, func, text, true, type_coerce
from sqlalchemy import select as core_select
from sqlalchemy.engine import Connection
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.orm import aliased
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.elements import BindParameter, ColumnElement, Label
from sqlalchemy.sql.functions import FunctionElement
from sqlalchemy.types import NullType
from sqlmodel import Session, col, select

from db.cubes import LINE_MONTH, MATCH_MONTH, PLAYER_MONTH, PLAYER_PLACE, Cube, Sums, answers, instant, per_key, sums
from db.engine import reads
from db.errors import StoreError
from db.models import (
    EventRow,
    GameScore,
    GameSummary,
    Match,
    PairPlace,
    PairSummary,
    Player,
    PlayerMatchTotal,
    PlayerMatchTurn,
    PlayerSummary,
    ScoreRow,
    SeatSummary,
)
from db.prepared import fetch
from db.store import Store
from scoring import Tr
from scoring.core import quote

FINISHED = "finished"
#: where a statistic reads: a store (a connection of its own), a connection, or a session (its transaction)
Source = Session | Store | Connection


@dataclass(frozen=True)
class Filters:
    """Which finished matches a statistic looks at.  Every field is optional.

    ``since`` and ``until`` bound the end of the match: ``since <= ended_at < until`` (a ``date``
    means its midnight UTC, so ``until=date(2025, 3, 2)`` keeps all of 1 March).  ``player_id``
    keeps the matches that player sat at (in a player's own statistics it is ignored: they are
    theirs already).  ``place`` is compared exactly, as the history stores it.  ``players`` keeps
    the matches of that many seats (the lines of their score sheets, virtual players included).

    Whatever the filters, a play that does not count for statistics (``match.counts`` false: a
    score-pad play with its option ``counts`` off, a BG Stats play marked ``ignored``) is left out.
    """

    since: date | datetime | None = None
    until: date | datetime | None = None
    game: str | None = None
    player_id: int | None = None
    place: str | None = None
    players: int | None = None

    def conditions(self, *, with_player: bool = True, counted: bool = False) -> list[ColumnElement[bool]]:
        """The filter on matches: the finished ones (an export's), or with ``counted`` those that count
        for statistics (the statistics')."""
        conds: list[ColumnElement[bool]] = [col(Match.status) == FINISHED]
        if counted:
            conds.append(col(Match.counts) == true())
        if self.since is not None:
            conds.append(col(Match.ended_at) >= _instant(self.since))
        if self.until is not None:
            conds.append(col(Match.ended_at) < _instant(self.until))
        if self.game:
            conds.append(col(Match.game) == self.game)
        if self.place is not None:
            conds.append(col(Match.place) == self.place)
        if self.players is not None:
            conds.append(col(Match.seats) == self.players)
        if with_player and self.player_id is not None:
            conds.append(col(Match.id).in_(self._players_matches(ScoreRow) if counted else
                                           select(ScoreRow.match_id).where(ScoreRow.player_id == self.player_id)))
        return conds

    def _players_matches(self, mine: Any) -> Any:
        """The ids of the counted matches the filter's player sat at, narrowed by the game and the dates
        the player's own lines carry (their covering index answers; the smaller the list, the fewer
        lines the statement reads after it)."""
        conds: list[ColumnElement[bool]] = [col(mine.player_id) == self.player_id, col(mine.finished) == true()]
        if self.game:
            conds.append(col(mine.game) == self.game)
        if self.since is not None:
            conds.append(col(mine.ended_at) >= _instant(self.since))
        if self.until is not None:
            conds.append(col(mine.ended_at) < _instant(self.until))
        return select(mine.match_id).where(*conds)

    def line_conditions(self, line: Any = ScoreRow, *, with_player: bool = True) -> list[ColumnElement[bool]]:
        """The same filter on score lines (``line``: :class:`ScoreRow` or an alias of it), from
        their own columns (``finished``: the match is finished and counts; version 8: the place and
        the number of lines too).  Within :func:`row_wise` the place and the number of players are
        asked of the matches instead (a subquery), as the straightforward reference."""
        conds: list[ColumnElement[bool]] = [col(line.finished) == true()]
        if self.since is not None:
            conds.append(col(line.ended_at) >= _instant(self.since))
        if self.until is not None:
            conds.append(col(line.ended_at) < _instant(self.until))
        if self.game:
            conds.append(col(line.game) == self.game)
        joined = _ROW_WISE.get()
        if self.place is not None:
            conds.append(col(line.match_id).in_(select(Match.id).where(col(Match.status) == FINISHED,
                                                                       col(Match.place) == self.place))
                         if joined else col(line.place) == self.place)
        if self.players is not None:
            conds.append(col(line.match_id).in_(select(Match.id).where(col(Match.status) == FINISHED,
                                                                       col(Match.seats) == self.players))
                         if joined else col(line.seats) == self.players)
        if with_player and self.player_id is not None:
            conds.append(col(line.match_id).in_(self._players_matches(aliased(ScoreRow))))
        return conds

    def at_most_game_and_player(self) -> bool:
        """Whether no period, place nor player count is asked (``replace(self, game=None, player_id=None) ==
        NO_FILTERS``, without making a copy: the screen asks it a few times per section)."""
        return self.since is None and self.until is None and self.place is None and self.players is None

    def cube_where(self) -> dict[str, Any]:
        """The filters a running total of :mod:`db.cubes` compares (its :func:`db.cubes.sums`' keywords)."""
        return {"since": self.since, "until": self.until, "game": self.game or None, "place": self.place,
                "players": self.players, "rows": _ROW_WISE.get()}


NO_FILTERS = Filters()


@lru_cache(maxsize=256)
def _of_game(filters: Filters, slug: str) -> Filters:
    """``replace(filters, game=slug)``, made once per filter: a section asks it at every read, and a copy of a
    frozen dataclass costs more than a read of a few running totals' rows (1.4 µs against 0.2)."""
    return replace(filters, game=slug)


@lru_cache(maxsize=256)
def _no_player_filter(filters: Filters) -> Filters:
    """``replace(filters, player_id=None)``, made once per filter (see :func:`_of_game`)."""
    return replace(filters, player_id=None)


_instant = instant

_ROW_WISE: ContextVar[bool] = ContextVar("row_wise", default=False)


@contextmanager
def row_wise() -> Iterator[None]:
    """Within it, every statistic is aggregated over the rows the straightforward way (the place and
    player-count filters through the matches), never read from a running total: the reference the
    tests and the benchmark compare the fast paths with."""
    token = _ROW_WISE.set(True)
    try:
        yield
    finally:
        _ROW_WISE.reset(token)


@dataclass(frozen=True)
class GameRecord:
    """One game's line in a player's statistics."""

    game: str
    played: int
    won: int
    best: int
    average: float

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


@dataclass(frozen=True)
class PlayerStats:
    player_id: int
    name: str
    games: tuple[GameRecord, ...]  # most played first (ties: by name of the game)

    @property
    def played(self) -> int:
        return sum(g.played for g in self.games)

    @property
    def won(self) -> int:
        return sum(g.won for g in self.games)

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def favourite_game(self) -> str | None:
        """The game this player played most (ties: the first by name)."""
        return self.games[0].game if self.games else None


@dataclass(frozen=True)
class Rival:
    """A player's record against one other player, counted pairwise per match.

    In a four-player match, finishing ahead of two and behind one counts one win against each
    of the two and one loss against the third.  Equal ranks (a shared victory) are ties.
    """

    player_id: int
    name: str
    matches: int
    wins: int
    losses: int
    ties: int


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """How one position in the turn order fares: 0 is the first player, 1 the next one..."""

    position: int
    played: int
    won: int
    average: float

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


@dataclass(frozen=True, slots=True)
class GameStats:
    game: str
    matches: int
    average_minutes: float | None  # from the start to the end of a match
    score_min: int | None  # over every line of every score sheet (virtual players included)
    score_avg: float | None
    score_max: int | None
    first_seat_wins: int  # matches the first player (the set-up's) won (a shared victory counts)

    @property
    def first_seat_win_rate(self) -> float | None:
        return self.first_seat_wins / self.matches if self.matches else None


@dataclass(frozen=True, slots=True)
class Bucket:
    """Score lines with ``low <= total <= high``."""

    low: int
    high: int
    count: int


@dataclass(frozen=True, slots=True)
class SetupRecord:
    """One set-up (the options chosen when the match was created) of a game, and how it went."""

    options: dict[str, Any]
    matches: int
    first_seat_wins: int
    average_winning_score: float | None
    average_minutes: float | None

    @property
    def players(self) -> int:
        return int(self.options.get("players", 0))


@dataclass(frozen=True)
class Standing:
    """One player's wins in the filtered history (the wins-per-player chart)."""

    player_id: int
    name: str
    played: int
    won: int


@dataclass(frozen=True, slots=True)
class ScorePoint:
    """One of a player's scores, for the score-over-time chart (a chart has 200 of them: with slots, a
    frozen point is made in a little over half the time)."""

    match_id: int
    game: str
    ended_at: datetime
    total: int
    winner: bool


class minutes_between(FunctionElement[float]):
    """``minutes_between(start, end)``: minutes from one timestamp to another, in the database."""

    type = Float()
    inherit_cache = True
    name = "minutes_between"


@compiles(minutes_between)
def _minutes_standard(element: minutes_between, compiler: SQLCompiler, **kw: Any) -> str:
    start, end = (compiler.process(c, **kw) for c in element.clauses)
    return f"(EXTRACT(EPOCH FROM ({end} - {start})) / 60.0)"


@compiles(minutes_between, "sqlite")
def _minutes_sqlite(element: minutes_between, compiler: SQLCompiler, **kw: Any) -> str:
    start, end = (compiler.process(c, **kw) for c in element.clauses)
    return f"((julianday({end}) - julianday({start})) * 1440.0)"


def _session(source: Source) -> tuple[Session, bool]:
    """A session and whether this module opened it (and so must close it)."""
    if isinstance(source, Store):
        return source.session(), True
    if isinstance(source, Connection):
        return Session(bind=source), True
    return source, False


class _connection:  # noqa: N801 - used as a function: ``with _connection(source) as conn``
    """A bare connection for Core statements: the store's (one pool checkout, no ORM session; outside a
    transaction on PostgreSQL, as the Statistics screen's render reads, :func:`db.engine.reads`), the
    caller's (the Statistics screen reads every section on one), or the caller's session's own (its
    transaction: it sees what that session wrote).  A class rather than a generator: a section of a
    few rows read on the screen's connection costs 20-40 µs in all, and ``contextlib``'s generator
    machinery cost 5 µs of them."""

    __slots__ = ("_source", "_opened")

    def __init__(self, source: Source) -> None:
        self._source = source
        self._opened: Connection | None = None

    def __enter__(self) -> Connection:
        source = self._source
        if isinstance(source, Connection):
            return source
        if isinstance(source, Store):
            self._opened = reads(source.engine)
            return self._opened
        return source.connection()

    def __exit__(self, *exc: object) -> None:
        if self._opened is not None:
            self._opened.close()


def _rows(source: Source, *queries: Any) -> list[list[Any]]:
    session, mine = _session(source)
    try:
        return [list(session.exec(q).all()) for q in queries]
    finally:
        if mine:
            session.close()


def _num(value: Any) -> float | None:
    return None if value is None else float(value)  # PostgreSQL's AVG is a Decimal


def _no_player(player_id: int) -> StoreError:
    """The refusal for a player id the history does not know, in the three languages."""
    return StoreError(Tr(f"aucun joueur n'a le numéro {quote(player_id)}", f"no player with id {quote(player_id)}",
                         it=f"nessun giocatore ha il numero {quote(player_id)}"))


_PLAYER_NAME = select(Player.name).where(col(Player.id) == bindparam("player_id"))


def _player_rows(source: Source, player_id: int, *queries: Any) -> tuple[str, list[list[Any]]]:
    """The player's name (:class:`db.store.StoreError` for an unknown player), then the rows of
    ``queries`` (Core statements selecting several columns), on one connection: one checkout (on
    PostgreSQL each checkout pings the server) and no ORM objects."""
    with _connection(source) as conn:
        name = _name_of(conn, player_id)
        return name, [fetch(conn, q, {"player_id": player_id}) for q in queries]


def _name_of(conn: Connection, player_id: int) -> str:
    """The player's name; :class:`db.store.StoreError` for an unknown player."""
    found = fetch(conn, _PLAYER_NAME, {"player_id": player_id})
    if not found:
        raise _no_player(player_id)
    return str(found[0][0])


_WON = func.sum(case((col(ScoreRow.winner), 1), else_=0))


def _lines(filters: Filters, *, with_player: bool = True) -> list[ColumnElement[bool]]:
    return filters.line_conditions(with_player=with_player)


def _filtered(query: Any, filters: Filters, match_id: Any, conds: list[Any]) -> Any:
    """``query`` (over score lines or matches, ``match_id`` their match's id) kept to the matches
    ``filters`` keep, ``conds`` (the filters on its own rows).  With a player (``filters.player_id``,
    ``filters.game`` the game asked), a join to the player's own lines instead, filtered by their
    copies of the match: the database starts from the player's index (a few thousand lines), then
    reads each match's lines or row by its key, whose filters are the player's line's; within
    :func:`row_wise` the conditions and an ``IN`` subquery of the player's matches, the straightforward way."""
    if filters.player_id is None or _ROW_WISE.get():
        query = query.where(*conds)
        if filters.player_id is not None:
            query = query.where(col(match_id).in_(filters._players_matches(aliased(ScoreRow))))
        return query
    me = aliased(ScoreRow)
    return query.join(me, and_(col(me.match_id) == match_id, col(me.player_id) == filters.player_id,
                               *filters.line_conditions(me, with_player=False)))


# ---------------------------------------------------------------- a player
def player_stats(source: Source, player_id: int, filters: Filters = NO_FILTERS) -> PlayerStats:
    """Matches played and won per game, win rate, best and average score of one player.

    Over the whole history (or one game's), the player's running totals (:mod:`db.summary`, a row
    per game); with a date range or a place, one aggregate over the lines of their finished
    matches' score sheets, grouped by game.  Both give the same figures (tests/test_summary.py).
    Raises :class:`db.store.StoreError` for an unknown player.
    """
    if _summarised(filters):  # the whole history, or one game's
        with _connection(source) as conn:
            rows = fetch(conn, _player_totals(filters.game), {"player_id": player_id})
        if not rows:
            raise _no_player(player_id)
        return PlayerStats(player_id, rows[0][0], tuple(
            GameRecord(game, int(n), int(w), int(best), int(total) / int(n))
            for _name, game, n, w, best, total in rows if game is not None))
    with _connection(source) as conn:
        rows = fetch(conn, _player_query(filters, _ROW_WISE.get()), {"player_id": player_id})
    if not rows:
        raise _no_player(player_id)
    games = tuple(GameRecord(game, int(n), int(w or 0), int(best), float(avg))
                  for _name, game, n, w, best, avg in rows if game is not None)
    return PlayerStats(player_id, rows[0][0], games)


@lru_cache(maxsize=8)
def _player_totals(game: str | None) -> Any:
    """:func:`player_stats` from the player's running totals (:class:`db.models.PlayerSummary`,
    kept by :mod:`db.summary`): a row per game, the player's name ``LEFT JOIN``ed to them."""
    on = [col(PlayerSummary.player_id) == col(Player.id)] + ([col(PlayerSummary.game) == game] if game else [])
    return (core_select(col(Player.name), col(PlayerSummary.game), col(PlayerSummary.played),
                        col(PlayerSummary.won), col(PlayerSummary.best), col(PlayerSummary.score_sum))
            .select_from(Player).outerjoin(PlayerSummary, and_(*on)).where(col(Player.id) == bindparam("player_id"))
            .order_by(col(PlayerSummary.played).desc(), col(PlayerSummary.game)))


@lru_cache(maxsize=64)
def _player_query(filters: Filters, _row_wise: bool) -> Any:
    """:func:`player_stats`' statement for ``filters``, the player a bound parameter: built once per
    filter (building it cost more than running it for most players), and per way of filtering the
    lines (:func:`row_wise` or not)."""
    me: BindParameter[int] = bindparam("player_id")
    played = func.count().label("played")  # COUNT(*): COUNT(id) would read the table where an index covers the rest
    per_game = (core_select(col(ScoreRow.game).label("game"), played, _WON.label("won"),
                       func.max(ScoreRow.total).label("best"), func.avg(ScoreRow.total).label("average"))
                .where(col(ScoreRow.player_id) == me, *_lines(filters, with_player=False))
                .group_by(col(ScoreRow.game)).subquery())
    # The player's name comes with the groups (a LEFT JOIN: a player who never played gets one
    # row with no game), so the whole is one statement, one round trip.
    return (core_select(col(Player.name), per_game.c.game, per_game.c.played, per_game.c.won, per_game.c.best,
                        per_game.c.average)
            .select_from(Player).outerjoin(per_game, true()).where(col(Player.id) == me)
            .order_by(per_game.c.played.desc(), per_game.c.game))


def head_to_head(source: Source, player_id: int, filters: Filters = NO_FILTERS) -> tuple[Rival, ...]:
    """The player's record against every other (real) player met, most met first.

    Each pair of lines of a match is one duel, decided by the ranks of the score sheet (which
    already apply each game's tie-breakers).  Over the whole history or one game's, the per-pair
    running totals (:mod:`db.summary`, a row per other player and game); under a place or a player count
    (no period), those per place and player count too (version 10); otherwise one self-join of
    the filtered score lines on the match, grouped by the other player.  Their names are joined to
    the few groups.  Both give the same figures (tests/test_summary.py).
    """
    params: dict[str, Any] = {"player_id": player_id}
    if _summarised(filters):
        query: Any = _pair_totals(filters.game)
    elif _by_place(filters):
        query = _pair_place_totals(bool(filters.game), filters.place is not None, filters.players is not None)
        params |= {"game": filters.game, "place": filters.place, "seats": filters.players}
    else:
        query = _pair_query(_no_player_filter(filters), _ROW_WISE.get())
    with _connection(source) as conn:
        _name_of(conn, player_id)
        rows = fetch(conn, query, params)
    return tuple(Rival(int(pid), name, int(n), int(w or 0), int(lost or 0), int(n) - int(w or 0) - int(lost or 0))
                 for pid, name, n, w, lost in rows)


def _rivals(duels: Any) -> Any:
    """The other players' names joined to the per-player groups ``duels``, most met first."""
    return (core_select(duels.c.pid, col(Player.name), duels.c.met, duels.c.wins, duels.c.losses)
            .select_from(duels).join(Player, col(Player.id) == duels.c.pid)
            .order_by(duels.c.met.desc(), func.lower(Player.name), duels.c.pid))


@lru_cache(maxsize=16)
def _pair_totals(game: str | None) -> Any:
    """:func:`head_to_head` from the per-pair running totals (:class:`db.models.PairSummary`): a row
    per other player and game, summed over the games."""
    duels = (core_select(col(PairSummary.other_id).label("pid"), func.sum(PairSummary.met).label("met"),
                         func.sum(PairSummary.wins).label("wins"), func.sum(PairSummary.losses).label("losses"))
             .where(col(PairSummary.player_id) == bindparam("player_id"),
                    *([col(PairSummary.game) == game] if game else []))
             .group_by(col(PairSummary.other_id)).subquery())
    return _rivals(duels)


def _by_place(filters: Filters) -> bool:
    """Whether ``filters`` choose at most a game, a place and a player count, one of the last two at least
    (then the duels per place and player count of version 10 answer)."""
    return (filters.since is None and filters.until is None
            and (filters.place is not None or filters.players is not None) and not _ROW_WISE.get())


@lru_cache(maxsize=16)
def _pair_place_totals(game: bool, place: bool, seats: bool) -> Any:
    """:func:`head_to_head` from the duels per place and player count (:class:`db.models.PairPlace`): the
    player's rows at the place, of the player count, of the game (each a bound parameter when asked),
    summed per other player."""
    conds = [col(PairPlace.player_id) == bindparam("player_id")]
    for asked, column, name in ((game, PairPlace.game, "game"), (place, PairPlace.place, "place"),
                                (seats, PairPlace.seats, "seats")):
        if asked:
            conds.append(col(column) == bindparam(name))
    duels = (core_select(col(PairPlace.other_id).label("pid"), func.sum(PairPlace.met).label("met"),
                         func.sum(PairPlace.wins).label("wins"), func.sum(PairPlace.losses).label("losses"))
             .where(*conds).group_by(col(PairPlace.other_id)).subquery())
    return _rivals(duels)


@lru_cache(maxsize=64)
def _pair_query(filters: Filters, _row_wise: bool) -> Any:
    """:func:`head_to_head` as one self-join of the filtered score lines (the straightforward way), the
    player a bound parameter: built once per filter and way of filtering the lines (building and compiling
    it each time cost five times running it under a narrow filter: docs/benchmarks.md)."""
    player_id: BindParameter[int] = bindparam("player_id")
    me, other = aliased(ScoreRow), aliased(ScoreRow)
    wins = func.sum(case((col(me.rank) < col(other.rank), 1), else_=0))
    losses = func.sum(case((col(me.rank) > col(other.rank), 1), else_=0))
    duels = (select(col(other.player_id).label("pid"), func.count().label("met"), wins.label("wins"),
                    losses.label("losses"))
             .select_from(me)
             .join(other, and_(col(other.match_id) == col(me.match_id), col(other.player_id) != player_id,
                               col(other.player_id).is_not(None)))
             .where(col(me.player_id) == player_id, *filters.line_conditions(me, with_player=False))
             .group_by(col(other.player_id)).subquery())
    return _rivals(duels)


def seat_effect(source: Source, filters: Filters = NO_FILTERS,
                player_id: int | None = None) -> tuple[SeatRecord, ...]:
    """Played, won and average score per position in the turn order (0: the first player).

    Over every line of the filtered matches, or over one player's lines with ``player_id``.
    The number of seats of a match is the number of lines of its score sheet (``match.seats``).
    Over the whole history or one game's, the sums of the per-position running totals
    (:mod:`db.summary`); otherwise one aggregate over the filtered lines (the same figures).
    """
    if _summarised(filters) and (player_id is not None or filters.player_id is None):
        query: Any = _seat_totals(filters.game, player_id is not None)
        with _connection(source) as conn:
            if player_id is not None:
                _name_of(conn, player_id)
            rows = fetch(conn, query, {"player_id": player_id})
        return tuple(SeatRecord(int(p), int(n), int(w), int(total) / int(n)) for p, n, w, total in rows)
    if player_id is None and filters.player_id is None and not _ROW_WISE.get():
        with _connection(source) as conn:
            per_turn = sums(conn, LINE_MONTH, ("turn_pos",), **filters.cube_where())
        return tuple(SeatRecord(int(p), n, w, total / n) for (p,), (n, w, total, _won) in sorted(per_turn.items())
                     if p is not None and p >= 0)
    if player_id is not None:
        _, (rows,) = _player_rows(source, player_id, _player_seats(_no_player_filter(filters), _ROW_WISE.get()))
    else:
        (rows,) = _rows(source, _filtered(_per_position(), filters, ScoreRow.match_id,
                                          _lines(filters, with_player=False)))
    return tuple(SeatRecord(int(p), int(n), int(w or 0), float(avg)) for p, n, w, avg in rows if p is not None)


def _per_position() -> Any:
    position: Label[int | None] = col(ScoreRow.turn_pos).label("position")  # db.models.turn_position, kept on the line
    return (select(position, func.count(), _WON, func.avg(ScoreRow.total)).select_from(ScoreRow)
            .group_by(position).order_by(position))


@lru_cache(maxsize=64)
def _player_seats(filters: Filters, _row_wise: bool) -> Any:
    """:func:`seat_effect`'s statement over one player's lines (the player a bound parameter), built once
    per filter and way of filtering the lines."""
    return _per_position().where(*_lines(filters, with_player=False),
                                 col(ScoreRow.player_id) == bindparam("player_id"))


@lru_cache(maxsize=16)
def _seat_totals(game: str | None, of_player: bool) -> Any:
    """:func:`seat_effect` from :class:`db.models.SeatSummary`: its rows summed per position (over
    every player, virtual ones included, or the one ``player_id``)."""
    played = func.sum(SeatSummary.played)
    return (core_select(col(SeatSummary.turn_pos), played, func.sum(SeatSummary.won), func.sum(SeatSummary.score_sum))
            .where(col(SeatSummary.turn_pos) >= 0,
                   *([col(SeatSummary.game) == game] if game else []),
                   *([col(SeatSummary.player_id) == bindparam("player_id")] if of_player else []))
            .group_by(col(SeatSummary.turn_pos)).having(played > 0).order_by(col(SeatSummary.turn_pos)))


def score_timeline(source: Source, player_id: int, filters: Filters = NO_FILTERS,
                   limit: int = 200) -> tuple[ScorePoint, ...]:
    """A player's last ``limit`` scores, oldest first (for the score-over-time chart)."""
    query = _timeline_query(_no_player_filter(filters), _ROW_WISE.get(), limit)
    _, (rows,) = _player_rows(source, player_id, query)
    return tuple(ScorePoint(i, g, at, t, bool(w)) for i, g, at, t, w in reversed(rows))  # integer columns


@lru_cache(maxsize=64)
def _timeline_query(filters: Filters, _row_wise: bool, limit: int) -> Any:
    """:func:`score_timeline`'s statement, the player a bound parameter: built once per filter (building
    and compiling it cost more than running it)."""
    return (core_select(col(ScoreRow.match_id), col(ScoreRow.game), col(ScoreRow.ended_at), col(ScoreRow.total),
                        col(ScoreRow.winner))
            .where(col(ScoreRow.player_id) == bindparam("player_id"), *_lines(filters, with_player=False))
            .order_by(col(ScoreRow.ended_at).desc(), col(ScoreRow.match_id).desc()).limit(limit))


# ---------------------------------------------------------------- a game
def _whole_history(filters: Filters, slug: str) -> bool:
    """Whether ``filters`` keep every finished match of the game ``slug`` (then the per-game running
    totals of :mod:`db.summary` answer)."""
    return (filters.game in (None, slug) and filters.player_id is None and filters.at_most_game_and_player()
            and not _ROW_WISE.get())


_OF_GAME: BindParameter[str] = bindparam("game")
_SUMMARY = core_select(col(GameSummary.matches), col(GameSummary.timed), col(GameSummary.microseconds),
                       col(GameSummary.lines), col(GameSummary.score_sum), col(GameSummary.first_seat_wins),
                  select(func.min(GameScore.total)).where(col(GameScore.game) == _OF_GAME).scalar_subquery(),
                  select(func.max(GameScore.total)).where(col(GameScore.game) == _OF_GAME).scalar_subquery()
                  ).where(col(GameSummary.game) == _OF_GAME)


def game_stats(source: Source, slug: str, filters: Filters = NO_FILTERS) -> GameStats:
    """Matches, average length, score distribution and the first player's wins of one game.

    The whole history of the game (no filter but the game) is one row of its running totals
    (:mod:`db.summary`, kept by the database's triggers) with the lowest and highest of its few
    distinct totals.  A filtered one is two aggregates: over the game's finished matches, then over
    their score-sheet lines (from the lines' own copies: the first player's line is the one at
    turn position 0).  Both give the same figures (tests/test_summary.py).
    """
    if not _whole_history(filters, slug):
        if filters.player_id is not None or _ROW_WISE.get():
            return _aggregated_game_stats(source, slug, filters)
        return _cube_game_stats(source, slug, _of_game(filters, slug))
    with _connection(source) as conn:
        found = fetch(conn, _SUMMARY, {"game": slug})
    if not found:
        return GameStats(slug, 0, None, None, None, None, 0)
    matches, timed, micro, lines, score_sum, firsts, low, high = found[0]
    return GameStats(slug, int(matches), int(micro) / int(timed) / 60e6 if timed else None,
                     None if low is None else int(low), int(score_sum) / int(lines) if lines else None,
                     None if high is None else int(high), int(firsts))


def _aggregated_game_stats(source: Source, slug: str, filters: Filters) -> GameStats:
    of_game = [col(Match.game) == slug, *filters.conditions(with_player=False, counted=True)]
    mine = _of_game(filters, slug)
    matches = _filtered(select(func.count(), func.avg(minutes_between(col(Match.started_at), col(Match.ended_at))))
                        .select_from(Match), mine, Match.id, of_game)
    first_wins = func.sum(case((and_(col(ScoreRow.turn_pos) == 0, col(ScoreRow.winner)), 1), else_=0))
    lines = _filtered(select(func.min(ScoreRow.total), func.avg(ScoreRow.total), func.max(ScoreRow.total), first_wins)
                      .select_from(ScoreRow), mine, ScoreRow.match_id,
                      [col(ScoreRow.game) == slug, *_lines(filters, with_player=False)])
    [(count, minutes)], [(low, avg, high, firsts)] = _rows(source, matches, lines)
    return GameStats(slug, int(count), _num(minutes), None if low is None else int(low), _num(avg),
                     None if high is None else int(high), int(firsts or 0))


def _cube_game_stats(source: Source, slug: str, filters: Filters) -> GameStats:
    """:func:`game_stats` under a period, a place or a player count (no player): the matches and their
    lengths, the lines, their summed totals and the first player's wins from the running totals per
    month (:mod:`db.cubes`); the lowest and highest total from the game's lines (an index range)."""
    extremes = select(func.min(ScoreRow.total), func.max(ScoreRow.total)).where(*_lines(filters))
    with _connection(source) as conn:
        matches = sums(conn, MATCH_MONTH, (), **filters.cube_where()).get((), [0, 0, 0])
        per_turn = sums(conn, LINE_MONTH, ("turn_pos",), **filters.cube_where())
        low, high = conn.execute(extremes).one()
    count, timed, micro = matches
    lines, score_sum = sum(v[0] for v in per_turn.values()), sum(v[2] for v in per_turn.values())
    return GameStats(slug, count, micro / timed / 60e6 if timed else None, None if low is None else int(low),
                     score_sum / lines if lines else None, None if high is None else int(high),
                     per_turn.get((0,), [0, 0])[1])


def score_distribution(source: Source, slug: str, filters: Filters = NO_FILTERS,
                       buckets: int = 8) -> tuple[Bucket, ...]:
    """How many score lines fall in each of ``buckets`` equal ranges from the lowest to the highest.

    Two queries: the range, then one ``GROUP BY`` on the bucket number computed in the database,
    over the game's lines, or for the whole history of the game over its count of lines per total
    (:class:`db.models.GameScore`, a few hundred rows).  Empty buckets are listed too (count 0),
    so that a chart shows the gaps.
    """
    if buckets < 1:
        raise ValueError(f"buckets must be at least 1, got {buckets}")
    if _whole_history(filters, slug):
        total: Any = col(GameScore.total)
        where: Any = col(GameScore.game) == slug
        count: Any = func.sum(GameScore.lines)
    else:
        total, count = col(ScoreRow.total), func.count()
        where = and_(col(ScoreRow.game) == slug, *_lines(filters, with_player=False))

    def over(*columns: Any) -> Any:
        if _whole_history(filters, slug):
            return select(*columns).where(where)
        return _filtered(select(*columns).select_from(ScoreRow), _of_game(filters, slug), ScoreRow.match_id,
                         [where])

    with _connection(source) as conn:
        low, high = conn.execute(over(func.min(total), func.max(total))).one()
        if low is None:
            return ()
        low, high = int(low), int(high)
        width = max(1, -(-(high - low + 1) // buckets))  # ceiling division: every total has a bucket
        number = ((total - low) // width).label("bucket")  # integer division, in the database
        counts = {int(b): int(n) for b, n in conn.execute(over(number, count).group_by(number))}
    last = (high - low) // width
    return tuple(Bucket(low + i * width, low + (i + 1) * width - 1, counts.get(i, 0)) for i in range(last + 1))


def setups(source: Source, slug: str, filters: Filters = NO_FILTERS) -> tuple[SetupRecord, ...]:
    """Each set-up the game was played with (its options: number of players, variants...), most
    played first: matches, how often the first player won, the winners' average score, the length.

    Grouped in the database by the options as stored (the same options are stored as the same
    text: :meth:`scoring.Game.validate_options` fixes their order).  Two aggregates, both from
    covering indexes: the matches per set-up (count, length), then their winners' lines (the
    first player's wins, the winning score).
    """
    if filters.player_id is None and not _ROW_WISE.get():
        return _cube_setups(source, _of_game(filters, slug))
    of_game = [col(Match.game) == slug, *filters.conditions(with_player=False, counted=True)]
    mine = _of_game(filters, slug)
    per_setup = _filtered(select(Match.options, func.count(), func.avg(minutes_between(col(Match.started_at),
                                                                                       col(Match.ended_at))))
                          .select_from(Match).group_by(col(Match.options)), mine, Match.id, of_game)
    firsts = func.sum(case((col(ScoreRow.turn_pos) == 0, 1), else_=0))  # the first player's line (db.models)
    winners = _filtered(select(Match.options, firsts, func.avg(ScoreRow.total))
                        .select_from(Match).join(ScoreRow, col(ScoreRow.match_id) == col(Match.id))
                        .where(col(ScoreRow.winner)).group_by(col(Match.options)), mine, Match.id, of_game)
    matches, won = _rows(source, per_setup, winners)
    by_options = {opts: (int(f or 0), _num(win_avg)) for opts, f, win_avg in won}
    return _sorted_setups([(opts, SetupRecord(json.loads(opts), int(n), *by_options.get(opts, (0, None)),
                                              _num(minutes))) for opts, n, minutes in matches])


def _sorted_setups(found: list[tuple[str, SetupRecord]]) -> tuple[SetupRecord, ...]:
    """The set-ups (each with its options' text as read), most played first, then by their options."""
    return tuple([r for _t, r in sorted(found, key=_setup_order)])  # a list, not a generator: built faster


def _setup_order(found: tuple[str, SetupRecord]) -> tuple[int, str]:
    return -found[1].matches, _setup_key(found[0])


@lru_cache(maxsize=1024)
def _setup_key(text: str) -> str:
    """A set-up's place among those with as many matches: its options as sorted JSON (the same for the same
    options written in any order), made once per set-up's text (a game has a few dozen)."""
    return json.dumps(json.loads(text), sort_keys=True)


def _cube_setups(source: Source, filters: Filters) -> tuple[SetupRecord, ...]:
    """:func:`setups` from the running totals per month (:mod:`db.cubes`): the matches and lengths per
    set-up, and their lines per set-up and turn position (the winners', the first player's)."""
    with _connection(source) as conn:
        per_setup = sums(conn, MATCH_MONTH, ("options",), **filters.cube_where())
        lines = sums(conn, LINE_MONTH, ("options", "turn_pos"), **filters.cube_where())
    won: dict[str, list[int]] = {}
    for (opts, pos), (_n, wins, _total, won_score) in lines.items():
        first, count, scored = won.get(opts, [0, 0, 0])
        won[opts] = [first + (wins if pos == 0 else 0), count + wins, scored + won_score]
    out = []
    for (opts,), (n, timed, micro) in per_setup.items():
        first, count, scored = won.get(opts, [0, 0, 0])
        out.append((opts, SetupRecord(json.loads(opts), n, first, scored / count if count else None,
                                      micro / timed / 60e6 if timed else None)))
    return _sorted_setups(out)


@dataclass(frozen=True, slots=True)
class GameFigures:
    """Everything the Statistics screen shows of one game under a filter: its card, score distribution,
    turn order and set-ups (:func:`game_figures`)."""

    card: GameStats
    buckets: tuple[Bucket, ...]
    seats: tuple[SeatRecord, ...]
    setups: tuple[SetupRecord, ...]


def game_figures(source: Source, slug: str, filters: Filters = NO_FILTERS,
                 buckets: int = 8) -> GameFigures:
    """:func:`game_stats`, :func:`score_distribution`, :func:`seat_effect` and :func:`setups` of the game
    ``slug`` under ``filters``, read together (the same figures: tests/test_stats_cubes.py).

    The whole history of the game: the four read its running totals.  Under a period, a place or a
    player count (no player): the matches and lines per set-up and turn position from the running totals
    per month (:mod:`db.cubes`; the card and the turn order are their sums) and one pass over the game's
    lines in the filter for the count of each total (the lowest, the highest and the buckets).  Under a
    player alone (the whole history of the game): the lines of the player's matches per set-up and turn
    position and per total (version 11, :func:`_player_game_totals`).  Under a player and more: one
    statement, the player's lines of the game (their index) joined to their matches' rows and lines,
    grouped by set-up, turn position, total and winner, instead of seven aggregates each making that join
    (PostgreSQL: three statements over the array of the player's matches instead,
    :func:`_player_game_sums`)."""
    mine = _of_game(filters, slug)
    if _whole_history(filters, slug) or _ROW_WISE.get():
        return GameFigures(game_stats(source, slug, filters), score_distribution(source, slug, filters, buckets),
                           seat_effect(source, mine), setups(source, slug, filters))
    per_setup: dict[str, tuple[Any, ...]]
    with _connection(source) as conn:
        if filters.player_id is not None and _summarised(mine):
            return _game_figures(slug, *_player_game_totals(conn, mine), buckets)
        if filters.player_id is None:
            per_setup = {
                opts: tuple(v) for (opts,), v in sums(conn, MATCH_MONTH, ("options",), **mine.cube_where()).items()}
            lines = {(opts, pos): (n, won, total, won_total) for (opts, pos), (n, won, total, won_total)
                     in sums(conn, LINE_MONTH, ("options", "turn_pos"), **mine.cube_where()).items()}
            totals = {int(t): int(n) for t, n in conn.execute(
                select(ScoreRow.total, func.count()).where(*_lines(mine)).group_by(col(ScoreRow.total)))}
        elif conn.dialect.name == "postgresql":
            per_setup, per_turn, won, totals = _player_game_sums(conn, mine)
            return _game_figures(slug, per_setup, per_turn, won, totals, buckets)
        else:
            per_setup, lines, totals = _player_game_rows(conn, mine)
    return _game_figures(slug, per_setup, *_turns_and_winners(lines), totals, buckets)


_PLAYER_MATCH_TURN = (core_select(col(PlayerMatchTurn.options), col(PlayerMatchTurn.turn_pos),
                                  col(PlayerMatchTurn.lines), col(PlayerMatchTurn.won),
                                  col(PlayerMatchTurn.score_sum), col(PlayerMatchTurn.won_score),
                                  col(PlayerMatchTurn.matches), col(PlayerMatchTurn.timed),
                                  col(PlayerMatchTurn.microseconds))
                      .where(col(PlayerMatchTurn.player_id) == bindparam("player_id"),
                             col(PlayerMatchTurn.game) == _OF_GAME))
_PLAYER_MATCH_TOTAL = (core_select(col(PlayerMatchTotal.total), col(PlayerMatchTotal.lines))
                       .where(col(PlayerMatchTotal.player_id) == bindparam("player_id"),
                              col(PlayerMatchTotal.game) == _OF_GAME))


def _player_game_totals(conn: Connection, filters: Filters) -> tuple[dict[str, tuple[Any, ...]], Turns, Winners,
                                                                     dict[int, int]]:
    """:func:`_player_game_rows`' sums from the running totals of version 11 (the whole history of the game under
    a player), summed as :func:`_turns_and_winners` sums its lines, in the same pass: per set-up the player's own
    (matches, timed, microseconds), per turn position and per set-up the lines of the player's matches, and per
    total (:class:`db.models.PlayerMatchTurn`, a few dozen rows; :class:`db.models.PlayerMatchTotal`, a few
    hundred)."""
    params = {"player_id": filters.player_id, "game": filters.game}
    per_setup: dict[str, tuple[Any, ...]] = {}
    per_turn: Turns = {}
    won: Winners = {}
    for opts, pos, n, w, total, won_total, matches, timed, micro in fetch(conn, _PLAYER_MATCH_TURN, params):
        m, t, length = per_setup.get(opts, (0, 0, 0))  # integer columns: the drivers' integers as they come
        per_setup[opts] = (m + matches, t + timed, length + micro)
        turn = per_turn.get(pos)
        if turn is None:
            per_turn[pos] = [n, w, total]
        else:
            turn[0], turn[1], turn[2] = turn[0] + n, turn[1] + w, turn[2] + total
        first, count, scored = won.get(opts, _NONE_WON)
        won[opts] = [first + (w if pos == 0 else 0), count + w, scored + won_total]
    totals: dict[int, int] = dict(fetch(conn, _PLAYER_MATCH_TOTAL, params))  # two integer columns
    return per_setup, per_turn, won, totals


_NONE_WON = (0, 0, 0)


def _player_game_rows(conn: Connection, filters: Filters) -> tuple[dict[str, tuple[Any, ...]],
                                                                   dict[tuple[str, int], tuple[int, int, int, int]],
                                                                   dict[int, int]]:
    """:func:`game_figures` under a player (``filters.game`` the game): per set-up the matches, those
    with an end and their minutes summed; per set-up and turn position (-1: none) the lines, won, their
    totals summed, the winners' totals summed; per total the lines.  One statement: each of the player's
    lines (``me``) counts its match once (the pair where the other line is ``me``)."""
    per_setup: dict[str, tuple[Any, ...]] = {}
    lines: dict[tuple[str, int], tuple[int, int, int, int]] = {}
    totals: dict[int, int] = {}
    query = _player_game_query(_no_player_filter(filters))
    # SQLite's integers as they come (the winner a boolean, 0 or 1); a sum over no line of the player's is NULL
    for opts, pos, total, w, n, matches, timed, minutes in fetch(conn, query, {"player_id": filters.player_id}):
        key = (opts, pos)
        m, t, mins = per_setup.get(opts, (0, 0, 0.0))
        per_setup[opts] = (m + (matches or 0), t + (timed or 0), mins + (minutes or 0.0))
        a, b, c, d = lines.get(key, (0, 0, 0, 0))
        scored = n * total
        lines[key] = (a + n, b + n * w, c + scored, d + scored * w)
        totals[total] = totals.get(total, 0) + n
    return per_setup, lines, totals


def _player_game_sums(conn: Connection, filters: Filters) -> tuple[dict[str, tuple[Any, ...]], Turns, Winners,
                                                                  dict[int, int]]:
    """:func:`_player_game_rows` on PostgreSQL: three statements over the array of the player's matches
    (``= ANY(ARRAY(...))``, one index scan with the sorted ids as keys instead of a nested loop probing the
    matches and their lines once per match: 34 ms became 19 at 100 000 matches): per set-up the matches,
    those with an end and their minutes; per turn position, total and winner the lines; per set-up and turn
    position the winners' lines and their totals (the lines' copies of their match's options)."""
    per_setup: dict[str, tuple[Any, ...]] = {}
    per_turn: Turns = {}
    won: Winners = {}
    totals: dict[int, int] = {}
    of_setup, of_lines, of_winners = _player_game_any(_no_player_filter(filters))
    params = {"player_id": filters.player_id}
    for opts, matches, timed, minutes in fetch(conn, of_setup, params):
        per_setup[opts] = (int(matches), int(timed), float(minutes or 0))
    for pos, total, w, n in fetch(conn, of_lines, params):
        n, total = int(n), int(total)
        turn = per_turn.setdefault(int(pos), [0, 0, 0])
        turn[0], turn[1], turn[2] = turn[0] + n, turn[1] + (n if w else 0), turn[2] + n * total
        totals[total] = totals.get(total, 0) + n
    for opts, pos, n, scored in fetch(conn, of_winners, params):
        first, count, sum_of = won.get(opts, [0, 0, 0])
        won[opts] = [first + (int(n) if pos == 0 else 0), count + int(n), sum_of + int(scored)]
    return per_setup, per_turn, won, totals


@lru_cache(maxsize=64)
def _player_game_any(filters: Filters) -> tuple[Any, Any, Any]:
    """:func:`_player_game_sums`' three statements for ``filters`` (no player: a bound parameter)."""
    me, line = aliased(ScoreRow), aliased(ScoreRow)
    mine = (core_select(col(me.match_id))
            .where(col(me.player_id) == bindparam("player_id"), *filters.line_conditions(me, with_player=False)))
    matches = any_(func.array(mine.scalar_subquery()))  # PostgreSQL's ARRAY(subquery)
    turn = func.coalesce(line.turn_pos, -1)
    # the minutes as the driver reads them (a numeric, made a float by the caller): a Float column would have the
    # statement sent through SQLAlchemy's slower path, its processor needing the driver's description (db.prepared)
    minutes = type_coerce(func.sum(minutes_between(col(Match.started_at), col(Match.ended_at))), NullType())
    of_setup = (core_select(col(Match.options), func.count(), func.count(col(Match.ended_at)), minutes)
                .where(col(Match.id) == matches).group_by(col(Match.options)))
    of_lines = (core_select(turn, col(line.total), col(line.winner), func.count())
                .where(col(line.match_id) == matches).group_by(turn, col(line.total), col(line.winner)))
    of_winners = (core_select(col(line.options), turn, func.count(), func.sum(line.total))
                  .where(col(line.match_id) == matches, col(line.winner) == true())
                  .group_by(col(line.options), turn))
    return of_setup, of_lines, of_winners


@lru_cache(maxsize=64)
def _player_game_query(filters: Filters) -> Any:
    """:func:`_player_game_rows`' statement for ``filters`` (no player: a bound parameter), built once per
    filter (never row-wise: :func:`game_figures` then reads the four functions)."""
    me, other = aliased(ScoreRow), aliased(ScoreRow)
    own = col(other.player_id) == col(me.player_id)
    turn = func.coalesce(other.turn_pos, -1)  # one object: the same parameter in the SELECT and the GROUP BY
    query = (core_select(col(Match.options), turn, col(other.total), col(other.winner), func.count(),
                    func.sum(case((own, 1), else_=0)),
                    func.sum(case((and_(own, col(Match.ended_at).is_not(None)), 1), else_=0)),
                    func.sum(case((own, minutes_between(col(Match.started_at), col(Match.ended_at))), else_=None)))
             .select_from(me).join(Match, col(Match.id) == col(me.match_id))
             .join(other, col(other.match_id) == col(me.match_id))
             .where(col(me.player_id) == bindparam("player_id"), *filters.line_conditions(me, with_player=False))
             .group_by(col(Match.options), turn, col(other.total), col(other.winner)))
    return query


Turns = dict[int, list[int]]  # turn position (-1: none) -> lines, won, their totals summed
Winners = dict[str, list[int]]  # set-up -> the first player's wins, the winners' lines, their totals summed


def _turns_and_winners(lines: dict[tuple[str, int], tuple[int, int, int, int]]) -> tuple[Turns, Winners]:
    """Per turn position and per set-up, from the lines per set-up and turn position (lines, won, their
    totals summed, the winners' totals summed)."""
    per_turn: Turns = {}
    won: Winners = {}
    for (opts, pos), (n, w, total, won_total) in lines.items():
        turn = per_turn.setdefault(pos, [0, 0, 0])
        turn[0], turn[1], turn[2] = turn[0] + n, turn[1] + w, turn[2] + total
        first, count, scored = won.get(opts, [0, 0, 0])
        won[opts] = [first + (w if pos == 0 else 0), count + w, scored + won_total]
    return per_turn, won


def _game_figures(slug: str, per_setup: dict[str, Any], per_turn: Turns, won: Winners, totals: dict[int, int],
                  buckets: int) -> GameFigures:
    """:class:`GameFigures` from the sums of :func:`game_figures`: per set-up (matches, timed, length: the
    cubes' microseconds, or the player's minutes as a float), per turn position and per set-up (see
    :func:`_turns_and_winners`), per total the lines."""
    def minutes(length: Any, timed: int) -> float | None:
        if not timed:
            return None
        return length / timed / 60e6 if isinstance(length, int) else length / timed

    matches = timed = 0
    length: Any = 0
    for n, t, length_of in per_setup.values():  # one pass each (the section is read in some 70 µs)
        matches, timed, length = matches + n, timed + t, length + length_of
    n_lines = score_sum = 0
    for n, _w, total in per_turn.values():
        n_lines, score_sum = n_lines + n, score_sum + total
    low, high = (min(totals), max(totals)) if totals else (None, None)
    card = GameStats(slug, matches, minutes(length, timed), low, score_sum / n_lines if n_lines else None, high,
                     per_turn.get(0, [0, 0])[1])
    seats = tuple([SeatRecord(p, n, w, total / n) for p, (n, w, total) in sorted(per_turn.items()) if p >= 0 and n])
    found = []
    for opts, (n, t, length_of) in per_setup.items():
        if n:
            first, count, scored = won.get(opts, [0, 0, 0])
            found.append((opts, SetupRecord(_options(opts), n, first, scored / count if count else None,
                                            minutes(length_of, t))))
    return GameFigures(card, _buckets(totals, buckets, low, high), seats, _sorted_setups(found))


@lru_cache(maxsize=256)
def _options_read(text: str) -> tuple[dict[str, Any], bool]:
    options = json.loads(text)
    return options, all(not isinstance(v, (dict, list)) for v in options.values())


def _options(text: str) -> dict[str, Any]:
    """A set-up's options from their text, read once per text; each record has its own: a copy of the flat
    ones (numbers, booleans, strings: every game's), the text read again where a value is a list or a
    mapping (an import's)."""
    options, flat = _options_read(text)
    return options.copy() if flat else json.loads(text)


def _buckets(totals: dict[int, int], buckets: int, low: int | None, high: int | None) -> tuple[Bucket, ...]:
    """:func:`score_distribution`'s buckets from the count of lines per total, its lowest and its highest
    (``None`` when there is no line)."""
    if low is None or high is None:
        return ()
    width = max(1, -(-(high - low + 1) // buckets))
    counts = [0] * ((high - low) // width + 1)
    for total, n in totals.items():
        counts[(total - low) // width] += n
    return tuple([Bucket(low + i * width, low + (i + 1) * width - 1, n) for i, n in enumerate(counts)])


# ---------------------------------------------------------------- the table
def _summarised(filters: Filters) -> bool:
    """Whether ``filters`` choose at most a game and a player, so that the running totals of
    :mod:`db.summary` (a row per game, a row per player and game) answer without reading the lines."""
    return filters.at_most_game_and_player() and not _ROW_WISE.get()


def standings(source: Source, filters: Filters = NO_FILTERS, *, limit: int | None = None) -> tuple[Standing, ...]:
    """Every real player's matches and wins in the filtered history, most wins first (the first ``limit``
    of them: the screen's chart shows ten).

    Over the whole history or one game's, the sum of the players' running totals (a few rows per
    player); otherwise one aggregate over the filtered lines.  Both give the same figures
    (tests/test_summary.py, tests/test_stats_cubes.py)."""
    if _summarised(filters) and filters.player_id is None:
        return _standings(source, _summary_standings(filters.game), built_once=True, limit=limit)
    if filters.player_id is not None or _ROW_WISE.get():
        return _standings(source, _line_standings(filters), built_once=False, limit=limit)
    with _connection(source) as conn:
        return _ranked(conn, sums(conn, _player_cube(filters), ("player_id",), **filters.cube_where()), limit)


def _player_cube(filters: Filters) -> Cube:
    """The running totals of real players' lines that answer ``filters`` (per month, or per place and
    player count); when neither does, :func:`db.cubes.sums` reads the lines of the first."""
    return _PLAYER_CUBES[filters.since is not None or filters.until is not None, filters.place is not None,
                         filters.players is not None]


def _player_cube_for(asked: list[str]) -> Cube:
    return PLAYER_PLACE if answers(PLAYER_PLACE, asked) and not answers(PLAYER_MONTH, asked) else PLAYER_MONTH


#: :func:`_player_cube` for each choice of a period, a place and a player count, worked out once
_PLAYER_CUBES = {(month, place, players): _player_cube_for([name for name, asked in (
    ("month", month), ("place", place), ("players", players)) if asked])
    for month in (False, True) for place in (False, True) for players in (False, True)}


#: every player's id and name in the order of their names (the standings' last tie-break, by the database's
#: collation; names are unique whatever their case)
_BY_NAME: Any = core_select(col(Player.id), col(Player.name)).order_by(func.lower(Player.name), col(Player.id))


def _ranked(conn: Connection, per_player: Sums, limit: int | None) -> tuple[Standing, ...]:
    """The players of ``per_player`` (``(id,)`` -> [played, won]), most wins first, then most played, then by
    name (the database's order of the names); the first ``limit`` of them."""
    rank: dict[int, int] = {}
    name_of: dict[int, str] = {}
    for i, (pid, name) in enumerate(fetch(conn, _BY_NAME)):
        rank[pid] = i
        name_of[pid] = name
    keyed = [(-won, -played, rank[pid], pid) for (pid,), (played, won) in per_player.items() if pid in rank]
    best = sorted(keyed) if limit is None else heapq.nsmallest(limit, keyed)
    return tuple(Standing(pid, name_of[pid], -played, -won) for won, played, _at, pid in best)


@lru_cache(maxsize=8)
def _summary_standings(game: str | None) -> Any:
    played, won = func.sum(PlayerSummary.played), func.sum(PlayerSummary.won)
    per_player = (select(col(PlayerSummary.player_id).label("pid"), played.label("played"), won.label("won"))
                  .where(*([col(PlayerSummary.game) == game] if game else []))
                  .group_by(col(PlayerSummary.player_id)).subquery())
    return _standings_order(per_player)


def _standings_order(per_player: Any) -> Any:
    return (select(per_player.c.pid, Player.name, per_player.c.played, per_player.c.won)
            .select_from(per_player).join(Player, col(Player.id) == per_player.c.pid)
            .order_by(per_player.c.won.desc(), per_player.c.played.desc(), func.lower(Player.name),
                      per_player.c.pid))


def _standings(source: Source, query: Any, *, built_once: bool, limit: int | None) -> tuple[Standing, ...]:
    with _connection(source) as conn:
        rows = fetch(conn, query) if built_once else conn.execute(query).all()
    return tuple(Standing(int(pid), name, int(n), int(w or 0)) for pid, name, n, w in rows[:limit])


def _line_standings(filters: Filters) -> Any:
    """:func:`standings` as one aggregate over the filtered score lines (the straightforward way)."""
    per_player = (select(col(ScoreRow.player_id).label("pid"), func.count().label("played"), _WON.label("won"))
                  .where(col(ScoreRow.player_id).is_not(None), *_lines(filters))
                  .group_by(col(ScoreRow.player_id)).subquery())  # names joined to the groups, not the lines
    return _standings_order(per_player)


def matches_per_game(source: Source, filters: Filters = NO_FILTERS) -> dict[str, int]:
    """Finished matches per game, most played first.

    Over the whole history, one game's, one player's or both, the running totals' few rows (a
    game's matches; a player's lines, one per match they sat at); otherwise one ``GROUP BY`` over
    the filtered matches.  Both give the same counts (tests/test_summary.py, tests/test_stats_cubes.py)."""
    summarised = _summarised(filters)
    if not summarised and not _ROW_WISE.get():
        with _connection(source) as conn:
            if filters.player_id is None:
                found = per_key(conn, MATCH_MONTH, "game", "matches", **filters.cube_where())
            else:  # the player's lines: one per match they sat at
                found = per_key(conn, _player_cube(filters), "game", "played", player=filters.player_id,
                               **filters.cube_where())
        return dict(sorted(found.items(), key=_most_first))
    query = _summary_counts(filters.game, filters.player_id is not None) if summarised else _match_counts(filters)
    params = {} if filters.player_id is None else {"player_id": filters.player_id}
    with _connection(source) as conn:
        rows = fetch(conn, query, params) if summarised else conn.execute(query, params).all()
        return {g: int(c) for g, c in rows if c}


def _most_first(key_count: tuple[str, int]) -> tuple[int, str]:
    return -key_count[1], key_count[0]


@lru_cache(maxsize=16)
def _summary_counts(game: str | None, of_player: bool) -> Any:
    if of_player:
        n: Any = col(PlayerSummary.played)
        query = select(PlayerSummary.game, n).where(col(PlayerSummary.player_id) == bindparam("player_id"))
        of_game: Any = col(PlayerSummary.game)
    else:
        n, of_game = col(GameSummary.matches), col(GameSummary.game)
        query = select(GameSummary.game, n).where(n > 0)
    if game:
        query = query.where(of_game == game)
    return query.order_by(n.desc(), of_game)


def _match_counts(filters: Filters) -> Any:
    """:func:`matches_per_game` as one ``GROUP BY`` over the filtered matches (the straightforward way)."""
    n = func.count()
    return (select(Match.game, n).where(*filters.conditions(counted=True)).group_by(col(Match.game))
            .order_by(n.desc(), col(Match.game)))


def h_index(source: Source, filters: Filters = NO_FILTERS) -> int:
    """The table's H-index: the largest n such that n games were each played at least n times."""
    return h_of(matches_per_game(source, filters))


def h_of(counts: dict[str, int]) -> int:
    """The H-index of matches per game (:func:`matches_per_game`'s answer).

    >>> h_of({"a": 5, "b": 2, "c": 2, "d": 1})
    2
    """
    ordered = sorted(counts.values(), reverse=True)
    return sum(1 for i, c in enumerate(ordered, start=1) if c >= i)


def player_names(source: Source) -> list[tuple[int, str]]:
    """Every player's id and name, in the order :meth:`db.store.Store.players` gives them (by name),
    read as two columns (the Statistics screen's filter bar: 300 players, no ORM objects)."""
    with _connection(source) as conn:
        return [(int(pid), str(name)) for pid, name in fetch(conn, _BY_NAME)]


# The distinct places by a "loose index scan": each step asks the (status, place) index for the next
# place after the previous one, so a few places cost a few index probes, not a walk over every match.
_PLACES = text(
    'WITH RECURSIVE p(place) AS ('
    """SELECT MIN(place) FROM "match" WHERE status = 'finished' AND place > '' """
    """UNION ALL SELECT (SELECT MIN(m.place) FROM "match" m WHERE m.status = 'finished' AND m.place > p.place) """
    "FROM p WHERE p.place IS NOT NULL) "
    "SELECT place FROM p WHERE place IS NOT NULL")


def places(source: Source) -> list[str]:
    """The places finished matches were played at, for the place filter (the empty place left out),
    in the database's order of text (as ``ORDER BY place``)."""
    with _connection(source) as conn:
        return [str(p) for (p,) in fetch(conn, _PLACES)]


def _grouped_places(source: Source) -> list[str]:
    """:func:`places` as one ``GROUP BY`` over the finished matches (the straightforward way)."""
    query = (select(Match.place).where(col(Match.status) == FINISHED, col(Match.place) != "")
             .group_by(col(Match.place)).order_by(col(Match.place)))
    return [str(p) for p in _rows(source, query)[0]]


# ---------------------------------------------------------------- one match
def time_used(started_at: datetime, log: Sequence[EventRow], seats: int) -> list[float]:
    """Seconds each seat used in one match: the time from the previous event to each event that
    names its ``seat`` (a turn ended, an order given...).  Events naming no seat (dice rolls, phase
    changes, undo rows) count for nobody.

    >>> from datetime import timedelta
    >>> t0 = datetime(2025, 3, 1, 10, 0, tzinfo=UTC)
    >>> rows = [EventRow(match_id=1, seq=i + 1, type=ty, payload=json.dumps(p), at=t0 + timedelta(seconds=s))
    ...         for i, (ty, p, s) in enumerate([("roll", {}, 5), ("end_turn", {"seat": 0}, 65),
    ...                                          ("end_turn", {"seat": 1}, 95), ("end_turn", {"seat": 0}, 100)])]
    >>> time_used(t0, rows, 2)
    [65.0, 30.0]
    """
    used = [0.0] * seats
    previous = started_at if started_at.tzinfo else started_at.replace(tzinfo=UTC)
    for row in log:
        at = row.at if row.at.tzinfo else row.at.replace(tzinfo=UTC)
        seat = json.loads(row.payload).get("seat") if row.type != "undo" else None
        if isinstance(seat, int) and 0 <= seat < seats:
            used[seat] += max(0.0, (at - previous).total_seconds())
        previous = at
    return used
