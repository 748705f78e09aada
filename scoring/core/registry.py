"""The games Compagnon knows: every package under :mod:`scoring.games`, found by looking, plus any
package registered at run time (a game living elsewhere, such as the test suite's toy game).

A game's package has ``card.py`` (its :class:`~scoring.core.card.Card`, read without importing the
engine) and exposes ``GAME`` from its ``__init__``.

>>> slugs()
('apaches', 'robby-solo', 'traction-avant', 'apprentis', 'score-pad')
>>> find_game("apaches").slug
'apaches'
>>> find_game("chess")
Traceback (most recent call last):
...
scoring.core.errors.UnknownGame: unknown game “chess” (known: apaches, apprentis, robby-solo, score-pad, traction-avant)
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import TYPE_CHECKING

from scoring.core.card import Card
from scoring.core.errors import UnknownGame
from scoring.core.fields import quote
from scoring.core.tr import Tr

if TYPE_CHECKING:
    from scoring.core.contract import Game

_PACKAGES: dict[str, str] = {}
_CARDS: dict[str, Card] = {}


def _discover() -> None:
    if _CARDS:
        return
    import scoring.games

    for info in sorted(pkgutil.iter_modules(scoring.games.__path__), key=lambda i: i.name):
        if info.ispkg:
            register(f"scoring.games.{info.name}")


def register(package: str) -> Card:
    """Add the game whose package is ``package`` (importable); returns its card."""
    if not package.startswith("scoring.games."):
        _discover()  # the built-in games first, so that registering one more never hides them
    card: Card = importlib.import_module(f"{package}.card").CARD
    _PACKAGES[card.slug] = package
    _CARDS[card.slug] = card
    ordered = sorted(_CARDS.values(), key=lambda c: (c.order, c.name.fr))
    _CARDS.clear()
    _CARDS.update((c.slug, c) for c in ordered)
    return card


def cards() -> dict[str, Card]:
    """Every game's card, in the order the app lists them."""
    _discover()
    return dict(_CARDS)


def slugs() -> tuple[str, ...]:
    _discover()
    return tuple(_CARDS)


def card(slug: str) -> Card:
    _discover()
    if slug not in _CARDS:
        known, said = ", ".join(sorted(_CARDS)), quote(slug)
        raise UnknownGame(Tr(f"jeu inconnu {said} (connus : {known})", f"unknown game {said} (known: {known})",
                             it=f"gioco sconosciuto {said} (conosciuti: {known})"))
    return _CARDS[slug]


def package(slug: str) -> str:
    """The importable package of the game ``slug`` (where its card, emblem and engine live)."""
    card(slug)
    return _PACKAGES[slug]


def find_game(slug: str) -> Game:
    """The game registered under ``slug``; raises :class:`UnknownGame`."""
    card(slug)
    game: Game = importlib.import_module(_PACKAGES[slug]).GAME
    return game


def all_games() -> list[Game]:
    return [find_game(slug) for slug in slugs()]
