"""Statistics of the match history, aggregated in the database.

Every figure is one ``GROUP BY`` / ``COUNT`` / ``AVG`` / ``MAX`` computed by the
database (SQLite or PostgreSQL): no Python loop ever walks the rows of the
history, so a club's 100 000 matches cost the same round trips as ten.  Only
finished matches count; an abandoned or running match is not played yet.
Every function takes optional :class:`Filters` (date range, game, player, place).

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

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from typing import Any

from sqlalchemy import Float, and_, case, func
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.orm import aliased
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.elements import ColumnElement
from sqlalchemy.sql.functions import FunctionElement
from sqlmodel import Session, col, select

from db.models import EventRow, Match, Player, ScoreRow
from db.store import Store, StoreError

FINISHED = "finished"


@dataclass(frozen=True)
class Filters:
    """Which finished matches a statistic looks at.  Every field is optional.

    ``since`` and ``until`` bound the end of the match: ``since <= ended_at < until`` (a ``date``
    means its midnight UTC, so ``until=date(2025, 3, 2)`` keeps all of 1 March).  ``player_id``
    keeps the matches that player sat at (in a player's own statistics it is ignored: they are
    theirs already).  ``place`` is compared exactly, as the history stores it.
    """

    since: date | datetime | None = None
    until: date | datetime | None = None
    game: str | None = None
    player_id: int | None = None
    place: str | None = None

    def conditions(self, *, with_player: bool = True) -> list[ColumnElement[bool]]:
        conds: list[ColumnElement[bool]] = [col(Match.status) == FINISHED]
        if self.since is not None:
            conds.append(col(Match.ended_at) >= _instant(self.since))
        if self.until is not None:
            conds.append(col(Match.ended_at) < _instant(self.until))
        if self.game:
            conds.append(col(Match.game) == self.game)
        if self.place is not None:
            conds.append(col(Match.place) == self.place)
        if with_player and self.player_id is not None:
            conds.append(col(Match.id).in_(select(ScoreRow.match_id).where(ScoreRow.player_id == self.player_id)))
        return conds


NO_FILTERS = Filters()


def _instant(value: date | datetime) -> datetime:
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=UTC)
    return datetime.combine(value, time(0), tzinfo=UTC)


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


@dataclass(frozen=True)
class SeatRecord:
    """How one position in the turn order fares: 0 is the first player, 1 the next one..."""

    position: int
    played: int
    won: int
    average: float

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Bucket:
    """Score lines with ``low <= total <= high``."""

    low: int
    high: int
    count: int


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class ScorePoint:
    """One of a player's scores, for the score-over-time chart."""

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


def _session(source: Session | Store) -> tuple[Session, bool]:
    """A session and whether this module opened it (and so must close it)."""
    if isinstance(source, Store):
        return source.session(), True
    return source, False


def _rows(source: Session | Store, *queries: Any) -> list[list[Any]]:
    session, mine = _session(source)
    try:
        return [list(session.exec(q).all()) for q in queries]
    finally:
        if mine:
            session.close()


def _num(value: Any) -> float | None:
    return None if value is None else float(value)  # PostgreSQL's AVG is a Decimal


def _player(source: Session | Store, player_id: int) -> Player:
    session, mine = _session(source)
    try:
        player = session.get(Player, player_id)
    finally:
        if mine:
            session.close()
    if player is None:
        raise StoreError(f"no player with id {player_id!r}")
    return player


_WON = func.sum(case((col(ScoreRow.winner), 1), else_=0))


def _lines(filters: Filters, *, with_player: bool = True) -> list[ColumnElement[bool]]:
    return filters.conditions(with_player=with_player)


# ---------------------------------------------------------------- a player
def player_stats(source: Session | Store, player_id: int, filters: Filters = NO_FILTERS) -> PlayerStats:
    """Matches played and won per game, win rate, best and average score of one player.

    One aggregate over the lines of their finished matches' score sheets, grouped by game.
    Raises :class:`db.store.StoreError` for an unknown player.
    """
    played = func.count()  # COUNT(*): COUNT(id) would read the table where an index covers the rest
    query = (select(Match.game, played, _WON, func.max(ScoreRow.total), func.avg(ScoreRow.total))
             .select_from(ScoreRow).join(Match, col(Match.id) == col(ScoreRow.match_id))
             .where(ScoreRow.player_id == player_id, *_lines(filters, with_player=False))
             .group_by(col(Match.game)).order_by(played.desc(), col(Match.game)))
    player = _player(source, player_id)
    (rows,) = _rows(source, query)
    games = tuple(GameRecord(game, int(n), int(w or 0), int(best), float(avg)) for game, n, w, best, avg in rows)
    return PlayerStats(player_id, player.name, games)


