"""The statistics screen's figures, read from :mod:`db.stats` in one go (:func:`load`) so that the
screen can read them off the page's event loop and show a progress indicator meanwhile (at 100 000
matches the figures read running totals and a few thousand rows: docs/benchmarks.md).  Nothing is
computed here: every figure is the database's."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy.engine import Connection

from db.engine import reads
from db.stats import (
    Filters,
    game_figures,
    h_of,
    head_to_head,
    matches_per_game,
    player_stats,
    score_timeline,
    seat_effect,
    standings,
)
from db.store import Store


@dataclass(frozen=True)
class PlayerFigures:
    card: Any  # db.stats.PlayerStats
    points: list[Any]  # ScorePoint
    rivals: list[Any]  # Rival
    seats: list[Any]  # SeatRecord


@dataclass(frozen=True)
class GameFigures:
    card: Any  # db.stats.GameStats
    buckets: list[Any]  # Bucket
    seats: list[Any]  # SeatRecord
    setups: list[Any]  # SetupRecord


@dataclass(frozen=True)
class Figures:
    counts: dict[str, int]  # matches per game (the filters applied)
    h: int  # the table's H-index over every game (the other filters applied, the player count among them)
    standings: list[Any]  # the ten players who won most
    player: PlayerFigures | None = None
    game: GameFigures | None = None

    @property
    def total(self) -> int:
        return sum(self.counts.values())


Section = Callable[[Connection], Any]


def sections(filters: Filters) -> dict[str, Section]:
    """What the screen reads for ``filters``, section by section (:func:`load` runs them; the benchmark
    times each): the matches per game of every game (the summary's counts keep the chosen game's, the
    H-index all of them), the chosen player's card, score over time, head to head and turn order
    (every filter but the player), the wins per player (every filter but the player), the chosen game's
    card, score distribution, turn order and set-ups (every filter, the player's matches among them; one
    section, :func:`db.stats.game_figures`)."""
    every, others = replace(filters, game=None), replace(filters, player_id=None)
    out: dict[str, Section] = {"counts": lambda s: matches_per_game(s, every)}
    pid, slug = filters.player_id, filters.game
    if pid is not None:
        out |= {"player": lambda s: player_stats(s, pid, others),
                "timeline": lambda s: list(score_timeline(s, pid, others)),
                "rivals": lambda s: list(head_to_head(s, pid, others)),
                "player_seats": lambda s: list(seat_effect(s, others, player_id=pid))}
    out["standings"] = lambda s: list(standings(s, others, limit=10))
    if slug is not None:  # the card, score distribution, turn order and set-ups, read together
        out["game"] = lambda s: game_figures(s, slug, every)
    return out


def load(store: Store, filters: Filters) -> Figures:
    """Every figure the screen shows for ``filters`` (a player's and a game's sections when chosen), read
    on one connection (one pool checkout; no ORM session: the sections send Core statements, most of them
    compiled once, :mod:`db.prepared`), outside a transaction on PostgreSQL (:func:`db.engine.reads`).  Each
    statement sees the history as it is when it starts, as it did in a transaction at PostgreSQL's READ
    COMMITTED and on SQLite (whose driver begins none for a read): a match finished during a render shows in
    the sections read after it, and in every section at the next render, which the write itself causes."""
    plan = sections(filters)
    with reads(store.engine) as conn, conn.begin():
        every_game = plan.pop("counts")(conn)
        counts = every_game if filters.game is None else {g: n for g, n in every_game.items() if g == filters.game}
        if not sum(counts.values()):
            return Figures(counts, h_of(every_game), [])
        read = {name: section(conn) for name, section in plan.items()}
    player = None if filters.player_id is None else PlayerFigures(
        read["player"], read["timeline"], read["rivals"], read["player_seats"])
    of_game = read.get("game")
    game = None if of_game is None else GameFigures(of_game.card, list(of_game.buckets), list(of_game.seats),
                                                    list(of_game.setups))
    return Figures(counts, h_of(every_game), read["standings"], player, game)
