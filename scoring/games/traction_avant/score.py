"""Le Gang des Traction-Avant: the score sheet (fortunes ranked, the winner marked when the victory
condition holds) from a match or from the document of ``python -m scoring score traction-avant``.

>>> sheet = score_input({"players": [{"name": n, "thunes": t} for n, t in
...                      (("A", 21_000_000), ("B", 19_000_000), ("C", 0), ("D", 0))]})
>>> sheet.winners, sheet.extra
(('A',), {'game_over': True})
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scoring.core import InvalidScoreInput, ScoreSheet, Tr, quote, rank_rows, whole
from scoring.core.fields import HUGE
from scoring.games.traction_avant.rules import SLUG, victor
from scoring.games.traction_avant.state import TractionState
from scoring.games.traction_avant.texts import VICTORY_NOTE

MIN_PLAYERS, MAX_PLAYERS = 4, 6


def score_players(names: Sequence[str], thunes: Sequence[int],
                  breakdowns: Sequence[dict[str, int]] | None = None) -> ScoreSheet:
    """The score sheet: gangs ranked by fortune, the winner marked when the victory condition holds.

    >>> score_players(["A", "B", "C", "D"], [21_000_000, 19_500_000, 0, 0]).winners
    ()
    """
    winner = victor(thunes)
    rows = [(s, names[s], dict(breakdowns[s]) if breakdowns else {"thunes": thunes[s]}, thunes[s], ())
            for s in range(len(names))]
    extras = {s: {"thunes": thunes[s]} for s in range(len(names))}
    return rank_rows(SLUG, rows, extras=extras, winners_if=lambda r: r.seat == winner,
                     extra={"game_over": winner is not None}, notes=(VICTORY_NOTE,))


def score(state: TractionState) -> ScoreSheet:
    """Each fortune split by ledger kind (named as the bank panel names them)."""
    breakdowns: list[dict[str, int]] = [{} for _ in state["names"]]
    for entry in state["ledger"]:
        for s, delta in enumerate(entry["deltas"]):
            if delta:
                breakdowns[s][entry["kind"]] = breakdowns[s].get(entry["kind"], 0) + delta
    return score_players(state["names"], state["thunes"], breakdowns)


def _bad(where: str, fr: str, en: str, it: str) -> InvalidScoreInput:
    return InvalidScoreInput(where, Tr(fr, en, it))


def score_input(doc: Any) -> ScoreSheet:
    if not isinstance(doc, dict):
        raise _bad("input", f"un objet avec « players » attendu, reçu {quote(doc)}",
                   f"must be an object with 'players', got {quote(doc)}",
                   f"atteso un oggetto con «players», ricevuto {quote(doc)}")
    extra_keys = sorted(set(doc) - {"players"}, key=str)
    if extra_keys:
        raise _bad(str(extra_keys[0])[:40], "champ inconnu (seulement « players »)",
                   "unknown field (only 'players')", "campo sconosciuto (solo «players»)")
    players = doc.get("players")
    if not isinstance(players, list):
        raise _bad("players", f"une liste de joueurs attendue, reçu {quote(players)}",
                   f"must be a list of players, got {quote(players)}",
                   f"attesa una lista di giocatori, ricevuto {quote(players)}")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise _bad("players", f"de {MIN_PLAYERS} à {MAX_PLAYERS} joueurs, reçu {len(players)}",
                   f"must have {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(players)}",
                   f"da {MIN_PLAYERS} a {MAX_PLAYERS} giocatori, ricevuti {len(players)}")
    names: list[str] = []
    thunes: list[int] = []
    for i, player in enumerate(players):
        where = f"players[{i}]"
        if not isinstance(player, dict):
            raise _bad(where, f"un objet avec name et thunes attendu, reçu {quote(player)}",
                       f"must be an object with name and thunes, got {quote(player)}",
                       f"atteso un oggetto con name e thunes, ricevuto {quote(player)}")
        unknown = sorted(set(player) - {"name", "thunes"}, key=str)
        if unknown:
            raise _bad(f"{where}.{str(unknown[0])[:40]}", "champ inconnu (seulement « name » et « thunes »)",
                       "unknown field (only 'name' and 'thunes')",
                       "campo sconosciuto (solo «name» e «thunes»)")
        nm = player.get("name")
        if not isinstance(nm, str) or not nm.strip() or len(nm) > 60:
            raise _bad(f"{where}.name", f"un texte non vide de 60 caractères au plus attendu, reçu {quote(nm)}",
                       f"must be a non-empty text of at most 60 characters, got {quote(nm)}",
                       f"atteso un testo non vuoto di al massimo 60 caratteri, ricevuto {quote(nm)}")
        if nm in names:
            raise _bad(f"{where}.name", f"{quote(nm)} est déjà le nom d'un autre joueur",
                       f"{quote(nm)} is already used by another player",
                       f"{quote(nm)} è già il nome di un altro giocatore")
        value = whole(player.get("thunes"), f"{where}.thunes", 0, HUGE, error=InvalidScoreInput, digits=False)
        names.append(nm)
        thunes.append(value)
    return score_players(names, thunes)
