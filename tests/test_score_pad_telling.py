"""The score pad's ledger lines (``scoring/games/score_pad/telling.py``), every event type in French, English and
Italian, as the match screen's ledger and the history's timeline show them."""

from __future__ import annotations

from scoring import Tr, find_game

GAME = find_game("score-pad")
NAMES = ["Léa", "Sam", "Ana"]


def told(event: dict) -> Tr:
    return GAME.tell(event, NAMES)


def test_a_seat_s_points_name_the_round_from_one():
    assert told({"type": "score", "seat": 2, "round": 1, "points": 7}) == Tr(
        "Manche 2 : 7 points pour Ana", "Round 2: 7 points for Ana", it="Round 2: 7 punti per Ana")
    assert told({"type": "score", "seat": 0, "points": "-3"}).en == "-3 points for Léa"


def test_a_round_lists_every_player_s_points():
    assert told({"type": "round", "points": [29, "4", -1]}) == Tr(
        "Manche notée : Léa 29 · Sam 4 · Ana -1", "Round written: Léa 29 · Sam 4 · Ana -1",
        it="Round segnato: Léa 29 · Sam 4 · Ana -1")


def test_teams_result_tiebreak_and_finish():
    assert told({"type": "teams", "teams": [1, 2, 1]}).en == "Teams: Team 1: Léa, Ana · Team 2: Sam"
    assert told({"type": "result", "won": True}).fr == "Gagnée : tout le monde gagne"
    assert told({"type": "result", "won": False}).en == "Lost: nobody wins"
    assert told({"type": "tiebreak", "order": [2, 0]}).it == "Parità risolta: Ana > Léa"
    assert told({"type": "finish"}) == Tr("Partie terminée", "Play over", it="Partita terminata")
    assert told({"type": "finish", "minutes": 150}).fr == "Partie terminée (150 min)"
