"""A set-up option refused on the new match's form is named by its label in the table's language ("Name of the
game: …"), not by its key ("game_name: …"), which the rules' message keeps for the command line and the logs."""

from __future__ import annotations

import pytest

from app.i18n import t
from app.screens.new_match import preview
from scoring import InvalidOptions, find_game, slugs
from scoring.core import quote


def test_the_rules_say_which_option_they_refuse_and_keep_their_message() -> None:
    pad = find_game("score-pad")
    with pytest.raises(InvalidOptions) as caught:
        pad.validate_options({"game_name": "", "players": 3})
    assert caught.value.option == "game_name"
    assert str(caught.value) == "game_name: must be a text of 1 to 80 characters, got “”"


@pytest.mark.parametrize(("lang", "said"), [
    ("fr", "Nom du jeu : un texte de 1 à 80 caractères, reçu “”"),
    ("en", "Name of the game: must be a text of 1 to 80 characters, got “”"),
    ("it", "Nome del gioco: un testo da 1 a 80 caratteri, ricevuto “”"),
])
def test_the_form_names_the_option_by_its_label(lang: str, said: str) -> None:
    shown = preview(find_game("score-pad"), {"game_name": "", "players": 3}, 3, "seed", lang)
    assert shown == (said, None, "game_name")


@pytest.mark.parametrize("slug", sorted(slugs()))
def test_every_game_s_number_options_are_refused_under_their_label(slug: str) -> None:
    game = find_game(slug)
    for opt in game.options:
        if opt.kind != "int" or opt.minimum is None:
            continue
        options = {**game.example_options, opt.key: opt.minimum - 1}
        said, setup, _refused = preview(game, options, game.min_players, "seed", "en")
        assert setup is None and said.startswith(f"{opt.label.get('en')}: ") and not said.startswith(f"{opt.key}:")


#: each game's refusals of options taken together (the rules between them, not one option's range), as a form can
#: send them: the option refused, and the options sent
TOGETHER = [
    ("robby-solo", "robby_junior", {"players": 6, "robby_junior": True}),
    ("robby-solo", "banks", {"players": 3, "banks": "chosen", "bank_yellow": True}),
    ("apprentis", "programming", {"players": 2, "programming": True}),
    ("apprentis", "first_player", {"players": 2, "first_player": 3}),
    ("score-pad", "teams", {"game_name": "Azul", "players": 2, "kind": "teams", "teams": 3}),
    ("apaches", "configuration", {"players": 2, "configuration": "1.2.3.4.5.6.7.8.9"}),
    ("traction-avant", "powers", {"players": 4, "personnalisation": False, "powers": "chosen"}),
]


@pytest.mark.parametrize(("slug", "key", "options"), TOGETHER, ids=[f"{s}-{k}" for s, k, _o in TOGETHER])
@pytest.mark.parametrize("lang", ["fr", "en", "it"])
def test_a_game_s_own_rules_between_options_are_said_under_the_option_s_label(
        slug: str, key: str, options: dict[str, object], lang: str) -> None:
    """Robby Junior with six people, the programming variant at two, a power chosen without personalisation...:
    the form says which option, by its label, and no option's key (before: "robby_junior : …", "powers : 'chosen'
    demande l'option « personnalisation »")."""
    game = find_game(slug)
    with pytest.raises(InvalidOptions) as caught:
        game.validate_options(options)
    assert caught.value.option == key and str(caught.value).startswith(f"{key}: ")
    said, setup, refused = preview(game, options, options["players"], "seed", lang)
    label = next(o.label.get(lang) for o in game.options if o.key == key)
    assert setup is None and refused == key
    assert said == t("skipped_line", lang, a=label, b=caught.value.problem.get(lang))
    # nor any option's key or a value as the rules spell it ("players=6", "“chosen”")
    problem = caught.value.problem.get(lang)
    assert not any(f"{k}=" in problem or problem.startswith(k) for k in options)
    assert not any(quote(v) in problem for v in options.values() if isinstance(v, str))
