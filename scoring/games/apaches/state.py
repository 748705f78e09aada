"""Les Apaches de Paris: the match state's types, the initial state, and the values read from it.

The physical board stays the source of truth for where the Apaches stand; the state tracks what
the app is asked to keep: rounds, turns and orders, wallets, each gang's Apaches off the board
(hospital, prison, cemetery, novices left, reinforcements) and the bourgeois bag.

>>> state = initial({"players": 2, "configuration": [1, 2, 3, 6, 8, 9], "first_player": 1}, ["A", "B"])
>>> state["phase"], free_leaders(state["gangs"][0]), in_front_max(state["gangs"][0]), state["house"]
('round_start', 7, 10, {'policeman_is_bourgeois': False, 'count_gains': False})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict, cast

from scoring.core import IllegalEvent, State, Tr, bags
from scoring.games.apaches.rules import (
    BOURGEOIS_TOKENS,
    LEADERS,
    NOVICES,
    REINFORCEMENT_PIECES,
    START_WALLET,
    STASHES,
    TURNS,
    prohibited,
)

#: the name of the bourgeois bag in ``state["bags"]``
BAG = "bourgeois"


class Gang(TypedDict):
    """One gang's money and Apaches off the board."""

    wallet: int  #: francs (never below 0)
    paid: int  #: francs paid out: bail and what thieves took (the « total des gains » reading adds it back)
    hospital: int  #: leaders serving this round; back at its end
    hospital_next: int  #: sent there by this round's settlement; back at the end of the next round
    prison: int
    prison_next: int
    cemetery: int  #: killed, for good
    novices: int  #: not used yet (used ones are gone for good)
    reinforcements: int  #: to be used this round (discarded at its end)
    reinforcements_next: int  #: earned in this round's settlement, for the next round


class House(TypedDict):
    """The readings of the rules chosen at set-up (docs/rules-notes.md)."""

    policeman_is_bourgeois: bool  #: the policeman's holder also gets the 200 F of a bourgeois
    count_gains: bool  #: the winner counted on « le total des gains », not on « le plus d'argent »


class ApachesState(TypedDict):
    names: list[str]
    finished: bool
    players: int
    districts: list[int]
    prohibited: list[int]
    first_player: int
    round: int
    phase: str  #: round_start, turns, last_order, settlement, reveal, over
    turn: int  #: 1 to 6 (0 outside the turns)
    order: list[int]  #: this turn's playing order (seats)
    index: int  #: who plays in ``order``
    last_counts: list[int] | None  #: the Apaches in front of each seat before the last turn
    set_aside: dict[str, int]  #: district -> position from the top of its pile
    settled: dict[str, dict[str, Any]]  #: district -> what its settlement did this round
    gangs: list[Gang]
    bags: dict[str, Any]  #: the bourgeois bag (:mod:`scoring.core.bags`)
    timers: dict[str, Any]
    house: House


DEFAULT_HOUSE: House = {"policeman_is_bourgeois": False, "count_gains": False}


def typed(state: State) -> ApachesState:
    """The contract's plain state seen as this game's (the engine built it)."""
    return cast(ApachesState, state)


def plain(state: ApachesState) -> State:
    return cast(State, state)


def initial(setup: Mapping[str, Any], names: Sequence[str]) -> ApachesState:
    n = int(setup["players"])
    if len(names) != n:
        raise IllegalEvent(Tr(f"names : la mise en place est pour {n} joueurs, reçu {len(names)} noms",
                              f"names: the set-up is for {n} players, got {len(names)} names",
                              it=f"names: la preparazione è per {n} giocatori, ricevuti {len(names)} nomi"))
    configuration = [int(d) for d in setup["configuration"]]
    options = setup.get("options") or {}
    house: House = {"policeman_is_bourgeois": bool(options.get("policeman_is_bourgeois", False)),
                    "count_gains": bool(options.get("count_gains", False))}
    return {
        "names": list(names), "finished": False, "players": n,
        "districts": configuration, "prohibited": prohibited(configuration),
        "first_player": int(setup["first_player"]), "round": 1, "phase": "round_start",
        "turn": 0, "order": [], "index": 0, "last_counts": None,
        "set_aside": {}, "settled": {},
        "gangs": [{"wallet": START_WALLET, "paid": 0, "hospital": 0, "hospital_next": 0, "prison": 0,
                   "prison_next": 0, "cemetery": 0, "novices": NOVICES, "reinforcements": 0,
                   "reinforcements_next": 0} for _ in range(n)],
        "bags": {BAG: bags.new_bag(BOURGEOIS_TOKENS)},
        "timers": {},
        "house": house,
    }


# --------------------------------------------------------------------------- derived values


def stash_districts(state: ApachesState) -> list[int]:
    return [d for d in state["districts"] if STASHES[d] > 0]


def free_leaders(gang: Gang) -> int:
    """Leaders with the gang (in reserve or on the board): not hospitalised, jailed or dead."""
    away = gang["hospital"] + gang["hospital_next"] + gang["prison"] + gang["prison_next"] + gang["cemetery"]
    return LEADERS - away


def in_front_max(gang: Gang) -> int:
    """The most Apaches a gang can have in front of it this round (none placed yet)."""
    return free_leaders(gang) + gang["novices"] + gang["reinforcements"]


def reinforcements_left(state: ApachesState) -> int:
    """Reinforcement pieces still beside the board (5 in the box)."""
    return REINFORCEMENT_PIECES - sum(g["reinforcements"] + g["reinforcements_next"] for g in state["gangs"])


def burglaries(state: ApachesState, seat: int) -> int:
    """Valuables stashes (« cambriolages ») ``seat`` won in this round's settlement."""
    return sum(1 for s in state["settled"].values() if s.get("stash") == "valuables" and s.get("winner") == seat)


def unsettled(state: ApachesState) -> list[int]:
    return [d for d in state["districts"] if str(d) not in state["settled"]]


def current_seat(state: ApachesState) -> int | None:
    if state["phase"] != "turns" or state["index"] >= len(state["order"]):
        return None
    return state["order"][state["index"]]


def can_skip_turns(state: ApachesState) -> bool:
    """The table may jump to the last turn's order when it has not noted every turn, as long as
    no turn is lost that could matter: before the last turn, and nobody has a leader to bail out."""
    return (state["phase"] == "turns" and state["turn"] < TURNS
            and not any(g["prison"] for g in state["gangs"]))


def draws(state: ApachesState) -> list[dict[str, Any]]:
    """The bourgeois drawn so far (seat, token, seen, revealed, round)."""
    found: list[dict[str, Any]] = state["bags"][BAG]["draws"]
    return found
