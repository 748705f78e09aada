"""Robby Solo (Spartaco Albertarelli): the ``Game`` that ties the card, options, moves, views and scoring.

The app keeps the loot at each bank, the players' loot piles and the loot deck count; the players
enter the loot cards the Gentleman (or Lady) lays out and the heist cards revealed; Robby Junior's
heist card comes from his deck, shuffled once at set-up and never shown before it is played.

>>> import random
>>> from scoring.core import replay
>>> options = GAME.validate_options({"players": 3, "banks": "chosen", "bank_yellow": True,
...                                  "bank_green": True, "bank_red": True, "bank_purple": True})
>>> setup = GAME.setup(options, random.Random(2)).record
>>> setup["banks"], setup["first_gentleman"]
(['yellow', 'green', 'red', 'purple'], 0)
>>> events = [{"type": "restock", "yellow": "3000", "green": "object", "red": 9000, "purple": "1000"},
...           {"type": "declare", "kind": "not_rob", "bank": "red"},
...           {"type": "reveal", "bank0": "green", "bank1": "red", "bank2": "red"}]
>>> state = replay(GAME, setup, ["Ada", "Bob", "Cy"], events)
>>> state["hands"], state["loot"]["red"], state["gentleman"], state["deck"]
([[None], [], []], [9000], 1, 57)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.core import Action, Game, Panel, Phase, ScoreSheet, Secret, Setup, State, Tr, strip_secrets
from scoring.games.robby_solo.card import CARD
from scoring.games.robby_solo.forms import actions_for
from scoring.games.robby_solo.moves import MOVES
from scoring.games.robby_solo.panels import robby_panels
from scoring.games.robby_solo.rules import MAX_PEOPLE, bank_count, object_value, police, police_visit
from scoring.games.robby_solo.sample import sample
from scoring.games.robby_solo.score import score_input, score_state
from scoring.games.robby_solo.setup import OPTIONS, check_options, first_state, make_setup
from scoring.games.robby_solo.state import plain, typed
from scoring.games.robby_solo.telling import SECRET_TELLERS

__all__ = ["GAME", "RobbySolo", "bank_count", "object_value", "police", "police_visit"]


class RobbySolo(Game):
    card = CARD
    options = OPTIONS
    phases = (
        Phase("restock", Tr("Réapprovisionnement", "Restock", it="Rifornimento")),
        Phase("declare", Tr("Cartes Braquage et déclaration", "Heist cards and declaration",
                            it="Carte Rapina e dichiarazione")),
        Phase("confirm", Tr("Confirmer ou changer", "Confirm or change", it="Conferma o cambia"),
              help=Tr("Un temps raisonnable, réglable dans les options.", "A reasonable time, set in the options.",
                      it="Un tempo ragionevole, regolabile nelle opzioni.")),
    )
    moves = MOVES
    secret_tellers = SECRET_TELLERS
    #: the score sheet's breakdown, as the table calls it
    categories = {"money": Tr("Argent", "Money", it="Denaro"), "objects": Tr("Objets", "Objects", it="Oggetti")}
    #: a seat's secret bank choice stays out of the timeline until the end
    secret_fields = {"choose": tuple(f"bank{i}" for i in range(MAX_PEOPLE + 1))}

    def validate_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return check_options(super().validate_options(raw))

    def setup(self, options: Mapping[str, Any], rng: random.Random) -> Setup:
        return make_setup(self.validate_options(options), rng)

    def initial_state(self, setup: Mapping[str, Any], names: Sequence[str]) -> State:
        return plain(first_state({**setup, "options": self.validate_options(setup["options"])}, names))

    def actions(self, state: State, seat: int | None) -> list[Action]:
        return actions_for(typed(state), seat)

    def secrets(self, state: State) -> list[Secret]:
        """Robby Junior's deck (nobody); each person's pile (its owner) and secret choice (its owner) until
        the end; Robby Junior's pile (nobody) but its top card under the rules' reading."""
        s = typed(state)
        out: list[Secret] = []
        junior = s["junior"]
        if junior is not None:
            out.append(Secret(None, ("junior_deck",)))
        if not s["finished"]:
            out += [Secret(k, ("hands", k)) for k in range(s["people"])]
            if junior is not None and s["junior_pile"] == "top":
                out += [Secret(None, ("hands", junior, i)) for i in range(len(s["hands"][junior]) - 1)]
            elif junior is not None:
                out.append(Secret(None, ("hands", junior)))
        out += [Secret(k, ("chosen", k)) for k, bank in enumerate(s["chosen"]) if bank is not None]
        return out

    def view(self, state: State, seat: int | None) -> State:
        return strip_secrets(self, state, seat)

    def panels(self, state: State, seat: int | None) -> list[Panel]:
        return robby_panels(typed(self.view(state, seat)), seat)

    def score(self, state: State) -> ScoreSheet:
        return score_state(typed(state))

    def score_input(self, doc: Any) -> ScoreSheet:
        return score_input(doc)

    def sample_action(self, state: State, rng: random.Random) -> dict[str, Any] | None:
        return sample(state, rng)


GAME = RobbySolo()
