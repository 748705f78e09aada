"""The toy game's set-up: its options, the set-up record a match starts from, the instructions read to the table.

>>> import random
>>> record = make_setup({"players": 2, "finish": 12}, random.Random(1))
>>> record["first_player"], len(record["bag"])
(0, 8)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from scoring.core import JSON, Option, Tr

from .rules import FINISH_DEFAULT, FINISH_MAX, FINISH_MIN, bonus_tokens

OPTIONS: tuple[Option, ...] = (
    Option("players", Tr("Joueurs", "Players", it="Giocatori"), "int", 2, minimum=1, maximum=4),
    Option("finish", Tr("Case d'arrivée", "Finish square", it="Casella d'arrivo"), "int", FINISH_DEFAULT,
           minimum=FINISH_MIN, maximum=FINISH_MAX,
           help=Tr("Le premier pion qui l'atteint finit la course.", "The first pawn to reach it ends the race.",
                   it="La prima pedina che la raggiunge finisce la corsa.")),
)


def make_setup(options: Mapping[str, Any], rng: random.Random) -> JSON:
    """The set-up record: the options, who plays first, the bag of bonus tokens."""
    players = int(options["players"])
    return {"options": dict(options), "first_player": rng.randrange(players), "bag": bonus_tokens(players)}


def instructions(record: Mapping[str, Any], names: tuple[str, ...] = ()) -> tuple[Tr, ...]:
    first = int(record["first_player"]) + 1
    finish = int(record["options"]["finish"])
    return (Tr("Posez un pion par joueur sur la case 0.", "Put one pawn per player on square 0.",
               it="Mettete una pedina per giocatore sulla casella 0."),
            Tr(f"La case d'arrivée est la {finish}.", f"The finish is square {finish}.",
               it=f"La casella d'arrivo è la {finish}."),
            Tr(f"La place {first} tire son bonus la première, puis joue la première.",
               f"Seat {first} draws its bonus first, then plays first.",
               it=f"Il posto {first} pesca il bonus per primo, poi gioca per primo."))
