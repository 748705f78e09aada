"""Robby Solo, second reading (issues 15, 16 and 17): the moves table, Robby Junior's pile, refusals in both
languages that never give a secret away.

Each rule test quotes the rulebook (../shared/rules/robby-solo.fr.txt).
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from scoring import HIDDEN, IllegalEvent, InvalidOptions, RulesError, event_rng, replay
from scoring.core import clone, get_path, quote, set_path
from scoring.games.robby_solo import card as card_module
from scoring.games.robby_solo import rules
from scoring.games.robby_solo.game import GAME
from scoring.games.robby_solo.rules import COLOURS, DECK_SIZE, MONEY_VALUES, bank_count, parse_card, police
from scoring.games.robby_solo.score import score_input
from scoring.games.robby_solo.setup import first_state

NAMES = ["Ada", "Bob", "Cy", "Di", "Eve", "Fay"]
Y, G, R, B, GR = "yellow", "green", "red", "blue", "grey"


def start(people: int = 3, junior: bool = False, pile: str = "top", deck: list[str] | None = None,
          first: int = 0) -> dict[str, Any]:
    opts = GAME.validate_options({"players": people, "robby_junior": junior, "junior_pile": pile})
    banks = list(COLOURS[:bank_count(people, junior)])
    record = {"options": opts, "banks": banks, "first_gentleman": first,
              "junior_deck": deck or (list(reversed(banks)) if junior else []), "deck": DECK_SIZE}
    return GAME.initial_state(record, NAMES[:people])


def play(state: dict[str, Any], *events: dict[str, Any]) -> dict[str, Any]:
    for event in events:
        state = GAME.apply(state, event)
    return state


def round_(state: dict[str, Any], cards: list[Any], declaration: tuple[str, str],
           robbed: dict[int, str]) -> dict[str, Any]:
    return play(state, {"type": "restock", **dict(zip(state["banks"], cards, strict=True))},
                {"type": "declare", "kind": declaration[0], "bank": declaration[1]},
                {"type": "reveal", **{f"bank{k}": b for k, b in robbed.items()}})


def refusal(state: dict[str, Any], event: dict[str, Any]) -> IllegalEvent:
    with pytest.raises(IllegalEvent) as err:
        GAME.apply(state, event)
    return err.value


# --------------------------------------------------------------------------- the redesign (issue 15)


def test_the_moves_table_is_the_only_dispatcher_and_says_who_sends_each_move():
    """« chaque joueur doit décider secrètement quelle banque il a l'intention de braquer » : the secret
    choice is the seat's own move; everything else is what the whole table sees, entered on its device."""
    assert not hasattr(GAME, "apply_event") and not hasattr(GAME, "_need_phase")
    assert set(GAME.moves) == {"restock", "choose", "declare", "reveal", "deck"}
    assert {k: m.by for k, m in GAME.moves.items()} == {
        "restock": "host", "choose": "seat", "declare": "host", "reveal": "host", "deck": "host"}
    assert {k: m.phases for k, m in GAME.moves.items()} == {
        "restock": ("restock",), "choose": ("declare", "confirm"), "declare": ("declare",),
        "reveal": ("confirm",), "deck": ()}
    # « toutes les cartes Braquage sur la table sont retournées » : once every screen has shown every choice,
    # an undo would make them secret (and open to change) again for people who have seen them all
    assert [k for k, m in GAME.moves.items() if not m.undoable] == ["reveal"]
    state = play(start(), {"type": "restock", Y: 1, G: 2, R: 3, B: 4})
    # a person's phone offers only their secret choice, which names its seat; the table's device the rest
    assert [(a.type, a.fields[0].key, a.fields[0].minimum, a.fields[0].maximum) for a in GAME.actions(state, 2)] \
        == [("choose", "seat", 2, 2)]
    assert GAME.apply(state, {"type": "choose", "seat": 2, "bank2": R})["chosen"] == [None, None, R]
    assert GAME.apply(state, {"type": "choose", "bank2": R})["chosen"] == [None, None, R]  # as stored before
    assert {a.type for a in GAME.actions(state, None)} == {"declare", "choose", "deck"}
    err = refusal(state, {"type": "reveal", "bank0": Y})
    assert err.get("fr") == "“reveal” n'est pas possible maintenant (étape “declare”)"


