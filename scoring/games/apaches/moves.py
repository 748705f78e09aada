"""Les Apaches de Paris: how each event changes the match (the ``MOVES`` table), and how a form's
values become an event (``prepare``: typed values, every random outcome recorded).

The core's ``Game.apply`` checks the match's end and the phase, copies the state and calls the
handler, which changes the copy in place.  No refusal quotes a drawn bourgeois: the tokens are secret.

>>> from scoring.games.apaches.state import initial
>>> state = initial({"players": 2, "configuration": [1, 2, 3, 6, 8, 9], "first_player": 1}, ["A", "B"])
>>> start_round(state, {"type": "start_round", "round": 1, "first_player": 1,
...                     "set_aside": {"1": 2, "2": 1, "3": 4, "6": 5}})
>>> state["phase"], state["order"]
('turns', [1, 0])
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.core import Event, IllegalEvent, Move, State, Tr, bags, one_of, quote, whole
from scoring.games.apaches.rules import (
    BAIL,
    BOURGEOIS_DISTRICT,
    FENCE_DISTRICT,
    FENCE_PER_BURGLARY,
    MAX_CORRECTION,
    MONEY_RANGE,
    MOST_DRAWS,
    ROUNDS,
    STASHES,
    STEAL,
    TURNS,
    VALUABLES_RANGE,
    clockwise,
    last_turn_order,
)
from scoring.games.apaches.state import (
    BAG,
    ApachesState,
    Gang,
    burglaries,
    current_seat,
    draws,
    free_leaders,
    in_front_max,
    plain,
    reinforcements_left,
    stash_districts,
    typed,
    unsettled,
)
from scoring.games.apaches.telling import (
    nobody,
    tell_adjust,
    tell_bourgeois,
    tell_end_round,
    tell_end_turn,
    tell_fence,
    tell_last_turn,
    tell_reveal,
    tell_seen,
    tell_settle,
    tell_skip_turns,
    tell_start_round,
)

#: What the uncovered stash of a district says (the « planque non recouverte »).
STASH_KINDS = ("money", "valuables", "steal", "reinforcements", "wounded", "killed", "prison")
PENALTIES = ("wounded", "killed", "prison")
TOKEN_KINDS = ("bourgeois", "policeman")


# --------------------------------------------------------------------------- value checks


def seat_or_none(state: ApachesState, value: Any, what: str) -> int | None:
    if nobody(value):
        return None
    return whole(value, what, 0, state["players"] - 1)


def per_seat(state: ApachesState, value: Any, what: str, highs: Sequence[int]) -> list[int]:
    n = state["players"]
    if not isinstance(value, list) or len(value) != n:
        raise IllegalEvent.about(what, Tr(f"il faut un nombre par joueur ({n}), reçu {quote(value)}",
                                           f"must give one number per player ({n}), got {quote(value)}",
                                           it=f"serve un numero per giocatore ({n}), ricevuto {quote(value)}"))
    return [whole(v, f"{what}[{state['names'][i]}]", 0, highs[i]) for i, v in enumerate(value)]


def _pay(state: ApachesState, seat: int, amount: int, what: str) -> None:
    """A payment the table chooses (bail, a correction): refused when the wallet is short."""
    gang = state["gangs"][seat]
    if gang["wallet"] < amount:
        name, has = state["names"][seat], gang["wallet"]
        raise IllegalEvent.about(what, Tr(f"{name} a {has} F, ne peut pas payer {amount} F",
                                           f"{name} has {has} F, cannot pay {amount} F",
                                           it=f"{name} ha {has} F, non può pagare {amount} F"))
    gang["wallet"] -= amount


def _once(state: ApachesState, district: int) -> None:
    if str(district) in state["settled"]:
        raise IllegalEvent(Tr(f"district : le quartier {district} est déjà réglé cette manche",
                              f"district: {district} is already settled this round",
                              it=f"district: il quartiere {district} è già risolto in questo round"))


def _goto(state: ApachesState, phase: str, turn: int, order: list[int]) -> None:
    state["phase"], state["turn"], state["order"], state["index"] = phase, turn, order, 0


# --------------------------------------------------------------------------- handlers


def start_round(state: ApachesState, event: Mapping[str, Any]) -> None:
    """« Enlever au hasard une planque par quartier » and start turn 1 from the 1st player."""
    if event.get("round") != state["round"]:
        raise IllegalEvent(Tr(f"round : c'est la manche {state['round']}, reçu {quote(event.get('round'))}",
                              f"round: this is round {state['round']}, got {quote(event.get('round'))}",
                              it=f"round: è il round {state['round']}, ricevuto {quote(event.get('round'))}"))
    if event.get("first_player") != state["first_player"]:
        got = quote(event.get("first_player"))
        raise IllegalEvent(Tr(f"first_player : la place {state['first_player']} commence cette manche, reçu {got}",
                              f"first_player: seat {state['first_player']} starts this round, got {got}",
                              it=f"first_player: il posto {state['first_player']} inizia questo round, ricevuto "
                                 f"{got}"))
    aside = event.get("set_aside")
    wanted = sorted(stash_districts(state))
    if not isinstance(aside, dict) or set(aside) != {str(d) for d in wanted}:
        raise IllegalEvent(Tr(f"set_aside : il faut une position pour chacun des quartiers {wanted}, reçu "
                              f"{quote(aside)}",
                              f"set_aside: needs one position for each of districts {wanted}, got {quote(aside)}",
                              it=f"set_aside: serve una posizione per ciascuno dei quartieri {wanted}, ricevuto "
                                 f"{quote(aside)}"))
    state["set_aside"] = {str(d): whole(aside[str(d)], f"set_aside[{d}]", 1, STASHES[d]) for d in wanted}
    _goto(state, "turns", 1, clockwise(state["first_player"], state["players"]))
    state["last_counts"] = None


def end_turn(state: ApachesState, event: Mapping[str, Any]) -> None:
    """The player has laid a stash; bail may be paid « à la fin d'un de ses tours de jeu »."""
    seat = current_seat(state)
    if seat is None:
        raise IllegalEvent(Tr("personne n'est à jouer maintenant", "nobody is to play now",
                              it="nessuno deve giocare ora"))
    if event.get("seat") != seat:
        name, got = state["names"][seat], quote(event.get("seat"))
        raise IllegalEvent(Tr(f"seat : c'est à {name} de jouer (place {seat}), reçu {got}",
                              f"seat: it is {name}'s turn (seat {seat}), got {got}",
                              it=f"seat: tocca a {name} giocare (posto {seat}), ricevuto {got}"))
    gang = state["gangs"][seat]
    bail = whole(event.get("bail", 0) or 0, "bail", 0, gang["prison"])
    if bail:
        _pay(state, seat, BAIL * bail, "bail")
        gang["paid"] += BAIL * bail
        gang["prison"] -= bail
    state["index"] += 1
    if state["index"] >= len(state["order"]):
        if state["turn"] < TURNS - 1:
            _goto(state, "turns", state["turn"] + 1, clockwise(state["first_player"], state["players"]))
        elif state["turn"] == TURNS - 1:
            _goto(state, "last_order", state["turn"], [])
        else:
            _goto(state, "settlement", state["turn"], [])


