"""Les apprentis: what the match screen offers (actions, panels) and random legal actions.

Per-seat forms (``program``, ``painting``) carry a ``seat`` field fixed to that
seat (``minimum == maximum == seat``), so the event says whose it is.  A
``painting`` field's ``choices`` are the card kinds to offer; ``maison`` also
takes the points printed on the card and is sent as ``maison:N``.
"""

from __future__ import annotations

import random
from typing import Any

from scoring.core import JSON, Action, Field, Panel, State, Tr
from scoring.games.apprentis.rules import (
    allowed_spots,
    available,
    draft_rule,
    line_name,
    refill_order,
    spot_column,
    spot_name,
    spot_row,
    to_refill,
)
from scoring.games.apprentis.score import card_map, palette, parse_painting, random_painting, score_sheet

PHASE_NAMES = {
    "roll": Tr("Lancer des dés", "Dice roll"),
    "program": Tr("Programmation secrète", "Secret programming"),
    "draft": Tr("Choix des dés", "Dice draft"),
    "take": Tr("Prise des cartes", "Taking cards"),
    "refill": Tr("Remplissage du marché", "Market refill"),
    "final": Tr("Touche finale et décompte", "Final touch and scoring"),
    "done": Tr("Partie terminée", "Game over"),
}
PLAY_PHASES = ("roll", "program", "draft", "take", "refill")
STAIN_CHOICES = (("0", Tr("Pas de tache", "No stain")),
                 ("+1", Tr("Tache : dé +1", "Stain: die +1")),
                 ("-1", Tr("Tache : dé −1", "Stain: die −1")))
CARD_NAMES = {
    "maison": Tr("Maison (points imprimés)", "House (printed points)"), "ciel": Tr("Ciel", "Sky"),
    "oiseau": Tr("Oiseau", "Bird"), "lac": Tr("Lac", "Lake"), "perso": Tr("Personnage", "Character"),
    "fontaine": Tr("Fontaine", "Fountain"), "pont": Tr("Pont", "Bridge"), "sapin": Tr("Sapin", "Fir"),
    "eglise": Tr("Église", "Church"),
    **{f"arbre:A{i}": Tr(f"Arbre A{i}", f"Tree A{i}") for i in range(1, 5)},
}
#: The score sheet's categories (the breakdown keys), as the table calls them.
CATEGORY_NAMES = {
    "maison": Tr("Maisons", "Houses"), "ciel": Tr("Ciel", "Sky"), "oiseau": Tr("Oiseaux", "Birds"),
    "lac": Tr("Lac", "Lake"), "perso": Tr("Personnages", "Characters"), "arbre": Tr("Arbres", "Trees"),
    "fontaine": Tr("Fontaines", "Fountains"), "pont": Tr("Ponts", "Bridges"), "sapin": Tr("Sapins", "Firs"),
    "eglise": Tr("Églises", "Churches"), "taches": Tr("Taches", "Stains"),
}
#: A panel row with an empty label is shown big, one tile per word (the dice).
BIG = Tr("", "")
STAIN_NOTE = Tr("Tacher : en prenant une carte, on peut changer son dé de ±1 ; chaque tache coûte 1 point "
                "à la fin.",
                "Staining: when taking a card, you may change your die by ±1; each stain costs 1 point "
                "at the end.")
EMPTY_LINE_NOTE = Tr("Si la ligne ou colonne du dé n'a plus de carte, on prend n'importe quelle carte.",
                     "If the die's row or column holds no card any more, take any card.")


def _face_choices(values: list[int]) -> tuple[tuple[str, Tr], ...]:
    return tuple((str(v), Tr(f"{v} — {line_name(v).fr}", f"{v} — {line_name(v).en}"))
                 for v in sorted(set(values)))


def _spot_choices(spots: list[str]) -> tuple[tuple[str, Tr], ...]:
    return tuple((s, Tr(f"{s} ({spot_name(s).fr})", f"{s} ({spot_name(s).en})")) for s in spots)


def _seat_field(seat: int) -> Field:
    return Field("seat", Tr("Joueur", "Player"), "seat", default=seat, minimum=seat, maximum=seat)


def painting_palette(trees: bool) -> tuple[tuple[str, Tr], ...]:
    """The cards a painting form offers (no trees when they are out of the game)."""
    return tuple((k, CARD_NAMES[k]) for k in palette(trees))


def expected_cards(state: State) -> int | None:
    """How many cards a finished painting holds (unknown when the turns were skipped)."""
    if state.get("skipped"):
        return None
    return int(state["turns"] * state["cards_per_turn"] + state["final_touch"])


# --------------------------------------------------------------------------- actions


