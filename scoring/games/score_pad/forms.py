"""What may be done now on the score pad: a round, one's own points, teams, the result, the tie, the end."""

from __future__ import annotations

from scoring.core import Action, Field, Tr
from scoring.games.score_pad.rules import MAX_MINUTES, MAX_POINTS
from scoring.games.score_pad.score import totals
from scoring.games.score_pad.state import PadState
from scoring.games.score_pad.texts import ROUND


def _next_round(state: PadState) -> int:
    rounds = state["rounds"]
    if rounds and any(c is None for c in rounds[-1]):
        return len(rounds) - 1
    return 0 if state["entry"] == "totals" else len(rounds)


def actions(state: PadState, seat: int | None) -> list[Action]:
    if state["finished"]:
        return []
    index = _next_round(state)
    label = ROUND.format(n=index + 1) if state["entry"] == "rounds" else Tr("Totaux", "Totals", it="Totali")
    if seat is not None:
        return [Action("score", Tr(f"Mes points — {label.fr}", f"My points — {label.en}",
                                   it=f"I miei punti — {label.it}"), (
            Field("seat", Tr("Joueur", "Player", it="Giocatore"), "seat", seat, minimum=seat, maximum=seat),
            Field("round", Tr("Manche", "Round", it="Round"), "int", index, minimum=index, maximum=index),
            Field("points", Tr("Points", "Points", it="Punti"), "int", 0, minimum=-MAX_POINTS, maximum=MAX_POINTS)),
            seat=seat, primary=True)]
    out = [Action("round", label, (Field("points", Tr("Points de chacun", "Everyone's points",
                                                      it="Punti di ciascuno"), "ints"),),
                  primary=not _complete(state))]
    if state["kind"] == "teams":
        out.append(Action("teams", Tr("Équipes", "Teams", it="Squadre"), (
            Field("teams", Tr("Numéro d'équipe de chacun", "Everyone's team number",
                              it="Numero di squadra di ciascuno"), "ints",
                  [1 + i % state["team_count"] for i in range(len(state["names"]))],
                  minimum=1, maximum=state["team_count"]),)))
    if state["kind"] == "coop":
        out.append(Action("result", Tr("Résultat", "Result", it="Risultato"), (Field("won", Tr("Gagnée", "Won",
                                                                               it="Vinta"), "bool", False),)))
    tied = tied_at_top(state)
    if len(tied) > 1:
        out.append(Action("tiebreak", Tr("Départager l'égalité", "Break the tie", it="Spareggia la parità"), (
            Field("order", Tr("Dans l'ordre, le premier gagne", "In order, the first wins",
                              it="In ordine, il primo vince"), "seats", tied),)))
    out.append(Action("finish", Tr("Terminer et compter", "Finish and score", it="Termina e conta"), (
        Field("minutes", Tr("Durée en minutes (facultatif)", "Length in minutes (optional)",
                            it="Durata in minuti (facoltativa)"), "int", None,
              minimum=0, maximum=MAX_MINUTES),), primary=_complete(state)))
    return out


def _complete(state: PadState) -> bool:
    return bool(state["rounds"]) and all(c is not None for row in state["rounds"] for c in row)


def tied_at_top(state: PadState) -> list[int]:
    """The seats sharing the best total (high or low), when the pad is complete."""
    if state["kind"] not in ("high", "low") or not _complete(state):
        return []
    sums = totals(state["rounds"], len(state["names"]))
    best = (min if state["kind"] == "low" else max)(sums)
    return [s for s, v in enumerate(sums) if v == best]
