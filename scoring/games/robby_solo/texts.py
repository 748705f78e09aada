"""Robby Solo: the game's words at the table, in French and English (steps, declarations, loot cards).

Sums are written as each language writes them (:func:`scoring.core.fmt.number`): « 3 000 $ » in
French, "$3,000" in English.

>>> money(12000)
Tr(fr='12\\xa0000 $', en='$12,000')
>>> cards([3000, None]).en, cards([]).fr
('$3,000 · object', '—')
>>> hand_summary([3000, None, 5000, None]).fr
'8\\xa0000 $ + 2 objets'
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.core import Tr
from scoring.core.fmt import number
from scoring.games.robby_solo.rules import COLOUR_NAMES, Card

#: the steps of a round, as the match screen's title names them
STEPS = {
    "restock": Tr("réapprovisionnement", "restock"),
    "declare": Tr("cartes Braquage et déclaration", "heist cards and declaration"),
    "confirm": Tr("confirmer ou changer, puis révéler", "confirm or change, then reveal"),
}
#: the two declarations of the rulebook, as the declaration form offers them
KINDS = (("rob", Tr("Je braquerai…", "I will rob…")),
         ("not_rob", Tr("Je ne braquerai pas…", "I will not rob…")))
#: the choices of the house rule on Robby Junior's pile
JUNIOR_PILE = (("top", Tr("Sa carte du dessus se voit, comme pour tous", "His top card shows, as everyone's")),
               ("hidden", Tr("Cachée : seul son nombre de cartes se voit", "Hidden: only its size shows")))


def money(value: int) -> Tr:
    """A sum of dollars."""
    return Tr(f"{number(value, 'fr')} $", f"${number(value, 'en')}")


def card(value: Card) -> Tr:
    """One loot card.

    >>> card(None), card(1000).fr
    (Tr(fr='objet', en='object'), '1\\xa0000 $')
    """
    return Tr("objet", "object") if value is None else money(value)


def cards(values: Sequence[Card]) -> Tr:
    """Loot cards in a row; a dash for none."""
    if not values:
        return Tr("—", "—")
    parts = [card(v) for v in values]
    return Tr(" · ".join(p.fr for p in parts), " · ".join(p.en for p in parts))


def hand_summary(values: Sequence[Card]) -> Tr:
    """Money added up, objects counted.

    >>> hand_summary([]).en, hand_summary([None]).en
    ('$0', '$0 + 1 object')
    """
    total = money(sum(c for c in values if c is not None))
    objects = sum(1 for c in values if c is None)
    if not objects:
        return total
    return Tr(f"{total.fr} + {objects} objet{'s' if objects > 1 else ''}",
              f"{total.en} + {objects} object{'s' if objects > 1 else ''}")


def declaration(kind: str, bank: str, who: str) -> Tr:
    """The Gentleman's public declaration, as said at the table."""
    colour = COLOUR_NAMES[bank]
    if kind == "rob":
        return Tr(f"{who} : « Je braquerai la banque {colour.fr}. »", f"{who}: \"I will rob the {colour.en} bank.\"")
    return Tr(f"{who} : « Je ne braquerai pas la banque {colour.fr}. »",
              f"{who}: \"I will not rob the {colour.en} bank.\"")


def step_note(phase: str, finished: bool, gentleman: str) -> Tr:
    """What the table does now."""
    g = gentleman
    if finished:
        return Tr("Partie finie : la pioche ne peut plus réapprovisionner toutes les banques. Au décompte !",
                  "Game over: the deck cannot restock every bank. Time to count the loot!")
    if phase == "restock":
        return Tr(f"{g} pose une carte Butin découverte à côté de chaque banque, en partant d'un bout de la "
                  "rangée, sans choisir où : entrez-les.",
                  f"{g} lays one loot card face up next to each bank, starting from one end of the row, "
                  "without choosing where: enter them.")
    if phase == "declare":
        return Tr(f"Chacun pose une carte Braquage face cachée ; {g} pose la sienne en dernier puis "
                  "déclare : « je braquerai X » ou « je ne braquerai pas X ». La déclaration doit être vraie.",
                  f"Everyone lays a heist card face down; {g} lays theirs last, then declares: "
                  "\"I will rob X\" or \"I will not rob X\". The declaration must be true.")
    return Tr(f"Les autres confirment ou reprennent leur carte pour en jouer une autre (on peut bluffer) ; "
              f"{g} ne change plus. Quand tous sont sûrs, révélez.",
              f"The others confirm or take their card back and play another (bluffing allowed); "
              f"{g} may no longer change. When everyone is sure, reveal.")


POLICE_NOTE = Tr("La police prend à celui qui a le plus de cartes (à chacun en cas d'égalité) sa carte de plus "
                 "grande valeur ; s'il n'a que des objets, un objet (ils se valent tous jusqu'au décompte).",
                 "The police take from whoever holds the most cards (each of them when tied) their "
                 "highest-value card; a player with objects only gives one object (they are alike until the "
                 "count).")
PILES_NOTE = Tr("Seule la carte du dessus de chaque pile se voit ; chacun consulte sa pile en privé.",
                "Only the top card of each pile shows; each player reads their own pile in private.")
JUNIOR_NOTE = Tr("L'app joue sa carte Braquage à la révélation, jamais avant. Il rejoue toujours ses cartes dans "
                 "le même ordre : mémorisez ses coups…",
                 "The app plays his heist card at the reveal, never before. He always plays his cards in the "
                 "same order: remember his moves…")
