"""Les apprentis: the painting scorer (scoring.games.apprentis.score), card by card.

Every card rule is quoted from ``les-apprentis.fr.txt``; hand-worked paintings
cover every card type; hypothesis checks that where a painting sits in its grid
changes nothing.
"""

from __future__ import annotations

import doctest
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.core import InvalidScoreInput, quote
from scoring.games.apprentis import game as apprentis
from scoring.games.apprentis import rules as apprentis_table
from scoring.games.apprentis import sample as apprentis_sample
from scoring.games.apprentis import score as apprentis_painting
from scoring.games.apprentis import texts as apprentis_texts
from scoring.games.apprentis.sample import random_painting
from scoring.games.apprentis.score import (
    CATEGORIES,
    card_map,
    parse_cell,
    parse_painting,
    perso_points,
    score_paintings,
    score_sheet,
)

Rows = list[list[Any]]


def score(rows: Rows, stains: int = 0, players: int = 1) -> dict[str, int]:
    """The breakdown of ``rows`` for the first of ``players`` (the others have empty paintings)."""
    grids = [parse_painting(rows)] + [parse_painting([])] * (players - 1)
    return score_paintings(grids, [stains] + [0] * (players - 1))[0].breakdown


def cells(rows: Rows, category: str) -> list[list[int]]:
    return score_paintings([parse_painting(rows)], [0])[0].cells[category]


def test_doctests() -> None:
    for module in (apprentis_painting, apprentis_table, apprentis, apprentis_sample, apprentis_texts):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0


# --------------------------------------------------------------------------- one card at a time


def test_maison_scores_its_printed_points() -> None:
    """« Maison : Rapporte le nombre de points indiqué sur la carte »"""
    assert score([["maison:3", "maison:0", "maison:5"]])["maison"] == 8
    assert cells([["maison:3", "maison:0"]], "maison") == [[0, 0], [0, 1]]


def test_ciel_scores_in_the_highest_row_only() -> None:
    """« Ciel : Rapporte 3 points si se situe sur la ligne la plus haute du tableau. »"""
    assert score([["ciel"]])["ciel"] == 3
    assert score([["lac"], ["ciel"]])["ciel"] == 0
    # The highest row of the painting is the topmost row holding a card, not the grid's first row.
    assert score([[None, None], ["ciel", "lac"]])["ciel"] == 3
    assert score([["lac", None], ["lac", "ciel"]])["ciel"] == 0


def test_ciel_bonus_once_for_skies_touching_by_a_side() -> None:
    """« Bonus de 3 points si deux ciels se touchent orthogonalement (valable qu'une fois) »"""
    assert score([["ciel", "ciel"]])["ciel"] == 3 + 3 + 3
    assert score([["ciel"], ["ciel"]])["ciel"] == 3 + 0 + 3
    assert score([["ciel", "ciel", "ciel", "ciel"]])["ciel"] == 4 * 3 + 3      # valable qu'une fois
    assert score([["ciel", "ciel", "lac", "ciel", "ciel"]])["ciel"] == 4 * 3 + 3
    assert score([["ciel", "lac"], ["lac", "ciel"]])["ciel"] == 3              # diagonal: no bonus
    assert cells([["lac", "lac"], ["ciel", "ciel"]], "ciel") == [[1, 0], [1, 1]]


def test_oiseau_touching_a_ciel() -> None:
    """« Oiseau : Rapporte 4 points si la carte touche une carte ciel, si ce n'est pas le cas la carte
    vaut -4 points »"""
    assert score([["ciel"], ["oiseau"]])["oiseau"] == 4
    assert score([["oiseau", "ciel", "oiseau"]])["oiseau"] == 8
    assert score([["oiseau"]])["oiseau"] == -4
    assert score([["ciel", "lac"], ["lac", "oiseau"]])["oiseau"] == -4          # a diagonal does not touch
    assert score([["ciel", "oiseau", "oiseau"]])["oiseau"] == 4 - 4             # a bird is not a sky
    assert cells([["oiseau"]], "oiseau") == [[0, 0]]


def test_lac_largest_lake() -> None:
    """« Lac : Rapporte 3 points par carte composant le plus grand lac du tableau. »"""
    assert score([["lac", "lac", "lac", "maison:0", "lac", "lac"]])["lac"] == 9
    assert score([["lac", "maison:0"], ["maison:0", "lac"]])["lac"] == 3       # diagonal lakes are apart
    assert score([["lac"], ["lac"], ["lac"], ["lac"]])["lac"] == 12
    assert cells([["lac", "maison:0", "lac", "lac"]], "lac") == [[0, 2], [0, 3]]


