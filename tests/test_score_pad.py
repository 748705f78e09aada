"""The score pad: any game, scored like a paper pad (issue #19)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import IllegalEvent, InvalidOptions, RulesError, find_game, replay
from scoring.__main__ import main

GAME = find_game("score-pad")


def start(names: list[str], **options: object):
    opts = GAME.validate_options({"game_name": "Azul", "players": len(names), **options})
    setup = GAME.setup(opts, random.Random(3)).record
    return setup, GAME.initial_state(setup, names)


def play(names: list[str], events: list[dict], **options: object):
    setup, _ = start(names, **options)
    return replay(GAME, setup, names, events)


def test_rounds_add_up_like_a_paper_pad_and_the_highest_wins():
    state = play(["Léa", "Sam", "Ana"], [
        {"type": "round", "points": [10, 12, 7]},
        {"type": "score", "seat": 0, "round": 1, "points": 9},
        {"type": "score", "seat": 1, "round": 1, "points": 3},
        {"type": "score", "seat": 2, "round": 1, "points": 15},
        {"type": "finish", "minutes": 45}])
    sheet = GAME.score(state)
    assert [(r.name, r.total, r.rank) for r in sheet.ranking] == [("Ana", 22, 1), ("Léa", 19, 2), ("Sam", 15, 3)]
    assert sheet.winners == ("Ana",) and sheet.ranking[0].breakdown == {"r1": 7, "r2": 15}
    assert state["minutes"] == 45 and GAME.finished(state)
    assert sheet.to_json()["game_name"] == "Azul"


def test_lowest_wins_and_a_tie_is_shared_until_broken_by_hand():
    events = [{"type": "round", "points": [5, 5, 9]}, {"type": "finish"}]
    tied = play(["A", "B", "C"], events[:1], kind="low")
    assert "tie" in [p.key for p in GAME.panels(tied, None)]  # the table is asked to give the order...
    over = play(["A", "B", "C"], events, kind="low")
    assert "tie" not in [p.key for p in GAME.panels(over, None)]  # ...until the play is over (its review said it)
    sheet = GAME.score(over)
    assert sheet.winners == ("A", "B") and [r.rank for r in sheet.ranking] == [1, 1, 3]
    broken = GAME.score(play(["A", "B", "C"], [events[0], {"type": "tiebreak", "order": [1, 0]}, events[1]],
                             kind="low"))
    assert broken.winners == ("B",) and [(r.name, r.rank) for r in broken.ranking] == [("B", 1), ("A", 2), ("C", 3)]
    with pytest.raises(IllegalEvent, match="only players with equal totals"):
        play(["A", "B", "C"], [events[0], {"type": "tiebreak", "order": [0, 2]}], kind="low")


def test_cooperative_all_win_or_all_lose():
    lost = play(["A", "B"], [{"type": "round", "points": [0, 0]}, {"type": "result", "won": False},
                             {"type": "finish"}], kind="coop")
    assert GAME.score(lost).winners == ()
    won = play(["A", "B"], [{"type": "round", "points": [0, 0]}, {"type": "result", "won": True},
                            {"type": "finish"}], kind="coop")
    assert GAME.score(won).winners == ("A", "B")
    with pytest.raises(IllegalEvent, match="won or lost"):
        play(["A", "B"], [{"type": "round", "points": [0, 0]}, {"type": "finish"}], kind="coop")


def test_teams_win_by_their_total():
    state = play(["A", "B", "C", "D"], [{"type": "teams", "teams": [1, 2, 1, 2]},
                                        {"type": "round", "points": [10, 3, 1, 9]}, {"type": "finish"}],
                 kind="teams", teams=2)
    sheet = GAME.score(state)
    assert set(sheet.winners) == {"B", "D"} and {r.name: r.rank for r in sheet.ranking} == {"B": 1, "D": 1, "A": 3,
                                                                                            "C": 3}
    assert {r.name: r.extra["team"] for r in sheet.ranking} == {"A": 1, "B": 2, "C": 1, "D": 2}
    with pytest.raises(IllegalEvent, match="the teams are not given"):
        play(["A", "B"], [{"type": "round", "points": [1, 2]}, {"type": "finish"}], kind="teams", teams=2)


def test_final_totals_are_one_row_that_can_be_corrected():
    state = play(["A", "B"], [{"type": "round", "points": [40, 52]}, {"type": "round", "points": [40, 38]},
                              {"type": "finish"}], entry="totals")
    assert state["rounds"] == [[40, 38]] and GAME.score(state).winners == ("A",)
    with pytest.raises(IllegalEvent, match="final totals have one row only"):
        play(["A", "B"], [{"type": "round", "points": [1, 2]}, {"type": "score", "seat": 0, "round": 1, "points": 3}],
             entry="totals")


def test_each_phone_writes_its_own_seat_and_the_table_the_rest():
    assert GAME.sender({"type": "score", "seat": 1}) == "seat"
    assert {GAME.sender({"type": t}) for t in ("round", "teams", "result", "tiebreak", "finish", "timer")} == {"host"}
    _, state = start(["A", "B"])
    mine = GAME.actions(state, 1)
    assert [a.type for a in mine] == ["score"] and mine[0].fields[0].minimum == mine[0].fields[0].maximum == 1


def test_a_finish_with_a_blank_cell_names_who_is_missing_in_both_languages():
    _, state = start(["Léa", "Sam"])
    state = GAME.apply(state, {"type": "score", "seat": 0, "round": 0, "points": 4})
    with pytest.raises(IllegalEvent) as refused:
        GAME.apply(state, {"type": "finish"})
    assert refused.value.get("en") == "finish: round 1 has no points yet for Sam"
    assert refused.value.get("fr") == "finish : la manche 1 n'a pas encore de points pour Sam"


def test_bad_options_and_values_are_refused_naming_the_field():
    with pytest.raises(InvalidOptions, match="game_name"):
        GAME.validate_options({"players": 2})
    with pytest.raises(InvalidOptions, match="teams: 5 teams for 3 players"):
        GAME.validate_options({"game_name": "X", "players": 3, "kind": "teams", "teams": 5})
    _, state = start(["A", "B"])
    for event, where in [({"type": "score", "seat": 2, "points": 1}, "seat"),
                         ({"type": "score", "seat": 0, "points": 10**12}, "points"),
                         ({"type": "score", "seat": 0, "points": True}, "points"),
                         ({"type": "round", "points": [1]}, "points"),
                         ({"type": "score", "seat": 0, "round": 5, "points": 1}, "round")]:
        with pytest.raises(IllegalEvent) as refused:
            GAME.apply(state, event)
        assert refused.value.get("en").startswith(where) and refused.value.get("fr").startswith(where)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["high", "low", "coop", "teams"]), st.sampled_from(["rounds", "totals"]),
       st.integers(2, 8))
def test_random_pads_finish_with_a_sheet_whose_totals_are_the_cells(seed, kind, entry, players):
    rng = random.Random(seed)
    setup, state = start([f"P{i}" for i in range(players)], kind=kind, entry=entry, teams=2)
    for _ in range(300):
        action = GAME.sample_action(state, rng)
        if action is None:
            break
        try:
            state = GAME.apply(state, action)
        except RulesError:
            continue
    sheet = GAME.score(state)
    for row in sheet.ranking:
        assert row.total == sum(r[row.seat] or 0 for r in state["rounds"])
    assert all(1 <= row.rank <= players for row in sheet.ranking)
    if kind == "coop":
        assert sheet.winners in ((), tuple(f"P{i}" for i in range(players)))


def test_the_command_line_scores_a_pad():
    import io
    import json

    doc = {"game": "Azul", "kind": "low", "players": [{"name": "A", "rounds": [3, 4]}, {"name": "B", "total": 5}]}
    out = io.StringIO()
    assert main(["score", "score-pad"], stdin=io.StringIO(json.dumps(doc)), stdout=out, stderr=io.StringIO()) == 0
    assert json.loads(out.getvalue())["winners"] == ["B"]
