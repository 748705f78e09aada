"""Robby Solo: the forms a device may send (actions) and random legal actions for tests."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from scoring.core import Action, Field, State, Tr
from scoring.games.robby_solo.rules import BANK_NAMES, DECK_SIZE, MONEY_VALUES, OBJECT

#: First choice of the entry forms: nothing is entered until someone picks a value.
UNSET = ("", Tr("— à saisir —", "— to enter —"))
KINDS = (("rob", Tr("Je braquerai…", "I will rob…")),
         ("not_rob", Tr("Je ne braquerai pas…", "I will not rob…")))


def _bank_choices(banks: Sequence[str], but: str | None = None) -> tuple[tuple[str, Tr], ...]:
    return (UNSET, *((c, BANK_NAMES[c]) for c in banks if c != but))


def actions_for(state: State, seat: int | None) -> list[Action]:
    """What a device may send now (``seat`` None: the table)."""
    if state["finished"] or (seat is not None and not 0 <= seat < state["people"]):
        return []
    g, phase, names, banks = state["gentleman"], state["phase"], state["names"], state["banks"]
    gname = names[g]
    out: list[Action] = []
    if phase == "restock" and seat in (None, g):
        # One number per bank, typed on the number pad: the value in thousands, 0 for an object.
        out.append(Action("restock", Tr(f"Butins posés par {gname}", f"Loot laid out by {gname}"),
                          tuple(Field(c, BANK_NAMES[c], "int", None, minimum=0, maximum=9) for c in banks),
                          seat=g, primary=True,
                          help=Tr("La carte Butin posée à côté de chaque banque : sa valeur en milliers "
                                  "de $ (3 pour 3 000 $), 0 pour un objet.",
                                  "The loot card laid next to each bank: its value in thousands of $ "
                                  "(3 for 3 000 $), 0 for an object.")))
    if phase == "declare" and seat in (None, g):
        out.append(Action("declare", Tr(f"Déclaration publique de {gname}", f"{gname}'s public "
                                        "declaration"),
                          (Field("kind", Tr("Déclaration", "Declaration"), "choice", "rob", KINDS),
                           Field("bank", Tr("Banque", "Bank"), "choice", "", _bank_choices(banks))),
                          seat=g, primary=True,
                          help=Tr(f"Tous posent une carte Braquage face cachée, {gname} en dernier ; "
                                  "la déclaration doit être vraie.",
                                  f"Everyone lays a heist card face down, {gname} last; the declaration "
                                  "must be true.")))
    if phase == "confirm" and seat is None:
        out.append(_reveal_action(state))
    if phase in ("declare", "confirm"):
        for k in range(state["people"]):
            if seat not in (None, k) or (phase == "confirm" and k == g):
                continue
            pick = Field(f"bank{k}", Tr("Ma banque", "My bank"), "choice", "", _bank_choices(banks))
            out.append(Action("choose", Tr(f"Banque choisie en secret par {names[k]}",
                                           f"Bank chosen in secret by {names[k]}"), (pick,),
                              seat=k, private=True, primary=seat == k,
                              help=Tr("Facultatif : tient lieu de la carte posée face cachée ; on peut "
                                      "changer jusqu'à la révélation.",
                                      "Optional: stands for the face-down card; it may be changed until "
                                      "the reveal.")))
    if seat is None:
        out.append(Action("deck", Tr("Recompter la pioche", "Count the loot deck"),
                          (Field("count", Tr("Cartes Butin dans la pioche", "Loot cards in the deck"),
                                 "int", state["deck"], minimum=0, maximum=DECK_SIZE),),
                          help=Tr("S'il n'y a pas assez de cartes pour toutes les banques au début "
                                  "d'un tour, la partie s'arrête.", "If the deck cannot restock every "
                                  "bank at the start of a round, the game ends.")))
    return out


def _reveal_action(state: State) -> Action:
    g, decl, names = state["gentleman"], state["declaration"], state["names"]
    fields = []
    for k in range(state["people"]):
        if state["chosen"][k] is not None or (k == g and decl["kind"] == "rob"):
            continue
        but = decl["bank"] if k == g else None
        fields.append(Field(f"bank{k}", Tr(names[k], names[k]), "choice", "",
                            _bank_choices(state["banks"], but)))
    hint = Tr("La banque braquée par chacun.", "The bank each player robbed.")
    if state["junior"] is not None:
        hint = Tr("La banque braquée par chacun ; celle de Robby Junior vient de son paquet.",
                  "The bank each player robbed; Robby Junior's comes from his deck.")
    return Action("reveal", Tr("Révéler les cartes Braquage", "Reveal the heist cards"), tuple(fields),
                  primary=True, help=hint)


def sample(state: State, rng: random.Random) -> dict[str, Any] | None:
    """A random legal action (property tests); None once the game is over."""
    if state["finished"]:
        return None
    banks, g, phase = state["banks"], state["gentleman"], state["phase"]
    if phase == "restock":
        if state["round"] > 25 or rng.random() < 0.04:
            return {"type": "deck", "count": rng.randint(0, min(state["deck"], len(banks) + 2))}
        pick = [OBJECT, *(str(v) for v in MONEY_VALUES), *MONEY_VALUES]
        return {"type": "restock", **{c: rng.choice(pick) for c in banks}}
    people = [k for k in range(state["people"]) if phase == "declare" or k != g]
    if rng.random() < 0.25:
        return {"type": "choose", f"bank{rng.choice(people)}": rng.choice(banks)}
    decl = state["declaration"]
    if phase == "declare":
        mine = state["chosen"][g]
        bank = rng.choice(banks)
        if mine is None:
            return {"type": "declare", "kind": rng.choice(("rob", "not_rob")), "bank": bank}
        return {"type": "declare", "kind": "rob" if bank == mine else "not_rob", "bank": bank}
    action: dict[str, Any] = {"type": "reveal"}
    for k in range(state["people"]):
        if state["chosen"][k] is None:
            if k != g:
                action[f"bank{k}"] = rng.choice(banks)
            elif decl["kind"] == "not_rob":
                action[f"bank{k}"] = rng.choice([c for c in banks if c != decl["bank"]])
    return action
