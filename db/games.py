"""The games of the history as records: the engines' and every game played on the score pad.

A match of the score pad is stored under ``pad:<key>``, the key of the game it named (so that every
statistic grouping or filtering by ``match.game`` treats each named game as a game of its own); the
engine that replays it is found by :func:`engine_slug`, the one place that maps a match's game to an
engine.

>>> pad_key("  Carcassonne "), pad_key("Les Aventuriers du Rail : Europe"), pad_key("7 Wonders Duel")
('pad:carcassonne', 'pad:les-aventuriers-du-rail-europe', 'pad:7-wonders-duel')
>>> pad_key("Ticket to Ride!") == pad_key("ticket to ride"), len(pad_key("x" * 80)) <= 40
(True, True)
>>> engine_slug("pad:carcassonne"), engine_slug("apaches")
('score-pad', 'apaches')
>>> game_key("score-pad", {"game_name": "Azul"}), game_key("apaches", {"players": 2})
('pad:azul', 'apaches')
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session, select

from db.models import GameRow, Match
from scoring import Tr, cards

PAD = "score-pad"
PREFIX = "pad:"
#: the score pad's option that names the game played (a named game's key is made from it: :func:`game_key`)
NAME_OPTION = "game_name"
#: the longest key (``match.game`` holds 40 characters)
KEY_LENGTH = 40
#: the colours a named game is given, chosen by its key (legible on white and black)
PALETTE = ("#8e24aa", "#3949ab", "#00897b", "#7cb342", "#f4511e", "#6d4c41", "#c0ca33", "#d81b60",
           "#1e88e5", "#43a047", "#fb8c00", "#5e35b1", "#00acc1", "#e53935", "#757575", "#fdd835")

#: the names of the named games met in this process (key -> name), for :func:`game_name`
_NAMES: dict[str, str] = {}


def _fold(name: str) -> str:
    text = unicodedata.normalize("NFKD", " ".join(str(name).split())).casefold()
    return "".join(c for c in text if not unicodedata.combining(c))


def pad_key(name: str) -> str:
    """The key of a game named ``name`` on the score pad: ``pad:`` and its name lower-cased, without
    accents, words joined by ``-``; a long name is cut and ends with a short hash of the whole."""
    slug = re.sub(r"[^a-z0-9]+", "-", _fold(name)).strip("-") or "game"
    room = KEY_LENGTH - len(PREFIX)
    if len(slug) > room:
        digest = hashlib.sha1(slug.encode()).hexdigest()[:8]
        slug = slug[:room - 9].rstrip("-") + "-" + digest
    return PREFIX + slug


def is_pad(key: str) -> bool:
    return key.startswith(PREFIX)


def engine_slug(key: str) -> str:
    """The engine that replays a match of the game ``key``: the score pad for ``pad:*``, else itself."""
    return PAD if is_pad(key) else key


def game_key(slug: str, options: Mapping[str, Any]) -> str:
    """What ``match.game`` holds for a new match of the engine ``slug`` with these options."""
    return pad_key(str(options.get(NAME_OPTION, ""))) if slug == PAD else slug


def colour_for(key: str) -> str:
    """A named game's colour, the same for the same key everywhere."""
    return PALETTE[int(hashlib.sha1(key.encode()).hexdigest(), 16) % len(PALETTE)]


@dataclass(frozen=True)
class GameInfo:
    key: str
    name: Tr
    colour: str
    #: the engine whose emblem it shows (the score pad's for a named game)
    emblem: str
    bgg_id: int
    kind: str

    @property
    def engine(self) -> str:
        return engine_slug(self.key)


def _engine_info(slug: str) -> GameInfo:
    c = cards()[slug]
    return GameInfo(slug, c.name, c.colour, slug, c.bgg_id, "engine")


def _row_info(row: GameRow) -> GameInfo:
    return GameInfo(row.key, Tr(row.name, row.name, it=row.name), row.colour or colour_for(row.key), PAD, row.bgg_id,
                    row.kind)


def ensure_game(s: Session, key: str, name: str, *, bgg_id: int = 0, kind: str = "high") -> None:
    """Record the named game ``key`` (in the session ``s``) the first time it is played or imported;
    a later play fills a BoardGameGeek id the record lacked."""
    if not is_pad(key):
        return
    row = s.get(GameRow, key)
    if row is None:
        s.add(GameRow(key=key, name=" ".join(str(name).split())[:80] or key[len(PREFIX):], bgg_id=bgg_id,
                      kind=kind, colour=colour_for(key)))
    elif bgg_id and not row.bgg_id:
        row.bgg_id = bgg_id
        s.add(row)
    _NAMES.setdefault(key, row.name if row is not None else " ".join(str(name).split())[:80])


def all_games(engine: Engine, *, played_only: bool = False) -> list[GameInfo]:
    """The engines (by their cards' order) then the named games of the history (by name).
    ``played_only``: only the games with at least one match."""
    with Session(engine) as s:
        rows = list(s.exec(select(GameRow)))
        played = set(s.exec(select(Match.game).distinct())) if played_only else None
    out = [_engine_info(slug) for slug in cards() if slug != PAD and (played is None or slug in played)]
    named = [r for r in rows if is_pad(r.key) and (played is None or r.key in played)]
    for r in named:
        _NAMES[r.key] = r.name
    out += [_row_info(r) for r in sorted(named, key=lambda r: _fold(r.name))]
    return out


def game_name(key: str, lang: str) -> str:
    """A game's name as the table reads it: an engine's from its card, a named game's as recorded
    (read by :func:`all_games` or :func:`ensure_game` in this process; else its key made legible)."""
    if is_pad(key):
        return _NAMES.get(key) or key[len(PREFIX):].replace("-", " ").capitalize()
    found = cards().get(key)
    return found.name.get(lang) if found else key


def colour(key: str) -> str:
    found = cards().get(key)
    return found.colour if found else colour_for(key)


def engine_rows() -> list[dict[str, Any]]:
    """The engines' records (the migration writes them)."""
    return [{"key": slug, "name": c.name.en, "bgg_id": c.bgg_id, "kind": "engine", "colour": c.colour}
            for slug, c in cards().items() if slug != PAD]


def lookup(engine: Engine, text: str, limit: int = 12) -> list[GameInfo]:
    """The games whose name (either language) contains ``text``, whatever the case and accents."""
    folded = _fold(text)
    return [g for g in all_games(engine)
            if not folded or folded in _fold(g.name.fr) or folded in _fold(g.name.en)][:limit]

