"""Les apprentis: the moves (one handler per event type) and the ``MOVES`` table.

Events (besides the generic ``timer``): ``roll`` ``{"dice": [...]}`` (rolled by ``prepare``), ``pick``
``{"seat", "die"}``, ``programming`` (switch to the variant for the last turns), ``program`` ``{"seat",
"face"}`` (secret), ``reveal``, ``take`` ``{"seat", "die", "stain": 0|1|-1, "spot": "1-5"}``, ``lightning``
``{"spot"}``, ``refill``, ``to_scoring`` (skip the remaining turns), ``painting`` ``{"seat", "painting",
"stains"}`` and ``finish``.  A handler changes the copy of the state it is handed; the contract's
``apply`` has already checked the match's end and the phase.  How each event reads in the ledger (the
move's ``tell``): :mod:`~scoring.games.apprentis.telling`.

No refusal quotes a programmed face: before the reveal, only its owner may see it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from scoring.core import Event, IllegalEvent, InvalidScoreInput, Move, Tr, quote, whole
from scoring.core.contract import Handler
from scoring.games.apprentis import telling as told
from scoring.games.apprentis.rules import allowed_spots, draft_order, face, refill_order, stain, take_order
from scoring.games.apprentis.score import Grid, grid_json, parse_painting
from scoring.games.apprentis.state import ApprentisState
from scoring.games.apprentis.texts import PLAY_PHASES


def seat_of(state: ApprentisState, value: Any) -> int:
    return whole(value, "seat", 0, len(state["names"]) - 1, digits=False)


def start_turn(state: ApprentisState) -> ApprentisState:
    n = state["players"]
    state.update({
        "phase": "program" if state["programming"] else "roll", "rolled": [], "pool": [],
        "hands": [[] for _ in range(n)], "draft": [], "draft_next": 0, "takes": [],
        "take_order": take_order(n, state["first"]), "programmed": [None] * n, "empty": [],
        "lightning": None,
    })
    return state


def _auto_draft(state: ApprentisState) -> None:
    """Hand out the dice nobody has a choice about (the last dice when one seat is left to pick
    them all, or dice all showing the same face); then go on to the takes."""
    left, pool = state["draft"][state["draft_next"]:], state["pool"]
    if left and len(set(left)) == 1 and len(pool) == len(left):
        state["hands"][left[0]] += pool
        state["pool"] = []
        state["draft_next"] = len(state["draft"])
    elif left and len(set(pool)) == 1:
        for seat in left:
            state["hands"][seat].append(pool.pop())
        state["draft_next"] = len(state["draft"])
    if state["draft_next"] == len(state["draft"]):
        state["phase"] = "take"


def roll(state: ApprentisState, event: Mapping[str, Any]) -> None:
    dice = event.get("dice")
    if not isinstance(dice, list) or len(dice) != state["dice"]:
        raise IllegalEvent(Tr(f"roll : {state['dice']} dés sont lancés, reçu {quote(dice)}",
                              f"roll: {state['dice']} dice are rolled, got {quote(dice)}",
                              it=f"roll: si lanciano {state['dice']} dadi, ricevuto {quote(dice)}"))
    faces = [face(d, "roll") for d in dice]
    state.update({"rolled": faces, "pool": list(faces), "phase": "draft",
                  "draft": draft_order(state["players"], state["first"]), "draft_next": 0})
    _auto_draft(state)


def pick(state: ApprentisState, event: Mapping[str, Any]) -> None:
    seat = seat_of(state, event.get("seat"))
    expected = state["draft"][state["draft_next"]]
    if seat != expected:
        name = state["names"][expected]
        raise IllegalEvent(Tr(f"pick : c'est à {quote(name)} de choisir, pas à la place {seat}",
                              f"pick: it is {quote(name)}'s pick, not seat {seat}",
                              it=f"pick: tocca a {quote(name)} scegliere, non al posto {seat}"))
    die = face(event.get("die"), "die")
    if die not in state["pool"]:
        raise IllegalEvent(Tr(f"pick : plus aucun dé ne montre {die} (restent : {quote(state['pool'])})",
                              f"pick: no die showing {die} is left (left: {quote(state['pool'])})",
                              it=f"pick: nessun dado mostra più {die} (restano: {quote(state['pool'])})"))
    state["pool"].remove(die)
    state["hands"][seat].append(die)
    state["draft_next"] += 1
    _auto_draft(state)


def programming(state: ApprentisState, event: Mapping[str, Any]) -> None:
    if state["players"] < 3 or state["programming"]:
        raise IllegalEvent(Tr(f"programming : la variante se joue de 3 à 5 joueurs et commence une fois, "
                              f"reçu {state['players']} joueurs",
                              f"programming: the variant is for 3 to 5 players and starts once, "
                              f"got {state['players']} players",
                              it="programming: la variante si gioca da 3 a 5 giocatori e comincia una volta, "
                                 f"ricevuti {state['players']} giocatori"))
    state.update({"programming": True, "phase": "program"})


def program(state: ApprentisState, event: Mapping[str, Any]) -> None:
    seat = seat_of(state, event.get("seat"))
    state["programmed"][seat] = face(event.get("face"), "face")


def reveal(state: ApprentisState, event: Mapping[str, Any]) -> None:
    waiting = [state["names"][i] for i, f in enumerate(state["programmed"]) if f is None]
    if waiting:
        raise IllegalEvent(Tr(f"reveal : on attend encore {', '.join(waiting)}",
                              f"reveal: still waiting for {', '.join(waiting)}",
                              it=f"reveal: si aspetta ancora {', '.join(waiting)}"))
    faces = [f for f in state["programmed"] if f is not None]
    state["hands"] = [[f] for f in faces]
    state["rolled"] = faces
    state["phase"] = "take"


def complete_take(state: ApprentisState, event: Mapping[str, Any]) -> Event:
    """A ``take`` with its defaults: the seat whose turn it is, its first die, no stain, the first
    card of the die's line."""
    out = dict(event)
    seat = out.setdefault("seat", state["take_order"][len(state["takes"])])
    hand = state["hands"][seat] if isinstance(seat, int) and 0 <= seat < len(state["hands"]) else []
    if out.get("die") is None and hand:
        out["die"] = hand[0]
    out["die"] = face(out.get("die"), "die")
    out["stain"] = stain(out.get("stain"))
    if out.get("spot") is None:
        value = out["die"] + out["stain"]
        if 1 <= value <= 6:
            out["spot"] = allowed_spots(state, value)[0]
    return out


