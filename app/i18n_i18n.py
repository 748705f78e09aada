"""The texts of the painting grid's editor and review (French and English; Italian in the catalogue).

Kept beside :mod:`app.i18n` (which merges them into its table), as :mod:`app.i18n_history` is.
"""

from __future__ import annotations

from scoring import Tr

STRINGS: dict[str, Tr] = {
    "painting_card": Tr("Carte", "Card"),
    "painting_erase": Tr("Effacer une carte", "Erase a card"),
    "painting_hint": Tr("Touchez une case pour y poser la carte choisie, à nouveau pour l'enlever ; la grille "
                        "s'agrandit autour du tableau.",
                        "Tap a cell to lay the chosen card there, again to take it back; the grid grows around "
                        "the painting."),
    "painting_counts": Tr("compte", "counts"),
    "painting_all": Tr("Tout", "All"),
    "painting_title": Tr("Tableau de {a} : {b}", "{a}'s painting: {b}"),
    #: the number printed on a card, asked with it, for a game that gives it no name
    "painting_number": Tr("Nombre", "Number"),
}
