"""The score pad (any game): the engine that ties the pad's set-up, moves, forms, panels and sheet.

>>> import random
>>> from scoring.core import replay
>>> opts = GAME.validate_options({"game_name": "Azul", "players": 2, "kind": "low"})
>>> setup = GAME.setup(opts, random.Random(0)).record
>>> state = replay(GAME, setup, ["Léa", "Sam"], [{"type": "round", "points": [12, 9]}, {"type": "finish"}])
>>> GAME.score(state).winners
('Sam',)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.core import Action, Game, Panel, ScoreSheet, Setup, State, Tr
from scoring.games.score_pad import forms, panels, sample, score, setup
from scoring.games.score_pad.card import CARD
from scoring.games.score_pad.moves import MOVES
from scoring.games.score_pad.rules import MAX_ROUNDS
from scoring.games.score_pad.state import PadState


class ScorePad(Game):
    card = CARD
    options = setup.OPTIONS
    moves = MOVES
    example_options = {"game_name": "Carcassonne"}
    secret_fields = {}
    #: the sheet's breakdown keys, one a round
    categories = {f"r{i}": Tr(f"Manche {i}", f"Round {i}", it=f"Round {i}") for i in range(1, MAX_ROUNDS + 1)}

    def validate_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return setup.check(super().validate_options(raw))

    def setup(self, options: Mapping[str, Any], rng: random.Random) -> Setup:
        return setup.setup(self.validate_options(options), rng)

    def initial_state(self, setup_record: Mapping[str, Any], names: Sequence[str]) -> State:
        opts = self.validate_options(setup_record["options"])
        return dict(setup.initial_state(setup_record, opts, names))

    def actions(self, state: State, seat: int | None) -> list[Action]:
        return forms.actions(_pad(state), seat)

    def view(self, state: State, seat: int | None) -> State:
        return dict(state)  # nothing on a score pad is secret

    def panels(self, state: State, seat: int | None) -> list[Panel]:
        return panels.panels(_pad(state), seat)

    def minutes_played(self, state: State) -> int | None:
        """The length written at the end ("Durée en minutes (facultatif)"), if it was.

        >>> GAME.minutes_played({"minutes": 25}), GAME.minutes_played({"minutes": None})
        (25, None)
        """
        minutes = state.get("minutes")
        return minutes if isinstance(minutes, int) else None

    def score(self, state: State) -> ScoreSheet:
        return score.score(_pad(state))

    def score_input(self, doc: Any) -> ScoreSheet:
        return score.score_input(doc)

    def sample_action(self, state: State, rng: random.Random) -> dict[str, Any] | None:
        return sample.sample_action(_pad(state), rng)


def _pad(state: State) -> PadState:
    return state  # type: ignore[return-value]  # the state this engine built (initial_state, MOVES)


GAME = ScorePad()