def actions(state: State, seat: int | None) -> list[Action]:
    if state.get("finished"):
        return []
    names, phase, n = state["names"], state["phase"], state["players"]
    table = seat is None
    out: list[Action] = []
    if phase == "roll" and table:
        out.append(Action("roll", Tr(f"Lancer {state['dice']} dés", f"Roll {state['dice']} dice"),
                          primary=True, seat=state["first"]))
        if n >= 3 and not state["programming"]:
            out.append(Action("programming", Tr("Passer à la variante programmation",
                                                "Switch to the programming variant"),
                              help=Tr("Possible aussi pour les derniers tours d'une partie classique.",
                                      "Also possible for the last turns of a classic game.")))
    elif phase == "program":
        waiting = [i for i, f in enumerate(state["programmed"]) if f is None]
        for k in range(n):
            if (table and k in waiting) or seat == k:
                label = (Tr(f"{names[k]} : choisir sa face", f"{names[k]}: choose a face") if k in waiting
                         else Tr(f"{names[k]} : changer sa face", f"{names[k]}: change the face"))
                out.append(Action("program", label, (
                    _seat_field(k),
                    Field("face", Tr("Face du dé", "Die face"), "choice", default="1",
                          choices=_face_choices([1, 2, 3, 4, 5, 6]))),
                    seat=k, private=True, primary=bool(waiting) and k == waiting[0]))
        if table and not waiting:
            out.append(Action("reveal", Tr("Révéler les dés ensemble", "Reveal the dice together"),
                              primary=True))
    elif phase == "draft":
        picker = state["draft"][state["draft_next"]]
        if table or seat == picker:
            pool = state["pool"]
            out.append(Action("pick", Tr(f"{names[picker]} choisit un dé", f"{names[picker]} picks a die"),
                              (Field("die", Tr("Dé", "Die"), "choice", default=str(pool[0]),
                                     choices=_face_choices(pool)),),
                              seat=picker, primary=True, help=draft_rule(n)))
    elif phase == "take":
        out += _take_actions(state, seat)
    elif phase == "refill" and table:
        if state["lightning"] is None:
            empty = refill_order(state["empty"])
            out.append(Action("lightning", Tr("Une carte éclair est piochée", "A lightning card is drawn"),
                              (Field("spot", Tr("Où", "Where"), "choice", default=empty[0],
                                     choices=_spot_choices(empty)),),
                              help=Tr("Sa ligne et sa colonne sont défaussées et remplies ; une seule "
                                      "fois par remplissage.",
                                      "Its row and column are discarded and refilled; only once per "
                                      "refill.")))
        out.append(Action("refill", Tr("Marché rempli : tour suivant", "Market refilled: next turn"),
                          primary=True))
    elif phase == "final":
        out += _final_actions(state, seat)
    if table and phase in PLAY_PHASES:
        out.append(Action("to_scoring", Tr("Passer au décompte", "Go to the scoring"),
                          help=Tr("Saute les tours restants.", "Skips the remaining turns.")))
    return out


def _take_actions(state: State, seat: int | None) -> list[Action]:
    taker = state["take_order"][len(state["takes"])]
    if seat is not None and seat != taker:
        return []
    hand = state["hands"][taker]
    name = state["names"][taker]
    fields: list[Field] = []
    if len(set(hand)) > 1:
        fields.append(Field("die", Tr("Dé dépensé", "Die spent"), "choice", default=str(hand[0]),
                            choices=_face_choices(hand)))
    fields.append(Field("stain", Tr("Tache", "Stain"), "choice", default="0", choices=STAIN_CHOICES))
    free = available(state)
    fields.append(Field("spot", Tr("Carte prise en", "Card taken at"), "choice",
                        default=allowed_spots(state, hand[0])[0], choices=_spot_choices(free)))
    dice = [(d, line_name(d), ", ".join(allowed_spots(state, d))) for d in sorted(set(hand))]
    fr = " ; ".join(f"dé {d} : {line.fr} ({where})" for d, line, where in dice)
    en = "; ".join(f"die {d}: {line.en} ({where})" for d, line, where in dice)
    return [Action("take", Tr(f"{name} prend une carte", f"{name} takes a card"), tuple(fields),
                   seat=taker, primary=True,
                   help=Tr(f"{fr[0].upper()}{fr[1:]}. {EMPTY_LINE_NOTE.fr} {STAIN_NOTE.fr}",
                           f"{en[0].upper()}{en[1:]}. {EMPTY_LINE_NOTE.en} {STAIN_NOTE.en}"))]


