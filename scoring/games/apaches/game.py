"""Les Apaches de Paris (Les Tontons Joueurs), 2 to 4 players: the ``Game`` that ties the roles together.

The app draws the district configuration, the first player and the stash set aside from each
district each round; it tracks the 3 rounds of 6 turns (with the last turn's own order), the
wallets, each gang's Apaches off the board and the round's district settlement; it draws the
bourgeois and keeps them secret until the end.

>>> import random
>>> setup = GAME.setup(GAME.validate_options({"players": 3}), random.Random(2))
>>> setup.record["configuration"], setup.record["prohibited"]
([1, 4, 5, 6, 7, 8, 9], [2, 3])
>>> state = GAME.initial_state(setup.record, ["Léa", "Sam", "Zoé"])
>>> [a.type for a in GAME.actions(state, None)]
['start_round', 'adjust']
>>> last_turn_order([4, 4, 6], first_player=1)
[2, 1, 0]
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.core import Action, Event, Game, Panel, Phase, ScoreSheet, Secret, Setup, State, Tr, bags, strip_secrets
from scoring.games.apaches import texts
from scoring.games.apaches.card import CARD
from scoring.games.apaches.forms import actions_for
from scoring.games.apaches.moves import MOVES, prepare
from scoring.games.apaches.panels import panels_for
from scoring.games.apaches.rules import configurations, last_turn_order
from scoring.games.apaches.sample import sample
from scoring.games.apaches.score import holdings, parse_score_doc, score_holdings
from scoring.games.apaches.setup import OPTIONS, make_setup, validate
from scoring.games.apaches.state import initial, plain, typed
from scoring.games.apaches.telling import SECRET_TELLERS

__all__ = ["GAME", "Apaches", "configurations", "last_turn_order"]


class Apaches(Game):
    card = CARD
    #: the score sheet's lines, as the table calls them
    categories = {"wallet": Tr("Porte-monnaie", "Wallet", it="Borsellino"),
                  "gains": Tr("Gains des planques", "Stash gains", it="Guadagni dei nascondigli"),
                  "bourgeois": Tr("Bourgeois", "Bourgeois", it="Borghesi"),
                  "policeman": Tr("Agent de ville", "Undercover policeman", it="Poliziotto in borghese"),
                  "apaches": Tr("Apaches opérationnels (50 F)", "Operational Apaches (50 F)",
                                it="Apache operativi (50 F)")}
    #: the drawn bourgeois is recorded in the event; timelines hide it until the end
    secret_fields = {"bourgeois": ("token",)}
    options = OPTIONS
    phases = tuple(Phase(key, texts.PHASE_NAMES[key])
                   for key in ("round_start", "turns", "last_order", "settlement", "reveal"))
    moves = MOVES
    secret_tellers = SECRET_TELLERS

    def validate_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return validate(super().validate_options(raw))

    def setup(self, options: Mapping[str, Any], rng: random.Random) -> Setup:
        return make_setup(self.validate_options(options), rng)

    def initial_state(self, setup: Mapping[str, Any], names: Sequence[str]) -> State:
        return plain(initial(setup, names))

    def actions(self, state: State, seat: int | None) -> list[Action]:
        return actions_for(typed(state), seat)

    def prepare(self, state: State, action: Mapping[str, Any], rng: random.Random) -> Event:
        event = prepare(typed(state), action, rng)
        self.apply(state, event)
        return event

    def view(self, state: State, seat: int | None) -> State:
        return strip_secrets(self, state, seat)

    def secrets(self, state: State) -> list[Secret]:
        return bags.bag_secrets(state)

    def panels(self, state: State, seat: int | None) -> list[Panel]:
        return panels_for(typed(state), typed(self.view(state, seat)), seat)

    def score(self, state: State) -> ScoreSheet:
        return score_holdings(holdings(typed(state)), typed(state)["house"])

    def score_input(self, doc: Any) -> ScoreSheet:
        return score_holdings(*parse_score_doc(doc))

    def sample_action(self, state: State, rng: random.Random) -> dict[str, Any] | None:
        return sample(typed(state), rng)


GAME = Apaches()
