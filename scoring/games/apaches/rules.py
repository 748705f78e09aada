"""Les Apaches de Paris: the rulebook's constants and tables, the configurations, the turn orders.

Everything here is a pure function of its arguments; the moves (:mod:`.moves`) and the end score
(:mod:`.score`) are built on it.  Districts are numbered as on the board (1 to 7 have stashes,
8 is the bourgeois district, 9 the fence's); seats are numbered clockwise.

>>> STASHES[5], STEAL[3], operational(leaders=5, novices=1, reinforcements=2)
(6, 200, 8)
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from scoring.core import IllegalEvent, InvalidOptions, Tr, quote, whole

SLUG = "apaches"

#: « Nombre de planques » per district (the set-up table); 8 and 9 have none.
STASHES: dict[int, int] = {1: 3, 2: 4, 3: 4, 4: 5, 5: 6, 6: 5, 7: 4, 8: 0, 9: 0}
STASH_DISTRICTS = (1, 2, 3, 4, 5, 6, 7)
BOURGEOIS_DISTRICT, FENCE_DISTRICT = 8, 9
#: « Pour vos premières parties, prenez les configurations du tableau ci-dessous. »
FIRST_GAME: dict[int, tuple[int, ...]] = {
    2: (1, 2, 3, 6, 8, 9),
    3: (1, 4, 5, 6, 7, 8, 9),
    4: (1, 2, 3, 4, 5, 6, 7, 8, 9),
}
#: « Le joueur qui vole les autres gangs reçoit de chacun : 300 F à 2 joueurs, 200 F à 3, 150 F à 4 »
STEAL: dict[int, int] = {2: 300, 3: 200, 4: 150}
STASHES_PER_PLAYER = 6
ROUNDS, TURNS = 3, 6
START_WALLET, LEADERS, NOVICES = 500, 7, 3
REINFORCEMENT_PIECES = 5  # « x5 Les renforts »
PROHIBITED_COUNTERS = 3  # « x3 Pion « quartier interdit » »
BAIL = 150
FENCE_PER_BURGLARY = 250
BOURGEOIS_VALUE = 200
POLICEMAN_FINE = 200
APACHE_VALUE = 50
#: not the rules': a guard against a typing slip in a wallet's correction (a whole match moves a few thousand F)
MAX_CORRECTION = 100_000
MONEY_RANGE = (200, 500)  # « Gagner de 200 à 500 F »
VALUABLES_RANGE = (100, 400)  # « Cambrioler des objets de valeur de 100 à 400 F »
#: « Parmi les 4 bourgeois, l'un d'eux est un agent de ville. »
BOURGEOIS_TOKENS = ("bourgeois", "bourgeois", "bourgeois", "policeman")
#: one draw per round at most (« prend au hasard 1 bourgeois » at the end of each of the 3 rounds)
MOST_DRAWS = ROUNDS


def _check_players(players: object) -> int:
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise InvalidOptions.about("players", Tr(
            f"Les Apaches de Paris se jouent de 2 à 4 joueurs, reçu {quote(players)}",
            f"Les Apaches de Paris is for 2 to 4 players, got {quote(players)}",
            it=f"Les Apaches de Paris si gioca da 2 a 4 giocatori, ricevuto {quote(players)}"))
    return players


def configurations(players: int) -> list[tuple[int, ...]]:
    """Every valid district configuration for ``players`` gangs.

    A configuration is valid when the stashes in play, less the one set aside per
    district each round, are exactly six per player.  The first-game configuration
    of the set-up table comes first; the others follow in ascending order (Python's
    tuple order).  Each is a sorted tuple that includes 8 and 9.

    >>> configurations(4)
    [(1, 2, 3, 4, 5, 6, 7, 8, 9)]
    >>> for c in configurations(3): print(config_key(c))
    1.4.5.6.7.8.9
    1.2.4.5.6.8.9
    1.3.4.5.6.8.9
    2.3.4.5.7.8.9
    2.3.5.6.7.8.9
    >>> configurations(2)[:3]
    [(1, 2, 3, 6, 8, 9), (1, 2, 3, 4, 8, 9), (1, 2, 4, 7, 8, 9)]
    >>> len(configurations(2))
    12
    >>> configurations(5)
    Traceback (most recent call last):
    ...
    scoring.core.errors.InvalidOptions: players: Les Apaches de Paris is for 2 to 4 players, got 5
    """
    n = _check_players(players)
    found = []
    for size in range(1, len(STASH_DISTRICTS) + 1):
        for chosen in combinations(STASH_DISTRICTS, size):
            if sum(STASHES[d] - 1 for d in chosen) == STASHES_PER_PLAYER * n:
                found.append((*chosen, BOURGEOIS_DISTRICT, FENCE_DISTRICT))
    first = FIRST_GAME[n]
    return [first, *sorted(c for c in found if c != first)]


def prohibited(configuration: Sequence[int]) -> list[int]:
    """The districts that get a « quartier interdit » counter.

    >>> prohibited((1, 2, 3, 6, 8, 9))
    [4, 5, 7]
    """
    return [d for d in STASH_DISTRICTS if d not in configuration]


def config_key(configuration: Sequence[int]) -> str:
    """The printed form of a configuration, as in the rulebook.

    >>> config_key((1, 4, 5, 6, 7, 8, 9))
    '1.4.5.6.7.8.9'
    """
    return ".".join(str(d) for d in configuration)


def last_turn_order(apaches_in_front: list[int], first_player: int) -> list[int]:
    """The playing order of a round's last turn.

    « Le joueur qui a le plus d'Apaches (novices + meneurs + renforts) jouera en premier,
    celui qui en a le moins jouera en dernier.  Si des joueurs ont le même nombre
    d'Apaches, leur ordre dans le tour de jeu est fixé par le sens horaire à partir du
    1er joueur. »  ``apaches_in_front[i]`` is what seat ``i`` still has in front of it.

    >>> last_turn_order([2, 5, 2, 0], first_player=2)
    [1, 2, 0, 3]
    >>> last_turn_order([3, 3, 3], first_player=1)
    [1, 2, 0]
    >>> last_turn_order([1, -1], first_player=0)
    Traceback (most recent call last):
    ...
    scoring.core.errors.IllegalEvent: apaches_in_front[1]: must be at least 0, got -1
    """
    if not isinstance(apaches_in_front, list) or not 2 <= len(apaches_in_front) <= 4:
        raise IllegalEvent(Tr(f"apaches_in_front : il faut 2 à 4 nombres, reçu {quote(apaches_in_front)}",
                              f"apaches_in_front: must list 2 to 4 counts, got {quote(apaches_in_front)}",
                              it=f"apaches_in_front: servono da 2 a 4 numeri, ricevuto {quote(apaches_in_front)}"))
    for i, count in enumerate(apaches_in_front):
        whole(count, f"apaches_in_front[{i}]", 0, digits=False)
    n = len(apaches_in_front)
    whole(first_player, "first_player", 0, n - 1, digits=False)
    return sorted(range(n), key=lambda s: (-apaches_in_front[s], (s - first_player) % n))


def clockwise(first_player: int, players: int) -> list[int]:
    """The ordinary turn order.

    >>> clockwise(2, 4)
    [2, 3, 0, 1]
    """
    return [(first_player + i) % players for i in range(players)]


def operational(leaders: int, novices: int, reinforcements: int, policeman: bool = False) -> int:
    """Operational Apaches at the end: leaders (less the one the policeman jails), unused
    novices and reinforcements held.

    « 5 meneurs ... 2 renforts ... un novice qu'il n'a pas utilisé ... 8 Apaches opérationnels »

    >>> operational(5, 1, 2), operational(5, 1, 2, policeman=True), operational(0, 2, 0, policeman=True)
    (8, 7, 2)
    """
    jailed = 1 if policeman and leaders > 0 else 0
    return leaders - jailed + novices + reinforcements
