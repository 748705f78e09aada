"""Robby Solo: the moves (restock, secret choice, declaration, reveal, deck count) and the ``MOVES`` table,
each move with its teller, its line of the ledger (telling.py).

Each handler checks its event and changes the copy of the state the core's ``apply`` hands it.  No
refusal quotes what a seat chose in secret or Robby Junior's deck: a declaration that contradicts the
Gentleman's secret card says only that it does not match (docs/rules-notes.md, "Secrets in refusals").

>>> from scoring.games.robby_solo.game import GAME
>>> import random
>>> opts = GAME.validate_options({"players": 3, "banks": "chosen", "bank_yellow": True, "bank_green": True,
...                               "bank_red": True, "bank_purple": True})
>>> state = GAME.initial_state(GAME.setup(opts, random.Random(2)).record, ["Ada", "Bob", "Cy"])
>>> state = GAME.apply(state, {"type": "restock", "yellow": 3, "green": 0, "red": 9, "purple": 1})
>>> state = GAME.apply(state, {"type": "choose", "bank0": "green"})
>>> GAME.apply(state, {"type": "declare", "kind": "rob", "bank": "purple"})
Traceback (most recent call last):
...
scoring.core.errors.IllegalEvent: the declaration must be true: it does not match the heist card Ada chose in secret
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from scoring.core import IllegalEvent, Move, Tr, quote, whole
from scoring.core.contract import Handler, SeatOf
from scoring.core.telling import Teller
from scoring.core.timers import new_timer
from scoring.games.robby_solo.rules import (
    DECK_SIZE,
    DECLARATIONS,
    Card,
    Hand,
    parse_card,
    police_visit,
    seat_of,
)
from scoring.games.robby_solo.state import BankOutcome, PoliceVisit, RobbyState
from scoring.games.robby_solo.telling import tell_choose, tell_deck, tell_declare, tell_restock, tell_reveal
from scoring.games.robby_solo.texts import declaration


def _bank(state: RobbyState, value: Any, key: str, who: str = "") -> str:
    """A bank in play, in the field ``key`` (of ``who``: the message names them both).  A refused value is no bank
    in play, so quoting it gives no secret away."""
    if not isinstance(value, str) or value not in state["banks"]:
        listed = ", ".join(state["banks"])
        q = quote(value)
        raise IllegalEvent.about(key, Tr(f"choisissez l'une des banques en jeu ({listed}), reçu {q}",
                                          f"choose one of the banks in play ({listed}), got {q}",
                                          it=f"scegliete una delle banche in gioco ({listed}), ricevuto {q}"),
                                 named=f"{key} ({who})" if who else key)
    return value


def restock(state: RobbyState, event: Mapping[str, Any]) -> None:
    """"le Gentilhomme (ou la Dame) doit placer une carte Butin découverte à côté de chaque carte Banque"."""
    cards = {c: parse_card(event.get(c), c) for c in state["banks"]}
    if state["deck"] < len(cards):
        raise IllegalEvent(Tr(f"la pioche n'a que {state['deck']} cartes : pas de quoi réapprovisionner les "
                              f"{len(cards)} banques",
                              f"the deck holds {state['deck']} cards: it cannot restock the {len(cards)} banks",
                              it=f"il mazzo ha solo {state['deck']} carte: non basta a rifornire le {len(cards)} "
                                 "banche"))
    for c, card in cards.items():
        state["loot"][c].append(card)
    state["deck"] -= len(cards)
    state["phase"] = "declare"


def _truthful(state: RobbyState, bank: str, secret: bool) -> None:
    """"La déclaration doit être véridique".  ``secret``: ``bank`` was chosen in secret, so the refusal
    says only that it does not match (the device that shows it may not know the card)."""
    decl = state["declaration"]
    assert decl is not None
    if (decl["kind"] == "rob") == (bank == decl["bank"]):
        return
    name = state["names"][state["gentleman"]]
    if secret:
        raise IllegalEvent(Tr(f"la déclaration doit être vraie : elle ne correspond pas à la carte Braquage "
                              f"choisie en secret par {name}",
                              f"the declaration must be true: it does not match the heist card {name} "
                              "chose in secret",
                              it="la dichiarazione deve essere vera: non corrisponde alla carta Rapina scelta in "
                                 f"segreto da {name}"))
    said = declaration(decl["kind"], decl["bank"], name)
    raise IllegalEvent(Tr(f"la déclaration doit être vraie ({said.fr}), reçu {quote(bank)} pour {name}",
                          f"the declaration must be true ({said.en}), got {quote(bank)} for {name}",
                          it=f"la dichiarazione deve essere vera ({said.it}), ricevuto {quote(bank)} per {name}"))


def declare(state: RobbyState, event: Mapping[str, Any]) -> None:
    """"le Gentilhomme (ou la Dame) doit faire une déclaration publique"."""
    kind = event.get("kind")
    if kind not in DECLARATIONS:
        raise IllegalEvent(Tr(f"kind : 'rob' (je braquerai) ou 'not_rob' (je ne braquerai pas), reçu {quote(kind)}",
                              f"kind: 'rob' or 'not_rob', got {quote(kind)}",
                              it=f"kind: 'rob' (rapinerò) o 'not_rob' (non rapinerò), ricevuto {quote(kind)}"))
    state["declaration"] = {"kind": str(kind), "bank": _bank(state, event.get("bank"), "bank")}
    mine = state["chosen"][state["gentleman"]]
    if mine is not None:
        _truthful(state, mine, secret=True)
    state["phase"] = "confirm"
    if state["timer_ms"]:
        state["timers"] = {**state["timers"], "confirm": new_timer(state["timer_ms"])}


def _seat_banks(state: RobbyState, event: Mapping[str, Any]) -> dict[int, str]:
    """The ``bank<seat>`` fields of an event, checked."""
    out: dict[int, str] = {}
    for key, value in event.items():
        k = seat_of(key)
        if k is None:
            continue
        if k == state["junior"]:
            q = quote(value)
            raise IllegalEvent.about(key, Tr(f"la carte de Robby Junior vient de son paquet, reçu {q}",
                                              f"Robby Junior's card comes from his deck, got {q}",
                                              it=f"la carta di Robby Junior viene dal suo mazzo, ricevuto {q}"))
        if not 0 <= k < state["people"]:
            raise IllegalEvent.about(key, Tr(f"il n'y a pas de joueur n° {k} (0 à {state['people'] - 1})",
                                              f"there is no player number {k} (0 to {state['people'] - 1})",
                                              it=f"non c'è un giocatore n° {k} (da 0 a {state['people'] - 1})"))
        out[k] = _bank(state, value, key, state["names"][k])
    return out


def choose(state: RobbyState, event: Mapping[str, Any]) -> None:
    """"chaque joueur doit décider secrètement quelle banque il a l'intention de braquer": the bank a
    person chose on their phone stands for the card laid face down.  Refusals never quote the bank."""
    picks = _seat_banks(state, event)
    if len(picks) != 1:
        seats = ", ".join(f"bank{k}" for k in sorted(picks)) or "—"
        raise IllegalEvent(Tr(f"un choix secret nomme la banque d'un seul joueur (bank<place>), reçu {seats}",
                              f"a secret choice names one player's bank (bank<seat>), got {seats}",
                              it="una scelta segreta nomina la banca di un solo giocatore (bank<posto>), ricevuto "
                                 f"{seats}"))
    ((k, bank),) = picks.items()
    if "seat" in event:  # the seat that sends it (older events name it only by their bank<seat> field)
        sender = whole(event["seat"], "seat", 0, state["people"] - 1)
        if sender != k:
            raise IllegalEvent(Tr(f"seat : la place {sender} ne choisit pas pour bank{k}",
                                  f"seat: seat {sender} does not choose for bank{k}",
                                  it=f"seat: il posto {sender} non sceglie per bank{k}"))
    if k == state["gentleman"] and state["phase"] == "confirm":
        name = state["names"][k]
        raise IllegalEvent(Tr(f"bank{k} : {name} a déclaré ; le Gentilhomme ou la Dame ne change plus de carte",
                              f"bank{k}: {name} has declared; the Gentleman or Lady may not change their card",
                              it=f"bank{k}: {name} ha dichiarato; il Gentiluomo o la Dama non cambia più carta"))
    state["chosen"][k] = bank


def reveal(state: RobbyState, event: Mapping[str, Any]) -> None:
    """"toutes les cartes Braquage sur la table sont retournées": the banks of those who did not choose in
    secret; the Gentleman's after "je braquerai X" is X; Robby Junior's comes from his deck."""
    g, decl, names = state["gentleman"], state["declaration"], state["names"]
    assert decl is not None
    robbed: list[str | None] = [*state["chosen"], *([None] if state["junior"] is not None else [])]
    for k, bank in _seat_banks(state, event).items():
        if robbed[k] is not None:  # never compared with the secret: the answer would give it away
            raise IllegalEvent(Tr(f"bank{k} : {names[k]} a choisi sa banque en secret, elle ne se saisit pas "
                                  "à la révélation",
                                  f"bank{k}: {names[k]} chose their bank in secret; it is not entered at the "
                                  "reveal",
                                  it=f"bank{k}: {names[k]} ha scelto la sua banca in segreto, non si inserisce alla "
                                     "rivelazione"))
        robbed[k] = bank
    from_secret = robbed[g] is not None and f"bank{g}" not in event
    if robbed[g] is None and decl["kind"] == "rob":
        robbed[g] = decl["bank"]
    missing = [k for k in range(state["people"]) if robbed[k] is None]
    if missing:
        k = missing[0]
        raise IllegalEvent(Tr(f"bank{k} : quelle banque {names[k]} a-t-il ou elle braquée ? Rien reçu",
                              f"bank{k}: which bank did {names[k]} rob? got nothing",
                              it=f"bank{k}: quale banca ha rapinato {names[k]}? Non ricevuto nulla"))
    _truthful(state, str(robbed[g]), secret=from_secret)
    if state["junior"] is not None:
        deck = state["junior_deck"]
        robbed[state["junior"]] = deck[state["junior_plays"] % len(deck)]
        state["junior_plays"] += 1
    _resolve(state, [str(b) for b in robbed])


def _resolve(state: RobbyState, robbed: list[str]) -> None:
    """"Tous ceux qui ont braqué seuls une banque prennent l'intégralité du Butin"; then the police."""
    hands: list[Hand] = state["hands"]
    outcome: list[BankOutcome] = []
    for c in state["banks"]:
        robbers = [k for k, b in enumerate(robbed) if b == c]
        loot: list[Card] = state["loot"][c]
        outcome.append({"bank": c, "robbers": robbers, "loot": list(loot),
                        "winner": robbers[0] if len(robbers) == 1 else None})
        if len(robbers) == 1:
            hands[robbers[0]].extend(loot)  # laid in order: the bank's newest card ends on top
            state["loot"][c] = []
    visits: list[PoliceVisit] = []
    for c in state["banks"]:
        if len(state["loot"][c]) == 4:
            returned = state["loot"][c]
            state["loot"][c] = []
            new_hands, taken = police_visit(hands)
            hands[:] = new_hands
            state["deck"] += len(returned) + len(taken)
            state["police_visits"] += 1
            visits.append({"bank": c, "returned": returned, "taken": [[k, card] for k, card in taken]})
    state["pile_sizes"] = [len(h) for h in hands]
    assert state["declaration"] is not None
    state["last"] = {"round": state["round"], "gentleman": state["gentleman"],
                     "declaration": state["declaration"], "robbed": robbed, "banks": outcome, "police": visits}
    state["gentleman"] = (state["gentleman"] + 1) % state["people"]
    state["round"] += 1
    state["declaration"] = None
    state["chosen"] = [None] * state["people"]
    state["timers"] = {k: v for k, v in state["timers"].items() if k != "confirm"}
    _start_round(state)


def _start_round(state: RobbyState) -> None:
    """"Si au début d'un tour, il n'y a pas assez de cartes Butin pour réapprovisionner TOUTES les
    Banques, la partie se termine immédiatement"."""
    state["phase"] = "restock"
    if state["deck"] < len(state["banks"]):
        state["finished"] = True
        state["end"] = "deck"


