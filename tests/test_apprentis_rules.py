"""Les apprentis, second reading (issue 17) and no secret in any refusal (issue 16, item 3).

- every refusal of the engine and of the score document, in French and in English;
- a programmed die never shows in a refusal (the texts do not change when the secret faces do);
- impossible inputs: a painting holds at most what the game's length deals a player, stains at most
  one per card taken with a die (the engine, and the score document with or without ``length``);
- the readings the text leaves open, as house-rule options (the character tie, the stain cost), and
  the canvas level as a set-up option.

Rules are quoted from ``les-apprentis.fr.txt``; rulings are in docs/rules-notes.md.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.core import IllegalEvent, InvalidScoreInput, RulesError, State, event_rng
from scoring.games.apprentis.game import GAME
from scoring.games.apprentis.moves import MOVES
from scoring.games.apprentis.rules import cards_dealt, stains_possible
from scoring.games.apprentis.sample import random_painting

NAMES = ["Ana", "Bo", "Cy", "Dé", "Eli"]

#: Words of the English messages that a French message must not hold (outside field names and
#: quoted values).
ENGLISH = {"must", "got", "the", "is", "not", "with", "has", "cards", "card", "painting", "only", "expected",
           "already", "still", "waiting", "for", "turn", "rule", "row", "column", "missing", "least", "most",
           "unknown", "field", "seat", "whole", "number", "cells", "rows", "list", "text", "object", "breaks",
           "touch", "does", "through", "sharing", "side", "lays", "game", "left", "showing", "moves", "happens",
           "once", "refill", "spot", "drawn", "being", "say", "whose", "needs", "variant", "starts", "from",
           "comes", "entered", "yet", "die", "dice", "players", "player", "step", "now", "over", "any"}


def new(players: int = 3, **options: Any) -> State:
    setup = GAME.setup({"players": players, **options}, random.Random(0))
    return GAME.initial_state(setup.record, NAMES[:players])


def do(state: State, action: Mapping[str, Any], seed: int = 0) -> State:
    return GAME.apply(state, GAME.prepare(state, action, random.Random(seed)))


def french_words(fr: str) -> set[str]:
    """The words of a French refusal, less its field name (``players[0].stains :``) and quoted values."""
    fr = re.sub(r"^[\w\[\].]+ : ", "", fr)
    fr = re.sub(r"«[^»]*»|\w+\[\d+\][\w.\[\]]*", " ", fr)  # « seat », players[0]: names of fields
    fr = re.sub(r"“[^”]*”", " ", fr)  # “lac”, “Ana”: the values as scoring.core.quote says them
    fr = re.sub(r"(?<![\wÀ-ÿ])'[^']*'", " ", fr)  # 'lac', 'Ana' (not the apostrophe of « c'est »)
    return {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ]+", fr)}


def check_bilingual(error: RulesError) -> None:
    fr, en = error.get("fr"), error.get("en")
    assert fr and en and fr != en, (fr, en)
    assert str(error) == en
    assert not french_words(fr) & ENGLISH, (fr, french_words(fr) & ENGLISH)
    assert "\n" not in fr and "\n" not in en


# --------------------------------------------------------------------------- every refusal, both languages


def bad_events(state: State) -> Iterator[dict[str, Any]]:
    """Events that are refused in most states (some are legal in a few: those are not refusals)."""
    n = state["players"]
    yield {"type": "nonsense"}
    for kind in MOVES:
        yield {"type": kind}
    for seat in (-1, n, True, "0"):
        for kind in ("pick", "program", "take", "painting"):
            yield {"type": kind, "seat": seat, "die": 1, "face": 1, "painting": [["lac"]]}
    for seat in range(n):
        for die in (0, 7, "x", None, 2.5, *range(1, 7)):
            yield {"type": "pick", "seat": seat, "die": die}
            yield {"type": "program", "seat": seat, "face": die}
            for stain in (2, "x", 1, -1):
                yield {"type": "take", "seat": seat, "die": die, "stain": stain}
        yield {"type": "take", "seat": seat, "spot": "9-9"}
        yield {"type": "painting", "seat": seat, "painting": [["lac", None], [None, "lac"]]}
        yield {"type": "painting", "seat": seat, "painting": [["lac", "dragon"]]}
        yield {"type": "painting", "seat": seat, "painting": [["lac"], ["lac", "lac"]]}
        yield {"type": "painting", "seat": seat, "painting": "lac"}
        yield {"type": "painting", "seat": seat, "painting": ["lac"]}
        yield {"type": "painting", "seat": seat, "painting": [["lac"] * 20]}
        yield {"type": "painting", "seat": seat, "painting": [["lac"]], "stains": -1}
        yield {"type": "painting", "seat": seat, "painting": [["lac"]], "stains": 99}
    yield {"type": "roll", "dice": [1]}
    yield {"type": "roll", "dice": [7] * state["dice"]}
    yield {"type": "lightning", "spot": "9-9"}
    yield {"type": "program", "face": 3}


def refusals(state: State) -> Iterator[RulesError]:
    """Every refusal the battery of :func:`bad_events` meets in ``state``, through ``prepare`` and ``apply``."""
    for event in bad_events(state):
        for send in (lambda e: GAME.apply(state, e), lambda e: GAME.prepare(state, e, random.Random(0))):
            try:
                send(event)
            except RulesError as error:
                yield error


def random_states(seed: int, players: int | None = None) -> Iterator[State]:
    """The states of a random match played by ``sample.py``."""
    rng = random.Random(seed)
    n = players or rng.randint(1, 5)
    options = {"players": n, "programming": n >= 3 and rng.random() < 0.6, "length": rng.choice(["short", "long"])}
    setup = GAME.setup(options, random.Random(seed))
    state = GAME.initial_state(setup.record, NAMES[:n])
    yield state
    for i in range(400):
        action = GAME.sample_action(state, rng)
        if action is None:
            return
        state = GAME.apply(state, GAME.prepare(state, action, event_rng(seed, i)))
        yield state


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6))
def test_every_refusal_of_random_states_is_in_both_languages(seed: int) -> None:
    """Issue 17 item 2: "Every refusal of every engine must reach the screen in the player's language,
    with the same precision (field, value, allowed range)"."""
    seen: set[str] = set()
    for k, state in enumerate(random_states(seed)):
        if k % 7:  # every seventh state: the battery is long
            continue
        for error in refusals(state):
            check_bilingual(error)
            seen.add(error.get("en").partition(":")[0].split(" ")[0].strip("'“”"))  # the field, or the move
    assert {"pick", "take", "painting", "seat"} & seen


