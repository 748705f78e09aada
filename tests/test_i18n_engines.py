"""The engines' texts in the app's three languages (issue #20): every ``Tr`` a game writes carries an
Italian of its own, no language borrows another's words, and French elides "de" before a vowel.

Two walks: the source (every ``Tr(...)`` written in ``scoring/`` and in the toy game names its Italian:
refusals included, which a random match rarely meets), and the contract's outputs on random matches of
every game (card, options, set-up, phases, forms, panels, score sheet), where composed texts are checked
word by word.
"""

from __future__ import annotations

import ast
import dataclasses
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scoring import Game, RulesError, Tr, event_rng, find_game, slugs
from scoring.core.tr import LANGUAGES, same
from scoring.core.words import de
from scoring.games.traction_avant.game import GAME as TRACTION
from tests.games import registered

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "scoring").rglob("*.py")) + sorted((ROOT / "tests" / "games" / "toy").rglob("*.py"))
#: and the few texts the app's screens write inline (``app/i18n*.py`` keep French and English only: their
#: Italian is in the catalogue, checked by tests/test_i18n_catalogues.py)
SOURCES += sorted(p for p in (ROOT / "app").rglob("*.py") if not p.name.startswith("i18n"))
#: the helpers that build a ``Tr`` from (fr, en, it) written at their call (Traction-Avant's texts and refusals)
TR_BUILDERS = {"Tr": 0, "_q": 0, "_bad": 1}

with registered():
    SLUGS = slugs()
    GAMES = {s: find_game(s) for s in SLUGS}

#: words that give away English on a French or Italian screen ("round" is Italian too: the Traction-Avant
#: rulebook's Italian half says it)
ENGLISH = re.compile(r"\b(the|player|players|score sheet|and|with|of|bank|turn|seat|wins?)\b", re.I)
ENGLISH_IN_FRENCH = re.compile(rf"{ENGLISH.pattern}|\bround\b", re.I)
#: words only French writes, on an Italian screen
FRENCH = re.compile(r"\b(joueurs?|manche|banque|partie|tour|avec|pour|les|des|du|une|est|et|place)\b", re.I)


def tr_calls() -> Iterator[tuple[str, int, ast.Call]]:
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in TR_BUILDERS:
                yield f"{path.relative_to(ROOT)}", node.lineno, node


def test_every_text_written_in_the_engines_names_its_italian():
    """A ``Tr("…", "…")`` with no Italian would read French on an Italian screen: each call passes a third
    text (positional or ``it=``)."""
    missing = []
    for where, line, call in tr_calls():
        first = TR_BUILDERS[call.func.id]  # type: ignore[attr-defined]
        if len(call.args) - first < 3 and not any(k.arg == "it" for k in call.keywords):
            if not (where.endswith("core/tr.py") and line < 30):  # the class's own docstring examples
                missing.append(f"{where}:{line}")
    assert not missing, f"{len(missing)} texts without Italian: {missing[:20]}"
    assert sum(1 for _ in tr_calls()) > 800  # the walk does see the games' texts


def texts(value: Any, seen: set[int] | None = None) -> Iterator[Tr]:
    """Every ``Tr`` inside a contract output (dataclasses, tuples, lists, dicts)."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, Tr):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from texts(getattr(value, f.name), seen)
    elif isinstance(value, dict):
        for v in value.values():
            yield from texts(v, seen)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from texts(v, seen)


def outputs(game: Game, seed: int, steps: int = 250) -> Iterator[Tr]:
    """Every text a random match of ``game`` shows: the card, options, set-up, phases, and each seat's and
    the table's forms and panels along the match, then the score sheet."""
    rng = random.Random(seed)
    yield from texts([game.name, game.description, game.options, game.phases])
    n = rng.randint(game.min_players, game.max_players)
    options = game.validate_options({"players": n, **game.example_options})
    setup = game.setup(options, random.Random(f"{seed}:setup"))
    yield from texts(setup.instructions)
    state = game.initial_state(setup.record, [f"P{i}" for i in range(game.seat_count(options))])
    seats = [None, *range(len(state.get("names", [])) or n)]
    for i in range(steps):
        for seat in seats:
            yield from texts(game.actions(state, seat))
            yield from texts(game.panels(state, seat))
        action = game.sample_action(state, rng)
        if action is None:
            break
        state = game.apply(state, game.prepare(state, action, event_rng(seed, i + 1)))
    if game.finished(state):
        yield from texts(game.score(state))


def _unquoted(text: str, french: str) -> str:
    """``text`` without what it quotes of the French (a rulebook's name for a figure, quoted as is)."""
    for quoted in re.findall(r"«\s*([^»]+?)\s*»|“([^”]+)”", text):
        for q in quoted:
            if q and q in french:
                text = text.replace(q, "")
    return text


