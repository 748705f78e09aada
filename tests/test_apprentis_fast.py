"""Les apprentis: the fast painting checker and scorer give exactly the old answers.

The painting checker and scorer (now ``scoring/games/apprentis/score.py``) were rewritten for speed
(issue #9: a five-player sheet in under 100 µs): one dictionary look-up per cell, cells numbered
``row * stride + column`` instead of ``(row, column)`` pairs, each category computed from one grouping of the cards.
``tests/apprentis_reference.py`` is the code as it was before; hypothesis compares the two on
valid and invalid documents, on paintings that break the placement rule, and on grids the
scorer is handed directly (several lakes and forests, ties between groups, rows of different
lengths, cards it does not know): same grids, same breakdowns, same highlighted cells, same
sheets, same errors with the same messages (English; the French is new).

Two refusals were added since, on purpose (issue 17, "impossible inputs"), and :func:`expected`
adds them to the reference's answers: a painting holding more cards than the longest game deals a
player, and stains checked by the shared checker (``scoring.core.fields.whole``, its own words).

Among the rules compared this way: « Lac : Rapporte 3 points par carte composant le plus grand lac du
tableau. », « Bonus de 3 points si deux ciels se touchent orthogonalement (valable qu'une fois) ».
"""

from __future__ import annotations

import random
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bench import bench_scoring
from scoring.games.apprentis import score as fast
from scoring.games.apprentis.rules import cards_dealt
from scoring.games.apprentis.sample import random_painting
from tests import apprentis_reference as ref

CARDS = ["ciel", "oiseau", "lac", "perso", "fontaine", "pont", "sapin", "eglise",
         "arbre:A1", "arbre:A2", "arbre:A3", "arbre:A4", "maison:0", "maison:3", "maison:6"]
#: Spellings and values the checker must accept (normalised) or refuse with the same message.
ODD = ["église", "maison:04", "maison:123", "maison:", "maison:-1", "maison:٣", "arbre:A5", "Ciel", "", "dragon",
       0, 1, True, False, 2.5, ["lac"], {"a": 1}, ("lac",)]
#: Cards a grid handed to the scorer unchecked may hold.
UNCHECKED = ["maison:12", "maison:150", "maison:007", "dragon", "arbre:X", "arbre:Y"]


def outcome(f: Any, *args: Any) -> tuple[str, Any]:
    """What calling ``f`` gives: its result, or the exception's type name and message."""
    try:
        return "ok", f(*args)
    except Exception as exc:  # noqa: BLE001 - the comparison is the point
        return type(exc).__name__, str(exc)


def sheet_of(doc: Any) -> Any:
    return ref.score_sheet(*ref.parse_score_input(doc))


def _plain(answer: tuple[str, Any]) -> tuple[str, Any]:
    """A stains refusal as its field only (the shared checker words it its own way)."""
    kind, said = answer
    if kind != "ok" and re.match(r"players\[\d+\]\.stains: ", said):
        return kind, said.partition(": ")[0]
    return answer


def expected(doc: Any, old_way: Any = sheet_of) -> tuple[str, Any]:
    """The reference's answer to a score document, with the card-count refusal added: no painting
    may hold more cards than the longest game deals a player (the first such painting, before the
    reference's own refusal, is refused)."""
    old = outcome(old_way, doc)
    if old[0] == "ok" or old[1].startswith("players["):
        players = doc["players"]
        failing = len(players) if old[0] == "ok" else int(old[1][len("players["):].partition("]")[0])
        most = cards_dealt(len(players), "long")
        for i in range(failing):
            count = sum(cell is not None for row in players[i]["painting"] for cell in row)
            if count > most:
                return "InvalidScoreInput", (f"players[{i}].painting: has {count} cards, but a player lays at most "
                                             f"{most} in this game")
    return _plain(old)


def same_scores(grids: list[Any], stains: list[int]) -> None:
    new, old = outcome(fast.score_paintings, grids, stains), outcome(ref.score_paintings, grids, stains)
    if new[0] == "ok" and old[0] == "ok":
        assert [(s.breakdown, list(s.breakdown), s.cells, list(s.cells)) for s in new[1]] \
            == [(s.breakdown, list(s.breakdown), s.cells, list(s.cells)) for s in old[1]]
    else:
        assert new == old


