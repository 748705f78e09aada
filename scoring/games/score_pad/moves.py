"""The score pad's moves: points written a cell or a round at a time, teams, the cooperative result,
ties broken by hand, the end of the play.

>>> from scoring.games.score_pad.game import GAME
>>> import random
>>> opts = GAME.validate_options({"game_name": "Azul", "players": 2})
>>> s = GAME.initial_state(GAME.setup(opts, random.Random(0)).record, ["A", "B"])
>>> s = GAME.apply(s, {"type": "round", "points": [3, 4]})
>>> s = GAME.apply(s, {"type": "score", "seat": 0, "round": 1, "points": 10})
>>> s["rounds"]
[[3, 4], [10, None]]
>>> GAME.apply(s, {"type": "finish"})
Traceback (most recent call last):
...
scoring.core.errors.IllegalEvent: finish: round 2 has no points yet for B
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.core import IllegalEvent, Move, Tr, flag, whole
from scoring.games.score_pad.rules import MAX_MINUTES, MAX_POINTS, MAX_ROUNDS
from scoring.games.score_pad.score import totals
from scoring.games.score_pad.state import PadState
from scoring.games.score_pad.telling import (
    tell_finish,
    tell_result,
    tell_round,
    tell_score,
    tell_teams,
    tell_tiebreak,
)


def _seat(state: PadState, value: Any, where: str) -> int:
    return whole(value, where, 0, len(state["names"]) - 1)


def _points(value: Any, where: str) -> int:
    return whole(value, where, -MAX_POINTS, MAX_POINTS)


def _row_for(state: PadState, index: int) -> list[int | None]:
    """Round ``index`` (0-based); the next one is opened when asked for."""
    rounds = state["rounds"]
    if state["entry"] == "totals" and index != 0:
        raise IllegalEvent(Tr("round : les totaux de fin de partie n'ont qu'une ligne (0)",
                              "round: final totals have one row only (0)",
                              it="round: i totali di fine partita hanno una sola riga (0)"))
    if index == len(rounds):
        if len(rounds) >= MAX_ROUNDS:
            raise IllegalEvent(Tr(f"round : {MAX_ROUNDS} manches au plus", f"round: at most {MAX_ROUNDS} rounds",
                                  it=f"round: al massimo {MAX_ROUNDS} round"))
        rounds.append([None] * len(state["names"]))
    return rounds[index]


def score(state: PadState, event: Mapping[str, Any]) -> None:
    """One seat's points for one round (its own phone, or the table)."""
    seat = _seat(state, event.get("seat"), "seat")
    index = whole(event.get("round", len(state["rounds"])), "round", 0, len(state["rounds"]))
    row = _row_for(state, index)
    row[seat] = _points(event.get("points"), "points")
    state["tiebreak"] = []


def round_(state: PadState, event: Mapping[str, Any]) -> None:
    """A whole round, one number a seat, as a line of the paper pad."""
    points = event.get("points")
    n = len(state["names"])
    if not isinstance(points, list) or len(points) != n:
        raise IllegalEvent(Tr(f"points : {n} nombres attendus, un par joueur",
                              f"points: must be {n} numbers, one a player",
                              it=f"points: attesi {n} numeri, uno per giocatore"))
    cells: list[int | None] = [_points(p, f"points[{i}]") for i, p in enumerate(points)]
    if state["entry"] == "totals":
        if state["rounds"]:
            state["rounds"][0] = cells
            return
    elif len(state["rounds"]) >= MAX_ROUNDS:
        raise IllegalEvent(Tr(f"round : {MAX_ROUNDS} manches au plus", f"round: at most {MAX_ROUNDS} rounds",
                              it=f"round: al massimo {MAX_ROUNDS} round"))
    state["rounds"].append(cells)
    state["tiebreak"] = []


