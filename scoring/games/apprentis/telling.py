"""Les apprentis: how each event reads in the ledger and the history (one line, French, English, Italian).

A teller (the ``tell`` of each move of :data:`~scoring.games.apprentis.moves.MOVES`) is given the event as
the device may see it (the programmed ``face`` is ``"?"`` until the match is over) and the seats' names. It
reads the fields with the handlers' own readers (``face`` and ``stain`` of :mod:`~scoring.games.apprentis.rules`,
``parse_painting`` of :mod:`~scoring.games.apprentis.score`), says them in the game's words
(:mod:`~scoring.games.apprentis.texts`: the phases, the lines a die points at), and tells no more than the
event shows: a roll does not say who rolled, a refill not which turn begins.

>>> NAMES = ["Léa", "Ange"]
>>> tell_pick({"type": "pick", "seat": 0, "die": "4"}, NAMES).en
'Léa picks die 4 (row 4)'
>>> tell_program({"type": "program", "seat": 1, "face": "?"}, NAMES).fr
'Ange programme son dé en secret'
>>> tell_take({"type": "take", "seat": 0, "die": 4, "stain": "+1", "spot": "1-5"}, NAMES).fr
'Léa prend la carte en 1-5 avec le dé 4 changé en 5 par une tache'
>>> tell_painting({"type": "painting", "seat": 1, "painting": [["ciel", "lac"]], "stains": 1}, NAMES).fr
"Tableau d'Ange : 2 cartes, 1 tache"
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoring.core import Secret, Tr, whole
from scoring.core.telling import counted, hidden, name
from scoring.core.tr import same
from scoring.core.words import de
from scoring.games.apprentis.rules import ALL_SPOTS, face, spot_column, spot_row, stain
from scoring.games.apprentis.score import parse_painting
from scoring.games.apprentis.texts import PHASE_NAMES, REFILLED, line_name

Event = Mapping[str, Any]
Names = Sequence[str]


def _spot(value: Any) -> str:
    """A market crossing as the events write it (``"1-5"``: column 1, row 5)."""
    if not isinstance(value, str) or value not in ALL_SPOTS:
        raise ValueError(f"not a market spot: {value!r}")
    return value


def tell_roll(event: Event, names: Names) -> Tr:
    """The faces rolled, in the order rolled (the first player rolls: the event does not say who that is).

    >>> tell_roll({"type": "roll", "dice": [3, 5, 1]}, []).it
    'Lancio dei dadi: 3, 5, 1'
    """
    dice = event["dice"]
    if not isinstance(dice, list) or not dice:
        raise TypeError(f"dice are a list, got {dice!r}")
    faces = ", ".join(str(face(d, "roll")) for d in dice)
    return Tr("{roll} : {faces}", "{roll}: {faces}", it="{roll}: {faces}").format(roll=PHASE_NAMES["roll"],
                                                                                  faces=faces)


def tell_pick(event: Event, names: Names) -> Tr:
    """A die taken in the draft, and the line it points at."""
    die = face(event["die"], "die")
    return Tr("{who} choisit le dé {d} ({line})", "{who} picks die {d} ({line})",
              it="{who} sceglie il dado {d} ({line})").format(who=name(names, event["seat"]), d=die,
                                                              line=line_name(die))


def tell_programming(event: Event, names: Names) -> Tr:
    """The switch to the rulebook's « programmation » variant."""
    return Tr("Passage à la variante « programmation »", "Switch to the “programming” variant",
              it="Passaggio alla variante «programmazione»")


def tell_program(event: Event, names: Names) -> Tr:
    """A programmed die: the face once the match is over, only that it was programmed during play.

    >>> tell_program({"type": "program", "seat": 0, "face": 2}, ["Léa"]).en
    'Léa secretly programs face 2 (column 2)'
    """
    who = name(names, event["seat"])
    if hidden(event["face"]):
        return Tr("{who} programme son dé en secret", "{who} secretly programs their die",
                  it="{who} programma in segreto il suo dado").format(who=who)
    value = face(event["face"], "face")
    return Tr("{who} programme en secret la face {f} ({line})", "{who} secretly programs face {f} ({line})",
              it="{who} programma in segreto la faccia {f} ({line})").format(who=who, f=value, line=line_name(value))


def tell_reveal(event: Event, names: Names) -> Tr:
    """The programmed dice shown together (« Ensemble, les joueurs révèlent la face choisie »)."""
    return Tr("Dés programmés révélés ensemble", "Programmed dice revealed together",
              it="Dadi programmati rivelati insieme")


