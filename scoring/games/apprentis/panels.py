"""Les apprentis: what the match screen shows (panels), built from a seat's view (secrets hidden)."""

from __future__ import annotations

from dataclasses import replace

from scoring.core import Panel, Tr, Value
from scoring.core.tr import same
from scoring.games.apprentis.rules import available, spot_column, spot_row, to_refill
from scoring.games.apprentis.score import parse_painting, score_sheet
from scoring.games.apprentis.state import ApprentisState
from scoring.games.apprentis.texts import (
    EMPTY_LINE_NOTE,
    MARKET_NOTE,
    PHASE_NAMES,
    PLAY_PHASES,
    TWO_PLAYER_TREES,
    draft_rule,
    line_name,
    stain_note,
)

Row = tuple[Tr, Value]


def panels(view: ApprentisState, seat: int | None) -> list[Panel]:
    """The match screen, built from ``view`` (secrets already hidden)."""
    names, phase, n = view["names"], view["phase"], view["players"]
    step = PHASE_NAMES[phase]
    rows: list[Row] = [(Tr("Tour", "Turn", it="Turno"), f"{view['turn']} / {view['turns']}")]
    if n > 1:
        rows.append((Tr("Premier joueur", "First player", it="Primo giocatore"), names[view["first"]]))
    out = [Panel(Tr(f"Tour {view['turn']} — {step.fr}", f"Turn {view['turn']} — {step.en}",
                    it=f"Turno {view['turn']} — {step.it}"), tuple(rows),
                 note=Tr("Le jeton premier joueur passe à gauche à chaque tour.",
                         "The first-player token passes left every turn.",
                         it="Il segnalino primo giocatore passa a sinistra a ogni turno.") if n > 1 else None)]
    # the panels of one phase or another are named (Panel.key): the others keep their places on the screen
    if phase == "program":
        out += [replace(p, key=f"program-{i}") for i, p in enumerate(_program_panels(view, seat))]
    if phase in ("draft", "take"):
        out.append(replace(_dice_panel(view), key="dice"))
    if phase in ("take", "refill") or (phase == "final" and view["takes"]):
        out.append(replace(_market_panel(view), key="market"))
    if phase in PLAY_PHASES:
        stains = tuple((same(x), s) for x, s in zip(names, view["stains"], strict=True))
        out.append(Panel(Tr("Taches", "Stains", it="Macchie"), stains, note=stain_note(view.get("stain_points", 1)),
                         key="stains"))
    if phase in ("final", "done"):
        out += [replace(p, key=f"final-{i}") for i, p in enumerate(_final_panels(view))]
    if n == 2:
        out.append(Panel(Tr("Note de règle", "Rules note", it="Nota di regola"), note=TWO_PLAYER_TREES))
    return out


def _program_panels(view: ApprentisState, seat: int | None) -> list[Panel]:
    chosen = zip(view["names"], view["programmed"], strict=True)
    out = [Panel(Tr("Dés programmés", "Programmed dice", it="Dadi programmati"),
                 tuple((same(x), Tr("…", "…", it="…") if f is None else Tr("choisi", "chosen",
                                                                   it="scelto")) for x, f in chosen),
                 note=Tr("Chacun cache son dé, face choisie vers le haut ; on révèle ensemble.",
                         "Everyone hides their die, chosen face up; all reveal together.",
                         it="Ognuno nasconde il suo dado, con la faccia scelta in alto; si rivela insieme."))]
    mine = view["programmed"][seat] if seat is not None else None
    if isinstance(mine, int):
        out.append(Panel(Tr("Mon dé", "My die", it="Il mio dado"), ((Tr("Face", "Face",
                                                      it="Faccia"), mine),), seat=seat, note=line_name(mine)))
    return out


