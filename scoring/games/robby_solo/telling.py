"""Robby Solo: each event as one line of the match's ledger and history, in French, English and Italian.

A teller reads its event's fields as its move does (a loot card through :func:`~.rules.parse_card`, a
seat through its ``bank<seat>`` field, the recount through ``whole``) and in the game's own words (the
colours, :func:`~.texts.card`, the forms' labels), and nothing else: the events do not name the Gentleman
(or Lady) nor Robby Junior's card, which comes from his deck at the reveal, so the lines do not either.  A
secret choice is told without its bank during play (the bank reads ``?``), with it once the match is over.

An event a teller cannot read (one no move accepts) fails on its own, a missing key or an unpacking that does
not fit, and the contract shows it as recorded; no teller writes a refusal of its own (the game's tests
count its folder's refusals, tests/test_robby_solo_second_reading.py).

>>> tell_restock({"yellow": "3000", "green": "object", "red": 9, "purple": 1000}, []).en
'Loot laid out at the banks: yellow $3,000 · green object · red $9,000 · purple $1,000'
>>> tell_choose({"seat": 1, "bank1": "?"}, ["Léa", "Sam"]).fr, tell_choose({"bank1": "red"}, ["Léa", "Sam"]).fr
('Banque choisie en secret par Sam', 'Banque choisie en secret par Sam : rouge')
>>> tell_reveal({"bank0": "green", "bank1": "red", "bank2": "red"}, ["Ada", "Bob", "Cy"]).it
'Carte Rapina rivelate: verde per Ada, rossa per Bob e Cy'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoring.core import IllegalEvent, Secret, Tr, whole
from scoring.core.telling import counted, hidden, listed, name
from scoring.core.tr import same
from scoring.core.words import de
from scoring.games.robby_solo.rules import COLOUR_NAMES, COLOURS, DECK_SIZE, parse_card, seat_of
from scoring.games.robby_solo.texts import card

LAID = Tr("Butins posés aux banques : {line}", "Loot laid out at the banks: {line}",
          it="Bottini posati alle banche: {line}")
#: one bank and its loot card in the restock's line: "jaune 3 000 $"
AT_BANK = same("{c} {v}")
DOT = same(" · ")
#: the choose form's title ("Banque choisie en secret par …"), then the bank once it may be told
CHOSEN = Tr("Banque choisie en secret par {p}", "Bank chosen in secret by {p}", it="Banca scelta in segreto da {p}")
CHOSEN_BANK = Tr("Banque choisie en secret par {p} : {c}", "Bank chosen in secret by {p}: {c}",
                 it="Banca scelta in segreto da {p}: {c}")
#: the declaration form's two options (texts.KINDS: "Je braquerai…", "Je ne braquerai pas…")
DECLARED = {
    "rob": Tr("Déclaration publique : « Je braquerai la banque {c} »", 'Public declaration: "I will rob the {c} bank"',
              it="Dichiarazione pubblica: «Rapinerò la banca {c}»"),
    "not_rob": Tr("Déclaration publique : « Je ne braquerai pas la banque {c} »",
                  'Public declaration: "I will not rob the {c} bank"',
                  it="Dichiarazione pubblica: «Non rapinerò la banca {c}»"),
}
REVEALED = Tr("Cartes Braquage révélées", "Heist cards revealed", it="Carte Rapina rivelate")
REVEALED_BANKS = Tr("Cartes Braquage révélées : {line}", "Heist cards revealed: {line}",
                    it="Carte Rapina rivelate: {line}")
#: one bank and who robbed it, in the reveal's line: "rouge pour Bob et Cy"
FOR = Tr("{c} pour {who}", "{c} for {who}", it="{c} per {who}")
COMMA = same(", ")
RECOUNTED = Tr("Pioche recomptée : {c}", "Loot deck recounted: {c}", it="Mazzo ricontato: {c}")
#: the loot cards counted (:func:`scoring.core.telling.counted`: French puts 0 and 1 in the singular)
LOOT_CARDS = (Tr("{n} carte Butin", "{n} card", it="{n} carta Bottino"),
              Tr("{n} cartes Butin", "{n} cards", it="{n} carte Bottino"))


def _colour(value: Any) -> Tr:
    """A bank's colour, as the game names it (anything else: ``KeyError`` or ``TypeError``)."""
    return COLOUR_NAMES[value]


def _seat_banks(event: Mapping[str, Any]) -> dict[int, Any]:
    """The ``bank<seat>`` fields of an event, by seat (as the moves read them)."""
    out: dict[int, Any] = {}
    for key, value in event.items():
        k = seat_of(str(key))
        if k is not None:
            out[k] = value
    return out


