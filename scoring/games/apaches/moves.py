"""Les Apaches de Paris: the match state and how each event changes it (pure, deterministic).

The physical board stays the source of truth for where the Apaches stand; the state
tracks what the app is asked to keep: rounds, turns and orders, wallets, each gang's
Apaches off the board (hospital, prison, cemetery, novices left, reinforcements) and
the bourgeois bag.  Gang fields::

    wallet                 francs (never below 0)
    hospital / prison      leaders serving this round; back at the end of it
    hospital_next / prison_next
                           leaders sent there by this round's settlement; back at the
                           end of the next round
    cemetery               leaders killed, for good
    novices                novices not used yet (used ones are gone for good)
    reinforcements         to be used this round (discarded at its end)
    reinforcements_next    earned in this round's settlement, for the next round

>>> state = initial({"players": 2, "configuration": [1, 2, 3, 6, 8, 9], "first_player": 1}, ["A", "B"])
>>> state = apply(state, {"type": "start_round", "round": 1, "first_player": 1,
...                       "set_aside": {"1": 2, "2": 1, "3": 4, "6": 5}})
>>> state["phase"], state["order"], free_leaders(state["gangs"][0])
('turns', [1, 0], 7)
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.core import IllegalEvent, State, bags, clone
from scoring.games.apaches.rules import (
    BAIL,
    BOURGEOIS_DISTRICT,
    BOURGEOIS_TOKENS,
    FENCE_DISTRICT,
    FENCE_PER_BURGLARY,
    LEADERS,
    MONEY_RANGE,
    NOVICES,
    REINFORCEMENT_PIECES,
    ROUNDS,
    START_WALLET,
    STASHES,
    STEAL,
    TURNS,
    VALUABLES_RANGE,
    Holdings,
    clockwise,
    last_turn_order,
    prohibited,
)

BAG = "bourgeois"
#: What the uncovered stash of a district says (the « planque non recouverte »).
STASH_KINDS = ("money", "valuables", "steal", "reinforcements", "wounded", "killed", "prison")
PENALTIES = {"wounded": "hospital_next", "killed": "cemetery", "prison": "prison_next"}
EVENT_TYPES = ("start_round", "end_turn", "skip_turns", "last_turn", "settle", "bourgeois", "fence",
               "seen", "end_round", "reveal", "adjust")


def initial(setup: Mapping[str, Any], names: Sequence[str]) -> State:
    n = int(setup["players"])
    if len(names) != n:
        raise IllegalEvent(f"names: the set-up is for {n} players, got {len(names)} names {list(names)!r}")
    configuration = [int(d) for d in setup["configuration"]]
    return {
        "names": list(names), "finished": False, "players": n,
        "districts": configuration, "prohibited": prohibited(configuration),
        "first_player": int(setup["first_player"]), "round": 1, "phase": "round_start",
        "turn": 0, "order": [], "index": 0, "last_counts": None,
        "set_aside": {}, "settled": {},
        "gangs": [{"wallet": START_WALLET, "hospital": 0, "hospital_next": 0, "prison": 0,
                   "prison_next": 0, "cemetery": 0, "novices": NOVICES, "reinforcements": 0,
                   "reinforcements_next": 0} for _ in range(n)],
        "bags": {BAG: bags.new_bag(BOURGEOIS_TOKENS)},
        "timers": {},
    }


# --------------------------------------------------------------------------- derived values


def stash_districts(state: State) -> list[int]:
    return [d for d in state["districts"] if STASHES[d] > 0]


def free_leaders(gang: Mapping[str, int]) -> int:
    """Leaders with the gang (in reserve or on the board): not hospitalised, jailed or dead."""
    return LEADERS - sum(gang[k] for k in ("hospital", "hospital_next", "prison", "prison_next", "cemetery"))


def in_front_max(gang: Mapping[str, int]) -> int:
    """The most Apaches a gang can have in front of it this round (none placed yet)."""
    return free_leaders(gang) + gang["novices"] + gang["reinforcements"]


def reinforcements_left(state: State) -> int:
    """Reinforcement pieces still beside the board (5 in the box)."""
    used: int = sum(g["reinforcements"] + g["reinforcements_next"] for g in state["gangs"])
    return REINFORCEMENT_PIECES - used


def burglaries(state: State, seat: int) -> int:
    """Valuables stashes (« cambriolages ») ``seat`` won in this round's settlement."""
    return sum(1 for s in state["settled"].values()
               if s.get("stash") == "valuables" and s.get("winner") == seat)


