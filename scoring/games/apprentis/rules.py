"""Les apprentis: the book's constants and tables (lengths, market grid, dice order, card values), and how
the events write a die face and a stain.

The market is the grid formed by the cards 1 to 3 (columns, left to right) and
4 to 6 (rows, top to bottom).  A spot is named like the rulebook, column first:
``"1-5"`` is column 1, row 5.

>>> game_length(3, "short"), game_length(2, "long"), dice_count(2), market_spots(3)
((12, 2), (8, 1), 4, ('2-4', '3-4', '1-5', '3-5', '1-6', '2-6'))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from scoring.core import IllegalEvent, Tr, quote, whole

#: (turns, final-touch cards per player) by length and number of players.
LENGTHS = {
    "short": {1: (12, 2), 2: (6, 2), 3: (12, 2), 4: (12, 2), 5: (10, 2)},
    "long": {1: (15, 1), 2: (8, 1), 3: (15, 1), 4: (16, 1), 5: (15, 1)},
}

#: Every crossing, in the refill order: top row left to right, then middle, then bottom.
ALL_SPOTS = ("1-4", "2-4", "3-4", "1-5", "2-5", "3-5", "1-6", "2-6", "3-6")
#: The six crossings used at 1 and 3 players ("1-5; 1-6; 2-4; 2-6; 3-4; 3-5").
SMALL_SPOTS = ("1-5", "1-6", "2-4", "2-6", "3-4", "3-5")

# --------------------------------------------------------------------------- the cards

#: The painting cards as a painting names them, besides ``maison:N`` and ``arbre:A1`` ... ``A4``.
SIMPLE_CARDS = ("ciel", "oiseau", "lac", "perso", "fontaine", "pont", "sapin", "eglise")
#: « Triez les cartes arbres (A1, A2, A3, A4) »: four tree types (docs/rules-notes.md).
TREE_TYPES = ("A1", "A2", "A3", "A4")
#: The score sheet's categories, in order (``taches``: the stains).
CATEGORIES = ("maison", "ciel", "oiseau", "lac", "perso", "arbre", "fontaine", "pont", "sapin",
              "eglise", "taches")
#: « Bonus de diversité » by the number of different tree types (« 1 type : 0 / 2 types : 3 points /
#: 3 types : 7 points / 4 types : 12 points »).
DIVERSITY = {0: 0, 1: 0, 2: 3, 3: 7, 4: 12}
#: « 1 fontaine : -3 points / 2 fontaines : 8 points / 3 fontaines : -5 points » (3 or more: -5).
FOUNTAINS = {0: 0, 1: -3, 2: 8}
#: The largest number printed on a house the app accepts (the text gives none; see the rules notes).
MAX_HOUSE = 999
#: The readings of the character rule when every player has as many characters (docs/rules-notes.md):
#: ``both`` (the ruling) each is the most and the fewest, +9 and -5; ``none`` nobody gains or loses;
#: ``zero`` as ``both``, but having no character is never having the most (all at zero: -5 each).
PERSO_TIES = ("both", "none", "zero")


def game_length(players: int, length: str) -> tuple[int, int]:
    """``(turns, final-touch cards per player)``.

    >>> [game_length(n, "short") for n in range(1, 6)]
    [(12, 2), (6, 2), (12, 2), (12, 2), (10, 2)]
    >>> [game_length(n, "long") for n in range(1, 6)]
    [(15, 1), (8, 1), (15, 1), (16, 1), (15, 1)]
    """
    return LENGTHS[length][players]


def cards_dealt(players: int, length: str) -> int:
    """The cards a player lays over a whole game: one a turn (two at 2 players), then the final touch.

    >>> [cards_dealt(n, "short") for n in range(1, 6)], [cards_dealt(n, "long") for n in range(1, 6)]
    ([14, 14, 14, 14, 12], [16, 17, 16, 17, 16])
    """
    turns, final_touch = game_length(players, length)
    return turns * cards_per_turn(players) + final_touch


def stains_possible(players: int, length: str) -> int:
    """The most stains a player can make: one per card taken with a die (not the final touch)."""
    turns, _ = game_length(players, length)
    return turns * cards_per_turn(players)


def longest(players: int) -> str:
    """The length dealing the most cards at ``players`` (a score document that gives none)."""
    return max(LENGTHS, key=lambda length: cards_dealt(players, length))


def cards_per_turn(players: int) -> int:
    """Two cards per turn at 2 players (two dice each), otherwise one."""
    return 2 if players == 2 else 1


def dice_count(players: int) -> int:
    """Dice kept and rolled: one per player, four at 2 players, two at 1 player.

    >>> [dice_count(n) for n in range(1, 6)]
    [2, 4, 3, 4, 5]
    """
    return {1: 2, 2: 4}.get(players, players)


def trees_in_play(players: int) -> bool:
    """The tree cards go back in the box at 1 and 3 players (see the rules notes for 2)."""
    return players not in (1, 3)


def spot_column(spot: str) -> int:
    return int(spot.split("-")[0])


def spot_row(spot: str) -> int:
    return int(spot.split("-")[1])


def refill_order(spots: Iterable[str]) -> list[str]:
    """Spots in the refill order: top row (4) left to right, then row 5, then row 6.

    >>> refill_order(["3-6", "2-4", "1-5", "1-4"])
    ['1-4', '2-4', '1-5', '3-6']
    """
    return sorted(set(spots), key=lambda s: (spot_row(s), spot_column(s)))


def market_spots(players: int) -> tuple[str, ...]:
    """The crossings holding a card, in the refill order (six at 1 and 3 players, else nine)."""
    return tuple(refill_order(SMALL_SPOTS)) if players in (1, 3) else ALL_SPOTS


def line_spots(market: Sequence[str], value: int) -> list[str]:
    """The market spots in the line of a die: 1-3 a column, 4-6 a row.

    >>> line_spots(market_spots(3), 2), line_spots(market_spots(5), 5)
    (['2-4', '2-6'], ['1-5', '2-5', '3-5'])
    """
    if value <= 3:
        return [s for s in market if spot_column(s) == value]
    return [s for s in market if spot_row(s) == value]


def lightning_spots(market: Sequence[str], spot: str) -> list[str]:
    """The spots discarded and refilled when a ⚡ card appears at ``spot``: its row and column.

    >>> lightning_spots(market_spots(3), "2-4"), lightning_spots(ALL_SPOTS, "3-6")
    (['2-4', '3-4', '2-6'], ['3-4', '3-5', '1-6', '2-6', '3-6'])
    """
    return refill_order(s for s in market
                        if spot_column(s) == spot_column(spot) or spot_row(s) == spot_row(spot))


def draft_order(players: int, first: int) -> list[int]:
    """Who picks the dice, one die per entry.

    1 player: keeps one of two dice.  2 players: the first player takes one of
    four, the second two of the remaining three, the first the last one.
    3 to 5: the first player picks and passes the rest to the left.

    >>> draft_order(1, 0), draft_order(2, 1), draft_order(4, 2)
    ([0], [1, 0, 0, 1], [2, 3, 0, 1])
    """
    if players == 1:
        return [0]
    if players == 2:
        second = 1 - first
        return [first, second, second, first]
    return [(first + i) % players for i in range(players)]


def take_order(players: int, first: int) -> list[int]:
    """Who takes a card, one card per entry (2 players alternate, first player first).

    >>> take_order(1, 0), take_order(2, 1), take_order(3, 2)
    ([0], [1, 0, 1, 0], [2, 0, 1])
    """
    if players == 2:
        second = 1 - first
        return [first, second, first, second]
    return [(first + i) % players for i in range(players)]


# --------------------------------------------------------------------------- the dice in the events

#: A stain as events and forms write it (« augmenter ou diminuer la valeur de 1 »).
STAIN_VALUES: dict[Any, int] = {0: 0, 1: 1, -1: -1, "0": 0, "+1": 1, "1": 1, "-1": -1, None: 0}


def face(value: Any, what: str) -> int:
    """A die face 1-6 given as an int or a digit string (choice fields send strings).

    >>> face("4", "die"), face(6, "face")
    (4, 6)
    """
    return whole(value, what, 1, 6)


def stain(value: Any) -> int:
    """A stain as the die's change: 0, +1 or -1 (given as an int or as the form's ``"+1"``; none: 0).

    >>> stain("+1"), stain(-1), stain(None)
    (1, -1, 0)
    """
    if isinstance(value, bool) or not isinstance(value, int | str | None) or value not in STAIN_VALUES:
        raise IllegalEvent(Tr(f"stain : doit être 0, +1 ou -1, reçu {quote(value)}",
                              f"stain: must be 0, +1 or -1, got {quote(value)}",
                              it=f"stain: deve essere 0, +1 o -1, ricevuto {quote(value)}"))
    return STAIN_VALUES[value]


# --------------------------------------------------------------------------- the market during a turn


def available(state: Mapping[str, Any]) -> list[str]:
    """The market spots still holding a card this turn."""
    return [s for s in state["market"] if s not in state["empty"]]


def allowed_spots(state: Mapping[str, Any], value: int) -> list[str]:
    """Where a die of ``value`` may take a card: its line, or anywhere once the line is empty.

    >>> state = {"market": list(market_spots(3)), "empty": ["2-4"]}
    >>> allowed_spots(state, 2), allowed_spots(state, 4)
    (['2-6'], ['3-4'])
    >>> allowed_spots({**state, "empty": ["2-4", "2-6"]}, 2)
    ['3-4', '1-5', '3-5', '1-6']
    """
    free = available(state)
    line = [s for s in line_spots(state["market"], value) if s in free]
    return line or free


def to_refill(state: Mapping[str, Any]) -> list[str]:
    """The spots to fill now, in order (with the ⚡ row and column once it has happened).

    >>> to_refill({"market": list(ALL_SPOTS), "empty": ["3-6", "1-4"], "lightning": None})
    ['1-4', '3-6']
    >>> to_refill({"market": list(ALL_SPOTS), "empty": ["3-6", "1-4"], "lightning": "1-4"})
    ['1-4', '2-4', '3-4', '1-5', '1-6', '3-6']
    """
    spots = set(state["empty"])
    if state["lightning"]:
        spots |= set(lightning_spots(state["market"], state["lightning"]))
    return refill_order(spots)
