"""Les Apaches de Paris: the forms a device may send now (``actions``).

>>> from scoring.games.apaches.state import initial
>>> state = initial({"players": 2, "configuration": [1, 2, 3, 6, 8, 9], "first_player": 0}, ["A", "B"])
>>> [(a.type, a.primary) for a in actions_for(state, None)], actions_for(state, 1)
([('start_round', True), ('adjust', False)], [])
"""

from __future__ import annotations

from scoring.core import Action, Field, Tr
from scoring.games.apaches.rules import (
    BAIL,
    BOURGEOIS_DISTRICT,
    FENCE_DISTRICT,
    FENCE_PER_BURGLARY,
    MAX_CORRECTION,
    MONEY_RANGE,
    NOVICES,
    TURNS,
    VALUABLES_RANGE,
)
from scoring.games.apaches.state import (
    BAG,
    ApachesState,
    burglaries,
    can_skip_turns,
    current_seat,
    draws,
    in_front_max,
    stash_districts,
    unsettled,
)
from scoring.games.apaches.texts import stash_labels


def _winner_field(state: ApachesState, label: Tr) -> Field:
    choices = (("none", Tr("Personne (aucun Apache)", "Nobody (no Apache)", it="Nessuno (nessun Apache)")),
               *((str(i), Tr(n, n, it=n)) for i, n in enumerate(state["names"])))
    return Field("winner", label, "choice", "none", choices)


MAJORITY = Tr("Majoritaire dans le quartier", "Majority in the district", it="Maggioritario nel quartiere")


def _seen_actions(state: ApachesState, seat: int | None) -> list[Action]:
    """One button per holder with a draw not looked at yet (the oldest first)."""
    out = []
    holders: list[int] = []
    for draw in draws(state):
        holder = draw["seat"]
        if draw["seen"] or holder in holders or (seat is not None and seat != holder):
            continue
        holders.append(holder)
        r = draw.get("round", "?")
        out.append(Action(
            "seen", Tr(f"Regarder mon bourgeois (manche {r})", f"Look at my bourgeois (round {r})",
                       it=f"Guarda il mio borghese (round {r})"),
            (Field("seat", Tr("Tiré par", "Drawn by",
                              it="Pescato da"), "seat", holder, minimum=holder, maximum=holder),),
            seat=holder, primary=True, private=True,
            help=Tr("Seul ce joueur regarde : après ce bouton, rouvrez vos secrets et maintenez la zone pour "
                    "voir qui c'est. Le tirage ne pourra plus être annulé.",
                    "Only this player looks: after this button, open your secrets again and hold the area to "
                    "see who it is. The draw can no longer be undone.",
                    it="Guarda solo questo giocatore: dopo questo pulsante, riaprite i vostri segreti e tenete "
                       "premuta la zona per vedere chi è. La pesca non potrà più essere annullata.")))
    return out


