"""The toy game's score sheet: from a finished match, and from the JSON document of
``python -m scoring score toy``.

>>> sheet = score_input({"players": [{"name": "Léa", "track": 12, "bonus": 0},
...                                    {"name": "Sam", "track": 10, "bonus": 2}]})
>>> [(r.name, r.total, r.rank, r.tiebreak) for r in sheet.ranking]
[('Léa', 12, 1, 'track'), ('Sam', 12, 2, 'track')]
>>> score_input({"players": [{"name": "Léa", "track": 12, "bonus": 9}]})
Traceback (most recent call last):
...
scoring.core.errors.InvalidScoreInput: players[0].bonus: must be at most 3, got 9
"""

from __future__ import annotations

from typing import Any

from scoring.core import InvalidScoreInput, ScoreSheet, State, Tr, quote, rank_rows, whole

from .rules import BAG, BONUSES, FINISH_MAX
from .state import typed


def sheet(names: list[str], track: list[int], bonus: list[int]) -> ScoreSheet:
    """Squares run plus bonus; a tie goes to the pawn further ahead."""
    rows = [(i, name, {"track": track[i], "bonus": bonus[i]}, track[i] + bonus[i], (track[i],))
            for i, name in enumerate(names)]
    return rank_rows("toy", rows, tiebreak_name="track")


def score(state: State) -> ScoreSheet:
    s = typed(state)
    bonus = [0] * len(s["names"])
    for draw in s["bags"][BAG]["draws"]:
        bonus[draw["seat"]] = int(draw["token"])
    return sheet(s["names"], s["track"], bonus)


def score_input(doc: Any) -> ScoreSheet:
    """``{"players": [{"name": …, "track": squares run, "bonus": 0 to 3}, …]}``, 1 to 4 players."""
    players = doc.get("players") if isinstance(doc, dict) else None
    if not isinstance(players, list) or not 1 <= len(players) <= 4:
        raise InvalidScoreInput("players", Tr(f"doit être une liste de 1 à 4 joueurs, reçu {quote(players)}",
                                              f"must be a list of 1 to 4 players, got {quote(players)}",
                                              it="deve essere una lista da 1 a 4 giocatori, ricevuto "
                                                 f"{quote(players)}"))
    names: list[str] = []
    track: list[int] = []
    bonus: list[int] = []
    for i, player in enumerate(players):
        where = f"players[{i}]"
        if not isinstance(player, dict) or not isinstance(player.get("name"), str) or not player["name"].strip():
            raise InvalidScoreInput(f"{where}.name", Tr(f"il faut un nom, reçu {quote(player)}",
                                                        f"a name is needed, got {quote(player)}",
                                                        it=f"serve un nome, ricevuto {quote(player)}"))
        names.append(player["name"])
        track.append(whole(player.get("track"), f"{where}.track", 0, FINISH_MAX, error=InvalidScoreInput, digits=False))
        bonus.append(whole(player.get("bonus", 0), f"{where}.bonus", 0, int(BONUSES[-1]), error=InvalidScoreInput,
                           digits=False))
    return sheet(names, track, bonus)