def refusal_makers() -> dict[str, Callable[[], Any]]:
    """One call per refusal the engine, its set-up and its score document have (``grep -n raise``)."""
    three = new(3)
    final = do(three, {"type": "to_scoring"})
    prog = new(3, programming=True)
    drafted = GAME.apply(three, {"type": "roll", "dice": [2, 5, 6]})
    taking = do(do(drafted, {"type": "pick", "die": 6}), {"type": "pick", "die": 2})
    refilling = GAME.apply(three, {"type": "roll", "dice": [4, 4, 4]})
    for spot in ("2-4", "3-4", "1-5"):
        refilling = do(refilling, {"type": "take", "spot": spot})
    flashed = do(refilling, {"type": "lightning", "spot": "1-5"})

    def doc(**fields: Any) -> Callable[[], Any]:
        return lambda: GAME.score_input({"players": [{"name": "Ana", "painting": [["lac"]]}], **fields})

    def player(**fields: Any) -> Callable[[], Any]:
        return lambda: GAME.score_input({"players": [{"name": "Ana", "painting": [["lac"]], **fields}]})

    return {
        "options: programming at 2": lambda: GAME.validate_options({"players": 2, "programming": True}),
        "options: first player": lambda: GAME.validate_options({"players": 3, "first_player": 3}),
        "names": lambda: GAME.initial_state(GAME.setup({"players": 3}, random.Random(0)).record, ["Ana"]),
        "roll: count": lambda: GAME.apply(three, {"type": "roll", "dice": [1]}),
        "roll: face": lambda: GAME.apply(three, {"type": "roll", "dice": [1, 2, 9]}),
        "pick: seat": lambda: GAME.apply(drafted, {"type": "pick", "seat": 2, "die": 2}),
        "pick: die": lambda: GAME.apply(drafted, {"type": "pick", "seat": 0, "die": 3}),
        "pick: seat number": lambda: GAME.apply(drafted, {"type": "pick", "seat": 7, "die": 2}),
        "programming": lambda: GAME.apply(new(2), {"type": "programming"}),
        "program: whose": lambda: GAME.prepare(prog, {"type": "program", "face": 2}, random.Random(0)),
        "program: face": lambda: GAME.apply(prog, {"type": "program", "seat": 0, "face": 0}),
        "reveal": lambda: GAME.apply(prog, {"type": "reveal"}),
        "take: seat": lambda: GAME.apply(taking, {"type": "take", "seat": 1, "die": 6, "spot": "3-5"}),
        "take: die": lambda: GAME.apply(taking, {"type": "take", "seat": 0, "die": 3, "spot": "3-5"}),
        "take: stain": lambda: GAME.apply(taking, {"type": "take", "seat": 0, "die": 6, "stain": 2}),
        "take: stain face": lambda: GAME.apply(taking, {"type": "take", "seat": 0, "die": 6, "stain": 1}),
        "take: spot": lambda: GAME.apply(taking, {"type": "take", "seat": 0, "die": 6, "spot": "1-5"}),
        "lightning: spot": lambda: GAME.apply(refilling, {"type": "lightning", "spot": "2-6"}),
        "lightning: once": lambda: GAME.apply(flashed, {"type": "lightning", "spot": "2-4"}),
        "phase": lambda: GAME.apply(three, {"type": "finish"}),
        "painting: stains": lambda: GAME.apply(final, {"type": "painting", "seat": 0, "painting": [], "stains": 13}),
        "painting: cards": lambda: GAME.apply(final, {"type": "painting", "seat": 0, "painting": [["lac"] * 15]}),
        "painting: placement": lambda: GAME.apply(final, {"type": "painting", "seat": 0,
                                                          "painting": [["lac", None, "lac"]]}),
        "finish": lambda: GAME.apply(final, {"type": "finish"}),
        "over": lambda: GAME.apply({**final, "finished": True}, {"type": "finish"}),
        "input": lambda: GAME.score_input([1]),
        "unknown field": doc(turns=3),
        "players": lambda: GAME.score_input({"players": []}),
        "length": doc(length="medium"),
        "perso_tie": doc(perso_tie="all"),
        "stain_points": doc(stain_points=9),
        "player": lambda: GAME.score_input({"players": ["Ana"]}),
        "player field": player(stain=1),
        "name": lambda: GAME.score_input({"players": [{"name": "", "painting": []}]}),
        "same name": lambda: GAME.score_input({"players": [{"name": "A", "painting": []}] * 2}),
        "stains": player(stains=-1),
        "stains bound": player(stains=16),
        "painting missing": lambda: GAME.score_input({"players": [{"name": "Ana"}]}),
        "rows": player(painting="lac"),
        "row": player(painting=["lac"]),
        "ragged": player(painting=[["lac"], ["lac", "lac"]]),
        "cell": player(painting=[[3]]),
        "card": player(painting=[["lion"]]),
        "cards bound": player(painting=[["lac"] * 17]),
        "house digits": player(painting=[["maison:" + "9" * 5000]]),
    }


