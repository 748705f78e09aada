"""Le Gang des Traction-Avant: the set-up options (with the house rule on the cafés' cards), the set-up
generator (first player, boss powers) and the initial state.

>>> import random
>>> from scoring.games.traction_avant.game import GAME
>>> record = setup(GAME.validate_options({"players": 4}), random.Random(1)).record
>>> state = initial_state(record["options"], record, ["Ange", "Bébert", "Carlo", "Dédé"])
>>> state["thunes"], state["stage"]
([500000, 500000, 500000, 500000], 'setup')
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, cast

from scoring.core import JSON, IllegalEvent, InvalidOptions, Option, Setup, Tr, quote
from scoring.games.traction_avant.rules import CAFE_CARDS, POWER_KEYS, START, bosses_out
from scoring.games.traction_avant.state import Options, TractionState
from scoring.games.traction_avant.texts import setup_instructions

OPTIONS = (
    Option("players", Tr("Joueurs", "Players", it="Giocatori"), "int", 4, minimum=4, maximum=6),
    Option("personnalisation", Tr("Personnalisation des joueurs (pouvoirs des chefs)",
                                  "Player personalisation (boss powers)",
                                  it="Personalizzazione dei giocatori (poteri dei boss)"), "bool", False),
    Option("powers", Tr("Pouvoirs des chefs", "Boss powers", it="Poteri dei boss"), "choice", "random",
           choices=(("random", Tr("Distribués au hasard", "Dealt at random", it="Distribuiti a caso")),
                    ("chosen", Tr("Choisis par les joueurs", "Chosen by the players", it="Scelti dai giocatori"))),
           needs=("personnalisation", (True,)),
           help=Tr("Seulement avec la personnalisation des joueurs.", "Only with player personalisation.",
                   it="Solo con la personalizzazione dei giocatori.")),
    Option("postal_van", Tr("Le fourgon postal", "The postal van", it="Il furgone postale"), "bool", False),
    Option("roulette", Tr("La roulette russe", "Russian roulette", it="La roulette russa"), "bool", False),
    Option("traction_series", Tr("Série de traction-avant", "Traction-Avant series",
                                 it="Serie di Traction-Avant"), "bool", False),
    Option("cafe_cards", Tr("Cartes « Super Embrouille » des cafés", "'Super Embrouille' cards of the cafés",
                            it="Carte «Super Embrouille» dei café"),
           "choice", CAFE_CARDS[0],
           choices=((CAFE_CARDS[0], Tr("Une par série de 3 pions dans un café (6 pions : 2 cartes)",
                                       "One per set of 3 pawns in a café (6 pawns: 2 cards)",
                                       it="Una per serie di 3 pedine in un café (6 pedine: 2 carte)")),
                    (CAFE_CARDS[1], Tr("Une par café où le gang a 3 pions ou plus (6 pions : 1 carte)",
                                       "One per café where the gang has 3 pawns or more (6 pawns: 1 card)",
                                       it="Una per café in cui la gang ha 3 pedine o più (6 pedine: 1 carta)"))),
           help=Tr("La phase 5 dit « séries de 3 pions », la phase 3 « une carte » pour 3 hommes dans le même "
                   "établissement : voir les notes de règles.",
                   "Phase 5 says 'sets of 3 pawns', phase 3 'one card' for 3 men in the same place: see the "
                   "rules notes.",
                   it="La fase 5 dice «serie di tre pedine», la fase 3 «una carta» per tre pedine nello stesso "
                      "locale: vedere le note di regola."),
           house_rule=True),
)


def validate(raw: Mapping[str, Any], base: JSON) -> JSON:
    """``base`` (the options checked one by one) checked together."""
    if base["powers"] == "chosen" and not base["personnalisation"]:
        by_key = {o.key: o for o in OPTIONS}
        chosen = dict(by_key["powers"].choices)["chosen"]
        needed = by_key["personnalisation"].label
        raise InvalidOptions.about("powers", Tr(f"« {chosen.fr} » demande l'option « {needed.fr} »",
                                                f"“{chosen.en}” needs the option “{needed.en}” switched on",
                                                it=f"«{chosen.get('it')}» richiede l'opzione «{needed.get('it')}»"))
    return base


def setup(opts: JSON, rng: random.Random) -> Setup:
    n = int(opts["players"])
    first = rng.randrange(n)
    powers: list[str] | None = None
    if opts["personnalisation"] and opts["powers"] == "random":
        powers = rng.sample(list(POWER_KEYS), n)
    record: JSON = {"options": opts, "first_player": first, "powers": powers, "bosses_out": list(bosses_out(n))}
    return Setup(record, setup_instructions(record))


def initial_state(opts: JSON, setup_record: Mapping[str, Any], names: Sequence[str]) -> TractionState:
    n = int(opts["players"])
    if len(names) != n:
        raise IllegalEvent(Tr(f"names : cette partie a {n} places, reçu {len(names)} noms",
                              f"names: this match has {n} seats, got {len(names)} names",
                              it=f"names: questa partita ha {n} posti, ricevuti {len(names)} nomi"))
    first = setup_record.get("first_player")
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < n:
        raise IllegalEvent(Tr(f"first_player : pas de place {quote(first)}", f"first_player: no seat {quote(first)}",
                              it=f"first_player: nessun posto {quote(first)}"))
    powers = list(setup_record.get("powers") or [None] * n) if opts["personnalisation"] else [None] * n
    return {
        "names": [str(x) for x in names], "options": cast(Options, opts), "finished": False, "winner": None,
        "stage": "setup", "turn": 0, "first": first, "phase": None, "step": None,
        "bosses": [""] * n, "powers": powers,
        "in_cafe": [], "mover": None, "move": None, "moved": [],
        "heist": None, "heist_queue": [], "heists_log": [], "base_attacks": [],
        "van": {"where": "parking", "turn": 0, "pending": False, "dice": None, "squares": None,
                "from": None, "attacked_by": None, "loot": 0},
        "thunes": [START] * n,
        "ledger": [{"n": 0, "turn": 0, "kind": "start", "deltas": [START] * n, "note": ""}],
        "time_used": [0] * n, "time_bought": [0] * n, "time_log": [], "magouilles_log": [],
        "timers": {}, "clock": None,
        "dice": [], "roulettes": [], "alliances": [], "cards_log": [],
    }
