"""Les apprentis: what may be done now (the actions and their form fields), per device.

Per-seat forms (``pick``, ``program``, ``take``, ``painting``) carry the seat the event is for: a
``seat`` field fixed to that seat (``minimum == maximum == seat``) or the action's ``seat``.  A
``painting`` field's ``choices`` are the card kinds to offer (``maison`` also takes the points
printed on the card and is sent as ``maison:N``); its ``default`` is the painting entered so far
(rows of card names, top row first) or ``None``.
"""

from __future__ import annotations

from scoring.core import Action, Field, Tr
from scoring.core.words import de
from scoring.games.apprentis.rules import SIMPLE_CARDS, TREE_TYPES, allowed_spots, available, refill_order
from scoring.games.apprentis.state import ApprentisState
from scoring.games.apprentis.texts import (
    CARD_NAMES,
    EMPTY_LINE_NOTE,
    GRID_CARDS,
    PLAY_PHASES,
    REFILLED,
    STAIN_CHOICES,
    draft_rule,
    line_name,
    spot_name,
    stain_note,
)


def _face_choices(values: list[int]) -> tuple[tuple[str, Tr], ...]:
    return tuple((str(v), Tr(f"{v} — {line_name(v).fr}", f"{v} — {line_name(v).en}", it=f"{v} — {line_name(v).it}"))
                 for v in sorted(set(values)))


def _spot_choices(spots: list[str]) -> tuple[tuple[str, Tr], ...]:
    return tuple((s, Tr(f"{s} ({spot_name(s).fr})", f"{s} ({spot_name(s).en})",
                        it=f"{s} ({spot_name(s).it})")) for s in spots)


def _seat_field(seat: int) -> Field:
    return Field("seat", Tr("Joueur", "Player", it="Giocatore"), "seat", default=seat, minimum=seat, maximum=seat)


def palette(trees: bool = True) -> tuple[str, ...]:
    """The card kinds a painting form offers (``maison`` takes its printed points: ``maison:N``)."""
    kinds = ("maison", *SIMPLE_CARDS)
    return (*kinds, *(f"arbre:{t}" for t in TREE_TYPES)) if trees else kinds


def painting_palette(trees: bool) -> tuple[tuple[str, Tr], ...]:
    """The cards a painting form offers (no trees when they are out of the game)."""
    return tuple((k, CARD_NAMES[k]) for k in palette(trees))


def actions(state: ApprentisState, seat: int | None) -> list[Action]:
    """The actions a device showing ``seat`` (``None``: the table) may send now."""
    if state.get("finished"):
        return []
    phase = state["phase"]
    table = seat is None
    out: list[Action] = []
    if phase == "roll" and table:
        out += _roll_actions(state)
    elif phase == "program":
        out += _program_actions(state, seat)
    elif phase == "draft":
        picker = state["draft"][state["draft_next"]]
        if table or seat == picker:
            pool, name = state["pool"], state["names"][picker]
            out.append(Action("pick", Tr(f"{name} choisit un dé", f"{name} picks a die", it=f"{name} sceglie un dado"),
                              (Field("die", Tr("Dé", "Die", it="Dado"), "choice", default=str(pool[0]),
                                     choices=_face_choices(pool)),),
                              seat=picker, primary=True, help=draft_rule(state["players"])))
    elif phase == "take":
        out += _take_actions(state, seat)
    elif phase == "refill" and table:
        out += _refill_actions(state)
    elif phase == "final":
        out += _final_actions(state, seat)
    if table and phase in PLAY_PHASES:
        out.append(Action("to_scoring", Tr("Passer au décompte", "Go to the scoring", it="Passa al conteggio"),
                          help=Tr("Saute les tours restants.", "Skips the remaining turns.",
                                  it="Salta i turni rimanenti.")))
    return out


def _roll_actions(state: ApprentisState) -> list[Action]:
    out = [Action("roll", Tr(f"Lancer {state['dice']} dés", f"Roll {state['dice']} dice",
                             it=f"Lancia {state['dice']} dadi"), primary=True,
                  seat=state["first"])]
    if state["players"] >= 3 and not state["programming"]:
        out.append(Action("programming", Tr("Passer à la variante programmation", "Switch to the programming variant",
                                            it="Passa alla variante programmazione"),
                          help=Tr("Possible aussi pour les derniers tours d'une partie classique.",
                                  "Also possible for the last turns of a classic game.",
                                  it="Possibile anche per gli ultimi turni di una partita classica.")))
    return out


