"""Robby Solo: the set-up options (house rule included), the set-up generator, its instructions and the
first state of a match.

>>> import random
>>> opts = {"players": 3, "robby_junior": True, "banks": "random", "junior_pile": "top", "junior_can_win": True,
...         **{f"bank_{c}": False for c in COLOURS}, "declaration_timer": False, "declaration_seconds": 30}
>>> check_options(opts)["robby_junior"]
True
>>> record = make_setup(opts, random.Random(4)).record
>>> len(record["banks"]), sorted(record["junior_deck"]) == sorted(record["banks"])
(5, True)
>>> first_state(record, ["Ada", "Bob", "Cy"])["names"]
['Ada', 'Bob', 'Cy', 'Robby Junior']
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.core import InvalidOptions, Option, Setup, Tr, quote
from scoring.games.robby_solo.rules import (
    BANK_NAMES,
    COLOUR_NAMES,
    COLOURS,
    DECK_SIZE,
    JUNIOR_NAME,
    MAX_PEOPLE,
    MIN_PEOPLE,
    bank_count,
)
from scoring.games.robby_solo.state import RobbyState
from scoring.games.robby_solo.texts import JUNIOR_PILE

OPTIONS = (
    Option("players", Tr("Joueurs (personnes)", "Players (people)",
                         it="Giocatori (persone)"), "int", 4, minimum=MIN_PEOPLE, maximum=MAX_PEOPLE),
    Option("robby_junior", Tr("Avec Robby Junior (joueur virtuel)", "With Robby Junior (virtual player)",
                              it="Con Robby Junior (giocatore virtuale)"),
           "bool", False, needs=("players", tuple(range(MIN_PEOPLE, MAX_PEOPLE))),
           help=Tr("Seulement à moins de six.", "Only when fewer than six people play.",
                                  it="Solo in meno di sei.")),
    Option("banks", Tr("Banques en jeu", "Banks in play", it="Banche in gioco"), "choice", "random",
           choices=(("random", Tr("Tirées au hasard", "Drawn at random", it="Estratte a caso")),
                    ("chosen", Tr("Choisies ci-dessous", "Chosen below", it="Scelte qui sotto")))),
    *(Option(f"bank_{c}", BANK_NAMES[c], "bool", False, needs=("banks", ("chosen",)),
             help=Tr("Quand les banques sont choisies.", "When the banks are chosen.",
                     it="Quando le banche sono scelte.")) for c in COLOURS),
    Option("declaration_timer", Tr("Minuteur après la déclaration", "Timer after the declaration",
                                   it="Timer dopo la dichiarazione"), "bool", False),
    Option("declaration_seconds", Tr("Secondes pour confirmer ou changer", "Seconds to confirm or change",
                                     it="Secondi per confermare o cambiare"),
           "int", 30, minimum=5, maximum=600, needs=("declaration_timer", (True,))),
    # docs/rules-notes.md, "Robby Junior's pile": « seule la valeur de la première carte soit visible »
    Option("junior_pile", Tr("Pile de Robby Junior", "Robby Junior's pile",
                             it="Pila di Robby Junior"), "choice", "top", choices=JUNIOR_PILE,
           house_rule=True, needs=("robby_junior", (True,)),
           help=Tr("La règle : chaque pile montre sa carte du dessus, celle de Robby Junior aussi. Variante : "
                   "sa pile reste cachée.",
                   "The rules: every pile shows its top card, Robby Junior's too. Variant: his pile stays "
                   "hidden.",
                   it="La regola: ogni pila mostra la sua carta in cima, anche quella di Robby Junior. Variante: "
                      "la sua pila resta nascosta.")),
    # docs/rules-notes.md, "Can Robby Junior win?": « Le joueur avec le total le plus élevé gagne la partie »
    Option("junior_can_win", Tr("Robby Junior peut gagner", "Robby Junior can win",
                                it="Robby Junior può vincere"), "bool", True, house_rule=True,
           needs=("robby_junior", (True,)),
           help=Tr("La règle : il est un joueur, le plus gros butin gagne, le sien aussi. Variante : seule la "
                   "meilleure personne gagne.",
                   "The rules: he is a player, the biggest loot wins, his too. Variant: only the best person "
                   "wins.",
                   it="La regola: è un giocatore, il bottino più grosso vince, anche il suo. Variante: vince solo "
                      "la persona migliore.")),
)


def check_options(opts: dict[str, Any]) -> dict[str, Any]:
    """The game's own checks on options already completed by the contract."""
    if opts["robby_junior"] and opts["players"] >= MAX_PEOPLE:
        raise InvalidOptions.about("robby_junior", Tr(
            f"seulement à moins de {MAX_PEOPLE} personnes, pas à {quote(opts['players'])}",
            f"only when fewer than {MAX_PEOPLE} people play, not {quote(opts['players'])}",
            it=f"solo in meno di {MAX_PEOPLE} persone, non {quote(opts['players'])}"))
    if opts["banks"] == "chosen":
        chosen = [c for c in COLOURS if opts[f"bank_{c}"]]
        need = bank_count(opts["players"], opts["robby_junior"])
        if len(chosen) != need:
            raise InvalidOptions.about("banks", Tr(
                f"{need} banques sont en jeu, reçu {len(chosen)} cochée(s) "
                f"({', '.join(COLOUR_NAMES[c].fr for c in chosen) or 'aucune'})",
                f"{need} banks are in play, got {len(chosen)} chosen ({', '.join(chosen) or 'none'})",
                it=f"{need} banche sono in gioco, ricevute {len(chosen)} scelte "
                   f"({', '.join(COLOUR_NAMES[c].it for c in chosen) or 'nessuna'})"))
    return opts