def skip_turns(state: ApachesState, event: Mapping[str, Any]) -> None:
    """Turns 1 to 5 played without a note each: straight to the count before the last turn."""
    if state["turn"] >= TURNS:
        raise IllegalEvent(Tr("c'est déjà le dernier tour : terminez-le joueur par joueur",
                              "this is already the last turn: end it player by player",
                              it="è già l'ultimo turno: finitelo giocatore per giocatore"))
    jailed = ", ".join(state["names"][i] for i, g in enumerate(state["gangs"]) if g["prison"])
    if jailed:
        raise IllegalEvent(Tr(f"{jailed} peut payer une caution à la fin d'un tour : notez les tours un par un",
                              f"{jailed} may pay bail at the end of a turn: note the turns one by one",
                              it=f"{jailed} può pagare una cauzione alla fine di un turno: segnate i turni uno per "
                                 "uno"))
    _goto(state, "last_order", TURNS - 1, [])


def last_turn(state: ApachesState, event: Mapping[str, Any]) -> None:
    """« Les joueurs jouent ... dans l'ordre décroissant du nombre d'Apaches restant devant eux »."""
    counts = per_seat(state, event.get("apaches"), "apaches", [in_front_max(g) for g in state["gangs"]])
    _goto(state, "turns", TURNS, last_turn_order(counts, state["first_player"]))
    state["last_counts"] = counts


def _steal(state: ApachesState, winner: int) -> dict[str, int]:
    """Each other gang pays the thief what it can (a wallet never goes below 0 F)."""
    paid = {}
    for other, gang in enumerate(state["gangs"]):
        if other != winner:
            paid[str(other)] = min(STEAL[state["players"]], gang["wallet"])
            gang["wallet"] -= paid[str(other)]
            gang["paid"] += paid[str(other)]
            state["gangs"][winner]["wallet"] += paid[str(other)]
    return paid


