"""Le Gang des Traction-Avant: the panels of the match screen, built from what a seat may see.

Every value is a text in both languages (:class:`Tr`), a number (``int``: the app writes it as the
table's language does) or a name.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from scoring.core import HIDDEN, Panel, Tr, Value
from scoring.core.fmt import mmss, number
from scoring.core.words import de
from scoring.games.traction_avant.rules import EXTRA_TIME_PRICE, POWERS, right_neighbour, turn_order
from scoring.games.traction_avant.state import TABLE_KEY, TractionState, move_key, points_left, timer_used
from scoring.games.traction_avant.texts import (
    ALLIANCE_STATUS,
    KINDS,
    ORDER_NOTE,
    PHASE_NAMES,
    PHASE_NOTES,
    REPRISAL_NOTE,
    REPRISAL_STATUS,
    RIGHT_NOTE,
    STEPS,
    TURN_START,
    VICTORY_NOTE,
)
from scoring.games.traction_avant.texts import money as _money

View = TractionState
Row = tuple[Tr, Value]

__all__ = ["panels"]


def _same(text: str) -> Tr:
    return Tr(text, text, it=text)


def _names(view: View, seats: list[int]) -> str:
    return ", ".join(view["names"][s] for s in seats) or "—"


def _deltas(view: View, deltas: list[int]) -> Tr:
    parts = [(view["names"][s], "+" if d > 0 else "−", _money(abs(d))) for s, d in enumerate(deltas) if d]
    return Tr(", ".join(f"{n} {sign}{m.fr}" for n, sign, m in parts) or "—",
              ", ".join(f"{n} {sign}{m.en}" for n, sign, m in parts) or "—",
              it=", ".join(f"{n} {sign}{m.it}" for n, sign, m in parts) or "—")


def _order_text(view: View, order: Any) -> Tr:
    if order is None:
        return _same("…")
    if order == HIDDEN:
        return Tr("écrit, secret", "written, secret", it="scritto, segreto")
    fr: list[str] = []
    en: list[str] = []
    it: list[str] = []
    if order["cars"]:
        men = order.get("men", 0)
        fr.append(f"fuite ×{order['cars']} ({men} hommes)")
        en.append(f"flee ×{order['cars']} ({men} men)")
        it.append(f"fuga ×{order['cars']} ({men} uomini)")
    for parts in (fr, en, it):
        if order["colts"]:
            parts.append(f"Colt ×{order['colts']}")
        if order["stens"]:
            parts.append(f"Sten ×{order['stens']} ({order['bullets']})")
    if order["targets"]:
        fr.append(f"cibles : {_names(view, order['targets'])}")
        en.append(f"targets: {_names(view, order['targets'])}")
        it.append(f"obiettivi: {_names(view, order['targets'])}")
    if order["note"]:
        fr.append(f"« {order['note']} »")
        en.append(f"\u201c{order['note']}\u201d")
        it.append(f"«{order['note']}»")
    return Tr(" · ".join(fr) or "—", " · ".join(en) or "—", it=" · ".join(it) or "—")


def _turn_panel(view: View) -> Panel:
    names, n = view["names"], len(view["names"])
    if view["stage"] == "setup":
        drawn: tuple[Row, ...] = ((Tr("Premier joueur (tiré au sort)", "First player (drawn)",
                                      it="Primo giocatore (sorteggiato)"),
                                   names[view["first"]]),)
        return Panel(Tr("Préparation", "Set-up", it="Preparazione"), drawn, note=RIGHT_NOTE)
    phase = view["phase"] or ""
    order = turn_order(view["first"], n)
    rows: list[Row] = [
        (Tr("Premier joueur", "First player", it="Primo giocatore"), names[view["first"]]),
        (Tr("Ordre de jeu", "Order of play", it="Ordine di gioco"), " › ".join(names[s] for s in order)),
        (Tr("Premier joueur au tour suivant", "First player next turn", it="Primo giocatore al turno successivo"),
         names[right_neighbour(view["first"], n)]),
    ]
    move, mover = view["move"], view["mover"]
    if phase == "magouilles":
        rows.append((Tr("Dans un café", "In a café", it="In un café"), _names(view, view["in_cafe"])))
    elif phase == "moves" and move is not None and mover is not None:
        rows.append((Tr("Joue", "Moving", it="Muove"), names[mover]))
        rows.append((Tr("Points de mouvement restants", "Movement points left",
                        it="Punti movimento restanti"), points_left(move)))
        if move["traction"]:
            rows.append((Tr("Cartes Traction-Avant jouées", "Traction-Avant cards played",
                            it="Carte Traction-Avant giocate"),
                         _same(f"{move['traction']} (+{move['bonus']})")))
        if move["recruited"] or move["recruited_money"]:
            rows.append((Tr("Recrutés (points / briques)", "Recruited (points / money)",
                            it="Reclutati (punti / milioni)"),
                         _same(f"{move['recruited']} / {move['recruited_money']}")))
        if move["bought"]:
            rows.append((Tr("Temps acheté", "Time bought", it="Tempo acquistato"), _same(f"+{3 * move['bought']} min")))
        rows.append((Tr("Ont joué", "Done", it="Hanno giocato"), _names(view, view["moved"])))
    elif phase == "heists":
        step = view["step"] or ""
        rows.append((Tr("Étape", "Step", it="Tappa"), STEPS.get(step, _same(step))))
    name = PHASE_NAMES.get(phase, _same(phase))
    return Panel(Tr(f"Tour {view['turn']} · {name.fr}", f"Turn {view['turn']} · {name.en}",
                    it=f"Turno {view['turn']} · {name.it}"), tuple(rows),
                 note=RIGHT_NOTE if phase == "first" else PHASE_NOTES.get(phase))


def _fortunes_panel(view: View) -> Panel:
    names, thunes = view["names"], view["thunes"]
    rows: list[Row] = []
    for s, nm in enumerate(names):  # plain words: the app's font has no star nor diamond glyph
        fr = en = it = nm
        if view["winner"] == s:
            fr, en, it = f"{nm} (vainqueur)", f"{nm} (winner)", f"{nm} (vincitore)"
        elif view["stage"] == "play" and s == view["first"]:
            fr, en, it = f"{nm} (premier joueur)", f"{nm} (first player)", f"{nm} (primo giocatore)"
        rows.append((Tr(fr, en, it), thunes[s]))
    best = max(range(len(names)), key=lambda s: thunes[s])
    lead = thunes[best] - max(v for s, v in enumerate(thunes) if s != best)
    if lead == 0:  # nobody ahead: the richest are tied
        rows.append((Tr("En tête", "Leading", it="In testa"),
                     Tr("à égalité", "tied", it="a pari merito")))
    else:
        rows.append((Tr("En tête, avec une avance de", "Leading, ahead by", it="In testa, con un vantaggio di"),
                     Tr(f"{names[best]} · {number(lead, 'fr')}", f"{names[best]} · {number(lead, 'en')}",
                        it=f"{names[best]} · {number(lead, 'it')}")))
    return Panel(Tr("Fortunes (Thunes)", "Fortunes (Thunes)", it="Fortune (Thunes)"), tuple(rows), note=VICTORY_NOTE)


def _time_panel(view: View) -> Panel:
    rows: list[Row] = []
    for s, nm in enumerate(view["names"]):
        used = view["time_used"][s] + timer_used(view, move_key(s))
        bought = view["time_bought"][s]
        rows.append((_same(nm), _same(mmss(used, up=False) + (f" · +3 min ×{bought}" if bought else ""))))
    if TABLE_KEY in view["timers"]:
        rows.append((Tr("Magouilles (table)", "Magouilles (table)", it="Intrighi (tavolo)"),
                     _same(f"{mmss(timer_used(view, TABLE_KEY), up=False)} / 6:00")))
    price = _money(EXTRA_TIME_PRICE)
    return Panel(Tr("Temps de mouvement utilisé (phase 3)", "Movement time used (phase 3)",
                    it="Tempo di movimento usato (fase 3)"), tuple(rows),
                 note=Tr(f"3 minutes par joueur ; 3 de plus coûtent {price.fr} Thunes à verser à chaque "
                         "adversaire, et comptent à partir de l'achat. Temps calculé sur les horodatages.",
                         f"3 minutes each; 3 more cost {price.en} Thunes paid to each opponent, and count from "
                         "the purchase. Time is computed from timestamps.",
                         it=f"3 minuti per giocatore; 3 in più costano {price.it} Thunes da versare a ogni "
                            "avversario, e contano dall'acquisto. Tempo calcolato sugli orari registrati."))


def _heist_panels(view: View, seat: int | None) -> list[Panel]:
    out = []
    heist = view["heist"]
    names = view["names"]
    if heist is not None:
        rows: list[Row] = [(Tr("Butin", "Loot", it="Bottino"), heist["loot"])]
        for s in heist["present"]:
            pawns = heist["pawns"][s]
            rows.append((Tr(f"{names[s]} : {pawns} pions", f"{names[s]}: {pawns} pawns",
                            it=f"{names[s]}: {pawns} pedine"),
                         _order_text(view, heist["orders"][s] if heist["revealed"]
                                     else HIDDEN if heist["orders"][s] is not None else None)))
            rows.append((Tr(f"{names[s]} : première part (provisoire)", f"{names[s]}: first share (provisional)",
                            it=f"{names[s]}: prima parte (provvisoria)"),
                         heist["first_share"][s]))
        if not heist["revealed"] and heist["rounds"]:
            last = heist["rounds"][-1]
            for s in heist["present"]:
                rows.append((_same(f"Round {last['round']} · {names[s]}"), _order_text(view, last["orders"][s])))
        status = (Tr(f"Casse de la banque {heist['bank']} · manche {heist['round']} · ordres révélés",
                     f"Heist at bank {heist['bank']} · round {heist['round']} · orders revealed",
                     it=f"Colpo alla banca {heist['bank']} · passaggio {heist['round']} · ordini rivelati")
                  if heist["revealed"] else
                  Tr(f"Casse de la banque {heist['bank']} · manche {heist['round']} · ordres secrets",
                     f"Heist at bank {heist['bank']} · round {heist['round']} · secret orders",
                     it=f"Colpo alla banca {heist['bank']} · passaggio {heist['round']} · ordini segreti"))
        out.append(Panel(status, tuple(rows), note=ORDER_NOTE, key="heist"))
        if seat is not None and isinstance(heist["orders"][seat], dict) and not heist["revealed"]:
            out.append(Panel(Tr("Votre ordre secret", "Your secret order", it="Il vostro ordine segreto"),
                             ((_same(names[seat]), _order_text(view, heist["orders"][seat])),), seat=seat,
                             key="my-order"))
    done = view["heists_log"]
    if done:
        log: list[Row] = []
        for h in done:
            if h.get("no_heist"):
                log.append((Tr(f"Banque {h['bank']}", f"Bank {h['bank']}", it=f"Banca {h['bank']}"),
                            Tr("moins de 3 pions : pas de casse", "fewer than 3 pawns: no heist",
                               it="meno di 3 pedine: nessun colpo")))
            else:
                loot = _money(h["loot"])
                log.append((Tr(f"Banque {h['bank']} · {loot.fr}", f"Bank {h['bank']} · {loot.en}",
                               it=f"Banca {h['bank']} · {loot.it}"),
                            _deltas(view, h["shares"])))
        out.append(Panel(Tr("Casses du tour", "Heists this turn", it="Colpi del turno"), tuple(log), key="heists"))
    return out


def _van_panel(view: View) -> Panel:
    van = view["van"]
    parked = van["where"] == "parking"
    where = Tr("parking", "car park", it="parcheggio") if parked else Tr("rue", "street", it="strada")
    rows: list[Row] = [(Tr("Position", "Where", it="Posizione"), where)]
    if van["dice"]:
        rows.append((Tr(f"Tour {van['turn']} : cases parcourues", f"Turn {van['turn']}: squares",
                        it=f"Turno {van['turn']}: caselle percorse"),
                     _same(f"{van['dice'][0]} + {van['dice'][1]} = {van['squares']}")))
    if van.get("attacked_by") is not None:
        loot = _money(van["loot"])
        who = view["names"][van["attacked_by"] or 0]
        rows.append((Tr("Dévalisé par", "Robbed by", it="Rapinato da"), Tr(f"{who} · {loot.fr}", f"{who} · {loot.en}",
                                                         it=f"{who} · {loot.it}")))
    return Panel(Tr("Fourgon postal", "Postal van", it="Furgone postale"), tuple(rows), note=Tr(
        f"Le premier joueur le déplace et ne peut pas le faire attaquer par ses pions. Butin : 2 dés × "
        f"{number(200_000, 'fr')} (de {number(400_000, 'fr')} à {number(2_400_000, 'fr')}).",
        "The first player moves it and may not have it attacked by his own pawns. Loot: 2 dice × 200,000 "
        "(400,000 to 2,400,000).",
        it="Il primo giocatore lo muove e non può farlo attaccare dalle sue pedine. Bottino: 2 dadi × "
           f"{number(200_000, 'it')} (da {number(400_000, 'it')} a {number(2_400_000, 'it')})."))


def _alliance_panels(view: View) -> list[Panel]:
    names = view["names"]
    rows: list[Row] = []
    out = []
    for a in view["alliances"]:
        who = " + ".join(names[s] for s in a["parties"])
        status = ALLIANCE_STATUS[a["status"]]
        extra = f" ({len(a['signed'])}/{len(a['parties'])})" if a["status"] == "proposed" else ""
        rows.append((Tr(f"n° {a['id'] + 1} · {who}", f"no. {a['id'] + 1} · {who}", it=f"n° {a['id'] + 1} · {who}"),
                     Tr(f"{a['terms']} — {status.fr}{extra}", f"{a['terms']} — {status.en}{extra}",
                        it=f"{a['terms']} — {status.it}{extra}")))
        if a["status"] == "broken":
            traitor, victim = names[a["traitor"]], names[a["victim"]]
            out.append(Panel(Tr(f"Trahison : {traitor} a trahi {victim}", f"Betrayal: {traitor} betrayed {victim}",
                                it=f"Tradimento: {traitor} ha tradito {victim}"),
                             ((Tr("Droit de représailles de", "Right of reprisal of",
                                  it="Diritto di rappresaglia di"), victim),
                              (Tr("Représailles", "Reprisal", it="Rappresaglie"), REPRISAL_STATUS[a["reprisal"]]),
                              (Tr("Ce qui s'est passé", "What happened", it="Cosa è successo"), a.get("note") or "—")),
                             note=REPRISAL_NOTE, key=f"betrayal-{a['id']}"))
    if rows:
        out.insert(0, Panel(Tr("Alliances écrites", "Written alliances", it="Alleanze scritte"), tuple(rows),
                            key="alliances"))
    return out


_DICE = {"2d6": Tr("2 dés", "2 dice", it="2 dadi"), "van": Tr("fourgon : cases", "van: squares", it="furgone: caselle"),
         "van_loot": Tr("fourgon : butin", "van: loot",
                        it="furgone: bottino"), "roulette": Tr("roulette", "roulette", it="roulette")}


def _dice_panel(view: View) -> Panel:
    rows: list[Row] = []
    for d in view["dice"][-6:][::-1]:
        lab = _DICE[d["what"]]
        note = f" · {d['note']}" if d.get("note") else ""
        shown = (" · ".join(str(x) for x in d["dice"]) if d["what"] == "roulette"
                 else " + ".join(str(x) for x in d["dice"]) + f" = {sum(d['dice'])}{note}")
        rows.append((Tr(f"Tour {d['turn']} · {lab.fr}", f"Turn {d['turn']} · {lab.en}",
                        it=f"Turno {d['turn']} · {lab.it}"), _same(shown)))
    if view["roulettes"]:
        r = view["roulettes"][-1]
        seq = ", ".join(f"{view['names'][s]} {v}" for s, v in r["rolls"])
        rows.append((Tr("Dernière roulette russe", "Last Russian roulette", it="Ultima roulette russa"),
                     _same(f"{seq} › {view['names'][r['loser']]} †")))
    return Panel(Tr("Dés", "Dice", it="Dadi"), tuple(rows))


def _ledger_panel(view: View) -> Panel:
    rows: list[Row] = []
    for e in view["ledger"][-8:][::-1]:
        kind = KINDS[e["kind"]]
        fr = en = it = f" ({e['note']})" if e.get("note") else ""
        if e["kind"] in ("heist_share", "heist_split"):
            fr, en, it = f" (banque {e['note']})", f" (bank {e['note']})", f" (banca {e['note']})"
        elif e["kind"] == "recruit":
            fr = en = it = f" ×{e['note']}"
        rows.append((Tr(f"T{e['turn']} · {kind.fr}{fr}", f"T{e['turn']} · {kind.en}{en}",
                        it=f"T{e['turn']} · {kind.it}{it}"),
                     _deltas(view, e["deltas"])))
    return Panel(Tr("Banque : derniers mouvements", "Bank: latest movements",
                    it="Banca: ultimi movimenti"), tuple(rows))


def _boss_panels(view: View) -> list[Panel]:
    names = view["names"]
    out = []
    if view["options"]["personnalisation"]:
        for s, key in enumerate(view["powers"]):
            if key is None:
                continue
            pname, text = POWERS[key]
            out.append(Panel(_same(f"{names[s]} · {pname}"), ((Tr("Base", "Base",
                                                                  it="Base"), view["bosses"][s] or "—"),),
                             note=text, key=f"boss-{s}"))
    elif any(view["bosses"]):
        out.append(Panel(Tr("Chefs et bases", "Bosses and bases", it="Boss e basi"),
                         tuple((_same(names[s]), b or "—") for s, b in enumerate(view["bosses"])), key="bosses"))
    return out


def _turn_start_reminders(view: View) -> Panel | None:
    if view["phase"] != "first" or not view["options"]["personnalisation"]:
        return None
    rows: list[Row] = [(_same(view["names"][s]), TURN_START[key])
                       for s, key in enumerate(view["powers"]) if key in TURN_START]
    if not rows:
        return None
    return Panel(Tr("Début du tour : pouvoirs", "Start of turn: powers", it="Inizio del turno: poteri"), tuple(rows))


def _cards_panel(view: View) -> Panel | None:
    entry = next((e for e in view["cards_log"] if e["turn"] == view["turn"]), None)
    if view["phase"] != "cards" or entry is None:
        return None
    rows: list[Row] = [(_same(nm), Tr(f"{entry['embrouille'][s]} Embrouille · {entry['super'][s]} Super Embrouille",
                                      f"{entry['embrouille'][s]} Embrouille · {entry['super'][s]} Super Embrouille",
                                      it=f"{entry['embrouille'][s]} Embrouille · {entry['super'][s]} Super "
                                         "Embrouille"))
                       for s, nm in enumerate(view["names"])]
    order = " › ".join(view["names"][s] for s in turn_order(view["first"], len(view["names"])))
    rows.append((Tr("Chacun à son tour", "Each in turn", it="Ognuno a turno"), order))
    return Panel(Tr("Cartes à prendre", "Cards to take",
                    it="Carte da prendere"), tuple(rows), note=PHASE_NOTES["cards"])


def panels(view: View, seat: int | None) -> list[Panel]:
    """The match screen, built from ``view`` (what ``seat`` may see)."""
    out: list[Panel] = []
    w = view["winner"]
    if view["finished"] and w is not None:
        out.append(Panel(Tr(f"{view['names'][w]} est le Caïd : victoire !", f"{view['names'][w]} is the Caïd: "
                                                                            "victory!",
                            it=f"{view['names'][w]} è il Boss dei Boss: vittoria!"),
                         ((Tr("Fortune", "Fortune", it="Fortuna"), view["thunes"][w]),), note=VICTORY_NOTE,
                         key="victory"))
    out.append(_turn_panel(view))
    out.append(_fortunes_panel(view))
    # every panel but the turn's, the fortunes' and the ledger's comes and goes: each is named (Panel.key)
    for name, extra in (("reminders", _turn_start_reminders(view)), ("cards", _cards_panel(view))):
        if extra:
            out.append(replace(extra, key=name))
    if view["stage"] == "play":
        out.extend(_heist_panels(view, seat))
        out.append(replace(_time_panel(view), key="time"))
        if view["options"]["postal_van"]:
            out.append(replace(_van_panel(view), key="van"))
        attacks = [a for a in view["base_attacks"] if a["turn"] == view["turn"]]
        if attacks:
            out.append(Panel(Tr("Attaques de bases du tour", "Base attacks this turn",
                                it="Attacchi alle basi del turno"), tuple(
                (Tr(f"Base {de(view['names'][a['defender']])}", f"{view['names'][a['defender']]}'s base",
                    it=f"Base di {view['names'][a['defender']]}"),
                 Tr(("réussie · " if a["success"] else "repoussée · ") + _attackers(view, a["engaged"]),
                    ("succeeded · " if a["success"] else "repelled · ") + _attackers(view, a["engaged"]),
                    it=("riuscito · " if a["success"] else "respinto · ") + _attackers(view, a["engaged"])))
                for a in attacks), key="attacks"))
    out.extend(_alliance_panels(view))
    if view["dice"] or view["roulettes"]:
        out.append(replace(_dice_panel(view), key="dice"))
    out.append(_ledger_panel(view))
    out.extend(_boss_panels(view))
    return out


def _attackers(view: View, engaged: list[int]) -> str:
    return _names(view, [s for s, p in enumerate(engaged) if p])