def test_lac_bonus_per_perso_touching_any_lake_card() -> None:
    """« Bonus de 1 point pour chaque carte personnage qui touche orthogonalement une carte lac. »"""
    # The perso touches the small lake only: it still counts; touching two lake cards counts once.
    assert score([["lac", "lac", "lac", "maison:0", "lac", "perso"]])["lac"] == 9 + 1
    assert score([["lac", "perso", "lac"]])["lac"] == 3 + 1
    assert score([["lac", "maison:0"], ["maison:0", "perso"]])["lac"] == 3      # diagonal: no bonus
    assert score([["perso", "lac", "perso"], [None, "perso", None]])["lac"] == 3 + 3


def test_perso_three_to_five_players() -> None:
    """« Perso : Le joueur possédant le plus de personnages gagne 9 points et celui qui en possède le
    moins perd 5 points, en cas d'égalité, les joueurs marquent ou perdent les points. »"""
    assert perso_points([3, 1, 1]) == [9, -5, -5]
    assert perso_points([2, 2, 1, 0]) == [9, 9, 0, -5]
    assert perso_points([4, 3, 2, 1, 0]) == [9, 0, 0, 0, -5]
    # Everyone ties: everyone has the most and the fewest.
    assert perso_points([2, 2, 2]) == [4, 4, 4]
    assert perso_points([0, 0, 0, 0, 0]) == [4] * 5


def test_perso_one_or_two_players() -> None:
    """« A 1 et 2 joueurs, on comptabilise le nombre de personnages, 1 personnage rapporte 1 point. »"""
    assert score([["perso", "perso", "perso"]])["perso"] == 3
    assert perso_points([2, 5]) == [2, 5]
    assert score([["perso", "perso"]], players=3)["perso"] == 9
    assert score([["lac"]], players=3)["perso"] == 4            # the others have none either: all tie


def test_arbre_largest_forest_and_diversity() -> None:
    """« Arbre : Rapporte 2 points par carte arbre composant la plus grande forêt. Bonus de diversité en
    fonction du nombre de types d'arbres différents. 1 type : 0 / 2 types : 3 points / 3 types : 7 points
    / 4 types : 12 points »"""
    assert score([["arbre:A1", "arbre:A1"]])["arbre"] == 4 + 0
    assert score([["arbre:A1", "arbre:A2"]])["arbre"] == 4 + 3
    assert score([["arbre:A1", "arbre:A2", "arbre:A3"]])["arbre"] == 6 + 7
    # The forest mixes the types; the diversity counts every tree of the painting.
    assert score([["arbre:A1", "arbre:A2", "arbre:A3", "lac", "arbre:A4"]])["arbre"] == 6 + 12
    assert score([["arbre:A1", "lac"], ["lac", "arbre:A1"]])["arbre"] == 2
    assert score([["lac"]])["arbre"] == 0
    assert cells([["arbre:A1", "arbre:A1", "lac", "arbre:A1"]], "arbre") == [[0, 0], [0, 1]]


def test_fontaine_by_number() -> None:
    """« Fontaine : Les fontaines font perdre ou rapportent des points en fonction du nombre sur le
    tableau : 1 fontaine : -3 points / 2 fontaines : 8 points / 3 fontaines : -5 points. »"""
    assert [score([["fontaine"] * k + ["lac"]])["fontaine"] for k in range(5)] == [0, -3, 8, -5, -5]
    assert score([["fontaine", "lac", "fontaine"]])["fontaine"] == 8      # anywhere in the painting


def test_pont_counts_perso_around_diagonals_included() -> None:
    """« Pont : Rapporte 3 points par carte personnage adjacente à la carte pont, diagonale incluse. »"""
    ring = [["perso"] * 3, ["perso", "pont", "perso"], ["perso"] * 3]
    assert score(ring)["pont"] == 24
    assert score([["pont", "lac"], ["lac", "perso"]])["pont"] == 3
    assert score([["pont", "lac", "perso"]])["pont"] == 0                 # two cells away
    # Each bridge scores on its own.
    assert score([["pont", "perso", "pont"]])["pont"] == 6
    assert cells([["pont", "perso", "pont", "lac", "pont"]], "pont") == [[0, 0], [0, 2]]