def _penalty(state: ApachesState, winner: int, stash: str) -> None:
    """« Seuls les meneurs peuvent être sanctionnés. »"""
    gang: Gang = state["gangs"][winner]
    if free_leaders(gang) < 1:
        name = state["names"][winner]
        raise IllegalEvent(Tr(f"winner : {name} n'a plus de meneur avec son gang à sanctionner",
                              f"winner: {name} has no leader left with the gang to penalise",
                              it=f"winner: {name} non ha più capi con la banda da sanzionare"))
    if stash == "wounded":
        gang["hospital_next"] += 1
    elif stash == "killed":
        gang["cemetery"] += 1
    else:
        gang["prison_next"] += 1


def settle(state: ApachesState, event: Mapping[str, Any]) -> None:
    """« le joueur majoritaire ... applique l'action déterminée par la planque non recouverte »."""
    district = whole(event.get("district"), "district")
    if district not in stash_districts(state):
        raise IllegalEvent(Tr(f"district : {district} n'est pas un quartier à planques de cette partie "
                              f"(en jeu : {stash_districts(state)})",
                              f"district: {district} is not a district with stashes in this game "
                              f"(in play: {stash_districts(state)})",
                              it=f"district: {district} non è un quartiere con nascondigli in questa partita (in "
                                 f"gioco: {stash_districts(state)})"))
    _once(state, district)
    winner = seat_or_none(state, event.get("winner"), "winner")
    stash = one_of(event.get("stash"), "stash", STASH_KINDS)
    amount = event.get("amount")
    if stash in ("money", "valuables") and (winner is not None or amount not in (None, 0)):
        low, high = MONEY_RANGE if stash == "money" else VALUABLES_RANGE
        amount = whole(amount, f"amount ({stash})", low, high)
    elif amount not in (None, 0):
        raise IllegalEvent(Tr(f"amount : seule une planque d'argent ou de cambriolage a un montant, reçu "
                              f"{quote(amount)}",
                              f"amount: only a money or valuables stash has an amount, got {quote(amount)}",
                              it="amount: solo un nascondiglio di denaro o di scasso ha un importo, ricevuto "
                                 f"{quote(amount)}"))
    entry: dict[str, Any] = {"winner": winner, "stash": stash}
    if amount:
        entry["amount"] = amount
    if winner is not None:
        gang = state["gangs"][winner]
        if stash in ("money", "valuables"):
            gang["wallet"] += entry["amount"]
        elif stash == "steal":
            entry["paid"] = _steal(state, winner)
        elif stash == "reinforcements":
            entry["reinforcements"] = min(2, reinforcements_left(state))
            gang["reinforcements_next"] += entry["reinforcements"]
        else:
            _penalty(state, winner, stash)
    state["settled"][str(district)] = entry


def bourgeois(state: ApachesState, event: Mapping[str, Any]) -> State | None:
    """« Le joueur majoritaire dans ce quartier ... prend au hasard 1 bourgeois »."""
    _once(state, BOURGEOIS_DISTRICT)
    winner = seat_or_none(state, event.get("winner"), "winner")
    entry: dict[str, Any] = {"winner": winner}
    bag = state["bags"][BAG]
    if winner is not None and bag["left"] > 0:
        if "token" not in event:
            raise IllegalEvent(Tr("un tirage de bourgeois a besoin de son pion (préparez l'événement)",
                                  "a bourgeois draw needs its token (prepare the event)",
                                  it="una pesca di borghese ha bisogno del suo segnalino (preparate l'evento)"))
        token = event["token"]
        if (not isinstance(token, str) or token not in TOKEN_KINDS or token not in bag["remaining"]
                or len(bag["draws"]) >= MOST_DRAWS):
            # never name the token: which ones are left is nobody's to see
            raise IllegalEvent(Tr("token : ce pion ne correspond pas au sac", "token: does not match the bag",
                                  it="token: questo segnalino non corrisponde al sacchetto"))
        out = typed(bags.apply_draw(plain(state), {"bag": BAG, "seat": winner, "token": event["token"]}))
        draws(out)[-1]["round"] = state["round"]
        entry["draw"] = len(draws(out)) - 1
        out["settled"][str(BOURGEOIS_DISTRICT)] = entry
        return plain(out)
    if "token" in event:
        raise IllegalEvent(Tr("token : pas de tirage ici (personne, ou le sac est vide)",
                              "token: no draw here (nobody, or the bag is empty)",
                              it="token: nessuna pesca qui (nessuno, o il sacchetto è vuoto)"))
    state["settled"][str(BOURGEOIS_DISTRICT)] = entry
    return None


