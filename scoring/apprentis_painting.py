"""Les apprentis: the painting scorer (pure functions, no game state).

A painting is a list of rows, top row first, all of the same length; ``None``
is an empty cell.  Cells are ``maison:N`` (the points printed on the card),
``ciel``, ``oiseau``, ``lac``, ``perso``, ``arbre:A1`` ... ``arbre:A4``,
``fontaine``, ``pont``, ``sapin`` and ``eglise``.  "Touch" means sharing a
side; "diagonale incluse" means the eight surrounding cells.

>>> grid = parse_painting([["ciel", "ciel", None], ["oiseau", "maison:3", "arbre:A2"]])
>>> [s.total for s in score_paintings([grid], [1])]
[17]
>>> score_paintings([grid], [1])[0].breakdown["ciel"]
9

Cells are given as ``[row, column]`` of the grid as entered, for highlighting:

>>> score_paintings([grid], [1])[0].cells["ciel"]
[[0, 0], [0, 1]]
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import chain, repeat
from typing import Any, NamedTuple

from scoring.core import InvalidScoreInput, ScoreSheet, Tr, rank_rows

Cell = str | None
Grid = tuple[tuple[Cell, ...], ...]
Pos = tuple[int, int]

#: The breakdown keys, in score-sheet order.
CATEGORIES = ("maison", "ciel", "oiseau", "lac", "perso", "arbre", "fontaine", "pont", "sapin",
              "eglise", "taches")
SIMPLE_CARDS = ("ciel", "oiseau", "lac", "perso", "fontaine", "pont", "sapin", "eglise")
TREE_TYPES = ("A1", "A2", "A3", "A4")
#: Accepted spellings that are not the canonical cell names.
ALIASES = {"église": "eglise"}
#: Arbre diversity bonus by the number of different tree types in the painting.
DIVERSITY = {0: 0, 1: 0, 2: 3, 3: 7, 4: 12}
#: Fontaine points by the number of fountains (3 or more: -5).
FOUNTAINS = {0: 0, 1: -3, 2: 8}
EXPECTED = "maison:N, ciel, oiseau, lac, perso, arbre:A1..arbre:A4, fontaine, pont, sapin, eglise or null"


# --------------------------------------------------------------------------- parsing


def parse_cell(value: Any, where: str = "cell") -> Cell:
    """The canonical cell name, or :class:`InvalidScoreInput` naming ``where``.

    >>> parse_cell("maison:04"), parse_cell("arbre:A3"), parse_cell(None), parse_cell("église")
    ('maison:4', 'arbre:A3', None, 'eglise')
    >>> parse_cell("maison:-2", "players[0].painting[1][2]")
    Traceback (most recent call last):
    ...
    scoring.core.InvalidScoreInput: players[0].painting[1][2]: unknown card 'maison:-2' \
