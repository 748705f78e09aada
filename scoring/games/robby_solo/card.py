"""robby-solo: the game's card (read by the home screen and the history without loading the engine)."""

from __future__ import annotations

from scoring.core.card import Card
from scoring.core.tr import Tr

CARD = Card(
    "robby-solo",
    Tr("Robby Solo", "Robby Solo", it="Robby Solo"),
    Tr("Braquez seul une banque pour en prendre tout le butin ; l'app gère les banques, la police, "
       "Robby Junior et le décompte.",
       "Rob a bank alone to take all its loot; the app keeps the banks, the police, Robby Junior and "
       "the final count.",
       it="Rapinate da soli una banca per prenderne tutto il bottino; l'app gestisce le banche, la polizia, Robby "
          "Junior e il conteggio."),
    min_players=3,
    max_players=6,
    colour="#b71c1c",
    emblem="emblem.svg",
    order=2,
    virtual_players=("Robby Junior",),
    first_seat_key="first_gentleman",
    hidden_setup_keys=("deck", "junior_deck"),
)
