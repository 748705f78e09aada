"""Les apprentis (Denis Bauquier), 1 to 5 players: set-up, turn helper and painting scorer.

The app rolls and orders the dice, counts the stains, tells the market refill
order and the ⚡ discards, collects the programmed dice of the variant in
secret, and scores the paintings entered on a grid.  It never sees the cards:
the table records where a card was taken and where a ⚡ card appeared.

Events (besides the generic ``timer``):

``roll`` ``{"dice": [...]}`` (rolled by :meth:`Apprentis.prepare`), ``pick``
``{"seat", "die"}``, ``programming`` (switch to the variant for the last turns),
``program`` ``{"seat", "face"}`` (secret), ``reveal``, ``take`` ``{"seat", "die",
"stain": 0|1|-1, "spot": "1-5"}``, ``lightning`` ``{"spot"}``, ``refill``,
``to_scoring`` (skip the remaining turns), ``painting`` ``{"seat", "painting",
"stains"}`` and ``finish``.

>>> import random
>>> setup = GAME.setup({"players": 3}, random.Random(0))
>>> setup.record["turns"], setup.record["market"], setup.record["trees"]
(12, ['2-4', '3-4', '1-5', '3-5', '1-6', '2-6'], False)
>>> state = GAME.initial_state(setup.record, ["Ana", "Bo", "Cy"])
>>> state = GAME.apply(state, GAME.prepare(state, {"type": "roll"}, random.Random(1)))
>>> state["phase"], len(state["rolled"])
('draft', 3)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from scoring.core import (
    JSON,
    Action,
    Event,
    Game,
    IllegalEvent,
    InvalidOptions,
    InvalidScoreInput,
    Option,
    Panel,
    Phase,
    ScoreSheet,
    Secret,
    Setup,
    State,
    Tr,
    clone,
    strip_secrets,
)
from scoring.games.apprentis import forms as ui
from scoring.games.apprentis.card import CARD
from scoring.games.apprentis.rules import (
    allowed_spots,
    cards_per_turn,
    dice_count,
    draft_order,
    game_length,
    market_spots,
    refill_order,
    take_order,
    trees_in_play,
)
from scoring.games.apprentis.score import Grid, grid_json, parse_painting, score_document, score_sheet


def _face(value: Any, what: str) -> int:
    """A die face 1-6 given as an int or a digit string (choice fields send strings)."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise IllegalEvent(f"{what} must be a die face from 1 to 6, got {value!r}")
    return value


def _stain(value: Any) -> int:
    table = {0: 0, 1: 1, -1: -1, "0": 0, "+1": 1, "1": 1, "-1": -1, None: 0}
    if isinstance(value, bool) or not isinstance(value, int | str | None) or value not in table:
        raise IllegalEvent(f"stain must be 0, +1 or -1, got {value!r}")
    return table[value]


