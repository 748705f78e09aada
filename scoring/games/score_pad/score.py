"""The score pad's score sheet: totals, the winner by the chosen kind, ties broken by hand.

>>> from scoring.games.score_pad.state import PadState
>>> s = sheet("Azul", "low", ["A", "B", "C"], [[3, 1, 5], [2, 2, None]], None, [], None)
>>> [(r.name, r.total, r.rank) for r in s.ranking], s.winners
([('B', 3, 1), ('A', 5, 2), ('C', 5, 2)], ('B',))
>>> sheet("Pandemic", "coop", ["A", "B"], [], None, [], False).winners
()
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scoring.core import InvalidScoreInput, ScoreSheet, SeatScore, Tr, whole
from scoring.core.sheet import _seat_score
from scoring.games.score_pad.rules import ENTRIES, KINDS, MAX_POINTS, MAX_ROUNDS, MAX_SEATS, MAX_TEAMS
from scoring.games.score_pad.state import PadState


def totals(rounds: Sequence[Sequence[int | None]], seats: int) -> list[int]:
    return [sum(r[s] or 0 for r in rounds if s < len(r)) for s in range(seats)]


def _ranks(keys: Sequence[tuple[int, ...]]) -> list[int]:
    """Competition ranks ("1, 1, 3") of ``keys``, highest first."""
    return [1 + sum(other > key for other in keys) for key in keys]


def sheet(game_name: str, kind: str, names: Sequence[str], rounds: Sequence[Sequence[int | None]],
          teams: Sequence[int] | None, tiebreak: Sequence[int], won: bool | None) -> ScoreSheet:
    n = len(names)
    sums = totals(rounds, n)
    order = {seat: len(tiebreak) - i for i, seat in enumerate(tiebreak)}  # earlier in the list: better
    sign = -1 if kind == "low" else 1
    keys: list[tuple[int, ...]]
    if kind == "teams" and teams:
        team_sum = {t: sum(sums[s] for s in range(n) if teams[s] == t) for t in set(teams)}
        keys = [(team_sum[teams[s]], order.get(s, 0)) for s in range(n)]
    elif kind == "coop":
        keys = [(1 if won else 0,) for _ in range(n)]
    else:
        keys = [(sign * sums[s], order.get(s, 0)) for s in range(n)]
    ranks = _ranks(keys)
    rows: list[SeatScore] = []
    for s in sorted(range(n), key=lambda s: (ranks[s], s)):
        breakdown = {f"r{i + 1}": int(r[s] or 0) for i, r in enumerate(rounds) if s < len(r)}
        extra: dict[str, Any] = {"team": teams[s]} if kind == "teams" and teams else {}
        tied = [k for k in keys if k[0] == keys[s][0]]
        decided = "by_hand" if order.get(s) and len(set(tied)) > 1 else None
        rows.append(_seat_score(s, names[s], breakdown, sums[s], ranks[s], decided, extra))
    winners = () if kind == "coop" and not won else tuple(r.name for r in rows if r.rank == 1)
    return ScoreSheet("score-pad", tuple(rows), winners, {"game_name": game_name, "kind": kind})


def score(state: PadState) -> ScoreSheet:
    return sheet(state["game_name"], state["kind"], state["names"], state["rounds"], state["teams"],
                 state["tiebreak"], state["won"])


def score_input(doc: Any) -> ScoreSheet:
    """``python -m scoring score score-pad``: ``{"game": "Azul", "kind": "low", "players": [{"name":
    "Léa", "rounds": [3, 1]} | {"name": "Sam", "total": 12, "team": 1}], "won": true}``."""
    if not isinstance(doc, dict):
        raise InvalidScoreInput("input", Tr("un objet avec « players » attendu", "must be an object with 'players'",
                                            it="atteso un oggetto con «players»"))
    unknown = sorted(set(doc) - {"game", "kind", "players", "won", "tiebreak"})
    if unknown:
        raise InvalidScoreInput(str(unknown[0])[:40], Tr("champ inconnu", "unknown field", it="campo sconosciuto"))
    kind = doc.get("kind", "high")
    if kind not in KINDS:
        raise InvalidScoreInput("kind", Tr(f"l'un de {', '.join(KINDS)}", f"must be one of {', '.join(KINDS)}",
                                           it=f"uno di {', '.join(KINDS)}"))
    name = doc.get("game", "")
    if not isinstance(name, str) or len(name) > 80:
        raise InvalidScoreInput("game", Tr("un nom de 80 caractères au plus",
                                           "must be a name of at most 80 characters",
                                           it="un nome di al massimo 80 caratteri"))
    players = doc.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= MAX_SEATS:
        raise InvalidScoreInput("players", Tr(f"une liste de 1 à {MAX_SEATS} joueurs",
                                              f"must be a list of 1 to {MAX_SEATS} players",
                                              it=f"una lista da 1 a {MAX_SEATS} giocatori"))
    names, rows, teams = _players(players, kind)
    won = doc.get("won")
    if kind == "coop" and not isinstance(won, bool):
        raise InvalidScoreInput("won", Tr("vrai ou faux (coopératif)", "must be true or false (cooperative)",
                                          it="vero o falso (cooperativo)"))
    width = max((len(r) for r in rows), default=0)
    rounds = [[r[i] if i < len(r) else 0 for r in rows] for i in range(width)]
    return sheet(name, kind, names, [[c for c in row] for row in rounds], teams, [], won)


def _players(players: list[Any], kind: str) -> tuple[list[str], list[list[int]], list[int] | None]:
    names: list[str] = []
    rows: list[list[int]] = []
    teams: list[int] = []
    for i, p in enumerate(players):
        where = f"players[{i}]"
        if not isinstance(p, dict):
            raise InvalidScoreInput(where, Tr("un objet attendu", "must be an object", it="atteso un oggetto"))
        name = p.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > 80:
            raise InvalidScoreInput(f"{where}.name", Tr("un nom de 1 à 80 caractères",
                                                        "must be a name of 1 to 80 characters",
                                                        it="un nome da 1 a 80 caratteri"))
        if "rounds" in p:
            cells = p["rounds"]
            if not isinstance(cells, list) or len(cells) > MAX_ROUNDS:
                raise InvalidScoreInput(f"{where}.rounds", Tr(f"une liste de {MAX_ROUNDS} nombres au plus",
                                                             f"must be a list of at most {MAX_ROUNDS} numbers",
                                                              it=f"una lista di al massimo {MAX_ROUNDS} numeri"))
            row = [whole(c, f"{where}.rounds[{j}]", -MAX_POINTS, MAX_POINTS, error=InvalidScoreInput, digits=False)
                   for j, c in enumerate(cells)]
        else:
            row = [whole(p.get("total"), f"{where}.total", -MAX_POINTS, MAX_POINTS, error=InvalidScoreInput,
                         digits=False)]
        if kind == "teams":
            teams.append(whole(p.get("team"), f"{where}.team", 1, MAX_TEAMS, error=InvalidScoreInput, digits=False))
        names.append(name.strip())
        rows.append(row)
    return names, rows, (teams if kind == "teams" else None)


__all__ = ["ENTRIES", "score", "score_input", "sheet", "totals"]
