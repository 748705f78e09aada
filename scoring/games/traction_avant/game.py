"""Le Gang des Traction-Avant (4–6 players): the bank, the clock, the dice and the notary.

The board, the pawns and the cards stay on the table.  The app keeps every gang's fortune in a
ledger (and checks the victory after each movement), runs the phase timers, rolls the dice,
collects the secret orders after a heist and records the written alliances.

>>> import random
>>> setup = GAME.setup(GAME.validate_options({"players": 4}), random.Random(1))
>>> state = GAME.initial_state(setup.record, ["Ange", "Bébert", "Carlo", "Dédé"])
>>> state["thunes"]
[500000, 500000, 500000, 500000]
>>> state = GAME.apply(state, {"type": "begin"})
>>> state["turn"], state["phase"], state["first"] == setup.record["first_player"]
(1, 'first', True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.core import (
    JSON,
    Action,
    Game,
    IllegalEvent,
    InvalidOptions,
    InvalidScoreInput,
    Option,
    Panel,
    Phase,
    ScoreSheet,
    Secret,
    Setup,
    State,
    Tr,
    strip_secrets,
)
from scoring.games.traction_avant import checks
from scoring.games.traction_avant import forms as ui
from scoring.games.traction_avant import moves as ev
from scoring.games.traction_avant import sample as sampling
from scoring.games.traction_avant.card import CARD
from scoring.games.traction_avant.panels import panels as build_panels
from scoring.games.traction_avant.rules import (
    POWER_KEYS,
    START,
    bosses_out,
    money,
    roll_dice,
    roulette_rolls,
    score_players,
)
from scoring.games.traction_avant.texts import KINDS, PHASE_NAMES, setup_instructions

__all__ = ["GAME", "TractionAvant", "time_used"]


def time_used(state: State, seat: int, now: int | None = None) -> int:
    """Milliseconds of phase 3 (movement) used by ``seat`` over the whole match.

    Finished movements are summed in ``state["time_used"]``; the running movement's timer is
    added (counted up to ``now`` while it runs).

    >>> state = {"time_used": [60_000, 0], "timers": {"moves:1": {"duration": 180_000,
    ...          "elapsed": 20_000, "since": 1_000}}}
    >>> time_used(state, 0), time_used(state, 1), time_used(state, 1, now=11_000)
    (60000, 20000, 30000)
    """
    return int(state["time_used"][seat]) + checks.timer_used(state, checks.move_key(seat), now)


class TractionAvant(Game):
    card = CARD
    #: A secret order stays hidden in the timeline until the match is over (the panels reveal the orders
    #: of a round together, once every gang present has written its own).
    #: the score sheet splits each fortune by ledger kind, named as the bank panel names them
    categories = dict(KINDS)
    secret_fields = {"order": ("cars", "colts", "stens", "bullets", "targets", "note")}
    options = (
        Option("players", Tr("Joueurs", "Players"), "int", 4, minimum=4, maximum=6),
        Option("personnalisation", Tr("Personnalisation des joueurs (pouvoirs des chefs)",
                                      "Player personalisation (boss powers)"), "bool", False),
        Option("powers", Tr("Pouvoirs des chefs", "Boss powers"), "choice", "random",
               choices=(("random", Tr("Distribués au hasard", "Dealt at random")),
                        ("chosen", Tr("Choisis par les joueurs", "Chosen by the players"))),
               help=Tr("Seulement avec la personnalisation des joueurs.",
                       "Only with player personalisation.")),
        Option("postal_van", Tr("Le fourgon postal", "The postal van"), "bool", False),
        Option("roulette", Tr("La roulette russe", "Russian roulette"), "bool", False),
        Option("traction_series", Tr("Série de traction-avant", "Traction-Avant series"), "bool", False),
    )
    #: The engine creates the countdowns itself (``seconds`` is left unset so that the app offers no
    #: timer of its own): ``magouilles`` (6 minutes) when phase 2 begins and ``moves:<seat>``
    #: (3 minutes, longer when time is bought) when a player's movement begins; the app shows and
    #: pauses/resumes exactly those.
    phases = (
        Phase("first", PHASE_NAMES["first"]),
        Phase("magouilles", PHASE_NAMES["magouilles"], who="table",
              help=Tr("6 minutes au plus (2 sabliers), seulement pour les joueurs présents dans un café.",
                      "6 minutes at most (2 hourglasses), only for the players in a café.")),
        Phase("moves", PHASE_NAMES["moves"], who="each",
              help=Tr("3 minutes par joueur ; 3 minutes de plus = 100 000 Thunes à chaque adversaire.",
                      "3 minutes each; 3 more minutes = 100,000 Thunes to each opponent.")),
        Phase("heists", PHASE_NAMES["heists"]),
        Phase("cards", PHASE_NAMES["cards"]),
    )

    # -- set-up -------------------------------------------------------------
    def validate_options(self, raw: Mapping[str, Any]) -> JSON:
        out = super().validate_options(raw)
        if out["powers"] == "chosen" and not out["personnalisation"]:
            raise InvalidOptions(f"powers: {out['powers']!r} needs the option personnalisation "
                                 f"(boss powers) switched on")
        return out

    def setup(self, options: Mapping[str, Any], rng: random.Random) -> Setup:
        opts = self.validate_options(options)
        n = int(opts["players"])
        first = rng.randrange(n)
        powers: list[str] | None = None
        if opts["personnalisation"] and opts["powers"] == "random":
            powers = rng.sample(list(POWER_KEYS), n)
        record: JSON = {"options": opts, "first_player": first, "powers": powers,
                        "bosses_out": list(bosses_out(n))}
        return Setup(record, setup_instructions(record))

    def initial_state(self, setup: Mapping[str, Any], names: Sequence[str]) -> State:
        opts = self.validate_options(setup["options"])
        n = int(opts["players"])
        if len(names) != n:
            raise IllegalEvent(f"names: this match has {n} seats, got {len(names)!r} names")
        first = setup["first_player"]
        if not isinstance(first, int) or not 0 <= first < n:
            raise IllegalEvent(f"first_player: no seat {first!r}")
        powers = list(setup.get("powers") or [None] * n) if opts["personnalisation"] else [None] * n
        return {
            "names": [str(x) for x in names], "options": opts, "finished": False, "winner": None,
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
            "dice": [], "roulettes": [], "alliances": [],
        }

    # -- play ---------------------------------------------------------------
    def actions(self, state: State, seat: int | None) -> list[Action]:
        return ui.actions(state, seat)

    def prepare(self, state: State, action: Mapping[str, Any], rng: random.Random) -> JSON:
        event: JSON = dict(action)
        kind = event.get("type")
        if kind in ("roll", "van_move", "van_attack"):
            event["dice"] = roll_dice(rng)
        elif kind == "roulette":
            proposer = checks.get_seat(state, event, "proposer")
            opponent = checks.get_seat(state, event, "opponent")
            if proposer == opponent:
                raise IllegalEvent(f"opponent: {opponent!r} is the proposer; the roulette needs two players")
            event["rolls"] = roulette_rolls(proposer, opponent, rng)
        self.apply(state, event)
        return event

    def apply_event(self, state: State, event: Mapping[str, Any]) -> State:
        return ev.apply_event(state, event)

    def undoable(self, event: Mapping[str, Any]) -> bool:
        """Dice are never rolled again, and a secret order may not be taken back (the last one reveals
        them all); a player may re-enter an order before the reveal instead."""
        return event.get("type") not in ("roll", "roulette", "van_move", "van_attack", "order")

    def secrets(self, state: State) -> list[Secret]:
        heist = state.get("heist")
        if not heist or heist["revealed"]:
            return []
        return [Secret(seat, ("heist", "orders", seat))
                for seat, order in enumerate(heist["orders"]) if order is not None]

    def view(self, state: State, seat: int | None) -> State:
        return strip_secrets(self, state, seat)

    def panels(self, state: State, seat: int | None) -> list[Panel]:
        return build_panels(self.view(state, seat), seat)

    # -- scoring ------------------------------------------------------------
    def score(self, state: State) -> ScoreSheet:
        breakdowns: list[dict[str, int]] = [{} for _ in state["names"]]
        for entry in state["ledger"]:
            for s, delta in enumerate(entry["deltas"]):
                if delta:
                    breakdowns[s][entry["kind"]] = breakdowns[s].get(entry["kind"], 0) + delta
        return score_players(state["names"], state["thunes"], breakdowns)

    def score_input(self, doc: Any) -> ScoreSheet:
        if not isinstance(doc, dict):
            raise InvalidScoreInput("input", f"must be an object with 'players', got {doc!r}")
        extra_keys = sorted(set(doc) - {"players"})
        if extra_keys:
            raise InvalidScoreInput(extra_keys[0], "unknown field (only 'players')")
        players = doc.get("players")
        if not isinstance(players, list):
            raise InvalidScoreInput("players", f"must be a list of players, got {players!r}")
        if not self.min_players <= len(players) <= self.max_players:
            raise InvalidScoreInput("players", f"must have 4 to 6 players, got {len(players)!r}")
        names: list[str] = []
        thunes: list[int] = []
        for i, player in enumerate(players):
            where = f"players[{i}]"
            if not isinstance(player, dict):
                raise InvalidScoreInput(where, f"must be an object with name and thunes, got {player!r}")
            unknown = sorted(set(player) - {"name", "thunes"})
            if unknown:
                raise InvalidScoreInput(f"{where}.{unknown[0]}", "unknown field (only 'name' and 'thunes')")
            nm = player.get("name")
            if not isinstance(nm, str) or not nm.strip():
                raise InvalidScoreInput(f"{where}.name", f"must be a non-empty text, got {nm!r}")
            if nm in names:
                raise InvalidScoreInput(f"{where}.name", f"{nm!r} is already used by another player")
            value = player.get("thunes")
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidScoreInput(f"{where}.thunes", f"must be a whole number of Thunes, got {value!r}")
            if value < 0:
                raise InvalidScoreInput(f"{where}.thunes", f"a fortune cannot be negative, got {value!r}")
            names.append(nm)
            thunes.append(value)
        return score_players(names, thunes)

    # -- testing ------------------------------------------------------------
    def sample_action(self, state: State, rng: random.Random) -> JSON | None:
        if self.finished(state):
            return None
        for _ in range(20):
            action = sampling.sample(state, rng)
            try:
                self.prepare(state, action, random.Random(rng.random()))
            except IllegalEvent:
                continue
            return action
        return sampling.primary_default(state)


GAME = TractionAvant()


def describe_fortunes(state: State) -> list[str]:
    """One line per gang, e.g. for a log.

    >>> describe_fortunes({"names": ["A", "B"], "thunes": [500000, 1200000]})
    ['A: 500 000', 'B: 1 200 000']
    """
    return [f"{n}: {money(t)}" for n, t in zip(state["names"], state["thunes"], strict=True)]