def make_setup(opts: Mapping[str, Any], rng: random.Random) -> Setup:
    """The banks, Robby Junior's deck and the first Gentleman, drawn; the table's instructions."""
    people, junior = opts["players"], opts["robby_junior"]
    need = bank_count(people, junior)
    if opts["banks"] == "chosen":
        banks = [c for c in COLOURS if opts[f"bank_{c}"]]
    else:
        banks = sorted(rng.sample(COLOURS, need), key=COLOURS.index)
    first = rng.randrange(people)
    junior_deck = rng.sample(banks, len(banks)) if junior else []
    record = {"options": dict(opts), "banks": banks, "first_gentleman": first,
              "junior_deck": junior_deck, "deck": DECK_SIZE}
    return Setup(record, instructions(opts, banks, first))


def instructions(opts: Mapping[str, Any], banks: Sequence[str], first: int) -> tuple[Tr, ...]:
    need = len(banks)
    fr = ", ".join(COLOUR_NAMES[c].fr for c in banks)
    en = ", ".join(COLOUR_NAMES[c].en for c in banks)
    steps = [
        Tr(f"Placez ces {need} cartes Banque en ligne au centre de la table : {fr}. "
           "Rangez les autres dans la boîte.",
           f"Lay these {need} bank cards in a row in the middle of the table: {en}. "
           "Put the others back in the box.",
           it=f"Disponete queste {need} carte Banca in fila al centro del tavolo: "
              f"{', '.join(COLOUR_NAMES[c].it for c in banks)}. Riponete le altre nella scatola."),
        Tr(f"Chaque joueur prend {need} cartes Braquage, une par banque en jeu ({fr}).",
           f"Each player takes {need} heist cards, one per bank in play ({en}).",
           it=f"Ogni giocatore prende {need} carte Rapina, una per banca in gioco "
              f"({', '.join(COLOUR_NAMES[c].it for c in banks)})."),
    ]
    if opts["robby_junior"]:
        steps.append(Tr("Robby Junior joue dans l'app : son paquet de cartes Braquage est mélangé une "
                        "fois pour toutes et gardé secret ; l'app joue sa carte du dessus à chaque "
                        "révélation puis la remet dessous. Ses cartes Braquage restent dans la boîte.",
                        "Robby Junior plays in the app: his heist deck is shuffled once and for all "
                        "and kept secret; the app plays his top card at each reveal, then puts it "
                        "at the bottom. His heist cards stay in the box.",
                        it="Robby Junior gioca nell'app: il suo mazzo di carte Rapina è mescolato una volta per "
                           "tutte e tenuto segreto; l'app gioca la sua carta in cima a ogni rivelazione e poi la "
                           "rimette in fondo. Le sue carte Rapina restano nella scatola."))
        if opts.get("junior_pile", "top") == "top":
            steps.append(Tr("Le butin de Robby Junior forme sa pile, face visible, empilée comme l'app le "
                            "montre : seule sa carte du dessus se voit.",
                            "The loot Robby Junior wins makes his pile, face up, stacked as the app shows: "
                            "only its top card shows.",
                            it="Il bottino di Robby Junior forma la sua pila, scoperta, impilata come la mostra "
                               "l'app: si vede solo la carta in cima."))
        else:
            steps.append(Tr("Variante : le butin de Robby Junior forme sa pile, face cachée ; l'app ne montre "
                            "que son nombre de cartes jusqu'au décompte.",
                            "Variant: the loot Robby Junior wins makes his pile, face down; the app shows only "
                            "its number of cards until the count.",
                            it="Variante: il bottino di Robby Junior forma la sua pila, coperta; l'app mostra solo "
                               "il numero di carte fino al conteggio."))
    steps += [
        Tr(f"Mélangez les {DECK_SIZE} cartes Butin et donnez le paquet au joueur n° {first + 1} "
           f"({first + 1}e nom de la liste) : premier Gentilhomme ou première Dame.",
           f"Shuffle the {DECK_SIZE} loot cards and give the deck to player #{first + 1} "
           f"(name number {first + 1} in the list): the first Gentleman or Lady.",
           it=f"Mescolate le {DECK_SIZE} carte Bottino e date il mazzo al giocatore n° {first + 1} ({first + 1}° "
              "nome della lista): primo Gentiluomo o prima Dama."),
        Tr("Entrez les noms dans l'ordre de la table, dans le sens des aiguilles d'une montre : "
           "le paquet passe ainsi à chaque tour.",
           "Enter the names in table order, clockwise: the deck passes that way each round.",
           it="Inserite i nomi nell'ordine del tavolo, in senso orario: così il mazzo passa a ogni turno."),
    ]
    return tuple(steps)