def _settlement_actions(state: ApachesState) -> list[Action]:
    out: list[Action] = []
    names = state["names"]
    left = [d for d in stash_districts(state) if str(d) not in state["settled"]]
    if left:
        out.append(Action(
            "settle", Tr("Régler un quartier", "Settle a district", it="Risolvi un quartiere"),
            (Field("district", Tr("Quartier", "District", it="Quartiere"), "choice", str(left[0]),
                   tuple((str(d), Tr(f"Quartier {d}", f"District {d}", it=f"Quartiere {d}")) for d in left)),
             _winner_field(state, MAJORITY),
             Field("stash", Tr("Planque non recouverte", "Uncovered stash",
                               it="Nascondiglio non coperto"), "choice", "money",
                   stash_labels(state["players"])),
             Field("amount", Tr("Montant (argent, cambriolage)", "Amount (money, valuables)",
                                it="Importo (denaro, scasso)"), "int", None,
                   minimum=VALUABLES_RANGE[0], maximum=MONEY_RANGE[1])),
            primary=True,
            help=Tr("Le joueur majoritaire (meneurs + novices + renforts) applique la planque non "
                    "recouverte.",
                    "The majority player (leaders + novices + reinforcements) applies the uncovered stash.",
                    it="Il giocatore maggioritario (capi + novizi + rinforzi) applica il nascondiglio non coperto.")))
    if str(BOURGEOIS_DISTRICT) not in state["settled"]:
        bag_left = state["bags"][BAG]["left"]
        out.append(Action(
            "bourgeois", Tr("Quartier 8 : tirer un bourgeois", "District 8: draw a bourgeois",
                            it="Quartiere 8: pesca un borghese"),
            (_winner_field(state, Tr("Majoritaire du quartier 8", "Majority in district 8",
                                     it="Maggioritario del quartiere 8")),),
            primary=not left,
            help=Tr(f"Le majoritaire prend 1 bourgeois au hasard ({bag_left} dans le sac) ; seul lui verra "
                    "son identité, derrière l'écran « passez le téléphone ».",
                    f"The majority player takes 1 bourgeois at random ({bag_left} in the bag); only they "
                    "will see who it is, behind the \"hand the phone\" screen.",
                    it=f"Il maggioritario prende 1 borghese a caso ({bag_left} nel sacchetto); solo "
                       "lui vedrà chi è, dietro la schermata «passate il telefono».") if bag_left else
            Tr("Le sac est vide : plus aucun tirage possible.", "The bag is empty: no draw is possible.",
               it="Il sacchetto è vuoto: nessuna pesca è più possibile.")))
    if str(FENCE_DISTRICT) not in state["settled"] and not left:
        done = ", ".join(f"{n} {burglaries(state, i)}" for i, n in enumerate(names))
        out.append(Action(
            "fence", Tr("Quartier 9 : le receleur", "District 9: the fence", it="Quartiere 9: il ricettatore"),
            (_winner_field(state, Tr("Majoritaire du quartier 9", "Majority in district 9",
                                     it="Maggioritario del quartiere 9")),),
            primary=str(BOURGEOIS_DISTRICT) in state["settled"],
            help=Tr(f"{FENCE_PER_BURGLARY} F par cambriolage réussi cette manche (ici : {done}) et 1 renfort.",
                    f"{FENCE_PER_BURGLARY} F per burglary won this round (here: {done}) and 1 reinforcement.",
                    it=f"{FENCE_PER_BURGLARY} F per scasso riuscito in questo round (qui: {done}) e 1 rinforzo.")))
    if not unsettled(state):
        r = state["round"]
        out.append(Action(
            "end_round", Tr(f"Fin de la manche {r}", f"End of round {r}", it=f"Fine del round {r}"),
            (Field("novices_used", Tr("Novices joués cette manche (défaussés)", "Novices played this round "
                                      "(discarded)",
                                      it="Novizi giocati "
                                         "in questo round "
                                         "(scartati)"), "ints", [0] * len(names), minimum=0, maximum=NOVICES),),
            primary=True,
            help=Tr("Les meneurs reviennent de l'hôpital et de prison (sauf ceux de ce règlement), "
                    "novices et renforts utilisés sont défaussés, le pion 1er joueur passe à gauche.",
                    "Leaders come back from hospital and prison (except this settlement's), used novices and "
                    "reinforcements are discarded, the 1st player counter passes clockwise.",
                    it="I capi tornano dall'ospedale e dalla prigione (tranne quelli di questa risoluzione), "
                       "novizi e rinforzi usati sono scartati, il segnalino primo giocatore passa a sinistra.")))
    return out


def _reveal_help(state: ApachesState) -> Tr:
    cop = ("+200 − 200 F", "+200 − 200 F") if state["house"]["policeman_is_bourgeois"] else ("−200 F", "−200 F")
    return Tr(f"Fin de la 3e manche : bourgeois +200 F, agent de ville {cop[0]} et un meneur en prison, 50 F par "
              "Apache opérationnel.",
              f"End of round 3: bourgeois +200 F, policeman {cop[1]} and a leader to prison, 50 F per "
              "operational Apache.",
              it=f"Fine del 3° round: borghesi +200 F, poliziotto in borghese {cop[1]} e un capo in prigione, 50 F "
                 "per Apache operativo.")


