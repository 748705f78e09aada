"""Les apprentis: the game's words, French and English (phases, categories, cards, dice lines, notes)."""

from __future__ import annotations

from scoring.core import GridCards, Tr
from scoring.games.apprentis.card import CARD

PHASE_NAMES = {
    "roll": Tr("Lancer des dés", "Dice roll", it="Lancio dei dadi"),
    "program": Tr("Programmation secrète", "Secret programming", it="Programmazione segreta"),
    "draft": Tr("Choix des dés", "Dice draft", it="Scelta dei dadi"),
    "take": Tr("Prise des cartes", "Taking cards", it="Presa delle carte"),
    "refill": Tr("Remplissage du marché", "Market refill", it="Rifornimento del mercato"),
    "final": Tr("Touche finale et décompte", "Final touch and scoring", it="Tocco finale e conteggio"),
    "done": Tr("Partie terminée", "Game over", it="Partita finita"),
}
#: The phases of the turns (before the final touch).
PLAY_PHASES = ("roll", "program", "draft", "take", "refill")
STAIN_CHOICES = (("0", Tr("Pas de tache", "No stain", it="Nessuna macchia")),
                 ("+1", Tr("Tache : dé +1", "Stain: die +1", it="Macchia: dado +1")),
                 ("-1", Tr("Tache : dé −1", "Stain: die −1", it="Macchia: dado −1")))
#: The refill's button, and its line in the ledger.
REFILLED = Tr("Marché rempli : tour suivant", "Market refilled: next turn", it="Mercato rifornito: turno successivo")
#: The painting form's card list (``maison`` also takes the printed points: ``maison:N``).
CARD_NAMES = {
    "maison": Tr("Maison (points imprimés)", "House (printed points)",
                 it="Casa (punti stampati)"), "ciel": Tr("Ciel", "Sky", it="Cielo"),
    "oiseau": Tr("Oiseau", "Bird", it="Uccello"), "lac": Tr("Lac", "Lake",
                                              it="Lago"), "perso": Tr("Personnage", "Character", it="Personaggio"),
    "fontaine": Tr("Fontaine", "Fountain", it="Fontana"), "pont": Tr("Pont", "Bridge",
                                                       it="Ponte"), "sapin": Tr("Sapin", "Fir", it="Abete"),
    "eglise": Tr("Église", "Church", it="Chiesa"),
    **{f"arbre:A{i}": Tr(f"Arbre A{i}", f"Tree A{i}", it=f"Albero A{i}") for i in range(1, 5)},
}
#: The painting's cards as the grid shows them: each kind's word (a cell's caption and accessible name), the
#: house whose printed points are entered with it, their pictures (this folder's ``cards/``), and where the
#: final state keeps each seat's painting.
GRID_CARDS = GridCards(
    CARD.slug,
    # the palette's names where they are a word already; shorter for a house, a character and a tree's kind
    (("maison", Tr("Maison", "House", it="Casa")), ("perso", Tr("Perso", "Char.", it="Pers.")),
     ("arbre", Tr("Arbre", "Tree", it="Albero")),
     *((kind, name) for kind, name in CARD_NAMES.items() if kind not in ("maison", "perso") and ":" not in kind)),
    numbered=("maison",), number_label=Tr("Points", "Points", it="Punti"), number_start=3,
    pictures="cards", grids="paintings")
#: The score sheet's categories (the breakdown keys), as the table calls them.
CATEGORY_NAMES = {
    "maison": Tr("Maisons", "Houses", it="Case"), "ciel": Tr("Ciel", "Sky",
                                                  it="Cielo"), "oiseau": Tr("Oiseaux", "Birds", it="Uccelli"),
    "lac": Tr("Lac", "Lake", it="Lago"), "perso": Tr("Personnages", "Characters",
                                          it="Personaggi"), "arbre": Tr("Arbres", "Trees", it="Alberi"),
    "fontaine": Tr("Fontaines", "Fountains", it="Fontane"), "pont": Tr("Ponts", "Bridges",
                                                         it="Ponti"), "sapin": Tr("Sapins", "Firs", it="Abeti"),
    "eglise": Tr("Églises", "Churches", it="Chiese"), "taches": Tr("Taches", "Stains", it="Macchie"),
}