def first_state(record: Mapping[str, Any], names: Sequence[str]) -> RobbyState:
    """The state before the first restock (``record``: the set-up, options already checked)."""
    opts = record["options"]
    people = opts["players"]
    if len(names) != people:
        raise InvalidOptions(Tr(f"names : {people} personnes jouent, reçu {len(names)} noms",
                                f"names: {people} people play, got {len(names)} names",
                                it=f"names: giocano {people} persone, ricevuti {len(names)} nomi"))
    junior = people if opts["robby_junior"] else None
    banks = list(record["banks"])
    seats = people + (1 if junior is not None else 0)
    return {
        "names": [*names, *([JUNIOR_NAME] if junior is not None else [])],
        "people": people, "junior": junior, "junior_pile": opts.get("junior_pile", "top"),
        "junior_can_win": opts.get("junior_can_win", True), "banks": banks,
        "loot": {c: [] for c in banks}, "hands": [[] for _ in range(seats)],
        "pile_sizes": [0] * seats, "deck": int(record.get("deck", DECK_SIZE)),
        "gentleman": int(record["first_gentleman"]), "round": 1, "phase": "restock",
        "declaration": None, "chosen": [None] * people,
        "junior_deck": list(record.get("junior_deck", [])), "junior_plays": 0,
        "last": None, "police_visits": 0,
        "timer_ms": opts["declaration_seconds"] * 1000 if opts["declaration_timer"] else None,
        "timers": {}, "finished": False, "end": None,
    }
