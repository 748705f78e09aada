"""A set-up option refused on the new match's form is named by its label in the table's language ("Name of the
game: …"), not by its key ("game_name: …"), which the rules' message keeps for the command line and the logs."""

from __future__ import annotations

import pytest

from app.screens.new_match import preview
from scoring import InvalidOptions, find_game, slugs


def test_the_rules_say_which_option_they_refuse_and_keep_their_message() -> None:
    pad = find_game("score-pad")
    with pytest.raises(InvalidOptions) as caught:
        pad.validate_options({"game_name": "", "players": 3})
    assert caught.value.option == "game_name"
    assert str(caught.value) == "game_name: must be a text of 1 to 80 characters, got ''"


@pytest.mark.parametrize(("lang", "said"), [
    ("fr", "Nom du jeu : un texte de 1 à 80 caractères, reçu ''"),
    ("en", "Name of the game: must be a text of 1 to 80 characters, got ''"),
    ("it", "Nome del gioco: un testo da 1 a 80 caratteri, ricevuto ''"),
])
def test_the_form_names_the_option_by_its_label(lang: str, said: str) -> None:
    assert preview(find_game("score-pad"), {"game_name": "", "players": 3}, 3, "seed", lang) == (said, None)


@pytest.mark.parametrize("slug", sorted(slugs()))
def test_every_game_s_number_options_are_refused_under_their_label(slug: str) -> None:
    game = find_game(slug)
    for opt in game.options:
        if opt.kind != "int" or opt.minimum is None:
            continue
        options = {**game.example_options, opt.key: opt.minimum - 1}
        said, setup = preview(game, options, game.min_players, "seed", "en")
        assert setup is None and said.startswith(f"{opt.label.get('en')}: ") and not said.startswith(f"{opt.key}:")
