"""Les Apaches de Paris: the rule tables, the configurations, the last-turn order and end scoring.

Everything here is a pure function of its arguments; :mod:`scoring.games.apaches.game` builds the
match tracker on it.  Districts are numbered as on the board (1 to 7 have stashes,
8 is the bourgeois district, 9 the fence's); seats are numbered clockwise.

>>> STASHES[5], STEAL[3], operational(leaders=5, novices=1, reinforcements=2)
(6, 200, 8)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any, TypedDict

from scoring.core import IllegalEvent, InvalidOptions, InvalidScoreInput, ScoreSheet, rank_rows

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
MONEY_RANGE = (200, 500)  # « Gagner de 200 à 500 F »
VALUABLES_RANGE = (100, 400)  # « Cambrioler des objets de valeur de 100 à 400 F »
BOURGEOIS_TOKENS = ("bourgeois", "bourgeois", "bourgeois", "policeman")


def _check_players(players: object) -> int:
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise InvalidOptions(f"players: Les Apaches de Paris is for 2 to 4 players, got {players!r}")
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
    scoring.core.errors.IllegalEvent: apaches_in_front[1]: must be a whole number of at least 0, got -1
    """
    if not isinstance(apaches_in_front, list) or not 2 <= len(apaches_in_front) <= 4:
        raise IllegalEvent(f"apaches_in_front: must list 2 to 4 counts, got {apaches_in_front!r}")
    for i, count in enumerate(apaches_in_front):
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise IllegalEvent(f"apaches_in_front[{i}]: must be a whole number of at least 0, got {count!r}")
    n = len(apaches_in_front)
    if isinstance(first_player, bool) or not isinstance(first_player, int) or not 0 <= first_player < n:
        raise IllegalEvent(f"first_player: must be a seat from 0 to {n - 1}, got {first_player!r}")
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


# --------------------------------------------------------------------------- end scoring


class Holdings(TypedDict):
    """One gang after the third round's settlement, before the reveal."""

    name: str
    wallet: int
    bourgeois: int
    policeman: bool
    leaders: int
    novices: int
    reinforcements: int


FIELDS = ("name", "wallet", "bourgeois", "policeman", "leaders", "novices", "reinforcements")


def score_holdings(players: Sequence[Holdings]) -> ScoreSheet:
    """The end score sheet.  Breakdown lines add up to the total (francs).

    « Chaque gang gagne 200 F par bourgeois.  Le joueur qui a l'agent de ville perd 200 F
    et un de ses meneurs part en prison.  Chaque joueur reçoit 50 F par Apache
    opérationnel. »  The fine takes at most what the gang has (ruling: a wallet never
    goes below 0 F).  Most money wins, then most operational Apaches, else shared.

    >>> sheet = score_holdings([
    ...     {"name": "Léa", "wallet": 1450, "bourgeois": 1, "policeman": False,
    ...      "leaders": 5, "novices": 1, "reinforcements": 2},
    ...     {"name": "Sam", "wallet": 1700, "bourgeois": 0, "policeman": True,
    ...      "leaders": 6, "novices": 0, "reinforcements": 0}]).to_json()
    >>> [(r["name"], r["total"], r["operational"], r["breakdown"]["policeman"]) for r in sheet["ranking"]]
    [('Léa', 2050, 8, 0), ('Sam', 1750, 5, -200)]
    """
    rows = []
    extras: dict[int, dict[str, Any]] = {}
    for seat, p in enumerate(players):
        bourgeois = BOURGEOIS_VALUE * p["bourgeois"]
        fine = min(POLICEMAN_FINE, p["wallet"] + bourgeois) if p["policeman"] else 0
        ops = operational(p["leaders"], p["novices"], p["reinforcements"], p["policeman"])
        breakdown = {"wallet": p["wallet"], "bourgeois": bourgeois, "policeman": -fine,
                     "apaches": APACHE_VALUE * ops}
        rows.append((seat, p["name"], breakdown, sum(breakdown.values()), (ops,)))
        extras[seat] = {"operational": ops}
    return rank_rows(SLUG, rows, tiebreak_name="apaches", extras=extras)


