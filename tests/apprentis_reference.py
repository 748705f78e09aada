"""Les apprentis' painting scorer as it was before it was made fast (commit 1bb5669).

A frozen copy of ``scoring/apprentis_painting.py``'s checking and scoring, and of
``scoring.core.rank_rows``, kept only as the reference the fast versions are compared against
(tests/test_apprentis_fast.py). Do not use it anywhere else, and do not change it: it is the
old behaviour.  One change since: it quotes a value as the engines now do (``scoring.core.quote``:
JSON's words, cut at 40 characters) where it used ``repr``, so that the messages still compare exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.core import InvalidScoreInput, ScoreSheet, SeatScore, Tr, quote

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
    """
    if value is None:
        return None
    if not isinstance(value, str):
        raise InvalidScoreInput(where, f"must be a card name or null, got {quote(value)}")
    name = ALIASES.get(value, value)
    if name in SIMPLE_CARDS:
        return name
    kind, sep, arg = name.partition(":")
    if kind == "maison" and sep and arg.isascii() and arg.isdigit():
        return f"maison:{int(arg)}"
    if kind == "arbre" and arg in TREE_TYPES:
        return name
    raise InvalidScoreInput(where, f"unknown card {quote(value)} (expected {EXPECTED})")


def parse_painting(raw: Any, where: str = "painting", who: str = "this player") -> Grid:
    """Check and normalise a painting: a list of equal rows of cards connected by sides.
    """
    if not isinstance(raw, list | tuple):
        raise InvalidScoreInput(where, f"must be a list of rows, got {quote(raw)}")
    rows: list[tuple[Cell, ...]] = []
    for r, row in enumerate(raw):
        if not isinstance(row, list | tuple):
            raise InvalidScoreInput(f"{where}[{r}]", f"must be a list of cells, got {quote(row)}")
        if rows and len(row) != len(rows[0]):
            raise InvalidScoreInput(f"{where}[{r}]", f"has {len(row)} cells but row 0 has {len(rows[0])} "
                                                     "(all rows must have the same length)")
        rows.append(tuple(parse_cell(cell, f"{where}[{r}][{c}]") for c, cell in enumerate(row)))
    grid = tuple(rows)
    cards = card_map(grid)
    if cards:
        start = min(cards)
        reached = _component(start, set(cards))
        if len(reached) != len(cards):
            cut = min(set(cards) - reached)
            raise InvalidScoreInput(
                where, f"{who}'s painting breaks the placement rule: the card at [{cut[0]}][{cut[1]}] "
                f"({quote(cards[cut])}) does not touch the card at [{start[0]}][{start[1]}] "
                f"({quote(cards[start])}) through cards sharing a side")
    return grid


def card_map(grid: Sequence[Sequence[Cell]]) -> dict[Pos, str]:
    """The cards of a painting by ``(row, column)``."""
    return {(r, c): cell for r, row in enumerate(grid) for c, cell in enumerate(row) if cell is not None}


def grid_json(grid: Grid) -> list[list[Cell]]:
    return [list(row) for row in grid]


# --------------------------------------------------------------------------- geometry


def sides(p: Pos) -> tuple[Pos, ...]:
    """The four cells sharing a side with ``p``."""
    r, c = p
    return ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))