def _seat(state: State, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < len(state["names"]):
        raise IllegalEvent(f"seat must be a seat number from 0 to {len(state['names']) - 1}, got {value!r}")
    return value


class Apprentis(Game):
    card = CARD
    #: a programmed die face stays out of the timeline until the end
    secret_fields = {"program": ("face",)}
    options: ClassVar[tuple[Option, ...]] = (
        Option("players", Tr("Joueurs", "Players"), "int", 3, minimum=1, maximum=5),
        Option("length", Tr("Durée", "Length"), "choice", "short",
               choices=(("short", Tr("Partie courte", "Short game")),
                        ("long", Tr("Partie longue", "Long game")))),
        Option("programming", Tr("Variante « programmation »", "“Programming” variant"), "bool", False,
               help=Tr("3 à 5 joueurs : chacun choisit sa face de dé en secret, révélées ensemble.",
                       "3 to 5 players: everyone picks a die face in secret, revealed together.")),
        Option("first_player", Tr("Premier joueur (le dernier à avoir peint)",
                                  "First player (the last one to have painted)"), "int", 0,
               minimum=0, maximum=4,
               help=Tr("Numéro de place, 0 pour la première personne.", "Seat number, 0 for the first one.")),
    )
    phases: ClassVar[tuple[Phase, ...]] = tuple(Phase(k, v) for k, v in ui.PHASE_NAMES.items())
    categories: ClassVar[dict[str, Tr]] = ui.CATEGORY_NAMES

    # -- set-up -------------------------------------------------------------
    def validate_options(self, raw: Mapping[str, Any]) -> JSON:
        opts = super().validate_options(raw)
        if opts["programming"] and opts["players"] < 3:
            raise InvalidOptions(f"programming: the variant is for 3 to 5 players, not {opts['players']!r}")
        if opts["first_player"] >= opts["players"]:
            raise InvalidOptions(f"first_player: {opts['first_player']!r} is not a seat of a "
                                 f"{opts['players']}-player game")
        return opts

    def setup(self, options: Mapping[str, Any], rng: random.Random) -> Setup:
        opts = self.validate_options(options)
        n = opts["players"]
        turns, final_touch = game_length(n, opts["length"])
        market = list(market_spots(n))
        record: JSON = {"options": opts, "turns": turns, "final_touch": final_touch,
                        "cards_per_turn": cards_per_turn(n), "dice": dice_count(n), "market": market,
                        "trees": trees_in_play(n), "first_player": opts["first_player"],
                        "programming": opts["programming"]}
        return Setup(record, _instructions(record))

    def initial_state(self, setup: Mapping[str, Any], names: Sequence[str]) -> State:
        n = setup["options"]["players"]
        if len(names) != n:
            raise InvalidOptions(f"names: a {n}-player game needs {n} names, got {list(names)!r}")
        state: State = {
            "names": list(names), "finished": False, "players": n, "turns": setup["turns"],
            "final_touch": setup["final_touch"], "cards_per_turn": setup["cards_per_turn"],
            "dice": setup["dice"], "market": list(setup["market"]), "trees": setup["trees"],
            "programming": setup["programming"], "turn": 1, "first": setup["first_player"],
            "stains": [0] * n, "paintings": [None] * n, "skipped": False, "timers": {},
        }
        return _start_turn(state)

    # -- play ---------------------------------------------------------------
    def prepare(self, state: State, action: Mapping[str, Any], rng: random.Random) -> Event:
        event: Event = dict(action)
        kind = event.get("type")
        if kind == "roll":
            event = {"type": "roll", "dice": [rng.randint(1, 6) for _ in range(state["dice"])]}
        elif kind == "pick" and state.get("phase") == "draft":
            event.setdefault("seat", state["draft"][state["draft_next"]])
            event["die"] = _face(event.get("die"), "die")
        elif kind == "program" and state.get("phase") == "program":
            if "seat" not in event:
                waiting = [i for i, f in enumerate(state.get("programmed", [])) if f is None]
                if len(waiting) != 1:
                    raise IllegalEvent("program: say whose die it is ('seat')")
                event["seat"] = waiting[0]
            event["face"] = _face(event.get("face"), "face")
        elif kind == "take" and state.get("phase") == "take":
            event = _complete_take(state, event)
        elif kind == "painting":
            seat = _seat(state, event.get("seat"))
            grid = _painting(state, seat, event.get("painting"))
            event["painting"] = grid_json(grid)
            if event.get("stains") is None:
                event["stains"] = state["stains"][seat]
        self.apply(state, event)
        return event

    def apply_event(self, state: State, event: Mapping[str, Any]) -> State:
        kind = event.get("type")
        handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise IllegalEvent(f"unknown event type {kind!r} for apprentis")
        if state.get("finished"):
            raise IllegalEvent(f"the match is over: no {kind!r} any more")
        return handler(clone(state), event)

    def undoable(self, event: Mapping[str, Any]) -> bool:
        # A roll taken back could be re-rolled; a reveal has been seen by everyone.
        return event.get("type") not in ("roll", "reveal")

    def actions(self, state: State, seat: int | None) -> list[Action]:
        return ui.actions(state, seat)

    def view(self, state: State, seat: int | None) -> State:
        return strip_secrets(self, state, seat)

    def secrets(self, state: State) -> list[Secret]:
        if state.get("phase") != "program":
            return []
        return [Secret(i, ("programmed", i)) for i, f in enumerate(state["programmed"]) if f is not None]

    def panels(self, state: State, seat: int | None) -> list[Panel]:
        return ui.panels(self.view(state, seat), seat)

    # -- scoring ------------------------------------------------------------
    def score(self, state: State) -> ScoreSheet:
        grids = [parse_painting(p if p is not None else []) for p in state["paintings"]]
        return score_sheet(state["names"], grids, state["stains"])

    def score_input(self, doc: Any) -> ScoreSheet:
        return score_document(doc)

    # -- testing ------------------------------------------------------------
    def sample_action(self, state: State, rng: random.Random) -> JSON | None:
        return ui.sample_action(state, rng)


# --------------------------------------------------------------------------- set-up text


def _instructions(record: Mapping[str, Any]) -> tuple[Tr, ...]:
    n = record["options"]["players"]
    spots = ", ".join(record["market"])
    steps = [Tr("Mélangez les cartes « élément de tableau ».", "Shuffle the painting element cards.")]
    if not record["trees"]:
        steps.append(Tr("Rangez les cartes arbres (A1 à A4) dans la boîte : elles ne sont pas jouées à "
                        f"{n} joueur{'s' if n > 1 else ''}.",
                        f"Put the tree cards (A1 to A4) back in the box: they are not played with {n} "
                        f"player{'s' if n > 1 else ''}."))
    elif n == 2:
        steps.append(Tr("À 2 joueurs, les cartes arbres restent en jeu (voir la note de règle).",
                        "With 2 players the tree cards stay in play (see the rules note)."))
    fp = record["final_touch"]
    steps += [
        Tr("Donnez une feuille de score à chaque joueur.", "Give each player a score sheet."),
        Tr(f"Distribuez face cachée {fp} carte{'s' if fp > 1 else ''} « touche finale » à chaque joueur : "
           "chacun peut les regarder, elles seront placées à la fin.",
           f"Deal {fp} “final touch” card{'s' if fp > 1 else ''} face down to each player: everyone may "
           "look at them, they are placed at the end."),
        Tr(f"Gardez {record['dice']} dés.", f"Keep {record['dice']} dice."),
        Tr("Posez les cartes 1, 2, 3 en colonnes de gauche à droite et 4, 5, 6 en lignes de haut en bas.",
           "Lay cards 1, 2, 3 as columns from left to right and 4, 5, 6 as rows from top to bottom."),
        Tr(f"Posez une carte à chacun de ces croisements (colonne-ligne) : {spots}.",
           f"Put one card on each of these crossings (column-row): {spots}."),
        Tr("Choisissez une configuration imposée de la toile dans la règle ; le tableau ne peut pas "
           "la dépasser.", "Choose one of the rulebook's canvas shapes; a painting may not go beyond it."),
    ]
    length = Tr("deux cartes par tour", "two cards per turn") if n == 2 else Tr("une carte par tour",
                                                                                   "one card per turn")
    steps.append(Tr(f"La partie dure {record['turns']} tours ({length.fr}).",
                    f"The game lasts {record['turns']} turns ({length.en})."))
    if n > 1:
        fp = record["first_player"] + 1
        steps.append(Tr(f"La personne n° {fp} de la liste (la dernière à avoir peint) prend le jeton premier "
                        "joueur ; il passe à gauche à chaque tour.",
                        f"Person no. {fp} of the list (the last one to have painted) takes the first-player "
                        "token; it passes left every turn."))
    if record["programming"]:
        steps.append(Tr("Variante programmation : à chaque tour chacun choisit en secret la face de son dé, "
                        "révélée en même temps que les autres.",
                        "Programming variant: every turn each player secretly chooses a die face, revealed "
                        "together with the others."))
    return tuple(steps)


# --------------------------------------------------------------------------- the turn machine


def _start_turn(state: State) -> State:
    n = state["players"]
    state.update({
        "phase": "program" if state["programming"] else "roll", "rolled": [], "pool": [],
        "hands": [[] for _ in range(n)], "draft": [], "draft_next": 0, "takes": [],
        "take_order": take_order(n, state["first"]), "programmed": [None] * n, "empty": [],
        "lightning": None,
    })
    return state


def _need(state: State, phase: str, kind: str) -> None:
    if state["phase"] != phase:
        raise IllegalEvent(f"{kind!r} is not possible now: the match is at {state['phase']!r}, "
                           f"not {phase!r}")


def _auto_draft(state: State) -> None:
    """Hand out the dice nobody has a choice about; then go on to the takes.

    That is: the last dice when one seat is left to pick them all, or dice all
    showing the same face.
    """
    left, pool = state["draft"][state["draft_next"]:], state["pool"]
    if left and len(set(left)) == 1 and len(pool) == len(left):
        state["hands"][left[0]] += pool
        state["pool"] = []
        state["draft_next"] = len(state["draft"])
    elif left and len(set(pool)) == 1:
        for seat in left:
            state["hands"][seat].append(pool.pop())
        state["draft_next"] = len(state["draft"])
    if state["draft_next"] == len(state["draft"]):
        state["phase"] = "take"


def _roll(state: State, event: Mapping[str, Any]) -> State:
    _need(state, "roll", "roll")
    dice = event.get("dice")
    if not isinstance(dice, list) or len(dice) != state["dice"]:
        raise IllegalEvent(f"roll: {state['dice']} dice are rolled, got {dice!r}")
    faces = [_face(d, "roll") for d in dice]
    state.update({"rolled": faces, "pool": list(faces), "phase": "draft",
                  "draft": draft_order(state["players"], state["first"]), "draft_next": 0})
    _auto_draft(state)
    return state


def _pick(state: State, event: Mapping[str, Any]) -> State:
    _need(state, "draft", "pick")
    seat = _seat(state, event.get("seat"))
    expected = state["draft"][state["draft_next"]]
    if seat != expected:
        raise IllegalEvent(f"pick: it is {state['names'][expected]!r}'s pick, not seat {seat!r}")
    die = _face(event.get("die"), "die")
    if die not in state["pool"]:
        raise IllegalEvent(f"pick: no die showing {die!r} is left (left: {state['pool']!r})")
    state["pool"].remove(die)
    state["hands"][seat].append(die)
    state["draft_next"] += 1
    _auto_draft(state)
    return state


def _programming(state: State, event: Mapping[str, Any]) -> State:
    _need(state, "roll", "programming")
    if state["players"] < 3 or state["programming"]:
        raise IllegalEvent(f"programming: the variant is for 3 to 5 players and starts once, "
                           f"got {state['players']!r} players")
    state.update({"programming": True, "phase": "program"})
    return state


def _program(state: State, event: Mapping[str, Any]) -> State:
    _need(state, "program", "program")
    seat = _seat(state, event.get("seat"))
    state["programmed"][seat] = _face(event.get("face"), "face")
    return state


def _reveal(state: State, event: Mapping[str, Any]) -> State:
    _need(state, "program", "reveal")
    waiting = [state["names"][i] for i, f in enumerate(state["programmed"]) if f is None]
    if waiting:
        raise IllegalEvent(f"reveal: still waiting for {', '.join(waiting)}")
    state["hands"] = [[f] for f in state["programmed"]]
    state["rolled"] = list(state["programmed"])
    state["phase"] = "take"
    return state


def _complete_take(state: State, event: Event) -> Event:
    out = dict(event)
    seat = out.setdefault("seat", state["take_order"][len(state["takes"])])
    hand = state["hands"][seat] if isinstance(seat, int) and 0 <= seat < len(state["hands"]) else []
    if out.get("die") is None and hand:
        out["die"] = hand[0]
    out["die"] = _face(out.get("die"), "die")
    out["stain"] = _stain(out.get("stain"))
    if out.get("spot") is None:
        value = out["die"] + out["stain"]
        if 1 <= value <= 6:
            out["spot"] = allowed_spots(state, value)[0]
    return out


def _take(state: State, event: Mapping[str, Any]) -> State:
    _need(state, "take", "take")
    event = _complete_take(state, dict(event))
    seat = _seat(state, event["seat"])
    expected = state["take_order"][len(state["takes"])]
    if seat != expected:
        raise IllegalEvent(f"take: it is {state['names'][expected]!r}'s turn to take a card, "
                           f"not seat {seat!r}")
    die, stain = event["die"], event["stain"]
    if die not in state["hands"][seat]:
        raise IllegalEvent(f"take: {state['names'][seat]!r} has no die showing {die!r} "
                           f"(has {state['hands'][seat]!r})")
    value = die + stain
    if not 1 <= value <= 6:
        raise IllegalEvent(f"take: a stain moves the die by one face, {die!r}{stain:+d} = {value!r} "
                           "is not a face")
    spot = event.get("spot")
    allowed = allowed_spots(state, value)
    if spot not in allowed:
        raise IllegalEvent(f"take: with {value} the card comes from {', '.join(allowed)}, "
                           f"not {spot!r}")
    state["hands"][seat].remove(die)
    state["stains"][seat] += 1 if stain else 0
    state["empty"].append(spot)
    state["takes"].append({"seat": seat, "die": die, "stain": stain, "value": value, "spot": spot})
    if len(state["takes"]) == len(state["take_order"]):
        state["phase"] = "final" if state["turn"] >= state["turns"] else "refill"
    return state


def _lightning(state: State, event: Mapping[str, Any]) -> State:
    _need(state, "refill", "lightning")
    if state["lightning"] is not None:
        raise IllegalEvent(f"lightning: the ⚡ event happens once per refill, it already did at "
                           f"{state['lightning']!r}")
    spot = event.get("spot")
    if spot not in state["empty"]:
        raise IllegalEvent(f"lightning: a ⚡ card can only be drawn on a spot being refilled "
                           f"({', '.join(refill_order(state['empty']))}), not {spot!r}")
    state["lightning"] = spot
    return state


def _refill(state: State, event: Mapping[str, Any]) -> State:
    _need(state, "refill", "refill")
    state["turn"] += 1
    state["first"] = (state["first"] + 1) % state["players"]
    return _start_turn(state)


def _to_scoring(state: State, event: Mapping[str, Any]) -> State:
    if state["phase"] not in ui.PLAY_PHASES:
        raise IllegalEvent(f"to_scoring: the match is already at {state['phase']!r}")
    # Dice programmed but never revealed stay secret: forget them.
    state.update({"phase": "final", "skipped": True, "programmed": [None] * state["players"]})
    return state


def _painting(state: State, seat: int, raw: Any) -> Grid:
    try:
        return parse_painting(raw, "painting", state["names"][seat])
    except InvalidScoreInput as exc:
        raise IllegalEvent(str(exc)) from None


def _paint(state: State, event: Mapping[str, Any]) -> State:
    _need(state, "final", "painting")
    seat = _seat(state, event.get("seat"))
    grid = _painting(state, seat, event.get("painting"))
    stains = event.get("stains", state["stains"][seat])
    if isinstance(stains, bool) or not isinstance(stains, int) or stains < 0:
        raise IllegalEvent(f"stains: must be a whole number ≥ 0, got {stains!r}")
    state["paintings"][seat] = grid_json(grid)
    state["stains"][seat] = stains
    return state


def _finish(state: State, event: Mapping[str, Any]) -> State:
    _need(state, "final", "finish")
    missing = [state["names"][i] for i, p in enumerate(state["paintings"]) if p is None]
    if missing:
        raise IllegalEvent(f"finish: no painting entered yet for {', '.join(missing)}")
    state.update({"phase": "done", "finished": True})
    return state


_HANDLERS = {"roll": _roll, "pick": _pick, "programming": _programming, "program": _program,
             "reveal": _reveal, "take": _take, "lightning": _lightning, "refill": _refill,
             "to_scoring": _to_scoring, "painting": _paint, "finish": _finish}


GAME = Apprentis()