def tell_restock(event: Mapping[str, Any], _names: Sequence[str]) -> Tr:
    """The loot card laid next to each bank, in the row's order (``3``, ``"3000"`` and ``3000`` all read
    3 000 $; ``0`` and ``"object"`` an object).

    The move reads only the banks in play; a colour out of play whose value is no loot card is left out.

    >>> tell_restock({"blue": 0, "grey": "7", "yellow": " 2 "}, []).fr
    'Butins posés aux banques : jaune 2\\xa0000 $ · bleue objet · grise 7\\xa0000 $'
    """
    parts: list[Tr] = []
    for c in COLOURS:
        if c not in event:
            continue
        try:
            loot = parse_card(event[c], c)
        except IllegalEvent:
            continue
        parts.append(AT_BANK.format(c=COLOUR_NAMES[c], v=card(loot)))
    first, *rest = parts  # no loot card at all (an event no move accepts): ValueError
    return LAID.format(line=DOT.join([first, *rest]))


def tell_choose(event: Mapping[str, Any], names: Sequence[str]) -> Tr:
    """A person's bank chosen in secret: the seat its one ``bank<seat>`` field names; the bank only when the
    event shows it."""
    ((k, bank),) = _seat_banks(event).items()  # none, or two: ValueError, as the move refuses them
    if hidden(bank):
        return CHOSEN.format(p=name(names, k))
    return CHOSEN_BANK.format(p=name(names, k), c=_colour(bank))


def tell_declare(event: Mapping[str, Any], _names: Sequence[str]) -> Tr:
    """The Gentleman's (or Lady's) public declaration.

    >>> tell_declare({"kind": "not_rob", "bank": "khaki"}, []).en
    'Public declaration: "I will not rob the khaki bank"'
    """
    return DECLARED[str(event["kind"])].format(c=_colour(event["bank"]))


def tell_reveal(event: Mapping[str, Any], names: Sequence[str]) -> Tr:
    """The heist cards entered at the reveal, bank by bank in the row's order: those chosen in secret, the
    Gentleman's after "I will rob X" and Robby Junior's are not in the event."""
    picks = _seat_banks(event)
    if not picks:
        return REVEALED
    by_bank: dict[str, list[int]] = {}
    for k, bank in sorted(picks.items()):
        _colour(bank)  # a colour of the game
        by_bank.setdefault(bank, []).append(k)
    parts = [FOR.format(c=COLOUR_NAMES[c], who=listed([name(names, k) for k in by_bank[c]]))
             for c in COLOURS if c in by_bank]
    return REVEALED_BANKS.format(line=COMMA.join(parts))


def tell_deck(event: Mapping[str, Any], _names: Sequence[str]) -> Tr:
    """The table's recount of the loot deck (a whole number, as the move reads it: digits as text are refused).

    >>> tell_deck({"count": 0}, []).fr, tell_deck({"count": 0}, []).en, tell_deck({"count": 1}, []).it
    ('Pioche recomptée : 0 carte Butin', 'Loot deck recounted: 0 cards', 'Mazzo ricontato: 1 carta Bottino')
    """
    n = whole(event.get("count"), "count", 0, DECK_SIZE, digits=False)
    return RECOUNTED.format(c=counted(n, *LOOT_CARDS))


# --------------------------------------------------------------------------- the secrets, once the match is over

def tell_junior_deck(_secret: Secret, value: Any, _names: Sequence[str]) -> Tr:
    """Robby Junior's heist deck, as shuffled at the set-up (each card a bank's colour).

    >>> tell_junior_deck(Secret(None, ("junior_deck",)), ["red", "blue"], []).en
    "Robby Junior's heist deck, in order: red · blue"
    """
    return Tr("Pioche Braquage de Robby Junior, dans l'ordre : {c}", "Robby Junior's heist deck, in order: {c}",
              it="Mazzo Rapina di Robby Junior, in ordine: {c}").format(c=DOT.join([_colour(c) for c in value]))


def tell_hand(secret: Secret, value: Any, names: Sequence[str]) -> Tr:
    """A pile of loot cards (or one card of Robby Junior's pile).

    >>> tell_hand(Secret(1, ("hands", 1)), [3000, None], ["Léa", "Sam"]).fr
    'Pile de Sam : 3\\xa0000 $ · objet'
    >>> tell_hand(Secret(0, ("hands", 0)), [], ["Ange"]).fr
    "Pile d'Ange : —"
    """
    cards_shown = card(value) if not isinstance(value, list) else DOT.join([card(v) for v in value]) if value else None
    who = name(names, secret.path[1])
    shown = cards_shown or same("—")
    return Tr("Pile {d} : {c}", "{w}'s pile: {c}", it="Mazzo di {w}: {c}").format(d=de(who), w=who, c=shown)


def tell_chosen(secret: Secret, value: Any, names: Sequence[str]) -> Tr:
    """A bank chosen in secret that no reveal showed."""
    return CHOSEN_BANK.format(p=name(names, secret.path[1]), c=_colour(value))


SECRET_TELLERS = {"junior_deck": tell_junior_deck, "hands": tell_hand, "chosen": tell_chosen}
