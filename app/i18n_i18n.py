"""The texts of the Apprentis painting editor and review (French and English; Italian in the catalogue).

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
}

#: the painting's cards, each in a word (a cell's accessible name): French, English, Italian
CARD_WORDS: dict[str, Tr] = {
    "maison": Tr("Maison", "House", it="Casa"), "ciel": Tr("Ciel", "Sky", it="Cielo"),
    "oiseau": Tr("Oiseau", "Bird", it="Uccello"), "lac": Tr("Lac", "Lake", it="Lago"),
    "perso": Tr("Perso", "Char.", it="Pers."), "arbre": Tr("Arbre", "Tree", it="Albero"),
    "fontaine": Tr("Fontaine", "Fountain", it="Fontana"), "pont": Tr("Pont", "Bridge", it="Ponte"),
    "sapin": Tr("Sapin", "Fir", it="Abete"), "eglise": Tr("Église", "Church", it="Chiesa"),
}
