"""The toy game's card: what the home screen, the history and the statistics know of it without its engine."""

from __future__ import annotations

from scoring.core import Card, Tr

CARD = Card(
    "toy",
    Tr("Jeu jouet", "Toy game", it="Gioco giocattolo"),
    Tr("Une course de pions pour essayer l'app : chacun tire un bonus secret, puis on avance au dé.",
       "A pawn race to try the app: everyone draws a secret bonus, then the pawns move by the die.",
       it="Una corsa di pedine per provare l'app: ognuno pesca un bonus segreto, poi si avanza col dado."),
    min_players=1,
    max_players=4,
    colour="#6a1b9a",
    emblem="emblem.svg",
    order=900,  # after the real games
)
