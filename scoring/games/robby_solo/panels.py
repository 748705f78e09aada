"""Robby Solo: the match screen's panels, built from a view (secrets already hidden)."""

from __future__ import annotations

from typing import Any

from scoring.core import HIDDEN, Panel, State, Tr
from scoring.games.robby_solo.rules import BANK_NAMES, COLOUR_NAMES, card_text, cards_text, hand_summary, money_text

STEPS = {
    "restock": Tr("réapprovisionnement", "restock"),
    "declare": Tr("cartes Braquage et déclaration", "heist cards and declaration"),
    "confirm": Tr("confirmer ou changer, puis révéler", "confirm or change, then reveal"),
}


def _step_note(view: State) -> Tr:
    g = view["names"][view["gentleman"]]
    phase = view["phase"]
    if view["finished"]:
        return Tr("Partie finie : la pioche ne peut plus réapprovisionner toutes les banques. "
                  "Au décompte !",
                  "Game over: the deck cannot restock every bank. Time to count the loot!")
    if phase == "restock":
        return Tr(f"{g} pose une carte Butin découverte à côté de chaque banque, en partant d'un bout de la "
                  "rangée, sans choisir où : entrez-les.",
                  f"{g} lays one loot card face up next to each bank, starting from one end of the row, "
                  "without choosing where: enter them.")
    if phase == "declare":
        return Tr(f"Chacun pose une carte Braquage face cachée ; {g} pose la sienne en dernier puis "
                  "déclare : « je braquerai X » ou « je ne braquerai pas X ». "
                  "La déclaration doit être vraie.",
                  f"Everyone lays a heist card face down; {g} lays theirs last, then declares: "
                  "\"I will rob X\" or \"I will not rob X\". The declaration must be true.")
    return Tr(f"Les autres confirment ou reprennent leur carte pour en jouer une autre (on peut bluffer) ; "
              f"{g} ne change plus. Quand tous sont sûrs, révélez.",
              f"The others confirm or take their card back and play another (bluffing allowed); "
              f"{g} may no longer change. When everyone is sure, reveal.")


def _declaration_row(view: State, decl: dict[str, Any], who: str) -> tuple[Tr, str]:
    bank = COLOUR_NAMES[decl["bank"]]
    if decl["kind"] == "rob":
        return (Tr(f"{who} : « Je braquerai la banque {bank.fr}. »",
                   f"{who}: \"I will rob the {bank.en} bank.\""), "")
    return (Tr(f"{who} : « Je ne braquerai pas la banque {bank.fr}. »",
               f"{who}: \"I will not rob the {bank.en} bank.\""), "")


def _last_round(view: State) -> Panel:
    last, names = view["last"], view["names"]
    rows: list[tuple[Tr, str]] = [_declaration_row(view, last["declaration"], names[last["gentleman"]])]
    for b in last["banks"]:
        bank = COLOUR_NAMES[b["bank"]]
        who = ", ".join(names[k] for k in b["robbers"])
        if b["winner"] is not None:
            rows.append((Tr(f"{who} braque seul la banque {bank.fr} et prend",
                            f"{who} robs the {bank.en} bank alone and takes"), cards_text(b["loot"])))
        elif b["robbers"]:
            rows.append((Tr(f"Banque {bank.fr} : {who} s'y retrouvent, le butin reste",
                            f"{bank.en.capitalize()} bank: {who} collide, the loot stays"),
                         cards_text(b["loot"])))
        else:
            rows.append((Tr(f"Banque {bank.fr} : personne", f"{bank.en.capitalize()} bank: nobody"),
                         cards_text(b["loot"])))
    for visit in last["police"]:
        bank = COLOUR_NAMES[visit["bank"]]
        rows.append((Tr(f"Police ! Les 4 cartes de la banque {bank.fr} retournent sous la pioche",
                        f"Police! The {bank.en} bank's 4 cards go back under the deck"),
                     cards_text(visit["returned"])))
        for k, card in visit["taken"]:
            rows.append((Tr(f"{names[k]} rend sa carte la plus forte",
                            f"{names[k]} gives back their best card"), card_text(card)))
        if not visit["taken"]:
            rows.append((Tr("Personne n'a de butin à rendre", "Nobody has any loot to give back"), "—"))
    note = None
    if last["police"]:
        note = Tr("La police prend à celui qui a le plus de cartes (à chacun en cas d'égalité) sa carte "
                  "de plus grande valeur ; s'il n'a que des objets, un objet (ils se valent tous "
                  "jusqu'au décompte).",
                  "The police take from whoever holds the most cards (each of them when tied) their "
                  "highest-value card; a player with objects only gives one object (they are alike until "
                  "the count).")
    return Panel(Tr(f"Manche {last['round']} : révélation", f"Round {last['round']}: reveal"),
                 tuple(rows), note=note)


