"""The texts of the table on the network that the sessions' part of :mod:`app.main` says (French, English)."""

from __future__ import annotations

from scoring import Tr

STRINGS: dict[str, Tr] = {
    "tap_lost": Tr("La connexion a été coupée pendant votre dernière action : elle n'a rien fait. "
                   "Vérifiez l'écran et recommencez si besoin.",
                   "The connection was lost during your last action: it did nothing. "
                   "Check the screen and do it again if need be."),
}