def around(p: Pos) -> tuple[Pos, ...]:
    """The eight surrounding cells ("diagonale incluse")."""
    r, c = p
    return tuple((r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)


def _component(start: Pos, cells: set[Pos]) -> set[Pos]:
    seen = {start}
    todo = [start]
    while todo:
        for n in sides(todo.pop()):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def largest_group(cells: Iterable[Pos]) -> set[Pos]:
    """The largest group of cells connected by sides (the first in reading order on a tie).
    """
    left = set(cells)
    best: set[Pos] = set()
    while left:
        group = _component(min(left), left)
        left -= group
        if len(group) > len(best):
            best = group
    return best


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
    """
    if len(counts) <= 2:
        return list(counts)
    most, fewest = max(counts), min(counts)
    return [(9 if c == most else 0) + (-5 if c == fewest else 0) for c in counts]


def _cells(cells: Iterable[Pos]) -> list[list[int]]:
    return [[r, c] for r, c in sorted(set(cells))]


def _score_one(grid: Grid, stains: int, perso: int) -> PaintingScore:
    cards = card_map(grid)
    of = {kind: [p for p, card in cards.items() if card == kind] for kind in SIMPLE_CARDS}
    points: dict[str, int] = dict.fromkeys(CATEGORIES, 0)
    earned: dict[str, list[Pos]] = {k: [] for k in CATEGORIES}

    # maison: the printed points.
    for p, card in cards.items():
        if card.startswith("maison:"):
            points["maison"] += int(card.partition(":")[2])
            earned["maison"].append(p)

    # ciel: 3 in the highest row holding a card; one bonus of 3 if two ciels share a side.
    skies = set(of["ciel"])
    top = min((r for r, _ in cards), default=0)
    high = [p for p in skies if p[0] == top]
    touching = [p for p in skies if any(n in skies for n in sides(p))]
    points["ciel"] = 3 * len(high) + (3 if touching else 0)
    earned["ciel"] = high + touching

    # oiseau: 4 if it touches a ciel, otherwise -4.
    for p in of["oiseau"]:
        points["oiseau"] += 4 if any(n in skies for n in sides(p)) else -4
        earned["oiseau"].append(p)

    # lac: 3 per card of the largest lake, 1 per perso touching any lake card.
    lakes = set(of["lac"])
    biggest = largest_group(lakes)
    bathers = [p for p in of["perso"] if any(n in lakes for n in sides(p))]
    points["lac"] = 3 * len(biggest) + len(bathers)
    earned["lac"] = list(biggest) + bathers

    # perso: decided across the table.
    points["perso"] = perso
    if perso:
        earned["perso"] = list(of["perso"])

    # arbre: 2 per card of the largest forest, plus the diversity bonus.
    trees = {p: card.partition(":")[2] for p, card in cards.items() if card.startswith("arbre:")}
    forest = largest_group(trees)
    bonus = DIVERSITY[len(set(trees.values()))]
    points["arbre"] = 2 * len(forest) + bonus
    earned["arbre"] = list(trees) if bonus else list(forest)

    # fontaine: 1 -> -3, 2 -> 8, 3 or more -> -5.
    points["fontaine"] = FOUNTAINS.get(len(of["fontaine"]), -5)
    earned["fontaine"] = list(of["fontaine"])

    # pont: 3 per perso among its eight surrounding cells.
    for p in of["pont"]:
        near = sum(1 for n in around(p) if cards.get(n) == "perso")
        points["pont"] += 3 * near
        if near:
            earned["pont"].append(p)

    # sapin: 2 per card below it in its column.
    for r, c in of["sapin"]:
        below = sum(1 for (r2, c2) in cards if c2 == c and r2 > r)
        points["sapin"] += 2 * below
        if below:
            earned["sapin"].append((r, c))

    # eglise: 3 per maison among its eight surrounding cells.
    for p in of["eglise"]:
        near = sum(1 for n in around(p) if cards.get(n, "").startswith("maison:"))
        points["eglise"] += 3 * near
        if near:
            earned["eglise"].append(p)

    points["taches"] = -stains
    return PaintingScore(points, {k: _cells(v) for k, v in earned.items() if k != "taches"})


def score_paintings(grids: Sequence[Grid], stains: Sequence[int]) -> list[PaintingScore]:
    """Score every player's painting (the perso rule compares the players).

    ``grids`` come from :func:`parse_painting`; ``stains`` are counts (-1 point each).
    """
    if len(grids) != len(stains):
        raise ValueError("one stain count per painting")
    counts = [sum(1 for card in card_map(g).values() if card == "perso") for g in grids]
    return [_score_one(g, s, p) for g, s, p in zip(grids, stains, perso_points(counts), strict=True)]


# --------------------------------------------------------------------------- the CLI document


def parse_score_input(doc: Any) -> tuple[list[str], list[Grid], list[int]]:
    """Check the JSON of ``python -m scoring score apprentis``; errors name the field.
    """
    if not isinstance(doc, dict):
        raise InvalidScoreInput("input", f"must be an object with 'players', got {quote(doc)}")
    unknown = sorted(set(doc) - {"players"})
    if unknown:
        raise InvalidScoreInput(unknown[0], "unknown field (expected only 'players')")
    players = doc.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= 5:
        got = len(players) if isinstance(players, list) else players
        raise InvalidScoreInput("players", f"must be a list of 1 to 5 players, got {quote(got)}")
    names: list[str] = []
    grids: list[Grid] = []
    stains: list[int] = []
    for i, player in enumerate(players):
        where = f"players[{i}]"
        if not isinstance(player, dict):
            raise InvalidScoreInput(where, f"must be an object with name, stains and painting, "
                                           f"got {quote(player)}")
        extra = sorted(set(player) - {"name", "stains", "painting"})
        if extra:
            raise InvalidScoreInput(f"{where}.{extra[0]}", "unknown field (expected name, stains, painting)")
        name = player.get("name")
        if not isinstance(name, str) or not name.strip():
            raise InvalidScoreInput(f"{where}.name", f"must be a non-empty text, got {quote(name)}")
        if name in names:
            raise InvalidScoreInput(f"{where}.name", f"{quote(name)} is already players[{names.index(name)}]")
        stain = player.get("stains", 0)
        if isinstance(stain, bool) or not isinstance(stain, int) or stain < 0:
            raise InvalidScoreInput(f"{where}.stains", f"must be a whole number ≥ 0, got {quote(stain)}")
        if "painting" not in player:
            raise InvalidScoreInput(f"{where}.painting", "is missing (a list of rows, top row first)")
        grids.append(parse_painting(player["painting"], f"{where}.painting", name))
        names.append(name)
        stains.append(stain)
    return names, grids, stains


def score_sheet(names: Sequence[str], grids: Sequence[Grid], stains: Sequence[int]) -> ScoreSheet:
    """The score sheet of checked paintings; ties share the victory.

    Each row's ``extra["cells"]`` lists, per category, the ``[row, column]`` of the cards
    that earned (or lost) its points, for highlighting on the grid.
    """
    scores = score_paintings(grids, stains)
    rows = [(seat, name, s.breakdown, s.total, ())
            for seat, (name, s) in enumerate(zip(names, scores, strict=True))]
    notes: tuple[Tr, ...] = ()
    counts = [sum(1 for c in card_map(g).values() if c == "perso") for g in grids]
    if len(grids) >= 3 and len(set(counts)) == 1:
        notes = (Tr("Tout le monde a autant de personnages : chacun gagne 9 et perd 5.",
                    "Everyone has as many characters: everyone gains 9 and loses 5.",
                    it="Tutti hanno lo stesso numero di personaggi: ognuno guadagna 9 e perde 5."),)
    extras = {seat: {"cells": s.cells} for seat, s in enumerate(scores)}
    return rank_rows("apprentis", rows, extras=extras, notes=notes)


def rank_rows(game: str, rows: Sequence[tuple[int, str, dict[str, int], int, tuple[int, ...]]],
              *, tiebreak_name: str | None = None,
              extras: Mapping[int, dict[str, Any]] | None = None,
              winners_if: Callable[[SeatScore], bool] | None = None,
              extra: dict[str, Any] | None = None,
              notes: tuple[Tr, ...] = ()) -> ScoreSheet:
    """``scoring.core.rank_rows`` as it was."""
    ordered = sorted(rows, key=lambda r: (r[3], r[4]), reverse=True)
    out: list[SeatScore] = []
    for i, (seat, name, breakdown, total, keys) in enumerate(ordered):
        rank = i + 1
        if i and (ordered[i - 1][3], ordered[i - 1][4]) == (total, keys):
            rank = out[-1].rank
        same_total = [r for r in ordered if r[3] == total]
        decided = None
        if len(same_total) > 1 and len({r[4] for r in same_total}) > 1:
            decided = tiebreak_name
        out.append(SeatScore(seat, name, breakdown, total, rank, decided,
                             dict((extras or {}).get(seat, {}))))
    top = [r for r in out if r.rank == 1]
    if winners_if is not None:
        top = [r for r in top if winners_if(r)]
    return ScoreSheet(game, tuple(out), tuple(r.name for r in top), extra or {}, notes)
