"""An option a game declares as mattering only with another option's values (``Option.needs``): the set-up form
hides it, the review does not mention it.  That is only honest if such an option really changes nothing: a
random match played with its other values, with the same seed, is the same match with the same score."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import Game, InvalidOptions, Option, find_game, slugs
from tests.random_play import legal_events

GAMES = [find_game(s) for s in slugs()]
IDS = [g.slug for g in GAMES]


def other_values(opt: Option) -> list[Any]:
    """The values of ``opt`` other than its default that a form may send."""
    if opt.kind == "bool":
        return [not opt.default]
    if opt.kind == "choice":
        return [key for key, _label in opt.choices if key != opt.default]
    if opt.kind in ("int", "seat"):
        return [v for v in (opt.minimum, opt.maximum) if v is not None and v != opt.default]
    return ["autre"]


def played(game: Game, options: dict[str, Any], seed: int) -> tuple[list[Any], Any]:
    setup = game.setup(options, random.Random(f"{seed}:setup"))
    names = [f"P{i}" for i in range(game.seat_count(options))]
    events, state = legal_events(game, game.initial_state(setup.record, names), random.Random(seed), seed, 300)
    return events, (game.score(state).to_json() if game.finished(state) else None)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_an_option_needs_an_earlier_option_and_one_of_its_values(game: Game):
    seen: dict[str, Option] = {}
    for opt in game.options:
        if opt.needs is not None:
            key, values = opt.needs
            assert key in seen, f"{opt.key} needs {key}, which is not declared before it"
            needed = seen[key]
            for value in values:  # each value is one the needed option can hold
                assert value in [needed.default, *other_values(needed)] or (
                    needed.kind in ("int", "seat") and needed.minimum <= value <= needed.maximum), (opt.key, value)
        seen[opt.key] = opt


def test_the_games_declare_which_options_depend_on_others():
    """The rulebooks' own conditions, as declared (a test that the declarations exist at all)."""
    robby = find_game("robby-solo")
    assert "junior_can_win" not in robby.in_effect({"players": 3})
    assert "junior_can_win" in robby.in_effect({"players": 3, "robby_junior": True})
    assert "robby_junior" not in robby.in_effect({"players": 6})  # « Seulement à moins de six »
    assert "bank_red" in robby.in_effect({"players": 3, "banks": "chosen"})
    assert "bank_red" not in robby.in_effect({"players": 3})
    assert "perso_tie" not in find_game("apprentis").in_effect({"players": 2})
    assert "teams" in find_game("score-pad").in_effect({"players": 4, "kind": "teams"})
    assert "powers" not in find_game("traction-avant").in_effect({"players": 4})


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), share=st.floats(0, 1))
def test_an_option_out_of_effect_changes_neither_the_match_nor_its_score(game: Game, seed: int, share: float):
    players = game.min_players + round(share * (game.max_players - game.min_players))
    base = game.validate_options({**game.example_options, "players": players})
    shown = game.in_effect(base)
    hidden = [o for o in game.options if o.key not in shown]
    expected = played(game, base, seed)
    for opt in hidden:
        for value in other_values(opt):
            try:
                options = game.validate_options({**base, opt.key: value})
            except InvalidOptions:
                continue  # refused alone: the form sends a hidden option at its default
            assert played(game, options, seed) == expected, (opt.key, value)
