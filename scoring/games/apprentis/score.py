"""Les apprentis: the painting checker and scorer, the score sheet and the ``python -m scoring score``
document (pure functions, no game state).

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

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain, repeat
from operator import add, itemgetter
from typing import Any, NamedTuple

from scoring.core import InvalidScoreInput, ScoreSheet, Tr, _seat_score, one_of, quote, whole
from scoring.core.words import de
from scoring.games.apprentis.rules import (
    CATEGORIES,
    DIVERSITY,
    FOUNTAINS,
    LENGTHS,
    MAX_HOUSE,
    PERSO_TIES,
    SIMPLE_CARDS,
    TREE_TYPES,
    cards_dealt,
    longest,
    stains_possible,
)
from scoring.games.apprentis.texts import SAME_PERSO

Cell = str | None
Grid = tuple[tuple[Cell, ...], ...]
Pos = tuple[int, int]

#: Accepted spellings that are not the canonical cell names.
ALIASES = {"église": "eglise"}
EXPECTED = Tr("maison:N, ciel, oiseau, lac, perso, arbre:A1..arbre:A4, fontaine, pont, sapin, eglise ou null",
              "maison:N, ciel, oiseau, lac, perso, arbre:A1..arbre:A4, fontaine, pont, sapin, eglise or null",
              it="maison:N, ciel, oiseau, lac, perso, arbre:A1..arbre:A4, fontaine, pont, sapin, eglise o null")


# --------------------------------------------------------------------------- parsing


def parse_cell(value: Any, where: str = "cell") -> Cell:
    """The canonical cell name, or :class:`InvalidScoreInput` naming ``where``.

    >>> parse_cell("maison:04"), parse_cell("arbre:A3"), parse_cell(None), parse_cell("église")
    ('maison:4', 'arbre:A3', None, 'eglise')
    >>> parse_cell("maison:-2", "players[0].painting[1][2]")
    Traceback (most recent call last):
    ...
    scoring.core.errors.InvalidScoreInput: players[0].painting[1][2]: unknown card “maison:-2” \