def fence(state: ApachesState, event: Mapping[str, Any]) -> None:
    """« 250F par cambriolage qu'il a réussi lors de cette manche et un renfort »."""
    _once(state, FENCE_DISTRICT)
    waiting = [d for d in stash_districts(state) if str(d) not in state["settled"]]
    if waiting:
        raise IllegalEvent(Tr(f"réglez d'abord les quartiers {waiting} : le receleur paie les cambriolages de "
                              "la manche",
                              f"settle districts {waiting} first: the fence pays for this round's burglaries",
                              it=f"risolvete prima i quartieri {waiting}: il ricettatore paga gli scassi del round"))
    winner = seat_or_none(state, event.get("winner"), "winner")
    entry: dict[str, Any] = {"winner": winner}
    if winner is not None:
        gang = state["gangs"][winner]
        entry["burglaries"] = burglaries(state, winner)
        entry["amount"] = FENCE_PER_BURGLARY * entry["burglaries"]
        entry["reinforcements"] = min(1, reinforcements_left(state))
        gang["wallet"] += entry["amount"]
        gang["reinforcements_next"] += entry["reinforcements"]
    state["settled"][str(FENCE_DISTRICT)] = entry


def seen(state: ApachesState, event: Mapping[str, Any]) -> State:
    """« regarde son identité sans la révéler »: the holder has looked (not undoable)."""
    drawn = draws(state)
    if not drawn:
        raise IllegalEvent(Tr("draw : personne n'a encore tiré de bourgeois", "draw: nobody has drawn a bourgeois yet",
                              it="draw: nessuno ha ancora pescato un borghese"))
    index = whole(event.get("draw"), "draw", 0, len(drawn) - 1)
    holder = drawn[index]["seat"]
    if event.get("seat") != holder:
        got = quote(event.get("seat"))
        raise IllegalEvent(Tr(f"seat : le tirage {index} appartient à la place {holder}, reçu {got}",
                              f"seat: draw {index} belongs to seat {holder}, got {got}",
                              it=f"seat: la pesca {index} appartiene al posto {holder}, ricevuto {got}"))
    if drawn[index]["seen"]:
        raise IllegalEvent(Tr(f"draw : le tirage {index} a déjà été regardé",
                              f"draw: draw {index} has already been seen",
                              it=f"draw: la pesca {index} è già stata guardata"))
    return bags.mark_seen(plain(state), BAG, index)


def end_round(state: ApachesState, event: Mapping[str, Any]) -> None:
    """« les joueurs récupèrent leurs meneurs puis défaussent les novices et les renforts utilisés.
    Le pion « 1er joueur » change de main dans le sens horaire. »"""
    waiting = unsettled(state)
    if waiting:
        raise IllegalEvent(Tr(f"réglez d'abord les quartiers {waiting}", f"settle districts {waiting} first",
                              it=f"risolvete prima i quartieri {waiting}"))
    used = per_seat(state, event.get("novices_used"), "novices_used", [g["novices"] for g in state["gangs"]])
    for gang, n in zip(state["gangs"], used, strict=True):
        gang["novices"] -= n
        gang["hospital"], gang["hospital_next"] = gang["hospital_next"], 0
        gang["prison"], gang["prison_next"] = gang["prison_next"], 0
        gang["reinforcements"], gang["reinforcements_next"] = gang["reinforcements_next"], 0
    state["settled"], state["set_aside"], state["last_counts"] = {}, {}, None
    if state["round"] < ROUNDS:
        _goto(state, "round_start", 0, [])
        state["round"] += 1
        state["first_player"] = (state["first_player"] + 1) % state["players"]
    else:
        _goto(state, "reveal", 0, [])


def reveal(state: ApachesState, event: Mapping[str, Any]) -> State:
    """« A la fin de la 3ème manche ... Les bourgeois sont dévoilés »."""
    out = typed(bags.reveal_all(plain(state), BAG))
    out["phase"], out["finished"] = "over", True
    return plain(out)


