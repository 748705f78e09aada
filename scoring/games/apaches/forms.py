"""Les Apaches de Paris: the forms a device may send now, and random legal actions for tests.

>>> from scoring.games.apaches.moves import initial
>>> state = initial({"players": 2, "configuration": [1, 2, 3, 6, 8, 9], "first_player": 0}, ["A", "B"])
>>> [(a.type, a.primary) for a in actions_for(state, None)], actions_for(state, 1)
([('start_round', True), ('adjust', False)], [])
"""

from __future__ import annotations

import random
from typing import Any

from scoring.core import Action, Field, State, Tr
from scoring.games.apaches import moves as play
from scoring.games.apaches.rules import (
    BAIL,
    BOURGEOIS_DISTRICT,
    FENCE_DISTRICT,
    MONEY_RANGE,
    NOVICES,
    STEAL,
    TURNS,
    VALUABLES_RANGE,
)


def stash_labels(players: int) -> tuple[tuple[str, Tr], ...]:
    steal = STEAL[players]
    return (
        ("money", Tr("Argent (200 à 500 F)", "Money (200 to 500 F)")),
        ("valuables", Tr("Cambriolage : objets de valeur (100 à 400 F)",
                         "Burglary: valuables (100 to 400 F)")),
        ("steal", Tr(f"Vol : chaque autre gang lui verse {steal} F",
                     f"Steal: each other gang pays {steal} F")),
        ("reinforcements", Tr("2 renforts pour la manche suivante", "2 reinforcements for the next round")),
        ("wounded", Tr("1 meneur blessé : hôpital", "1 leader wounded: hospital")),
        ("killed", Tr("1 meneur tué : cimetière", "1 leader killed: cemetery")),
        ("prison", Tr("1 meneur emprisonné : prison", "1 leader imprisoned: prison")),
    )


def _winner_field(state: State, label: Tr) -> Field:
    choices = (("none", Tr("Personne (aucun Apache)", "Nobody (no Apache)")),
               *((str(i), Tr(n, n)) for i, n in enumerate(state["names"])))
    return Field("winner", label, "choice", "none", choices)


MAJORITY = Tr("Majoritaire dans le quartier", "Majority in the district")


def _seen_actions(state: State, seat: int | None) -> list[Action]:
    """One button per holder with a draw not looked at yet (the oldest first)."""
    out = []
    holders: list[int] = []
    for draw in state["bags"][play.BAG]["draws"]:
        holder = draw["seat"]
        if draw["seen"] or holder in holders or (seat is not None and seat != holder):
            continue
        holders.append(holder)
        r = draw.get("round", "?")
        out.append(Action(
            "seen", Tr(f"Regarder mon bourgeois (manche {r})", f"Look at my bourgeois (round {r})"),
            (Field("seat", Tr("Tiré par", "Drawn by"), "seat", holder, minimum=holder, maximum=holder),),
            seat=holder, primary=True, private=True,
            help=Tr("Seul ce joueur regarde : après ce bouton, rouvrez vos secrets et maintenez la zone pour "
                    "voir qui c'est. Le tirage ne pourra plus être annulé.",
                    "Only this player looks: after this button, open your secrets again and hold the area to "
                    "see who it is. The draw can no longer be undone.")))
    return out


