"""Robby Solo: the pure rules (banks, loot cards, the police, end scoring).

A loot card is an ``int`` (money: 1 000 to 9 000 $ in whole thousands) or
``None`` (an object, whose value is known only at the end).  A hand is the list
of loot cards a player has won, in the order won.

>>> bank_count(4, junior=True)
6
>>> police([[9000, 1000], [5000], [None, None]], 1)
[[1000], [5000], [None]]
>>> object_value(3), object_value(9)
(20000, 100000)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scoring.core import IllegalEvent, InvalidScoreInput, ScoreSheet, Tr, rank_rows
from scoring.games.robby_solo.card import CARD

SLUG = "robby-solo"

#: The seven banks, in the order the app lists them.
COLOURS = ("yellow", "green", "red", "blue", "grey", "purple", "khaki")
COLOUR_NAMES: dict[str, Tr] = {
    "yellow": Tr("jaune", "yellow"),
    "green": Tr("verte", "green"),
    "red": Tr("rouge", "red"),
    "blue": Tr("bleue", "blue"),
    "grey": Tr("grise", "grey"),
    "purple": Tr("violette", "purple"),
    "khaki": Tr("kaki", "khaki"),
}
BANK_NAMES: dict[str, Tr] = {c: Tr(f"Banque {n.fr}", f"{n.en.capitalize()} bank")
                             for c, n in COLOUR_NAMES.items()}

#: "61 cartes Butin."
DECK_SIZE = 61
MONEY_VALUES = tuple(range(1000, 10000, 1000))
#: "Un seul objet = 1 000 $ ... Sept objets = 100 000 $" (index: number of objects).
OBJECT_VALUES = (0, 1000, 10_000, 20_000, 40_000, 60_000, 80_000, 100_000)
OBJECT_TABLE_END = len(OBJECT_VALUES) - 1
MIN_PEOPLE, MAX_PEOPLE = CARD.min_players, CARD.max_players  # 3 to 6
JUNIOR_NAME = CARD.virtual_players[0]
OBJECT = "object"

Card = int | None
Hand = list[Card]


def bank_count(players: int, junior: bool = False) -> int:
    """Banks in play: "3 joueurs = 4 banques ... 6 joueurs = 7 banques"; Robby Junior counts.

    >>> [bank_count(n) for n in (3, 4, 5, 6)], bank_count(5, junior=True)
    ([4, 5, 6, 7], 7)
    """
    return players + (1 if junior else 0) + 1


def object_value(objects: int) -> int:
    """What ``objects`` object cards are worth; the table stops at seven.

    >>> [object_value(n) for n in range(9)]
    [0, 1000, 10000, 20000, 40000, 60000, 80000, 100000, 100000]
    """
    if objects < 0:
        raise ValueError(f"a number of objects cannot be negative, got {objects!r}")
    return OBJECT_VALUES[min(objects, OBJECT_TABLE_END)]


def is_money(value: Any) -> bool:
    """A money card: a whole number of thousands from 1 000 to 9 000.

    >>> is_money(4000), is_money(4500), is_money(True), is_money(10000)
    (True, False, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool) and value in MONEY_VALUES


def parse_card(value: Any, where: str) -> Card:
    """Read a loot card entered at the table: its value in thousands (1 to 9) or in dollars
    (1000 to 9000), as a number or digits; ``0`` or ``"object"`` for an object.

    The short form suits a phone's number pad: one digit per bank.

    >>> parse_card("3000", "red"), parse_card(7000, "red"), parse_card("object", "red")
    (3000, 7000, None)
    >>> parse_card(3, "red"), parse_card("9", "red"), parse_card(0, "red")
    (3000, 9000, None)
    >>> parse_card("3500", "red")
    Traceback (most recent call last):
    ...
    scoring.core.errors.IllegalEvent: red: a loot card is 1..9 (thousands), 1000..9000 or 0 (object), got '3500'
    """
    if value == OBJECT:
        return None
    number: Any = value
    if isinstance(value, str) and value.strip().isdigit():
        number = int(value.strip())
    if isinstance(number, int) and not isinstance(number, bool):
        if number == 0:
            return None
        if 1 <= number <= 9:
            return number * 1000
        if is_money(number):
            return int(number)
    raise IllegalEvent(f"{where}: a loot card is 1..9 (thousands), 1000..9000 or 0 (object), got {value!r}")