@pytest.mark.parametrize("what", list(refusal_makers()))
def test_every_kind_of_refusal_is_in_both_languages(what: str) -> None:
    """Each ``raise`` of the game's engine, set-up and score document, met once: the French and the
    English say the same thing, and the French holds no English words."""
    with pytest.raises(RulesError) as caught:
        refusal_makers()[what]()
    check_bilingual(caught.value)


def test_a_french_refusal_reads_french() -> None:
    state = do(new(3), {"type": "to_scoring"})
    with pytest.raises(IllegalEvent) as caught:
        GAME.apply(state, {"type": "painting", "seat": 1, "painting": [["lac", None], [None, "lac"]]})
    assert caught.value.get("fr") == ("painting : le tableau de Bo ne respecte pas la règle de pose : la carte en "
                                      "[1][1] (“lac”) ne touche pas la carte en [0][0] (“lac”) par des cartes côte "
                                      "à côte")
    with pytest.raises(InvalidScoreInput) as bad:
        GAME.score_input({"players": [{"name": "Ana", "stains": 2.5, "painting": []}]})
    assert bad.value.get("fr") == "players[0].stains : doit être un nombre entier, reçu 2.5"


def test_the_cli_says_one_line_for_a_house_of_five_thousand_digits() -> None:
    """Issue 16 item 6: "The CLI keeps exit 2 and one line for every input" (the conversion of such a
    number used to raise a ValueError and a traceback)."""
    doc = {"players": [{"name": "Ana", "painting": [["maison:" + "9" * 5000]]}]}
    out = subprocess.run([sys.executable, "-m", "scoring", "score", "apprentis"], input=json.dumps(doc),
                         capture_output=True, text=True, check=False)
    assert out.returncode == 2 and out.stdout == ""
    assert len(out.stderr.splitlines()) == 1 and "unknown card" in out.stderr


