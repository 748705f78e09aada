"""Le Gang des Traction-Avant: set-up instructions and the panels of the match screen."""

from __future__ import annotations

from typing import Any

from scoring.core import HIDDEN, JSON, Panel, State, Tr
from scoring.games.traction_avant.checks import TABLE_KEY, move_key, points_left, timer_used
from scoring.games.traction_avant.rules import (
    EXTRA_TIME_PRICE,
    POWERS,
    VICTORY_NOTE,
    money,
    right_neighbour,
    turn_order,
    victor,
)
from scoring.games.traction_avant.texts import (
    KINDS,
    ORDER_NOTE,
    PHASE_NAMES,
    PHASE_NOTES,
    REPRISAL_NOTE,
    RIGHT_NOTE,
)

# --------------------------------------------------------------------------- panels


def _mmss(ms: int) -> str:
    s = max(0, ms) // 1000
    return f"{s // 60}:{s % 60:02d}"


def _names(view: State, seats: list[int]) -> str:
    return ", ".join(view["names"][s] for s in seats) or "—"


def _deltas(view: State, deltas: list[int]) -> str:
    return ", ".join(f"{view['names'][s]} {'+' if d > 0 else '−'}{money(abs(d))}"
                     for s, d in enumerate(deltas) if d) or "—"


def _order_text(view: State, order: Any) -> str:
    if order is None:
        return "…"
    if order == HIDDEN:
        return "écrit, secret / written, secret"
    parts = []
    if order["cars"]:
        parts.append(f"fuite / flee ×{order['cars']}")
    if order["colts"]:
        parts.append(f"Colt ×{order['colts']}")
    if order["stens"]:
        parts.append(f"Sten ×{order['stens']} ({order['bullets']})")
    if order["targets"]:
        parts.append(f"cibles / targets : {_names(view, order['targets'])}")
    if order["note"]:
        parts.append(f"« {order['note']} »")
    return " · ".join(parts) or "—"


def _turn_panel(view: State) -> Panel:
    names, n = view["names"], len(view["names"])
    if view["stage"] == "setup":
        drawn = ((Tr("Premier joueur (tiré au sort)", "First player (drawn)"), names[view["first"]]),)
        return Panel(Tr("Préparation", "Set-up"), drawn, note=RIGHT_NOTE)
    phase = view["phase"]
    order = turn_order(view["first"], n)
    rows: list[tuple[Tr, str]] = [
        (Tr("Premier joueur", "First player"), names[view["first"]]),
        (Tr("Ordre de jeu", "Order of play"), " › ".join(names[s] for s in order)),
        (Tr("Premier joueur au tour suivant", "First player next turn"),
         names[right_neighbour(view["first"], n)]),
    ]
    if phase == "magouilles":
        rows.append((Tr("Dans un café", "In a café"), _names(view, view["in_cafe"])))
    elif phase == "moves":
        move = view["move"]
        rows.append((Tr("Joue", "Moving"), names[view["mover"]]))
        rows.append((Tr("Points de mouvement restants", "Movement points left"), str(points_left(move))))
        if move["traction"]:
            rows.append((Tr("Cartes Traction-Avant jouées", "Traction-Avant cards played"),
                         f"{move['traction']} (+{move['bonus']})"))
        if move["recruited"] or move["recruited_money"]:
            rows.append((Tr("Recrutés (points / briques)", "Recruited (points / money)"),
                         f"{move['recruited']} / {move['recruited_money']}"))
        if move["bought"]:
            rows.append((Tr("Temps acheté", "Time bought"), f"+{3 * move['bought']} min"))
        rows.append((Tr("Ont joué", "Done"), _names(view, view["moved"])))
    elif phase == "heists":
        steps = {"heists": "casses / heists", "resolve": "casse en cours / heist", "van": "fourgon / van",
                 "bases": "attaques de bases / base attacks"}
        rows.append((Tr("Étape", "Step"), steps.get(view["step"], str(view["step"]))))
    name = PHASE_NAMES.get(phase, Tr(str(phase), str(phase)))
    return Panel(Tr(f"Tour {view['turn']} · {name.fr}", f"Turn {view['turn']} · {name.en}"), tuple(rows),
                 note=RIGHT_NOTE if phase == "first" else PHASE_NOTES.get(phase))