def test_sapin_counts_cards_below_in_its_column() -> None:
    """« Sapin : Rapporte 2 points par carte en dessous de la carte sapin »"""
    assert score([["sapin"], ["lac"], ["lac"]])["sapin"] == 4
    assert score([["lac"], ["sapin"]])["sapin"] == 0
    assert score([["sapin"], ["sapin"]])["sapin"] == 2                    # a fir is a card too
    # Every card below, touching or not; empty cells do not count; other columns do not count.
    assert score([["sapin", "lac"], [None, "lac"], ["lac", "lac"]])["sapin"] == 2
    assert score([["sapin", "lac"], ["lac", "lac"]])["sapin"] == 2


def test_eglise_counts_maisons_around_diagonals_included() -> None:
    """« Eglise : Rapporte 3 points par carte maison adjacente à la carte Eglise, diagonale incluse. »"""
    assert score([["eglise", "maison:2"], ["lac", "maison:5"]])["eglise"] == 6
    assert score([["eglise", "lac", "maison:2"]])["eglise"] == 0
    assert score([["maison:1", "eglise", "eglise"]])["eglise"] == 3
    assert score([["eglise", "maison:2"], ["lac", "maison:5"]])["maison"] == 7   # the houses keep theirs


def test_stains_cost_one_point_each() -> None:
    """« Cette action optionnelle permet d'augmenter ou diminuer la valeur de 1. Les points négatifs
    seront reportés sur le score final. » and « En cas de tâche, les scores négatifs viendront diminuer
    le résultat. »"""
    assert score([["lac"]], stains=3)["taches"] == -3
    assert score([["lac"]], stains=0)["taches"] == 0


# --------------------------------------------------------------------------- hand-worked paintings


FULL = [
    ["ciel", "ciel", "oiseau", "sapin", None],
    ["oiseau", "maison:4", "eglise", "lac", "lac"],
    ["arbre:A1", "arbre:A2", "maison:2", "perso", "pont"],
    ["arbre:A3", "fontaine", "fontaine", "perso", "lac"],
]


def test_hand_worked_painting_with_every_card() -> None:
    """Every card type in one painting, worked by hand (3 players: perso compared with two others).

    maison 4 + 2; ciel 2 × 3 on the top row + 3 (they touch); oiseau (0,2) and (1,0) touch a ciel: 2 × 4;
    lac: largest lake (1,3)-(1,4) = 2 × 3, perso (2,3) and (3,3) touch a lake: + 2; arbre: forest of 3
    = 6, 3 types = 7; fontaine × 2 = 8; pont (2,4) has perso (2,3) and (3,3) around: 6; sapin (0,3) has 3
    cards below: 6; eglise (1,2) has maison (1,1) and (2,2) around: 6; 2 stains: -2.
    """
    others = [[["perso", "perso", "perso"]], [["maison:1"]]]
    sheet = score_sheet(["Ana", "Bo", "Cy"], [parse_painting(p) for p in [FULL, *others]], [2, 0, 0])
    rows = {r.name: r for r in sheet.ranking}
    assert rows["Ana"].breakdown == {"maison": 6, "ciel": 9, "oiseau": 8, "lac": 8, "perso": 0, "arbre": 13,
                                     "fontaine": 8, "pont": 6, "sapin": 6, "eglise": 6, "taches": -2}
    assert rows["Ana"].total == 68
    assert (rows["Bo"].total, rows["Bo"].breakdown["perso"]) == (9, 9)     # most perso: +9
    assert (rows["Cy"].total, rows["Cy"].breakdown["perso"]) == (-4, -5)   # fewest: -5
    assert sheet.winners == ("Ana",)
    assert rows["Ana"].extra["cells"]["lac"] == [[1, 3], [1, 4], [2, 3], [3, 3]]
    assert rows["Ana"].extra["cells"]["eglise"] == [[1, 2]]
    assert rows["Bo"].extra["cells"]["perso"] == [[0, 0], [0, 1], [0, 2]]
    # Alone at the table, Ana's 2 perso give 2 points.
    assert score(FULL, stains=2)["perso"] == 2