(expected maison:N, ciel, oiseau, lac, perso, arbre:A1..arbre:A4, fontaine, pont, sapin, eglise or null)
    """
    if value is None:
        return None
    if not isinstance(value, str):
        raise InvalidScoreInput(where, f"must be a card name or null, got {value!r}")
    name = ALIASES.get(value, value)
    if name in SIMPLE_CARDS:
        return name
    kind, sep, arg = name.partition(":")
    if kind == "maison" and sep and arg.isascii() and arg.isdigit():
        return f"maison:{int(arg)}"
    if kind == "arbre" and arg in TREE_TYPES:
        return name
    raise InvalidScoreInput(where, f"unknown card {value!r} (expected {EXPECTED})")


#: Every spelling :func:`parse_cell` accepts in a painting of the box (houses print 0 to 6
#: points; up to 99 is covered), with its canonical name: one dictionary look-up per cell
#: instead of a call.  Anything else goes through :func:`parse_cell` itself.
_CANON: dict[Any, Cell] = {spelling: parse_cell(spelling) for spelling in (
    None, *SIMPLE_CARDS, *ALIASES, *(f"arbre:{t}" for t in TREE_TYPES), *(f"maison:{n}" for n in range(100)))}


def parse_painting(raw: Any, where: str = "painting", who: str = "this player") -> Grid:
    """Check and normalise a painting: a list of equal rows of cards connected by sides.

    >>> parse_painting([["lac", None], [None, "lac"]], "players[0].painting", "Ana")
    Traceback (most recent call last):
    ...
    scoring.core.InvalidScoreInput: players[0].painting: Ana's painting breaks the placement rule: \
the card at [1][1] ('lac') does not touch the card at [0][0] ('lac') through cards sharing a side
    >>> parse_painting([["ciel"], ["lac", "lac"]], "p")
    Traceback (most recent call last):
    ...
    scoring.core.InvalidScoreInput: p[1]: has 2 cells but row 0 has 1 (all rows must have the same length)
    """
    return _checked(raw, where, who)[0]


def _checked(raw: Any, where: str, who: str) -> tuple[Grid, _Layout]:
    """:func:`parse_painting`, with the layout the scorer needs."""
    if not isinstance(raw, list | tuple):
        raise InvalidScoreInput(where, f"must be a list of rows, got {raw!r}")
    canon = _CANON.__getitem__
    rows: list[tuple[Cell, ...]] = []
    for r, row in enumerate(raw):
        if not isinstance(row, list | tuple):
            raise InvalidScoreInput(f"{where}[{r}]", f"must be a list of cells, got {row!r}")
        if rows and len(row) != len(rows[0]):
            raise InvalidScoreInput(f"{where}[{r}]", f"has {len(row)} cells but row 0 has {len(rows[0])} "
                                                     "(all rows must have the same length)")
        try:
            rows.append(tuple(map(canon, row)))
        except (KeyError, TypeError):  # an unusual spelling, or a bad cell: parse_cell says which
            rows.append(tuple(parse_cell(cell, f"{where}[{r}][{c}]") for c, cell in enumerate(row)))
    grid = tuple(rows)
    layout = _layout(grid)
    if layout.cards:
        stride = layout.stride
        left = set(chain.from_iterable(layout.cards.values()))
        start = min(left)
        left.remove(start)
        todo = [start]
        while todo:
            p = todo.pop()
            for n in (p - stride, p + stride, p - 1, p + 1):
                if n in left:
                    left.remove(n)
                    todo.append(n)
        if left:
            (r0, c0), (r1, c1) = divmod(start, stride), divmod(min(left), stride)
            raise InvalidScoreInput(
                where, f"{who}'s painting breaks the placement rule: the card at [{r1}][{c1}] "
                f"({grid[r1][c1]!r}) does not touch the card at [{r0}][{c0}] "
                f"({grid[r0][c0]!r}) through cards sharing a side")
    return grid, layout


def card_map(grid: Sequence[Sequence[Cell]]) -> dict[Pos, str]:
    """The cards of a painting by ``(row, column)``."""
    return {(r, c): cell for r, row in enumerate(grid) for c, cell in enumerate(row) if cell is not None}


def grid_json(grid: Grid) -> list[list[Cell]]:
    return [list(row) for row in grid]


# --------------------------------------------------------------------------- geometry
#
# The checker and the scorer number the cells of a grid ``row * stride + column``, with
# ``stride`` one more than the widest row: the side neighbours of ``p`` are ``p ± 1`` and
# ``p ± stride``; the column past the last one is always empty (so ``p - 1`` of a first
# column is an empty cell, not the end of the row above); cells above the top row are
# negative; numbers sort in reading order.  Sets of numbers stand for sets of cells.


def sides(p: Pos) -> tuple[Pos, ...]:
    """The four cells sharing a side with ``p``."""
    r, c = p
    return ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))


class _Layout(NamedTuple):
    stride: int
    #: the highest row holding a card (0 when there is none)
    top: int
    #: each card's cell numbers, in reading order
    cards: dict[str, list[int]]


def _layout(grid: Sequence[Sequence[Cell]]) -> _Layout:
    stride = max(map(len, grid), default=0) + 1
    cards: dict[str, list[int]] = {}
    top = -1
    for r, row in enumerate(grid):
        p = r * stride
        for card in row:
            if card is not None:
                if card in cards:
                    cards[card].append(p)
                else:
                    cards[card] = [p]
                    if top < 0:
                        top = r
            p += 1
    return _Layout(stride, max(top, 0), cards)


def _largest_group(cells: Iterable[int], stride: int) -> set[int]:
    """The largest group of cells connected by sides (the first in reading order on a tie).

    >>> sorted(_largest_group([0, 1, 2 * 4 + 2, 3 * 4 + 2, 4 * 4 + 2], stride=4))  # (0,0) (0,1) | (2,2) ...
    [10, 14, 18]
    >>> sorted(_largest_group([0, 2], stride=4))
    [0]
    """
    left = set(cells)
    best: set[int] = set()
    while len(left) > len(best):
        start = min(left)
        left.remove(start)
        group = {start}
        todo = [start]
        while todo:
            p = todo.pop()
            for n in (p - stride, p + stride, p - 1, p + 1):
                if n in left:
                    left.remove(n)
                    group.add(n)
                    todo.append(n)
        if len(group) > len(best):
            best = group
    return best


def _rc(cells: Iterable[int], stride: int) -> list[list[int]]:
    """``[row, column]`` of each cell number, in the order given."""
    return list(map(list, map(divmod, cells, repeat(stride))))


# --------------------------------------------------------------------------- scoring


@dataclass(frozen=True)
class PaintingScore:
    """One player's points per category, and the cells that earned them."""

    breakdown: dict[str, int]
    cells: dict[str, list[list[int]]]

    @property
    def total(self) -> int:
        return sum(self.breakdown.values())


