"""Games that live outside ``scoring/games/``, as a game of someone else's would: each folder here is one
game, with the same files for the same roles as the games under ``scoring/games/`` (see
docs/adding-a-game.md).  The app loads such a folder with ``COMPAGNON_GAMES=<folder>``; the tests
register it with :func:`registered`.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from scoring.core import Card, registry

#: the toy game: the smallest game that uses every part of the contract
TOY = Path(__file__).resolve().parent / "toy"


@contextmanager
def registered(folder: Path = TOY) -> Iterator[Card]:
    """Register the game in ``folder`` as the app does for ``COMPAGNON_GAMES`` (its parent folder on
    ``sys.path``, then ``scoring.register(<folder name>)``), and forget it afterwards, so that a test
    process's other tests see the built-in games only."""
    packages, cards = dict(registry._PACKAGES), dict(registry._CARDS)  # noqa: SLF001 - put back as found
    sys.path.insert(0, str(folder.parent))
    try:
        yield registry.register(folder.name)
    finally:
        sys.path.remove(str(folder.parent))
        registry._PACKAGES.clear()  # noqa: SLF001
        registry._PACKAGES.update(packages)  # noqa: SLF001
        registry._CARDS.clear()  # noqa: SLF001
        registry._CARDS.update(cards)  # noqa: SLF001
