"""Les apprentis: the game's words, French and English (phases, categories, cards, dice lines, notes)."""

from __future__ import annotations

from scoring.core import Tr

PHASE_NAMES = {
    "roll": Tr("Lancer des dés", "Dice roll"),
    "program": Tr("Programmation secrète", "Secret programming"),
    "draft": Tr("Choix des dés", "Dice draft"),
    "take": Tr("Prise des cartes", "Taking cards"),
    "refill": Tr("Remplissage du marché", "Market refill"),
    "final": Tr("Touche finale et décompte", "Final touch and scoring"),
    "done": Tr("Partie terminée", "Game over"),
}
#: The phases of the turns (before the final touch).
PLAY_PHASES = ("roll", "program", "draft", "take", "refill")
STAIN_CHOICES = (("0", Tr("Pas de tache", "No stain")),
                 ("+1", Tr("Tache : dé +1", "Stain: die +1")),
                 ("-1", Tr("Tache : dé −1", "Stain: die −1")))
#: The painting form's card list (``maison`` also takes the printed points: ``maison:N``).
CARD_NAMES = {
    "maison": Tr("Maison (points imprimés)", "House (printed points)"), "ciel": Tr("Ciel", "Sky"),
    "oiseau": Tr("Oiseau", "Bird"), "lac": Tr("Lac", "Lake"), "perso": Tr("Personnage", "Character"),
    "fontaine": Tr("Fontaine", "Fountain"), "pont": Tr("Pont", "Bridge"), "sapin": Tr("Sapin", "Fir"),
    "eglise": Tr("Église", "Church"),
    **{f"arbre:A{i}": Tr(f"Arbre A{i}", f"Tree A{i}") for i in range(1, 5)},
}
#: The score sheet's categories (the breakdown keys), as the table calls them.
CATEGORY_NAMES = {
    "maison": Tr("Maisons", "Houses"), "ciel": Tr("Ciel", "Sky"), "oiseau": Tr("Oiseaux", "Birds"),
    "lac": Tr("Lac", "Lake"), "perso": Tr("Personnages", "Characters"), "arbre": Tr("Arbres", "Trees"),
    "fontaine": Tr("Fontaines", "Fountains"), "pont": Tr("Ponts", "Bridges"), "sapin": Tr("Sapins", "Firs"),
    "eglise": Tr("Églises", "Churches"), "taches": Tr("Taches", "Stains"),
}


def stain_note(points: int) -> Tr:
    """What a stain does, with the points it costs in this match.

    >>> stain_note(1).en
    'Staining: when taking a card, you may change your die by ±1; each stain costs 1 point at the end.'
    """
    cost = "1 point" if points == 1 else f"{points} points"  # the same words in both languages
    return Tr(f"Tacher : en prenant une carte, on peut changer son dé de ±1 ; chaque tache coûte {cost} à la fin.",
              f"Staining: when taking a card, you may change your die by ±1; each stain costs {cost} at the end.")


EMPTY_LINE_NOTE = Tr("Si la ligne ou colonne du dé n'a plus de carte, on prend n'importe quelle carte.",
                     "If the die's row or column holds no card any more, take any card.")
TWO_PLAYER_TREES = Tr("À 2 joueurs, les arbres restent en jeu : la règle les range « à 1, 2 ou 3 joueurs » puis "
                      "« dans la configuration 1 et 3 joueurs ».",
                      "With 2 players the trees stay in play: the rules remove them “with 1, 2 or 3 players” "
                      "then “in the 1 and 3 player set-up”.")
MARKET_NOTE = Tr("Remplissez la ligne du haut de gauche à droite, puis celle du milieu, puis celle du bas. "
                 "Une carte éclair piochée : sa ligne et sa colonne sont défaussées et remplies (une seule fois).",
                 "Fill the top row left to right, then the middle one, then the bottom one. A lightning card "
                 "drawn: its row and column are discarded and refilled (only once).")
#: The sheet's note when every player has as many characters, by the reading played.
SAME_PERSO = {
    "both": Tr("Tout le monde a autant de personnages : chacun gagne 9 et perd 5.",
               "Everyone has as many characters: everyone gains 9 and loses 5."),
    "none": Tr("Tout le monde a autant de personnages : personne ne gagne ni ne perd de points (règle maison).",
               "Everyone has as many characters: nobody gains or loses points (house rule)."),
    "zero": Tr("Tout le monde a autant de personnages : chacun gagne 9 et perd 5 ; sans personnage, chacun perd "
               "seulement 5 (règle maison).",
               "Everyone has as many characters: everyone gains 9 and loses 5; with no character, everyone only "
               "loses 5 (house rule)."),
}


def line_name(value: int) -> Tr:
    """What a die face points at.

    >>> line_name(2).fr, line_name(5).en
    ('colonne 2', 'row 5')
    """
    return Tr(f"colonne {value}", f"column {value}") if value <= 3 else Tr(f"ligne {value}", f"row {value}")


def spot_name(spot: str) -> Tr:
    """A market spot in words.

    >>> spot_name("1-5").en
    'column 1 × row 5'
    """
    col, _, row = spot.partition("-")
    return Tr(f"colonne {col} × ligne {row}", f"column {col} × row {row}")


def draft_rule(players: int) -> Tr:
    if players == 1:
        return Tr("Lancez deux dés et gardez-en un.", "Roll two dice and keep one.")
    if players == 2:
        return Tr("Le premier joueur prend un dé sur quatre, le second deux des trois restants, "
                  "le premier récupère le dernier.",
                  "The first player takes one die of four, the second two of the remaining three, "
                  "the first player takes the last one.")
    return Tr("Le premier joueur choisit un dé et passe les autres à sa gauche, et ainsi de suite.",
              "The first player picks a die and passes the rest to the left, and so on.")