(expected maison:N, ciel, oiseau, lac, perso, arbre:A1..arbre:A4, fontaine, pont, sapin, eglise or null)
    """
    if value is None:
        return None
    if not isinstance(value, str):
        raise InvalidScoreInput(where, Tr(f"doit être un nom de carte ou null, reçu {quote(value)}",
                                          f"must be a card name or null, got {quote(value)}",
                                          it=f"deve essere un nome di carta o null, ricevuto {quote(value)}"))
    name = ALIASES.get(value, value)
    if name in SIMPLE_CARDS:
        return name
    kind, sep, arg = name.partition(":")
    # A house prints its points: a few digits (a long string of them is no card, nor a number to convert).
    if kind == "maison" and sep and arg.isascii() and arg.isdigit() and len(arg.lstrip("0")) <= 3:
        if int(arg) <= MAX_HOUSE:
            return f"maison:{int(arg)}"
    if kind == "arbre" and arg in TREE_TYPES:
        return name
    raise InvalidScoreInput(where, Tr(f"carte inconnue {quote(value)} (attendu : {EXPECTED.fr})",
                                      f"unknown card {quote(value)} (expected {EXPECTED.en})",
                                      it=f"carta sconosciuta {quote(value)} (atteso: {EXPECTED.it})"))


#: Every spelling :func:`parse_cell` accepts in a painting of the box (houses print 0 to 6
#: points; up to 99 is covered), with its canonical name: one dictionary look-up per cell
#: instead of a call.  Anything else goes through :func:`parse_cell` itself.
_CANON: dict[Any, Cell] = {spelling: parse_cell(spelling) for spelling in (
    None, *SIMPLE_CARDS, *ALIASES, *(f"arbre:{t}" for t in TREE_TYPES), *(f"maison:{n}" for n in range(100)))}


def parse_painting(raw: Any, where: str = "painting", who: str = "", most: int | None = None) -> Grid:
    """Check and normalise a painting: a list of equal rows of cards connected by sides, of at most
    ``most`` cards (what the game's length deals a player; ``None``: any number).

    >>> parse_painting([["lac", None], [None, "lac"]], "players[0].painting", "Ana")
    Traceback (most recent call last):
    ...
    scoring.core.errors.InvalidScoreInput: players[0].painting: Ana's painting breaks the placement rule: \
the card at [1][1] (“lac”) does not touch the card at [0][0] (“lac”) through cards sharing a side
    >>> parse_painting([["ciel"], ["lac", "lac"]], "p")
    Traceback (most recent call last):
    ...
    scoring.core.errors.InvalidScoreInput: p[1]: has 2 cells but row 0 has 1 (all rows must have the same length)
    """
    return _checked(raw, where, who, most)[0]


def _checked(raw: Any, where: str, who: str, most: int | None) -> tuple[Grid, _Layout]:
    """:func:`parse_painting`, with the layout the scorer needs."""
    if not isinstance(raw, list | tuple):
        raise InvalidScoreInput(where, Tr(f"doit être une liste de lignes, reçu {quote(raw)}",
                                          f"must be a list of rows, got {quote(raw)}",
                                          it=f"deve essere una lista di righe, ricevuto {quote(raw)}"))
    canon, code = _CANON.__getitem__, _CODE.__getitem__
    rows: list[tuple[Cell, ...]] = []
    lines: list[bytes] | None = []  # each row's codes, while every cell is spelled as the scorer spells it
    width = len(raw[0]) if raw and isinstance(raw[0], list | tuple) else 0
    for r, row in enumerate(raw):
        if type(row) is not list and not isinstance(row, list | tuple):
            raise InvalidScoreInput(f"{where}[{r}]", Tr(f"doit être une liste de cases, reçu {quote(row)}",
                                                        f"must be a list of cells, got {quote(row)}",
                                                        it=f"deve essere una lista di caselle, ricevuto {quote(row)}"))
        if len(row) != width:
            raise InvalidScoreInput(f"{where}[{r}]", Tr(
                f"a {len(row)} cases mais la ligne 0 en a {width} (toutes les lignes doivent avoir la même longueur)",
                f"has {len(row)} cells but row 0 has {width} (all rows must have the same length)",
                it=f"ha {len(row)} caselle ma la riga 0 ne ha {width} (tutte le righe devono avere la stessa "
                   "lunghezza)"))
        if lines is not None:
            try:
                lines.append(bytes(map(code, row)))
                rows.append(tuple(row))  # canonical names already
                continue
            except (KeyError, TypeError):
                lines = None
        try:
            rows.append(tuple(map(canon, row)))
        except (KeyError, TypeError):  # an unusual spelling, or a bad cell: parse_cell says which
            rows.append(tuple(parse_cell(cell, f"{where}[{r}][{c}]") for c, cell in enumerate(row)))
    grid = tuple(rows)
    layout = _layout(grid, width) if lines is None else _from_lines(lines, width)
    _placement(layout, grid, where, who)
    if most is not None and layout.cards.bit_count() > most:
        _too_many(layout.cards, most, where)
    return grid, layout


def _too_many(cards: int, most: int, where: str) -> None:
    count = cards.bit_count()
    raise InvalidScoreInput(where, Tr(f"a {count} cartes, mais un joueur en pose au plus {most} dans cette partie",
                                      f"has {count} cards, but a player lays at most {most} in this game",
                                      it=f"ha {count} carte, ma un giocatore ne posa al massimo {most} in questa "
                                         "partita"))


def _laid_out(raw: Any, i: int, who: str, most: int) -> _Layout:
    """The layout of ``players[i].painting``, checked, for a document scored at once (its grid
    is not kept).

    A painting as the app and the command line send it (a list of lists, every cell spelled as
    the scorer spells it) is read in one pass: an end-of-row mark (code :data:`_END`, which no
    card has), then each row followed by one, joined into one list whose codes one
    ``itemgetter`` call on :data:`_READ_TABLE` looks up (fewer steps per cell than ``map`` over
    nested iterators); the rows all have the first one's length exactly when the marks sit every
    ``width + 1`` codes.  Anything else goes through :func:`_checked`, which gives the same
    layout or says what is wrong.
    """
    if type(raw) is list and 0 < len(raw) <= _FAST_ROWS and _ROW_TYPE.issuperset(map(type, raw)):
        s = len(raw[0]) + 1
        try:  # at least two keys (with one, itemgetter would not give a tuple)
            codes = bytes(itemgetter(*sum(map(add, raw, _ENDS), _END_ROW))(_READ_TABLE))
        except (KeyError, TypeError):
            return _checked(raw, f"players[{i}].painting", who, most)[1]
        if codes[::s] == _END_BYTE * (len(raw) + 1):
            codes = codes[:0:-1]  # last cell first, without the leading mark
            cards = int(codes.translate(_OCCUPIED), 2)
            # The placement rule: every card is reached from one of them through sides; from the
            # first card at or after the middle cell (fewer rounds of _reach than from the top
            # row; when one is left out, _placement names it as seen from the first card).
            middle = cards.bit_length() >> 1
            seed = cards >> middle
            if _reach(cards, (seed & -seed) << middle, s) != cards:
                _placement(_Layout(s, codes, cards), raw, f"players[{i}].painting", who)
            if cards.bit_count() > most:
                _too_many(cards, most, f"players[{i}].painting")
            return _new_layout(_Layout, (s, codes, cards, 0, _TREE_CODES, _TREES))
    return _checked(raw, f"players[{i}].painting", who, most)[1]


_ROW_TYPE = {list}
#: The most rows :func:`_laid_out` reads in one pass (joining the rows takes time growing as their
#: number squared: a real painting has a handful of rows).
_FAST_ROWS = 64
#: The code of the end-of-row mark of :func:`_laid_out` (every ``bytes.translate`` table below
#: reads it as an empty cell, as it reads code 0).
_END = 255


def _unreached(layout: _Layout) -> int:
    """The cards not reached from the first through cards sharing a side (0: none)."""
    cards = layout.cards
    return cards ^ _reach(cards, cards & -cards, layout.stride)


def _reach(cards: int, seeds: int, s: int) -> int:
    """The cards of ``cards`` reached from ``seeds`` (some of them) through cards sharing a side.

    Each round grows along the rows, to the end of each run of cards at once (adding a seed to
    its run carries through the run's cells up to the empty cell after it, as every row ends with
    one, which ``^ cards`` and ``& cards`` leave out; a seed above another in the same run is
    carried over and put back by ``| seeds``; ``seeds >> 1`` is one step back), then one step
    along the columns, until it stops growing or has reached every card.

    >>> bin(_reach(0b0111_1110, 0b0000_0100, 8)), bin(_reach(0b0110_0110, 0b0000_0100, 8))
    ('0b1111110', '0b110')
    """
    while True:
        grown = ((cards + seeds) ^ cards | seeds | seeds >> 1) & cards
        grown = (grown | grown << s | grown >> s) & cards
        if grown == seeds or grown == cards:
            return grown
        seeds = grown


def _placement(layout: _Layout, grid: Sequence[Sequence[Any]], where: str, who: str) -> None:
    """The placement rule: every card is reached from the first through sides."""
    unreached = _unreached(layout)
    if unreached:
        s = layout.stride
        (r0, c0), (r1, c1) = divmod(_first(layout.cards), s), divmod(_first(unreached), s)
        lone, first = quote(grid[r1][c1]), quote(grid[r0][c0])
        raise InvalidScoreInput(where, Tr(
            f"{f'le tableau {de(who)}' if who else 'ce tableau'} ne respecte pas la règle de pose : la carte en "
            f"[{r1}][{c1}] ({lone}) ne touche pas la carte en [{r0}][{c0}] ({first}) par des cartes côte à côte",
            f"{who or 'this player'}'s painting breaks the placement rule: the card at [{r1}][{c1}] ({lone}) "
            f"does not touch the card at [{r0}][{c0}] ({first}) through cards sharing a side",
            it=f"{f'il quadro di {who}' if who else 'questo quadro'} non rispetta la regola di posa: la carta in "
               f"[{r1}][{c1}] ({lone}) non tocca la carta in [{r0}][{c0}] ({first}) attraverso carte affiancate"))


def card_map(grid: Sequence[Sequence[Cell]]) -> dict[Pos, str]:
    """The cards of a painting by ``(row, column)``."""
    return {(r, c): cell for r, row in enumerate(grid) for c, cell in enumerate(row) if cell is not None}


def grid_json(grid: Grid) -> list[list[Cell]]:
    return [list(row) for row in grid]


# --------------------------------------------------------------------------- geometry
#
# The checker and the scorer number the cells of a grid ``row * stride + column``, with
# ``stride`` one more than the widest row, and hold a set of cells as an integer whose bit
# ``p`` is cell ``p`` (its "mask").  The side neighbours of ``p`` are ``p ± 1`` and
# ``p ± stride``, so the cells touching a set are a few shifts of its mask; the column past
# the last one is always empty, so ``p - 1`` of a first column is an empty cell, not the end
# of the row above; bits shifted above the top row fall off; masks count their cells with
# ``int.bit_count`` and their lowest bit is the first cell in reading order.


#: A code per card of the box (one byte): 0 is an empty cell, houses are HOUSE + their points.
HOUSE = 20
_CODE: dict[Cell, int] = {None: 0, **{card: i + 1 for i, card in enumerate(SIMPLE_CARDS)},
                          **{f"arbre:{t}": 9 + i for i, t in enumerate(TREE_TYPES)},
                          **{f"maison:{n}": HOUSE + n for n in range(100)}}
CIEL, OISEAU, LAC, PERSO, FONTAINE, PONT, SAPIN, EGLISE = (_CODE[card] for card in SIMPLE_CARDS)
#: Codes a layout gives cards outside the table above (see :func:`_odd_codes`).
ODD_HOUSE, ODD_CARD, ODD_TREES = 13, 14, 128


def _table(codes: Iterable[int]) -> bytes:
    """A ``bytes.translate`` table: ``b"1"`` for these codes, ``b"0"`` for the others."""
    ones = set(codes)
    return bytes(49 if i in ones else 48 for i in range(256))


_SKY, _BIRD, _LAKE, _PERSON, _FOUNTAIN, _BRIDGE, _FIR, _CHURCH = (_table([code]) for code in range(1, 9))
_OCCUPIED = _table(range(1, _END))
_END_BYTE = bytes([_END])
_END_MARK = object()  # what :func:`_laid_out` puts after each row
_END_ROW = [_END_MARK]
_ENDS = repeat(_END_ROW)
_READ_TABLE: dict[Any, int] = {**_CODE, _END_MARK: _END}
_new_layout = tuple.__new__
_HOUSES = _table([ODD_HOUSE, *range(HOUSE, HOUSE + 100)])
_POINTS = bytes(i - HOUSE if HOUSE <= i < HOUSE + 100 else 0 for i in range(256))
_NOT_POINTS = bytes(i for i in range(256) if not _POINTS[i])
_TREE_CODES = (9, 10, 11, 12)
_TREES = _table(_TREE_CODES)


class _Layout(NamedTuple):
    stride: int
    #: each cell's code, last cell first (so that ``int(codes.translate(table), 2)`` is a mask)
    codes: bytes
    #: the mask of every card
    cards: int
    #: printed points of houses outside the code table
    odd_points: int = 0
    #: the tree codes, and their table
    tree_codes: tuple[int, ...] = _TREE_CODES
    trees: bytes = _TREES


def _layout(grid: Sequence[Sequence[Cell]], width: int | None = None) -> _Layout:
    """The layout of a grid (``width``: the length of its rows, when they all have it)."""
    if width is None:
        width = max(map(len, grid), default=0)
        if min(map(len, grid), default=0) != width:  # rows of different lengths
            return _odd_layout(grid, width)
    try:  # each row, then the empty column past it
        codes = bytes(map(_CODE.__getitem__, chain.from_iterable(chain.from_iterable(zip(grid, repeat(_PAST))))))
    except KeyError:
        return _odd_layout(grid, width)
    codes = codes[::-1]
    return _Layout(width + 1, codes, int(codes.translate(_OCCUPIED), 2) if codes else 0)


_PAST = (None,)


def _from_lines(lines: list[bytes], width: int) -> _Layout:
    """:func:`_layout` from each row's codes, all ``width`` long."""
    codes = (b"\0".join(lines) + b"\0")[::-1] if lines else b""  # each row, then the empty column past it
    return _Layout(width + 1, codes, int(codes.translate(_OCCUPIED), 2) if codes else 0)


def _odd_layout(grid: Sequence[Sequence[Cell]], width: int) -> _Layout:
    """The layout of a grid with cards outside the code table (a house printing 100 points or
    more, or a grid handed to the scorer unchecked), read by :func:`_kind` as every card is."""
    stride = width + 1
    flat: list[Cell] = []
    for row in reversed(grid):
        flat += [None] * (stride - len(row))
        flat += reversed(row)
    code = dict(_CODE)
    odd = {card: _kind(card) for card in sorted(set(flat) - code.keys(), key=str) if card is not None}
    odd_points = sum(printed * flat.count(card) for card, (kind, printed, _) in odd.items() if kind == "maison")
    new_types = sorted({tree for kind, _, tree in odd.values() if kind == "arbre"})
    if len(new_types) > 255 - ODD_TREES:  # far more than DIVERSITY knows: the same error it gives
        raise KeyError(len(new_types) + sum(1 for c in _TREE_CODES if c in map(code.get, flat)))
    tree_code = {tree: ODD_TREES + i for i, tree in enumerate(new_types)}
    for card, (kind, _, tree) in odd.items():
        code[card] = ODD_HOUSE if kind == "maison" else tree_code[tree] if kind == "arbre" else ODD_CARD
    codes = bytes(map(code.__getitem__, flat))
    tree_codes = (*_TREE_CODES, *tree_code.values())
    return _Layout(stride, codes, int(codes.translate(_OCCUPIED), 2) if codes else 0, odd_points,
                   tree_codes, _table(tree_codes))


def _first(mask: int) -> int:
    """The first cell of a non-empty mask, in reading order."""
    return (mask & -mask).bit_length() - 1


def _largest_group(mask: int, s: int) -> int:
    """The largest group of cells connected by sides (the first in reading order on a tie).

    With a stride of 4: (0,0) (0,1) are cells 0 and 1; (2,2) (3,2) (4,2) are 10, 14 and 18.

    >>> _largest_group(1 << 0 | 1 << 1 | 1 << 10 | 1 << 14 | 1 << 18, 4) == 1 << 10 | 1 << 14 | 1 << 18
    True
    >>> _largest_group(1 << 0 | 1 << 2, 4) == 1 << 0
    True
    """
    return _largest_linked(mask, mask & (mask << 1 | mask >> 1 | mask << s | mask >> s), s)


def _largest_linked(mask: int, linked: int, s: int) -> int:
    """:func:`_largest_group`, given ``linked``: the cells of ``mask`` with a side neighbour in it."""
    # Cells with no neighbour in the mask are groups of one: only when there is nothing else does
    # one of them (the first) win, and leaving them out does not split the other groups.
    if linked.bit_count() <= 3:
        # Each linked cell has a linked neighbour: two or three of them are one group (a grid
        # has no triangle), none leaves the single cells, the first of which wins.
        return linked or mask & -mask
    best, size, mask = 0, 0, linked
    while mask.bit_count() > size:
        group = _reach(mask, mask & -mask, s)
        mask ^= group
        if group.bit_count() > size:
            best, size = group, group.bit_count()
    return best


def _cells(s: int, masks: Iterable[int]) -> list[list[list[int]]]:
    """``[row, column]`` of each cell of each mask, in reading order (one call for a painting's ten
    categories).

    >>> _cells(4, [1 << 1 | 1 << 9])
    [[[0, 1], [2, 1]]]
    """
    out = []
    for mask in masks:
        cells = []
        while mask:  # the last cell first: one operation fewer per cell than the lowest bit
            p = mask.bit_length() - 1
            cells.append([p // s, p % s])
            mask ^= 1 << p
        cells.reverse()
        out.append(cells)
    return out


#: Per stride below 33, the mask of one column of 64 rows (bits 0, ``s``, ``2 * s`` ...).
_COLUMNS = {s: int(("0" * (s - 1) + "1") * 64, 2) for s in range(1, 33)}


def _column(s: int, size: int) -> int:
    """The mask of one column of a grid of ``size`` cells (cells 0, ``s``, ``2 * s`` ...)."""
    return int(("0" * (s - 1) + "1") * (size // s), 2)


def _around(cards: int, targets: int, s: int) -> tuple[int, int]:
    """The ``targets`` among the eight cells around each of ``cards`` ("diagonale incluse"), counted
    once per card, and the cards that have at least one (the cells that earn).

    With a stride of 4, a pont at (1,1) (cell 5) has persos at (0,0) and (2,2) (cells 0 and 10)
    around it; one at (3,0) (cell 12) has none:

    >>> _around(1 << 5 | 1 << 12, 1 << 0 | 1 << 10, 4) == (2, 1 << 5)
    True
    """
    # The eight cells around cell s + 1: the targets around cell p are the bits of
    # (targets << s + 1 >> p) & near8.
    near8, around = 0b111 | 0b101 << s | 0b111 << 2 * s, targets << s + 1
    count = earning = 0
    while cards:
        low = cards & -cards
        near = (around >> low.bit_length() - 1 & near8).bit_count()
        if near:
            count += near
            earning |= low
        cards ^= low
    return count, earning


# --------------------------------------------------------------------------- scoring


class Highlights(Mapping[str, list[list[int]]]):
    """The cells that earned each category, ``{category: [[row, column], ...]}`` in reading order,
    worked out the first time they are read.

    The points do not need them: the review screen and the stored sheet (``ScoreSheet.to_json``)
    read them, a sheet only looked at for its totals never does.  A mapping equal to the
    ``dict`` it stands for.

    >>> h = Highlights(3, (0b101, *[0] * 9))
    >>> h["maison"], h == {**dict.fromkeys(_EARNING, []), "maison": [[0, 0], [0, 2]]}
    ([[0, 0], [0, 2]], True)
    """

    __slots__ = ("_data",)

    def __init__(self, stride: int, masks: tuple[int | bytes, ...], codes: bytes = b"") -> None:
        """``masks``: each category's cells, as a mask or as the ``bytes.translate`` table that
        gives it from the painting's ``codes`` (a mask the points did not need)."""
        self._data: tuple[int, tuple[int | bytes, ...], bytes] | dict[str, list[list[int]]] = (stride, masks, codes)

    def _dict(self) -> dict[str, list[list[int]]]:
        data = self._data
        if isinstance(data, tuple):  # worked out now, and kept
            stride, masks, codes = data
            data = self._data = dict(zip(_EARNING, _cells(stride, [int(codes.translate(m), 2) if isinstance(m, bytes)
                                                                   else m for m in masks]), strict=True))
        return data

    def __getitem__(self, key: str) -> list[list[int]]:
        return self._dict()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._dict())

    def __len__(self) -> int:
        return len(_EARNING)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Highlights):
            return self._dict() == other._dict()
        return self._dict() == other if isinstance(other, Mapping) else NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, like the dict it stands for

    def __repr__(self) -> str:
        return repr(self._dict())

    def to_json(self) -> dict[str, list[list[int]]]:
        """The ``dict`` (what ``ScoreSheet.to_json`` stores)."""
        return self._dict()


@dataclass(frozen=True)
class PaintingScore:
    """One player's points per category, and the cells that earned them."""

    breakdown: dict[str, int]
    cells: Mapping[str, list[list[int]]]

    @property
    def total(self) -> int:
        return sum(self.breakdown.values())


def perso_points(counts: Sequence[int], tie: str = "both") -> list[int]:
    """The perso points of every player from their numbers of perso cards.

    3 to 5 players: the most gain 9, the fewest lose 5, ties all score.  When everyone ties, ``tie``
    says which reading is played (docs/rules-notes.md): ``both`` (the ruling) everyone gains 9 and
    loses 5; ``none`` nobody scores; ``zero`` as ``both``, but with no character at all nobody has the
    most: everyone loses 5.  1 or 2 players: 1 per card.

    >>> perso_points([3, 1, 1]), perso_points([2, 2, 2]), perso_points([4, 0]), perso_points([0, 2, 1])
    ([9, -5, -5], [4, 4, 4], [4, 0], [-5, 9, 0])
    >>> perso_points([0, 0, 0]), perso_points([0, 0, 0], "none"), perso_points([0, 0, 0], "zero")
    ([4, 4, 4], [0, 0, 0], [-5, -5, -5])
    """
    if len(counts) <= 2:
        return list(counts)
    most, fewest = max(counts), min(counts)
    if most != fewest:
        points = {fewest: -5, most: 9}
    else:
        points = {most: 4 if tie == "both" or (tie == "zero" and most) else -5 if tie == "zero" else 0}
    return list(map(points.get, counts, _ZERO))


def _kind(card: str) -> tuple[str, int, str]:
    """What a card scores as: ``("maison", its points, "")``, ``("arbre", 0, its type)`` or
    ``(the card, 0, "")`` (no category reads a card it does not know)."""
    if card.startswith("maison:"):
        return "maison", int(card.partition(":")[2]), ""
    if card.startswith("arbre:"):
        return "arbre", 0, card.partition(":")[2]
    return card, 0, ""


_ZERO = repeat(0)
#: The score of an empty painting, and the categories that earn cells.
_NOTHING = dict.fromkeys(CATEGORIES, 0)
_EARNING = CATEGORIES[:-1]
_NO_CELLS = (0,) * len(_EARNING)
_A1, _A2, _A3, _A4 = _TREE_CODES


def _score_one(layout: _Layout, stains: int, perso: int) -> tuple[int, dict[str, int], Highlights]:  # noqa: C901
    """One painting's total, its points per category, and the cells that earned them.  (One function for
    the ten cards on purpose: a call per card would cost the five-player sheet of issue #9 its budget.)

    Masks the points do not need (the houses when no eglise is there, the birds when no ciel is,
    the persos and the fountains) are left to :class:`Highlights`, as the table that gives them.
    """
    s, codes, cards, odd_points, tree_codes, tree_table = layout
    if not cards:
        return perso - stains, {**_NOTHING, "perso": perso, "taches": -stains}, Highlights(s, _NO_CELLS)
    tr = codes.translate

    # maison: the printed points.
    maison = sum(tr(_POINTS, _NOT_POINTS)) + odd_points  # the houses' codes only, as points
    bird_cells: int | bytes
    house_cells: int | bytes

    # ciel: 3 in the highest row holding a card; one bonus of 3 if two ciels share a side.
    # oiseau: 4 if it touches a ciel, otherwise -4.
    if CIEL in codes:
        skies = int(tr(_SKY), 2)
        by_sky = skies << 1 | skies >> 1 | skies << s | skies >> s
        first = (cards & -cards).bit_length() - 1
        sky = skies & ((1 << s) - 1) << first - first % s  # the ciels of the highest row
        pairs = skies & by_sky
        ciel = 3 * sky.bit_count() + 3 if pairs else 3 * sky.bit_count()
        sky |= pairs
        if OISEAU in codes:
            birds = int(tr(_BIRD), 2)
            oiseau, bird_cells = 8 * (birds & by_sky).bit_count() - 4 * birds.bit_count(), birds
        else:
            oiseau, bird_cells = 0, 0
    else:
        sky = ciel = 0
        oiseau, bird_cells = -4 * codes.count(OISEAU), _BIRD

    # lac: 3 per card of the largest lake, 1 per perso touching any lake card.
    # pont: 3 per perso among its eight surrounding cells.
    lake = lac = bridges = pont = 0
    if PERSO in codes:
        people = int(tr(_PERSON), 2)
        if LAC in codes:
            lakes = int(tr(_LAKE), 2)
            by_lake = lakes << 1 | lakes >> 1 | lakes << s | lakes >> s
            lake = _largest_linked(lakes, lakes & by_lake, s)
            bathers = people & by_lake
            lac = 3 * lake.bit_count() + bathers.bit_count()
            lake |= bathers
        if PONT in codes:
            near, bridges = _around(int(tr(_BRIDGE), 2), people, s)
            pont = 3 * near
    elif LAC in codes:
        lakes = int(tr(_LAKE), 2)
        lake = _largest_group(lakes, s) if lakes & (lakes - 1) else lakes
        lac = 3 * lake.bit_count()

    # arbre: 2 per card of the largest forest, plus the diversity bonus.
    trees = int(tr(tree_table), 2)
    if not trees:
        forest = arbre = 0
    else:
        if tree_codes is _TREE_CODES:
            bonus = DIVERSITY[(_A1 in codes) + (_A2 in codes) + (_A3 in codes) + (_A4 in codes)]
        else:
            bonus = DIVERSITY[sum(map(codes.__contains__, tree_codes))]
        largest = _largest_linked(trees, trees & (trees << 1 | trees >> 1 | trees << s | trees >> s), s)
        if bonus:  # every tree card is highlighted
            forest = trees
            arbre = 2 * largest.bit_count() + bonus
        else:
            forest = largest
            arbre = 2 * largest.bit_count()

    # sapin: 2 per card below it in its column.
    firs = sapin = 0
    if SAPIN in codes:
        column = _COLUMNS[s] if s < 33 and len(codes) <= 64 * s else _column(s, len(codes))
        mask = int(tr(_FIR), 2)
        while mask:
            low = mask & -mask
            below = (cards >> low.bit_length() - 1 + s & column).bit_count()
            if below:
                sapin += 2 * below
                firs |= low
            mask ^= low

    # eglise: 3 per maison among its eight surrounding cells.
    churches = eglise = 0
    if EGLISE in codes:
        houses = int(tr(_HOUSES), 2)
        house_cells = houses
        if houses:
            near, churches = _around(int(tr(_CHURCH), 2), houses, s)
            eglise = 3 * near
    else:
        house_cells = _HOUSES

    # fontaine: 1 -> -3, 2 -> 8, 3 or more -> -5.
    fontaine = FOUNTAINS.get(codes.count(FONTAINE), -5)

    cells = _new(Highlights)  # Highlights(s, masks, codes), without a call to __init__
    cells._data = (s, (house_cells, sky, bird_cells, lake, _PERSON if perso else 0, forest, _FOUNTAIN, bridges, firs,
                       churches), codes)
    points = {"maison": maison, "ciel": ciel, "oiseau": oiseau, "lac": lac, "perso": perso, "arbre": arbre,
              "fontaine": fontaine, "pont": pont, "sapin": sapin, "eglise": eglise, "taches": -stains}
    return sum(points.values()), points, cells


def _score_all(layouts: Sequence[_Layout], stains: Sequence[int]) -> tuple[list[PaintingScore], list[int]]:
    """Every painting's score, and every player's number of perso cards."""
    if len(layouts) != len(stains):
        raise ValueError("one stain count per painting")
    counts = [layout.codes.count(PERSO) for layout in layouts]
    scores = []
    for lay, s, p in zip(layouts, stains, perso_points(counts), strict=True):
        _, points, cells = _score_one(lay, s, p)
        scores.append(PaintingScore(points, cells))
    return scores, counts


def score_paintings(grids: Sequence[Grid], stains: Sequence[int]) -> list[PaintingScore]:
    """Score every player's painting (the perso rule compares the players).

    ``grids`` come from :func:`parse_painting`; ``stains`` are counts (-1 point each).

    >>> a = parse_painting([["pont", "perso"], ["perso", "lac"]])
    >>> b = parse_painting([["eglise", "maison:2"], ["maison:1", "sapin"]])
    >>> [(s.total, s.breakdown["perso"]) for s in score_paintings([a, b], [0, 2])]
    [(13, 2), (7, 0)]
    """
    if len(grids) != len(stains):
        raise ValueError("one stain count per painting")
    return _score_all([_layout(g) for g in grids], stains)[0]


# --------------------------------------------------------------------------- the CLI document

_DOC_FIELDS = frozenset({"players", "length", "perso_tie", "stain_points"})
_PLAYER_FIELDS = frozenset({"name", "stains", "painting"})


class Document(NamedTuple):
    """A checked score document: the players' names, paintings laid out and stains, the house rules."""

    names: list[str]
    layouts: list[_Layout]
    stains: list[int]
    perso_tie: str = "both"
    stain_points: int = 1


def parse_score_input(doc: Any) -> tuple[list[str], list[Grid], list[int]]:
    """Check the JSON of ``python -m scoring score apprentis``; errors name the field.  (The house
    rules it may give are read by :func:`score_document`.)

    >>> parse_score_input({"players": [{"name": "Ana", "stains": -1, "painting": []}]})
    Traceback (most recent call last):
    ...
    scoring.core.errors.InvalidScoreInput: players[0].stains: must be at least 0, got -1
    """
    grids: list[Grid] = []
    names, _, stains, _, _ = _parse_input(doc, grids)
    return names, grids, stains


def _players(doc: Any) -> list[Any]:
    """The document's list of players, once the document's own fields are checked."""
    if not isinstance(doc, dict):
        raise InvalidScoreInput("input", Tr(f"doit être un objet avec « players », reçu {quote(doc)}",
                                            f"must be an object with 'players', got {quote(doc)}",
                                            it=f"deve essere un oggetto con «players», ricevuto {quote(doc)}"))
    if not doc.keys() <= _DOC_FIELDS:
        raise InvalidScoreInput(sorted(doc.keys() - _DOC_FIELDS, key=str)[0], Tr(
            "champ inconnu (attendus : « players », « length », « perso_tie », « stain_points »)",
            "unknown field (expected players, length, perso_tie, stain_points)",
            it="campo sconosciuto (attesi: «players», «length», «perso_tie», «stain_points»)"))
    players = doc.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= 5:
        got = quote(len(players) if isinstance(players, list) else players)
        raise InvalidScoreInput("players", Tr(f"doit être une liste de 1 à 5 joueurs, reçu {got}",
                                              f"must be a list of 1 to 5 players, got {got}",
                                              it=f"deve essere una lista da 1 a 5 giocatori, ricevuto {got}"))
    return players


def _game_fields(doc: dict[str, Any]) -> tuple[int, int, str, int]:
    """The most cards of a painting, the most stains of a player, and the house rules of a document."""
    n = len(doc["players"])
    if len(doc) == 1:  # players only: the longest game, the rulings
        return (*_LONGEST[n], "both", 1)
    length = one_of(doc["length"], "length", tuple(LENGTHS), error=InvalidScoreInput) if "length" in doc \
        else longest(n)
    tie = one_of(doc.get("perso_tie", "both"), "perso_tie", PERSO_TIES, error=InvalidScoreInput)
    cost = whole(doc.get("stain_points", 1), "stain_points", 0, 5, error=InvalidScoreInput, digits=False)
    return cards_dealt(n, length), stains_possible(n, length), tie, cost


def _parse_input(doc: Any, grids: list[Grid] | None = None) -> Document:
    """The names, paintings laid out and stains of a document, and its house rules (``grids``: where
    to keep the checked grids too; without it the rows are not copied).

    A painting holds at most the cards the game's ``length`` deals a player, and a player makes at
    most one stain per card taken with a die; with no ``length``, the longest game bounds them.
    """
    players, (most, most_stains, tie, cost) = _players(doc), _game_fields(doc)
    names: list[str] = []
    layouts: list[_Layout] = []
    stains: list[int] = []
    for i, player in enumerate(players):
        if not isinstance(player, dict):
            raise InvalidScoreInput(f"players[{i}]", Tr(
                f"doit être un objet avec « name », « stains » et « painting », reçu {quote(player)}",
                f"must be an object with name, stains and painting, got {quote(player)}",
                it=f"deve essere un oggetto con «name», «stains» e «painting», ricevuto {quote(player)}"))
        if not player.keys() <= _PLAYER_FIELDS:
            raise InvalidScoreInput(f"players[{i}].{sorted(player.keys() - _PLAYER_FIELDS, key=str)[0]}",
                                    Tr("champ inconnu (attendus : « name », « stains », « painting »)",
                                       "unknown field (expected name, stains, painting)",
                                       it="campo sconosciuto (attesi: «name», «stains», «painting»)"))
        name = player.get("name")
        if not isinstance(name, str) or not name.strip():
            raise InvalidScoreInput(f"players[{i}].name", Tr(f"doit être un texte non vide, reçu {quote(name)}",
                                                             f"must be a non-empty text, got {quote(name)}",
                                                             it="deve essere un testo non vuoto, ricevuto "
                                                                f"{quote(name)}"))
        if name in names:
            raise InvalidScoreInput(f"players[{i}].name", Tr(
                f"{quote(name)} est déjà players[{names.index(name)}]",
                f"{quote(name)} is already players[{names.index(name)}]",
                it=f"{quote(name)} è già players[{names.index(name)}]"))
        stain = player.get("stains", 0)
        if type(stain) is not int or not 0 <= stain <= most_stains:  # whole() says what is wrong
            whole(stain, f"players[{i}].stains", 0, most_stains, error=InvalidScoreInput, digits=False)
        if "painting" not in player:
            raise InvalidScoreInput(f"players[{i}].painting", Tr("manque (une liste de lignes, celle du haut d'abord)",
                                                                 "is missing (a list of rows, top row first)",
                                                                 it="manca (una lista di righe, prima quella in "
                                                                    "alto)"))
        if grids is None:
            layouts.append(_laid_out(player["painting"], i, name, most))
        else:
            grid, layout = _checked(player["painting"], f"players[{i}].painting", name, most)
            grids.append(grid)
            layouts.append(layout)
        names.append(name)
        stains.append(stain)
    return _new_layout(Document, (names, layouts, stains, tie, cost))  # Document(...), without its __new__


#: By number of players: the cards and the stains of the longest game (a document without ``length``).
_LONGEST = {n: (cards_dealt(n, longest(n)), stains_possible(n, longest(n))) for n in range(1, 6)}


def score_sheet(names: Sequence[str], grids: Sequence[Grid], stains: Sequence[int], *, perso_tie: str = "both",
                stain_points: int = 1) -> ScoreSheet:
    """The score sheet of checked paintings; ties share the victory.  ``perso_tie`` and ``stain_points``:
    the house rules played (:func:`perso_points`; the points each stain costs).

    Each row's ``extra["cells"]`` lists, per category, the ``[row, column]`` of the cards
    that earned (or lost) its points, for highlighting on the grid.

    >>> a, b = parse_painting([["perso", "lac"]]), parse_painting([["lac", "perso"]])
    >>> sheet = score_sheet(["Ana", "Bo"], [a, b], [0, 0])
    >>> [(r.name, r.rank, r.total) for r in sheet.ranking], sheet.winners
    ([('Ana', 1, 5), ('Bo', 1, 5)], ('Ana', 'Bo'))
    """
    return _sheet(names, [_layout(g) for g in grids], stains, perso_tie, stain_points)


def score_document(doc: Any) -> ScoreSheet:
    """``score_sheet(*parse_score_input(doc))`` with the document's house rules, each painting read once
    and its grid not copied.

    >>> score_document({"players": [{"name": "Ana", "painting": [["ciel", "ciel"]]}]}).ranking[0].total
    9
    """
    return _sheet(*_parse_input(doc))


def _sheet(names: Sequence[str], layouts: Sequence[_Layout], stains: Sequence[int], perso_tie: str = "both",
           stain_points: int = 1) -> ScoreSheet:
    """The sheet ``rank_rows("apprentis", rows, extras=..., notes=...)`` gives, built directly: no
    tie-break keys (every row's are ``()``), so the order is by total, highest first, seats in
    order on a tie (a stable sort), and equal totals share a rank ("1, 1, 3")."""
    if len(layouts) != len(stains):
        raise ValueError("one stain count per painting")
    if len(names) != len(layouts):
        list(zip(names, layouts, strict=True))  # the error it gives
    # The loops over the players are map calls (no Python step per player) up to the ranking.
    counts = list(map(bytes.count, map(_CODES, layouts), _PERSO_CODE))
    if stain_points != 1:  # a house rule: the points each stain costs
        stains = [stain_points * s for s in stains]
    scored = list(map(_score_one, layouts, stains, perso_points(counts, perso_tie)))
    totals = list(map(_TOTAL, scored))
    ranking = []
    winners = []
    rank, previous = 0, None
    for i, seat in enumerate(sorted(range(len(totals)), key=totals.__getitem__, reverse=True)):  # stable
        total, points, cells = scored[seat]
        name = names[seat]
        if total != previous:
            rank, previous = i + 1, total
        if rank == 1:
            winners.append(name)
        ranking.append(_seat_score(seat, name, points, total, rank, None, {"cells": cells}))
    notes = (SAME_PERSO[perso_tie],) if len(scored) >= 3 and len(set(counts)) == 1 else ()
    sheet = _new(ScoreSheet)
    _set(sheet, "__dict__", {"game": "apprentis", "ranking": tuple(ranking), "winners": tuple(winners),
                             "extra": {}, "notes": notes})
    return sheet


_TOTAL, _CODES, _PERSO_CODE = itemgetter(0), itemgetter(1), repeat(PERSO)


_new, _set = object.__new__, object.__setattr__