def _program_actions(state: ApprentisState, seat: int | None) -> list[Action]:
    names = state["names"]
    waiting = [i for i, f in enumerate(state["programmed"]) if f is None]
    out: list[Action] = []
    for k in range(state["players"]):
        if (seat is None and k in waiting) or seat == k:
            label = (Tr(f"{names[k]} : choisir sa face", f"{names[k]}: choose a face",
                        it=f"{names[k]}: sceglie la faccia") if k in waiting
                     else Tr(f"{names[k]} : changer sa face", f"{names[k]}: change the face",
                             it=f"{names[k]}: cambia la faccia"))
            out.append(Action("program", label, (
                _seat_field(k),
                Field("face", Tr("Face du dé", "Die face", it="Faccia del dado"), "choice", default="1",
                      choices=_face_choices([1, 2, 3, 4, 5, 6]))),
                seat=k, private=True, primary=bool(waiting) and k == waiting[0]))
    if seat is None and not waiting:
        out.append(Action("reveal", Tr("Révéler les dés ensemble", "Reveal the dice together",
                                       it="Rivela i dadi insieme"), primary=True))
    return out


def _take_actions(state: ApprentisState, seat: int | None) -> list[Action]:
    taker = state["take_order"][len(state["takes"])]
    if seat is not None and seat != taker:
        return []
    hand = state["hands"][taker]
    name = state["names"][taker]
    fields: list[Field] = []
    if len(set(hand)) > 1:
        fields.append(Field("die", Tr("Dé dépensé", "Die spent", it="Dado speso"), "choice", default=str(hand[0]),
                            choices=_face_choices(hand)))
    fields.append(Field("stain", Tr("Tache", "Stain", it="Macchia"), "choice", default="0", choices=STAIN_CHOICES))
    fields.append(Field("spot", Tr("Carte prise en", "Card taken at", it="Carta presa in"), "choice",
                        default=allowed_spots(state, hand[0])[0], choices=_spot_choices(available(state))))
    dice = [(d, line_name(d), ", ".join(allowed_spots(state, d))) for d in sorted(set(hand))]
    fr = " ; ".join(f"dé {d} : {line.fr} ({where})" for d, line, where in dice)
    en = "; ".join(f"die {d}: {line.en} ({where})" for d, line, where in dice)
    it_ = "; ".join(f"dado {d}: {line.it} ({where})" for d, line, where in dice)
    stains = stain_note(state.get("stain_points", 1))
    return [Action("take", Tr(f"{name} prend une carte", f"{name} takes a card",
                              it=f"{name} prende una carta"), tuple(fields),
                   seat=taker, primary=True,
                   help=Tr(f"{fr[0].upper()}{fr[1:]}. {EMPTY_LINE_NOTE.fr} {stains.fr}",
                           f"{en[0].upper()}{en[1:]}. {EMPTY_LINE_NOTE.en} {stains.en}",
                           it=f"{it_[0].upper()}{it_[1:]}. {EMPTY_LINE_NOTE.it} {stains.it}"))]


def _refill_actions(state: ApprentisState) -> list[Action]:
    out: list[Action] = []
    if state["lightning"] is None:
        empty = refill_order(state["empty"])
        out.append(Action("lightning", Tr("Une carte éclair est piochée", "A lightning card is drawn",
                                          it="Viene pescata una carta fulmine"),
                          (Field("spot", Tr("Où", "Where", it="Dove"), "choice", default=empty[0],
                                 choices=_spot_choices(empty)),),
                          help=Tr("Sa ligne et sa colonne sont défaussées et remplies ; une seule fois par "
                                  "remplissage.",
                                  "Its row and column are discarded and refilled; only once per refill.",
                                  it="La sua riga e la sua colonna vengono scartate e riempite; una sola volta per "
                                     "rifornimento.")))
    out.append(Action("refill", REFILLED, primary=True))
    return out


def _final_actions(state: ApprentisState, seat: int | None) -> list[Action]:
    names, paintings = state["names"], state["paintings"]
    missing = [i for i, p in enumerate(paintings) if p is None]
    most_stains = state["turns"] * state["cards_per_turn"]
    out: list[Action] = []
    for k in range(len(names)):
        if seat is None or seat == k:
            out.append(Action("painting", Tr(f"Tableau {de(names[k])}", f"{names[k]}'s painting",
                                             it=f"Quadro di {names[k]}"), (
                _seat_field(k),
                Field("painting", Tr("Tableau (ligne du haut d'abord)", "Painting (top row first)",
                                     it="Quadro (prima la riga in alto)"),
                      "painting", default=paintings[k], choices=painting_palette(bool(state["trees"])),
                      cards=GRID_CARDS),
                Field("stains", Tr("Taches", "Stains", it="Macchie"), "int", default=state["stains"][k], minimum=0,
                      maximum=most_stains)),
                seat=k, primary=bool(missing) and k == missing[0],
                help=Tr("Touche finale placée ; entrez le tableau tel qu'il est sur la table.",
                        "Final touch placed; enter the painting as it lies on the table.",
                        it="Tocco finale piazzato; inserite il quadro così com'è sul tavolo.")))
    if seat is None and not missing:
        out.append(Action("finish", Tr("Terminer et compter", "Finish and score", it="Termina e conta"), primary=True))
    return out