def _fortunes_panel(view: State) -> Panel:
    names, thunes = view["names"], view["thunes"]
    rows = []
    for s, nm in enumerate(names):  # plain words: the app's font has no star nor diamond glyph
        fr = en = nm
        if view["winner"] == s:
            fr, en = f"{fr} (vainqueur)", f"{en} (winner)"
        elif view["stage"] == "play" and s == view["first"]:
            fr, en = f"{fr} (premier joueur)", f"{en} (first player)"
        rows.append((Tr(fr, en), money(thunes[s])))
    best = max(range(len(names)), key=lambda s: thunes[s])
    lead = thunes[best] - max(v for s, v in enumerate(thunes) if s != best)
    rows.append((Tr("En tête, avec une avance de", "Leading, ahead by"), f"{names[best]} · {money(lead)}"))
    return Panel(Tr("Fortunes (Thunes)", "Fortunes (Thunes)"), tuple(rows), note=VICTORY_NOTE)


def _time_panel(view: State) -> Panel:
    rows = []
    for s, nm in enumerate(view["names"]):
        used = int(view["time_used"][s]) + timer_used(view, move_key(s))
        bought = view["time_bought"][s]
        rows.append((Tr(nm, nm), f"{_mmss(used)}" + (f" · +3 min ×{bought}" if bought else "")))
    if TABLE_KEY in view["timers"]:
        rows.append((Tr("Magouilles (table)", "Magouilles (table)"),
                     f"{_mmss(timer_used(view, TABLE_KEY))} / 6:00"))
    return Panel(Tr("Temps de mouvement utilisé (phase 3)", "Movement time used (phase 3)"), tuple(rows),
                 note=Tr(f"3 minutes par joueur ; 3 de plus coûtent {money(EXTRA_TIME_PRICE)} Thunes à "
                         "verser à "
                         "chaque adversaire. Temps calculé sur les horodatages.",
                         f"3 minutes each; 3 more cost {money(EXTRA_TIME_PRICE)} Thunes paid to each "
                         "opponent. "
                         "Time is computed from timestamps."))


def _heist_panels(view: State, seat: int | None) -> list[Panel]:
    out = []
    heist = view["heist"]
    names = view["names"]
    if heist is not None:
        rows = [(Tr("Butin", "Loot"), money(heist["loot"]))]
        for s in heist["present"]:
            rows.append((Tr(f"{names[s]} : {heist['pawns'][s]} pions", f"{names[s]}: {heist['pawns'][s]} "
                                                                       "pawns"),
                         _order_text(view, heist["orders"][s] if heist["revealed"]
                                     else HIDDEN if heist["orders"][s] is not None else None)))
        if not heist["revealed"] and heist["rounds"]:
            last = heist["rounds"][-1]
            for s in heist["present"]:
                rows.append((Tr(f"Round {last['round']} · {names[s]}", f"Round {last['round']} · {names[s]}"),
                             _order_text(view, last["orders"][s])))
        status = (Tr(f"Casse de la banque {heist['bank']} · round {heist['round']} · ordres révélés",
                     f"Heist at bank {heist['bank']} · round {heist['round']} · orders revealed")
                  if heist["revealed"] else
                  Tr(f"Casse de la banque {heist['bank']} · round {heist['round']} · ordres secrets",
                     f"Heist at bank {heist['bank']} · round {heist['round']} · secret orders"))
        out.append(Panel(status, tuple(rows), note=ORDER_NOTE))
        if seat is not None and isinstance(heist["orders"][seat], dict) and not heist["revealed"]:
            out.append(Panel(Tr("Votre ordre secret", "Your secret order"),
                             ((Tr(names[seat], names[seat]), _order_text(view, heist["orders"][seat])),),
                             seat=seat))
    done = view["heists_log"]
    if done:
        rows = []
        for h in done:
            if h.get("no_heist"):
                rows.append((Tr(f"Banque {h['bank']}", f"Bank {h['bank']}"),
                             "moins de 3 pions : pas de casse / fewer than 3 pawns: no heist"))
            else:
                rows.append((Tr(f"Banque {h['bank']} · {money(h['loot'])}", f"Bank {h['bank']} · "
                                                                            f"{money(h['loot'])}"),
                             _deltas(view, h["shares"])))
        out.append(Panel(Tr("Casses du tour", "Heists this turn"), tuple(rows)))
    return out