def teams(state: PadState, event: Mapping[str, Any]) -> None:
    value = event.get("teams")
    n, count = len(state["names"]), state["team_count"]
    if state["kind"] != "teams":
        raise IllegalEvent(Tr("teams : cette partie ne se joue pas par équipes", "teams: this play has no teams",
                              it="teams: questa partita non si gioca a squadre"))
    if not isinstance(value, list) or len(value) != n:
        raise IllegalEvent(Tr(f"teams : {n} numéros d'équipe attendus", f"teams: must be {n} team numbers",
                              it=f"teams: attesi {n} numeri di squadra"))
    chosen = [whole(v, f"teams[{i}]", 1, count) for i, v in enumerate(value)]
    if len(set(chosen)) < 2:
        raise IllegalEvent(Tr("teams : il faut au moins deux équipes", "teams: at least two teams are needed",
                              it="teams: servono almeno due squadre"))
    state["teams"] = chosen


def result(state: PadState, event: Mapping[str, Any]) -> None:
    if state["kind"] != "coop":
        raise IllegalEvent(Tr("result : seulement pour un jeu coopératif", "result: only for a cooperative game",
                              it="result: solo per un gioco cooperativo"))
    won = event.get("won")
    state["won"] = flag(won, "won")


def tiebreak(state: PadState, event: Mapping[str, Any]) -> None:
    """The order of seats tied at the top, as the game's rules break the tie (first wins)."""
    order = event.get("order")
    if not isinstance(order, list) or not order:
        raise IllegalEvent(Tr("order : une liste de places attendue", "order: must be a list of seats",
                              it="order: attesa una lista di posti"))
    seats = [_seat(state, s, f"order[{i}]") for i, s in enumerate(order)]
    if len(set(seats)) != len(seats):
        raise IllegalEvent(Tr("order : une place est donnée deux fois", "order: a seat is listed twice",
                              it="order: un posto è indicato due volte"))
    sums = totals(state["rounds"], len(state["names"]))
    if len({sums[s] for s in seats}) != 1 or len(seats) < 2:
        raise IllegalEvent(Tr("order : seulement des joueurs à égalité", "order: only players with equal totals",
                              it="order: solo giocatori in parità"))
    state["tiebreak"] = seats


def finish(state: PadState, event: Mapping[str, Any]) -> None:
    if not state["rounds"]:
        raise IllegalEvent(Tr("finish : aucun point n'est noté", "finish: no points are written",
                              it="finish: nessun punto segnato"))
    for i, row in enumerate(state["rounds"]):
        missing = [state["names"][s] for s, cell in enumerate(row) if cell is None]
        if missing:
            raise IllegalEvent(Tr(f"finish : la manche {i + 1} n'a pas encore de points pour {', '.join(missing)}",
                                  f"finish: round {i + 1} has no points yet for {', '.join(missing)}",
                                  it=f"finish: il round {i + 1} non ha ancora punti per {', '.join(missing)}"))
    if state["kind"] == "teams" and state["teams"] is None:
        raise IllegalEvent(Tr("finish : les équipes ne sont pas données", "finish: the teams are not given",
                              it="finish: le squadre non sono indicate"))
    if state["kind"] == "coop" and state["won"] is None:
        raise IllegalEvent(Tr("finish : gagnée ou perdue ?", "finish: won or lost?", it="finish: vinta o persa?"))
    if event.get("minutes") is not None:
        state["minutes"] = whole(event.get("minutes"), "minutes", 0, MAX_MINUTES)
    state["phase"], state["finished"] = "over", True


MOVES: dict[str, Move] = {
    "score": Move(score, phases=("play",), by="seat", tell=tell_score),
    "round": Move(round_, phases=("play",), tell=tell_round),
    "teams": Move(teams, phases=("play",), tell=tell_teams),
    "result": Move(result, phases=("play",), tell=tell_result),
    "tiebreak": Move(tiebreak, phases=("play",), tell=tell_tiebreak),
    "finish": Move(finish, phases=("play",), tell=tell_finish),
}