cells = st.one_of(st.none(), st.sampled_from(CARDS))
#: Any rectangle of cards and holes: most break the placement rule, many hold several lakes.
grids = st.integers(0, 6).flatmap(lambda w: st.lists(st.lists(cells, min_size=w, max_size=w), max_size=6))


@st.composite
def painted(draw: st.DrawFn, max_cards: int = 16) -> list[list[Any]]:
    """A painting that keeps the placement rule, as the table would enter it."""
    rng = draw(st.randoms(use_true_random=False))
    return random_painting(rng, draw(st.integers(0, max_cards)), trees=draw(st.booleans()))


@settings(max_examples=300, deadline=None)
@given(st.one_of(grids, painted()))
def test_checking_a_painting_is_unchanged(rows: list[list[Any]]) -> None:
    new = outcome(fast.parse_painting, rows, "players[2].painting", "Zoé")
    assert new == outcome(ref.parse_painting, rows, "players[2].painting", "Zoé")


@settings(max_examples=200, deadline=None)
@given(painted(), st.data())
def test_checking_odd_cells_and_shapes_is_unchanged(rows: list[list[Any]], data: st.DataObject) -> None:
    """Odd spellings, bad values, ragged rows and rows that are not lists, anywhere."""
    rows = [list(row) for row in rows] or [[None]]
    for _ in range(data.draw(st.integers(1, 3))):
        r = data.draw(st.integers(0, len(rows) - 1))
        change = data.draw(st.sampled_from(["cell", "cell", "shorter", "longer", "not a row"]))
        if not isinstance(rows[r], list):
            continue
        if change == "cell" and rows[r]:
            rows[r][data.draw(st.integers(0, len(rows[r]) - 1))] = data.draw(st.sampled_from(ODD))
        elif change == "shorter":
            rows[r] = rows[r][:-1]
        elif change == "longer":
            rows[r] = [*rows[r], data.draw(cells)]
        elif change == "not a row":
            rows[r] = data.draw(st.sampled_from(["lac", None, 3, {"lac": 1}]))
    for raw in (rows, tuple(rows), "lac", None, 5):
        assert outcome(fast.parse_painting, raw, "p", "Ana") == outcome(ref.parse_painting, raw, "p", "Ana")
        doc = {"players": [{"name": "Ana", "painting": [["lac"]]}, {"name": "Zoé", "stains": 1, "painting": raw}]}
        assert _plain(outcome(fast.score_document, doc)) == expected(doc)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.one_of(grids, painted()), st.integers(0, 9)), min_size=1, max_size=5))
def test_scoring_any_grid_is_unchanged(players: list[tuple[list[list[Any]], int]]) -> None:
    """The scorer alone, on grids it is handed as they are (checked or not)."""
    same_scores([tuple(map(tuple, g)) for g, _ in players], [s for _, s in players])


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(st.one_of(st.none(), st.sampled_from([*CARDS, *UNCHECKED])), max_size=7), max_size=6),
       st.integers(0, 4))
def test_scoring_ragged_and_unknown_cards_is_unchanged(rows: list[list[Any]], stains: int) -> None:
    same_scores([tuple(map(tuple, rows))], [stains])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(painted(), st.integers(0, 5)), min_size=1, max_size=5), st.randoms())
def test_score_sheets_are_unchanged(players: list[tuple[list[list[Any]], int]], rng: random.Random) -> None:
    doc = {"players": [{"name": f"P{i}", "stains": s, "painting": p} for i, (p, s) in enumerate(players)]}
    if rng.random() < 0.3:  # a bad document now and then: the same error, at the same field
        victim = rng.choice(doc["players"])
        key = rng.choice(["name", "stains", "painting", "extra"])
        victim[key] = rng.choice([None, -1, "", "P0", [[1]], [["lac"], ["lac", "lac"]], "x"])
    new, old = _plain(outcome(fast.parse_score_input, doc)), expected(doc, ref.parse_score_input)
    assert new == old
    if new[0] == "ok":
        assert fast.score_sheet(*new[1]).to_json() == ref.score_sheet(*old[1]).to_json()
        assert fast.score_sheet(*new[1]) == ref.score_sheet(*old[1])
    # GAME.score_input reads each painting once and keeps no grid: the same sheet, or the same error.
    direct = _plain(outcome(fast.score_document, doc))
    assert direct == (old if old[0] != "ok" else ("ok", ref.score_sheet(*old[1])))
    if direct[0] == "ok":
        assert direct[1].to_json() == ref.score_sheet(*old[1]).to_json()


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.one_of(grids, painted()), st.integers(0, 5)), min_size=1, max_size=5))
def test_scoring_a_document_of_any_grids_is_unchanged(players: list[tuple[list[list[Any]], int]]) -> None:
    """``GAME.score_input`` (``score_document``) on rectangles of any cards and holes: most break the
    placement rule (its one-pass reader checks it from a card in the middle, and must name the same
    card as the old checker, seen from the first), some have several lakes and forests."""
    doc = {"players": [{"name": f"P{i}", "stains": s, "painting": g} for i, (g, s) in enumerate(players)]}
    old = expected(doc)
    new = outcome(fast.score_document, doc)
    assert new == old
    if new[0] == "ok":
        assert new[1].to_json() == old[1].to_json()