def _van_panel(view: State) -> Panel:
    van = view["van"]
    rows = [(Tr("Position", "Where"), "parking" if van["where"] == "parking" else "rue / street")]
    if van["dice"]:
        rows.append((Tr(f"Tour {van['turn']} : cases parcourues", f"Turn {van['turn']}: squares"),
                     f"{van['dice'][0]} + {van['dice'][1]} = {van['squares']}"))
    if van.get("attacked_by") is not None:
        rows.append((Tr("Dévalisé par", "Robbed by"), f"{view['names'][van['attacked_by']]} · "
                                                      f"{money(van['loot'])}"))
    return Panel(Tr("Fourgon postal", "Postal van"), tuple(rows), note=Tr(
        "Le premier joueur le déplace et ne peut pas le faire attaquer par ses pions. Butin : 2 dés × 200 "
        "000 "
        "(de 400 000 à 2 400 000).",
        "The first player moves it and may not have it attacked by his own pawns. Loot: 2 dice × 200,000 "
        "(400,000 to 2,400,000)."))


def _alliance_panels(view: State) -> list[Panel]:
    names = view["names"]
    status = {"proposed": "à signer / to sign", "signed": "signée / signed", "broken": "trahie / betrayed",
              "ended": "dissoute / ended"}
    rows = []
    out = []
    for a in view["alliances"]:
        who = " + ".join(names[s] for s in a["parties"])
        extra = ""
        if a["status"] == "proposed":
            extra = f" ({len(a['signed'])}/{len(a['parties'])})"
        rows.append((Tr(f"n° {a['id'] + 1} · {who}", f"no. {a['id'] + 1} · {who}"),
                     f"{a['terms']} — {status[a['status']]}{extra}"))
        if a["status"] == "broken":
            state_word = {"due": "à exercer / due", "done": "exercées / taken", "waived": "renoncé / waived"}
            out.append(Panel(Tr(f"Trahison : {names[a['traitor']]} a trahi {names[a['victim']]}",
                                f"Betrayal: {names[a['traitor']]} betrayed {names[a['victim']]}"),
                             ((Tr("Droit de représailles de", "Right of reprisal of"), names[a["victim"]]),
                              (Tr("Représailles", "Reprisal"), state_word[a["reprisal"]]),
                              (Tr("Ce qui s'est passé", "What happened"), a.get("note") or "—")),
                             note=REPRISAL_NOTE))
    if rows:
        out.insert(0, Panel(Tr("Alliances écrites", "Written alliances"), tuple(rows)))
    return out


def _dice_panel(view: State) -> Panel:
    rows = []
    labels = {"2d6": Tr("2 dés", "2 dice"), "van": Tr("fourgon : cases", "van: squares"),
              "van_loot": Tr("fourgon : butin", "van: loot"), "roulette": Tr("roulette", "roulette")}
    for d in view["dice"][-6:][::-1]:
        lab = labels[d["what"]]
        note = f" · {d['note']}" if d.get("note") else ""
        rows.append((Tr(f"Tour {d['turn']} · {lab.fr}", f"Turn {d['turn']} · {lab.en}"),
                     " + ".join(str(x) for x in d["dice"]) + f" = {sum(d['dice'])}{note}"
                     if d["what"] != "roulette" else " · ".join(str(x) for x in d["dice"])))
    if view["roulettes"]:
        r = view["roulettes"][-1]
        seq = ", ".join(f"{view['names'][s]} {v}" for s, v in r["rolls"])
        rows.append((Tr("Dernière roulette russe", "Last Russian roulette"),
                     f"{seq} › {view['names'][r['loser']]} †"))
    return Panel(Tr("Dés", "Dice"), tuple(rows))