def check(text: Tr) -> list[str]:
    """What is wrong with one text, language by language."""
    problems = []
    if not text.it:
        problems.append("no Italian")
    if ENGLISH_IN_FRENCH.search(text.fr) and text.fr != text.en:
        problems.append("English in the French")
    if text.it and FRENCH.search(_unquoted(text.it, text.fr)) and text.it != text.fr:
        problems.append("French in the Italian")
    if text.it and ENGLISH.search(text.it) and text.it != text.en:
        problems.append("English in the Italian")
    if re.search(r"\bde [AEIOUÀÂÉÈÊÎÔÛaeiouéèê]", text.fr):  # (not before h: "de haut en bas")
        problems.append("'de' before a vowel (d')")
    return problems


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_text_a_match_shows_is_in_three_languages(slug: str, seed: int):
    with registered():
        game = find_game(slug)
        bad = {}
        count = 0
        for text in outputs(game, seed):
            count += 1
            problems = check(text)
            if problems:
                bad[text] = problems
    assert count > 20
    assert not bad, "\n".join(f"{p}: {t}" for t, p in list(bad.items())[:15])


def test_the_checker_catches_each_kind_of_slip():
    assert check(Tr("Manche 1", "Round 1", it="Round 1")) == []
    assert check(Tr("Manche 1", "Round 1")) == ["no Italian"]
    assert check(Tr("Ordre secret de Ange (round 1)", "x", it="y")) == ["English in the French",
                                                                         "'de' before a vowel (d')"]
    assert check(Tr("Banque rouge", "Red bank", it="Banque rossa")) == ["French in the Italian"]
    assert check(Tr("Banque rouge", "Red bank", it="The red bank")) == ["English in the Italian"]
    assert check(same("Léa")) == []


def test_a_text_reads_each_language_and_an_untranslated_one_reads_french():
    text = Tr("Partie finie", "Game over", it="Partita finita")
    assert [text.get(lang) for lang in LANGUAGES] == ["Partie finie", "Game over", "Partita finita"]
    assert Tr("Partie finie", "Game over").get("it") == "Partie finie"
    assert Tr("{a} : {b}", "{a}: {b}", it="{a}: {b}").format(a=same("Léa"), b=Tr("oui", "yes", it="sì")) == \
        Tr("Léa : oui", "Léa: yes", it="Léa: sì")


def test_a_refusal_speaks_italian():
    game = GAMES["apaches"]
    with pytest.raises(RulesError) as caught:
        game.validate_options({"players": 2, "colour": "red"})
    assert caught.value.get("it") == "opzione sconosciuta “colour” per Les Apaches de Paris"
    with pytest.raises(RulesError) as caught:
        game.validate_options({"players": 9})
    assert caught.value.get("it").startswith("players: ") and "è sopra" in caught.value.get("it")
    assert caught.value.get("fr") != caught.value.get("it") != str(caught.value)


def test_a_secret_order_elides_before_a_vowel_and_says_manche():
    """The issue's example: "Ordre secret de Ange (round 1)" becomes "Ordre secret d'Ange (manche 1)"."""
    options = TRACTION.validate_options({"players": 4})
    state = TRACTION.initial_state(TRACTION.setup(options, random.Random(1)).record, ["Ange", "Léa", "Hugo", "Sam"])
    state = TRACTION.apply(state, {"type": "begin"})
    while state["phase"] != "heists":
        if state["phase"] == "moves":
            event = {"type": "done", "seat": state["mover"]}
        else:
            event = {"type": "next_phase"}
        state = TRACTION.apply(state, TRACTION.prepare(state, event, random.Random(0)))
    state = TRACTION.apply(state, TRACTION.prepare(state, {"type": "heists", "bank1": [2, 1, 1, 0],
                                                           "bank2": [0, 0, 0, 0]}, random.Random(0)))
    labels = {a.seat: a.label for a in TRACTION.actions(state, None) if a.type == "order"}
    assert labels[0] == Tr("Ordre secret d'Ange (manche 1)", "Ange's secret order (round 1)",
                           it="Ordine segreto di Ange (passaggio 1)")
    assert labels[1].fr == "Ordre secret de Léa (manche 1)" and labels[2].fr == "Ordre secret d'Hugo (manche 1)"
    assert de("Ange") == "d'Ange"


def test_a_score_sheet_keeps_its_notes_in_italian_for_an_italian_table():
    doc = {"players": [{"name": "A", "objects": 9}, {"name": "B"}, {"name": "C"}]}
    sheet = GAMES["robby-solo"].score_input(doc).to_json()
    assert sheet["notes_it"] == ["A ha 9 oggetti: la tabella si ferma a sette, cioè 100.000 $."]
    assert sheet["notes_fr"] == ["A a 9 objets : le tableau s'arrête à sept, soit 100\u00a0000 $."]


def test_the_command_line_refuses_in_italian_when_asked():
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "scoring", "score", "apaches", "--lang", "it"], input="{",
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 2 and done.stderr.strip() == "input: JSON non valido (riga 1, colonna 2)"
