"""What may be done now in the toy game: the actions a device may send (the app draws them as forms)."""

from __future__ import annotations

from scoring.core import Action, Field, State, Tr
from scoring.core.words import de

from .rules import DIE
from .state import typed


def actions(state: State, seat: int | None) -> list[Action]:
    """The table's device (``seat`` None) draws the bonuses and moves the pawns; a seat's phone does nothing here."""
    s = typed(state)
    if s["finished"] or seat is not None:
        return []
    turn = s["turn"]
    name = s["names"][turn]
    if s["phase"] == "draw":
        return [Action("draw", Tr(f"Tirer le bonus {de(name)}", f"Draw {name}'s bonus",
                                  it=f"Pesca il bonus di {name}"), seat=turn, primary=True,
                       help=Tr("Le jeton reste secret jusqu'à l'arrivée.", "The token stays secret until the finish.",
                               it="Il gettone resta segreto fino all'arrivo."))]
    return [Action("roll", Tr(f"Lancer le dé pour {name}", f"Roll the die for {name}",
                              it=f"Lancia il dado per {name}"), seat=turn, primary=True),
            Action("move", Tr(f"{name} avance (dé de la table)", f"{name} moves (the table's die)",
                              it=f"{name} avanza (dado del tavolo)"), seat=turn,
                   fields=(Field("steps", Tr("Cases", "Squares",
                                             it="Caselle"), "int", default=1, minimum=DIE[0], maximum=DIE[-1]),))]