def test_the_benchmark_inputs_are_unchanged() -> None:
    """The exact documents of ``bench.bench_scoring`` (five players), a few hundred of them."""
    rng = random.Random("9:apprentis")
    for _ in range(300):
        doc = bench_scoring.random_doc("apprentis", rng)
        new, old = fast.parse_score_input(doc), ref.parse_score_input(doc)
        assert new == old
        assert fast.score_sheet(*new) == ref.score_sheet(*old)
        assert fast.score_document(doc).to_json() == ref.score_sheet(*old).to_json()


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(-3, 3), st.lists(st.integers(0, 2), max_size=2).map(tuple)), max_size=7),
       st.sampled_from([None, "apaches"]), st.booleans(), st.booleans())
def test_ranking_is_unchanged(rows: list[tuple[int, tuple[int, ...]]], tiebreak: str | None, with_extras: bool,
                              filtered: bool) -> None:
    """``scoring.core.rank_rows`` (every game's ranking) was made faster too: same sheets."""
    from scoring.core import rank_rows

    full = [(seat, f"P{seat}", {"x": total}, total, keys) for seat, (total, keys) in enumerate(rows)]
    extras = {seat: {"cells": {"x": [[seat, 0]]}} for seat in range(0, len(rows), 2)} if with_extras else None
    winners_if = (lambda r: r.seat % 2 == 0) if filtered else None
    new = rank_rows("g", full, tiebreak_name=tiebreak, extras=extras, winners_if=winners_if, extra={"n": 1})
    old = ref.rank_rows("g", full, tiebreak_name=tiebreak, extras=extras, winners_if=winners_if, extra={"n": 1})
    assert new == old


def test_paintings_the_one_pass_reader_leaves_to_the_checker_are_unchanged() -> None:
    """``score_document`` reads a painting in one pass only when it has 1 to 64 rows that are all lists;
    taller ones, a single empty row and rows of other types go through the checker: same sheets, same
    errors."""
    tall = [["lac"]] * 70 + [["perso"]]
    wide = [["ciel", "oiseau"] * 40, [None, "sapin"] * 40]
    for painting in (tall, wide, [[]], [[None]], [[], []], [("lac",), ["lac"]], [["lac"], ("lac",)],
                     [["lac"]] * 63 + [["lac", "lac"]], [["lac"]] * 65 + [["lac", "lac"]],
                     [["lac"]] * 64 + [["maison:150"]]):
        doc = {"players": [{"name": "Ana", "painting": painting}, {"name": "Bo", "painting": [["lac", "perso"]]}]}
        old = expected(doc)
        new = outcome(fast.score_document, doc)
        assert new == old, painting
        if new[0] == "ok":
            assert new[1].to_json() == old[1].to_json()


def test_many_benchmark_documents_and_their_misspellings_are_unchanged() -> None:
    """A few thousand documents of ``bench.bench_scoring`` (five players, 12 to 16 cards each), and as
    many with one cell or one row spoiled (an unknown card, an accepted odd spelling, a shorter row):
    the same sheets (points, ranks, highlighted cells) or the same error."""
    rng = random.Random("issue-9")
    for n in range(1500):
        doc = bench_scoring.random_doc("apprentis", rng)
        if n % 2:
            rows = rng.choice(doc["players"])["painting"]
            r = rng.randrange(len(rows))
            if rng.random() < 0.2:
                rows[r] = rows[r][:-1]
            else:
                rows[r][rng.randrange(len(rows[r]))] = rng.choice(ODD)
        old = expected(doc)
        new = outcome(fast.score_document, doc)
        assert new == old
        if new[0] == "ok":
            assert new[1].to_json() == old[1].to_json()