def head_to_head(source: Session | Store, player_id: int, filters: Filters = NO_FILTERS) -> tuple[Rival, ...]:
    """The player's record against every other (real) player met, most met first.

    One self-join of the score table on the match: each pair of lines is one duel, decided by
    the ranks of the score sheet (which already apply each game's tie-breakers).
    """
    me, other = aliased(ScoreRow), aliased(ScoreRow)
    met = func.count()
    wins = func.sum(case((col(me.rank) < col(other.rank), 1), else_=0))
    losses = func.sum(case((col(me.rank) > col(other.rank), 1), else_=0))
    query = (select(other.player_id, Player.name, met, wins, losses)
             .select_from(me).join(Match, col(Match.id) == col(me.match_id))
             .join(other, and_(col(other.match_id) == col(me.match_id), col(other.player_id) != player_id,
                               col(other.player_id).is_not(None)))
             .join(Player, col(Player.id) == col(other.player_id))
             .where(me.player_id == player_id, *_lines(filters, with_player=False))
             .group_by(col(other.player_id), col(Player.name))
             .order_by(met.desc(), func.lower(Player.name), col(other.player_id)))
    _player(source, player_id)
    (rows,) = _rows(source, query)
    return tuple(Rival(int(pid), name, int(n), int(w or 0), int(lost or 0), int(n) - int(w or 0) - int(lost or 0))
                 for pid, name, n, w, lost in rows)


def _position() -> ColumnElement[int]:
    """A line's place in the turn order: 0 for the first player, counting on around the table
    (``match.seats`` lines; NULLIF keeps a match with no count out rather than divide by zero)."""
    seats = func.nullif(col(Match.seats), 0)
    return ((col(ScoreRow.seat_index) - col(Match.first_seat)) % seats + seats) % seats


def seat_effect(source: Session | Store, filters: Filters = NO_FILTERS,
                player_id: int | None = None) -> tuple[SeatRecord, ...]:
    """Played, won and average score per position in the turn order (0: the first player).

    Over every line of the filtered matches, or over one player's lines with ``player_id``.
    The number of seats of a match is the number of lines of its score sheet (``match.seats``).
    """
    position = _position().label("position")
    query = (select(position, func.count(), _WON, func.avg(ScoreRow.total))
             .select_from(ScoreRow).join(Match, col(Match.id) == col(ScoreRow.match_id))
             .where(*_lines(filters, with_player=player_id is None))
             .group_by(position).order_by(position))
    if player_id is not None:
        _player(source, player_id)
        query = query.where(ScoreRow.player_id == player_id)
    (rows,) = _rows(source, query)
    return tuple(SeatRecord(int(p), int(n), int(w or 0), float(avg)) for p, n, w, avg in rows)


def score_timeline(source: Session | Store, player_id: int, filters: Filters = NO_FILTERS,
                   limit: int = 200) -> tuple[ScorePoint, ...]:
    """A player's last ``limit`` scores, oldest first (for the score-over-time chart)."""
    query = (select(Match.id, Match.game, Match.ended_at, ScoreRow.total, ScoreRow.winner)
             .select_from(ScoreRow).join(Match, col(Match.id) == col(ScoreRow.match_id))
             .where(ScoreRow.player_id == player_id, *_lines(filters, with_player=False))
             .order_by(col(Match.ended_at).desc(), col(Match.id).desc()).limit(limit))
    _player(source, player_id)
    (rows,) = _rows(source, query)
    return tuple(ScorePoint(int(i), g, at, int(t), bool(w)) for i, g, at, t, w in reversed(rows))


# ---------------------------------------------------------------- a game
def game_stats(source: Session | Store, slug: str, filters: Filters = NO_FILTERS) -> GameStats:
    """Matches, average length, score distribution and the first player's wins of one game.

    Two aggregates: over the game's finished matches, then over their score-sheet lines.
    """
    of_game = and_(col(Match.game) == slug, *_lines(filters))
    matches = (select(func.count(), func.avg(minutes_between(col(Match.started_at), col(Match.ended_at))))
               .where(of_game))
    first_wins = func.sum(case((and_(col(ScoreRow.seat_index) == col(Match.first_seat), col(ScoreRow.winner)), 1),
                               else_=0))
    lines = (select(func.min(ScoreRow.total), func.avg(ScoreRow.total), func.max(ScoreRow.total), first_wins)
             .select_from(ScoreRow).join(Match, col(Match.id) == col(ScoreRow.match_id)).where(of_game))
    [(count, minutes)], [(low, avg, high, firsts)] = _rows(source, matches, lines)
    return GameStats(slug, int(count), _num(minutes), None if low is None else int(low), _num(avg),
                     None if high is None else int(high), int(firsts or 0))