def test_issue_example() -> None:
    """The issue's example: ciel 3 + 3 + bonus 3, oiseau 4, maison 3, arbre 2, one stain: 17."""
    doc = {"players": [{"name": "Ana", "stains": 1,
                        "painting": [["ciel", "ciel", None], ["oiseau", "maison:3", "arbre:A2"]]}]}
    row = apprentis.GAME.score_input(doc).to_json()["ranking"][0]
    assert row["total"] == 17
    assert row["breakdown"] == {"maison": 3, "ciel": 9, "oiseau": 4, "lac": 0, "perso": 0, "arbre": 2,
                                "fontaine": 0, "pont": 0, "sapin": 0, "eglise": 0, "taches": -1}
    assert list(row["breakdown"]) == list(CATEGORIES)


def test_ties_share_the_victory() -> None:
    """« Le plus grand total l'emporte. »: no tie-breaker is given, ties share."""
    sheet = score_sheet(["A", "B", "C"], [parse_painting([["lac"]])] * 2 + [parse_painting([])], [0, 0, 0])
    assert sheet.winners == ("A", "B")
    assert [r.rank for r in sheet.ranking] == [1, 1, 3]


def test_everyone_tied_on_perso_is_noted() -> None:
    sheet = score_sheet(["A", "B", "C"], [parse_painting([["perso"]])] * 3, [0, 0, 0])
    assert [r.breakdown["perso"] for r in sheet.ranking] == [4, 4, 4]
    assert "everyone gains 9 and loses 5" in sheet.to_json()["notes"][0]


# --------------------------------------------------------------------------- input checks


def test_placement_rule_refuses_disconnected_paintings() -> None:
    """« A l'exception de la première carte, les autres cartes doivent obligatoirement être touchées par
    un côté d'une autre carte déjà posée (en conséquence, on ne peut poser une carte adjacente en
    diagonale). »"""
    with pytest.raises(InvalidScoreInput) as err:
        parse_painting([["ciel", None], [None, "lac"]], "players[1].painting", "Bo")
    assert err.value.where == "players[1].painting"
    assert "Bo's painting" in str(err.value) and "[1][1]" in str(err.value)
    with pytest.raises(InvalidScoreInput):
        parse_painting([["lac", None, "lac"]])
    assert parse_painting([[None, None], [None, None]]) == ((None, None), (None, None))
    assert parse_painting([]) == ()


@pytest.mark.parametrize("bad", ["maison", "maison:", "maison:-1", "maison:x", "maison:²", "arbre",
                                 "arbre:A5", "arbre:a1", "Ciel", "dragon", "", 3, True, ["lac"]])
def test_unknown_cells_are_refused(bad: Any) -> None:
    with pytest.raises(InvalidScoreInput) as err:
        parse_cell(bad, "players[0].painting[1][2]")
    assert err.value.where == "players[0].painting[1][2]"
    assert quote(bad) in str(err.value)


def test_cell_spellings() -> None:
    assert parse_cell("maison:007") == "maison:7"
    assert parse_cell("église") == "eglise"
    assert parse_cell(None) is None


def test_ragged_rows_are_refused() -> None:
    with pytest.raises(InvalidScoreInput) as err:
        parse_painting([["lac", "lac"], ["lac"]], "players[0].painting")
    assert err.value.where == "players[0].painting[1]"
    with pytest.raises(InvalidScoreInput, match="must be a list of rows"):
        parse_painting("lac", "players[0].painting")
    with pytest.raises(InvalidScoreInput, match=r"players\[0\].painting\[0\]: must be a list of cells"):
        parse_painting(["lac"], "players[0].painting")


# --------------------------------------------------------------------------- properties


@st.composite
def paintings(draw: st.DrawFn, max_cards: int = 16) -> Rows:
    rng = draw(st.randoms(use_true_random=False))
    return random_painting(rng, draw(st.integers(0, max_cards)), trees=draw(st.booleans()))


def pad(rows: Rows, top: int, left: int, bottom: int, right: int) -> Rows:
    width = (len(rows[0]) if rows else 0) + left + right
    return ([[None] * width for _ in range(top)]
            + [[None] * left + list(row) + [None] * right for row in rows]
            + [[None] * width for _ in range(bottom)])


def breakdowns(grids: list[Rows], stains: list[int]) -> list[dict[str, int]]:
    return [s.breakdown for s in score_paintings([parse_painting(g) for g in grids], stains)]


