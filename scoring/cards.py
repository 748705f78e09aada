"""Each game's card: what the home screen shows of it, without importing its rule engine.

The game's class takes these from its card (``name, description, min_players, max_players, colour
= CARDS[slug]``), so that each is written once.  The home screen, the first page the app draws,
lists the four games from their cards; the four engines' modules (about 0.1 s of imports) are
loaded once that page is drawn (``app.main.warm_up``).

>>> CARDS["apprentis"].name.get("en"), CARDS["apprentis"].min_players, CARDS["apprentis"].max_players
('Les apprentis', 1, 5)
"""

from __future__ import annotations

from typing import NamedTuple

from scoring.core import Tr


class Card(NamedTuple):
    name: Tr
    description: Tr
    min_players: int
    max_players: int
    colour: str


#: Every game's card, in the order the app lists the games (the order of :data:`scoring.SLUGS`).
CARDS: dict[str, Card] = {
    "apaches": Card(
        Tr("Les Apaches de Paris", "Les Apaches de Paris"),
        Tr("Gangs d'Apaches dans le Paris de 1907 : l'appli tire la configuration et les planques retirées, "
           "tient les porte-monnaie, les Apaches et les règlements de quartier, et garde secrets les "
           "bourgeois tirés.",
           "Apache gangs in 1907 Paris: the app draws the configuration and the stashes set aside, keeps "
           "the wallets, the Apaches and the district settlements, and keeps the drawn bourgeois secret."),
        2, 4, "#8d6e63"),
    "robby-solo": Card(
        Tr("Robby Solo", "Robby Solo"),
        Tr("Braquez seul une banque pour en prendre tout le butin ; l'app gère les banques, la police, "
           "Robby Junior et le décompte.",
           "Rob a bank alone to take all its loot; the app keeps the banks, the police, Robby Junior and "
           "the final count."),
        3, 6, "#b71c1c"),
    "traction-avant": Card(
        Tr("Le Gang des Traction-Avant", "The Traction-Avant Gang"),
        Tr("Jeu de négociation bruyant : l'app tient la banque, le chronomètre, les dés et le notaire "
           "(ordres secrets après un casse, alliances écrites).",
           "A loud negotiation game: the app is the bank, the clock, the dice and the notary (secret "
           "orders after a heist, written alliances)."),
        4, 6, "#5d4037"),
    "apprentis": Card(
        Tr("Les apprentis", "Les apprentis"),
        Tr("Dés, ordre de choix, taches, remplissage du marché et décompte des tableaux.",
           "Dice, drafting order, stains, market refills and the scoring of the paintings."),
        1, 5, "#8e5b9f"),
}