def robby_panels(view: State, seat: int | None) -> list[Panel]:
    names, g = view["names"], view["gentleman"]
    out: list[Panel] = []
    step = STEPS[view["phase"]]
    title = (Tr("Partie finie", "Game over") if view["finished"] else
             Tr(f"Manche {view['round']} — {step.fr}", f"Round {view['round']} — {step.en}"))
    rows: list[tuple[Tr, str]] = []
    if not view["finished"]:
        rows.append((Tr("Gentilhomme ou Dame", "Gentleman or Lady"), names[g]))
    rows += [(Tr("Cartes Butin dans la pioche", "Loot cards in the deck"), str(view["deck"])),
             (Tr("Banques en jeu", "Banks in play"), str(len(view["banks"]))),
             (Tr("Visites de la police", "Police visits"), str(view["police_visits"]))]
    out.append(Panel(title, tuple(rows), note=_step_note(view)))

    decl = view["declaration"]
    if decl is not None:
        drows = [_declaration_row(view, decl, names[g])]
        if view["timer_ms"]:
            drows.append((Tr("Temps pour confirmer ou changer", "Time to confirm or change"),
                          f"{view['timer_ms'] // 1000} s"))
        chosen = [names[k] for k, c in enumerate(view["chosen"]) if c is not None]
        if chosen:
            drows.append((Tr("Choix secrets enregistrés", "Secret choices recorded"), ", ".join(chosen)))
        out.append(Panel(Tr("Déclaration", "Declaration"), tuple(drows)))

    out.append(Panel(Tr("Butin dans les banques", "Loot in the banks"),
                     tuple((BANK_NAMES[c], cards_text(view["loot"][c])) for c in view["banks"]),
                     note=Tr("Une banque où restent quatre cartes à la fin d'un tour fait venir la police.",
                             "A bank left with four cards at the end of a round brings the police.")))

    if view["finished"]:
        out.append(Panel(Tr("Butins", "Loot"),
                         tuple((Tr(n, n), hand_summary(h))
                               for n, h in zip(names, view["hands"], strict=True))))
    else:
        out.append(Panel(Tr("Piles de butin (nombre de cartes)", "Loot piles (number of cards)"),
                         tuple((Tr(n, n), str(c)) for n, c in zip(names, view["pile_sizes"], strict=True)),
                         note=Tr("Seule la carte du dessus de chaque pile se voit ; chacun consulte sa pile "
                                 "en privé.", "Only the top card of each pile shows; each player reads "
                                 "their own pile in private.")))
    if view["last"] is not None:
        out.append(_last_round(view))
    if view["junior"] is not None:
        out.append(Panel(Tr("Robby Junior", "Robby Junior"), (), note=Tr(
            "L'app joue sa carte Braquage à la révélation, jamais avant. Il rejoue toujours ses cartes "
            "dans le même ordre : mémorisez ses coups…",
            "The app plays his heist card at the reveal, never before. He always plays his cards in the "
            "same order: remember his moves…")))
    if seat is not None and 0 <= seat < view["people"]:
        out.append(_private(view, seat))
    return out


def _private(view: State, seat: int) -> Panel:
    hand = view["hands"][seat]
    rows: list[tuple[Tr, str]] = []
    if hand != HIDDEN:
        money = sum(c for c in hand if c is not None)
        rows += [(Tr("Argent", "Money"), money_text(money)),
                 (Tr("Objets", "Objects"), str(sum(1 for c in hand if c is None))),
                 (Tr("Cartes (dans l'ordre gagné)", "Cards (in the order won)"), cards_text(hand))]
    chosen = view["chosen"][seat] if seat < len(view["chosen"]) else None
    if chosen not in (None, HIDDEN):
        bank = COLOUR_NAMES[chosen]
        rows.append((Tr(f"Ma banque ce tour : {bank.fr}", f"My bank this round: {bank.en}"), ""))
    name = view["names"][seat]
    return Panel(Tr(f"Butin de {name}", f"{name}'s loot"), tuple(rows), seat=seat)
