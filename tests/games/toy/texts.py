"""The toy game's names for things at the table: phases, score-sheet lines, panels."""

from __future__ import annotations

from scoring.core import Tr

PHASE_NAMES = {
    "draw": Tr("Tirage des bonus", "Drawing the bonuses"),
    "race": Tr("Course", "Race"),
    "over": Tr("Arrivée", "Finish"),
}
#: the score sheet's lines
CATEGORIES = {"track": Tr("Cases parcourues", "Squares run"), "bonus": Tr("Bonus", "Bonus")}
TRACK = Tr("Piste", "Track")
BONUS_HIDDEN = Tr("caché", "hidden")
YOUR_BONUS = Tr("Votre bonus", "Your bonus")
