"""Les Apaches de Paris (Les Tontons Joueurs), 2 to 4 players: set-up, match tracker, end scoring.

The app draws the district configuration, the first player and the stash set aside
from each district each round; it tracks the 3 rounds of 6 turns (with the last
turn's own order), the wallets, each gang's Apaches off the board and the round's
district settlement; it draws the bourgeois and keeps them secret until the end.

>>> import random
>>> setup = GAME.setup(GAME.validate_options({"players": 3}), random.Random(2))
>>> setup.record["configuration"], setup.record["prohibited"]
([1, 4, 5, 6, 7, 8, 9], [2, 3])
>>> state = GAME.initial_state(setup.record, ["Léa", "Sam", "Zoé"])
>>> [a.type for a in GAME.actions(state, None)]
['start_round', 'adjust']
>>> last_turn_order([4, 4, 6], first_player=1)
[2, 1, 0]
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.core import (
    Action,
    Event,
    Game,
    IllegalEvent,
    InvalidOptions,
    Option,
    Panel,
    Phase,
    ScoreSheet,
    Secret,
    Setup,
    State,
    Tr,
    bags,
    strip_secrets,
)
from scoring.games.apaches import moves as play
from scoring.games.apaches.card import CARD
from scoring.games.apaches.forms import actions_for, sample
from scoring.games.apaches.panels import panels_for
from scoring.games.apaches.rules import (
    BOURGEOIS_TOKENS,
    FIRST_GAME,
    LEADERS,
    NOVICES,
    PROHIBITED_COUNTERS,
    REINFORCEMENT_PIECES,
    START_WALLET,
    STASHES,
    config_key,
    configurations,
    last_turn_order,
    parse_score_doc,
    prohibited,
    score_holdings,
)

__all__ = ["GAME", "Apaches", "configurations", "last_turn_order"]


def _configuration_choices() -> tuple[tuple[str, Tr], ...]:
    out = [("first", Tr("Première partie (tableau)", "First game (the table)")),
           ("random", Tr("Au hasard", "At random"))]
    for n in (2, 3, 4):
        for c in configurations(n):
            key = config_key(c)
            out.append((key, Tr(f"{n} joueurs : {key}", f"{n} players: {key}")))
    return tuple(out)


def _districts(ds: Sequence[int]) -> str:
    return ", ".join(str(d) for d in ds)


class Apaches(Game):
    card = CARD
    #: the score sheet's lines, as the table calls them
    categories = {"wallet": Tr("Porte-monnaie", "Wallet"), "bourgeois": Tr("Bourgeois", "Bourgeois"),
                  "policeman": Tr("Agent de ville", "Undercover policeman"),
                  "apaches": Tr("Apaches opérationnels (50 F)", "Operational Apaches (50 F)")}
    #: the drawn bourgeois is recorded in the event; timelines hide it until the end
    secret_fields = {"bourgeois": ("token",)}
    options = (
        Option("players", Tr("Joueurs", "Players"), "int", 3, minimum=2, maximum=4),
        Option("configuration", Tr("Quartiers en jeu", "Districts in play"), "choice", "first",
               choices=_configuration_choices(),
               help=Tr("Chaque manche, on retire une planque par quartier et chacun en prend six : "
                       "toute configuration où planques − quartiers = 6 × joueurs est valable.",
                       "Each round one stash per district is set aside and everyone takes six: any "
                       "configuration where stashes − districts = 6 × players is valid.")),
    )
    phases = (
        Phase("round_start", Tr("Début de manche", "Start of round")),
        Phase("turns", Tr("Tours de jeu", "Turns")),
        Phase("last_order", Tr("Ordre du dernier tour", "Last-turn order")),
        Phase("settlement", Tr("Gains et pertes des quartiers", "District gains and losses")),
        Phase("reveal", Tr("Fin de partie : les bourgeois sont dévoilés",
                           "Game end: the bourgeois are revealed")),
    )

    # -- set-up -------------------------------------------------------------
    def validate_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        out = super().validate_options(raw)
        choice = out["configuration"]
        if choice not in ("first", "random"):
            valid = [config_key(c) for c in configurations(out["players"])]
            if choice not in valid:
                raise InvalidOptions(f"configuration: {choice!r} is not a {out['players']}-player "
                                     f"configuration (valid: {', '.join(valid)})")
        return out

    def setup(self, options: Mapping[str, Any], rng: random.Random) -> Setup:
        opts = self.validate_options(options)
        n = opts["players"]
        choice = opts["configuration"]
        if choice == "first":
            config, how = FIRST_GAME[n], "first"
        elif choice == "random":
            config, how = rng.choice(configurations(n)), "random"
        else:
            config, how = tuple(int(d) for d in choice.split(".")), "chosen"
        first = rng.randrange(n)
        record = {"options": opts, "players": n, "configuration": list(config), "how": how,
                  "prohibited": prohibited(config), "first_player": first}
        return Setup(record, self._instructions(record))

    @staticmethod
    def _instructions(record: Mapping[str, Any]) -> tuple[Tr, ...]:
        config, banned = record["configuration"], record["prohibited"]
        how = {"first": ("configuration de première partie", "first-game configuration"),
               "random": ("tirée au hasard", "drawn at random"),
               "chosen": ("choisie", "chosen")}[record["how"]]
        steps = [Tr(f"Quartiers en jeu : {_districts(config)} ({how[0]}).",
                    f"Districts in play: {_districts(config)} ({how[1]}).")]
        if banned:
            text = Tr(f"Quartiers TOTALEMENT interdits : {_districts(banned)} — posez un pion « quartier "
                      f"interdit » sur chacun et rangez leurs planques dans la boîte.",
                      f"TOTALLY prohibited districts: {_districts(banned)} — put a \"prohibited district\" "
                      f"counter on each and put their stashes back in the box.")
            if len(banned) > PROHIBITED_COUNTERS:
                text = Tr(text.fr + f" La boîte n'a que {PROHIBITED_COUNTERS} pions : marquez le dernier "
                          "autrement (une pièce, un billet retourné).",
                          text.en + f" The box has only {PROHIBITED_COUNTERS} counters: mark the last one "
                          "some other way (a coin, a face-down note).")
            steps.append(text)
        piles = ", ".join(f"{d} ({STASHES[d]})" for d in config if STASHES[d])
        steps += [
            Tr("Mélangez les planques toitures visibles, un tas par quartier à côté de son emplacement : "
               f"{piles}.",
               f"Shuffle the stashes roofs up, one pile per district beside its location: {piles}."),
            Tr(f"Placez les {REINFORCEMENT_PIECES} renforts à côté du plateau.",
               f"Put the {REINFORCEMENT_PIECES} reinforcements beside the board."),
            Tr(f"Posez les {len(BOURGEOIS_TOKENS)} bourgeois sur le quartier 8, faces neutres visibles. "
               "L'appli tire les bourgeois et garde leur identité secrète : un pion pris ne sert que de "
               "marqueur, ne regardez pas sa face cachée.",
               f"Put the {len(BOURGEOIS_TOKENS)} bourgeois on district 8, neutral side up. The app draws the "
               "bourgeois and keeps who they are secret: a token taken is only a marker, do not look at "
               "its hidden side."),
            Tr(f"Chaque gang prend {LEADERS} meneurs, {NOVICES} novices et {START_WALLET} F sous son "
               "porte-monnaie.",
               f"Each gang takes {LEADERS} leaders, {NOVICES} novices and {START_WALLET} F under its "
               "wallet."),
            Tr(f"1er joueur (tiré au hasard) : la place {record['first_player'] + 1} ; elle prend le pion "
               "« 1er joueur ».",
               f"1st player (drawn at random): seat {record['first_player'] + 1}; they take the "
               "\"1st player\" counter."),
            Tr("Au début de chaque manche, l'appli dit quelle planque de chaque tas mettre de côté, "
               "toiture visible, sans regarder sa valeur ; puis chacun prend ses 6 planques, "
               "à tour de rôle depuis le 1er joueur.",
               "At the start of each round, the app says which stash of each pile to set aside, roof up, "
               "unseen; then everyone takes their 6 stashes in turn from the 1st player."),
        ]
        return tuple(steps)

    def initial_state(self, setup: Mapping[str, Any], names: Sequence[str]) -> State:
        return play.initial(setup, names)

    # -- play ---------------------------------------------------------------
    def actions(self, state: State, seat: int | None) -> list[Action]:
        return actions_for(state, seat)

    def prepare(self, state: State, action: Mapping[str, Any], rng: random.Random) -> Event:
        event = _normalise(state, action, rng)
        self.apply(state, event)
        return event

    def apply_event(self, state: State, event: Mapping[str, Any]) -> State:
        return play.apply(state, event)

    def undoable(self, event: Mapping[str, Any]) -> bool:
        """A bourgeois seen by its holder, and the final reveal, cannot be taken back."""
        return event.get("type") not in ("seen", "reveal")

    def view(self, state: State, seat: int | None) -> State:
        return strip_secrets(self, state, seat)

    def secrets(self, state: State) -> list[Secret]:
        return bags.bag_secrets(state)

    def panels(self, state: State, seat: int | None) -> list[Panel]:
        return panels_for(state, self.view(state, seat), seat)

    # -- scoring ------------------------------------------------------------
    def score(self, state: State) -> ScoreSheet:
        return score_holdings(play.holdings(state))

    def score_input(self, doc: Any) -> ScoreSheet:
        return score_holdings(parse_score_doc(doc))

    def sample_action(self, state: State, rng: random.Random) -> dict[str, Any] | None:
        return sample(state, rng)


def _normalise(state: State, action: Mapping[str, Any], rng: random.Random) -> Event:
    """The event of a form's values: typed values, and every random outcome recorded."""
    kind = action.get("type")
    if kind == "start_round":
        return {"type": kind, "round": state["round"], "first_player": state["first_player"],
                "set_aside": {str(d): rng.randint(1, STASHES[d]) for d in play.stash_districts(state)}}
    if kind == "end_turn":
        seat = action.get("seat", play.current_seat(state))
        return {"type": kind, "seat": seat, "bail": play.whole(action.get("bail") or 0, "bail")}
    if kind == "last_turn":
        return {"type": kind, "apaches": action.get("apaches")}
    if kind in ("settle", "bourgeois", "fence"):
        winner = play.seat_or_none(state, action.get("winner"), "winner")
        event: Event = {"type": kind, "winner": winner}
        if kind == "settle":
            stash = action.get("stash")
            event.update(district=play.whole(action.get("district"), "district"), stash=stash)
            if stash in ("money", "valuables") and action.get("amount") not in (None, ""):
                event["amount"] = play.whole(action.get("amount"), f"amount ({stash})")
        if kind == "bourgeois" and winner is not None and state["bags"][play.BAG]["left"] > 0:
            event["token"] = bags.draw_event(state, play.BAG, winner, rng)["token"]
        return event
    if kind == "seen":
        draws = state["bags"][play.BAG]["draws"]
        seat = action.get("seat")
        if action.get("draw") is None:
            waiting = [i for i, d in enumerate(draws) if not d["seen"] and seat in (None, d["seat"])]
            index = waiting[0] if waiting else None
            if index is None:
                raise IllegalEvent(f"draw: no bourgeois is waiting to be looked at (seat {seat!r})")
        else:
            index = play.whole(action.get("draw"), "draw", 0, max(0, len(draws) - 1))
        if seat is None and index < len(draws):
            seat = draws[index]["seat"]
        return {"type": kind, "seat": seat, "draw": index}
    if kind == "end_round":
        return {"type": kind, "novices_used": action.get("novices_used")}
    if kind == "adjust":
        return {"type": kind, "seat": action.get("seat"),
                "amount": play.whole(action.get("amount"), "amount"), "reason": action.get("reason") or ""}
    return dict(action)


GAME = Apaches()
