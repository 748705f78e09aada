"""A game's cards on a grid are the game's: the app draws a ``painting`` field from what the game declares
(:class:`scoring.GridCards`: each kind's word, the kinds that carry a number, their pictures in the game's
folder, where its final state keeps the grids) and names none of them.  Before, the app's painting editor knew
Les apprentis' cards: ``if brush == "maison"``, a "Points" box in English and French only, the cards' words in
the app's strings, their pictures in the app's assets, the game's state key ``paintings``."""

from __future__ import annotations

import ast
from pathlib import Path

from scoring import GridCards, Tr, find_game, slugs

ROOT = Path(__file__).resolve().parent.parent


def app_strings() -> dict[str, list[str]]:
    """Every string the app's code holds (its modules', classes' and functions' own texts left out), by file."""
    out: dict[str, list[str]] = {}
    for path in sorted((ROOT / "app").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        texts = {id(node.body[0].value) for node in ast.walk(tree)
                 if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                 and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
        out[str(path.relative_to(ROOT))] = [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
                                            and isinstance(node.value, str) and id(node) not in texts]
    return out


def test_the_app_names_no_game_s_card() -> None:
    declared = [(slug, find_game(slug).cards) for slug in slugs()]
    kinds = {kind for _slug, cards in declared if cards for kind, _word in cards.words}
    assert "maison" in kinds and "arbre" in kinds
    named = {path: hits for path, strings in app_strings().items()
             if (hits := [s for s in strings if s in kinds or any(s.startswith(f"{k}:") for k in kinds)
                          or s.startswith("apprentis/")])}
    assert named == {}


def test_the_check_finds_a_card_named_in_the_code(tmp_path: Path) -> None:
    tree = ast.parse('"""A text."""\nif brush == "maison":\n    code = f"maison:{n}"\n')
    strings = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    assert "maison" in strings and "maison:" in strings


def test_les_apprentis_declares_its_cards_for_its_painting_form_and_its_review() -> None:
    game = find_game("apprentis")
    assert isinstance(game.cards, GridCards) and game.cards.game == "apprentis" and game.cards.grids == "paintings"
    assert game.cards.numbered == ("maison",) and game.cards.number_label is not None
    assert [game.cards.number_label.get(lang) for lang in ("fr", "en", "it")] == ["Points", "Points", "Punti"]
    assert game.cards.word("maison:3", "it") == "Casa 3" and game.cards.word("arbre:A2", "en") == "Tree A2"
    # every kind its painting form offers has a word and a picture in its folder
    from importlib.resources import files

    from scoring.core import registry
    from scoring.games.apprentis.forms import palette

    words = dict(game.cards.words)
    for code in palette(trees=True):
        kind = code.partition(":")[0]
        assert kind in words, code
        assert (files(registry.package("apprentis")) / game.cards.pictures / f"{kind}.svg").is_file(), kind


def test_a_card_the_game_does_not_name_is_called_by_its_code() -> None:
    cards = GridCards("toy", (("gem", Tr("Gemme", "Gem", it="Gemma")),))
    assert [cards.word(code, "it") for code in ("gem", "gem:4", "rock", "rock:2", None)] == [
        "Gemma", "Gemma 4", "rock", "rock 2", ""]
