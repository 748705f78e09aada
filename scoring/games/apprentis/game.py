"""Les apprentis (Denis Bauquier), 1 to 5 players: the ``Game`` that ties the folder's parts together.

The app rolls and orders the dice, counts the stains, tells the market refill order and the ⚡
discards, collects the programmed dice of the variant in secret, and scores the paintings entered
on a grid.  It never sees the cards: the table records where a card was taken and where a ⚡ card
appeared.  The events are listed in :mod:`~scoring.games.apprentis.moves`.

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
    GridCards,
    IllegalEvent,
    InvalidOptions,
    Move,
    Option,
    Panel,
    Phase,
    ScoreSheet,
    Secret,
    Setup,
    State,
    Tr,
    strip_secrets,
)
from scoring.games.apprentis import moves as play
from scoring.games.apprentis.card import CARD
from scoring.games.apprentis.forms import actions
from scoring.games.apprentis.panels import panels
from scoring.games.apprentis.rules import face
from scoring.games.apprentis.sample import sample_action
from scoring.games.apprentis.score import grid_json, parse_painting, score_document, score_sheet
from scoring.games.apprentis.setup import OPTIONS, check_options, make_setup
from scoring.games.apprentis.state import typed
from scoring.games.apprentis.telling import SECRET_TELLERS
from scoring.games.apprentis.texts import CATEGORY_NAMES, GRID_CARDS, PHASE_NAMES


class Apprentis(Game):
    card = CARD
    #: a programmed die face stays out of the timeline until the end
    secret_fields = {"program": ("face",)}
    options: ClassVar[tuple[Option, ...]] = OPTIONS
    phases: ClassVar[tuple[Phase, ...]] = tuple(Phase(k, v) for k, v in PHASE_NAMES.items())
    categories: ClassVar[dict[str, Tr]] = CATEGORY_NAMES
    cards: ClassVar[GridCards | None] = GRID_CARDS
    moves: ClassVar[Mapping[str, Move]] = play.MOVES
    secret_tellers = SECRET_TELLERS

    def validate_options(self, raw: Mapping[str, Any]) -> JSON:
        return check_options(super().validate_options(raw))

    def setup(self, options: Mapping[str, Any], rng: random.Random) -> Setup:
        return make_setup(self.validate_options(options))

    def initial_state(self, setup: Mapping[str, Any], names: Sequence[str]) -> State:
        opts = setup["options"]
        n = opts["players"]
        if len(names) != n:
            raise InvalidOptions(Tr(f"names : une partie à {n} joueurs demande {n} noms, reçu {len(names)}",
                                    f"names: a {n}-player game needs {n} names, got {len(names)}",
                                    it=f"names: una partita a {n} giocatori richiede {n} nomi, ricevuti {len(names)}"))
        state: State = {
            "names": list(names), "finished": False, "players": n, "length": opts.get("length", "short"),
            "turns": setup["turns"], "final_touch": setup["final_touch"], "cards_per_turn": setup["cards_per_turn"],
            "dice": setup["dice"], "market": list(setup["market"]), "trees": setup["trees"],
            "programming": setup["programming"], "perso_tie": opts.get("perso_tie", "both"),
            "stain_points": opts.get("stain_points", 1), "turn": 1, "first": setup["first_player"],
            "stains": [0] * n, "paintings": [None] * n, "skipped": False, "timers": {},
        }
        return dict(play.start_turn(typed(state)))

    def prepare(self, state: State, action: Mapping[str, Any], rng: random.Random) -> Event:
        """The event of an action, with its dice rolled and its defaults filled in."""
        event: Event = dict(action)
        kind, s = event.get("type"), typed(state)
        if kind == "roll":
            event = {"type": "roll", "dice": [rng.randint(1, 6) for _ in range(s["dice"])]}
        elif kind == "pick" and s["phase"] == "draft":
            event.setdefault("seat", s["draft"][s["draft_next"]])
            event["die"] = face(event.get("die"), "die")
        elif kind == "program" and s["phase"] == "program":
            if "seat" not in event:
                waiting = [i for i, f in enumerate(s["programmed"]) if f is None]
                if len(waiting) != 1:
                    raise IllegalEvent(Tr("program : dites de qui est le dé (« seat »)",
                                          "program: say whose die it is ('seat')",
                                          it="program: dite di chi è il dado («seat»)"))
                event["seat"] = waiting[0]
            event["face"] = face(event.get("face"), "face")
        elif kind == "take" and s["phase"] == "take":
            event = play.complete_take(s, event)
        elif kind == "painting" and s["phase"] == "final":
            seat = play.seat_of(s, event.get("seat"))
            event["painting"] = grid_json(play.checked_painting(s, seat, event.get("painting")))
            if event.get("stains") is None:
                event["stains"] = s["stains"][seat]
        self.apply(state, event)
        return event

    def actions(self, state: State, seat: int | None) -> list[Action]:
        return actions(typed(state), seat)

    def view(self, state: State, seat: int | None) -> State:
        return strip_secrets(self, state, seat)

    def secrets(self, state: State) -> list[Secret]:
        """A programmed face, until the reveal: its owner's."""
        if state.get("phase") != "program":
            return []
        return [Secret(i, ("programmed", i)) for i, f in enumerate(state["programmed"]) if f is not None]

    def panels(self, state: State, seat: int | None) -> list[Panel]:
        return panels(typed(self.view(state, seat)), seat)

    def score(self, state: State) -> ScoreSheet:
        s = typed(state)
        grids = [parse_painting(p if p is not None else []) for p in s["paintings"]]
        return score_sheet(s["names"], grids, s["stains"], perso_tie=s.get("perso_tie", "both"),
                           stain_points=s.get("stain_points", 1))

    def score_input(self, doc: Any) -> ScoreSheet:
        return score_document(doc)

    def sample_action(self, state: State, rng: random.Random) -> JSON | None:
        return sample_action(typed(state), rng)


GAME = Apprentis()