def perso_points(counts: Sequence[int]) -> list[int]:
    """The perso points of every player from their numbers of perso cards.

    3 to 5 players: the most gain 9, the fewest lose 5, ties all score; when
    everyone ties, everyone gains 9 and loses 5.  1 or 2 players: 1 per card.

    >>> perso_points([3, 1, 1]), perso_points([2, 2, 2]), perso_points([4, 0]), perso_points([0, 2, 1])
    ([9, -5, -5], [4, 4, 4], [4, 0], [-5, 9, 0])
    """
    if len(counts) <= 2:
        return list(counts)
    most, fewest = max(counts), min(counts)
    return [(9 if c == most else 0) + (-5 if c == fewest else 0) for c in counts]


#: What each card of the box scores as: ``("maison", its points, "")``, ``("arbre", 0, its
#: type)`` or ``(the card, 0, "")``; :func:`_kind` reads the others.
_KINDS: dict[str, tuple[str, int, str]] = {
    **{card: (card, 0, "") for card in SIMPLE_CARDS},
    **{f"arbre:{t}": ("arbre", 0, t) for t in TREE_TYPES},
    **{f"maison:{n}": ("maison", n, "") for n in range(100)},
}


def _kind(card: str) -> tuple[str, int, str]:
    known = _KINDS.get(card)
    if known is not None:
        return known
    if card.startswith("maison:"):
        return "maison", int(card.partition(":")[2]), ""
    if card.startswith("arbre:"):
        return "arbre", 0, card.partition(":")[2]
    return card, 0, ""  # no category reads a card it does not know


_NONE: list[int] = []


