"""Le Gang des Traction-Avant: applying events to a state (the turn, money, dice, alliances).

Phase-4 events live in :mod:`scoring.games.traction_avant.heists`, shared checks in
:mod:`scoring.games.traction_avant.checks`.

Every handler receives a *copy* of the state (made by :func:`apply_event`) and the event, checks
it and changes the copy.  Nothing here draws a random number: dice are recorded in the events.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.core import IllegalEvent, State, clone, timers
from scoring.games.traction_avant import heists
from scoring.games.traction_avant.checks import (
    TABLE_KEY,
    Handler,
    book,
    fold_timer,
    get_at,
    get_bool,
    get_int,
    get_seat,
    get_seats,
    get_text,
    move_key,
    name,
    need_mover,
    need_no_heist,
    need_phase,
    need_play,
    points_left,
    van_done,
)
from scoring.games.traction_avant.rules import (
    COHABITATION,
    EXTRA_TIME_PRICE,
    MAGOUILLES_MS,
    MOVE_MS,
    POWER_KEYS,
    RECRUIT_POINTS,
    RECRUIT_PRICE,
    RESERVE,
    bosses_out,
    check_dice,
    right_neighbour,
    roulette_loser,
    traction_points,
    turn_order,
)

# --------------------------------------------------------------------------- set-up stage


def _choose_boss(state: State, event: Mapping[str, Any]) -> None:
    if state["stage"] != "setup":
        raise IllegalEvent(f"bosses are chosen before the first turn, stage is {state['stage']!r}")
    seat = get_seat(state, event, "seat")
    boss = get_text(event, "boss", 60, required=True)
    n = len(state["names"])
    for out in bosses_out(n):
        if out.split()[-1].lower() in boss.lower():
            raise IllegalEvent(f"boss: {boss!r} does not play at {n} players ({out} is out)")
    for other, taken in enumerate(state["bosses"]):
        if other != seat and taken and taken.lower() == boss.lower():
            raise IllegalEvent(f"boss: {boss!r} is already {name(state, other)!r}'s")
    state["bosses"][seat] = boss


def _choose_power(state: State, event: Mapping[str, Any]) -> None:
    if state["stage"] != "setup":
        raise IllegalEvent(f"boss powers are chosen before the first turn, stage is {state['stage']!r}")
    if not state["options"]["personnalisation"] or state["options"]["powers"] != "chosen":
        raise IllegalEvent("powers: this match does not let the players choose their boss power")
    seat = get_seat(state, event, "seat")
    power = event.get("power")
    if power not in POWER_KEYS:
        raise IllegalEvent(f"power: {power!r} is not one of {', '.join(POWER_KEYS)}")
    for other, taken in enumerate(state["powers"]):
        if other != seat and taken == power:
            raise IllegalEvent(f"power: {power!r} is already {name(state, other)!r}'s")
    state["powers"][seat] = power


def _begin(state: State, event: Mapping[str, Any]) -> None:
    if state["stage"] != "setup":
        raise IllegalEvent(f"the match has already begun (stage {state['stage']!r})")
    if state["options"]["personnalisation"]:
        for seat, power in enumerate(state["powers"]):
            if power is None:
                raise IllegalEvent(f"powers: {name(state, seat)!r} has no boss power yet, got {power!r}")
    state["stage"] = "play"
    state["turn"] = 1
    state["phase"] = "first"


# --------------------------------------------------------------------------- the turn


def _start_mover(state: State, seat: int) -> None:
    state["mover"] = seat
    state["move"] = {"seat": seat, "bonus": 0, "traction": 0, "recruited": 0, "recruited_money": 0,
                     "bought": 0}
    state["timers"][move_key(seat)] = timers.new_timer(MOVE_MS)
    state["clock"] = move_key(seat)


def _next_phase(state: State, event: Mapping[str, Any]) -> None:
    need_play(state)
    at = get_at(event)
    phase = state["phase"]
    if phase == "first":
        state["phase"] = "magouilles"
        state["in_cafe"] = []
        state["timers"][TABLE_KEY] = timers.new_timer(MAGOUILLES_MS)
        state["clock"] = TABLE_KEY
    elif phase == "magouilles":
        used = fold_timer(state, TABLE_KEY, at)
        state["magouilles_log"].append({"turn": state["turn"], "used": used})
        state["phase"] = "moves"
        state["moved"] = []
        _start_mover(state, state["first"])
    elif phase == "moves":
        raise IllegalEvent(f"phase 3: {name(state, state['mover'])!r} ends the movement with 'done', "
                           f"got {event.get('type')!r}")
    elif phase == "heists":
        need_no_heist(state)
        if not van_done(state):
            raise IllegalEvent("the postal van moves after the heists and before the base attacks: "
                               f"roll it first (van {state['van']!r})")
        state["phase"] = "cards"
        state["step"] = None
    else:
        state["turn"] += 1
        state["first"] = right_neighbour(state["first"], len(state["names"]))
        state["phase"] = "first"
        state["moved"] = []
        state["in_cafe"] = []
        state["heists_log"] = []


def _cafe(state: State, event: Mapping[str, Any]) -> None:
    need_phase(state, "magouilles")
    state["in_cafe"] = get_seats(state, event, "seats")


def _recruit(state: State, event: Mapping[str, Any]) -> None:
    seat = need_mover(state, event)
    count = get_int(event, "count", 1, RESERVE, default=1)
    pay = event.get("pay", "points")
    move = state["move"]
    if pay == "points":
        need = RECRUIT_POINTS * count
        if points_left(move) < need:
            raise IllegalEvent(f"count: recruiting {count!r} costs {need} movement points, "
                               f"only {points_left(move)} left")
        move["recruited"] += count
    elif pay == "money":
        book(state, "recruit", [-RECRUIT_PRICE * count if s == seat else 0
                                for s in range(len(state["names"]))],
             note=f"{count}")
        move["recruited_money"] += count
    else:
        raise IllegalEvent(f"pay: must be 'points' or 'money', got {pay!r}")


def _traction(state: State, event: Mapping[str, Any]) -> None:
    need_mover(state, event)
    cards = get_int(event, "cards", 1, 10, default=1)
    state["move"]["traction"] += cards
    state["move"]["bonus"] += traction_points(cards, state["options"]["traction_series"])


def _buy_time(state: State, event: Mapping[str, Any]) -> None:
    seat = need_mover(state, event)
    n = len(state["names"])
    deltas = [-EXTRA_TIME_PRICE * (n - 1) if s == seat else EXTRA_TIME_PRICE for s in range(n)]
    book(state, "extra_time", deltas, note="3 min")
    key = move_key(seat)
    state["timers"][key] = timers.extend(state["timers"].get(key, timers.new_timer(MOVE_MS)), MOVE_MS)
    state["move"]["bought"] += 1
    state["time_bought"][seat] += 1


def _cohabit(state: State, event: Mapping[str, Any]) -> None:
    seat = need_mover(state, event)
    owner = get_seat(state, event, "owner")
    if owner == seat:
        raise IllegalEvent(f"owner: {owner!r} is the paying player; the hotel's occupant is another gang")
    book(state, "cohabitation", [-COHABITATION if s == seat else COHABITATION if s == owner else 0
                                 for s in range(len(state["names"]))])


def _done(state: State, event: Mapping[str, Any]) -> None:
    seat = need_mover(state, event)
    used = fold_timer(state, move_key(seat), get_at(event))
    state["time_used"][seat] += used
    state["time_log"].append({"turn": state["turn"], "seat": seat, "used": used,
                              "bought": state["move"]["bought"], "points_left": points_left(state["move"])})
    state["moved"].append(seat)
    rest = [s for s in turn_order(state["first"], len(state["names"])) if s not in state["moved"]]
    if rest:
        _start_mover(state, rest[0])
    else:
        state["mover"] = None
        state["move"] = None
        state["phase"] = "heists"
        state["step"] = "heists"


# --------------------------------------------------------------------------- heists



def _transfer(state: State, event: Mapping[str, Any]) -> None:
    need_play(state)
    giver = get_seat(state, event, "from")
    taker = get_seat(state, event, "to")
    if giver == taker:
        raise IllegalEvent(f"to: {taker!r} is the giver too; a transfer goes to another gang")
    amount = get_int(event, "amount", 1)
    book(state, "transfer", [-amount if s == giver else amount if s == taker else 0
                             for s in range(len(state["names"]))], note=get_text(event, "note", 120))


def _roll(state: State, event: Mapping[str, Any]) -> None:
    dice = check_dice(event.get("dice"))
    state["dice"].append({"turn": state["turn"], "what": "2d6", "dice": dice,
                          "note": get_text(event, "note", 120)})


def _roulette(state: State, event: Mapping[str, Any]) -> None:
    need_play(state)
    if not state["options"]["roulette"]:
        raise IllegalEvent("the Russian roulette is an optional rule not used in this match")
    proposer = get_seat(state, event, "proposer")
    opponent = get_seat(state, event, "opponent")
    if proposer == opponent:
        raise IllegalEvent(f"opponent: {opponent!r} is the proposer; the roulette needs two players")
    loser = roulette_loser(event.get("rolls"), proposer, opponent)
    state["roulettes"].append({"turn": state["turn"], "proposer": proposer, "opponent": opponent,
                               "rolls": event["rolls"], "loser": loser})
    state["dice"].append({"turn": state["turn"], "what": "roulette",
                          "dice": [r[1] for r in event["rolls"]]})


def _alliance(state: State, event: Mapping[str, Any]) -> None:
    need_play(state)
    parties = get_seats(state, event, "parties")
    if len(parties) < 2:
        raise IllegalEvent(f"parties: an alliance binds two players or more, got {parties!r}")
    terms = get_text(event, "terms", 500, required=True)
    state["alliances"].append({"id": len(state["alliances"]), "turn": state["turn"], "parties": parties,
                               "terms": terms, "signed": [], "status": "proposed"})


def _get_alliance(state: State, event: Mapping[str, Any], *status: str) -> dict[str, Any]:
    index = get_int(event, "alliance", 0, len(state["alliances"]) - 1)
    alliance: dict[str, Any] = state["alliances"][index]
    if alliance["status"] not in status:
        raise IllegalEvent(f"alliance: alliance {index!r} is {alliance['status']!r}, "
                           f"this needs {' or '.join(status)}")
    return alliance


def _alliance_confirm(state: State, event: Mapping[str, Any]) -> None:
    need_play(state)
    alliance = _get_alliance(state, event, "proposed")
    seat = get_seat(state, event, "seat")
    if seat not in alliance["parties"] or seat in alliance["signed"]:
        raise IllegalEvent(f"seat: {seat!r} is not a party still to sign alliance {alliance['id']}")
    alliance["signed"] = sorted([*alliance["signed"], seat])
    if alliance["signed"] == alliance["parties"]:
        alliance["status"] = "signed"


def _alliance_betray(state: State, event: Mapping[str, Any]) -> None:
    need_play(state)
    alliance = _get_alliance(state, event, "signed")
    traitor = get_seat(state, event, "traitor")
    victim = get_seat(state, event, "victim")
    if traitor == victim or traitor not in alliance["parties"] or victim not in alliance["parties"]:
        raise IllegalEvent(f"traitor/victim: {traitor!r} and {victim!r} must be two parties of alliance "
                           f"{alliance['id']} {alliance['parties']!r}")
    alliance.update({"status": "broken", "traitor": traitor, "victim": victim, "reprisal": "due",
                     "broken_turn": state["turn"], "note": get_text(event, "note", 300)})


def _reprisal(state: State, event: Mapping[str, Any]) -> None:
    need_play(state)
    alliance = _get_alliance(state, event, "broken")
    if alliance["reprisal"] != "due":
        raise IllegalEvent(f"alliance: the reprisal of alliance {alliance['id']} is already "
                           f"{alliance['reprisal']!r}")
    alliance["reprisal"] = "done" if get_bool(event, "done", True) else "waived"


def _alliance_end(state: State, event: Mapping[str, Any]) -> None:
    need_play(state)
    _get_alliance(state, event, "proposed", "signed")["status"] = "ended"


HANDLERS: dict[str, Handler] = {
    "choose_boss": _choose_boss, "choose_power": _choose_power, "begin": _begin,
    "next_phase": _next_phase, "cafe": _cafe,
    "recruit": _recruit, "traction": _traction, "buy_time": _buy_time, "cohabit": _cohabit, "done": _done,
    "heists": heists.heists, "order": heists.order, "combat_round": heists.combat_round,
    "split": heists.split, "van_move": heists.van_move, "van_attack": heists.van_attack,
    "van_pass": heists.van_pass, "base_attack": heists.base_attack,
    "transfer": _transfer, "roll": _roll, "roulette": _roulette,
    "alliance": _alliance, "alliance_confirm": _alliance_confirm, "alliance_betray": _alliance_betray,
    "reprisal": _reprisal, "alliance_end": _alliance_end,
}


def apply_event(state: State, event: Mapping[str, Any]) -> State:
    """The next state after ``event`` (``state`` is not changed)."""
    kind = event.get("type")
    handler = HANDLERS.get(str(kind))
    if handler is None:
        raise IllegalEvent(f"unknown event type {kind!r} for traction-avant")
    if state.get("finished"):
        raise IllegalEvent(f"the match is over ({name(state, state['winner'])!r} won): "
                           f"no more {kind!r}")
    out = clone(state)
    handler(out, event)
    return out