def deck(state: RobbyState, event: Mapping[str, Any]) -> None:
    """The table recounts the loot deck; at the restock step a short deck ends the game."""
    state["deck"] = whole(event.get("count"), "count", 0, DECK_SIZE, digits=False)
    if state["phase"] == "restock":
        _start_round(state)


def chooser(state: RobbyState, event: Mapping[str, Any]) -> Any:
    """The seat a secret choice concerns: its ``seat``, or else the one seat its ``bank<seat>`` field names."""
    if "seat" in event:
        return event["seat"]
    named = {seat_of(key) for key in event} - {None}
    return named.pop() if len(named) == 1 else None


def _move(handler: Callable[[RobbyState, Mapping[str, Any]], None], *phases: str, by: str = "host",
          seat: SeatOf = "seat", undoable: bool = True, tell: Teller | None = None) -> Move:
    return Move(cast(Handler, handler), phases=phases, by=by, seat=seat, undoable=undoable, tell=tell)


#: event type -> move.  Every move but the secret choice is the table's (its device enters what the table
#: saw and heard); a secret choice is sent by the seat it names (``seat``, and its ``bank<seat>`` field), or
#: by the table behind that seat's privacy screen.  The reveal is not undoable: every screen has shown every
#: secret choice by then (and Robby Junior's card); undone, the choices would be secret, and open to change,
#: again for people who have seen them all (as the other games' reveals).
MOVES: dict[str, Move] = {
    "restock": _move(restock, "restock", tell=tell_restock),
    "choose": _move(choose, "declare", "confirm", by="seat", seat=chooser, tell=tell_choose),
    "declare": _move(declare, "declare", tell=tell_declare),
    "reveal": _move(reveal, "confirm", undoable=False, tell=tell_reveal),
    "deck": _move(deck, tell=tell_deck),
}