def _check_hands(hands: Sequence[Sequence[Card]]) -> None:
    for i, hand in enumerate(hands):
        for card in hand:
            if card is not None and not is_money(card):
                raise IllegalEvent(f"hands[{i}]: a loot card is 1000..9000 or None (an object), got {card!r}")


def police_visit(hands: Sequence[Sequence[Card]]) -> tuple[list[Hand], list[tuple[int, Card]]]:
    """One visit of the police: every player holding the most cards gives back one card.

    The highest-value card goes; a hand of objects only gives one object (the
    first: objects are alike until the end).  Nobody gives anything when nobody
    holds a card.  Returns the new hands and the ``(seat, card)`` pairs taken.

    >>> police_visit([[2000, 9000, None], [1000, 1000, 1000], [5000]])
    ([[2000, None], [1000, 1000], [5000]], [(0, 9000), (1, 1000)])
    >>> police_visit([[], []])
    ([[], []], [])
    """
    out = [list(h) for h in hands]
    most = max((len(h) for h in out), default=0)
    taken: list[tuple[int, Card]] = []
    if most == 0:
        return out, taken
    for seat, hand in enumerate(out):
        if len(hand) != most:
            continue
        money = [c for c in hand if c is not None]
        card: Card = max(money) if money else None
        hand.remove(card)
        taken.append((seat, card))
    return out, taken


def police_log(hands: Sequence[Sequence[Card]],
               banks_with_four: int) -> tuple[list[Hand], list[list[tuple[int, Card]]]]:
    """The police once per bank that held four cards, recounting each time.

    >>> police_log([[3000, 4000], [5000]], 2)
    ([[], []], [[(0, 4000)], [(0, 3000), (1, 5000)]])
    """
    if isinstance(banks_with_four, bool) or not isinstance(banks_with_four, int) or banks_with_four < 0:
        raise IllegalEvent(f"banks_with_four must be a whole number from 0, got {banks_with_four!r}")
    _check_hands(hands)
    out = [list(h) for h in hands]
    visits: list[list[tuple[int, Card]]] = []
    for _ in range(banks_with_four):
        out, taken = police_visit(out)
        visits.append(taken)
    return out, visits


def police(hands: list[list[int | None]], banks_with_four: int) -> list[list[int | None]]:
    """The hands after the police came once for each of ``banks_with_four`` banks.

    "Le joueur avec le plus grand NOMBRE de cartes ... doit rendre la carte de plus
    grande valeur"; tied players each give one; a hand of objects gives one object.

    >>> police([[1000, None, None], [None, None, None], [9000]], 1)
    [[None, None], [None, None], [9000]]
    >>> police([[9000, 8000], [1000]], 3)
    [[], []]
    >>> police([[1000]], -1)
    Traceback (most recent call last):
    ...
    scoring.core.errors.IllegalEvent: banks_with_four must be a whole number from 0, got -1
    """
    return police_log(hands, banks_with_four)[0]


# --------------------------------------------------------------------------- display


def money_text(value: int) -> str:
    """A sum as printed on the cards (language-neutral).

    >>> money_text(12000)
    '12 000 $'
    """
    return f"{value:,}".replace(",", " ") + " $"


def card_text(card: Card) -> str:
    """A loot card (language-neutral).

    >>> card_text(3000), card_text(None)
    ('3 000 $', 'obj.')
    """
    return "obj." if card is None else money_text(card)


def cards_text(cards: Sequence[Card]) -> str:
    """Loot cards in a row.

    >>> cards_text([3000, None]), cards_text([])
    ('3 000 $ · obj.', '—')
    """
    return " · ".join(card_text(c) for c in cards) if cards else "—"


def hand_summary(cards: Sequence[Card]) -> str:
    """Money added up, objects counted.

    >>> hand_summary([3000, None, 5000, None]), hand_summary([])
    ('8 000 $ + 2 obj.', '0 $')
    """
    money = sum(c for c in cards if c is not None)
    objects = sum(1 for c in cards if c is None)
    return money_text(money) + (f" + {objects} obj." if objects else "")


# --------------------------------------------------------------------------- end scoring

Player = tuple[str, list[int], int]


