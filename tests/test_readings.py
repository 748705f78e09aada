"""Every reading a rulebook leaves open (a house-rule option) is offered on the set-up screen with its
line of explanation, and the reading played shows in the match review and in the BG Stats board text."""

from __future__ import annotations

import pytest

from app.screens.history import readings_played
from db.bgstats import setup_text
from scoring import Option, all_games

HOUSE_RULES = [(g, o) for g in all_games() for o in g.options if o.house_rule]


def other_value(o: Option) -> object:
    """A value of the option that is not its default: the other reading."""
    if o.kind == "bool":
        return not o.default
    if o.kind == "choice":
        return next(key for key, _label in o.choices if key != o.default)
    return (o.minimum if o.minimum is not None and o.minimum != o.default else o.default + 1)


def test_each_engine_with_an_open_reading_offers_it():
    assert {g.slug for g, _o in HOUSE_RULES} == {"apaches", "robby-solo", "traction-avant", "apprentis"}


@pytest.mark.parametrize(("game", "option"), HOUSE_RULES, ids=[f"{g.slug}:{o.key}" for g, o in HOUSE_RULES])
def test_a_house_rule_is_explained_kept_and_shown(game, option):
    assert option.help is not None and option.help.fr and option.help.en and option.help.fr != option.help.en
    value = other_value(option)
    needed = {option.needs[0]: option.needs[1][0]} if option.needs else {}  # where it matters
    options = game.validate_options({"players": game.min_players, **game.example_options, **needed,
                                     option.key: value})
    assert options[option.key] == value  # kept with the match's options
    board = setup_text(options, {})
    assert option.key.replace("_", " ") in board, board
    for lang in ("fr", "en"):
        assert option.label.get(lang) in readings_played(game, options, lang)
    if option.needs:  # where it changes nothing, the review does not mention it
        key, values = option.needs
        other = False if values == (True,) else game.min_players  # Robby Junior left out; a 1-player painting
        assert other not in values
        unused = game.validate_options({**options, key: other})
        assert option.label.get("en") not in readings_played(game, unused, "en")
