"""Le Gang des Traction-Avant (4–6 players): the bank, the clock, the dice and the notary.

The board, the pawns and the cards stay on the table.  The app keeps every gang's fortune in a
ledger (and checks the victory after each movement of money), runs the phase timers, rolls the dice,
collects the secret orders after a heist and records the written alliances.  This class ties the
roles of the game's folder together.

>>> import random
>>> setup = GAME.setup(GAME.validate_options({"players": 4}), random.Random(1))
>>> state = GAME.initial_state(setup.record, ["Ange", "Bébert", "Carlo", "Dédé"])
>>> state = GAME.apply(state, {"type": "begin"})
>>> state["turn"], state["phase"], state["first"] == setup.record["first_player"]
(1, 'first', True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, cast

from scoring.core import JSON, Action, Game, Panel, ScoreSheet, Secret, Setup, State, strip_secrets
from scoring.games.traction_avant import forms, panels, sample, score, setup
from scoring.games.traction_avant.card import CARD
from scoring.games.traction_avant.moves import MOVES, roulette_pair
from scoring.games.traction_avant.rules import roll_dice, roulette_rolls
from scoring.games.traction_avant.state import TractionState, time_used
from scoring.games.traction_avant.telling import SECRET_ORDER, SECRET_TELLERS
from scoring.games.traction_avant.texts import KINDS, PHASES

__all__ = ["GAME", "TractionAvant", "time_used"]


def _typed(state: State) -> TractionState:
    return cast(TractionState, state)


class TractionAvant(Game):
    card = CARD
    options = setup.OPTIONS
    phases = PHASES
    moves = MOVES
    secret_tellers = SECRET_TELLERS
    #: the score sheet splits each fortune by ledger kind, named as the bank panel names them
    categories = dict(KINDS)
    #: a secret order stays hidden in the timeline until the match is over (the panels reveal the orders
    #: of a round together, once every gang present has written its own)
    secret_fields = {"order": SECRET_ORDER}

    def phase(self, state: State) -> str | None:
        return "setup" if state.get("stage") == "setup" else super().phase(state)

    def validate_options(self, raw: Mapping[str, Any]) -> JSON:
        return setup.validate(raw, super().validate_options(raw))

    def setup(self, options: Mapping[str, Any], rng: random.Random) -> Setup:
        return setup.setup(self.validate_options(options), rng)

    def initial_state(self, setup_record: Mapping[str, Any], names: Sequence[str]) -> State:
        opts = self.validate_options(setup_record["options"])
        return cast(State, setup.initial_state(opts, setup_record, names))

    def actions(self, state: State, seat: int | None) -> list[Action]:
        return forms.actions(_typed(state), seat)

    def prepare(self, state: State, action: Mapping[str, Any], rng: random.Random) -> JSON:
        event: JSON = dict(action)
        if event.get("type") in ("roll", "van_move", "van_attack"):
            event["dice"] = roll_dice(rng)
        elif event.get("type") == "roulette":
            event["rolls"] = roulette_rolls(*roulette_pair(_typed(state), event), rng)
        self.apply(state, event)
        return event

    def secrets(self, state: State) -> list[Secret]:
        heist = _typed(state)["heist"]
        if not heist or heist["revealed"]:
            return []
        return [Secret(seat, ("heist", "orders", seat))
                for seat, order in enumerate(heist["orders"]) if order is not None]

    def view(self, state: State, seat: int | None) -> State:
        return strip_secrets(self, state, seat)

    def panels(self, state: State, seat: int | None) -> list[Panel]:
        return panels.panels(_typed(self.view(state, seat)), seat)

    def score(self, state: State) -> ScoreSheet:
        return score.score(_typed(state))

    def score_input(self, doc: Any) -> ScoreSheet:
        return score.score_input(doc)

    def sample_action(self, state: State, rng: random.Random) -> JSON | None:
        return sample.sample_action(self, _typed(state), rng)


GAME = TractionAvant()