# --------------------------------------------------------------------------- secrets


def other_faces(state: State) -> State:
    """The same state with every programmed face changed (who has chosen stays the same)."""
    changed = json.loads(json.dumps(state))
    changed["programmed"] = [None if f is None else f % 6 + 1 for f in state["programmed"]]
    return changed


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(3, 5))
def test_no_refusal_tells_a_programmed_die(seed: int, players: int) -> None:
    """« Dans cette variante, les joueurs vont programmer secrètement la ligne ou colonne dans laquelle
    ils souhaitent prendre une carte. »: until « Ensemble, les joueurs révèlent la face choisie », no
    refusal depends on a programmed face (so none can tell it, whatever the wording)."""
    rng = random.Random(seed)
    state = new(players, programming=True)
    for seat in rng.sample(range(players), rng.randint(1, players)):
        state = do(state, {"type": "program", "seat": seat, "face": rng.randint(1, 6)})
    assert GAME.secrets(state)
    said = [(e.get("fr"), e.get("en")) for e in refusals(state)]
    assert said and said == [(e.get("fr"), e.get("en")) for e in refusals(other_faces(state))]


def test_no_refusal_tells_a_programmed_die_in_random_matches() -> None:
    """The same in random matches with the variant: each state where a face is secret."""
    checked = 0
    for seed in range(40):
        for state in random_states(seed, players=3 + seed % 3):
            if GAME.secrets(state) and checked < 30:
                said = [(e.get("fr"), e.get("en")) for e in refusals(state)]
                assert said == [(e.get("fr"), e.get("en")) for e in refusals(other_faces(state))]
                checked += 1
    assert checked >= 10


# --------------------------------------------------------------------------- impossible inputs


