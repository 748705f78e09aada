"""Les apprentis: set-up, the turn helper, the programming variant, the match and the CLI.

Rules are quoted from ``les-apprentis.fr.txt``; rulings are in docs/rules-notes.md.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import find_game
from scoring.core import HIDDEN, IllegalEvent, InvalidOptions, State, event_rng, replay
from scoring.games.apprentis.game import GAME
from scoring.games.apprentis.rules import draft_order, take_order

NAMES = ["Ana", "Bo", "Cy", "Dé", "Eli"]


def new(players: int = 3, **options: Any) -> State:
    setup = GAME.setup({"players": players, **options}, random.Random(0))
    return GAME.initial_state(setup.record, NAMES[:players])


def do(state: State, action: Mapping[str, Any], seed: int = 0) -> State:
    return GAME.apply(state, GAME.prepare(state, action, random.Random(seed)))


def rolled(state: State, dice: list[int]) -> State:
    """Apply a roll with chosen dice (as if recorded by prepare)."""
    return GAME.apply(state, {"type": "roll", "dice": dice})


def written(value: Any) -> str:
    """A panel value as both languages write it (a text, a number or a name)."""
    return f"{value.fr} {value.en}" if isinstance(value, tuple) else str(value)


def play_turn(state: State) -> State:
    """Roll, pick the first die each time, take the default card, refill."""
    state = do(state, {"type": "roll"}, seed=state["turn"])
    while state["phase"] == "draft":
        state = do(state, {"type": "pick", "die": state["pool"][0]})
    while state["phase"] == "take":
        state = do(state, {"type": "take"})
    if state["phase"] == "refill":
        state = do(state, {"type": "refill"})
    return state


# --------------------------------------------------------------------------- set-up


@pytest.mark.parametrize(("players", "length", "turns", "final_touch"), [
    (1, "short", 12, 2), (2, "short", 6, 2), (3, "short", 12, 2), (4, "short", 12, 2), (5, "short", 10, 2),
    (1, "long", 15, 1), (2, "long", 8, 1), (3, "long", 15, 1), (4, "long", 16, 1), (5, "long", 15, 1),
])
def test_game_length(players: int, length: str, turns: int, final_touch: int) -> None:
    """« 1, 3, 4 joueurs : La partie se joue en 12 tours et chaque joueur reçoit 2 cartes « touche
    finale » », « 2 joueurs : La partie se joue en 6 tours », « 5 joueurs : La partie se joue en 10 tours »;
    long: « 1, 3 et 5 joueurs : La partie se joue en 15 tours et chaque joueur reçoit 1 carte », « A 2
    joueurs : La partie se joue en 8 tours », « A 4 joueurs : La partie se joue en 16 tours »."""
    record = GAME.setup({"players": players, "length": length}, random.Random(1)).record
    assert (record["turns"], record["final_touch"]) == (turns, final_touch)
    assert record["cards_per_turn"] == (2 if players == 2 else 1)
    assert record["options"]["length"] == length
    # « les configurations permettent à chaque joueur d'être premier joueur le même nombre de fois »
    assert turns % players == 0


def test_market_crossings() -> None:
    """« Pour 1 et 3 joueurs [...] Disposez 1 carte aux intersections suivantes : 1-5; 1-6; 2-4; 2-6;
    3-4; 3-5 (total : 6) » and « Pour 2, 4 et 5 joueurs » : « Disposez 1 carte à toutes les intersections »"""
    for n in (1, 3):
        record = GAME.setup({"players": n}, random.Random(0)).record
        assert sorted(record["market"]) == ["1-5", "1-6", "2-4", "2-6", "3-4", "3-5"]
    for n in (2, 4, 5):
        assert len(GAME.setup({"players": n}, random.Random(0)).record["market"]) == 9


def test_trees_removed_at_one_and_three_players() -> None:
    """« Si vous jouez à 1, 2 ou 3 joueurs, Triez les cartes arbres (A1, A2, A3, A4) et mettez-les dans
    la boîte, elles ne seront pas jouées dans la configuration 1 et 3 joueurs. » (ruling: kept at 2)"""
    trees = {n: GAME.setup({"players": n}, random.Random(0)).record["trees"] for n in range(1, 6)}
    assert trees == {1: False, 2: True, 3: False, 4: True, 5: True}
    steps = [t.fr for t in GAME.setup({"players": 3}, random.Random(0)).instructions]
    assert any("arbres" in s and "boîte" in s for s in steps)
    steps = [t.en for t in GAME.setup({"players": 2}, random.Random(0)).instructions]
    assert any("tree cards stay in play" in s for s in steps)
    # The painting form offers no trees when they are out of the game.
    painting = [a for a in GAME.actions(GAME.apply(new(3), {"type": "to_scoring"}), None)
                if a.type == "painting"][0]
    palette = [c for c, _ in next(f for f in painting.fields if f.kind == "painting").choices]
    assert "arbre:A1" not in palette and "maison" in palette


def test_dice_kept() -> None:
    """« Conservez 1 dé par joueur (4 dés si vous jouez à 2, 2 dés si vous jouez à 1) »"""
    dice = [GAME.setup({"players": n}, random.Random(0)).record["dice"] for n in range(1, 6)]
    assert dice == [2, 4, 3, 4, 5]
    for n in range(1, 6):
        state = do(new(n), {"type": "roll"})
        assert len(state["rolled"]) == [2, 4, 3, 4, 5][n - 1]
        assert all(1 <= d <= 6 for d in state["rolled"])


def test_first_player_and_token_passing_left() -> None:
    """« Le dernier joueur à avoir peint (un tableau un mur...) est désigné premier joueur » and « le jeton
    premier joueur est transmis à la gauche du joueur qui avait le jeton de sorte qu'à chaque tour, le
    premier joueur est différent du tour précédent. »"""
    state = new(3, first_player=2)
    assert state["first"] == 2
    firsts = []
    for _ in range(4):
        firsts.append(state["first"])
        state = play_turn(state)
    assert firsts == [2, 0, 1, 2]
    assert new(4)["first"] == 0                       # default: seat 0
    assert play_turn(new(1))["first"] == 0


def test_bad_options() -> None:
    with pytest.raises(InvalidOptions, match="programming"):
        GAME.validate_options({"players": 2, "programming": True})
    with pytest.raises(InvalidOptions, match="first_player: a 3-player game has no seat 4") as refused:
        GAME.validate_options({"players": 3, "first_player": 3})  # seat index 3: the fourth seat, counted from 1
    assert refused.value.get("fr") == "first_player : une partie à 3 joueurs n'a pas de place 4"
    with pytest.raises(InvalidOptions, match="players: 6"):
        GAME.validate_options({"players": 6})
    with pytest.raises(InvalidOptions, match="players: 0"):
        GAME.validate_options({"players": 0})
    with pytest.raises(InvalidOptions, match="length: “medium”"):
        GAME.validate_options({"length": "medium"})
    setup = GAME.setup({"players": 3}, random.Random(0))
    with pytest.raises(InvalidOptions, match="needs 3 names"):
        GAME.initial_state(setup.record, ["Ana"])


def test_declaration() -> None:
    assert find_game("apprentis") is GAME
    assert (GAME.min_players, GAME.max_players) == (1, 5)
    players = next(o for o in GAME.options if o.key == "players")
    assert (players.minimum, players.maximum) == (1, 5)
    setup = GAME.setup({"players": 4, "length": "long"}, random.Random(0))
    json.dumps(setup.record)
    assert setup.record["options"] == GAME.validate_options({"players": 4, "length": "long"})
    assert all(t.fr and t.en for t in setup.instructions)


# --------------------------------------------------------------------------- dice


def test_draft_three_to_five_players() -> None:
    """« Le premier joueur va lancer autant de dés qu'il y a de joueurs. Il en choisit un et passe le
    reste des dés au joueur à sa gauche. Ce dernier choisit parmi les dés restants et passe à son voisin
    de gauche. »"""
    assert draft_order(5, 3) == [3, 4, 0, 1, 2]
    state = rolled(new(3, first_player=1), [2, 5, 6])
    assert state["phase"] == "draft"
    with pytest.raises(IllegalEvent, match="it is “Bo”'s pick"):
        GAME.apply(state, {"type": "pick", "seat": 0, "die": 2})
    with pytest.raises(IllegalEvent, match="no die showing 4"):
        do(state, {"type": "pick", "die": "4"})
    state = do(state, {"type": "pick", "die": "6"})
    state = do(state, {"type": "pick", "die": "2"})
    # The last player gets the last die without a tap.
    assert state["phase"] == "take"
    assert state["hands"] == [[5], [6], [2]]


def test_draft_two_players() -> None:
    """« le premier joueur lance 4 dés et en choisit un, il donne ensuite les trois dés restants au second
    joueur qui en prend deux. Le premier joueur récupère alors le quatrième et dernier dé. »"""
    state = rolled(new(2, first_player=1), [1, 3, 4, 6])
    state = do(state, {"type": "pick", "die": 6})
    assert state["draft"][state["draft_next"]] == 0
    state = do(state, {"type": "pick", "die": 1})
    state = do(state, {"type": "pick", "die": 4})
    assert state["phase"] == "take"
    assert state["hands"] == [[1, 4], [6, 3]]


def test_one_player_keeps_one_of_two_dice() -> None:
    """« 1 joueur : Le joueur lance deux dés et en choisit 1. »"""
    state = rolled(new(1), [2, 5])
    state = do(state, {"type": "pick", "die": 5})
    assert state["hands"] == [[5]] and state["phase"] == "take"


def test_identical_dice_need_no_choice() -> None:
    state = rolled(new(4), [3, 3, 3, 3])
    assert state["phase"] == "take" and state["hands"] == [[3], [3], [3], [3]]
    state = do(rolled(new(3), [1, 4, 4]), {"type": "pick", "die": 1})
    assert state["phase"] == "take" and state["hands"] == [[1], [4], [4]]


def test_roll_is_recorded_and_checked() -> None:
    state = new(3)
    event = GAME.prepare(state, {"type": "roll", "dice": [6, 6, 6]}, random.Random(5))
    rng = random.Random(5)
    assert event == {"type": "roll", "dice": [rng.randint(1, 6) for _ in range(3)]}   # not the client's
    with pytest.raises(IllegalEvent, match="3 dice are rolled"):
        GAME.apply(state, {"type": "roll", "dice": [1, 2]})
    with pytest.raises(IllegalEvent, match="got 7"):
        GAME.apply(state, {"type": "roll", "dice": [1, 2, 7]})
    assert not GAME.undoable(event)
    with pytest.raises(IllegalEvent, match="“pick” is not possible now"):
        GAME.apply(state, {"type": "pick", "seat": 0, "die": 1})


# --------------------------------------------------------------------------- taking cards


def test_take_in_the_line_of_the_die() -> None:
    """« les joueurs, en commençant par le premier joueur, vont pouvoir prendre une carte située dans la
    ligne ou la colonne du dé choisi. » and « si dé valeur 4, il peut prendre une carte située sur la
    ligne 4 »"""
    state = rolled(new(3), [2, 4, 4])
    state = do(state, {"type": "pick", "die": 2})
    assert state["hands"] == [[2], [4], [4]]
    with pytest.raises(IllegalEvent, match=r"with 2 the card comes from 2-4, 2-6, not “1-5”"):
        do(state, {"type": "take", "spot": "1-5"})
    state = do(state, {"type": "take", "spot": "2-6"})
    state = do(state, {"type": "take", "spot": "2-4"})
    with pytest.raises(IllegalEvent, match="not “2-4”"):
        do(state, {"type": "take", "spot": "2-4"})            # already taken
    state = do(state, {"type": "take"})                       # default: the first card left in row 4
    assert state["empty"] == ["2-6", "2-4", "3-4"]


def test_empty_line_allows_any_card() -> None:
    """« Si une ligne / colonne ne contient plus de carte, le joueur peut prendre n'importe quelle carte
    qui est encore disponible. »"""
    state = do(rolled(new(3), [4, 4, 4]), {"type": "take", "spot": "2-4"})
    state = do(state, {"type": "take", "spot": "3-4"})
    state = do(state, {"type": "take", "spot": "1-6"})        # row 4 is empty: anything goes
    assert state["phase"] == "refill"


def test_stains_change_the_die_and_are_counted() -> None:
    """« Au moment de récupérer une carte, un joueur peut tacher son tableau. Cette action optionnelle
    permet d'augmenter ou diminuer la valeur de 1. Les points négatifs seront reportés sur le score
    final. »"""
    state = rolled(new(3), [6, 1, 3])
    state = do(state, {"type": "pick", "die": 6})
    state = do(state, {"type": "pick", "die": 1})
    with pytest.raises(IllegalEvent, match=r"6\+1 = 7 is not a face"):
        do(state, {"type": "take", "stain": "+1"})
    state = do(state, {"type": "take", "stain": "-1", "spot": "3-5"})   # 6 - 1 = row 5
    with pytest.raises(IllegalEvent, match="1-1 = 0 is not a face"):
        do(state, {"type": "take", "stain": "-1"})
    with pytest.raises(IllegalEvent, match="stain: must be 0, \\+1 or -1, got 2"):
        do(state, {"type": "take", "stain": 2})
    state = do(state, {"type": "take", "stain": "+1", "spot": "2-4"})   # 1 + 1 = column 2
    state = do(state, {"type": "take", "stain": "0"})
    assert state["stains"] == [1, 1, 0]
    assert [t["value"] for t in state["takes"]] == [5, 2, 3]


def test_two_players_alternate_and_spend_both_dice() -> None:
    """« 2 joueurs : les joueurs vont alternativement récupérer des cartes en dépensant les dés récupérés,
    en commençant par le premier joueur. »"""
    assert take_order(2, 1) == [1, 0, 1, 0]
    state = rolled(new(2), [1, 3, 4, 6])
    for die in (1, 3, 4):
        state = do(state, {"type": "pick", "die": die})
    assert state["hands"] == [[1, 6], [3, 4]]
    take = [a for a in GAME.actions(state, None) if a.type == "take"][0]
    assert take.seat == 0 and [c for c, _ in take.fields[0].choices] == ["1", "6"]
    with pytest.raises(IllegalEvent, match="has no die showing 3"):
        do(state, {"type": "take", "die": 3})
    state = do(state, {"type": "take", "die": "6"})
    state = do(state, {"type": "take", "die": "4"})
    state = do(state, {"type": "take"})
    state = do(state, {"type": "take"})
    assert [t["seat"] for t in state["takes"]] == [0, 1, 0, 1]
    assert [t["die"] for t in state["takes"]] == [6, 4, 1, 3]
    assert state["phase"] == "refill"


# --------------------------------------------------------------------------- the market


def test_refill_order() -> None:
    """« L'ordre se fait d'abord sur la ligne du haut, de gauche à droite, puis sur la ligne du milieu et
    enfin la ligne du bas. »"""
    state = rolled(new(5), [6, 3, 4, 1, 5])
    for die in (6, 3, 4, 1):
        state = do(state, {"type": "pick", "die": die})
    for _ in range(5):
        state = do(state, {"type": "take"})
    assert state["empty"] == ["1-6", "3-4", "1-4", "1-5", "2-5"]
    market = [p for p in GAME.panels(state, None) if p.title.en == "Market"][0]
    assert dict((k.en, v) for k, v in market.rows)["Fill, in order"] == "1-4  3-4  1-5  2-5  1-6"


def test_lightning_once_per_refill() -> None:
    """« Au moment où une carte avec ce logo est piochée, toutes les cartes dans la ligne et la colonne de
    la carte avec ce logo sont défaussées et de nouvelles sont mises à la place. Cet événement n'a lieu
    qu'une fois lors de cette phase, si une deuxième carte avec le logo apparaît, elle n'est pas
    appliquée. »"""
    state = rolled(new(3), [4, 4, 4])
    for _ in range(3):
        state = do(state, {"type": "take", "spot": available_first(state)})
    assert state["empty"] == ["2-4", "3-4", "1-5"]
    with pytest.raises(IllegalEvent, match="being refilled"):
        do(state, {"type": "lightning", "spot": "2-6"})
    state = do(state, {"type": "lightning", "spot": "1-5"})
    market = [p for p in GAME.panels(state, None) if p.title.en == "Market"][0]
    # Column 1 (1-5, 1-6) and row 5 (1-5, 3-5) join the spots taken this turn.
    assert dict((k.en, v) for k, v in market.rows)["Fill, in order"] == "2-4  3-4  1-5  3-5  1-6"
    assert "discard row 5 and column 1" in market.note.en if market.note else False
    assert "lightning" not in {a.type for a in GAME.actions(state, None)}
    with pytest.raises(IllegalEvent, match="once per refill"):
        do(state, {"type": "lightning", "spot": "2-4"})
    state = do(state, {"type": "refill"})
    assert state["lightning"] is None and state["empty"] == [] and state["turn"] == 2


def available_first(state: State) -> str:
    from scoring.games.apprentis.rules import allowed_spots
    hand = state["hands"][state["take_order"][len(state["takes"])]]
    return allowed_spots(state, hand[0])[0]


def test_no_refill_after_the_last_turn() -> None:
    """« Lorsque le nombre de tours est atteint, les joueurs placent leurs cartes « touche finale » et
    comptent alors le nombre de points obtenu pour chaque type de carte. »"""
    state = new(3)
    rolls = 0
    while state["phase"] != "final":
        state = play_turn(state)
        rolls += 1
    assert rolls == 12 and state["turn"] == 12
    state = new(2, length="long")
    while state["phase"] != "final":
        state = play_turn(state)
    assert state["turn"] == 8


# --------------------------------------------------------------------------- programming variant


def test_programming_variant_is_secret_until_everyone_has_chosen() -> None:
    """« Dans cette variante, les joueurs vont programmer secrètement la ligne ou colonne dans laquelle ils
    souhaitent prendre une carte. » — « Chaque joueur cache son dé avec sa main en mettant la face
    souhaitée vers le haut. » — « Ensemble, les joueurs révèlent la face choisie »"""
    state = new(3, programming=True, first_player=2)
    assert state["phase"] == "program"
    acts = GAME.actions(state, None)
    programs = [a for a in acts if a.type == "program"]
    assert [(a.seat, a.private) for a in programs] == [(0, True), (1, True), (2, True)]
    assert "reveal" not in {a.type for a in acts}
    state = do(state, {"type": "program", "seat": 0, "face": "5"})
    state = do(state, {"type": "program", "seat": 1, "face": 2})
    for seat in (None, 1, 2):
        assert GAME.view(state, seat)["programmed"][0] == HIDDEN
    assert GAME.view(state, 0)["programmed"][0] == 5
    assert GAME.view(state, 0)["programmed"][1] == HIDDEN
    assert GAME.view(state, None)["programmed"][2] is None          # who has chosen is public
    mine = [p for p in GAME.panels(state, 0) if p.seat == 0]
    assert mine and mine[0].rows[0][1] == 5
    assert not [p for p in GAME.panels(state, 1) if p.seat is not None and p.seat != 1]
    assert all("5" not in written(v) for p in GAME.panels(state, None) for _, v in p.rows
               if p.title.en != "Turn")
    with pytest.raises(IllegalEvent, match="still waiting for Cy"):
        do(state, {"type": "reveal"})
    state = do(state, {"type": "program", "face": 5})             # the only seat left: Cy
    assert [a.type for a in GAME.actions(state, None)][0] == "reveal"
    event = GAME.prepare(state, {"type": "reveal"}, random.Random(0))
    assert not GAME.undoable(event)
    assert GAME.undoable({"type": "program", "seat": 0, "face": 1})
    state = GAME.apply(state, event)
    assert GAME.secrets(state) == []
    assert state["phase"] == "take" and state["hands"] == [[5], [2], [5]]
    # « Le premier joueur prend une carte dans la ligne / colonne choisie (toujours possibilité de tacher
    # le tableau) » — « C'est au tour du voisin de gauche et ainsi de suite. »
    state = do(state, {"type": "take", "stain": "-1"})
    assert state["takes"][0]["seat"] == 2 and state["takes"][0]["value"] == 4
    assert [t for t in take_order(3, 2)] == [2, 0, 1]


def test_programming_only_three_to_five_and_for_the_last_turns() -> None:
    """« Petite variante "avancée" pour corser légèrement le jeu pour 3 à 5 joueurs uniquement. » and
    « Cette variante peut également s'intégrer dans les derniers tours d'une partie classique. »"""
    with pytest.raises(IllegalEvent, match="3 to 5 players"):
        do(new(2), {"type": "programming"})
    state = play_turn(new(4))
    assert "programming" in {a.type for a in GAME.actions(state, None)}
    state = do(state, {"type": "programming"})
    assert state["phase"] == "program" and state["programming"]
    for seat in range(4):
        state = do(state, {"type": "program", "seat": seat, "face": 6})
    state = do(do(state, {"type": "reveal"}), {"type": "take"})
    while state["phase"] == "take":
        state = do(state, {"type": "take"})
    state = do(state, {"type": "refill"})
    assert state["phase"] == "program"                           # stays on for the rest of the game


def test_skipping_to_the_scoring_forgets_unrevealed_dice() -> None:
    state = do(new(3, programming=True), {"type": "program", "seat": 1, "face": 3})
    state = do(state, {"type": "to_scoring"})
    assert state["phase"] == "final" and state["programmed"] == [None, None, None]
    assert GAME.secrets(state) == []


# --------------------------------------------------------------------------- paintings and the end


def test_painting_entry_and_score() -> None:
    state = do(new(3), {"type": "to_scoring"})
    acts = GAME.actions(state, None)
    assert [a.type for a in acts] == ["painting"] * 3
    assert acts[0].primary and [f.key for f in acts[0].fields] == ["seat", "painting", "stains"]
    with pytest.raises(IllegalEvent, match="Bo's painting breaks the placement rule"):
        do(state, {"type": "painting", "seat": 1, "painting": [["lac", None], [None, "lac"]]})
    with pytest.raises(IllegalEvent, match=r"painting\[0\]\[1\]: unknown card “lion”"):
        do(state, {"type": "painting", "seat": 1, "painting": [["lac", "lion"]]})
    with pytest.raises(IllegalEvent, match="stains: must be at least 0, got -1"):
        do(state, {"type": "painting", "seat": 1, "painting": [["lac"]], "stains": -1})
    with pytest.raises(IllegalEvent, match="seat: must be at most 2, got 3"):
        do(state, {"type": "painting", "seat": 3, "painting": [["lac"]]})
    state = do(state, {"type": "painting", "seat": 0, "painting": [["perso", "perso"]], "stains": 1})
    state = do(state, {"type": "painting", "seat": 1, "painting": [["ciel"], ["oiseau"]]})
    with pytest.raises(IllegalEvent, match="no painting entered yet for Cy"):
        do(state, {"type": "finish"})
    state = do(state, {"type": "painting", "seat": 2, "painting": [["lac", "lac"]]})
    state = do(state, {"type": "painting", "seat": 2, "painting": [["lac", "lac", "lac"]]})   # corrected
    scores = [p for p in GAME.panels(state, None) if p.title.en == "Scores"][0]
    assert dict((k.en, v) for k, v in scores.rows) == {"Ana": 8, "Cy": 4, "Bo": 2}
    state = do(state, {"type": "finish"})
    assert GAME.finished(state) and GAME.actions(state, None) == []
    assert GAME.sample_action(state, random.Random(0)) is None
    with pytest.raises(IllegalEvent, match="the match is over"):
        GAME.apply(state, {"type": "finish"})
    sheet = GAME.score(state)
    # Ana: perso 2 is the most (+9), 1 stain; Bo: ciel 3 + oiseau 4, fewest perso (-5); Cy: lac 9, -5.
    assert {r.name: r.total for r in sheet.ranking} == {"Ana": 8, "Bo": 2, "Cy": 4}
    doc = {"players": [{"name": n, "stains": s, "painting": p}
                       for n, s, p in zip(state["names"], state["stains"], state["paintings"], strict=True)]}
    assert GAME.score_input(doc) == sheet


def test_stains_default_to_the_counter() -> None:
    state = rolled(new(3), [2, 2, 2])
    state = do(state, {"type": "take", "stain": "+1"})
    state = do(state, {"type": "to_scoring"})
    painting = [a for a in GAME.actions(state, 0) if a.type == "painting"][0]
    assert [f.default for f in painting.fields if f.key == "stains"] == [1]
    state = do(state, {"type": "painting", "seat": 0, "painting": [["lac"]]})
    assert state["stains"][0] == 1


def test_seat_devices_see_their_own_forms() -> None:
    state = rolled(new(3, first_player=1), [1, 2, 3])
    assert [a.type for a in GAME.actions(state, 1)] == ["pick"]
    assert GAME.actions(state, 0) == []
    assert "to_scoring" in {a.type for a in GAME.actions(state, None)}
    state = do(state, {"type": "to_scoring"})
    assert [(a.type, a.seat) for a in GAME.actions(state, 2)] == [("painting", 2)]


def test_a_full_match_with_the_helper() -> None:
    state = new(3, length="short")
    for _ in range(12):
        state = play_turn(state)
    assert state["phase"] == "final"
    rng = random.Random(7)
    from scoring.games.apprentis.sample import random_painting
    for seat in range(3):
        state = do(state, {"type": "painting", "seat": seat, "painting": random_painting(rng, 14, False)})
    panel = [p for p in GAME.panels(state, None) if p.title.en.startswith("Paintings")][0]
    assert all(v.startswith("14 / 14") for _, v in panel.rows)
    state = do(state, {"type": "finish"})
    assert len(GAME.score(state).ranking) == 3


# --------------------------------------------------------------------------- random matches


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 5), st.sampled_from(["short", "long"]), st.booleans(), st.integers(0, 10**6))
def test_random_matches(players: int, length: str, programming: bool, seed: int) -> None:
    options = {"players": players, "length": length, "programming": programming and players >= 3,
               "first_player": seed % players}
    setup = GAME.setup(options, random.Random(seed))
    names = NAMES[:players]
    state = GAME.initial_state(setup.record, names)
    rng = random.Random(seed)
    events = []
    while (action := GAME.sample_action(state, rng)) is not None:
        assert action["type"] in {a.type for a in GAME.actions(state, None)}
        event = GAME.prepare(state, action, event_rng(seed, len(events)))
        assert json.loads(json.dumps(event)) == event
        state = GAME.apply(state, event)
        events.append(event)
        for secret in GAME.secrets(state):
            for seat in [None, *range(players)]:
                if seat != secret.owner:
                    view = GAME.view(state, seat)
                    assert view[secret.path[0]][secret.path[1]] == HIDDEN
        assert len(events) < 500
    assert GAME.finished(state)
    assert replay(GAME, setup.record, names, events) == state
    sheet = GAME.score(state)
    assert sorted(r.seat for r in sheet.ranking) == list(range(players))


# --------------------------------------------------------------------------- CLI


def run_cli(doc: Any) -> subprocess.CompletedProcess[str]:
    text = doc if isinstance(doc, str) else json.dumps(doc)
    return subprocess.run([sys.executable, "-m", "scoring", "score", "apprentis"], input=text,
                          capture_output=True, text=True, check=False)


def test_cli_scores_the_issue_example() -> None:
    out = run_cli({"players": [
        {"name": "Ana", "stains": 1,
         "painting": [["ciel", "ciel", None], ["oiseau", "maison:3", "arbre:A2"]]},
        {"name": "Bo", "painting": [["lac", "lac"], ["perso", None]]}]})
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["game"] == "apprentis" and doc["winners"] == ["Ana"]
    assert [(r["name"], r["rank"], r["total"]) for r in doc["ranking"]] == [("Ana", 1, 17), ("Bo", 2, 8)]
    assert doc["ranking"][1]["breakdown"]["lac"] == 7 and doc["ranking"][1]["breakdown"]["perso"] == 1
    assert doc["ranking"][0]["cells"]["ciel"] == [[0, 0], [0, 1]]


@pytest.mark.parametrize(("doc", "message"), [
    ({"players": [{"name": "Ana", "painting": [["lac", "lion"]]}]},
     "players[0].painting[0][1]: unknown card “lion”"),
    ({"players": [{"name": "Ana", "painting": [["lac", "lac"], ["lac"]]}]},
     "players[0].painting[1]: has 1 cells but row 0 has 2"),
    ({"players": [{"name": "Ana", "stains": -1, "painting": [["lac"]]}]},
     "players[0].stains: must be at least 0, got -1"),
    ({"players": [{"name": "Ana", "stains": "2", "painting": [["lac"]]}]},
     "players[0].stains: must be a whole number, got “2”"),
    ({"players": []}, "players: must be a list of 1 to 5 players, got 0"),
    ({"players": [{"name": f"P{i}", "painting": []} for i in range(6)]},
     "players: must be a list of 1 to 5 players, got 6"),
    ({"players": [{"name": "Ana", "painting": [["lac"]]},
                  {"name": "Bo", "painting": [["lac", None, "lac"]]}]},
     "players[1].painting: Bo's painting breaks the placement rule"),
    ({"players": [{"name": "Ana"}]}, "players[0].painting: is missing"),
    ({"players": [{"name": "", "painting": []}]}, "players[0].name: must be a non-empty text, got “”"),
    ({"players": [{"name": "A", "painting": []}, {"name": "A", "painting": []}]},
     "players[1].name: “A” is already players[0]"),
    ({"players": [{"name": "A", "stain": 1, "painting": []}]}, "players[0].stain: unknown field"),
    ({"players": [{"name": "A", "painting": []}], "turns": 3}, "turns: unknown field"),
    ({"players": ["Ana"]}, "players[0]: must be an object"),
    ([1], "input: must be an object with 'players'"),
    ("{not json", "input: not valid JSON"),
])
def test_cli_rejects_bad_input(doc: Any, message: str) -> None:
    out = run_cli(doc)
    assert out.returncode == 2
    assert out.stdout == ""
    lines = out.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(message), lines
