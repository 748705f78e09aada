"""apprentis: the game's card (read by the home screen and the history without loading the engine)."""

from __future__ import annotations

from scoring.core.card import Card
from scoring.core.tr import Tr

CARD = Card(
    "apprentis",
    Tr("Les apprentis", "Les apprentis", it="Les apprentis"),
    Tr("Dés, ordre de choix, taches, remplissage du marché et décompte des tableaux.",
       "Dice, drafting order, stains, market refills and the scoring of the paintings.",
       it="Dadi, ordine di scelta, macchie, rifornimento del mercato e conteggio dei quadri."),
    min_players=1,
    max_players=5,
    colour="#8e5b9f",
    emblem="emblem.svg",
    order=4,
)