def actions_for(state: ApachesState, seat: int | None) -> list[Action]:
    if state["finished"]:
        return []
    table = seat is None
    names = state["names"]
    phase = state["phase"]
    out: list[Action] = []
    if phase == "round_start" and table:
        r, first = state["round"], names[state["first_player"]]
        out.append(Action(
            "start_round", Tr(f"Commencer la manche {r}", f"Start round {r}", it=f"Inizia il round {r}"), primary=True,
            help=Tr(f"1er joueur : {first}. L'appli tire la planque à mettre de côté dans chaque tas.",
                    f"1st player: {first}. The app draws the stash to set aside from each pile.",
                    it=f"1° giocatore: {first}. L'app estrae il nascondiglio da mettere da parte in ogni mucchio.")))
    elif phase == "turns":
        cur = current_seat(state)
        if cur is not None and (table or seat == cur):
            gang = state["gangs"][cur]
            fields: tuple[Field, ...] = ()
            if gang["prison"]:
                fields = (Field("bail", Tr(f"Caution payée : meneurs libérés ({BAIL} F chacun)",
                                           f"Bail paid: leaders freed ({BAIL} F each)",
                                           it=f"Cauzione pagata: capi liberati ({BAIL} F ciascuno)"),
                                "int", 0, minimum=0, maximum=gang["prison"]),)
            last = Tr(" (dernier tour)", " (last turn)",
                      it=" (ultimo turno)") if state["turn"] == TURNS else Tr("", "", it="")
            out.append(Action(
                "end_turn", Tr(f"{names[cur]} a posé sa planque{last.fr}",
                               f"{names[cur]} has laid a stash{last.en}",
                               it=f"{names[cur]} ha posato il suo nascondiglio{last.it}"),
                fields, seat=cur, primary=True,
                help=Tr("0 ou 1 action facultative (placer ou déplacer), puis poser une planque.",
                        "0 or 1 optional action (place or move), then lay a stash.",
                        it="0 o 1 azione facoltativa (piazzare o spostare), poi posare un nascondiglio.")))
        if table and can_skip_turns(state):
            out.append(Action(
                "skip_turns", Tr("Passer au dernier tour", "Skip to the last turn", it="Passa all'ultimo turno"),
                help=Tr("Si la table ne note pas chaque tour : directement au comptage des Apaches avant le "
                        "dernier tour (personne n'est en prison, aucune caution à payer).",
                        "When the table does not note every turn: straight to the count of Apaches before "
                        "the last turn (nobody is in prison, no bail to pay).",
                        it="Se il tavolo non segna ogni turno: direttamente al conteggio degli Apache prima "
                           "dell'ultimo turno (nessuno è in prigione, nessuna cauzione da pagare).")))
    elif phase == "last_order" and table:
        highs = [in_front_max(g) for g in state["gangs"]]
        most = ", ".join(f"{n} {h}" for n, h in zip(names, highs, strict=True))
        out.append(Action(
            "last_turn", Tr("Ordre du dernier tour", "Last-turn order", it="Ordine dell'ultimo turno"),
            (Field("apaches", Tr("Apaches encore devant chaque joueur",
                                 "Apaches still in front of each player", it="Apache ancora davanti a ogni giocatore"),
                   "ints", highs, minimum=0, maximum=max(highs)),),
            primary=True,
            help=Tr(f"Meneurs + novices + renforts pas encore posés (au plus : {most}). Le plus grand nombre "
                    "joue en premier ; à égalité, sens horaire depuis le 1er joueur.",
                    f"Leaders + novices + reinforcements not yet placed (at most: {most}). Most plays first; "
                    "on a tie, clockwise from the 1st player.",
                    it=f"Capi + novizi + rinforzi non ancora piazzati (al massimo: {most}). Il numero più alto "
                       "gioca per primo; in caso di parità, in senso orario dal 1° giocatore.")))
    elif phase == "settlement" and table:
        out += _settlement_actions(state)
    elif phase == "reveal" and table:
        out.append(Action("reveal", Tr("Dévoiler les bourgeois et compter", "Reveal the bourgeois and score",
                                       it="Svela i borghesi e conta"),
                          primary=True,
                          help=_reveal_help(state)))
    out += _seen_actions(state, seat)
    if table:
        out.append(Action(
            "adjust", Tr("Corriger un porte-monnaie", "Correct a wallet", it="Correggi un borsellino"),
            (Field("seat", Tr("Gang", "Gang", it="Banda"), "seat", 0),
             Field("amount", Tr("Montant (+ reçu, − payé)", "Amount (+ received, − paid)",
                                it="Importo (+ ricevuto, − pagato)"), "int", None,
                   minimum=-MAX_CORRECTION, maximum=MAX_CORRECTION),
             Field("reason", Tr("Raison", "Reason", it="Motivo"), "text", "")),
            help=Tr("Pour réparer une erreur de saisie ; un porte-monnaie ne descend jamais sous 0 F.",
                    "To fix an input mistake; a wallet never goes below 0 F.",
                    it="Per correggere un errore di inserimento; un borsellino non scende mai sotto 0 F."),
            folded=True))
    return out