def score_distribution(source: Session | Store, slug: str, filters: Filters = NO_FILTERS,
                       buckets: int = 8) -> tuple[Bucket, ...]:
    """How many score lines fall in each of ``buckets`` equal ranges from the lowest to the highest.

    Two queries: the range, then one ``GROUP BY`` on the bucket number computed in the database.
    Empty buckets are listed too (count 0), so that a chart shows the gaps.
    """
    if buckets < 1:
        raise ValueError(f"buckets must be at least 1, got {buckets}")
    of_game = and_(col(Match.game) == slug, *_lines(filters))
    span = (select(func.min(ScoreRow.total), func.max(ScoreRow.total))
            .select_from(ScoreRow).join(Match, col(Match.id) == col(ScoreRow.match_id)).where(of_game))
    [(low, high)] = _rows(source, span)[0]
    if low is None:
        return ()
    low, high = int(low), int(high)
    width = max(1, -(-(high - low + 1) // buckets))  # ceiling division: every total has a bucket
    number = ((col(ScoreRow.total) - low) // width).label("bucket")  # integer division, in the database
    query = (select(number, func.count()).select_from(ScoreRow)
             .join(Match, col(Match.id) == col(ScoreRow.match_id)).where(of_game).group_by(number))
    counts = {int(b): int(n) for b, n in _rows(source, query)[0]}
    last = (high - low) // width
    return tuple(Bucket(low + i * width, low + (i + 1) * width - 1, counts.get(i, 0)) for i in range(last + 1))


def setups(source: Session | Store, slug: str, filters: Filters = NO_FILTERS) -> tuple[SetupRecord, ...]:
    """Each set-up the game was played with (its options: number of players, variants...), most
    played first: matches, how often the first player won, the winners' average score, the length.

    Grouped in the database by the options as stored (the same options are stored as the same
    text: :meth:`scoring.Game.validate_options` fixes their order).
    """
    of_game = and_(col(Match.game) == slug, *_lines(filters))
    per_match = (select(col(Match.id).label("mid"), col(Match.options).label("options"),
                        col(Match.first_seat).label("first_seat"),
                        minutes_between(col(Match.started_at), col(Match.ended_at)).label("minutes"))
                 .where(of_game).subquery())
    first = aliased(ScoreRow)
    query = (select(per_match.c.options, func.count(func.distinct(per_match.c.mid)),
                    func.count(func.distinct(case((col(first.winner), per_match.c.mid)))),
                    func.avg(case((col(ScoreRow.winner), col(ScoreRow.total)))),
                    func.avg(per_match.c.minutes))
             .select_from(per_match)
             .join(ScoreRow, col(ScoreRow.match_id) == per_match.c.mid)
             .outerjoin(first, and_(col(first.match_id) == per_match.c.mid,
                                    col(first.seat_index) == per_match.c.first_seat))
             .group_by(per_match.c.options))
    (rows,) = _rows(source, query)
    out = [SetupRecord(json.loads(opts), int(n), int(f or 0), _num(win_avg), _num(minutes))
           for opts, n, f, win_avg, minutes in rows]
    return tuple(sorted(out, key=lambda r: (-r.matches, json.dumps(r.options, sort_keys=True))))


# ---------------------------------------------------------------- the table
def standings(source: Session | Store, filters: Filters = NO_FILTERS) -> tuple[Standing, ...]:
    """Every real player's matches and wins in the filtered history, most wins first."""
    played = func.count()
    query = (select(ScoreRow.player_id, Player.name, played, _WON)
             .select_from(ScoreRow).join(Match, col(Match.id) == col(ScoreRow.match_id))
             .join(Player, col(Player.id) == col(ScoreRow.player_id))
             .where(*_lines(filters))
             .group_by(col(ScoreRow.player_id), col(Player.name))
             .order_by(_WON.desc(), played.desc(), func.lower(Player.name), col(ScoreRow.player_id)))
    (rows,) = _rows(source, query)
    return tuple(Standing(int(pid), name, int(n), int(w or 0)) for pid, name, n, w in rows)


def matches_per_game(source: Session | Store, filters: Filters = NO_FILTERS) -> dict[str, int]:
    """Finished matches per game (one ``GROUP BY``), most played first."""
    n = func.count()
    query = select(Match.game, n).where(*_lines(filters)).group_by(col(Match.game)).order_by(n.desc(), col(Match.game))
    return {g: int(c) for g, c in _rows(source, query)[0]}


def h_index(source: Session | Store, filters: Filters = NO_FILTERS) -> int:
    """The table's H-index: the largest n such that n games were each played at least n times."""
    counts = sorted(matches_per_game(source, filters).values(), reverse=True)  # one line per game
    return sum(1 for i, c in enumerate(counts, start=1) if c >= i)


def places(source: Session | Store) -> list[str]:
    """The places finished matches were played at, for the place filter (the empty place left out)."""
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
