"""Robby Solo: what the match screen shows, built from a view (secrets already hidden).

Every pile's size is public (the police count them); Robby Junior's top card is public under the rules'
reading (« seule la valeur de la première carte soit visible »), his whole pile hidden under the house
rule; a person's pile is theirs to read, behind their privacy screen.
"""

from __future__ import annotations

from typing import Any

from scoring.core import HIDDEN, Panel, Tr, Value
from scoring.core.words import de
from scoring.games.robby_solo.rules import BANK_NAMES, COLOUR_NAMES
from scoring.games.robby_solo.state import LastRound, RobbyState
from scoring.games.robby_solo.texts import (
    JUNIOR_NOTE,
    PILES_NOTE,
    POLICE_NOTE,
    STEPS,
    card,
    cards,
    declaration,
    hand_summary,
    money,
    step_note,
)

Row = tuple[Tr, Value]


def robby_panels(view: RobbyState, seat: int | None) -> list[Panel]:
    """The panels of a view for ``seat`` (None: the table)."""
    names, g = view["names"], view["gentleman"]
    out = [_status(view)]
    decl = view["declaration"]
    if decl is not None:
        drows: list[Row] = [(declaration(decl["kind"], decl["bank"], names[g]), "")]
        if view["timer_ms"]:
            drows.append((Tr("Temps pour confirmer ou changer", "Time to confirm or change",
                             it="Tempo per confermare o cambiare"),
                          f"{view['timer_ms'] // 1000} s"))
        chosen = [names[k] for k, c in enumerate(view["chosen"]) if c is not None]
        if chosen:
            drows.append((Tr("Choix secrets enregistrés", "Secret choices recorded",
                             it="Scelte segrete registrate"), ", ".join(chosen)))
        out.append(Panel(Tr("Déclaration", "Declaration", it="Dichiarazione"), tuple(drows), key="declaration"))
    out.append(Panel(Tr("Butin dans les banques", "Loot in the banks", it="Bottino nelle banche"),
                     tuple((BANK_NAMES[c], cards(view["loot"][c])) for c in view["banks"]),
                     note=Tr("Une banque où restent quatre cartes à la fin d'un tour fait venir la police.",
                             "A bank left with four cards at the end of a round brings the police.",
                             it="Una banca in cui restano quattro carte alla fine di un turno fa arrivare la "
                                "polizia.")))
    out.append(_piles(view))
    if view["last"] is not None:
        out.append(_last_round(view["last"], names))
    if view["junior"] is not None:
        out.append(Panel(Tr("Robby Junior", "Robby Junior", it="Robby Junior"), (), note=JUNIOR_NOTE, key="junior"))
    if seat is not None and 0 <= seat < view["people"]:
        out.append(_private(view, seat))
    return out


def _status(view: RobbyState) -> Panel:
    title = (Tr("Partie finie", "Game over", it="Partita finita") if view["finished"] else
             Tr(f"Manche {view['round']} — {STEPS[view['phase']].fr}", f"Round {view['round']} — "
                f"{STEPS[view['phase']].en}", it=f"Round {view['round']} — {STEPS[view['phase']].it}"))
    rows: list[Row] = []
    if not view["finished"]:
        rows.append((Tr("Gentilhomme ou Dame", "Gentleman or Lady",
                        it="Gentiluomo o Dama"), view["names"][view["gentleman"]]))
    rows += [(Tr("Cartes Butin dans la pioche", "Loot cards in the deck", it="Carte Bottino nel mazzo"), view["deck"]),
             (Tr("Banques en jeu", "Banks in play", it="Banche in gioco"), len(view["banks"])),
             (Tr("Visites de la police", "Police visits", it="Visite della polizia"), view["police_visits"])]
    note = step_note(view["phase"], view["finished"], view["names"][view["gentleman"]])
    return Panel(title, tuple(rows), note=note)


