"""Robby Solo: the end score sheet, of a match or of the ``python -m scoring score robby-solo`` document.

>>> sheet = score_input({"players": [{"name": "Sam", "money": [9000, 4000, 1000], "objects": 3}]})
>>> sheet.ranking[0].total
34000
>>> score_input({"players": [{"name": "Sam", "objects": "3"}]})
Traceback (most recent call last):
...
scoring.core.errors.InvalidScoreInput: players[0].objects: must be a whole number, got “3”
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scoring.core import InvalidScoreInput, ScoreSheet, Tr, flag, quote, rank_rows, whole
from scoring.games.robby_solo.rules import (
    DECK_SIZE,
    JUNIOR_NAME,
    MAX_PEOPLE,
    MONEY_VALUES,
    OBJECT_TABLE_END,
    SLUG,
    is_money,
    object_value,
)
from scoring.games.robby_solo.state import RobbyState
from scoring.games.robby_solo.texts import money as money_text

#: a player's name, money cards and number of objects
Player = tuple[str, list[int], int]
#: a player's fields in the score document
_FIELDS = frozenset(("name", "money", "objects"))
#: the money cards, and their type (a flag or a float equal to a card is no card)
_MONEY, _INT = frozenset(MONEY_VALUES), frozenset((int,))
#: what the most objects are worth
_TOP = money_text(object_value(OBJECT_TABLE_END))


def score_input(doc: Any) -> ScoreSheet:
    """The sheet of a score document: Robby Junior is the player named as the card names him; the house
    rule ``"junior_can_win": false`` keeps the victory for the people.

    >>> doc = {"players": [{"name": "Sam", "money": [9000]}, {"name": "Robby Junior", "money": [9000, 1000]}]}
    >>> score_input(doc).winners, score_input({**doc, "junior_can_win": False}).winners
    (('Robby Junior',), ('Sam',))
    """
    players = parse_score_doc(doc)
    can_win = "junior_can_win" not in doc or flag(doc["junior_can_win"], "junior_can_win", error=InvalidScoreInput)
    names = [p[0] for p in players]
    return score_players(players, names.index(JUNIOR_NAME) if JUNIOR_NAME in names else None, can_win)


def score_state(state: RobbyState) -> ScoreSheet:
    """The sheet of a match: every pile, Robby Junior's included."""
    return score_players([(name, [c for c in hand if c is not None], sum(1 for c in hand if c is None))
                          for name, hand in zip(state["names"], state["hands"], strict=True)],
                         state["junior"], state["junior_can_win"])


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
        raise InvalidScoreInput("input", Tr(f"doit être un objet avec 'players', reçu {quote(doc)}",
                                            f"must be an object with 'players', got {quote(doc)}",
                                            it=f"deve essere un oggetto con 'players', ricevuto {quote(doc)}"))
    unknown = sorted(set(doc) - {"players", "junior_can_win"}, key=str)
    if unknown:
        raise InvalidScoreInput(str(unknown[0]), Tr(f"champ inconnu {quote(unknown[0])} (attendus : 'players', "
                                                    "'junior_can_win')",
                                                    f"unknown field {quote(unknown[0])} (expected 'players', "
                                                    "'junior_can_win')",
                                                    it=f"campo sconosciuto {quote(unknown[0])} (attesi: 'players', "
                                                       "'junior_can_win')"))
    players = doc.get("players")
    if not isinstance(players, list):
        raise InvalidScoreInput("players", Tr(f"doit être une liste de joueurs, reçu {quote(players)}",
                                              f"must be a list of players, got {quote(players)}",
                                              it=f"deve essere una lista di giocatori, ricevuto {quote(players)}"))
    if not 1 <= len(players) <= MAX_PEOPLE:
        raise InvalidScoreInput("players", Tr(f"1 à {MAX_PEOPLE} joueurs (Robby Junior compris), reçu {len(players)}",
                                              f"1 to {MAX_PEOPLE} players (Robby Junior included), "
                                              f"got {len(players)}",
                                              it=f"da 1 a {MAX_PEOPLE} giocatori (Robby Junior compreso), ricevuti "
                                                 f"{len(players)}"))
    out: list[Player] = []
    seen: set[str] = set()
    for i, p in enumerate(players):
        out.append(_player(p, f"players[{i}]", seen))
    cards = sum(len(m) + o for _n, m, o in out)
    if cards > DECK_SIZE:
        raise InvalidScoreInput("players", Tr(f"la boîte a {DECK_SIZE} cartes Butin, reçu {cards} dans les piles",
                                              f"the box has {DECK_SIZE} loot cards, got {cards} in the hands",
                                              it=f"la scatola ha {DECK_SIZE} carte Bottino, ricevute {cards} nelle "
                                                 "pile"))
    return out


