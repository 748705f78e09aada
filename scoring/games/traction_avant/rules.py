"""Le Gang des Traction-Avant: the book's constants and arithmetic (victory, turn order, dice, heists,
cars, cards), each quoting the rulebook.

>>> victor([20_000_000, 18_000_000, 500_000, 0])
0
>>> traction_points(3, series=True)
21
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from scoring.core import IllegalEvent, Tr
from scoring.core.fields import quote

SLUG = "traction-avant"

#: « reçoit son capital de départ, 500 000 Thunes »
START = 500_000
#: « le premier joueur qui atteint 20 millions de Thunes (ou briques) avec un écart d'au moins 2 millions »
GOAL = 20_000_000
LEAD = 2_000_000
#: one « brique »: « 1 brique » (French) is « un milione » (Italian)
BRIQUE = 1_000_000
#: « lui proposer 300 000 Thunes pour cohabiter, le temps d'un tour »
COHABITATION = 300_000
#: « Le recrutement d'un homme de main [...] coûte 4 points de mouvement ou 1 brique. »
RECRUIT_POINTS = 4
RECRUIT_PRICE = BRIQUE
#: « Chaque joueur dispose pour cette phase de 3 minutes (1 sablier) et de 12 points de mouvement »
MOVE_POINTS = 12
MOVE_MS = 180_000
#: « Tout joueur désirant 3 minutes supplémentaires doit donner 100 000 Thunes à chacun de ses adversaires. »
EXTRA_TIME_PRICE = 100_000
#: « Cette phase ne doit pas excéder 6 minutes (2 sabliers) »
MAGOUILLES_MS = 360_000
#: « 6 lots de 20 pions »
RESERVE = 20
#: « Cette carte permet à un joueur de ramener à sa base 4 hommes maximum. »
MEN_PER_CAR = 4
#: « La Sten Mark II [...] qui tire 5 balles »
STEN_BULLETS = 5
#: « multiplie le nombre obtenu par 200 000 Thunes »
VAN_UNIT = 200_000
#: « Un casse a lieu dès que trois pions [...] sont présents dans une banque. »
HEIST_MIN = 3
#: « Une base est déclarée attaquée quand trois pions au moins [...] y pénètrent. »
BASE_ATTACK_MIN = 3

PHASES = ("first", "magouilles", "moves", "heists", "cards")

#: The six boss powers of « Personnalisation des joueurs », with their rulebook texts.
POWERS: dict[str, tuple[str, Tr]] = {
    "pierrot": ("Pierrot le Fou", Tr(
        "Pierrot le Fou, qui n'hésitait pas à « défourailler », dispose d'une Sten « gratuite » à chaque "
        "tour. La carte est placée face visible et est retournée jusqu'au tour suivant quand elle est "
        "jouée. Elle ne fait pas partie des 4 cartes « Super Embrouille » autorisées.",
        "Pierrot le Fou, never slow to draw, has a 'free' Sten every turn. The card lies face up and is "
        "turned over until the next turn when it is played. It does not count among the 4 'Super "
        "Embrouille' cards allowed.",
        it="Pierrot le Fou, che non esitava a «sforacchiare», dispone di uno Sten gratuito ogni turno. La carta è "
           "piazzata in modo visibile e, quando è usata, viene girata fino al turno successivo. Non fa parte delle "
           "quattro carte Super Embrouille normalmente autorizzate.")),
    "moko": ("Le Moko", Tr(
        "Le Moko est l'homme le plus raisonnable et le plus posé du groupe : Il peut interdire, une fois "
        "par tour, l'entrée d'une case à un joueur, et éviter ainsi un combat.",
        "Le Moko is the most reasonable and level-headed man of the lot: once per turn he may forbid a "
        "player to enter a square, and so avoid a fight.",
        it="Le Moko è l'uomo più posato e ragionevole del gruppo: può proibire una volta per turno l'ingresso in "
           "una casella a un giocatore ed evitare così un combattimento.")),
    "mammouth": ("Le Mammouth", Tr(
        "Le Mammouth porte admirablement son surnom car tous ses pions en défense comptent double et "
        "doivent donc être « tués » deux fois dans le même combat pour être éliminés.",
        "Le Mammouth lives up to his nickname: all his pawns count double in defence and must be "
        "'killed' twice in the same fight to be eliminated.",
        it="Le Mammouth giustifica perfettamente il suo soprannome perché tutte le sue pedine in difesa contano "
           "doppio e devono dunque essere «eliminate» due volte nello stesso combattimento per essere eliminate.")),
    "gros": ("Le Gros", Tr(
        "Le Gros, est un homme bien informé, toujours averti des casses qui se préparent. A la fin de la "
        "phase de mouvement, si une banque doit être dévalisée, il peut amener 2 de ses pions présents "
        "sur le plateau de jeu dans cette banque, sans dépenser de points de mouvement, et participer au "
        "casse. Si les deux banques sont attaquées, il peut amener deux pions dans chaque.",
        "Le Gros is well informed, always warned of the heists being planned. At the end of the movement "
        "phase, if a bank is to be robbed, he may bring 2 of his pawns on the board into that bank "
        "without spending movement points, and join the heist. If both banks are robbed, two pawns "
        "into each.",
        it="Le Gros è un uomo molto ben informato, sempre al corrente dei colpi che si preparano. Alla fine della "
           "fase di movimento, se una banca deve essere svaligiata, può portare due pedine presenti sulla plancia "
           "in questa banca, senza spendere punti movimento, e partecipare al colpo. Se vengono attaccate tutte e "
           "due le banche, può mettere due pedine in ciascuna.")),
    "monmon": ("Monmon", Tr(
        "Monmon, c'est le manuel, l'amoureux du Colt bien graissé. Au début de chaque tour, il choisit "
        "deux cartes « Embrouille » (2 Colts, 2 Esquives ou une de chaque) qu'il dévoile aux autres "
        "joueurs.",
        "Monmon is the craftsman, in love with a well-oiled Colt. At the start of every turn he chooses "
        "two 'Embrouille' cards (2 Colts, 2 Esquives or one of each) and shows them to the others.",
        it="Monmon, il pistolero. All'inizio di ogni turno sceglie due carte Embrouille (due Colt, due Esquive o "
           "una di ciascuna) che mostra agli altri giocatori.")),
    "riton": ("Riton le Tatoué", Tr(
        "Riton le Tatoué : c'est l'As du Volant. Au début de chaque tour, il prend deux cartes Traction.",
        "Riton le Tatoué is the ace driver. At the start of every turn he takes two Traction cards.",
        it="Riton le Tatoué, l'asso del volante. All'inizio di ogni turno prende due carte Traction-Avant.")),
}
POWER_KEYS = tuple(POWERS)

#: « A 5 joueurs : Raymond Naudy ne joue pas » / « A 4 joueurs : Ni Raymond Naudy, ni Henri Fefeu ne jouent. »
BOSSES_OUT: dict[int, tuple[str, ...]] = {4: ("Raymond Naudy", "Henri Fefeu"), 5: ("Raymond Naudy",), 6: ()}


def bosses_out(players: int) -> tuple[str, ...]:
    """The bases that stay empty at this player count.

    >>> bosses_out(4)
    ('Raymond Naudy', 'Henri Fefeu')
    >>> bosses_out(6)
    ()
    """
    return BOSSES_OUT[players]


def victor(thunes: Sequence[int]) -> int | None:
    """The seat that meets the victory condition, or ``None``.

    « Est déclaré vainqueur le premier joueur qui atteint 20 millions de Thunes (ou briques) avec
    un écart d'au moins 2 millions sur le plus fortuné des autres joueurs. »  Reaching exactly
    20 000 000 counts, and so does a lead of exactly 2 000 000.

    >>> victor([20_000_000, 18_000_000, 0, 0])
    0
    >>> victor([19_999_999, 0, 0, 0]) is None
    True
    >>> victor([22_000_000, 20_500_000, 0, 0]) is None   # both above 20 M, lead 1.5 M
    True
    >>> victor([0, 24_000_000, 22_000_000, 0])
    1
    """
    if not thunes:
        return None
    best = max(range(len(thunes)), key=lambda s: thunes[s])
    others = [v for s, v in enumerate(thunes) if s != best]
    runner_up = max(others) if others else 0
    if thunes[best] >= GOAL and thunes[best] - runner_up >= LEAD:
        return best
    return None


def right_neighbour(seat: int, players: int) -> int:
    """The seat on ``seat``'s right, seats being numbered clockwise.

    « Au début du tour suivant, il donne le marqueur à son voisin de droite qui devient alors premier
    joueur. »  Sitting at the table, the next seat clockwise is on one's left, so the right-hand
    neighbour is the previous seat.

    >>> right_neighbour(0, 4), right_neighbour(3, 4)
    (3, 2)
    """
    return (seat - 1) % players


def turn_order(first: int, players: int) -> list[int]:
    """The order of play within a phase: « Les autres joueurs lui succéderont, dans le sens des aiguilles
    d'une montre ».

    >>> turn_order(2, 5)
    [2, 3, 4, 0, 1]
    """
    return [(first + k) % players for k in range(players)]


def traction_points(cards: int, series: bool) -> int:
    """Movement points given by ``cards`` Traction-Avant cards played at the same time.

    « Pendant une phase de mouvement, elle apporte 6 points de mouvement supplémentaires »; with the
    optional « Série de traction-avant »: « Une deuxième carte jouée en même temps en donne 7, une
    troisième 8, etc. »

    >>> traction_points(2, series=False), traction_points(2, series=True)
    (12, 13)
    >>> traction_points(0, series=True)
    0
    """
    if not series:
        return 6 * cards
    return sum(5 + k for k in range(1, cards + 1))


def heist_order(banks: Sequence[Sequence[int]]) -> list[int]:
    """Which banks are robbed (three pawns or more) and in which order.

    « Si, dans un même tour, les deux banques sont attaquées, le casse mettant en jeu la plus grosse
    somme d'argent est résolu le premier (en cas d'égalité, celui qui fait intervenir le plus grand
    nombre de joueurs). »  Still equal: bank 1 first.

    >>> heist_order([[1, 2, 0, 0], [3, 0, 0, 0]])
    [0, 1]
    >>> heist_order([[2, 1, 0, 0], [1, 1, 1, 0]])
    [1, 0]
    >>> heist_order([[2, 0, 0, 0], [0, 0, 0, 0]])
    []
    """
    robbed = [b for b, pawns in enumerate(banks) if sum(pawns) >= HEIST_MIN]
    return sorted(robbed, key=lambda b: (-sum(banks[b]), -sum(1 for p in banks[b] if p > 0), b))


def van_loot(dice: Sequence[int]) -> int:
    """« le premier joueur lance deux dés et multiplie le nombre obtenu par 200 000 Thunes. Le butin
    varie donc entre 400 000 et 2 400 000 Thunes. »

    >>> van_loot([1, 1]), van_loot([6, 6])
    (400000, 2400000)
    """
    return sum(dice) * VAN_UNIT


def roll_dice(rng: random.Random, count: int = 2) -> list[int]:
    return [rng.randint(1, 6) for _ in range(count)]


def roulette_rolls(proposer: int, opponent: int, rng: random.Random) -> list[list[int]]:
    """Roll a Russian roulette: ``[[seat, die], ...]`` until somebody rolls a 1.

    « les deux joueurs lancent chacun leur tour un dé, en commençant par celui qui a proposé le
    combat. Le premier qui tire un 1 est mort. »

    >>> rolls = roulette_rolls(2, 0, random.Random(3))
    >>> rolls[0][0], rolls[-1][1], roulette_loser(rolls, 2, 0) == rolls[-1][0]
    (2, 1, True)
    """
    rolls: list[list[int]] = []
    who = proposer
    while True:
        die = rng.randint(1, 6)
        rolls.append([who, die])
        if die == 1:
            return rolls
        who = opponent if who == proposer else proposer


def roulette_loser(rolls: Any, proposer: int, opponent: int) -> int:
    """Check a recorded roulette and return the seat that rolled the 1 (raises :class:`IllegalEvent`)."""
    if not isinstance(rolls, list) or not rolls or len(rolls) > 1000:
        raise IllegalEvent(Tr(f"rolls : une roulette a besoin de sa liste de lancers [place, dé], "
                              f"reçu {quote(rolls)}",
                              f"rolls: a roulette needs its list of [seat, die] rolls, got {quote(rolls)}",
                              it="rolls: una roulette ha bisogno della sua lista di lanci [posto, dado], ricevuto "
                                 f"{quote(rolls)}"))
    for i, roll in enumerate(rolls):
        expected = proposer if i % 2 == 0 else opponent
        if (not isinstance(roll, list) or len(roll) != 2 or roll[0] != expected
                or not _die(roll[1])):
            raise IllegalEvent(Tr(f"rolls[{i}] : attendu [{expected}, 1..6] (le proposeur d'abord, puis "
                                  f"chacun son tour), reçu {quote(roll)}",
                                  f"rolls[{i}]: expected [{expected}, 1..6] (proposer first, then in turn), "
                                  f"got {quote(roll)}",
                                  it=f"rolls[{i}]: atteso [{expected}, 1..6] (prima chi propone, poi a turno), "
                                     f"ricevuto {quote(roll)}"))
        if roll[1] == 1 and i != len(rolls) - 1:
            raise IllegalEvent(Tr(f"rolls[{i}] : {quote(roll)} est un 1, la roulette s'arrête là",
                                  f"rolls[{i}]: {quote(roll)} is a 1, the roulette stops there",
                                  it=f"rolls[{i}]: {quote(roll)} è un 1, la roulette si ferma lì"))
    if rolls[-1][1] != 1:
        raise IllegalEvent(Tr(f"rolls : la roulette continue jusqu'à ce que quelqu'un tire un 1, dernier "
                              f"lancer {quote(rolls[-1])}",
                              f"rolls: the roulette goes on until someone rolls a 1, last roll "
                              f"{quote(rolls[-1])}",
                              it="rolls: la roulette continua finché qualcuno fa 1, ultimo lancio "
                                 f"{quote(rolls[-1])}"))
    return int(rolls[-1][0])


def _die(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 6


def check_dice(dice: Any, count: int = 2) -> list[int]:
    """Validate a recorded roll of ``count`` dice."""
    if not isinstance(dice, list) or len(dice) != count or not all(_die(d) for d in dice):
        raise IllegalEvent(Tr(f"dice : {count} dés de 1 à 6 attendus, reçu {quote(dice)}",
                              f"dice: expected {count} dice of 1 to 6, got {quote(dice)}",
                              it=f"dice: attesi {count} dadi da 1 a 6, ricevuto {quote(dice)}"))
    return list(dice)


def cars_carry(men: int) -> int:
    """The fewest Traction-Avant cards that bring ``men`` home: « Cette carte permet à un joueur de
    ramener à sa base 4 hommes maximum. »

    >>> [cars_carry(m) for m in (0, 1, 4, 5, 8, 9)]
    [0, 1, 1, 2, 2, 3]
    """
    return -(-men // MEN_PER_CAR)


#: The two readings of the Super Embrouille cards earned in the cafés (docs/rules-notes.md): phase 5's
#: « autant de cartes « Super Embrouille » qu'ils ont de séries de 3 pions dans des cafés » (one per full
#: set of 3 in a café: the ruling) or phase 3's « Tout joueur représenté par 3 de ses hommes dans le même
#: établissement recevra une carte « Super Embrouille » » (one per café holding 3 or more).
CAFE_CARDS = ("series", "one_per_cafe")
#: « On y trouve 2 banques, 3 cafés et 15 hôtels. »
CAFES = 3
HOTELS = 15


def super_cards(cafes: Sequence[int], reading: str = "series") -> int:
    """The Super Embrouille cards a gang takes in phase 5 for its pawns in each café.

    >>> super_cards([6, 2, 0]), super_cards([6, 2, 0], "one_per_cafe")
    (2, 1)
    >>> super_cards([2, 1, 0]), super_cards([3, 3, 5])
    (0, 3)
    """
    if reading == "one_per_cafe":
        return sum(1 for pawns in cafes if pawns >= 3)
    return sum(pawns // 3 for pawns in cafes)