def test_robby_junior_s_name_comes_from_the_game_s_card():
    """« vous pouvez décider d'ajouter un joueur “virtuel” appelé Robby Junior »"""
    assert rules.JUNIOR_NAME == card_module.CARD.virtual_players[0] == "Robby Junior"
    assert card_module.CARD.first_seat_key == "first_gentleman"
    record = GAME.setup(GAME.validate_options({"players": 3, "robby_junior": True}), random.Random(1)).record
    assert card_module.CARD.first_seat_key in record
    assert set(card_module.CARD.hidden_setup_keys) <= set(record)
    assert GAME.initial_state(record, NAMES[:3])["names"][-1] == rules.JUNIOR_NAME


def test_panel_values_are_texts_in_both_languages_numbers_or_names():
    """« Ces cartes représentent des montants d'argent (de 1 000 à 9 000 $) ou des objets » : sums are
    written as each language writes them."""
    state = start(people=3, junior=True, deck=[R, Y, GR, G, B])
    state = round_(state, [1000, "object", 3000, 4000, 5000], ("rob", Y), {0: Y, 1: G, 2: B})
    for seat in (None, 0, 1, 2):
        for panel in GAME.panels(state, seat):
            for label, value in panel.rows:
                assert label.fr and label.en
                assert isinstance(value, (tuple, int)) or value in ("", "—") or value in state["names"] \
                    or re.fullmatch(r"\d+ s|[\w ,]+", value), value
                if isinstance(value, tuple):
                    assert " / " not in value.fr and " / " not in value.en
    own = next(p for p in GAME.panels(state, 0) if p.seat == 0)
    assert dict((label.en, value) for label, value in own.rows)["Money"] == ("1\u00a0000 $", "$1,000", "1.000 $")


# --------------------------------------------------------------------------- Robby Junior's pile (issue 17)


def test_robby_junior_s_top_card_is_public_as_every_pile_s_is():
    """« Chaque joueur place les cartes Butin obtenues pendant la partie devant lui, face visible, formant
    un paquet (de manière à ce que seule la valeur de la première carte soit visible). » Robby Junior's pile
    too: its top card shows to everyone, the cards under it to nobody."""
    state = start(people=3, junior=True, deck=[R, R, R, R, R])  # banks Y G R B GR; Junior robs red
    state = round_(state, [1000, 2000, 3000, 4000, 5000], ("rob", Y), {0: Y, 1: Y, 2: Y})
    state = round_(state, [1000, 2000, 9000, 4000, 5000], ("rob", Y), {0: Y, 1: Y, 2: Y})
    assert state["hands"][3] == [3000, 9000]
    state = round_(state, [1000, 2000, "object", 4000, 5000], ("rob", G), {0: G, 1: G, 2: G})
    assert state["hands"][3] == [3000, 9000, None] and state["police_visits"] == 0
    for seat in (None, 0, 1, 2, 3):
        view = GAME.view(state, seat)
        assert view["hands"][3] == [HIDDEN, HIDDEN, None], seat  # the top card: an object
        assert view["pile_sizes"][3] == 3
    rows = {label.en: value for p in GAME.panels(state, None) for label, value in p.rows}
    assert rows["Top card of Robby Junior's pile"] == ("objet", "object", "oggetto")
    # a person's pile stays theirs (the table sees their physical pile; the app does not know its order)
    assert GAME.view(state, None)["hands"][0] == HIDDEN


