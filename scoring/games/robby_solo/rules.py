"""Robby Solo: the rulebook's constants and tables (banks, loot cards, objects) and the police.

A loot card is an ``int`` (money: 1 000 to 9 000 $ in whole thousands) or ``None`` (an object, whose
value is known only at the end).  A hand is the list of loot cards a player has won, in the order won:
its last card is the top of the pile.

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

from scoring.core import IllegalEvent, Tr, quote, whole
from scoring.games.robby_solo.card import CARD

SLUG = CARD.slug

#: "7 cartes Banque, chacune représentant une banque identifiée par une couleur différente", in the
#: order the app lists them.
COLOURS = ("yellow", "green", "red", "blue", "grey", "purple", "khaki")
COLOUR_NAMES: dict[str, Tr] = {
    "yellow": Tr("jaune", "yellow", it="gialla"),
    "green": Tr("verte", "green", it="verde"),
    "red": Tr("rouge", "red", it="rossa"),
    "blue": Tr("bleue", "blue", it="blu"),
    "grey": Tr("grise", "grey", it="grigia"),
    "purple": Tr("violette", "purple", it="viola"),
    "khaki": Tr("kaki", "khaki", it="cachi"),
}
BANK_NAMES: dict[str, Tr] = {c: Tr(f"Banque {n.fr}", f"{n.en.capitalize()} bank", it=f"Banca {n.it}")
                             for c, n in COLOUR_NAMES.items()}

#: "61 cartes Butin."
DECK_SIZE = 61
#: "des montants d'argent (de 1 000 à 9 000 $)"
MONEY_VALUES = tuple(range(1000, 10000, 1000))
#: "Un seul objet = 1 000 $ ... Sept objets = 100 000 $" (index: number of objects).
OBJECT_VALUES = (0, 1000, 10_000, 20_000, 40_000, 60_000, 80_000, 100_000)
OBJECT_TABLE_END = len(OBJECT_VALUES) - 1
MIN_PEOPLE, MAX_PEOPLE = CARD.min_players, CARD.max_players  # 3 to 6
#: the virtual player the app plays: the card declares him (``db/`` and ``app/`` read him there)
JUNIOR_NAME = CARD.virtual_players[0]
#: how a form or an event names an object card
OBJECT = "object"
#: "une déclaration publique en choisissant l'une de ces deux options"
DECLARATIONS = ("rob", "not_rob")

Card = int | None
Hand = list[Card]


def seat_of(key: str) -> int | None:
    """``bank3`` → 3; other keys → None.

    >>> seat_of("bank3"), seat_of("bank"), seat_of("kind")
    (3, None, None)
    """
    if key.startswith("bank") and key[4:].isdigit() and len(key) <= 6:
        return int(key[4:])
    return None


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
        whole(objects, "objects", 0)  # the refusal, in both languages
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
    scoring.core.errors.IllegalEvent: red: a loot card is 1..9 (thousands), 1000..9000 or 0 (object), got “3500”
    >>> try:
    ...     parse_card(True, "red")
    ... except IllegalEvent as e:
    ...     print(e.get("fr"))
    red : une carte Butin vaut 1 à 9 (milliers de $), 1000 à 9000 ou 0 (un objet), reçu true
    """
    if value == OBJECT:
        return None
    number: Any = value
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) <= 5:
        number = int(value.strip())
    if isinstance(number, int) and not isinstance(number, bool):
        if number == 0:
            return None
        if 1 <= number <= 9:
            return number * 1000
        if is_money(number):
            return int(number)
    raise IllegalEvent.about(where, Tr(f"une carte Butin vaut 1 à 9 (milliers de $), 1000 à 9000 ou 0 (un objet), "
                                        f"reçu {quote(value)}",
                                        f"a loot card is 1..9 (thousands), 1000..9000 or 0 (object), "
                                        f"got {quote(value)}",
                                        it=f"una carta Bottino vale da 1 a 9 (migliaia di $), da 1000 a 9000 o 0 (un "
                                           f"oggetto), ricevuto {quote(value)}"))


def _check_hands(hands: Sequence[Sequence[Card]]) -> None:
    for i, hand in enumerate(hands):
        for card in hand:
            if card is not None and not is_money(card):
                raise IllegalEvent(Tr(f"hands[{i}] : une carte Butin vaut 1000 à 9000 ou None (un objet), "
                                      f"reçu {quote(card)}",
                                      f"hands[{i}]: a loot card is 1000..9000 or None (an object), "
                                      f"got {quote(card)}",
                                      it=f"hands[{i}]: una carta Bottino vale da 1000 a 9000 o None (un oggetto), "
                                         f"ricevuto {quote(card)}"))


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
    visits_wanted = whole(banks_with_four, "banks_with_four", 0, digits=False)
    _check_hands(hands)
    out = [list(h) for h in hands]
    visits: list[list[tuple[int, Card]]] = []
    for _ in range(visits_wanted):
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
    scoring.core.errors.IllegalEvent: banks_with_four: must be at least 0, got -1
    """
    return police_log(hands, banks_with_four)[0]
