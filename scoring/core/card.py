"""A game's card: what the app and the history need to know of a game without loading its engine.

Each game's folder has a ``card.py`` with one ``CARD``; the home screen lists the games from their
cards, and ``db/`` and ``app/`` read from it what they would otherwise hard-code.

>>> c = Card("toy", Tr("Jouet", "Toy"), Tr("…", "…"), 1, 2, "#123456")
>>> c.players_text("en"), c.virtual_players, c.first_seat_key
('1–2', (), 'first_player')
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.core.tr import Tr


@dataclass(frozen=True)
class Card:
    slug: str
    name: Tr
    description: Tr
    min_players: int
    max_players: int
    #: the game's colour on the home screen, the history and the statistics' charts
    colour: str
    #: the emblem's file name in the game's folder (an SVG the app serves), or "" for none
    emblem: str = ""
    #: where the game sits in the app's lists (lower first; ties by name)
    order: int = 100
    #: names of the players the app itself plays (Robby Junior); not people, never in statistics
    virtual_players: tuple[str, ...] = ()
    #: the set-up record's key that names the seat who plays first
    first_seat_key: str = "first_player"
    #: set-up record keys that are no set-up a person reads (decks, how a draw was made): BG Stats'
    #: ``board`` text leaves them out
    hidden_setup_keys: tuple[str, ...] = ()
    #: BoardGameGeek's id of the game (BG Stats files carry it), 0 when unknown
    bgg_id: int = 0

    def players_text(self, lang: str) -> str:
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}–{self.max_players}"