def full(cards: int, card: str = "lac") -> list[list[str | None]]:
    """A painting of ``cards`` cards in rows of 20 (all connected)."""
    rows = [[card] * 20 for _ in range(cards // 20)]
    if cards % 20:
        rows.append([card] * (cards % 20) + [None] * (20 - cards % 20) if rows else [card] * (cards % 20))
    return rows


@pytest.mark.parametrize(("players", "length"), [(n, length) for n in range(1, 6) for length in ("short", "long")])
def test_a_painting_holds_at_most_what_the_length_deals(players: int, length: str) -> None:
    """« La partie se joue en 12 tours et chaque joueur reçoit 2 cartes « touche finale » » (and the other
    lengths): a player lays one card a turn (two at 2 players) and the final touch, no more. A painting
    of 400 cards or of 99 houses is refused."""
    most = cards_dealt(players, length)
    state = do(new(players, length=length), {"type": "to_scoring"})
    state = do(state, {"type": "painting", "seat": 0, "painting": random_painting(random.Random(1), most)})
    for painting in (random_painting(random.Random(2), most + 1), full(400), full(99, "maison:3")):
        with pytest.raises(IllegalEvent, match=f"but a player lays at most {most} in this game"):
            do(state, {"type": "painting", "seat": players - 1, "painting": painting})
    # « Au moment de récupérer une carte, un joueur peut tacher son tableau. »: one stain per card taken.
    stains = stains_possible(players, length)
    do(state, {"type": "painting", "seat": 0, "painting": [["lac"]], "stains": stains})
    with pytest.raises(IllegalEvent, match=f"stains: must be at most {stains}, got {stains + 1}"):
        do(state, {"type": "painting", "seat": 0, "painting": [["lac"]], "stains": stains + 1})
    stain_field = [f for a in GAME.actions(state, 0) if a.type == "painting" for f in a.fields if f.key == "stains"]
    assert stain_field[0].maximum == stains


def test_the_score_document_bounds_paintings_by_its_length() -> None:
    """The same bound in ``python -m scoring score apprentis``: by ``length`` when given, else by the
    longest game (« Partie longue » : « A 4 joueurs : La partie se joue en 16 tours et chaque joueur
    reçoit 1 carte qui constitue sa touche finale »: 17 cards)."""
    def doc(painting: Any, **fields: Any) -> dict[str, Any]:
        others = [{"name": n, "painting": [["lac"]]} for n in NAMES[1:4]]
        return {"players": [{"name": "Ana", "painting": painting}, *others], **fields}

    assert GAME.score_input(doc(full(17))).ranking
    assert GAME.score_input(doc(full(14), length="short")).ranking
    for bad, fields in ((full(18), {}), (full(15), {"length": "short"}), (full(400), {}), (full(99, "maison:3"), {})):
        with pytest.raises(InvalidScoreInput, match=r"players\[0\].painting: has \d+ cards, but a player lays at "
                                                    r"most 1[47] in this game"):
            GAME.score_input(doc(bad, **fields))
    with pytest.raises(InvalidScoreInput, match=r"players\[0\].stains: must be at most 12, got 13"):
        GAME.score_input({"players": [{"name": "Ana", "stains": 13, "painting": []}] + doc([])["players"][1:],
                          "length": "short"})
    assert GAME.score_input({"players": [{"name": "Ana", "stains": 16, "painting": []}] + doc([])["players"][1:]})


# --------------------------------------------------------------------------- readings: house rules


def test_the_character_tie_readings() -> None:
    """« Perso : Le joueur possédant le plus de personnages gagne 9 points et celui qui en possède le moins
    perd 5 points, en cas d'égalité, les joueurs marquent ou perdent les points. »: with three players and
    no character at all, the ruling gives everyone +9 and -5 (+4); the house rules give 0 or -5."""
    paintings = [[["lac"]], [["ciel"]], [["maison:2"]]]
    totals = {}
    for tie in ("both", "none", "zero"):
        state = do(new(3, perso_tie=tie), {"type": "to_scoring"})
        assert state["perso_tie"] == tie
        for seat, painting in enumerate(paintings):
            state = do(state, {"type": "painting", "seat": seat, "painting": painting})
        sheet = GAME.score(do(state, {"type": "finish"}))
        totals[tie] = [r.breakdown["perso"] for r in sorted(sheet.ranking, key=lambda r: r.seat)]
        doc = {"players": [{"name": n, "painting": p} for n, p in zip(NAMES, paintings, strict=False)]}
        if tie != "both":
            doc["perso_tie"] = tie
        assert GAME.score_input(doc).to_json() == sheet.to_json()
        assert sheet.notes and ("house rule" in sheet.notes[0].en) == (tie != "both")
    assert totals == {"both": [4, 4, 4], "none": [0, 0, 0], "zero": [-5, -5, -5]}
    # Tied at two characters each: « zero » reads as the ruling.
    three = [[["perso", "perso"]]] * 3
    doc = {"players": [{"name": n, "painting": p} for n, p in zip(NAMES, three, strict=False)], "perso_tie": "zero"}
    assert [r.breakdown["perso"] for r in GAME.score_input(doc).ranking] == [4, 4, 4]


def test_the_stain_cost_reading_can_change_the_winner() -> None:
    """« Cette action optionnelle permet d'augmenter ou diminuer la valeur de 1. Les points négatifs seront
    reportés sur le score final. »: the text gives no amount; the ruling is 1 point a stain, a house rule
    may set another. Ana (10 points, 2 stains) against Bo (9 points, none): Bo wins at 1 point a stain,
    Ana at 0."""
    doc = {"players": [{"name": "Ana", "stains": 2, "painting": [["maison:6", "maison:4"]]},
                       {"name": "Bo", "painting": [["maison:9"]]}]}
    assert GAME.score_input(doc).winners == ("Bo",)
    assert GAME.score_input({**doc, "stain_points": 0}).winners == ("Ana",)
    three = GAME.score_input({**doc, "stain_points": 3}).to_json()["ranking"]
    assert [(r["name"], r["breakdown"]["taches"]) for r in three] == [("Bo", 0), ("Ana", -6)]
    # In a match: the option is recorded with it and used by the score and the panels.
    setup = GAME.setup({"players": 2, "stain_points": 0}, random.Random(0))
    assert setup.record["options"]["stain_points"] == 0
    state = do(GAME.initial_state(setup.record, ["Ana", "Bo"]), {"type": "to_scoring"})
    state = do(state, {"type": "painting", "seat": 0, "painting": [["maison:6", "maison:4"]], "stains": 2})
    state = do(state, {"type": "painting", "seat": 1, "painting": [["maison:9"]]})
    assert GAME.score(do(state, {"type": "finish"})).winners == ("Ana",)
    options = {o.key: o for o in GAME.options}
    assert options["stain_points"].house_rule and options["perso_tie"].house_rule
    assert options["stain_points"].default == 1 and options["perso_tie"].default == "both"
    assert all(o.help and o.help.fr and o.help.en for o in options.values() if o.house_rule)


def test_the_canvas_level_is_a_set_up_option() -> None:
    """« Les configurations imposées » : « Partie courte et longue facile », « Partie courte difficile »,
    « Partie longue difficile »: the set-up names the picture to use."""
    def canvas(**options: Any) -> str:
        steps = GAME.setup({"players": 3, **options}, random.Random(0)).instructions
        return next(s.fr for s in steps if s.fr.startswith("Toile"))

    assert "« Partie courte et longue facile »" in canvas()
    assert "« Partie courte et longue facile »" in canvas(length="long")
    assert "« Partie courte difficile »" in canvas(canvas="hard")
    assert "« Partie longue difficile »" in canvas(canvas="hard", length="long")
    assert GAME.setup({"players": 3, "canvas": "hard"}, random.Random(0)).record["options"]["canvas"] == "hard"
    # In English and Italian the shape is said in their words; the French caption stays quoted, to find the picture
    # in the (French) rulebook.
    step = next(s for s in GAME.setup({"players": 3, "canvas": "hard"}, random.Random(0)).instructions
                if s.fr.startswith("Toile"))
    assert step.en.startswith("Canvas: the rulebook's imposed shape for a hard short game (its picture “Partie "
                              "courte difficile”)"), step.en
    assert step.get("it").startswith("Tela: la configurazione imposta dal regolamento per una partita corta "
                                     "difficile (la sua figura «Partie courte difficile»)"), step.get("it")


def test_tree_types_not_tree_cards() -> None:
    """« Triez les cartes arbres (A1, A2, A3, A4) » next to « Bonus de diversité en fonction du nombre de types
    d'arbres différents. 1 type : 0 / 2 types : 3 points / 3 types : 7 points / 4 types : 12 points »: A1-A4
    are read as four tree types (the notes), so a painting may hold two trees of one type."""
    doc = {"players": [{"name": "Ana", "painting": [["arbre:A1", "arbre:A1", "arbre:A2"]]}]}
    assert GAME.score_input(doc).ranking[0].breakdown["arbre"] == 3 * 2 + 3


def test_old_matches_replay_with_the_rulings() -> None:
    """A match recorded before the house rules existed (its options lack them) is scored by the rulings."""
    setup = GAME.setup({"players": 3}, random.Random(0)).record
    old = {**setup, "options": {k: v for k, v in setup["options"].items()
                                if k not in ("perso_tie", "stain_points", "canvas")}}
    state = GAME.initial_state(old, NAMES[:3])
    assert (state["perso_tie"], state["stain_points"]) == ("both", 1)
