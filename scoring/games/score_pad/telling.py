"""The score pad's events as the ledger and the history read them, in French, English and Italian.

Each teller reads the event's fields as its move does (whole numbers, possibly typed as text) and nothing
else.

>>> tell_score({"seat": 1, "round": 0, "points": "12"}, ["Léa", "Sam"]).fr
'Manche 1 : 12 points pour Sam'
>>> tell_round({"points": [3, -1]}, ["Léa", "Sam"]).en
'Round written: Léa 3 · Sam -1'
>>> tell_finish({"minutes": 95}, []).it
'Partita terminata (95 min)'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoring.core import Tr, flag, whole
from scoring.core.telling import name, names_of
from scoring.core.tr import same
from scoring.games.score_pad.rules import MAX_MINUTES, MAX_POINTS
from scoring.games.score_pad.texts import LOST, ROUND, TEAM, WON

POINTS = Tr("{n} points pour {p}", "{n} points for {p}", it="{n} punti per {p}")
ROUND_WRITTEN = Tr("Manche notée : {line}", "Round written: {line}", it="Round segnato: {line}")
TEAMS = Tr("Équipes : {line}", "Teams: {line}", it="Squadre: {line}")
TIE_BROKEN = Tr("Égalité départagée : {order}", "Tie broken: {order}", it="Parità risolta: {order}")
FINISHED = Tr("Partie terminée", "Play over", it="Partita terminata")
LASTED = same("{over} ({m} min)")


def _points(value: Any) -> int:
    return whole(value, "points", -MAX_POINTS, MAX_POINTS)


def tell_score(event: Mapping[str, Any], names: Sequence[str]) -> Tr:
    """One seat's points, for a round when the event names it (from 0: the pad's first round is 1)."""
    line = POINTS.format(n=_points(event["points"]), p=name(names, whole(event["seat"], "seat", 0, 99)))
    if event.get("round") is None:
        return line
    n = whole(event["round"], "round", 0, 999) + 1
    return Tr("{r} : {l}", "{r}: {l}", it="{r}: {l}").format(r=ROUND.format(n=n), l=line)


def tell_round(event: Mapping[str, Any], names: Sequence[str]) -> Tr:
    """A whole round, one number a seat."""
    points = event["points"]
    if not isinstance(points, list):
        raise TypeError("points is a list")
    line = " · ".join(f"{name(names, seat)} {_points(p)}" for seat, p in enumerate(points))
    return ROUND_WRITTEN.format(line=line)


def tell_teams(event: Mapping[str, Any], names: Sequence[str]) -> Tr:
    """Who plays in which team.

    >>> tell_teams({"teams": [2, 1, 2]}, ["Léa", "Sam", "Ana"]).fr
    'Équipes : Équipe 1 : Sam · Équipe 2 : Léa, Ana'
    """
    chosen = [whole(v, "teams", 1, 99) for v in event["teams"]]
    parts = [Tr("{t} : {who}", "{t}: {who}", it="{t}: {who}").format(
        t=TEAM.format(n=team), who=names_of(names, [s for s, v in enumerate(chosen) if v == team]))
        for team in sorted(set(chosen))]
    return TEAMS.format(line=same(" · ").join(parts))


def tell_result(event: Mapping[str, Any], _names: Sequence[str]) -> Tr:
    """A cooperative game's outcome."""
    return WON if flag(event["won"], "won") else LOST


def tell_tiebreak(event: Mapping[str, Any], names: Sequence[str]) -> Tr:
    """The order of the seats tied at the top, first the winner."""
    order = [whole(s, "order", 0, 99) for s in event["order"]]
    return TIE_BROKEN.format(order=" > ".join(name(names, s) for s in order))


def tell_finish(event: Mapping[str, Any], _names: Sequence[str]) -> Tr:
    """The end of the play, with how long it lasted when the table said so."""
    if event.get("minutes") is None:
        return FINISHED
    return LASTED.format(over=FINISHED, m=whole(event["minutes"], "minutes", 0, MAX_MINUTES))