def _ledger_panel(view: State) -> Panel:
    rows = []
    for e in view["ledger"][-8:][::-1]:
        kind = KINDS[e["kind"]]
        fr = en = f" ({e['note']})" if e.get("note") else ""
        if e["kind"] in ("heist_share", "heist_split"):
            fr, en = f" (banque {e['note']})", f" (bank {e['note']})"
        elif e["kind"] == "recruit":
            fr = en = f" ×{e['note']}"
        rows.append((Tr(f"T{e['turn']} · {kind.fr}{fr}", f"T{e['turn']} · {kind.en}{en}"),
                     _deltas(view, e["deltas"])))
    return Panel(Tr("Banque : derniers mouvements", "Bank: latest movements"), tuple(rows))


def _boss_panels(view: State) -> list[Panel]:
    names = view["names"]
    out = []
    if view["options"]["personnalisation"]:
        for s, key in enumerate(view["powers"]):
            if key is None:
                continue
            pname, text = POWERS[key]
            out.append(Panel(Tr(f"{names[s]} · {pname}", f"{names[s]} · {pname}"),
                             ((Tr("Base", "Base"), view["bosses"][s] or "—"),), note=text))
    elif any(view["bosses"]):
        out.append(Panel(Tr("Chefs et bases", "Bosses and bases"),
                         tuple((Tr(names[s], names[s]), b or "—") for s, b in enumerate(view["bosses"]))))
    return out


def _turn_start_reminders(view: State) -> Panel | None:
    if view["phase"] != "first" or not view["options"]["personnalisation"]:
        return None
    rows = []
    for s, key in enumerate(view["powers"]):
        if key == "monmon":
            rows.append((Tr(view["names"][s], view["names"][s]),
                         "choisit et montre 2 cartes Embrouille (Colt/Esquive) / picks and shows 2 "
                         "Colt/Esquive"))
        elif key == "riton":
            rows.append((Tr(view["names"][s], view["names"][s]), "prend 2 cartes Traction / takes 2 Traction "
                                                                 "cards"))
        elif key == "pierrot":
            rows.append((Tr(view["names"][s], view["names"][s]), "Sten gratuite face visible / free Sten "
                                                                 "face up"))
    if not rows:
        return None
    return Panel(Tr("Début du tour : pouvoirs", "Start of turn: powers"), tuple(rows))


def panels(view: State, seat: int | None) -> list[Panel]:
    """The match screen, built from ``view`` (what ``seat`` may see)."""
    out: list[Panel] = []
    if view["finished"]:
        w = view["winner"]
        out.append(Panel(Tr(f"{view['names'][w]} est le Caïd : victoire !", f"{view['names'][w]} is the "
                                                                            "Caïd: victory!"),
                         ((Tr("Fortune", "Fortune"), money(view["thunes"][w])),), note=VICTORY_NOTE))
    out.append(_turn_panel(view))
    out.append(_fortunes_panel(view))
    reminder = _turn_start_reminders(view)
    if reminder:
        out.append(reminder)
    if view["stage"] == "play":
        out.extend(_heist_panels(view, seat))
        out.append(_time_panel(view))
        if view["options"]["postal_van"]:
            out.append(_van_panel(view))
        attacks = [a for a in view["base_attacks"] if a["turn"] == view["turn"]]
        if attacks:
            out.append(Panel(Tr("Attaques de bases du tour", "Base attacks this turn"), tuple(
                (Tr(f"Base de {view['names'][a['defender']]}", f"{view['names'][a['defender']]}'s base"),
                 ("réussie / succeeded · " if a["success"] else "repoussée / repelled · ")
                 + _names(view, [s for s, p in enumerate(a["engaged"]) if p])) for a in attacks)))
    out.extend(_alliance_panels(view))
    if view["dice"] or view["roulettes"]:
        out.append(_dice_panel(view))
    out.append(_ledger_panel(view))
    out.extend(_boss_panels(view))
    return out


def summary(view: State) -> JSON:
    """A compact JSON summary (for logs): fortunes and the leader's lead.

    >>> summary({"names": ["A", "B"], "thunes": [20_000_000, 18_000_000]})
    {'thunes': {'A': 20000000, 'B': 18000000}, 'winner': 'A'}
    """
    w = victor(view["thunes"])
    return {"thunes": dict(zip(view["names"], view["thunes"], strict=True)),
            "winner": view["names"][w] if w is not None else None}


__all__ = ["panels", "summary"]
