"""apaches: the game's card (read by the home screen and the history without loading the engine)."""

from __future__ import annotations

from scoring.core.card import Card
from scoring.core.tr import Tr

CARD = Card(
    "apaches",
    Tr("Les Apaches de Paris", "Les Apaches de Paris", it="Les Apaches de Paris"),
    Tr("Gangs d'Apaches dans le Paris de 1907 : l'appli tire la configuration et les planques retirées, "
       "tient les porte-monnaie, les Apaches et les règlements de quartier, et garde secrets les "
       "bourgeois tirés.",
       "Apache gangs in 1907 Paris: the app draws the configuration and the stashes set aside, keeps "
       "the wallets, the Apaches and the district settlements, and keeps the drawn bourgeois secret.",
       it="Bande di Apache nella Parigi del 1907: l'app estrae la configurazione e i nascondigli messi da parte, "
          "tiene i borsellini, gli Apache e le risoluzioni dei quartieri, e tiene segreti i borghesi pescati."),
    min_players=2,
    max_players=4,
    colour="#8d6e63",
    emblem="emblem.svg",
    order=1,
)
