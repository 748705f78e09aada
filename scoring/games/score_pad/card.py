"""score-pad: the game's card (read by the home screen and the history without loading the engine)."""

from __future__ import annotations

from scoring.core.card import Card
from scoring.core.tr import Tr

CARD = Card(
    "score-pad",
    Tr("Carnet de scores", "Score pad", it="Taccuino dei punti"),
    Tr("N'importe quel autre jeu : nommez-le, puis notez les points manche par manche ou en fin de partie, "
       "le plus haut ou le plus bas gagne, en coopération ou par équipes.",
       "Any other game: name it, then write the points round by round or at the end; highest or lowest "
       "wins, cooperative or in teams.",
       it="Qualsiasi altro gioco: dategli un nome, poi segnate i punti round per round o a fine partita; vince il "
          "più alto o il più basso, in cooperazione o a squadre."),
    min_players=1,
    max_players=20,
    colour="#546e7a",
    emblem="emblem.svg",
    order=90,
    hidden_setup_keys=("game_name",),
)