def stain_note(points: int) -> Tr:
    """What a stain does, with the points it costs in this match.

    >>> stain_note(1).en
    'Staining: when taking a card, you may change your die by ±1; each stain costs 1 point at the end.'
    """
    cost = "1 point" if points == 1 else f"{points} points"  # the same words in both languages
    return Tr(f"Tacher : en prenant une carte, on peut changer son dé de ±1 ; chaque tache coûte {cost} à la fin.",
              f"Staining: when taking a card, you may change your die by ±1; each stain costs {cost} at the end.",
              it=f"Macchiare: prendendo una carta, si può cambiare il proprio dado di ±1; ogni macchia costa {cost} "
                 "alla fine.")


EMPTY_LINE_NOTE = Tr("Si la ligne ou colonne du dé n'a plus de carte, on prend n'importe quelle carte.",
                     "If the die's row or column holds no card any more, take any card.",
                     it="Se la riga o la colonna del dado non ha più carte, si prende una carta qualsiasi.")
TWO_PLAYER_TREES = Tr("À 2 joueurs, les arbres restent en jeu : la règle les range « à 1, 2 ou 3 joueurs » puis "
                      "« dans la configuration 1 et 3 joueurs ».",
                      "With 2 players the trees stay in play: the rules remove them “with 1, 2 or 3 players” "
                      "then “in the 1 and 3 player set-up”.",
                      it="A 2 giocatori, gli alberi restano in gioco: il regolamento li toglie «a 1, 2 o 3 "
                         "giocatori» e poi «nella configurazione a 1 e 3 giocatori».")
MARKET_NOTE = Tr("Remplissez la ligne du haut de gauche à droite, puis celle du milieu, puis celle du bas. "
                 "Une carte éclair piochée : sa ligne et sa colonne sont défaussées et remplies (une seule fois).",
                 "Fill the top row left to right, then the middle one, then the bottom one. A lightning card "
                 "drawn: its row and column are discarded and refilled (only once).",
                 it="Riempite la riga in alto da sinistra a destra, poi quella di mezzo, poi quella in basso. Se si "
                    "pesca una carta fulmine: la sua riga e la sua colonna vengono scartate e riempite (una sola "
                    "volta).")
#: The sheet's note when every player has as many characters, by the reading played.
SAME_PERSO = {
    "both": Tr("Tout le monde a autant de personnages : chacun gagne 9 et perd 5.",
               "Everyone has as many characters: everyone gains 9 and loses 5.",
               it="Tutti hanno lo stesso numero di personaggi: ognuno guadagna 9 e perde 5."),
    "none": Tr("Tout le monde a autant de personnages : personne ne gagne ni ne perd de points (règle maison).",
               "Everyone has as many characters: nobody gains or loses points (house rule).",
               it="Tutti hanno lo stesso numero di personaggi: nessuno guadagna né perde punti (regola della casa)."),
    "zero": Tr("Tout le monde a autant de personnages : chacun gagne 9 et perd 5 ; sans personnage, chacun perd "
               "seulement 5 (règle maison).",
               "Everyone has as many characters: everyone gains 9 and loses 5; with no character, everyone only "
               "loses 5 (house rule).",
               it="Tutti hanno lo stesso numero di personaggi: ognuno guadagna 9 e perde 5; senza personaggi, "
                  "ognuno perde solo 5 (regola della casa)."),
}


def line_name(value: int) -> Tr:
    """What a die face points at.

    >>> line_name(2).fr, line_name(5).en
    ('colonne 2', 'row 5')
    """
    return Tr(f"colonne {value}", f"column {value}",
              it=f"colonna {value}") if value <= 3 else Tr(f"ligne {value}", f"row {value}",
                                                                           it=f"riga {value}")


def spot_name(spot: str) -> Tr:
    """A market spot in words.

    >>> spot_name("1-5").en
    'column 1 × row 5'
    """
    col, _, row = spot.partition("-")
    return Tr(f"colonne {col} × ligne {row}", f"column {col} × row {row}", it=f"colonna {col} × riga {row}")


def draft_rule(players: int) -> Tr:
    if players == 1:
        return Tr("Lancez deux dés et gardez-en un.", "Roll two dice and keep one.",
                  it="Lanciate due dadi e tenetene uno.")
    if players == 2:
        return Tr("Le premier joueur prend un dé sur quatre, le second deux des trois restants, "
                  "le premier récupère le dernier.",
                  "The first player takes one die of four, the second two of the remaining three, "
                  "the first player takes the last one.",
                  it="Il primo giocatore prende un dado su quattro, il secondo due dei tre rimasti, il primo prende "
                     "l'ultimo.")
    return Tr("Le premier joueur choisit un dé et passe les autres à sa gauche, et ainsi de suite.",
              "The first player picks a die and passes the rest to the left, and so on.",
              it="Il primo giocatore sceglie un dado e passa gli altri alla sua sinistra, e così via.")