def _dice_panel(view: ApprentisState) -> Panel:
    names = view["names"]
    rows: list[Row] = []
    if view["phase"] == "draft":
        rows += [(Tr("Restent", "Left", it="Restano"), "  ".join(map(str, view["pool"]))),
                 (Tr("Choisit", "Picking", it="Sceglie"), names[view["draft"][view["draft_next"]]])]
    rows += [(same(x), "  ".join(map(str, h))) for x, h in zip(names, view["hands"], strict=True) if h]
    if view["phase"] == "take":
        rows.append((Tr("Prend une carte", "Taking a card",
                        it="Prende una carta"), names[view["take_order"][len(view["takes"])]]))
    return Panel(Tr("Dés du tour", "This turn's dice",
                    it="Dadi del turno"), tuple(rows), tiles=tuple(map(str, view["rolled"])),
                 note=EMPTY_LINE_NOTE if view["phase"] == "take" else draft_rule(view["players"]))


def _market_panel(view: ApprentisState) -> Panel:
    names = view["names"]
    rows: list[Row] = []
    if view["phase"] == "take":
        rows.append((Tr("Cartes en place", "Cards in place", it="Carte in posizione"), "  ".join(available(view))))
    for take in view["takes"]:
        die = f"{take['die']}{take['stain']:+d}" if take["stain"] else str(take["die"])
        who = names[take["seat"]]
        rows.append((Tr(f"{who}, dé {die}", f"{who}, die {die}", it=f"{who}, dado {die}"), take["spot"]))
    note = MARKET_NOTE
    if view["phase"] == "refill":
        rows.append((Tr("À remplir, dans l'ordre", "Fill, in order",
                        it="Da riempire, nell'ordine"), "  ".join(to_refill(view))))
        bolt = view["lightning"]
        if bolt:
            rows.append((Tr("Éclair", "Lightning", it="Fulmine"), bolt))
            row, col = spot_row(bolt), spot_column(bolt)
            note = Tr(f"Éclair en {bolt} : défaussez la ligne {row} et la colonne {col}, "
                      "puis remplissez dans l'ordre. Un autre éclair n'est pas appliqué.",
                      f"Lightning at {bolt}: discard row {row} and column {col}, then "
                      "fill in order. Another lightning is not applied.",
                      it=f"Fulmine in {bolt}: scartate la riga {row} e la colonna {col}, poi riempite nell'ordine. "
                         "Un altro fulmine non si applica.")
    return Panel(Tr("Marché", "Market", it="Mercato"), tuple(rows), note=note)


def _final_panels(view: ApprentisState) -> list[Panel]:
    names, paintings = view["names"], view["paintings"]
    expected = None if view.get("skipped") else view["turns"] * view["cards_per_turn"] + view["final_touch"]
    rows: list[Row] = []
    for i, name in enumerate(names):
        p = paintings[i]
        if p is None:
            value = "—"
        else:
            cards = sum(cell is not None for row in p for cell in row)
            value = f"{cards} / {expected}" if expected is not None else str(cards)
        rows.append((same(name), f"{value} · {view['stains'][i]}"))
    perso = (Tr("Personnages : 1 point chacun.", "Characters: 1 point each.",
                it="Personaggi: 1 punto ciascuno.") if view["players"] <= 2 else
             Tr("Personnages : le plus +9, le moins −5, égalités comprises.",
                "Characters: most +9, fewest −5, ties included.",
                it="Personaggi: chi ne ha di più +9, chi ne ha di meno −5, parità comprese."))
    out = [Panel(Tr("Tableaux (cartes · taches)", "Paintings (cards · stains)",
                    it="Quadri (carte · macchie)"), tuple(rows),
                 note=Tr(f"Placez les cartes touche finale, puis entrez chaque tableau. {perso.fr}",
                         f"Place the final-touch cards, then enter each painting. {perso.en}",
                         it=f"Piazzate le carte tocco finale, poi inserite ogni quadro. {perso.it}"))]
    if all(p is not None for p in paintings):
        sheet = score_sheet(names, [parse_painting(p) for p in paintings], view["stains"],
                            perso_tie=view.get("perso_tie", "both"), stain_points=view.get("stain_points", 1))
        out.append(Panel(Tr("Scores", "Scores", it="Punteggi"), tuple((same(r.name), r.total) for r in sheet.ranking),
                         note=sheet.notes[0] if sheet.notes else None))
    return out
