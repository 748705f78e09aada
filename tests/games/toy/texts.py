"""The toy game's names for things at the table: phases, score-sheet lines, panels."""

from __future__ import annotations

from scoring.core import Tr

PHASE_NAMES = {
    "draw": Tr("Tirage des bonus", "Drawing the bonuses", it="Pesca dei bonus"),
    "race": Tr("Course", "Race", it="Corsa"),
    "over": Tr("Arrivée", "Finish", it="Arrivo"),
}
#: the score sheet's lines
CATEGORIES = {"track": Tr("Cases parcourues", "Squares run",
                          it="Caselle percorse"), "bonus": Tr("Bonus", "Bonus", it="Bonus")}
TRACK = Tr("Piste", "Track", it="Pista")
BONUS_HIDDEN = Tr("caché", "hidden", it="nascosto")
YOUR_BONUS = Tr("Votre bonus", "Your bonus", it="Il vostro bonus")