def test_the_house_rule_hides_robby_junior_s_pile_and_is_kept_with_the_match():
    """« seule la valeur de la première carte soit visible » : the other reading (his pile exists only in the
    app, so nobody sees any of it) is offered as a house rule; it changes what the table knows, not the score."""
    option = next(o for o in GAME.options if o.key == "junior_pile")
    assert option.house_rule and option.default == "top" and option.help is not None
    assert option.help.fr and option.help.en and option.help.fr != option.help.en
    both = {}
    for pile in ("top", "hidden"):
        opts = GAME.validate_options({"players": 3, "robby_junior": True, "junior_pile": pile})
        setup = GAME.setup(opts, random.Random(3))
        assert setup.record["options"]["junior_pile"] == pile  # recorded with the match
        text = " ".join(s.en for s in setup.instructions)
        assert ("face up" in text) == (pile == "top") and ("face down" in text) == (pile == "hidden")
        state = start(people=3, junior=True, pile=pile, deck=[R, R, R, R, R])
        state = round_(state, [1000, 2000, 3000, 4000, 5000], ("rob", Y), {0: Y, 1: Y, 2: Y})
        both[pile] = state
    assert both["top"]["hands"] == both["hidden"]["hands"]
    assert GAME.score(both["top"]) == GAME.score(both["hidden"])
    assert GAME.view(both["top"], None)["hands"][3] == [3000]
    assert GAME.view(both["hidden"], None)["hands"][3] == HIDDEN
    shown = [label.en for p in GAME.panels(both["hidden"], None) for label, _ in p.rows]
    assert "Top card of Robby Junior's pile" not in shown
    with pytest.raises(InvalidOptions, match="junior_pile"):
        GAME.validate_options({"players": 3, "junior_pile": "spread"})
    # a match recorded before the option existed replays with the rules' reading
    old = {"options": {"players": 3, "robby_junior": True}, "banks": list(COLOURS[:5]), "first_gentleman": 0,
           "junior_deck": list(COLOURS[:5]), "deck": DECK_SIZE}
    assert GAME.initial_state(old, NAMES[:3])["junior_pile"] == "top"


# --------------------------------------------------------------------------- no secret in a refusal (issue 16)


def test_a_wrong_declaration_after_a_secret_choice_says_only_that_it_does_not_match():
    """« La déclaration doit être véridique et donc cohérente avec la carte Braquage placée sur la table. »
    The Gentleman chose purple in secret on his phone; a declaration typed on the table's device that does not
    match is refused without naming the bank, whichever bank was tried."""
    state = play(start(people=3), {"type": "restock", Y: 1, G: 2, R: 3, B: 4}, {"type": "choose", "bank0": B})
    texts = set()
    for kind, bank in [("rob", Y), ("rob", G), ("rob", R), ("not_rob", B)]:
        err = refusal(state, {"type": "declare", "kind": kind, "bank": bank})
        for text in (err.get("fr"), err.get("en")):
            assert "“blue”" not in text and "blue" not in text and "bleue" not in text, text
        texts.add((err.get("fr"), err.get("en")))
    assert texts == {("la déclaration doit être vraie : elle ne correspond pas à la carte Braquage choisie en "
                      "secret par Ada",
                      "the declaration must be true: it does not match the heist card Ada chose in secret")}
    assert GAME.apply(state, {"type": "declare", "kind": "not_rob", "bank": Y})["phase"] == "confirm"


def test_a_declaration_typed_at_the_reveal_may_be_quoted_it_is_no_secret():
    """« 2. Indiquer une banque qu'il ou elle ne braquera pas. » The bank typed for the Gentleman at the reveal
    is the table's own entry: the refusal quotes it."""
    state = play(start(), {"type": "restock", Y: 1, G: 2, R: 3, B: 4}, {"type": "declare", "kind": "not_rob",
                                                                        "bank": R})
    err = refusal(state, {"type": "reveal", "bank0": R, "bank1": Y, "bank2": G})
    assert "got “red” for Ada" in err.get("en") and "reçu “red” pour Ada" in err.get("fr")
    assert "Ada : \u00ab Je ne braquerai pas la banque rouge. \u00bb" in err.get("fr")


