"""Robby Solo: the game's words at the table, in French, English and Italian (steps, declarations, loot cards).

Sums are written as each language writes them (:func:`scoring.core.fmt.number`): « 3 000 $ » in
French, "$3,000" in English, « 3.000 $ » in Italian.

>>> money(12000)
Tr(fr='12\\xa0000 $', en='$12,000', it='12.000 $')
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
    "restock": Tr("réapprovisionnement", "restock", it="rifornimento"),
    "declare": Tr("cartes Braquage et déclaration", "heist cards and declaration", it="carte Rapina e dichiarazione"),
    "confirm": Tr("confirmer ou changer, puis révéler", "confirm or change, then reveal",
                  it="confermare o cambiare, poi rivelare"),
}
#: the two declarations of the rulebook, as the declaration form offers them
KINDS = (("rob", Tr("Je braquerai…", "I will rob…", it="Rapinerò…")),
         ("not_rob", Tr("Je ne braquerai pas…", "I will not rob…", it="Non rapinerò…")))
#: the choices of the house rule on Robby Junior's pile
JUNIOR_PILE = (("top", Tr("Sa carte du dessus se voit, comme pour tous", "His top card shows, as everyone's",
                          it="Si vede la sua carta in cima, come per tutti")),
               ("hidden", Tr("Cachée : seul son nombre de cartes se voit", "Hidden: only its size shows",
                             it="Nascosta: si vede solo il numero di carte")))


def money(value: int) -> Tr:
    """A sum of dollars."""
    return Tr(f"{number(value, 'fr')} $", f"${number(value, 'en')}", it=f"{number(value, 'it')} $")


def card(value: Card) -> Tr:
    """One loot card.

    >>> card(None), card(1000).fr
    (Tr(fr='objet', en='object', it='oggetto'), '1\\xa0000 $')
    """
    return Tr("objet", "object", it="oggetto") if value is None else money(value)


def cards(values: Sequence[Card]) -> Tr:
    """Loot cards in a row; a dash for none."""
    if not values:
        return Tr("—", "—", it="—")
    parts = [card(v) for v in values]
    return Tr(" · ".join(p.fr for p in parts), " · ".join(p.en for p in parts), it=" · ".join(p.it for p in parts))


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
              f"{total.en} + {objects} object{'s' if objects > 1 else ''}",
              it=f"{total.it} + {objects} oggett{'i' if objects > 1 else 'o'}")


def declaration(kind: str, bank: str, who: str) -> Tr:
    """The Gentleman's public declaration, as said at the table."""
    colour = COLOUR_NAMES[bank]
    if kind == "rob":
        return Tr(f"{who} : « Je braquerai la banque {colour.fr}. »", f"{who}: \"I will rob the {colour.en} bank.\"",
                  it=f"{who}: «Rapinerò la banca {colour.it}.»")
    return Tr(f"{who} : « Je ne braquerai pas la banque {colour.fr}. »",
              f"{who}: \"I will not rob the {colour.en} bank.\"", it=f"{who}: «Non rapinerò la banca {colour.it}.»")


def step_note(phase: str, finished: bool, gentleman: str) -> Tr:
    """What the table does now."""
    g = gentleman
    if finished:
        return Tr("Partie finie : la pioche ne peut plus réapprovisionner toutes les banques. Au décompte !",
                  "Game over: the deck cannot restock every bank. Time to count the loot!",
                  it="Partita finita: il mazzo non può più rifornire tutte le banche. Al conteggio!")
    if phase == "restock":
        return Tr(f"{g} pose une carte Butin découverte à côté de chaque banque, en partant d'un bout de la "
                  "rangée, sans choisir où : entrez-les.",
                  f"{g} lays one loot card face up next to each bank, starting from one end of the row, "
                  "without choosing where: enter them.",
                  it=f"{g} posa una carta Bottino scoperta accanto a ogni banca, partendo da un'estremità della "
                     "fila, senza scegliere dove: inseritele.")
    if phase == "declare":
        return Tr(f"Chacun pose une carte Braquage face cachée ; {g} pose la sienne en dernier puis "
                  "déclare : « je braquerai X » ou « je ne braquerai pas X ». La déclaration doit être vraie.",
                  f"Everyone lays a heist card face down; {g} lays theirs last, then declares: "
                  "\"I will rob X\" or \"I will not rob X\". The declaration must be true.",
                  it=f"Ognuno posa una carta Rapina coperta; {g} posa la sua per ultimo e poi dichiara: «rapinerò X» "
                     "o «non rapinerò X». La dichiarazione deve essere vera.")
    return Tr(f"Les autres confirment ou reprennent leur carte pour en jouer une autre (on peut bluffer) ; "
              f"{g} ne change plus. Quand tous sont sûrs, révélez.",
              f"The others confirm or take their card back and play another (bluffing allowed); "
              f"{g} may no longer change. When everyone is sure, reveal.",
              it=f"Gli altri confermano o riprendono la loro carta per giocarne un'altra (si può bluffare); {g} non "
                 "cambia più. Quando tutti sono sicuri, rivelate.")


POLICE_NOTE = Tr("La police prend à celui qui a le plus de cartes (à chacun en cas d'égalité) sa carte de plus "
                 "grande valeur ; s'il n'a que des objets, un objet (ils se valent tous jusqu'au décompte).",
                 "The police take from whoever holds the most cards (each of them when tied) their "
                 "highest-value card; a player with objects only gives one object (they are alike until the "
                 "count).",
                 it="La polizia prende a chi ha più carte (a ciascuno in caso di parità) la sua carta di valore più "
                    "alto; se ha solo oggetti, un oggetto (valgono tutti uguale fino al conteggio).")
PILES_NOTE = Tr("Seule la carte du dessus de chaque pile se voit ; chacun consulte sa pile en privé.",
                "Only the top card of each pile shows; each player reads their own pile in private.",
                it="Si vede solo la carta in cima a ogni pila; ognuno consulta la propria pila in privato.")
JUNIOR_NOTE = Tr("L'app joue sa carte Braquage à la révélation, jamais avant. Il rejoue toujours ses cartes dans "
                 "le même ordre : mémorisez ses coups…",
                 "The app plays his heist card at the reveal, never before. He always plays his cards in the "
                 "same order: remember his moves…",
                 it="L'app gioca la sua carta Rapina alla rivelazione, mai prima. Rigioca sempre le sue carte nello "
                    "stesso ordine: memorizzate le sue mosse…")