def parse_score_doc(doc: Any) -> list[Player]:
    """Validate the JSON of ``python -m scoring score robby-solo``.

    One player is enough (a table may check one pile); six at most, Robby Junior included.

    >>> parse_score_doc({"players": [{"name": "Sam", "money": [9000, 4000, 1000], "objects": 3}]})
    [('Sam', [9000, 4000, 1000], 3)]
    >>> parse_score_doc({"players": [{"name": f"P{i}"} for i in range(7)]})
    Traceback (most recent call last):
    ...
    scoring.core.errors.InvalidScoreInput: players: 1 to 6 players (Robby Junior included), got 7
    """
    if not isinstance(doc, dict):
        raise InvalidScoreInput("input", f"must be an object with 'players', got {doc!r}")
    unknown = sorted(set(doc) - {"players"})
    if unknown:
        raise InvalidScoreInput(unknown[0], f"unknown field {unknown[0]!r} (expected 'players')")
    players = doc.get("players")
    if not isinstance(players, list):
        raise InvalidScoreInput("players", f"must be a list of players, got {players!r}")
    if not 1 <= len(players) <= MAX_PEOPLE:
        raise InvalidScoreInput("players", f"1 to {MAX_PEOPLE} players (Robby Junior included), "
                                f"got {len(players)!r}")
    out: list[Player] = []
    seen: set[str] = set()
    for i, p in enumerate(players):
        where = f"players[{i}]"
        if not isinstance(p, dict):
            raise InvalidScoreInput(where, f"must be an object with name, money and objects, got {p!r}")
        extra = sorted(set(p) - {"name", "money", "objects"})
        if extra:
            raise InvalidScoreInput(f"{where}.{extra[0]}",
                                    f"unknown field {extra[0]!r} (expected name, money, objects)")
        name = p.get("name")
        if not isinstance(name, str) or not name.strip():
            raise InvalidScoreInput(f"{where}.name", f"must be a non-empty text, got {name!r}")
        if name in seen:
            raise InvalidScoreInput(f"{where}.name", f"the name {name!r} is already used")
        seen.add(name)
        money = p.get("money", [])
        if not isinstance(money, list):
            raise InvalidScoreInput(f"{where}.money", f"must be a list of money cards, got {money!r}")
        for j, card in enumerate(money):
            if not is_money(card):
                raise InvalidScoreInput(f"{where}.money[{j}]",
                                        f"a money card is 1000..9000 in whole thousands, got {card!r}")
        objects = p.get("objects", 0)
        if isinstance(objects, bool) or not isinstance(objects, int) or objects < 0:
            raise InvalidScoreInput(f"{where}.objects", f"must be a whole number from 0, got {objects!r}")
        out.append((name, list(money), objects))
    cards = sum(len(m) + o for _n, m, o in out)
    if cards > DECK_SIZE:
        raise InvalidScoreInput("players", f"the box has {DECK_SIZE} loot cards, got {cards!r} in the hands")
    return out


def score_players(players: Sequence[Player]) -> ScoreSheet:
    """The end score sheet: "Les cartes avec une valeur monétaire sont simplement additionnées".

    >>> sheet = score_players([("Sam", [9000, 4000, 1000], 3), ("Léa", [], 8), ("Max", [5000], 0)])
    >>> [(r.name, r.rank, r.total) for r in sheet.ranking]
    [('Léa', 1, 100000), ('Sam', 2, 34000), ('Max', 3, 5000)]
    >>> sheet.ranking[1].breakdown
    {'money': 14000, 'objects': 20000}
    >>> sheet.notes[0].en
    'Léa holds 8 objects: the table stops at seven, so they score 100 000 $.'
    """
    rows = []
    extras: dict[int, dict[str, Any]] = {}
    notes: list[Tr] = []
    for seat, (name, money, objects) in enumerate(players):
        breakdown = {"money": sum(money), "objects": object_value(objects)}
        rows.append((seat, name, breakdown, breakdown["money"] + breakdown["objects"], ()))
        extras[seat] = {"money_cards": len(money), "object_cards": objects}
        if objects > OBJECT_TABLE_END:
            extras[seat]["objects_capped"] = True
            notes.append(Tr(f"{name} a {objects} objets : le tableau s'arrête à sept, soit 100 000 $.",
                            f"{name} holds {objects} objects: the table stops at seven, "
                            "so they score 100 000 $."))
    sheet = rank_rows(SLUG, rows, extras=extras)
    if len(sheet.winners) > 1:
        notes.append(Tr("Égalité : la règle ne prévoit pas de départage, la victoire est partagée.",
                        "A tie: the rules give no tie-break, so the victory is shared."))
    return ScoreSheet(sheet.game, sheet.ranking, sheet.winners, sheet.extra, tuple(notes))