def _final_actions(state: State, seat: int | None) -> list[Action]:
    names, paintings = state["names"], state["paintings"]
    missing = [i for i, p in enumerate(paintings) if p is None]
    out: list[Action] = []
    for k in range(len(names)):
        if seat is None or seat == k:
            out.append(Action("painting", Tr(f"Tableau de {names[k]}", f"{names[k]}'s painting"), (
                _seat_field(k),
                Field("painting", Tr("Tableau (ligne du haut d'abord)", "Painting (top row first)"),
                      "painting", default=paintings[k], choices=painting_palette(bool(state["trees"]))),
                Field("stains", Tr("Taches", "Stains"), "int", default=state["stains"][k], minimum=0)),
                seat=k, primary=bool(missing) and k == missing[0],
                help=Tr("Touche finale placée ; entrez le tableau tel qu'il est sur la table.",
                        "Final touch placed; enter the painting as it lies on the table.")))
    if seat is None and not missing:
        out.append(Action("finish", Tr("Terminer et compter", "Finish and score"), primary=True))
    return out


# --------------------------------------------------------------------------- panels


def panels(view: State, seat: int | None) -> list[Panel]:
    """The match screen, built from ``view`` (secrets already hidden)."""
    names, phase, n = view["names"], view["phase"], view["players"]
    step = PHASE_NAMES[phase]
    out: list[Panel] = []
    rows: list[tuple[Tr, str]] = [(Tr("Tour", "Turn"), f"{view['turn']} / {view['turns']}")]
    if n > 1:
        rows.append((Tr("Premier joueur", "First player"), names[view["first"]]))
    out.append(Panel(Tr(f"Tour {view['turn']} — {step.fr}", f"Turn {view['turn']} — {step.en}"), tuple(rows),
                     note=Tr("Le jeton premier joueur passe à gauche à chaque tour.",
                             "The first-player token passes left every turn.") if n > 1 else None))
    if phase == "program":
        chosen = zip(names, view["programmed"], strict=True)
        out.append(Panel(Tr("Dés programmés", "Programmed dice"),
                         tuple((Tr(x, x), "…" if f is None else "OK") for x, f in chosen),
                         note=Tr("Chacun cache son dé, face choisie vers le haut ; on révèle ensemble.",
                                 "Everyone hides their die, chosen face up; all reveal together.")))
        mine = view["programmed"][seat] if seat is not None else None
        if isinstance(mine, int):
            out.append(Panel(Tr("Mon dé", "My die"), ((Tr("Face", "Face"), str(mine)),), seat=seat,
                             note=line_name(mine)))
    if phase in ("draft", "take"):
        out.append(_dice_panel(view))
    if phase in ("take", "refill") or (phase == "final" and view["takes"]):
        out.append(_market_panel(view))
    if phase in PLAY_PHASES:
        out.append(Panel(Tr("Taches", "Stains"),
                         tuple((Tr(x, x), str(s)) for x, s in zip(names, view["stains"], strict=True)),
                         note=STAIN_NOTE))
    if phase in ("final", "done"):
        out += _final_panels(view)
    if n == 2:
        out.append(Panel(Tr("Note de règle", "Rules note"),
                         note=Tr("À 2 joueurs, les arbres restent en jeu : la règle les range « à 1, 2 ou 3 "
                                 "joueurs » puis « dans la configuration 1 et 3 joueurs ».",
                                 "With 2 players the trees stay in play: the rules remove them “with 1, 2 "
                                 "or 3 players” then “in the 1 and 3 player set-up”.")))
    return out


def _dice_panel(view: State) -> Panel:
    names = view["names"]
    rows: list[tuple[Tr, str]] = [(BIG, " ".join(map(str, view["rolled"])))]
    if view["phase"] == "draft":
        picker = names[view["draft"][view["draft_next"]]]
        rows += [(Tr("Restent", "Left"), "  ".join(map(str, view["pool"]))),
                 (Tr("Choisit", "Picking"), picker)]
    rows += [(Tr(x, x), "  ".join(map(str, h))) for x, h in zip(names, view["hands"], strict=True) if h]
    if view["phase"] == "take":
        rows.append((Tr("Prend une carte", "Taking a card"),
                     names[view["take_order"][len(view["takes"])]]))
    return Panel(Tr("Dés du tour", "This turn's dice"), tuple(rows),
                 note=EMPTY_LINE_NOTE if view["phase"] == "take" else draft_rule(view["players"]))


