"""Le Gang des Traction-Avant: property tests (hypothesis), the score sheet and the CLI."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.core import HIDDEN, InvalidScoreInput, get_path, replay
from scoring.games.traction_avant.game import GAME
from scoring.games.traction_avant.rules import BRIQUE, GOAL, LEAD, roulette_loser, roulette_rolls, van_loot, victor
from tests.random_play import legal_events

SLUG = "traction-avant"

# --------------------------------------------------------------------------- victory, dice


@given(st.lists(st.integers(0, 40_000_000), min_size=4, max_size=6))
def test_victor_is_the_rulebook_condition(thunes: list[int]):
    """« Est déclaré vainqueur le premier joueur qui atteint 20 millions de Thunes (ou briques) avec un écart
    d'au moins 2 millions sur le plus fortuné des autres joueurs. »"""
    winners = [s for s, v in enumerate(thunes)
               if v >= GOAL and all(v - w >= LEAD for o, w in enumerate(thunes) if o != s)]
    assert len(winners) <= 1
    assert victor(thunes) == (winners[0] if winners else None)


@given(st.integers(1, 6), st.integers(1, 6))
def test_van_loot_range(a: int, b: int):
    """« Le butin varie donc entre 400 000 et 2 400 000 Thunes. »"""
    loot = van_loot([a, b])
    assert 400_000 <= loot <= 2_400_000 and loot % 200_000 == 0 and loot == (a + b) * 200_000


def _van_state() -> dict[str, Any]:
    opts = GAME.validate_options({"players": 4, "postal_van": True})
    state = GAME.initial_state(GAME.setup(opts, random.Random(1)).record, ["A", "B", "C", "D"])
    state = GAME.apply(state, {"type": "begin"})
    for _ in range(2):
        state = GAME.apply(state, {"type": "next_phase"})
    while state["phase"] == "moves":
        state = GAME.apply(state, {"type": "done", "seat": state["mover"]})
    state = GAME.apply(state, {"type": "heists", "bank1": [0] * 4, "bank2": [0] * 4})
    return GAME.apply(state, GAME.prepare(state, {"type": "van_move"}, random.Random(0)))


VAN = _van_state()


@given(st.integers(0, 2**32))
def test_van_attack_books_a_loot_in_range(seed: int):
    """« le premier joueur lance deux dés et multiplie le nombre obtenu par 200 000 Thunes. »"""
    taker = (VAN["first"] + 1) % 4
    event = GAME.prepare(VAN, {"type": "van_attack", "seat": taker}, random.Random(seed))
    after = GAME.apply(VAN, event)
    gain = after["thunes"][taker] - VAN["thunes"][taker]
    assert 400_000 <= gain <= 2_400_000 and gain == sum(event["dice"]) * 200_000


@given(st.integers(0, 2**32), st.sampled_from([(0, 1), (3, 2), (1, 0)]))
def test_roulette_order(seed: int, pair: tuple[int, int]):
    """« les deux joueurs lancent chacun leur tour un dé, en commençant par celui qui a proposé le combat. Le
    premier qui tire un 1 est mort. »"""
    proposer, opponent = pair
    rolls = roulette_rolls(proposer, opponent, random.Random(seed))
    for i, (who, die) in enumerate(rolls):
        assert who == (proposer if i % 2 == 0 else opponent)
        assert 1 <= die <= 6 and (die == 1) == (i == len(rolls) - 1)
    assert roulette_loser(rolls, proposer, opponent) == rolls[-1][0]


# --------------------------------------------------------------------------- random matches


def play(seed: int, max_actions: int = 500) -> tuple[dict[str, Any], list[str], list[dict[str, Any]],
                                                       dict[str, Any]]:
    rng = random.Random(seed)
    options: dict[str, Any] = {"players": rng.randint(4, 6), "personnalisation": rng.random() < 0.5,
                               "postal_van": rng.random() < 0.5, "roulette": rng.random() < 0.5,
                               "traction_series": rng.random() < 0.5}
    if options["personnalisation"] and rng.random() < 0.5:
        options["powers"] = "chosen"
    opts = GAME.validate_options(options)
    setup = GAME.setup(opts, random.Random(f"{seed}:setup"))
    names = [f"P{i}" for i in range(opts["players"])]
    events, state = legal_events(GAME, GAME.initial_state(setup.record, names), rng, seed, max_actions)
    return setup.record, names, events, state


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_random_matches_end_with_a_winner_replay_and_keep_orders_secret(seed: int):
    record, names, events, final = play(seed)
    assert GAME.finished(final) and len(events) < 500
    assert GAME.sample_action(final, random.Random(0)) is None
    stored = json.loads(json.dumps(events))
    assert replay(GAME, json.loads(json.dumps(record)), names, stored) == final
    sheet = GAME.score(final).to_json()
    assert sheet["game_over"] and sheet["winners"] == [names[final["winner"]]]
    assert sum(sum(e["deltas"]) for e in final["ledger"]) == sum(final["thunes"])
    state = GAME.initial_state(record, names)
    for event in events:
        state = GAME.apply(state, event)
        assert min(state["thunes"]) >= 0
        for secret in GAME.secrets(state):
            for seat in [None, *range(len(names))]:
                if seat != secret.owner:
                    assert get_path(GAME.view(state, seat), secret.path) == HIDDEN