def _whole(doc: Mapping[str, Any], key: str, where: str, low: int, high: int | None) -> int:
    if key not in doc:
        raise InvalidScoreInput(f"{where}.{key}", "is missing")
    value = doc[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidScoreInput(f"{where}.{key}", f"must be a whole number, got {value!r}")
    if value < low:
        raise InvalidScoreInput(f"{where}.{key}", f"must be at least {low}, got {value!r}")
    if high is not None and value > high:
        raise InvalidScoreInput(f"{where}.{key}", f"must be at most {high}, got {value!r}")
    return value


def parse_score_doc(doc: Any) -> list[Holdings]:
    """Validate the JSON document of ``python -m scoring score apaches``.

    >>> parse_score_doc({"players": [{"name": "Léa"}]})
    Traceback (most recent call last):
    ...
    scoring.core.errors.InvalidScoreInput: players: Les Apaches de Paris needs 2 to 4 players, got 1
    """
    if not isinstance(doc, dict):
        raise InvalidScoreInput("input", f"must be a JSON object with 'players', got {doc!r}")
    for key in doc:
        if key not in ("players", "game"):
            raise InvalidScoreInput(key, f"unknown field {key!r} (expected 'players')")
    if "game" in doc and doc["game"] != SLUG:
        raise InvalidScoreInput("game", f"must be {SLUG!r}, got {doc['game']!r}")
    raw = doc.get("players")
    if not isinstance(raw, list):
        raise InvalidScoreInput("players", f"must be a list of players, got {raw!r}")
    if not 2 <= len(raw) <= 4:
        raise InvalidScoreInput("players", f"Les Apaches de Paris needs 2 to 4 players, got {len(raw)}")
    out: list[Holdings] = []
    for i, p in enumerate(raw):
        where = f"players[{i}]"
        if not isinstance(p, dict):
            raise InvalidScoreInput(where, f"must be an object, got {p!r}")
        for key in p:
            if key not in FIELDS:
                raise InvalidScoreInput(f"{where}.{key}", f"unknown field (expected {', '.join(FIELDS)})")
        name = p.get("name")
        if not isinstance(name, str) or not name.strip():
            raise InvalidScoreInput(f"{where}.name", f"must be a non-empty text, got {name!r}")
        if any(q["name"] == name.strip() for q in out):
            raise InvalidScoreInput(f"{where}.name", f"{name!r} is used twice")
        if "policeman" not in p:
            raise InvalidScoreInput(f"{where}.policeman", "is missing")
        if not isinstance(p["policeman"], bool):
            raise InvalidScoreInput(f"{where}.policeman", f"must be true or false, got {p['policeman']!r}")
        out.append({
            "name": name.strip(),
            "wallet": _whole(p, "wallet", where, 0, None),
            "bourgeois": _whole(p, "bourgeois", where, 0, None),
            "policeman": p["policeman"],
            "leaders": _whole(p, "leaders", where, 0, LEADERS),
            "novices": _whole(p, "novices", where, 0, NOVICES),
            "reinforcements": _whole(p, "reinforcements", where, 0, None),
        })
    tokens = sum(p["bourgeois"] + p["policeman"] for p in out)
    if tokens > len(BOURGEOIS_TOKENS):
        raise InvalidScoreInput("players", f"hold {tokens} bourgeois tokens in all (policeman included); "
                                           f"the box has {len(BOURGEOIS_TOKENS)}")
    policemen = [p["name"] for p in out if p["policeman"]]
    if len(policemen) > 1:
        raise InvalidScoreInput("players", f"there is one policeman, but {', '.join(policemen)} all hold one")
    bourgeois = sum(p["bourgeois"] for p in out)
    if bourgeois > BOURGEOIS_TOKENS.count("bourgeois"):
        raise InvalidScoreInput("players", f"hold {bourgeois} bourgeois; only 3 of the 4 tokens are "
                                           "bourgeois (the fourth is the policeman)")
    reinforcements = sum(p["reinforcements"] for p in out)
    if reinforcements > REINFORCEMENT_PIECES:
        raise InvalidScoreInput("players", f"hold {reinforcements} reinforcements in all; "
                                           f"the box has {REINFORCEMENT_PIECES}")
    return out
