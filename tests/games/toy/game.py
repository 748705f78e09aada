"""The toy game (1 to 4 players): the :class:`~scoring.core.Game` that ties its files together.

>>> import random
>>> setup = GAME.setup(GAME.validate_options({"players": 2}), random.Random(1))
>>> state = GAME.initial_state(setup.record, ["Léa", "Sam"])
>>> [a.type for a in GAME.actions(state, None)]
['draw']
>>> event = GAME.prepare(state, {"type": "draw"}, random.Random(2))
>>> state = GAME.apply(state, event)
>>> GAME.view(state, 1)["bags"]["bonus"]["draws"][0]["token"]   # Léa's bonus: not Sam's to see
'?'
>>> GAME.apply(state, {"type": "roll", "die": 3})
Traceback (most recent call last):
...
scoring.core.errors.IllegalEvent: “roll” is not possible now (step “draw”)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.core import (
    JSON,
    Action,
    Event,
    Game,
    IllegalEvent,
    Panel,
    Phase,
    ScoreSheet,
    Secret,
    Setup,
    State,
    Tr,
    bags,
    strip_secrets,
)

from . import forms, sample, score
from .card import CARD
from .moves import MOVES
from .panels import panels
from .rules import BAG, DIE
from .setup import OPTIONS, instructions, make_setup
from .state import ToyState, plain
from .texts import CATEGORIES, PHASE_NAMES


class Toy(Game):
    card = CARD
    options = OPTIONS
    phases = tuple(Phase(key, name) for key, name in PHASE_NAMES.items())
    moves = MOVES
    categories = CATEGORIES
    secret_fields = {"draw": ("token",)}

    def setup(self, options: Mapping[str, Any], rng: random.Random) -> Setup:
        record = make_setup(self.validate_options(options), rng)
        return Setup(record, instructions(record))

    def initial_state(self, setup: Mapping[str, Any], names: Sequence[str]) -> State:
        options = self.validate_options(setup["options"])
        if len(names) != options["players"]:
            raise IllegalEvent(Tr(f"names : {options['players']} places, reçu {len(names)} noms",
                                  f"names: {options['players']} seats, got {len(names)} names",
                                  it=f"names: {options['players']} posti, ricevuti {len(names)} nomi"))
        first = int(setup["first_player"])
        state: ToyState = {"names": list(names), "options": options, "phase": "draw", "first": first, "turn": first,
                           "track": [0] * len(names), "bags": {BAG: bags.new_bag(setup["bag"])}, "finished": False}
        return plain(state)

    def actions(self, state: State, seat: int | None) -> list[Action]:
        return forms.actions(state, seat)

    def prepare(self, state: State, action: Mapping[str, Any], rng: random.Random) -> Event:
        """Every random outcome goes into the event: the token drawn, the die rolled."""
        event: JSON = dict(action)
        if event.get("type") == "draw":
            event.update(bags.draw_event(state, BAG, int(state["turn"]), rng))
        elif event.get("type") == "roll":
            event["die"] = rng.choice(DIE)
        self.apply(state, event)
        return event

    def secrets(self, state: State) -> list[Secret]:
        return bags.bag_secrets(state)

    def view(self, state: State, seat: int | None) -> State:
        return strip_secrets(self, state, seat)

    def panels(self, state: State, seat: int | None) -> list[Panel]:
        return panels(self.view(state, seat), seat)

    def score(self, state: State) -> ScoreSheet:
        return score.score(state)

    def score_input(self, doc: Any) -> ScoreSheet:
        return score.score_input(doc)

    def sample_action(self, state: State, rng: random.Random) -> JSON | None:
        return sample.sample_action(state, rng)


GAME = Toy()