def adjust(state: ApachesState, event: Mapping[str, Any]) -> None:
    """A correction the table makes to a wallet (never below 0 F)."""
    seat = whole(event.get("seat"), "seat", 0, state["players"] - 1)
    amount = whole(event.get("amount"), "amount", -MAX_CORRECTION, MAX_CORRECTION)
    if amount == 0:
        raise IllegalEvent(Tr("amount : une correction a besoin d'un montant non nul, reçu 0",
                              "amount: a correction needs a non-zero amount, got 0",
                              it="amount: una correzione ha bisogno di un importo diverso da zero, ricevuto 0"))
    reason = event.get("reason", "")
    if not isinstance(reason, str):
        raise IllegalEvent(Tr(f"reason : doit être un texte, reçu {quote(reason)}",
                              f"reason: must be a text, got {quote(reason)}",
                              it=f"reason: deve essere un testo, ricevuto {quote(reason)}"))
    if amount < 0:
        _pay(state, seat, -amount, "amount")
    else:
        state["gangs"][seat]["wallet"] += amount


# --------------------------------------------------------------------------- the table


MOVES: dict[str, Move] = {
    "start_round": Move(start_round, phases=("round_start",), tell=tell_start_round),
    "end_turn": Move(end_turn, phases=("turns",), by="seat", tell=tell_end_turn),
    "skip_turns": Move(skip_turns, phases=("turns",), tell=tell_skip_turns),
    "last_turn": Move(last_turn, phases=("last_order",), tell=tell_last_turn),
    "settle": Move(settle, phases=("settlement",), tell=tell_settle),
    "bourgeois": Move(bourgeois, phases=("settlement",), tell=tell_bourgeois),
    "fence": Move(fence, phases=("settlement",), tell=tell_fence),
    # the holder's own phone (or the host's, behind the privacy screen); looking cannot be taken back
    "seen": Move(seen, by="seat", undoable=False, tell=tell_seen),
    "end_round": Move(end_round, phases=("settlement",), tell=tell_end_round),
    "reveal": Move(reveal, phases=("reveal",), undoable=False, tell=tell_reveal),
    "adjust": Move(adjust, tell=tell_adjust),
}


# --------------------------------------------------------------------------- forms' values -> events


def _seen_event(state: ApachesState, action: Mapping[str, Any]) -> Event:
    drawn = draws(state)
    seat = action.get("seat")
    if action.get("draw") is None:
        waiting = [i for i, d in enumerate(drawn) if not d["seen"] and seat in (None, d["seat"])]
        if not waiting:
            raise IllegalEvent(Tr(f"draw : aucun bourgeois n'attend d'être regardé (place {quote(seat)})",
                                  f"draw: no bourgeois is waiting to be looked at (seat {quote(seat)})",
                                  it=f"draw: nessun borghese attende di essere guardato (posto {quote(seat)})"))
        index = waiting[0]
    else:
        index = whole(action.get("draw"), "draw", 0, max(0, len(drawn) - 1))
    if seat is None and index < len(drawn):
        seat = drawn[index]["seat"]
    return {"type": "seen", "seat": seat, "draw": index}


def _settlement_event(state: ApachesState, kind: str, action: Mapping[str, Any], rng: random.Random) -> Event:
    winner = seat_or_none(state, action.get("winner"), "winner")
    event: Event = {"type": kind, "winner": winner}
    if kind == "settle":
        stash = action.get("stash")
        event.update(district=whole(action.get("district"), "district"), stash=stash)
        if stash in ("money", "valuables") and action.get("amount") not in (None, ""):
            event["amount"] = whole(action.get("amount"), f"amount ({stash})")
    bag = state["bags"][BAG]
    if kind == "bourgeois" and winner is not None and bag["left"] > 0:
        event["token"] = rng.choice(bag["remaining"])
    return event


def prepare(state: ApachesState, action: Mapping[str, Any], rng: random.Random) -> Event:
    """The event of a form's values: typed values, and every random outcome recorded."""
    kind = action.get("type")
    if kind == "start_round":
        return {"type": kind, "round": state["round"], "first_player": state["first_player"],
                "set_aside": {str(d): rng.randint(1, STASHES[d]) for d in stash_districts(state)}}
    if kind == "end_turn":
        seat = action.get("seat", current_seat(state))
        return {"type": kind, "seat": seat, "bail": whole(action.get("bail") or 0, "bail")}
    if kind == "last_turn":
        return {"type": kind, "apaches": action.get("apaches")}
    if kind in ("settle", "bourgeois", "fence"):
        return _settlement_event(state, kind, action, rng)
    if kind == "seen":
        return _seen_event(state, action)
    if kind == "end_round":
        return {"type": kind, "novices_used": action.get("novices_used")}
    if kind == "adjust":
        return {"type": kind, "seat": action.get("seat"), "amount": whole(action.get("amount"), "amount"),
                "reason": action.get("reason") or ""}
    return dict(action)