def unsettled(state: State) -> list[int]:
    return [d for d in state["districts"] if str(d) not in state["settled"]]


def current_seat(state: State) -> int | None:
    if state["phase"] != "turns" or state["index"] >= len(state["order"]):
        return None
    seat: int = state["order"][state["index"]]
    return seat


# --------------------------------------------------------------------------- value checks


def whole(value: Any, what: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number from an event or a form (a digit string from a choice field is accepted)."""
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*", value):
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalEvent(f"{what}: must be a whole number, got {value!r}")
    if low is not None and value < low:
        raise IllegalEvent(f"{what}: must be at least {low}, got {value!r}")
    if high is not None and value > high:
        raise IllegalEvent(f"{what}: must be at most {high}, got {value!r}")
    return value


def seat_or_none(state: State, value: Any, what: str) -> int | None:
    if value is None or value in ("none", ""):
        return None
    return whole(value, what, 0, state["players"] - 1)


def per_seat(state: State, value: Any, what: str, highs: Sequence[int]) -> list[int]:
    n = state["players"]
    if not isinstance(value, list) or len(value) != n:
        raise IllegalEvent(f"{what}: must give one number per player ({n}), got {value!r}")
    return [whole(v, f"{what}[{state['names'][i]}]", 0, highs[i]) for i, v in enumerate(value)]


def _phase(state: State, *phases: str) -> None:
    if state["finished"]:
        raise IllegalEvent("the match is over")
    if state["phase"] not in phases:
        raise IllegalEvent(f"not now: the match is in phase {state['phase']!r}, "
                           f"this needs {' or '.join(repr(p) for p in phases)}")


def _pay(state: State, seat: int, amount: int, what: str) -> None:
    gang = state["gangs"][seat]
    if gang["wallet"] < amount:
        raise IllegalEvent(f"{what}: {state['names'][seat]} has {gang['wallet']} F, cannot pay {amount} F")
    gang["wallet"] -= amount


# --------------------------------------------------------------------------- events


def apply(state: State, event: Mapping[str, Any]) -> State:
    kind = event.get("type")
    handlers = {"start_round": _start_round, "end_turn": _end_turn, "skip_turns": _skip_turns,
                "last_turn": _last_turn,
                "settle": _settle, "bourgeois": _bourgeois, "fence": _fence, "seen": _seen,
                "end_round": _end_round, "reveal": _reveal, "adjust": _adjust}
    if kind not in handlers:
        raise IllegalEvent(f"unknown event type {kind!r} for Les Apaches de Paris "
                           f"(known: {', '.join(EVENT_TYPES)})")
    return handlers[kind](state, event)


def _start_round(state: State, event: Mapping[str, Any]) -> State:
    """« Enlever au hasard une planque par quartier » and start turn 1 from the 1st player."""
    _phase(state, "round_start")
    if event.get("round") != state["round"]:
        raise IllegalEvent(f"round: this is round {state['round']}, got {event.get('round')!r}")
    if event.get("first_player") != state["first_player"]:
        raise IllegalEvent(f"first_player: seat {state['first_player']} starts this round, "
                           f"got {event.get('first_player')!r}")
    aside = event.get("set_aside")
    wanted = {str(d) for d in stash_districts(state)}
    if not isinstance(aside, dict) or set(aside) != wanted:
        raise IllegalEvent(f"set_aside: needs one position for each of districts {sorted(wanted)}, got "
                           f"{aside!r}")
    out = clone(state)
    out["set_aside"] = {d: whole(aside[d], f"set_aside[{d}]", 1, STASHES[int(d)])
                        for d in sorted(wanted, key=int)}
    out.update(phase="turns", turn=1, index=0, order=clockwise(state["first_player"], state["players"]),
               last_counts=None)
    return out


def _end_turn(state: State, event: Mapping[str, Any]) -> State:
    """The player has laid a stash; bail may be paid « à la fin d'un de ses tours de jeu »."""
    _phase(state, "turns")
    seat = current_seat(state)
    if seat is None:
        raise IllegalEvent("nobody is to play now")
    if event.get("seat") != seat:
        raise IllegalEvent(f"seat: it is {state['names'][seat]}'s turn (seat {seat}), got "
                           f"{event.get('seat')!r}")
    out = clone(state)
    gang = out["gangs"][seat]
    bail = whole(event.get("bail", 0) or 0, "bail", 0, gang["prison"])
    if bail:
        _pay(out, seat, BAIL * bail, "bail")
        gang["prison"] -= bail
    out["index"] += 1
    if out["index"] >= len(out["order"]):
        if out["turn"] < TURNS - 1:
            out.update(turn=out["turn"] + 1, index=0, order=clockwise(out["first_player"], out["players"]))
        elif out["turn"] == TURNS - 1:
            out.update(phase="last_order", order=[], index=0)
        else:
            out.update(phase="settlement", order=[], index=0)
    return out


def can_skip_turns(state: State) -> bool:
    """The table may jump to the last turn's order when it has not noted every turn, as long as
    no turn is lost that could matter: before the last turn, and nobody has a leader to bail out."""
    return (state["phase"] == "turns" and state["turn"] < TURNS
            and not any(g["prison"] for g in state["gangs"]))


def _skip_turns(state: State, event: Mapping[str, Any]) -> State:
    """Turns 1 to 5 played without a note each: straight to the count before the last turn."""
    _phase(state, "turns")
    if state["turn"] >= TURNS:
        raise IllegalEvent("this is already the last turn: end it player by player")
    jailed = [state["names"][i] for i, g in enumerate(state["gangs"]) if g["prison"]]
    if jailed:
        raise IllegalEvent(f"{', '.join(jailed)} may pay bail at the end of a turn: note the turns one by one")
    out = clone(state)
    out.update(phase="last_order", turn=TURNS - 1, order=[], index=0)
    return out


def _last_turn(state: State, event: Mapping[str, Any]) -> State:
    """« Les joueurs jouent ... dans l'ordre décroissant du nombre d'Apaches restant devant eux »."""
    _phase(state, "last_order")
    highs = [in_front_max(g) for g in state["gangs"]]
    counts = per_seat(state, event.get("apaches"), "apaches", highs)
    out = clone(state)
    out.update(phase="turns", turn=TURNS, index=0, last_counts=counts,
               order=last_turn_order(counts, state["first_player"]))
    return out


def _settle(state: State, event: Mapping[str, Any]) -> State:
    """« le joueur majoritaire ... applique l'action déterminée par la planque non recouverte »."""
    _phase(state, "settlement")
    district = whole(event.get("district"), "district")
    if district not in stash_districts(state):
        raise IllegalEvent(f"district: {district!r} is not a district with stashes in this game "
                           f"(in play: {stash_districts(state)})")
    if str(district) in state["settled"]:
        raise IllegalEvent(f"district: {district!r} is already settled this round")
    winner = seat_or_none(state, event.get("winner"), "winner")
    stash = event.get("stash")
    if stash not in STASH_KINDS:
        raise IllegalEvent(f"stash: must be one of {', '.join(STASH_KINDS)}, got {stash!r}")
    amount = event.get("amount")
    if stash in ("money", "valuables") and (winner is not None or amount not in (None, 0)):
        low, high = MONEY_RANGE if stash == "money" else VALUABLES_RANGE
        amount = whole(amount, f"amount ({stash})", low, high)
    elif amount not in (None, 0):
        raise IllegalEvent(f"amount: only a money or valuables stash has an amount, got {amount!r}")
    out = clone(state)
    entry: dict[str, Any] = {"winner": winner, "stash": stash}
    if amount:
        entry["amount"] = amount
    if winner is not None:
        gang = out["gangs"][winner]
        if stash in ("money", "valuables"):
            gang["wallet"] += amount
        elif stash == "steal":
            paid = {}
            for other, og in enumerate(out["gangs"]):
                if other != winner:
                    paid[str(other)] = min(STEAL[out["players"]], og["wallet"])
                    og["wallet"] -= paid[str(other)]
                    gang["wallet"] += paid[str(other)]
            entry["paid"] = paid
        elif stash == "reinforcements":
            entry["reinforcements"] = min(2, reinforcements_left(out))
            gang["reinforcements_next"] += entry["reinforcements"]
        else:
            if free_leaders(gang) < 1:
                raise IllegalEvent(f"winner: {out['names'][winner]} has no leader left to be {stash!r}")
            gang[PENALTIES[stash]] += 1
    out["settled"][str(district)] = entry
    return out


def _bourgeois(state: State, event: Mapping[str, Any]) -> State:
    """« Le joueur majoritaire dans ce quartier ... prend au hasard 1 bourgeois »."""
    _phase(state, "settlement")
    if str(BOURGEOIS_DISTRICT) in state["settled"]:
        raise IllegalEvent("district 8 is already settled this round")
    winner = seat_or_none(state, event.get("winner"), "winner")
    out = clone(state)
    entry: dict[str, Any] = {"winner": winner}
    if winner is not None and state["bags"][BAG]["left"] > 0:
        if "token" not in event:
            raise IllegalEvent("a bourgeois draw needs its token (prepare the event)")
        out = bags.apply_draw(out, {"bag": BAG, "seat": winner, "token": event["token"]})
        draws = out["bags"][BAG]["draws"]
        draws[-1]["round"] = state["round"]
        entry["draw"] = len(draws) - 1
    elif "token" in event:
        raise IllegalEvent(f"token: no draw here (nobody, or the bag is empty), got {event['token']!r}")
    out["settled"][str(BOURGEOIS_DISTRICT)] = entry
    return out


def _fence(state: State, event: Mapping[str, Any]) -> State:
    """« 250 F par cambriolage qu'il a réussi lors de cette manche et un renfort »."""
    _phase(state, "settlement")
    if str(FENCE_DISTRICT) in state["settled"]:
        raise IllegalEvent("district 9 is already settled this round")
    waiting = [d for d in stash_districts(state) if str(d) not in state["settled"]]
    if waiting:
        raise IllegalEvent(f"settle districts {waiting} first: the fence pays for this round's burglaries")
    winner = seat_or_none(state, event.get("winner"), "winner")
    out = clone(state)
    entry: dict[str, Any] = {"winner": winner}
    if winner is not None:
        gang = out["gangs"][winner]
        entry["burglaries"] = burglaries(state, winner)
        entry["amount"] = FENCE_PER_BURGLARY * entry["burglaries"]
        entry["reinforcements"] = min(1, reinforcements_left(out))
        gang["wallet"] += entry["amount"]
        gang["reinforcements_next"] += entry["reinforcements"]
    out["settled"][str(FENCE_DISTRICT)] = entry
    return out


def _seen(state: State, event: Mapping[str, Any]) -> State:
    """« regarde son identité sans la révéler »: the holder has looked (not undoable)."""
    if state["finished"]:
        raise IllegalEvent("the match is over")
    draws = state["bags"][BAG]["draws"]
    index = whole(event.get("draw"), "draw", 0, max(0, len(draws) - 1))
    if not draws:
        raise IllegalEvent("draw: nobody has drawn a bourgeois yet")
    if event.get("seat") != draws[index]["seat"]:
        raise IllegalEvent(f"seat: draw {index} belongs to seat {draws[index]['seat']}, got "
                           f"{event.get('seat')!r}")
    if draws[index]["seen"]:
        raise IllegalEvent(f"draw: draw {index} has already been seen")
    return bags.mark_seen(state, BAG, index)


def _end_round(state: State, event: Mapping[str, Any]) -> State:
    """« les joueurs récupèrent leurs meneurs puis défaussent les novices et les renforts utilisés.
    Le pion « 1er joueur » change de main dans le sens horaire. »"""
    _phase(state, "settlement")
    waiting = unsettled(state)
    if waiting:
        raise IllegalEvent(f"settle districts {waiting} first")
    used = per_seat(state, event.get("novices_used"), "novices_used", [g["novices"] for g in state["gangs"]])
    out = clone(state)
    for gang, n in zip(out["gangs"], used, strict=True):
        gang["novices"] -= n
        gang["hospital"], gang["hospital_next"] = gang["hospital_next"], 0
        gang["prison"], gang["prison_next"] = gang["prison_next"], 0
        gang["reinforcements"], gang["reinforcements_next"] = gang["reinforcements_next"], 0
    out.update(settled={}, set_aside={}, turn=0, order=[], index=0, last_counts=None)
    if state["round"] < ROUNDS:
        out.update(phase="round_start", round=state["round"] + 1,
                   first_player=(state["first_player"] + 1) % state["players"])
    else:
        out["phase"] = "reveal"
    return out


def _reveal(state: State, event: Mapping[str, Any]) -> State:
    """« A la fin de la 3ème manche ... Les bourgeois sont dévoilés »."""
    _phase(state, "reveal")
    out = bags.reveal_all(state, BAG)
    out.update(phase="over", finished=True)
    return out


def _adjust(state: State, event: Mapping[str, Any]) -> State:
    """A correction the table makes to a wallet (never below 0 F)."""
    if state["finished"]:
        raise IllegalEvent("the match is over")
    seat = whole(event.get("seat"), "seat", 0, state["players"] - 1)
    amount = whole(event.get("amount"), "amount")
    if amount == 0:
        raise IllegalEvent("amount: a correction needs a non-zero amount, got 0")
    reason = event.get("reason", "")
    if not isinstance(reason, str):
        raise IllegalEvent(f"reason: must be a text, got {reason!r}")
    out = clone(state)
    if amount < 0:
        _pay(out, seat, -amount, "amount")
    else:
        out["gangs"][seat]["wallet"] += amount
    return out


def holdings(state: State) -> list[Holdings]:
    """The end-scoring document of a match: wallets and holdings after the third round.

    Before the last round's end is recorded, it is scored as if that round ended now:
    leaders serving in hospital or prison come back, this settlement's victims do not,
    and only the reinforcements earned in this settlement are held.
    """
    draws = state["bags"][BAG]["draws"]
    ended = state["phase"] in ("reveal", "over")
    out: list[Holdings] = []
    for seat, gang in enumerate(state["gangs"]):
        mine = [d["token"] for d in draws if d["seat"] == seat]
        if ended:
            leaders, reinforcements = free_leaders(gang), gang["reinforcements"]
        else:
            leaders = LEADERS - gang["cemetery"] - gang["hospital_next"] - gang["prison_next"]
            reinforcements = gang["reinforcements_next"]
        out.append({"name": state["names"][seat], "wallet": gang["wallet"],
                    "bourgeois": mine.count("bourgeois"), "policeman": "policeman" in mine,
                    "leaders": leaders, "novices": gang["novices"], "reinforcements": reinforcements})
    return out
