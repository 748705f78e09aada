"""The statistics screen's figures, read from :mod:`db.stats` in one go (:func:`load`) so that the
screen can read them off the page's event loop (a history of 100 000 matches takes some 0.4 s) and
show a progress indicator meanwhile.  Nothing is computed here: every figure is the database's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from db.stats import (
    Filters,
    game_stats,
    h_index,
    head_to_head,
    matches_per_game,
    player_stats,
    score_distribution,
    score_timeline,
    seat_effect,
    setups,
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
    h: int  # the table's H-index over every game (the other filters applied)
    standings: list[Any]  # the ten players who won most
    player: PlayerFigures | None = None
    game: GameFigures | None = None

    @property
    def total(self) -> int:
        return sum(self.counts.values())


def load(store: Store, filters: Filters) -> Figures:
    """Every figure the screen shows for ``filters`` (a player's and a game's sections when chosen)."""
    counts = matches_per_game(store, filters)
    every_game = Filters(since=filters.since, until=filters.until, player_id=filters.player_id, place=filters.place)
    h = h_index(store, every_game)
    if not sum(counts.values()):
        return Figures(counts, h, [])
    others = Filters(since=filters.since, until=filters.until, game=filters.game, place=filters.place)
    player = None
    if filters.player_id is not None:
        pid = filters.player_id
        player = PlayerFigures(player_stats(store, pid, others), list(score_timeline(store, pid, others)),
                               list(head_to_head(store, pid, others)), list(seat_effect(store, others, player_id=pid)))
    game = None
    if filters.game is not None:
        slug, rest = filters.game, every_game
        game = GameFigures(game_stats(store, slug, rest), list(score_distribution(store, slug, rest)),
                           list(seat_effect(store, filters)), list(setups(store, slug, rest)))
    return Figures(counts, h, list(standings(store, others))[:10], player, game)
