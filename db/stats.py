"""Statistics of the match history, aggregated in the database.

Every figure is one ``GROUP BY`` / ``COUNT`` / ``AVG`` / ``MAX`` computed by the
database (SQLite or PostgreSQL): no Python loop ever walks the rows of the
history, so a club's 100 000 matches cost the same round trips as ten.  Only
finished matches count; an abandoned or running match is not played yet.

>>> from db.store import Store
>>> store = Store("sqlite://")
>>> lea = store.add_player("Léa").id
>>> player_stats(store, lea).games
()
>>> game_stats(store, "apaches").matches
0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Float, and_, case, func
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.functions import FunctionElement
from sqlmodel import Session, col, select

from db.models import Match, Player, ScoreRow
from db.store import Store, StoreError

FINISHED = "finished"


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
    games: tuple[GameRecord, ...]  # most played first

    @property
    def played(self) -> int:
        return sum(g.played for g in self.games)

    @property
    def won(self) -> int:
        return sum(g.won for g in self.games)

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
    first_seat_wins: int  # matches the player in seat 0 won (a shared victory counts)

    @property
    def first_seat_win_rate(self) -> float | None:
        return self.first_seat_wins / self.matches if self.matches else None


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


def _num(value: Any) -> float | None:
    return None if value is None else float(value)  # PostgreSQL's AVG is a Decimal


def player_stats(source: Session | Store, player_id: int) -> PlayerStats:
    """Matches played and won per game, win rate, best and average score of one player.

    The player, then one aggregate over the lines of their finished matches' score sheets,
    grouped by game.  Raises :class:`db.store.StoreError` for an unknown player.
    """
    won = func.sum(case((col(ScoreRow.winner), 1), else_=0))
    played = func.count()  # COUNT(*): COUNT(id) would read the table where an index covers the rest
    query = (select(Match.game, played, won, func.max(ScoreRow.total), func.avg(ScoreRow.total))
             .select_from(ScoreRow).join(Match, col(Match.id) == col(ScoreRow.match_id))
             .where(ScoreRow.player_id == player_id, Match.status == FINISHED)
             .group_by(col(Match.game)).order_by(played.desc(), col(Match.game)))
    session, mine = _session(source)
    try:
        player = session.get(Player, player_id)
        if player is None:
            raise StoreError(f"no player with id {player_id!r}")
        rows = session.exec(query).all()
    finally:
        if mine:
            session.close()
    games = tuple(GameRecord(game, int(n), int(w or 0), int(best), float(avg)) for game, n, w, best, avg in rows)
    return PlayerStats(player_id, player.name, games)


def game_stats(source: Session | Store, slug: str) -> GameStats:
    """Matches, average length, score distribution and the first seat's wins of one game.

    Two aggregates: over the game's finished matches, then over their score-sheet lines.
    """
    of_game = and_(Match.game == slug, Match.status == FINISHED)
    matches = (select(func.count(),
                      func.avg(minutes_between(col(Match.started_at), col(Match.ended_at))))
               .where(of_game))
    first_wins = func.sum(case((and_(ScoreRow.seat_index == 0, col(ScoreRow.winner)), 1), else_=0))
    lines = (select(func.min(ScoreRow.total), func.avg(ScoreRow.total), func.max(ScoreRow.total), first_wins)
             .select_from(ScoreRow).join(Match, col(Match.id) == col(ScoreRow.match_id)).where(of_game))
    session, mine = _session(source)
    try:
        count, minutes = session.exec(matches).one()
        low, avg, high, firsts = session.exec(lines).one()
    finally:
        if mine:
            session.close()
    return GameStats(slug, int(count), _num(minutes), None if low is None else int(low), _num(avg),
                     None if high is None else int(high), int(firsts or 0))
