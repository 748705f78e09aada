"""The score pad's set-up: the game's name, the players, how it is scored.

>>> import random
>>> from scoring.games.score_pad.game import GAME
>>> opts = GAME.validate_options({"game_name": "Carcassonne", "players": 3})
>>> GAME.setup(opts, random.Random(1)).record["game_name"], opts["kind"], opts["entry"]
('Carcassonne', 'high', 'rounds')
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.core import InvalidOptions, Option, Setup, Tr
from scoring.games.score_pad.rules import ENTRIES, KINDS, MAX_SEATS, MAX_TEAMS
from scoring.games.score_pad.state import PadState
from scoring.games.score_pad.texts import ENTRY_NAMES, KIND_NAMES

OPTIONS = (
    Option("game_name", Tr("Nom du jeu", "Name of the game", it="Nome del gioco"), "text", "",
           help=Tr("Le jeu joué, tel qu'il apparaîtra dans l'historique.",
                   "The game played, as the history will show it.",
                   it="Il gioco giocato, come apparirà nello storico.")),
    Option("players", Tr("Joueurs", "Players", it="Giocatori"), "int", 4, minimum=1, maximum=MAX_SEATS),
    Option("kind", Tr("Qui gagne", "Who wins", it="Chi vince"), "choice", "high",
           choices=tuple((k, KIND_NAMES[k]) for k in KINDS)),
    Option("entry", Tr("Points notés", "Points written", it="Punti segnati"), "choice", "rounds",
           choices=tuple((e, ENTRY_NAMES[e]) for e in ENTRIES)),
    Option("teams", Tr("Nombre d'équipes (par équipes)", "Number of teams (in teams)",
                       it="Numero di squadre (a squadre)"), "int", 2,
           minimum=2, maximum=MAX_TEAMS, needs=("kind", ("teams",))),
    Option("bgg_id", Tr("Numéro BoardGameGeek (0 : aucun)", "BoardGameGeek id (0: none)",
                        it="Numero BoardGameGeek (0: nessuno)"), "int", 0,
           minimum=0, maximum=10**8),
    Option("counts", Tr("Compte dans les statistiques", "Counts for statistics",
                        it="Conta nelle statistiche"), "bool", True),
)


def check(opts: dict[str, Any]) -> dict[str, Any]:
    if opts["kind"] == "teams" and opts["teams"] > opts["players"]:
        raise InvalidOptions.about("teams", Tr(f"{opts['teams']} équipes pour {opts['players']} joueurs",
                                               f"{opts['teams']} teams for {opts['players']} players",
                                               it=f"{opts['teams']} squadre per {opts['players']} giocatori"))
    return opts


def setup(opts: Mapping[str, Any], rng: random.Random) -> Setup:
    first = rng.randrange(int(opts["players"]))
    record = {"options": dict(opts), "game_name": opts["game_name"], "first_player": first}
    steps = [Tr(f"{opts['game_name']} : installez le jeu comme ses règles le disent.",
                f"{opts['game_name']}: set the game up as its rules say.",
                it=f"{opts['game_name']}: preparate il gioco come dicono le sue regole."),
             Tr(f"Le joueur n° {first + 1} commence (tiré au hasard ; suivez les règles du jeu si elles "
                "en disent autrement).",
                f"Player #{first + 1} starts (drawn at random; follow the game's rules if they say otherwise).",
                it=f"Il giocatore n° {first + 1} comincia (estratto a caso; seguite le regole del gioco se dicono "
                   "altrimenti)."),
             Tr("Chacun peut noter ses propres points depuis son téléphone ; la table note une manche entière.",
                "Each player may write their own points from their phone; the table writes a whole round.",
                it="Ognuno può segnare i propri punti dal suo telefono; il tavolo segna un round intero.")]
    return Setup(record, tuple(steps))


def initial_state(setup_record: Mapping[str, Any], opts: Mapping[str, Any], names: Sequence[str]) -> PadState:
    if len(names) != opts["players"]:
        raise InvalidOptions(Tr(f"noms : {opts['players']} joueurs, reçu {len(names)} noms",
                                f"names: {opts['players']} players, got {len(names)} names",
                                it=f"nomi: {opts['players']} giocatori, ricevuti {len(names)} nomi"))
    return PadState(names=list(names), game_name=str(setup_record["game_name"]), kind=opts["kind"],
                    entry=opts["entry"], rounds=[], teams=None, team_count=int(opts["teams"]), won=None,
                    tiebreak=[], minutes=None, phase="play", finished=False, timers={})