def _player(p: Any, where: str, seen: set[str]) -> Player:
    if not isinstance(p, dict):
        raise InvalidScoreInput(where, Tr(f"doit être un objet avec name, money et objects, reçu {quote(p)}",
                                          f"must be an object with name, money and objects, got {quote(p)}",
                                          it=f"deve essere un oggetto con name, money e objects, ricevuto {quote(p)}"))
    if not _FIELDS.issuperset(p):
        field = min(set(p) - _FIELDS, key=str)
        raise InvalidScoreInput(f"{where}.{field}",
                                Tr(f"champ inconnu {quote(field)} (attendus : name, money, objects)",
                                   f"unknown field {quote(field)} (expected name, money, objects)",
                                   it=f"campo sconosciuto {quote(field)} (attesi: name, money, objects)"))
    name = p.get("name")
    if not isinstance(name, str) or not name.strip():
        raise InvalidScoreInput(f"{where}.name", Tr(f"doit être un texte non vide, reçu {quote(name)}",
                                                    f"must be a non-empty text, got {quote(name)}",
                                                    it=f"deve essere un testo non vuoto, ricevuto {quote(name)}"))
    if name in seen:
        raise InvalidScoreInput(f"{where}.name", Tr(f"le nom {quote(name)} est déjà pris",
                                                    f"the name {quote(name)} is already used",
                                                    it=f"il nome {quote(name)} è già preso"))
    seen.add(name)
    cards = p.get("money", [])
    if not isinstance(cards, list):
        raise InvalidScoreInput(f"{where}.money", Tr(f"doit être une liste de cartes d'argent, reçu {quote(cards)}",
                                                     f"must be a list of money cards, got {quote(cards)}",
                                                     it="deve essere una lista di carte denaro, ricevuto "
                                                        f"{quote(cards)}"))
    if len(cards) > DECK_SIZE:
        raise InvalidScoreInput(f"{where}.money", Tr(f"la boîte a {DECK_SIZE} cartes Butin, reçu {len(cards)}",
                                                     f"the box has {DECK_SIZE} loot cards, got {len(cards)}",
                                                     it=f"la scatola ha {DECK_SIZE} carte Bottino, ricevute "
                                                        f"{len(cards)}"))
    fine = _INT.issuperset(map(type, cards)) and _MONEY.issuperset(cards)  # the usual case, checked at once
    for j, card in enumerate(() if fine else cards):
        if not is_money(card):
            raise InvalidScoreInput(f"{where}.money[{j}]",
                                    Tr(f"une carte d'argent vaut 1000 à 9000 en milliers ronds, reçu {quote(card)}",
                                       f"a money card is 1000..9000 in whole thousands, got {quote(card)}",
                                       it="una carta denaro vale da 1000 a 9000 in migliaia tonde, ricevuto "
                                          f"{quote(card)}"))
    objects = whole(p.get("objects", 0), f"{where}.objects", 0, DECK_SIZE, error=InvalidScoreInput, digits=False)
    return name, list(cards), objects


def score_players(players: Sequence[Player], junior: int | None = None, junior_can_win: bool = True) -> ScoreSheet:
    """The end score sheet: "Les cartes avec une valeur monétaire sont simplement additionnées".

    >>> sheet = score_players([("Sam", [9000, 4000, 1000], 3), ("Léa", [], 8), ("Max", [5000], 0)])
    >>> [(r.name, r.rank, r.total) for r in sheet.ranking]
    [('Léa', 1, 100000), ('Sam', 2, 34000), ('Max', 3, 5000)]
    >>> sheet.ranking[1].breakdown
    {'money': 14000, 'objects': 20000}
    >>> sheet.notes[0].en
    'Léa holds 8 objects: the table stops at seven, so they score $100,000.'
    """
    rows = []
    extras: dict[int, dict[str, Any]] = {}
    notes: list[Tr] = []
    for seat, (name, cards, objects) in enumerate(players):
        breakdown = {"money": sum(cards), "objects": object_value(objects)}
        rows.append((seat, name, breakdown, breakdown["money"] + breakdown["objects"], ()))
        extras[seat] = {"money_cards": len(cards), "object_cards": objects}
        if objects > OBJECT_TABLE_END:
            extras[seat]["objects_capped"] = True
            notes.append(Tr(f"{name} a {objects} objets : le tableau s'arrête à sept, soit {_TOP.fr}.",
                            f"{name} holds {objects} objects: the table stops at seven, so they score {_TOP.en}.",
                            it=f"{name} ha {objects} oggetti: la tabella si ferma a sette, cioè {_TOP.it}."))
    sheet = rank_rows(SLUG, rows, extras=extras)
    winners = sheet.winners
    if junior is not None and not junior_can_win:
        best = max((r.total for r in sheet.ranking if r.seat != junior), default=0)
        winners = tuple(r.name for r in sheet.ranking if r.seat != junior and r.total == best)
        name = players[junior][0]
        if winners != sheet.winners:
            notes.append(Tr(f"Variante : {name} ne gagne pas ; la victoire revient au meilleur butin des "
                            f"personnes ({', '.join(winners)}).",
                            f"House rule: {name} cannot win; the victory goes to the best loot among the "
                            f"people ({', '.join(winners)}).",
                            it=f"Variante: {name} non vince; la vittoria va al miglior bottino delle persone "
                               f"({', '.join(winners)})."))
    if len(winners) > 1:
        notes.append(Tr("Égalité : la règle ne prévoit pas de départage, la victoire est partagée.",
                        "A tie: the rules give no tie-break, so the victory is shared.",
                        it="Parità: il regolamento non prevede spareggio, la vittoria è condivisa."))
    return ScoreSheet(sheet.game, sheet.ranking, winners, sheet.extra, tuple(notes))