@settings(max_examples=60, deadline=None)
@given(st.lists(paintings(), min_size=1, max_size=5), st.data())
def test_adding_empty_rows_or_columns_changes_nothing(grids: list[Rows], data: st.DataObject) -> None:
    margins = [data.draw(st.tuples(*[st.integers(0, 3)] * 4)) for _ in grids]
    padded = [pad(g, *m) for g, m in zip(grids, margins, strict=True)]
    stains = [0] * len(grids)
    assert breakdowns(padded, stains) == breakdowns(grids, stains)
    # The highlighted cells move with the painting.
    for g, p, (top, left, _, _) in zip(grids, padded, margins, strict=True):
        before = score_paintings([parse_painting(g)], [0])[0].cells
        after = score_paintings([parse_painting(p)], [0])[0].cells
        assert after == {k: [[r + top, c + left] for r, c in v] for k, v in before.items()}


@settings(max_examples=60, deadline=None)
@given(paintings(max_cards=12), st.integers(0, 4), st.integers(0, 4), st.integers(0, 4), st.integers(0, 4))
def test_moving_a_painting_within_the_grid_changes_nothing(rows: Rows, r1: int, c1: int, r2: int,
                                                           c2: int) -> None:
    """The same painting at two places of a 16 × 16 canvas scores the same."""
    height, width = len(rows), len(rows[0]) if rows else 0
    a = pad(rows, r1, c1, 16 - height - r1, 16 - width - c1)
    b = pad(rows, r2, c2, 16 - height - r2, 16 - width - c2)
    assert breakdowns([a], [0]) == breakdowns([b], [0]) == breakdowns([rows], [0])


@settings(max_examples=60, deadline=None)
@given(paintings())
def test_a_left_right_mirror_changes_nothing(rows: Rows) -> None:
    """No card rule tells left from right."""
    assert breakdowns([[row[::-1] for row in rows]], [0]) == breakdowns([rows], [0])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(paintings(), st.integers(0, 9)), min_size=1, max_size=5), st.randoms())
def test_sheet_properties(players: list[tuple[Rows, int]], rng: random.Random) -> None:
    grids = [parse_painting(p) for p, _ in players]
    stains = [s for _, s in players]
    names = [f"P{i}" for i in range(len(players))]
    sheet = score_sheet(names, grids, stains)
    best = max(r.total for r in sheet.ranking)
    assert set(sheet.winners) == {r.name for r in sheet.ranking if r.total == best}
    for row in sheet.ranking:
        assert row.total == sum(row.breakdown.values())
        assert list(row.breakdown) == list(CATEGORIES)
        assert row.breakdown["taches"] == -stains[row.seat]
        for cell_list in row.extra["cells"].values():
            assert all(grids[row.seat][r][c] is not None for r, c in cell_list)
    # Seating order does not matter.
    order = list(range(len(players)))
    rng.shuffle(order)
    shuffled = score_sheet([names[i] for i in order], [grids[i] for i in order], [stains[i] for i in order])
    assert {r.name: r.total for r in shuffled.ranking} == {r.name: r.total for r in sheet.ranking}
    # One more stain costs exactly one point.
    more = score_paintings(grids, [stains[0] + 1] + stains[1:])
    assert more[0].total == score_paintings(grids, stains)[0].total - 1


@settings(max_examples=40, deadline=None)
@given(paintings(max_cards=10), paintings(max_cards=10), st.integers(1, 3))
def test_two_paintings_side_by_side_are_refused(a: Rows, b: Rows, gap: int) -> None:
    """Two non-empty pieces with an empty column between them break the placement rule."""
    if not card_map(a) or not card_map(b):
        return
    height = max(len(a), len(b))
    left, right = pad(a, 0, 0, height - len(a), 0), pad(b, 0, 0, height - len(b), 0)
    rows = [ra + [None] * gap + rb for ra, rb in zip(left, right, strict=True)]
    with pytest.raises(InvalidScoreInput, match="breaks the placement rule"):
        parse_painting(rows, "players[0].painting", "Ana")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 9), min_size=3, max_size=5))
def test_perso_majority_properties(counts: list[int]) -> None:
    points = perso_points(counts)
    for c, p in zip(counts, points, strict=True):
        assert p >= 4 if c == max(counts) else p <= 0
        assert (p < 0 or p == 4) if c == min(counts) else True