def tell_take(event: Event, names: Names) -> Tr:
    """A card taken: by whom, where, with which die and whether a stain changed it.

    The handler fills in what a ``take`` leaves out (the seat whose turn it is, its first die, the first
    card of the line) from the state: such an event is told with what it does say.

    >>> tell_take({"type": "take", "seat": 1, "die": 6, "stain": -1, "spot": "3-5"}, ["Léa", "Sam"]).en
    'Sam takes the card at 3-5 with die 6 turned into 5 by a stain'
    >>> tell_take({"type": "take"}, ["Léa"]).fr
    'Carte prise'
    """
    spot = None if event.get("spot") is None else _spot(event["spot"])
    die = None if event.get("die") is None else face(event["die"], "die")
    spoiled = stain(event.get("stain"))
    if "seat" in event:
        who = name(names, event["seat"])
        head = (Tr("{who} prend une carte", "{who} takes a card", it="{who} prende una carta") if spot is None else
                Tr("{who} prend la carte en {s}", "{who} takes the card at {s}", it="{who} prende la carta in {s}"))
    else:
        who = ""
        head = (Tr("Carte prise", "Card taken", it="Carta presa") if spot is None else
                Tr("Carte prise en {s}", "Card taken at {s}", it="Carta presa in {s}"))
    if die is not None and spoiled:
        tail = Tr(" avec le dé {d} changé en {v} par une tache", " with die {d} turned into {v} by a stain",
                  it=" con il dado {d} cambiato in {v} da una macchia")
    elif die is not None:
        tail = Tr(" avec le dé {d}", " with die {d}", it=" con il dado {d}")
    elif spoiled:
        tail = Tr(" avec une tache", " with a stain", it=" con una macchia")
    else:
        tail = same("")
    value = None if die is None else die + spoiled
    return same("{head}{tail}").format(
        head=head.format(who=who, s=spot), tail=tail.format(d=die, v=value))


def tell_lightning(event: Event, names: Names) -> Tr:
    """A ⚡ card drawn during the refill: its row and column are discarded and refilled.

    >>> tell_lightning({"type": "lightning", "spot": "2-4"}, []).fr
    'Carte éclair piochée en 2-4 : ligne 4 et colonne 2 défaussées et remplies'
    """
    spot = _spot(event["spot"])
    row, column = spot_row(spot), spot_column(spot)
    return Tr("Carte éclair piochée en {s} : ligne {r} et colonne {c} défaussées et remplies",
              "Lightning card drawn at {s}: row {r} and column {c} discarded and refilled",
              it="Carta fulmine pescata in {s}: riga {r} e colonna {c} scartate e riempite").format(
                  s=spot, r=row, c=column)


def tell_refill(event: Event, names: Names) -> Tr:
    """The market refilled, as its button says."""
    return REFILLED


def tell_to_scoring(event: Event, names: Names) -> Tr:
    """The remaining turns skipped."""
    return Tr("Passage au décompte : tours restants sautés", "On to the scoring: remaining turns skipped",
              it="Si passa al conteggio: turni rimanenti saltati")


def tell_painting(event: Event, names: Names) -> Tr:
    """A painting entered: whose, how many cards, and the stains when the event gives them (without them
    the handler keeps the stains the turns counted).

    >>> tell_painting({"type": "painting", "seat": 0, "painting": [["lac"]]}, ["Léa"]).it
    'Quadro di Léa: 1 carta'
    """
    who = name(names, event["seat"])
    grid = parse_painting(event["painting"])
    cards = counted(sum(cell is not None for row in grid for cell in row),
                    Tr("{n} carte", "{n} card", it="{n} carta"), Tr("{n} cartes", "{n} cards", it="{n} carte"))
    line = Tr("Tableau {de_who} : {cards}", "{who}'s painting: {cards}", it="Quadro di {who}: {cards}").format(
        de_who=de(who), who=who, cards=cards)
    if "stains" not in event:
        return line
    stains = counted(whole(event["stains"], "stains", 0), Tr("{n} tache", "{n} stain", it="{n} macchia"),
                     Tr("{n} taches", "{n} stains", it="{n} macchie"))
    return same("{line}, {stains}").format(line=line, stains=stains)


def tell_finish(event: Event, names: Names) -> Tr:
    """The match closed and scored."""
    return Tr("{done} : tableaux comptés", "{done}: paintings scored", it="{done}: quadri contati").format(
        done=PHASE_NAMES["done"])



def tell_programmed(secret: Secret, value: Any, names: Names) -> Tr:
    """A die programmed in secret that no reveal showed (``programmed/<seat>``), once the match is over."""
    return tell_program({"type": "program", "seat": secret.path[1], "face": value}, names)


SECRET_TELLERS = {"programmed": tell_programmed}
