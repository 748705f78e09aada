"""The toy game (``tests/games/toy/``): a game that lives outside ``scoring/games/``, registered as the app
registers the folders of ``COMPAGNON_GAMES``, with the same files for the same roles as the built-in games.

The shared contract suite runs over it in ``tests/test_games_generic.py``; here: its registration, a
whole match worked by hand, and its folder's shape against docs/adding-a-game.md.
"""

from __future__ import annotations

import importlib.resources
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from scoring import HIDDEN, IllegalEvent, InvalidScoreInput, Tr, event_rng, find_game, replay, slugs
from scoring.core import registry
from scoring.core.tr import same
from tests.games import TOY, registered

ROOT = Path(__file__).resolve().parent.parent


def test_registered_from_its_folder_and_forgotten_afterwards():
    built_in = slugs()
    with registered() as card:
        assert card.slug == "toy" and registry.package("toy") == "toy"
        assert slugs() == (*built_in, "toy"), "listed after the real games (its card's order)"
        game = find_game("toy")
        assert (game.name, game.min_players, game.max_players) == (card.name, 1, 4)
        # The app reads a game's emblem from its package, wherever the package lives.
        svg = (importlib.resources.files(registry.package("toy")) / card.emblem).read_bytes()
        assert svg.startswith(b"<svg") and svg == (TOY / "emblem.svg").read_bytes()
    assert slugs() == built_in
    with pytest.raises(Exception, match="unknown game “toy”"):
        find_game("toy")


def play_by_hand():
    """Léa and Sam, finish at square 6; the events as the screens send them, prepared with a match's seed."""
    game = find_game("toy")
    setup = game.setup(game.validate_options({"players": 2, "finish": 6}), random.Random("toy:setup"))
    state = game.initial_state(setup.record, ["Léa", "Sam"])
    events = []
    for n, action in enumerate([{"type": "draw"}, {"type": "draw"}, {"type": "move", "steps": 4},
                                {"type": "move", "steps": 1}, {"type": "move", "steps": 5}], start=1):
        event = game.prepare(state, action, event_rng("toy", n))
        state = game.apply(state, event)
        events.append(event)
    return game, setup, state, events


def test_a_match_worked_by_hand():
    with registered():
        game, setup, state, events = play_by_hand()
        first = setup.record["first_player"]
        second = 1 - first
        # The first player draws first and moves first: 4, then the other 1, then the first 5 (capped at 6).
        assert [e["seat"] for e in events[:2]] == [first, second]
        expected = [0, 0]
        expected[first], expected[second] = 6, 1
        assert state["track"] == expected and game.finished(state) and state["phase"] == "over"
        bonus = {e["seat"]: int(e["token"]) for e in events[:2]}
        sheet = game.score(state).to_json()
        totals = {r["seat"]: r["total"] for r in sheet["ranking"]}
        assert totals == {first: 6 + bonus[first], second: 1 + bonus[second]}
        assert sheet["winners"] == [state["names"][first]], "6 + a bonus of 0 to 3 beats 1 + 3 at most"
        # The same events, stored as JSON, replay to the same state: the token and the die are in them.
        assert replay(game, setup.record, ["Léa", "Sam"], events) == state


def test_a_bonus_is_its_drawer_s_alone_until_the_finish():
    with registered():
        game = find_game("toy")
        setup = game.setup(game.validate_options({"players": 2}), random.Random(5))
        state = game.initial_state(setup.record, ["Léa", "Sam"])
        state = game.apply(state, game.prepare(state, {"type": "draw"}, random.Random(1)))
        drawer = setup.record["first_player"]
        token = state["bags"]["bonus"]["draws"][0]["token"]
        assert game.view(state, drawer)["bags"]["bonus"]["draws"][0]["token"] == token
        for seat in (None, 1 - drawer):
            view = game.view(state, seat)
            assert view["bags"]["bonus"]["draws"][0]["token"] == HIDDEN
            assert view["bags"]["bonus"]["remaining"] == HIDDEN
            bonus = next(p for p in game.panels(state, seat) if p.title.en == "Bonus")
            assert bonus.rows == ((same(state["names"][drawer]), Tr("caché", "hidden", it="nascosto")),)
            assert not [p for p in game.panels(state, seat) if p.seat is not None and p.seat != seat]
        own = [p for p in game.panels(state, drawer) if p.seat == drawer]
        assert own and own[0].rows[0][1] == int(token)
        assert game.public_event({"type": "draw", "seat": drawer, "token": token})["token"] == HIDDEN


def test_refusals_name_the_field_in_both_languages():
    with registered():
        game = find_game("toy")
        setup = game.setup(game.validate_options({"players": 1}), random.Random(2))
        state = game.initial_state(setup.record, ["Léa"])
        with pytest.raises(IllegalEvent) as wrong_phase:
            game.apply(state, {"type": "move", "steps": 2})
        assert "“move”" in str(wrong_phase.value) and "“move”" in wrong_phase.value.get("fr")
        state = game.apply(state, game.prepare(state, {"type": "draw"}, random.Random(1)))
        with pytest.raises(IllegalEvent, match="steps: must be at most 6, got 7"):
            game.apply(state, {"type": "move", "steps": 7})
        with pytest.raises(InvalidScoreInput, match=r"players\[1\]\.track"):
            game.score_input({"players": [{"name": "A", "track": 3}, {"name": "B", "track": "far"}]})
        assert not game.undoable({"type": "roll"}) and game.undoable({"type": "move"})


#: the roles docs/adding-a-game.md lists (its table of files), which every game folder has
ROLES = re.compile(r"^\| `([a-z_]+\.(?:py|svg))` \|", re.M)


def test_the_toy_folder_has_every_role_the_guide_lists():
    roles = ROLES.findall((ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8"))
    assert len(roles) >= 12, roles
    assert sorted(roles) == sorted(p.name for p in TOY.iterdir() if p.suffix in (".py", ".svg"))


def test_the_toy_imports_only_the_standard_library_and_scoring():
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import scoring\n"
            "scoring.register('toy'); scoring.find_game('toy')\n"
            "std = set(sys.stdlib_module_names)\n"
            "print(','.join(sorted({m.split('.')[0] for m in sys.modules} - std - {'scoring', 'toy', '__main__'})))")
    out = subprocess.run([sys.executable, "-S", "-c", code, str(TOY.parent)], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    assert out.stdout.strip() == ""


def test_a_draw_out_of_turn_is_refused_naming_who_draws():
    with registered():
        game = find_game("toy")
        setup = game.setup(game.validate_options({"players": 2}), random.Random(3))
        state = game.initial_state(setup.record, ["Léa", "Sam"])
        drawer = setup.record["first_player"]
        wrong = {"type": "draw", "bag": "bonus", "seat": 1 - drawer, "token": "2"}
        with pytest.raises(IllegalEvent) as refused:
            game.apply(state, wrong)
        name, other = state["names"][drawer], 1 - drawer
        assert str(refused.value) == f"seat: {name} (seat {drawer}) draws a bonus now, got {other}"
        assert refused.value.get("fr") == f"seat : c'est à {name} (place {drawer}) de tirer son bonus, reçu {other}"