def _score_one(grid: Sequence[Sequence[Cell]], layout: _Layout, stains: int, perso: int) -> PaintingScore:
    s, top, cards = layout
    of: dict[str, list[int]] = {}
    houses: list[int] = []
    house_points = 0
    trees: dict[int, str] = {}
    tree_kinds: set[str] = set()
    for card, where in cards.items():
        kind, printed, tree = _kind(card)
        if kind == "maison":  # the printed points
            house_points += printed * len(where)
            houses += where
        elif kind == "arbre":
            trees.update(dict.fromkeys(where, tree))
            tree_kinds.add(tree)
        else:
            of[kind] = where
    houses.sort()  # houses of several values: back to reading order

    # ciel: 3 in the highest row holding a card; one bonus of 3 if two ciels share a side.
    sky = of.get("ciel", _NONE)
    skies = set(sky)
    high = [p for p in sky if p // s == top]
    touching = [p for p in sky if p - 1 in skies or p + 1 in skies or p - s in skies or p + s in skies]

    # oiseau: 4 if it touches a ciel, otherwise -4.
    birds = of.get("oiseau", _NONE)
    happy = sum(1 for p in birds if p - 1 in skies or p + 1 in skies or p - s in skies or p + s in skies) \
        if sky else 0

    # lac: 3 per card of the largest lake, 1 per perso touching any lake card.
    lake = of.get("lac", _NONE)
    lakes = set(lake)
    biggest = _largest_group(lake, s) if len(lake) > 1 else lakes
    people = of.get("perso", _NONE)
    bathers = [p for p in people if p - 1 in lakes or p + 1 in lakes or p - s in lakes or p + s in lakes] \
        if lake else _NONE

    # arbre: 2 per card of the largest forest, plus the diversity bonus.
    forest = _largest_group(trees, s) if len(trees) > 1 else set(trees)
    bonus = DIVERSITY[len(tree_kinds)]

    # fontaine: 1 -> -3, 2 -> 8, 3 or more -> -5.
    fountains = of.get("fontaine", _NONE)

    # pont: 3 per perso among its eight surrounding cells.
    bridge_points = 0
    bridges: list[int] = []
    if people:
        near8 = (-s - 1, -s, -s + 1, -1, 1, s - 1, s, s + 1)
        persons = set(people)
        for p in of.get("pont", _NONE):
            near = sum(1 for d in near8 if p + d in persons)
            if near:
                bridge_points += 3 * near
                bridges.append(p)

    # sapin: 2 per card below it in its column.
    fir_points = 0
    firs: list[int] = []
    for p in of.get("sapin", _NONE):
        r, c = divmod(p, s)
        below = sum(1 for row in grid[r + 1:] if len(row) > c and row[c] is not None)
        if below:
            fir_points += 2 * below
            firs.append(p)

    # eglise: 3 per maison among its eight surrounding cells.
    church_points = 0
    churches: list[int] = []
    if houses:
        near8 = (-s - 1, -s, -s + 1, -1, 1, s - 1, s, s + 1)
        house_set = set(houses)
        for p in of.get("eglise", _NONE):
            near = sum(1 for d in near8 if p + d in house_set)
            if near:
                church_points += 3 * near
                churches.append(p)

    points = {
        "maison": house_points,
        "ciel": 3 * len(high) + (3 if touching else 0),
        "oiseau": 8 * happy - 4 * len(birds),
        "lac": 3 * len(biggest) + len(bathers),
        "perso": perso,
        "arbre": 2 * len(forest) + bonus,
        "fontaine": FOUNTAINS.get(len(fountains), -5),
        "pont": bridge_points,
        "sapin": fir_points,
        "eglise": church_points,
        "taches": -stains,
    }
    # The cells that earned each category, in reading order (cell numbers sort that way).
    earned = {
        "maison": _rc(houses, s),
        "ciel": _rc(sorted({*high, *touching}), s) if sky else [],
        "oiseau": _rc(birds, s),
        "lac": _rc(sorted([*biggest, *bathers]), s) if lake else [],
        "perso": _rc(people, s) if perso else [],
        "arbre": _rc(sorted(trees if bonus else forest), s) if trees else [],
        "fontaine": _rc(fountains, s),
        "pont": _rc(bridges, s),
        "sapin": _rc(firs, s),
        "eglise": _rc(churches, s),
    }
    return PaintingScore(points, earned)


def _score_all(grids: Sequence[Grid], layouts: Sequence[_Layout],
               stains: Sequence[int]) -> tuple[list[PaintingScore], list[int]]:
    """Every painting's score, and every player's number of perso cards."""
    if len(grids) != len(stains):
        raise ValueError("one stain count per painting")
    counts = [len(layout.cards.get("perso", _NONE)) for layout in layouts]
    return [_score_one(g, lay, s, p) for g, lay, s, p in zip(grids, layouts, stains, perso_points(counts),
                                                              strict=True)], counts


def score_paintings(grids: Sequence[Grid], stains: Sequence[int]) -> list[PaintingScore]:
    """Score every player's painting (the perso rule compares the players).

    ``grids`` come from :func:`parse_painting`; ``stains`` are counts (-1 point each).

    >>> a = parse_painting([["pont", "perso"], ["perso", "lac"]])
    >>> b = parse_painting([["eglise", "maison:2"], ["maison:1", "sapin"]])
    >>> [(s.total, s.breakdown["perso"]) for s in score_paintings([a, b], [0, 2])]
    [(13, 2), (7, 0)]
    """
    return _score_all(grids, [_layout(g) for g in grids], stains)[0]


# --------------------------------------------------------------------------- the CLI document

_DOC_FIELDS = frozenset({"players"})
_PLAYER_FIELDS = frozenset({"name", "stains", "painting"})


def parse_score_input(doc: Any) -> tuple[list[str], list[Grid], list[int]]:
    """Check the JSON of ``python -m scoring score apprentis``; errors name the field.

    >>> parse_score_input({"players": [{"name": "Ana", "stains": -1, "painting": []}]})
    Traceback (most recent call last):
    ...
    scoring.core.InvalidScoreInput: players[0].stains: must be a whole number ≥ 0, got -1
    """
    names, grids, _, stains = _parse_input(doc)
    return names, grids, stains


def _parse_input(doc: Any) -> tuple[list[str], list[Grid], list[_Layout], list[int]]:
    if not isinstance(doc, dict):
        raise InvalidScoreInput("input", f"must be an object with 'players', got {doc!r}")
    if doc.keys() - _DOC_FIELDS:
        raise InvalidScoreInput(sorted(doc.keys() - _DOC_FIELDS)[0], "unknown field (expected only 'players')")
    players = doc.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= 5:
        got = len(players) if isinstance(players, list) else players
        raise InvalidScoreInput("players", f"must be a list of 1 to 5 players, got {got!r}")
    names: list[str] = []
    grids: list[Grid] = []
    layouts: list[_Layout] = []
    stains: list[int] = []
    for i, player in enumerate(players):
        if not isinstance(player, dict):
            raise InvalidScoreInput(f"players[{i}]", f"must be an object with name, stains and painting, "
                                                     f"got {player!r}")
        if player.keys() - _PLAYER_FIELDS:
            raise InvalidScoreInput(f"players[{i}].{sorted(player.keys() - _PLAYER_FIELDS)[0]}",
                                    "unknown field (expected name, stains, painting)")
        name = player.get("name")
        if not isinstance(name, str) or not name.strip():
            raise InvalidScoreInput(f"players[{i}].name", f"must be a non-empty text, got {name!r}")
        if name in names:
            raise InvalidScoreInput(f"players[{i}].name", f"{name!r} is already players[{names.index(name)}]")
        stain = player.get("stains", 0)
        if isinstance(stain, bool) or not isinstance(stain, int) or stain < 0:
            raise InvalidScoreInput(f"players[{i}].stains", f"must be a whole number ≥ 0, got {stain!r}")
        if "painting" not in player:
            raise InvalidScoreInput(f"players[{i}].painting", "is missing (a list of rows, top row first)")
        grid, layout = _checked(player["painting"], f"players[{i}].painting", name)
        grids.append(grid)
        layouts.append(layout)
        names.append(name)
        stains.append(stain)
    return names, grids, layouts, stains


def score_sheet(names: Sequence[str], grids: Sequence[Grid], stains: Sequence[int]) -> ScoreSheet:
    """The score sheet of checked paintings; ties share the victory.

    Each row's ``extra["cells"]`` lists, per category, the ``[row, column]`` of the cards
    that earned (or lost) its points, for highlighting on the grid.

    >>> a, b = parse_painting([["perso", "lac"]]), parse_painting([["lac", "perso"]])
    >>> sheet = score_sheet(["Ana", "Bo"], [a, b], [0, 0])
    >>> [(r.name, r.rank, r.total) for r in sheet.ranking], sheet.winners
    ([('Ana', 1, 5), ('Bo', 1, 5)], ('Ana', 'Bo'))
    """
    return _sheet(names, grids, [_layout(g) for g in grids], stains)


def score_document(doc: Any) -> ScoreSheet:
    """``score_sheet(*parse_score_input(doc))``, each painting laid out once.

    >>> score_document({"players": [{"name": "Ana", "painting": [["ciel", "ciel"]]}]}).ranking[0].total
    9
    """
    names, grids, layouts, stains = _parse_input(doc)
    return _sheet(names, grids, layouts, stains)


def _sheet(names: Sequence[str], grids: Sequence[Grid], layouts: Sequence[_Layout],
           stains: Sequence[int]) -> ScoreSheet:
    scores, counts = _score_all(grids, layouts, stains)
    rows = [(seat, name, s.breakdown, sum(s.breakdown.values()), ())
            for seat, (name, s) in enumerate(zip(names, scores, strict=True))]
    notes: tuple[Tr, ...] = ()
    if len(grids) >= 3 and len(set(counts)) == 1:
        notes = (Tr("Tout le monde a autant de personnages : chacun gagne 9 et perd 5.",
                    "Everyone has as many characters: everyone gains 9 and loses 5."),)
    extras = {seat: {"cells": s.cells} for seat, s in enumerate(scores)}
    return rank_rows("apprentis", rows, extras=extras, notes=notes)


# --------------------------------------------------------------------------- random paintings


def palette(trees: bool = True) -> tuple[str, ...]:
    """The card kinds a painting form offers (``maison`` takes its printed points: ``maison:N``)."""
    kinds = ("maison",) + SIMPLE_CARDS
    return kinds + tuple(f"arbre:{t}" for t in TREE_TYPES) if trees else kinds


def random_painting(rng: random.Random, size: int, trees: bool = True) -> list[list[Cell]]:
    """A random painting of ``size`` cards connected by sides (for tests and sample matches).

    >>> p = random_painting(random.Random(1), 6)
    >>> len(card_map(p)), parse_painting(p) == tuple(map(tuple, p))
    (6, True)
    """
    if size <= 0:
        return []
    placed = {(0, 0)}
    while len(placed) < size:
        frontier = sorted({n for p in placed for n in sides(p)} - placed)
        placed.add(rng.choice(frontier))
    r0 = min(r for r, _ in placed)
    c0 = min(c for _, c in placed)
    height = max(r for r, _ in placed) - r0 + 1
    width = max(c for _, c in placed) - c0 + 1
    grid: list[list[Cell]] = [[None] * width for _ in range(height)]
    kinds = palette(trees)
    for r, c in sorted(placed):
        kind = rng.choice(kinds)
        grid[r - r0][c - c0] = f"maison:{rng.randint(0, 6)}" if kind == "maison" else kind
    return grid