def _piles(view: RobbyState) -> Panel:
    names = view["names"]
    if view["finished"]:
        return Panel(Tr("Butins", "Loot", it="Bottini"), tuple((Tr(n, n, it=n), hand_summary(h))
                                                 for n, h in zip(names, view["hands"], strict=True)))
    rows: list[Row] = [(Tr(n, n, it=n), c) for n, c in zip(names, view["pile_sizes"], strict=True)]
    junior = view["junior"]
    if junior is not None and view["pile_sizes"][junior]:
        top: Any = view["hands"][junior]  # in a view: his cards under the top one are HIDDEN
        if top != HIDDEN and top and top[-1] != HIDDEN:
            rows.append((Tr(f"Carte du dessus de la pile {de(names[junior])}", f"Top card of {names[junior]}'s pile",
                            it=f"Carta in cima alla pila di {names[junior]}"),
                         card(top[-1])))
    return Panel(Tr("Piles de butin (nombre de cartes)", "Loot piles (number of cards)",
                    it="Pile di bottino (numero di carte)"), tuple(rows),
                 note=PILES_NOTE)


def _last_round(last: LastRound, names: list[str]) -> Panel:
    rows: list[Row] = [(declaration(last["declaration"]["kind"], last["declaration"]["bank"],
                                    names[last["gentleman"]]), "")]
    for b in last["banks"]:
        bank = COLOUR_NAMES[b["bank"]]
        who = ", ".join(names[k] for k in b["robbers"])
        if b["winner"] is not None:
            rows.append((Tr(f"{who} braque seul la banque {bank.fr} et prend",
                            f"{who} robs the {bank.en} bank alone and takes",
                            it=f"{who} rapina da solo la banca {bank.it} e prende"), cards(b["loot"])))
        elif b["robbers"]:
            rows.append((Tr(f"Banque {bank.fr} : {who} s'y retrouvent, le butin reste",
                            f"{bank.en.capitalize()} bank: {who} collide, the loot stays",
                            it=f"Banca {bank.it}: {who} si ritrovano lì, il bottino resta"), cards(b["loot"])))
        else:
            rows.append((Tr(f"Banque {bank.fr} : personne", f"{bank.en.capitalize()} bank: nobody",
                            it=f"Banca {bank.it}: nessuno"),
                         cards(b["loot"])))
    for visit in last["police"]:
        bank = COLOUR_NAMES[visit["bank"]]
        rows.append((Tr(f"Police ! Les 4 cartes de la banque {bank.fr} retournent sous la pioche",
                        f"Police! The {bank.en} bank's 4 cards go back under the deck",
                        it=f"Polizia! Le 4 carte della banca {bank.it} tornano sotto il "
                           "mazzo"), cards(visit["returned"])))
        for k, taken in visit["taken"]:
            rows.append((Tr(f"{names[k]} rend sa carte la plus forte", f"{names[k]} gives back their best card",
                            it=f"{names[k]} restituisce la sua carta più forte"),
                         card(taken)))
        if not visit["taken"]:
            rows.append((Tr("Personne n'a de butin à rendre", "Nobody has any loot to give back",
                            it="Nessuno ha bottino da restituire"), "—"))
    return Panel(Tr(f"Manche {last['round']} : révélation", f"Round {last['round']}: reveal",
                    it=f"Round {last['round']}: rivelazione"), tuple(rows),
                 note=POLICE_NOTE if last["police"] else None, key="last-round")


def _private(view: RobbyState, seat: int) -> Panel:
    hand: Any = view["hands"][seat]
    rows: list[Row] = []
    if hand != HIDDEN:
        rows += [(Tr("Argent", "Money", it="Denaro"), money(sum(c for c in hand if c is not None))),
                 (Tr("Objets", "Objects", it="Oggetti"), sum(1 for c in hand if c is None)),
                 (Tr("Cartes (dans l'ordre gagné)", "Cards (in the order won)",
                     it="Carte (nell'ordine in cui sono state vinte)"), cards(hand))]
    chosen = view["chosen"][seat] if seat < len(view["chosen"]) else None
    if chosen not in (None, HIDDEN):
        bank = COLOUR_NAMES[str(chosen)]
        rows.append((Tr(f"Ma banque ce tour : {bank.fr}", f"My bank this round: {bank.en}",
                        it=f"La mia banca in questo turno: {bank.it}"), ""))
    name = view["names"][seat]
    return Panel(Tr(f"Butin {de(name)}", f"{name}'s loot", it=f"Bottino di {name}"), tuple(rows), seat=seat)
