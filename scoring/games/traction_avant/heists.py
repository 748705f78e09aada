"""Le Gang des Traction-Avant: phase 4 events (heists and secret orders, the postal van, base attacks)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.core import IllegalEvent, State, clone
from scoring.games.traction_avant.checks import (
    book,
    get_bool,
    get_int,
    get_ints,
    get_seat,
    get_seats,
    get_text,
    name,
    need_no_heist,
    need_phase,
    van_done,
)
from scoring.games.traction_avant.rules import (
    BASE_ATTACK_MIN,
    BRIQUE,
    HEIST_MIN,
    RESERVE,
    STEN_BULLETS,
    check_dice,
    heist_order,
    money,
    van_loot,
)


def _after_heists(state: State) -> None:
    state["step"] = "van" if state["options"]["postal_van"] else "bases"


def _next_heist(state: State) -> None:
    while state["heist_queue"] and not state["finished"]:
        queued = state["heist_queue"].pop(0)
        pawns = queued["pawns"]
        first_share = [BRIQUE * p for p in pawns]
        book(state, "heist_share", first_share, note=str(queued["bank"]))
        present = [s for s, p in enumerate(pawns) if p > 0]
        heist = {"bank": queued["bank"], "pawns": pawns, "loot": sum(first_share), "present": present,
                 "first_share": first_share, "round": 1, "orders": [None] * len(pawns),
                 "revealed": False, "rounds": []}
        if len(present) == 1:
            state["heists_log"].append({**heist, "shares": first_share, "alone": True})
            continue
        state["heist"] = heist
        return
    if state["heist"] is None:
        _after_heists(state)


def heists(state: State, event: Mapping[str, Any]) -> None:
    need_no_heist(state)
    if state["step"] != "heists":
        raise IllegalEvent(f"heists are resolved first in phase 4; this turn is at step {state['step']!r}")
    banks = [get_ints(state, event, "bank1", RESERVE), get_ints(state, event, "bank2", RESERVE)]
    state["heists_log"] = []
    for b, pawns in enumerate(banks):
        if 0 < sum(pawns) < HEIST_MIN:
            state["heists_log"].append({"bank": b + 1, "pawns": pawns, "no_heist": True})
    state["heist_queue"] = [{"bank": b + 1, "pawns": banks[b]} for b in heist_order(banks)]
    state["step"] = "resolve"
    _next_heist(state)


def check_order(state: State, event: Mapping[str, Any]) -> tuple[int, dict[str, Any]]:
    heist = state["heist"]
    seat = get_seat(state, event, "seat")
    if seat not in heist["present"]:
        raise IllegalEvent(f"seat: {name(state, seat)!r} has no pawn in bank {heist['bank']} "
                           f"(present: {heist['present']!r})")
    pawns = heist["pawns"][seat]
    cars = get_int(event, "cars", 0, pawns, default=0)
    colts = get_int(event, "colts", 0, pawns, default=0)
    stens = get_int(event, "stens", 0, pawns, default=0)
    if colts + stens > pawns:
        raise IllegalEvent(f"colts: {colts!r} Colts and {stens!r} Stens need one pawn each, "
                           f"{name(state, seat)!r} has {pawns} in the bank")
    bullets = get_int(event, "bullets", 0, STEN_BULLETS * stens, default=0)
    if stens and bullets < stens:
        raise IllegalEvent(f"bullets: each Sten fires at least one bullet, got {bullets!r} for {stens} Stens")
    targets = get_seats(state, event, "targets")
    for target in targets:
        if target == seat or target not in heist["present"]:
            raise IllegalEvent(f"targets: {target!r} is not another gang present in the bank")
    if (colts or bullets) and not targets:
        raise IllegalEvent(f"targets: say at which colours you shoot, got {targets!r}")
    if targets and not (colts or bullets):
        raise IllegalEvent(f"targets: {targets!r} given but no Colt nor Sten bullet fired")
    order = {"cars": cars, "colts": colts, "stens": stens, "bullets": bullets, "targets": targets,
             "note": get_text(event, "note", 300)}
    return seat, order


def order(state: State, event: Mapping[str, Any]) -> None:
    need_phase(state, "heists")
    heist = state["heist"]
    if heist is None:
        raise IllegalEvent("orders are written after a heist; no heist is being resolved")
    if heist["revealed"]:
        raise IllegalEvent(f"the orders of round {heist['round']} are revealed and cannot be changed; "
                           f"start a new combat round for new orders (got {event.get('seat')!r})")
    seat, order = check_order(state, event)
    heist["orders"][seat] = order
    if all(heist["orders"][s] is not None for s in heist["present"]):
        heist["revealed"] = True
        heist["rounds"].append({"round": heist["round"], "orders": clone({"o": heist["orders"]})["o"]})


def combat_round(state: State, event: Mapping[str, Any]) -> None:
    need_phase(state, "heists")
    heist = state["heist"]
    if heist is None or not heist["revealed"]:
        raise IllegalEvent(f"a new combat round starts once the orders are revealed (heist {heist!r})")
    heist["round"] += 1
    heist["orders"] = [None] * len(state["names"])
    heist["revealed"] = False


def split(state: State, event: Mapping[str, Any]) -> None:
    need_phase(state, "heists")
    heist = state["heist"]
    if heist is None or not heist["revealed"]:
        raise IllegalEvent(f"the loot is split after the orders are revealed (heist {heist!r})")
    shares = get_ints(state, event, "shares", heist["loot"])
    for seat, share in enumerate(shares):
        if share and seat not in heist["present"]:
            raise IllegalEvent(f"shares[{seat}]: {name(state, seat)!r} was not in the bank, got {share!r}")
    if sum(shares) > heist["loot"]:
        raise IllegalEvent(f"shares: {sum(shares)!r} in all is more than the loot of {money(heist['loot'])}")
    deltas = [shares[s] - heist["first_share"][s] for s in range(len(shares))]
    book(state, "heist_split", deltas, note=str(heist["bank"]))
    state["heists_log"].append({**heist, "shares": shares})
    state["heist"] = None
    if not state["finished"]:
        _next_heist(state)


# --------------------------------------------------------------------------- van and base attacks


def van_move(state: State, event: Mapping[str, Any]) -> None:
    if not state["options"]["postal_van"]:
        raise IllegalEvent("the postal van is an optional rule not used in this match")
    need_no_heist(state)
    van = state["van"]
    if state["step"] not in ("heists", "van") or van["turn"] == state["turn"]:
        raise IllegalEvent(f"the van moves once per turn, after the heists (step {state['step']!r})")
    dice = check_dice(event.get("dice"))
    van.update({"turn": state["turn"], "pending": True, "dice": dice, "squares": sum(dice),
                "from": van["where"]})
    state["dice"].append({"turn": state["turn"], "what": "van", "dice": dice})
    state["step"] = "van"


def van_attack(state: State, event: Mapping[str, Any]) -> None:
    van = state["van"]
    if not state["options"]["postal_van"] or not van["pending"]:
        raise IllegalEvent("the postal van can only be attacked during its move (roll it first)")
    seat = get_seat(state, event, "seat")
    if seat == state["first"]:
        raise IllegalEvent(f"seat: {name(state, seat)!r} moves the van and may not have it attacked by "
                           f"his own pawns")
    dice = check_dice(event.get("dice"))
    loot = van_loot(dice)
    van.update({"pending": False, "where": "parking", "attacked_by": seat, "loot": loot})
    state["dice"].append({"turn": state["turn"], "what": "van_loot", "dice": dice})
    state["step"] = "bases"
    book(state, "van", [loot if s == seat else 0 for s in range(len(state["names"]))],
         note=f"{dice[0]}+{dice[1]}", dice=dice)


def van_pass(state: State, event: Mapping[str, Any]) -> None:
    van = state["van"]
    if not state["options"]["postal_van"] or not van["pending"]:
        raise IllegalEvent("the postal van is not moving now")
    van.update({"pending": False, "where": "street", "attacked_by": None, "loot": 0})
    state["step"] = "bases"


def base_attack(state: State, event: Mapping[str, Any]) -> None:
    need_no_heist(state)
    if not van_done(state):
        raise IllegalEvent("base attacks come after the postal van: roll the van first")
    defender = get_seat(state, event, "defender")
    engaged = get_ints(state, event, "engaged", RESERVE)
    if engaged[defender]:
        raise IllegalEvent(f"engaged[{defender}]: the defender does not attack his own base, "
                           f"got {engaged[defender]!r}")
    if sum(engaged) < BASE_ATTACK_MIN:
        raise IllegalEvent(f"engaged: a base is attacked by three pawns or more, got {sum(engaged)!r}")
    success = get_bool(event, "success", True)
    state["step"] = "bases"
    state["base_attacks"].append({"turn": state["turn"], "defender": defender, "engaged": engaged,
                                  "success": success})
    if success:
        book(state, "base_attack", [BRIQUE * p for p in engaged], note=name(state, defender))


# --------------------------------------------------------------------------- money, dice, alliances