def take(state: ApprentisState, event: Mapping[str, Any]) -> None:
    event = complete_take(state, event)
    seat = seat_of(state, event["seat"])
    names = state["names"]
    expected = state["take_order"][len(state["takes"])]
    if seat != expected:
        raise IllegalEvent(Tr(f"take : c'est à {quote(names[expected])} de prendre une carte, pas à la place {seat}",
                              f"take: it is {quote(names[expected])}'s turn to take a card, not seat {seat}",
                              it=f"take: tocca a {quote(names[expected])} prendere una carta, non al posto {seat}"))
    die, spoiled = event["die"], event["stain"]
    hand = state["hands"][seat]
    if die not in hand:
        raise IllegalEvent(Tr(f"take : {quote(names[seat])} n'a aucun dé qui montre {die} (a {quote(hand)})",
                              f"take: {quote(names[seat])} has no die showing {die} (has {quote(hand)})",
                              it=f"take: {quote(names[seat])} non ha nessun dado che mostra {die} (ha {quote(hand)})"))
    value = die + spoiled
    if not 1 <= value <= 6:
        raise IllegalEvent(Tr(f"take : une tache change le dé d'une face, {die}{spoiled:+d} = {value} n'est pas "
                              "une face",
                              f"take: a stain moves the die by one face, {die}{spoiled:+d} = {value} is not a face",
                              it=f"take: una macchia cambia il dado di una faccia, {die}{spoiled:+d} = {value} non "
                                 "è una faccia"))
    spot = event.get("spot")
    allowed = allowed_spots(state, value)
    if spot not in allowed:
        raise IllegalEvent(Tr(f"take : avec {value}, la carte se prend en {', '.join(allowed)}, pas en {quote(spot)}",
                              f"take: with {value} the card comes from {', '.join(allowed)}, not {quote(spot)}",
                              it=f"take: con {value}, la carta si prende in {', '.join(allowed)}, non in "
                                 f"{quote(spot)}"))
    hand.remove(die)
    state["stains"][seat] += 1 if spoiled else 0
    state["empty"].append(spot)
    state["takes"].append({"seat": seat, "die": die, "stain": spoiled, "value": value, "spot": spot})
    if len(state["takes"]) == len(state["take_order"]):
        state["phase"] = "final" if state["turn"] >= state["turns"] else "refill"


