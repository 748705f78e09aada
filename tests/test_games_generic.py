"""One test suite over every registered game (the shared interface's contract): the built-in games under
``scoring/games/`` and the toy game in ``tests/games/toy/``, registered as a game living elsewhere is
(``COMPAGNON_GAMES``): any game folder must pass the same suite."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import HIDDEN, Game, RulesError, find_game, replay, slugs
from scoring.core import get_path
from scoring.core.bags import contents
from tests.games import registered
from tests.random_play import play

BUILT_IN = slugs()
with registered() as toy:
    SLUGS = slugs()
    GAMES = [find_game(s) for s in SLUGS]
assert toy.slug in SLUGS and toy.slug not in BUILT_IN


@pytest.fixture(autouse=True, scope="module")
def _toy_game_registered():
    """The toy game is registered while this file's tests run, and only then."""
    with registered():
        yield


@pytest.mark.parametrize("game", GAMES, ids=SLUGS)
def test_metadata(game: Game):
    assert game.slug in SLUGS and game.name.fr and game.name.en and game.description.en
    assert 1 <= game.min_players <= game.max_players <= 20
    assert any(o.key == "players" for o in game.options)


@pytest.mark.parametrize("game", GAMES, ids=SLUGS)
def test_bad_options_are_refused_with_the_value_quoted(game: Game):
    with pytest.raises(RulesError, match=str(game.max_players + 1)):
        game.validate_options({"players": game.max_players + 1, **game.example_options})
    with pytest.raises(RulesError, match="nonsense"):
        game.validate_options({"players": game.min_players, "nonsense": 1, **game.example_options})


@pytest.mark.parametrize("game", GAMES, ids=SLUGS)
def test_setup_instructions_in_both_languages(game: Game):
    options = game.validate_options({"players": game.min_players, **game.example_options})
    setup = game.setup(options, random.Random(1))
    assert setup.instructions and all(s.fr and s.en for s in setup.instructions)
    json.dumps(setup.record)
    assert setup == game.setup(options, random.Random(1)), "the same seed gives the same set-up"


@pytest.mark.parametrize("game", GAMES, ids=SLUGS)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_random_matches_replay_exactly_and_keep_secrets(game: Game, seed: int):
    setup, names, start, events, final = play(game, seed)
    # Replaying the stored events, after a JSON round trip, rebuilds the same state without re-rolling.
    stored = json.loads(json.dumps(events))
    assert stored == events
    assert replay(game, json.loads(json.dumps(setup.record)), names, stored) == final
    # Every intermediate state: views hide other seats' secrets; bags are conserved.
    state = start
    initial_bags = {k: contents(b) for k, b in start.get("bags", {}).items()}
    for event in [None, *events]:
        if event is not None:
            state = game.apply(state, event)
        json.dumps(state)
        for name, bag in state.get("bags", {}).items():
            assert contents(bag) == initial_bags[name]
        secrets = game.secrets(state)
        seats = [None, *range(len(state["names"]))]
        for seat in seats:
            view = game.view(state, seat)
            for secret in secrets:
                if seat is None or secret.owner != seat:
                    assert get_path(view, secret.path) == HIDDEN, (seat, secret)
            game.panels(state, seat)
            game.actions(state, seat)


@pytest.mark.parametrize("game", GAMES, ids=SLUGS)
def test_apply_does_not_mutate_its_input(game: Game):
    setup, names, start, events, _ = play(game, 7, max_actions=30)
    state = start
    for event in events:
        before = json.dumps(state, sort_keys=True)
        game.apply(state, event)
        assert json.dumps(state, sort_keys=True) == before
        state = game.apply(state, event)


@pytest.mark.parametrize("game", GAMES, ids=SLUGS)
def test_unknown_event_type_is_refused(game: Game):
    _, _, start, _, _ = play(game, 3, max_actions=0)
    with pytest.raises(RulesError, match="no-such-event"):
        game.apply(start, {"type": "no-such-event"})


@pytest.mark.parametrize("game", GAMES, ids=SLUGS)
def test_a_finished_random_match_scores(game: Game):
    for seed in range(40):
        _, names, _, _, final = play(game, seed)
        if game.finished(final):
            sheet = game.score(final).to_json()
            assert sheet["game"] == game.slug
            assert sorted(r["rank"] for r in sheet["ranking"]) == [r["rank"] for r in sheet["ranking"]]
            assert set(sheet["winners"]) <= {r["name"] for r in sheet["ranking"]}
            return
    pytest.fail("no random match reached its end in 40 tries")


@pytest.mark.parametrize("slug", BUILT_IN)  # the command line knows the built-in games
def test_cli_rejects_bad_json_with_one_line(slug: str):
    out = subprocess.run([sys.executable, "-m", "scoring", "score", slug], input="{not json",
                         capture_output=True, text=True)
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1 and "JSON" in out.stderr


def test_cli_rejects_unknown_game():
    out = subprocess.run([sys.executable, "-m", "scoring", "score", "chess"], input="{}",
                         capture_output=True, text=True)
    assert out.returncode == 2 and "unknown game “chess”" in out.stderr


def test_cli_usage():
    out = subprocess.run([sys.executable, "-m", "scoring"], capture_output=True, text=True)
    assert out.returncode == 2 and out.stderr.startswith("usage:")


def test_every_game_has_a_card_in_the_registry_s_order():
    """The home screen lists the games from their cards (each folder's card.py), the other screens from
    the engines: both in the same order, each game's card the one its class shows."""
    from scoring.core.registry import cards

    assert tuple(cards()) == SLUGS
    for game in GAMES:
        c = cards()[game.slug]
        assert (c.name, c.description, c.min_players, c.max_players, c.colour) == (
            game.name, game.description, game.min_players, game.max_players, game.colour)
