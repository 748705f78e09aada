"""Robby Solo (Spartaco Albertarelli): set-up, the round helper, Robby Junior, the police, end scoring.

The app keeps the loot at each bank, the players' loot piles and the loot deck
count; the players enter the loot cards the Gentleman (or Lady) lays out and the
heist cards revealed; Robby Junior's heist card comes from his deck, shuffled
once at set-up and never shown before it is played.

>>> import random
>>> from scoring.core import replay
>>> options = GAME.validate_options({"players": 3, "banks": "chosen", "bank_yellow": True,
...                                  "bank_green": True, "bank_red": True, "bank_purple": True})
>>> setup = GAME.setup(options, random.Random(2)).record
>>> setup["banks"], setup["first_gentleman"]
(['yellow', 'green', 'red', 'purple'], 0)
>>> events = [{"type": "restock", "yellow": "3000", "green": "object", "red": 9000, "purple": "1000"},
...           {"type": "declare", "kind": "not_rob", "bank": "red"},
...           {"type": "reveal", "bank0": "green", "bank1": "red", "bank2": "red"}]
>>> state = replay(GAME, setup, ["Ada", "Bob", "Cy"], events)
>>> state["hands"], state["loot"]["red"], state["gentleman"], state["deck"]
([[None], [], []], [9000], 1, 57)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.core import (
    Action,
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
    clone,
    strip_secrets,
)
from scoring.core.timers import new_timer
from scoring.games.robby_solo.card import CARD
from scoring.games.robby_solo.forms import actions_for, sample
from scoring.games.robby_solo.panels import robby_panels
from scoring.games.robby_solo.rules import (
    BANK_NAMES,
    COLOUR_NAMES,
    COLOURS,
    DECK_SIZE,
    JUNIOR_NAME,
    MAX_PEOPLE,
    MIN_PEOPLE,
    Card,
    Hand,
    bank_count,
    object_value,
    parse_card,
    parse_score_doc,
    police,
    police_visit,
    score_players,
)

__all__ = ["GAME", "RobbySolo", "bank_count", "object_value", "police", "police_visit"]


def _seat_of(key: str) -> int | None:
    """``bank3`` → 3; other keys → None."""
    if key.startswith("bank") and key[4:].isdigit():
        return int(key[4:])
    return None


class RobbySolo(Game):
    card = CARD
    #: the score sheet's breakdown, as the table calls it
    categories = {"money": Tr("Argent", "Money"), "objects": Tr("Objets", "Objects")}
    #: a seat's secret bank choice stays out of the timeline until the end
    secret_fields = {"choose": tuple(f"bank{i}" for i in range(MAX_PEOPLE + 1))}
    options = (
        Option("players", Tr("Joueurs (personnes)", "Players (people)"), "int", 4,
               minimum=MIN_PEOPLE, maximum=MAX_PEOPLE),
        Option("robby_junior", Tr("Avec Robby Junior (joueur virtuel)", "With Robby Junior (virtual player)"),
               "bool", False, help=Tr("Seulement à moins de six.", "Only when fewer than six people play.")),
        Option("banks", Tr("Banques en jeu", "Banks in play"), "choice", "random",
               choices=(("random", Tr("Tirées au hasard", "Drawn at random")),
                        ("chosen", Tr("Choisies ci-dessous", "Chosen below")))),
        *(Option(f"bank_{c}", BANK_NAMES[c], "bool", False,
                 help=Tr("Quand les banques sont choisies.", "When the banks are chosen.")) for c in COLOURS),
        Option("declaration_timer", Tr("Minuteur après la déclaration", "Timer after the declaration"),
               "bool", False),
        Option("declaration_seconds",
               Tr("Secondes pour confirmer ou changer", "Seconds to confirm or change"),
               "int", 30, minimum=5, maximum=600),
    )
    phases = (
        Phase("restock", Tr("Réapprovisionnement", "Restock")),
        Phase("declare", Tr("Cartes Braquage et déclaration", "Heist cards and declaration")),
        Phase("confirm", Tr("Confirmer ou changer", "Confirm or change"),
              help=Tr("Un temps raisonnable, réglable dans les options.",
                      "A reasonable time, set in the options.")),
    )

    # -- set-up -------------------------------------------------------------
    def validate_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        opts = super().validate_options(raw)
        if opts["robby_junior"] and opts["players"] >= MAX_PEOPLE:
            raise InvalidOptions(f"robby_junior: only when fewer than {MAX_PEOPLE} people play, "
                                 f"got players={opts['players']!r}")
        if opts["banks"] == "chosen":
            chosen = [c for c in COLOURS if opts[f"bank_{c}"]]
            need = bank_count(opts["players"], opts["robby_junior"])
            if len(chosen) != need:
                raise InvalidOptions(f"banks: {need} banks are in play, got {len(chosen)!r} chosen "
                                     f"({', '.join(chosen) or 'none'})")
        return opts

    def setup(self, options: Mapping[str, Any], rng: random.Random) -> Setup:
        opts = self.validate_options(options)
        people, junior = opts["players"], opts["robby_junior"]
        need = bank_count(people, junior)
        if opts["banks"] == "chosen":
            banks = [c for c in COLOURS if opts[f"bank_{c}"]]
        else:
            banks = sorted(rng.sample(COLOURS, need), key=COLOURS.index)
        first = rng.randrange(people)
        junior_deck = rng.sample(banks, len(banks)) if junior else []
        record = {"options": opts, "banks": banks, "first_gentleman": first,
                  "junior_deck": junior_deck, "deck": DECK_SIZE}
        fr = ", ".join(COLOUR_NAMES[c].fr for c in banks)
        en = ", ".join(COLOUR_NAMES[c].en for c in banks)
        steps = [
            Tr(f"Placez ces {need} cartes Banque en ligne au centre de la table : {fr}. "
               "Rangez les autres dans la boîte.",
               f"Lay these {need} bank cards in a row in the middle of the table: {en}. "
               "Put the others back in the box."),
            Tr(f"Chaque joueur prend {need} cartes Braquage, une par banque en jeu ({fr}).",
               f"Each player takes {need} heist cards, one per bank in play ({en})."),
        ]
        if junior:
            steps.append(Tr("Robby Junior joue dans l'app : son paquet de cartes Braquage est mélangé une "
                            "fois pour toutes et gardé secret ; l'app joue sa carte du dessus à chaque "
                            "révélation puis la remet dessous. Ses cartes restent dans la boîte.",
                            "Robby Junior plays in the app: his heist deck is shuffled once and for all "
                            "and kept secret; the app plays his top card at each reveal, then puts it "
                            "at the bottom. His cards stay in the box."))
        steps += [
            Tr(f"Mélangez les {DECK_SIZE} cartes Butin et donnez le paquet au joueur n° {first + 1} "
               f"({first + 1}e nom de la liste) : premier Gentilhomme ou première Dame.",
               f"Shuffle the {DECK_SIZE} loot cards and give the deck to player #{first + 1} "
               f"(name number {first + 1} in the list): the first Gentleman or Lady."),
            Tr("Entrez les noms dans l'ordre de la table, dans le sens des aiguilles d'une montre : "
               "le paquet passe ainsi à chaque tour.",
               "Enter the names in table order, clockwise: the deck passes that way each round."),
        ]
        return Setup(record, tuple(steps))

    def initial_state(self, setup: Mapping[str, Any], names: Sequence[str]) -> State:
        opts = self.validate_options(setup["options"])
        people = opts["players"]
        if len(names) != people:
            raise InvalidOptions(f"names: {people} people play, got {len(names)!r} names")
        junior = people if opts["robby_junior"] else None
        banks = list(setup["banks"])
        seats = people + (1 if junior is not None else 0)
        return {
            "names": [*names, *([JUNIOR_NAME] if junior is not None else [])],
            "people": people, "junior": junior, "banks": banks,
            "loot": {c: [] for c in banks}, "hands": [[] for _ in range(seats)],
            "pile_sizes": [0] * seats, "deck": int(setup.get("deck", DECK_SIZE)),
            "gentleman": int(setup["first_gentleman"]), "round": 1, "phase": "restock",
            "declaration": None, "chosen": [None] * people,
            "junior_deck": list(setup.get("junior_deck", [])), "junior_plays": 0,
            "last": None, "police_visits": 0,
            "timer_ms": opts["declaration_seconds"] * 1000 if opts["declaration_timer"] else None,
            "timers": {}, "finished": False, "end": None,
        }

    # -- actions ------------------------------------------------------------
    def actions(self, state: State, seat: int | None) -> list[Action]:
        return actions_for(state, seat)

    # -- events -------------------------------------------------------------
    def apply_event(self, state: State, event: Mapping[str, Any]) -> State:
        kind = event.get("type")
        handler = {"restock": self._restock, "declare": self._declare, "choose": self._choose,
                   "reveal": self._reveal, "deck": self._deck}.get(str(kind))
        if handler is None:
            raise IllegalEvent(f"unknown event type {kind!r} for Robby Solo")
        if state["finished"]:
            raise IllegalEvent(f"the game is over: no {kind!r} any more")
        out = clone(state)
        handler(out, event)
        return out

    @staticmethod
    def _need_phase(state: State, event: Mapping[str, Any], *phases: str) -> None:
        if state["phase"] not in phases:
            raise IllegalEvent(f"{event.get('type')!r} is not possible now (step {state['phase']!r})")

    @staticmethod
    def _bank(state: State, value: Any, where: str) -> str:
        if value not in state["banks"]:
            raise IllegalEvent(f"{where}: choose one of the banks in play ({', '.join(state['banks'])}), "
                               f"got {value!r}")
        return str(value)

    def _restock(self, state: State, event: Mapping[str, Any]) -> None:
        self._need_phase(state, event, "restock")
        cards = {c: parse_card(event.get(c), c) for c in state["banks"]}
        if state["deck"] < len(cards):
            raise IllegalEvent(f"the deck holds {state['deck']!r} cards: it cannot restock every bank")
        for c, card in cards.items():
            state["loot"][c].append(card)
        state["deck"] -= len(cards)
        state["phase"] = "declare"

    def _truthful(self, state: State, bank: str) -> None:
        decl = state["declaration"]
        name = state["names"][state["gentleman"]]
        if (decl["kind"] == "rob") != (bank == decl["bank"]):
            said = "will rob" if decl["kind"] == "rob" else "will not rob"
            raise IllegalEvent(f"the declaration must be true: {name} said they {said} {decl['bank']!r}, "
                               f"got {bank!r}")

    def _declare(self, state: State, event: Mapping[str, Any]) -> None:
        self._need_phase(state, event, "declare")
        kind = event.get("kind")
        if kind not in ("rob", "not_rob"):
            raise IllegalEvent(f"kind: 'rob' or 'not_rob', got {kind!r}")
        state["declaration"] = {"kind": kind, "bank": self._bank(state, event.get("bank"), "bank")}
        mine = state["chosen"][state["gentleman"]]
        if mine is not None:
            self._truthful(state, mine)
        state["phase"] = "confirm"
        if state["timer_ms"]:
            state["timers"] = {**state["timers"], "confirm": new_timer(state["timer_ms"])}

    def _seat_banks(self, state: State, event: Mapping[str, Any]) -> dict[int, str]:
        out: dict[int, str] = {}
        for key, value in event.items():
            k = _seat_of(key)
            if k is None:
                continue
            if k == state["junior"]:
                raise IllegalEvent(f"{key}: Robby Junior's card comes from his deck, got {value!r}")
            if not 0 <= k < state["people"]:
                raise IllegalEvent(f"{key}: there is no player number {k!r}")
            out[k] = self._bank(state, value, f"{key} ({state['names'][k]})")
        return out

    def _choose(self, state: State, event: Mapping[str, Any]) -> None:
        self._need_phase(state, event, "declare", "confirm")
        picks = self._seat_banks(state, event)
        if len(picks) != 1:
            raise IllegalEvent(f"a choice names one player's bank (bank<seat>), got {sorted(picks)!r}")
        (k, bank), = picks.items()
        if k == state["gentleman"] and state["phase"] == "confirm":
            raise IllegalEvent(f"{state['names'][k]!r} has declared: the Gentleman or Lady may not change, "
                               f"got {bank!r}")
        state["chosen"][k] = bank

    def _reveal(self, state: State, event: Mapping[str, Any]) -> None:
        self._need_phase(state, event, "confirm")
        g, decl, names = state["gentleman"], state["declaration"], state["names"]
        robbed: list[str | None] = [*state["chosen"], *([None] if state["junior"] is not None else [])]
        for k, bank in self._seat_banks(state, event).items():
            if robbed[k] not in (None, bank):
                raise IllegalEvent(f"bank{k}: {names[k]!r} chose {robbed[k]!r} in secret, got {bank!r}")
            robbed[k] = bank
        if robbed[g] is None and decl["kind"] == "rob":
            robbed[g] = decl["bank"]
        missing = [k for k in range(state["people"]) if robbed[k] is None]
        if missing:
            raise IllegalEvent(f"bank{missing[0]}: which bank did {names[missing[0]]!r} rob? got nothing")
        self._truthful(state, str(robbed[g]))
        if state["junior"] is not None:
            deck = state["junior_deck"]
            robbed[state["junior"]] = deck[state["junior_plays"] % len(deck)]
            state["junior_plays"] += 1
        self._resolve(state, [str(b) for b in robbed])

    def _resolve(self, state: State, robbed: list[str]) -> None:
        """"Tous ceux qui ont braqué seuls une banque prennent l'intégralité du Butin"; then the police."""
        hands: list[Hand] = state["hands"]
        outcome = []
        for c in state["banks"]:
            robbers = [k for k, b in enumerate(robbed) if b == c]
            loot: list[Card] = state["loot"][c]
            outcome.append({"bank": c, "robbers": robbers, "loot": list(loot),
                            "winner": robbers[0] if len(robbers) == 1 else None})
            if len(robbers) == 1:
                hands[robbers[0]].extend(loot)
                state["loot"][c] = []
        visits = []
        for c in state["banks"]:
            if len(state["loot"][c]) == 4:
                returned = state["loot"][c]
                state["loot"][c] = []
                new_hands, taken = police_visit(hands)
                hands[:] = new_hands
                state["deck"] += len(returned) + len(taken)
                state["police_visits"] += 1
                visits.append({"bank": c, "returned": returned, "taken": [[k, card] for k, card in taken]})
        state["pile_sizes"] = [len(h) for h in hands]
        state["last"] = {"round": state["round"], "gentleman": state["gentleman"],
                         "declaration": state["declaration"], "robbed": robbed, "banks": outcome,
                         "police": visits}
        state["gentleman"] = (state["gentleman"] + 1) % state["people"]
        state["round"] += 1
        state["declaration"] = None
        state["chosen"] = [None] * state["people"]
        state["timers"] = {k: v for k, v in state["timers"].items() if k != "confirm"}
        self._start_round(state)

    def _start_round(self, state: State) -> None:
        """"Si au début d'un tour, il n'y a pas assez de cartes Butin pour réapprovisionner TOUTES les
        Banques, la partie se termine immédiatement"."""
        state["phase"] = "restock"
        if state["deck"] < len(state["banks"]):
            state["finished"] = True
            state["end"] = "deck"

    def _deck(self, state: State, event: Mapping[str, Any]) -> None:
        count = event.get("count")
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= DECK_SIZE:
            raise IllegalEvent(f"count: the loot deck holds 0 to {DECK_SIZE} cards, got {count!r}")
        state["deck"] = count
        if state["phase"] == "restock":
            self._start_round(state)

    # -- views --------------------------------------------------------------
    def secrets(self, state: State) -> list[Secret]:
        out: list[Secret] = []
        if state["junior"] is not None:
            out.append(Secret(None, ("junior_deck",)))
        if not state["finished"]:
            # "seule la valeur de la première carte soit visible": a pile is its owner's to read.
            for k in range(len(state["hands"])):
                out.append(Secret(k if k < state["people"] else None, ("hands", k)))
        for k, bank in enumerate(state["chosen"]):
            if bank is not None:
                out.append(Secret(k, ("chosen", k)))
        return out

    def view(self, state: State, seat: int | None) -> State:
        return strip_secrets(self, state, seat)

    def panels(self, state: State, seat: int | None) -> list[Panel]:
        return robby_panels(self.view(state, seat), seat)

    # -- scoring ------------------------------------------------------------
    def score(self, state: State) -> ScoreSheet:
        players = [(name, [c for c in hand if c is not None], sum(1 for c in hand if c is None))
                   for name, hand in zip(state["names"], state["hands"], strict=True)]
        return score_players(players)

    def score_input(self, doc: Any) -> ScoreSheet:
        return score_players(parse_score_doc(doc))

    # -- testing ------------------------------------------------------------
    def sample_action(self, state: State, rng: random.Random) -> dict[str, Any] | None:
        return sample(state, rng)


GAME = RobbySolo()