def lightning(state: ApprentisState, event: Mapping[str, Any]) -> None:
    if state["lightning"] is not None:
        raise IllegalEvent(Tr(f"lightning : l'éclair n'a lieu qu'une fois par remplissage, déjà en "
                              f"{quote(state['lightning'])}",
                              f"lightning: the ⚡ event happens once per refill, it already did at "
                              f"{quote(state['lightning'])}",
                              it="lightning: il fulmine avviene una sola volta per rifornimento, già in "
                                 f"{quote(state['lightning'])}"))
    spot = event.get("spot")
    if spot not in state["empty"]:
        spots = ", ".join(refill_order(state["empty"]))
        raise IllegalEvent(Tr(f"lightning : une carte éclair ne peut être piochée que sur une place à remplir "
                              f"({spots}), pas en {quote(spot)}",
                              f"lightning: a ⚡ card can only be drawn on a spot being refilled ({spots}), "
                              f"not {quote(spot)}",
                              it="lightning: una carta fulmine può essere pescata solo su un posto da riempire "
                                 f"({spots}), non in {quote(spot)}"))
    state["lightning"] = spot


def refill(state: ApprentisState, event: Mapping[str, Any]) -> None:
    state["turn"] += 1
    state["first"] = (state["first"] + 1) % state["players"]
    start_turn(state)


def to_scoring(state: ApprentisState, event: Mapping[str, Any]) -> None:
    # Dice programmed but never revealed stay secret: forget them.
    state.update({"phase": "final", "skipped": True, "programmed": [None] * state["players"]})


def checked_painting(state: ApprentisState, seat: int, raw: Any) -> Grid:
    """A seat's painting, checked as the score document checks it, within what this game can deal."""
    try:
        return parse_painting(raw, "painting", state["names"][seat], most=cards_possible(state))
    except InvalidScoreInput as exc:
        raise IllegalEvent.about(exc.where, exc.reason) from None


def cards_possible(state: ApprentisState) -> int:
    """The cards a painting may hold: what the match's length deals a player."""
    return state["turns"] * state["cards_per_turn"] + state["final_touch"]


def paint(state: ApprentisState, event: Mapping[str, Any]) -> None:
    seat = seat_of(state, event.get("seat"))
    grid = checked_painting(state, seat, event.get("painting"))
    stains = whole(event.get("stains", state["stains"][seat]), "stains", 0, state["turns"] * state["cards_per_turn"])
    state["paintings"][seat] = grid_json(grid)
    state["stains"][seat] = stains


def finish(state: ApprentisState, event: Mapping[str, Any]) -> None:
    missing = [state["names"][i] for i, p in enumerate(state["paintings"]) if p is None]
    if missing:
        raise IllegalEvent(Tr(f"finish : aucun tableau encore pour {', '.join(missing)}",
                              f"finish: no painting entered yet for {', '.join(missing)}",
                              it=f"finish: ancora nessun quadro per {', '.join(missing)}"))
    state.update({"phase": "done", "finished": True})


def _h(handler: Callable[[ApprentisState, Mapping[str, Any]], None]) -> Handler:
    """A handler written for this game's state, as the contract's table holds it."""
    return cast(Handler, handler)


MOVES: dict[str, Move] = {
    # A roll taken back could be re-rolled; a reveal has been seen by everyone.
    "roll": Move(_h(roll), phases=("roll",), undoable=False, tell=told.tell_roll),
    "pick": Move(_h(pick), phases=("draft",), by="seat", tell=told.tell_pick),
    "programming": Move(_h(programming), phases=("roll",), tell=told.tell_programming),
    "program": Move(_h(program), phases=("program",), by="seat", tell=told.tell_program),
    "reveal": Move(_h(reveal), phases=("program",), undoable=False, tell=told.tell_reveal),
    "take": Move(_h(take), phases=("take",), by="seat", tell=told.tell_take),
    "lightning": Move(_h(lightning), phases=("refill",), tell=told.tell_lightning),
    "refill": Move(_h(refill), phases=("refill",), tell=told.tell_refill),
    "to_scoring": Move(_h(to_scoring), phases=PLAY_PHASES, tell=told.tell_to_scoring),
    "painting": Move(_h(paint), phases=("final",), by="seat", tell=told.tell_painting),
    "finish": Move(_h(finish), phases=("final",), tell=told.tell_finish),
}
