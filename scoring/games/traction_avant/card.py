"""traction-avant: the game's card (read by the home screen and the history without loading the engine)."""

from __future__ import annotations

from scoring.core.card import Card
from scoring.core.tr import Tr

CARD = Card(
    "traction-avant",
    Tr("Le Gang des Traction-Avant", "The Traction-Avant Gang", it="La Gang delle Traction-Avant"),
    Tr("Jeu de négociation bruyant : l'app tient la banque, le chronomètre, les dés et le notaire "
       "(ordres secrets après un casse, alliances écrites).",
       "A loud negotiation game: the app is the bank, the clock, the dice and the notary (secret "
       "orders after a heist, written alliances).",
       it="Gioco di negoziazione rumoroso: l'app tiene la banca, il cronometro, i dadi e il notaio (intenzioni "
          "segrete dopo un colpo, alleanze scritte)."),
    min_players=4,
    max_players=6,
    colour="#5d4037",
    emblem="emblem.svg",
    order=3,
)