def test_score_of_a_match_matches_the_cli_scorer():
    _, names, _, final = play(11)
    doc = {"players": [{"name": n, "thunes": t} for n, t in zip(names, final["thunes"], strict=True)]}
    from_state = GAME.score(final).to_json()
    from_doc = GAME.score_input(doc).to_json()
    assert [(r["name"], r["rank"], r["total"]) for r in from_state["ranking"]] == \
        [(r["name"], r["rank"], r["total"]) for r in from_doc["ranking"]]
    assert from_state["winners"] == from_doc["winners"] and from_state["game_over"] == from_doc["game_over"]
    breakdown = from_state["ranking"][0]["breakdown"]
    assert sum(breakdown.values()) == from_state["ranking"][0]["total"] and breakdown["start"] == 500_000


# --------------------------------------------------------------------------- score_input and CLI


def doc(*thunes: Any) -> dict[str, Any]:
    return {"players": [{"name": f"G{i}", "thunes": t} for i, t in enumerate(thunes)]}


def test_score_input_ranks_by_fortune_and_marks_the_winner():
    sheet = GAME.score_input(doc(5 * BRIQUE, 22 * BRIQUE, 20 * BRIQUE, 0)).to_json()
    assert [r["name"] for r in sheet["ranking"]] == ["G1", "G2", "G0", "G3"]
    assert sheet["game_over"] is True and sheet["winners"] == ["G1"]
    assert sheet["ranking"][0]["thunes"] == 22 * BRIQUE


@pytest.mark.parametrize("thunes,over", [
    ((20_000_000, 18_000_000, 0, 0), True),       # exactly 20 M, lead exactly 2 M
    ((20_000_000, 18_000_001, 0, 0), False),      # lead 1 999 999
    ((19_999_999, 0, 0, 0), False),               # not yet 20 M
    ((23_000_000, 21_500_000, 0, 0), False),      # two above 20 M, lead 1.5 M
    ((24_000_000, 22_000_000, 0, 0, 0, 0), True),  # two above 20 M, lead 2 M
    ((21_000_000, 21_000_000, 0, 0), False),      # tied
])
def test_score_input_victory_edge_cases(thunes: tuple[int, ...], over: bool):
    """« le premier joueur qui atteint 20 millions de Thunes [...] avec un écart d'au moins 2 millions »."""
    sheet = GAME.score_input(doc(*thunes)).to_json()
    assert sheet["game_over"] is over
    assert sheet["winners"] == (["G0"] if over else [])


@pytest.mark.parametrize("bad,where,value", [
    ([], "input", "[]"),
    ({"players": "x"}, "players", "“x”"),
    (doc(1, 2, 3), "players", "3"),
    (doc(*range(7)), "players", "7"),
    (doc(1, -5, 3, 4), "players[1].thunes", "-5"),
    (doc(1, 2, True, 4), "players[2].thunes", "true"),
    (doc(1, 2, "3", 4), "players[2].thunes", "“3”"),
    (doc(1, 2, 3, 4.5), "players[3].thunes", "4.5"),
    ({"players": [{"name": "", "thunes": 1}] * 4}, "players[0].name", "“”"),
    ({"players": [{"name": "A", "thunes": 1}] * 4}, "players[1].name", "“A”"),
    ({"players": [{"name": "A", "wallet": 1}, {}, {}, {}]}, "players[0].wallet", "unknown"),
    ({"players": doc(1, 2, 3, 4)["players"], "turn": 3}, "turn", "unknown"),
])
def test_score_input_rejects_bad_documents(bad: Any, where: str, value: str):
    with pytest.raises(InvalidScoreInput) as err:
        GAME.score_input(bad)
    assert err.value.where == where and value in str(err.value)


def run_cli(text: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scoring", "score", SLUG], input=text, capture_output=True,
                          text=True)


def test_cli_scores_the_issue_example():
    out = run_cli(json.dumps(doc(21_000_000, 19_000_000, 3_000_000, 0)))
    assert out.returncode == 0, out.stderr
    sheet = json.loads(out.stdout)
    assert sheet["game"] == SLUG and sheet["game_over"] is True and sheet["winners"] == ["G0"]
    assert [r["rank"] for r in sheet["ranking"]] == [1, 2, 3, 4]


def test_cli_game_not_over():
    out = run_cli(json.dumps(doc(21_000_000, 19_500_000, 3_000_000, 0)))
    assert out.returncode == 0 and json.loads(out.stdout)["winners"] == []


@pytest.mark.parametrize("text", [json.dumps(doc(1, -1, 2, 3)), json.dumps(doc(1, 2, 3)), "[]"])
def test_cli_bad_input_one_line_exit_2(text: str):
    out = run_cli(text)
    assert out.returncode == 2 and out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1