def _secret_variants(state: dict[str, Any], rng: random.Random) -> Iterator[dict[str, Any]]:
    """States that differ from ``state`` only in what some seat may not see (same public part)."""
    for _ in range(3):
        other = clone(state)
        for secret in GAME.secrets(state):
            value = get_path(state, secret.path)
            if isinstance(value, str):  # a bank chosen in secret
                value = rng.choice([b for b in state["banks"] if b != value] or [value])
            elif secret.path == ("junior_deck",):
                value = rng.sample(value, len(value))
            elif isinstance(value, list):  # a pile: other cards, as many
                value = [rng.choice([None, *MONEY_VALUES]) for _ in value]
            else:  # one card under Robby Junior's top card
                value = rng.choice([None, *MONEY_VALUES])
            set_path(other, secret.path, value)
        yield other


def _bad_events(state: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    banks, people = state["banks"], state["people"]
    every = {f"bank{k}": rng.choice(banks) for k in range(len(state["names"]))}
    return [
        *({"type": "declare", "kind": kind, "bank": b} for kind in ("rob", "not_rob") for b in banks),
        {"type": "declare", "kind": "maybe", "bank": banks[0]}, {"type": "declare", "kind": "rob", "bank": "pink"},
        *({"type": "choose", f"bank{k}": rng.choice(banks)} for k in range(people)),
        {"type": "choose", "bank0": banks[0], "bank1": banks[1]}, {"type": "choose", "bank9": banks[0]},
        {"type": "choose", "seat": 1, "bank0": banks[0]}, {"type": "choose", "seat": 9, "bank0": banks[0]},
        {"type": "reveal", **every}, {"type": "reveal", **{k: v for k, v in every.items() if k != "bank1"}},
        {"type": "reveal", **{k: v for k, v in every.items() if int(k[4:]) < people}},
        {"type": "reveal"}, {"type": "reveal", "bank0": "nowhere"},
        {"type": "restock", **{c: "3500" for c in banks}}, {"type": "restock", **{c: 1 for c in banks}},
        {"type": "deck", "count": 99}, {"type": "deck", "count": "ten"}, {"type": "steal"},
    ]


def _refusals(seed: int) -> Iterator[tuple[dict[str, Any], dict[str, Any], RulesError]]:
    """Every refusal met along a random match: (state, event, error)."""
    rng = random.Random(seed)
    people = rng.randint(3, 6)
    opts = GAME.validate_options({"players": people, "robby_junior": people < 6 and rng.random() < 0.7,
                                  "junior_pile": rng.choice(["top", "hidden"])})
    state = GAME.initial_state(GAME.setup(opts, random.Random(seed)).record, NAMES[:people])
    for i in range(120):
        for event in _bad_events(state, rng):
            try:
                GAME.apply(state, event)
            except IllegalEvent as err:
                yield state, event, err
        action = GAME.sample_action(state, rng)
        if action is None:
            return
        state = GAME.apply(state, GAME.prepare(state, action, event_rng(seed, i)))


@pytest.mark.parametrize("seed", range(12))
def test_no_refusal_depends_on_or_quotes_a_secret(seed: int):
    """« chaque joueur doit décider secrètement quelle banque il a l'intention de braquer en plaçant devant
    lui, face cachée, l'une de ses cartes Braquage » : a refusal met on random states reads the same whatever
    the secrets are (the banks chosen in secret, Robby Junior's deck, the piles), and quotes none of them."""
    rng = random.Random(seed)
    met = 0
    for state, event, err in _refusals(seed):
        met += 1
        texts = (err.get("fr"), err.get("en"))
        typed = {v for v in event.values() if isinstance(v, str)}
        for secret in GAME.secrets(state):
            value = get_path(state, secret.path)
            if isinstance(value, str) and value not in typed:
                assert all(quote(value) not in t for t in texts), (event, secret, texts)
            if isinstance(value, list) and len(value) > 1:
                assert all(quote(value) not in t for t in texts), (event, secret, texts)
        for other in _secret_variants(state, rng):
            try:
                GAME.apply(other, event)
            except IllegalEvent as again:
                assert (again.get("fr"), again.get("en")) == texts, (event, texts)
    assert met > 30


# --------------------------------------------------------------------------- every refusal bilingual (issue 17)


def _state_in(phase: str, junior: bool = False) -> dict[str, Any]:
    state = start(people=3, junior=junior)
    if phase in ("declare", "confirm"):
        state = play(state, {"type": "restock", **{c: 1 for c in state["banks"]}})
    if phase == "confirm":
        state = play(state, {"type": "choose", "bank1": Y}, {"type": "declare", "kind": "rob", "bank": Y})
    return state


def _raises(call: Callable[[], Any]) -> RulesError:
    with pytest.raises(RulesError) as err:
        call()
    return err.value


#: one call for every ``raise`` of the game (grep -n raise scoring/games/robby_solo), named by its cause
REFUSALS: dict[str, Callable[[], Any]] = {
    "loot card": lambda: parse_card("3500", "red"),
    "hands": lambda: police([[1500]], 1),
    "police visits": lambda: police([[1000]], -1),
    "objects": lambda: rules.object_value(-1),
    "junior six": lambda: GAME.validate_options({"players": 6, "robby_junior": True}),
    "banks chosen": lambda: GAME.validate_options({"players": 3, "banks": "chosen", "bank_red": True}),
    "names": lambda: first_state({"options": GAME.validate_options({"players": 3}), "banks": list(COLOURS[:4]),
                                  "first_gentleman": 0}, NAMES[:2]),
    "bank": lambda: GAME.apply(_state_in("declare"), {"type": "declare", "kind": "rob", "bank": "pink"}),
    "short deck": lambda: GAME.apply({**_state_in("restock"), "deck": 2}, {"type": "restock", Y: 1, G: 1, R: 1,
                                                                          B: 1}),
    "secret declaration": lambda: GAME.apply(GAME.apply(_state_in("declare"), {"type": "choose", "bank0": R}),
                                             {"type": "declare", "kind": "rob", "bank": Y}),
    "typed declaration": lambda: GAME.apply(GAME.apply(_state_in("declare"), {"type": "declare",
                                                                              "kind": "not_rob", "bank": R}),
                                            {"type": "reveal", "bank0": R, "bank1": Y, "bank2": G}),
    "kind": lambda: GAME.apply(_state_in("declare"), {"type": "declare", "kind": "maybe", "bank": Y}),
    "junior's card": lambda: GAME.apply(_state_in("confirm", junior=True), {"type": "reveal", "bank2": G,
                                                                             "bank3": R}),
    "no such player": lambda: GAME.apply(_state_in("confirm"), {"type": "reveal", "bank2": G, "bank5": R}),
    "one choice": lambda: GAME.apply(_state_in("declare"), {"type": "choose", "bank0": Y, "bank1": G}),
    "other seat": lambda: GAME.apply(_state_in("declare"), {"type": "choose", "seat": 2, "bank1": G}),
    "gentleman final": lambda: GAME.apply(_state_in("confirm"), {"type": "choose", "bank0": G}),
    "chosen in secret": lambda: GAME.apply(_state_in("confirm"), {"type": "reveal", "bank1": G, "bank2": R}),
    "missing": lambda: GAME.apply(_state_in("confirm"), {"type": "reveal"}),
    "deck count": lambda: GAME.apply(_state_in("restock"), {"type": "deck", "count": 62}),
    "score: input": lambda: score_input([]),
    "score: field": lambda: score_input({"players": [], "x": 1}),
    "score: players": lambda: score_input({"players": "x"}),
    "score: how many": lambda: score_input({"players": []}),
    "score: player": lambda: score_input({"players": [3]}),
    "score: player field": lambda: score_input({"players": [{"name": "A", "gold": 1}]}),
    "score: name": lambda: score_input({"players": [{"name": " "}]}),
    "score: same name": lambda: score_input({"players": [{"name": "A"}, {"name": "A"}]}),
    "score: money list": lambda: score_input({"players": [{"name": "A", "money": 3}]}),
    "score: money length": lambda: score_input({"players": [{"name": "A", "money": [1000] * 62}]}),
    "score: money card": lambda: score_input({"players": [{"name": "A", "money": [1500]}]}),
    "score: objects": lambda: score_input({"players": [{"name": "A", "objects": 62}]}),
    "score: box": lambda: score_input({"players": [{"name": "A", "objects": 40}, {"name": "B", "objects": 30}]}),
}
#: words both languages share (names, and the fields' names as the events and documents spell them)
SHARED = {"robby", "junior", "kind", "rob", "not_rob", "count", "players", "name", "money", "objects", "input",
          "bank", "banks", "names", "hands", "seat", "none", "secret", "change", "non", *COLOURS,
          *(n.lower() for n in NAMES)}
#: a value quoted by the error (``quote``: between typographic quotes), or a text the message itself puts between
#: apostrophes (one that follows no letter)
QUOTED = re.compile(r"“[^”]*”|(?<![A-Za-zÀ-ÿ])'[^'\s]*'")


def english_words(text: str) -> set[str]:
    text = re.sub(r"“[^”]*”|'[^']*'|\S*[\[\]_.=<>\d]\S*", " ", text)  # quoted values, fields, numbers
    return {w.lower() for w in re.findall(r"[A-Za-z]{3,}", text)}


def test_every_refusal_of_the_engine_is_raised_by_the_table():
    """The table above covers every ``raise`` of the game's folder."""
    import pathlib

    folder = pathlib.Path(rules.__file__).parent
    raises = sum(p.read_text(encoding="utf-8").count("raise ") for p in folder.glob("*.py"))
    # rules 2, setup 3, moves 12, score 12, and __init__'s AttributeError for a name it does not have (the
    # whole-number checks raise through scoring.core.fields: "police visits", "objects", "deck count"...)
    assert raises == 30 and len(REFUSALS) >= raises - 1


@pytest.mark.parametrize("cause", list(REFUSALS))
def test_every_refusal_reads_in_french_and_in_english(cause: str):
    """« Le Gentilhomme (ou la Dame) doit faire une déclaration publique » : the table reads French, so every
    refusal has a French text with the same precision as the English one, and no English in it."""
    err = _raises(REFUSALS[cause])
    fr, en = err.get("fr"), err.get("en")
    assert fr and en and fr != en and str(err) == en
    # the same values quoted, the same numbers, in the same order
    assert QUOTED.findall(fr) == QUOTED.findall(en) and re.findall(r"\d+", fr) == re.findall(r"\d+", en), (fr, en)
    leaked = (english_words(en) - SHARED) & set(re.findall(r"[a-zà-ÿ]{3,}", fr.lower()))
    assert not leaked, (leaked, fr)
    assert " : " in fr or fr.startswith(("la ", "un ")), fr  # French typography: a space before the colon


def test_the_command_line_refuses_in_french():
    """« Le joueur avec le total le plus élevé gagne la partie. » : the scorer's refusals in the table's
    language."""
    doc = json.dumps({"players": [{"name": "A", "money": [1500]}]})
    out = subprocess.run([sys.executable, "-m", "scoring", "score", "robby-solo", "--lang", "fr"], input=doc,
                         capture_output=True, text=True)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.strip() == ("players[0].money[0] : une carte d'argent vaut 1000 à 9000 en milliers ronds, "
                                  "reçu 1500")


def test_a_stored_match_replays_the_same():
    """« Le jeu se déroule en une série de tours. » : events stored before the redesign (digits, dollars,
    'object') replay to the same state."""
    record = {"options": {"players": 3, "robby_junior": False, "banks": "random", "declaration_timer": False,
                          "declaration_seconds": 30}, "banks": [Y, G, R, B], "first_gentleman": 1,
              "junior_deck": [], "deck": DECK_SIZE}
    events = [{"type": "restock", Y: "3000", G: "object", R: 9000, B: 2},
              {"type": "choose", "bank0": R}, {"type": "declare", "kind": "rob", "bank": G},
              {"type": "reveal", "bank2": R}]
    state = replay(GAME, record, NAMES[:3], events)
    assert state["hands"] == [[], [None], []] and state["loot"] == {Y: [3000], G: [], R: [9000], B: [2000]}


# --------------------------------------------------------------------------- can Robby Junior win? (issue 17)


def test_robby_junior_wins_with_the_biggest_loot_unless_the_house_rule_says_otherwise():
    """« Le joueur avec le total le plus élevé gagne la partie. » Robby Junior is « un joueur “virtuel” » who
    « participera à chaque tour » : by the rules' reading he wins with the biggest loot (and nobody at the table
    does); the house rule gives the victory to the best person. Both readings played on one match."""
    option = next(o for o in GAME.options if o.key == "junior_can_win")
    assert option.house_rule and option.default is True and option.help is not None and option.help.fr
    sheets = {}
    for can_win in (True, False):
        opts = GAME.validate_options({"players": 3, "robby_junior": True, "junior_can_win": can_win})
        assert GAME.setup(opts, random.Random(1)).record["options"]["junior_can_win"] is can_win
        record = {"options": opts, "banks": list(COLOURS[:5]), "first_gentleman": 0,
                  "junior_deck": [R, R, R, R, R], "deck": DECK_SIZE}
        state = GAME.initial_state(record, NAMES[:3])
        state = round_(state, [1000, 2000, 9000, 4000, 5000], ("rob", Y), {0: Y, 1: G, 2: B})
        state = GAME.apply(state, {"type": "deck", "count": 0})
        sheets[can_win] = GAME.score(state)
    ruled, house = sheets[True], sheets[False]
    assert [(r.name, r.total, r.rank) for r in ruled.ranking] == [(r.name, r.total, r.rank) for r in house.ranking]
    assert ruled.ranking[0].name == "Robby Junior" and ruled.winners == ("Robby Junior",)
    assert house.winners == ("Cy",)  # Cy took the blue bank's 4 000, Bob the green 2 000, Ada the yellow 1 000
    assert any("cannot win" in n.en and "ne gagne pas" in n.fr for n in house.notes)


def test_the_score_document_carries_the_house_rule():
    """« Le joueur avec le total le plus élevé gagne la partie. » : the command line's document says which
    reading to score (the rules' by default); Robby Junior is the player the game's card names."""
    players = [{"name": "Sam", "money": [9000, 9000]}, {"name": "Léa", "money": [9000, 9000]},
               {"name": "Robby Junior", "money": [9000, 9000, 1000]}]
    assert score_input({"players": players}).winners == ("Robby Junior",)
    shared = score_input({"players": players, "junior_can_win": False})
    assert shared.winners == ("Sam", "Léa") and any("shared" in n.en for n in shared.notes)
    out = subprocess.run([sys.executable, "-m", "scoring", "score", "robby-solo"],
                         input=json.dumps({"players": players, "junior_can_win": False}), capture_output=True,
                         text=True)
    assert out.returncode == 0 and json.loads(out.stdout)["winners"] == ["Sam", "Léa"]
    err = _raises(lambda: score_input({"players": players, "junior_can_win": "no"}))
    assert err.get("en") == "junior_can_win: must be true or false, got “no”"
    assert err.get("fr") == "junior_can_win : doit être vrai ou faux, reçu “no”"