def _market_panel(view: State) -> Panel:
    names = view["names"]
    rows: list[tuple[Tr, str]] = []
    if view["phase"] == "take":
        rows.append((Tr("Cartes en place", "Cards in place"), "  ".join(available(view))))
    for take in view["takes"]:
        die = f"{take['die']}{take['stain']:+d}" if take["stain"] else str(take["die"])
        who = names[take["seat"]]
        rows.append((Tr(f"{who}, dé {die}", f"{who}, die {die}"), take["spot"]))
    note = Tr("Remplissez la ligne du haut de gauche à droite, puis celle du milieu, puis celle du bas. "
              "Une carte éclair piochée : sa ligne et sa colonne sont défaussées et remplies (une seule fois).",
              "Fill the top row left to right, then the middle one, then the bottom one. A lightning card drawn: "
              "its row and column are discarded and refilled (only once).")
    if view["phase"] == "refill":
        rows.append((Tr("À remplir, dans l'ordre", "Fill, in order"), "  ".join(to_refill(view))))
        bolt = view["lightning"]
        if bolt:
            rows.append((Tr("Éclair", "Lightning"), bolt))
            row, col = spot_row(bolt), spot_column(bolt)
            note = Tr(f"Éclair en {bolt} : défaussez la ligne {row} et la colonne {col}, "
                      "puis remplissez dans l'ordre. Un autre éclair n'est pas appliqué.",
                      f"Lightning at {bolt}: discard row {row} and column {col}, then "
                      "fill in order. Another lightning is not applied.")
    return Panel(Tr("Marché", "Market"), tuple(rows), note=note)


def _final_panels(view: State) -> list[Panel]:
    names, paintings = view["names"], view["paintings"]
    expected = expected_cards(view)
    rows: list[tuple[Tr, str]] = []
    for i, name in enumerate(names):
        p = paintings[i]
        if p is None:
            value = "—"
        else:
            cards = len(card_map(p))
            value = f"{cards} / {expected}" if expected is not None else str(cards)
        rows.append((Tr(name, name), f"{value} · {view['stains'][i]}"))
    n = view["players"]
    perso = (Tr("Personnages : 1 point chacun.", "Characters: 1 point each.") if n <= 2 else
             Tr("Personnages : le plus +9, le moins −5, égalités comprises.",
                "Characters: most +9, fewest −5, ties included."))
    out = [Panel(Tr("Tableaux (cartes · taches)", "Paintings (cards · stains)"), tuple(rows),
                 note=Tr(f"Placez les cartes touche finale, puis entrez chaque tableau. {perso.fr}",
                         f"Place the final-touch cards, then enter each painting. {perso.en}"))]
    if all(p is not None for p in paintings):
        sheet = score_sheet(names, [parse_painting(p) for p in paintings], view["stains"])
        out.append(Panel(Tr("Scores", "Scores"),
                         tuple((Tr(r.name, r.name), str(r.total)) for r in sheet.ranking),
                         note=sheet.notes[0] if sheet.notes else None))
    return out


# --------------------------------------------------------------------------- random play


def sample_action(state: State, rng: random.Random) -> JSON | None:
    """A random legal action; a match ends in at most about 200 of them."""
    if state.get("finished"):
        return None
    phase, n = state["phase"], state["players"]
    if phase in PLAY_PHASES and rng.random() < 0.01:
        return {"type": "to_scoring"}
    if phase == "roll":
        if n >= 3 and not state["programming"] and rng.random() < 0.05:
            return {"type": "programming"}
        return {"type": "roll"}
    if phase == "program":
        waiting = [i for i, f in enumerate(state["programmed"]) if f is None]
        if not waiting:
            return {"type": "reveal"}
        return {"type": "program", "seat": rng.choice(waiting), "face": str(rng.randint(1, 6))}
    if phase == "draft":
        return {"type": "pick", "seat": state["draft"][state["draft_next"]], "die": rng.choice(state["pool"])}
    if phase == "take":
        return _sample_take(state, rng)
    if phase == "refill":
        if state["lightning"] is None and rng.random() < 0.25:
            return {"type": "lightning", "spot": rng.choice(state["empty"])}
        return {"type": "refill"}
    missing = [i for i, p in enumerate(state["paintings"]) if p is None]
    if not missing:
        return {"type": "finish"}
    size = rng.randint(1, expected_cards(state) or 12)
    action: dict[str, Any] = {"type": "painting", "seat": rng.choice(missing),
                              "painting": random_painting(rng, size, bool(state["trees"]))}
    if rng.random() < 0.3:
        action["stains"] = rng.randint(0, 3)
    return action


def _sample_take(state: State, rng: random.Random) -> JSON:
    seat = state["take_order"][len(state["takes"])]
    die = rng.choice(state["hands"][seat])
    stains = [s for s in (0, 0, 0, 1, -1) if 1 <= die + s <= 6]
    stain = rng.choice(stains)
    spot = rng.choice(allowed_spots(state, die + stain))
    return {"type": "take", "seat": seat, "die": die, "stain": {0: "0", 1: "+1", -1: "-1"}[stain],
            "spot": spot}