def _settlement_actions(state: State) -> list[Action]:
    out: list[Action] = []
    names = state["names"]
    left = [d for d in play.stash_districts(state) if str(d) not in state["settled"]]
    if left:
        out.append(Action(
            "settle", Tr("Régler un quartier", "Settle a district"),
            (Field("district", Tr("Quartier", "District"), "choice", str(left[0]),
                   tuple((str(d), Tr(f"Quartier {d}", f"District {d}")) for d in left)),
             _winner_field(state, MAJORITY),
             Field("stash", Tr("Planque non recouverte", "Uncovered stash"), "choice", "money",
                   stash_labels(state["players"])),
             Field("amount", Tr("Montant (argent, cambriolage)", "Amount (money, valuables)"), "int", None,
                   minimum=VALUABLES_RANGE[0], maximum=MONEY_RANGE[1])),
            primary=True,
            help=Tr("Le joueur majoritaire (meneurs + novices + renforts) applique la planque non "
                    "recouverte.",
                    "The majority player (leaders + novices + reinforcements) applies the uncovered stash.")))
    if str(BOURGEOIS_DISTRICT) not in state["settled"]:
        bag_left = state["bags"][play.BAG]["left"]
        out.append(Action(
            "bourgeois", Tr("Quartier 8 : tirer un bourgeois", "District 8: draw a bourgeois"),
            (_winner_field(state, Tr("Majoritaire du quartier 8", "Majority in district 8")),),
            primary=not left,
            help=Tr(f"Le majoritaire prend 1 bourgeois au hasard ({bag_left} dans le sac) ; seul lui verra "
                    "son identité, derrière l'écran « passez le téléphone ».",
                    f"The majority player takes 1 bourgeois at random ({bag_left} in the bag); only they "
                    "will see who it is, behind the \"hand the phone\" screen.") if bag_left else
            Tr("Le sac est vide : plus aucun tirage possible.", "The bag is empty: no draw is possible.")))
    if str(FENCE_DISTRICT) not in state["settled"] and not left:
        done = ", ".join(f"{n} {play.burglaries(state, i)}" for i, n in enumerate(names))
        out.append(Action(
            "fence", Tr("Quartier 9 : le receleur", "District 9: the fence"),
            (_winner_field(state, Tr("Majoritaire du quartier 9", "Majority in district 9")),),
            primary=str(BOURGEOIS_DISTRICT) in state["settled"],
            help=Tr(f"250 F par cambriolage réussi cette manche (ici : {done}) et 1 renfort.",
                    f"250 F per burglary won this round (here: {done}) and 1 reinforcement.")))
    if not play.unsettled(state):
        r = state["round"]
        out.append(Action(
            "end_round", Tr(f"Fin de la manche {r}", f"End of round {r}"),
            (Field("novices_used", Tr("Novices joués cette manche (défaussés)", "Novices played this round "
                                      "(discarded)"), "ints", [0] * len(names), minimum=0, maximum=NOVICES),),
            primary=True,
            help=Tr("Les meneurs reviennent de l'hôpital et de prison (sauf ceux de ce règlement), "
                    "novices et renforts utilisés sont défaussés, le pion 1er joueur passe à gauche.",
                    "Leaders come back from hospital and prison (except this settlement's), used novices and "
                    "reinforcements are discarded, the 1st player counter passes clockwise.")))
    return out


def actions_for(state: State, seat: int | None) -> list[Action]:
    if state["finished"]:
        return []
    table = seat is None
    names = state["names"]
    phase = state["phase"]
    out: list[Action] = []
    if phase == "round_start" and table:
        r, first = state["round"], names[state["first_player"]]
        out.append(Action(
            "start_round", Tr(f"Commencer la manche {r}", f"Start round {r}"), primary=True,
            help=Tr(f"1er joueur : {first}. L'appli tire la planque à mettre de côté dans chaque tas.",
                    f"1st player: {first}. The app draws the stash to set aside from each pile.")))
    elif phase == "turns":
        cur = play.current_seat(state)
        if cur is not None and (table or seat == cur):
            gang = state["gangs"][cur]
            fields: tuple[Field, ...] = ()
            if gang["prison"]:
                fields = (Field("bail", Tr(f"Caution payée : meneurs libérés ({BAIL} F chacun)",
                                           f"Bail paid: leaders freed ({BAIL} F each)"),
                                "int", 0, minimum=0, maximum=gang["prison"]),)
            last = Tr(" (dernier tour)", " (last turn)") if state["turn"] == TURNS else Tr("", "")
            out.append(Action(
                "end_turn", Tr(f"{names[cur]} a posé sa planque{last.fr}",
                               f"{names[cur]} has laid a stash{last.en}"),
                fields, seat=cur, primary=True,
                help=Tr("0 ou 1 action facultative (placer ou déplacer), puis poser une planque.",
                        "0 or 1 optional action (place or move), then lay a stash.")))
        if table and play.can_skip_turns(state):
            out.append(Action(
                "skip_turns", Tr("Passer au dernier tour", "Skip to the last turn"),
                help=Tr("Si la table ne note pas chaque tour : directement au comptage des Apaches avant le "
                        "dernier tour (personne n'est en prison, aucune caution à payer).",
                        "When the table does not note every turn: straight to the count of Apaches before "
                        "the last turn (nobody is in prison, no bail to pay).")))
    elif phase == "last_order" and table:
        highs = [play.in_front_max(g) for g in state["gangs"]]
        most = ", ".join(f"{n} {h}" for n, h in zip(names, highs, strict=True))
        out.append(Action(
            "last_turn", Tr("Ordre du dernier tour", "Last-turn order"),
            (Field("apaches", Tr("Apaches encore devant chaque joueur",
                                 "Apaches still in front of each player"),
                   "ints", highs, minimum=0, maximum=max(highs)),),
            primary=True,
            help=Tr(f"Meneurs + novices + renforts pas encore posés (au plus : {most}). Le plus grand nombre "
                    "joue en premier ; à égalité, sens horaire depuis le 1er joueur.",
                    f"Leaders + novices + reinforcements not yet placed (at most: {most}). Most plays first; "
                    "on a tie, clockwise from the 1st player.")))
    elif phase == "settlement" and table:
        out += _settlement_actions(state)
    elif phase == "reveal" and table:
        out.append(Action("reveal", Tr("Dévoiler les bourgeois et compter", "Reveal the bourgeois and score"),
                          primary=True,
                          help=Tr("Fin de la 3e manche : bourgeois +200 F, agent de ville −200 F et un "
                                  "meneur en prison, 50 F par Apache opérationnel.",
                                  "End of round 3: bourgeois +200 F, policeman −200 F and a leader to "
                                  "prison, 50 F per operational Apache.")))
    out += _seen_actions(state, seat)
    if table:
        out.append(Action(
            "adjust", Tr("Corriger un porte-monnaie", "Correct a wallet"),
            (Field("seat", Tr("Gang", "Gang"), "seat", 0),
             Field("amount", Tr("Montant (+ reçu, − payé)", "Amount (+ received, − paid)"), "int", None),
             Field("reason", Tr("Raison", "Reason"), "text", "")),
            help=Tr("Pour réparer une erreur de saisie ; un porte-monnaie ne descend jamais sous 0 F.",
                    "To fix an input mistake; a wallet never goes below 0 F.")))
    return out


# --------------------------------------------------------------------------- random legal actions


def sample(state: State, rng: random.Random) -> dict[str, Any] | None:
    """A random legal action, as a form would send it (choices as text)."""
    if state["finished"]:
        return None
    n = state["players"]
    draws = state["bags"][play.BAG]["draws"]
    unseen = [i for i, d in enumerate(draws) if not d["seen"]]
    if unseen and rng.random() < 0.5:  # as the holder's button sends it, or by draw number
        return ({"type": "seen", "seat": draws[unseen[0]]["seat"]} if rng.random() < 0.5 else
                {"type": "seen", "draw": str(unseen[0])})
    if rng.random() < 0.03:
        who = rng.randrange(n)
        wallet = state["gangs"][who]["wallet"]
        amount = -50 if wallet >= 50 and rng.random() < 0.5 else 50
        return {"type": "adjust", "seat": who, "amount": amount, "reason": "test"}

    def someone() -> str:
        return "none" if rng.random() < 0.15 else str(rng.randrange(n))

    phase = state["phase"]
    if phase == "round_start":
        return {"type": "start_round"}
    if phase == "turns":
        if play.can_skip_turns(state) and rng.random() < 0.1:
            return {"type": "skip_turns"}
        gang = state["gangs"][play.current_seat(state) or 0]
        bail = 1 if gang["prison"] and gang["wallet"] >= BAIL and rng.random() < 0.5 else 0
        return {"type": "end_turn", "bail": bail}
    if phase == "last_order":
        counts = [rng.randint(0, play.in_front_max(g)) for g in state["gangs"]]
        return {"type": "last_turn", "apaches": counts}
    if phase == "settlement":
        left = [d for d in play.stash_districts(state) if str(d) not in state["settled"]]
        if left:
            winner = someone()
            stash = rng.choice(["money", "valuables", "valuables", "steal", "reinforcements",
                                "wounded", "killed", "prison"])
            if (stash in play.PENALTIES and winner != "none"
                    and play.free_leaders(state["gangs"][int(winner)]) < 1):
                stash = "money"
            low, high = MONEY_RANGE if stash == "money" else VALUABLES_RANGE
            amount = rng.randrange(low, high + 1, 100)
            return {"type": "settle", "district": str(left[0]), "winner": winner, "stash": stash,
                    "amount": amount if stash in ("money", "valuables") else None}
        if str(BOURGEOIS_DISTRICT) not in state["settled"]:
            return {"type": "bourgeois", "winner": someone()}
        if str(FENCE_DISTRICT) not in state["settled"]:
            return {"type": "fence", "winner": someone()}
        return {"type": "end_round",
                "novices_used": [rng.randint(0, min(1, g["novices"])) for g in state["gangs"]]}
    if phase == "reveal":
        return {"type": "reveal"}
    return None
