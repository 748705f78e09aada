"""Les Apaches de Paris: what the match screen shows (built from a view, so no secret leaks).

>>> from scoring.games.apaches.state import initial
>>> state = initial({"players": 2, "configuration": [1, 2, 3, 6, 8, 9], "first_player": 1}, ["A", "B"])
>>> [p.title.en for p in panels_for(state, state, None)][:3]
['Round 1 / 3 — Start of round', "A's gang", "B's gang"]
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from scoring.core import HIDDEN, Panel, Tr, Value
from scoring.core.fmt import number
from scoring.core.words import de
from scoring.games.apaches.rules import (
    BAIL,
    BOURGEOIS_DISTRICT,
    BOURGEOIS_VALUE,
    FENCE_DISTRICT,
    FENCE_PER_BURGLARY,
    POLICEMAN_FINE,
    REINFORCEMENT_PIECES,
    ROUNDS,
    STASHES,
    STEAL,
    TURNS,
)
from scoring.games.apaches.score import holdings, score_holdings
from scoring.games.apaches.state import ApachesState, current_seat, draws, free_leaders
from scoring.games.apaches.texts import KINDS, PHASE_NAMES, districts, francs, ordinal


def _match_panel(v: ApachesState) -> Panel:
    names, phase, r = v["names"], v["phase"], v["round"]
    title = Tr(f"Manche {r} / {ROUNDS} — {PHASE_NAMES[phase].fr}", f"Round {r} / {ROUNDS} — {PHASE_NAMES[phase].en}",
               it=f"Round {r} / {ROUNDS} — {PHASE_NAMES[phase].it}")
    rows: list[tuple[Tr, Value]] = [
        (Tr("1er joueur", "1st player", it="1° giocatore"), names[v["first_player"]]),
        (Tr("Quartiers en jeu", "Districts in play", it="Quartieri in gioco"), districts(v["districts"])),
        (Tr("Quartiers interdits", "Prohibited districts", it="Quartieri proibiti"), districts(v["prohibited"])),
    ]
    note = None
    if phase == "turns":
        cur = current_seat(v)
        rows += [(Tr("Tour", "Turn", it="Turno"), f"{v['turn']} / {TURNS}"),
                 (Tr("À jouer", "To play", it="Da giocare"), names[cur] if cur is not None else "—"),
                 (Tr("Ordre du tour", "Turn order", it="Ordine del turno"), ", ".join(names[s] for s in v["order"]))]
        if v["turn"] == TURNS and v["last_counts"] is not None:
            rows.append((Tr("Apaches devant chacun", "Apaches in front of each", it="Apache davanti a ciascuno"),
                         ", ".join(f"{n} {c}" for n, c in zip(names, v["last_counts"], strict=True))))
            note = Tr("Dernier tour : le joueur qui a le plus d'Apaches devant lui joue en premier ; "
                      "à égalité, sens horaire à partir du 1er joueur.",
                      "Last turn: the player with most Apaches in front of them plays first; on a tie, "
                      "clockwise from the 1st player.",
                      it="Ultimo turno: il giocatore con più Apache davanti a sé gioca per primo; in caso di parità, "
                         "in senso orario a partire dal 1° giocatore.")
    elif phase == "last_order":
        note = Tr("Chacun n'a plus qu'une planque : comptez les Apaches (meneurs + novices + renforts) "
                  "encore devant chaque joueur pour l'ordre du dernier tour.",
                  "Everyone has one stash left: count the Apaches (leaders + novices + reinforcements) "
                  "still in front of each player for the last turn's order.",
                  it="Ognuno ha un solo nascondiglio rimasto: contate gli Apache (capi + novizi + rinforzi) ancora "
                     "davanti a ogni giocatore per l'ordine dell'ultimo turno.")
    elif phase == "round_start" and r > 1:
        note = Tr("Regroupez et mélangez les planques par couleur ; le pion 1er joueur a changé de main.",
                  "Gather and shuffle the stashes by colour; the 1st player counter has changed hands.",
                  it="Raccogliete e mescolate i nascondigli per colore; il segnalino primo giocatore ha cambiato "
                     "mano.")
    return Panel(title, tuple(rows), note=note)


def _set_aside_panel(v: ApachesState) -> Panel:
    rows = []
    for d, pos in v["set_aside"].items():
        n = STASHES[int(d)]
        o = ordinal(pos)
        rows.append((Tr(f"Quartier {d} : la {o.fr} planque depuis le dessus du tas",
                        f"District {d}: the {o.en} stash from the top of the pile",
                        it=f"Quartiere {d}: il {o.it} nascondiglio dalla cima del mucchio"), f"{pos} / {n}"))
    return Panel(Tr("Planques mises de côté cette manche", "Stashes set aside this round",
                    it="Nascondigli messi da parte in questo round"), tuple(rows),
                 note=Tr("Retirez-la toiture visible, hors du plateau, sans que personne ne voie sa valeur.",
                         "Set it aside roof up, off the board, without anyone seeing its value.",
                         it="Toglietelo col tetto in su, fuori dal tabellone, senza che nessuno ne veda il valore."))


def _gang_panel(v: ApachesState, seat: int) -> Panel:
    g, r, name = v["gangs"][seat], v["round"], v["names"][seat]
    ended = v["phase"] in ("reveal", "over")
    rows: list[tuple[Tr, Value]] = [
        (Tr("Porte-monnaie", "Wallet", it="Borsellino"), francs(g["wallet"])),
        (Tr("Meneurs avec le gang", "Leaders with the gang", it="Capi con la banda"), free_leaders(g)),
    ]
    hospital, prison = Tr("À l'hôpital", "In hospital",
                          it="All'ospedale"), Tr("En prison", "In prison", it="In prigione")
    if ended:
        back = Tr("après la 3e manche, non opérationnels", "after round 3, not operational",
                  it="dopo il 3° round, non operativi")
        lines = [("hospital", hospital, back), ("prison", prison, back)]
    else:
        now = Tr(f"retour fin de manche {r}", f"back at the end of round {r}", it=f"ritorno a fine round {r}")
        later = Tr(f"retour fin de manche {r + 1}", f"back at the end of round {r + 1}",
                   it=f"ritorno a fine round {r + 1}")
        bail = Tr(f"{now.fr}, caution {BAIL} F", f"{now.en}, bail {BAIL} F", it=f"{now.it}, cauzione {BAIL} F")
        lines = [("hospital", hospital, now), ("hospital_next", hospital, later),
                 ("prison", prison, bail), ("prison_next", prison, later)]
    for key, what, when in lines:
        count: int = g[key]  # type: ignore[literal-required]
        if count:
            rows.append((Tr(f"{what.fr} ({when.fr})", f"{what.en} ({when.en})", it=f"{what.it} ({when.it})"), count))
    if g["cemetery"]:
        rows.append((Tr("Au cimetière", "In the cemetery", it="Al cimitero"), g["cemetery"]))
    rows.append((Tr("Novices pas encore joués", "Novices not yet played",
                    it="Novizi non ancora giocati"), g["novices"]))
    if g["reinforcements"]:
        label = (Tr("Renforts opérationnels (fin de partie)", "Reinforcements, operational (game end)",
                    it="Rinforzi operativi (fine partita)")
                 if ended else Tr(f"Renforts à jouer en manche {r}", f"Reinforcements to use in round {r}",
                                  it=f"Rinforzi da giocare nel round {r}"))
        rows.append((label, g["reinforcements"]))
    if g["reinforcements_next"]:
        rows.append((Tr(f"Renforts à jouer en manche {r + 1}", f"Reinforcements to use in round {r + 1}",
                        it=f"Rinforzi da giocare nel round {r + 1}")
                     if r < ROUNDS else Tr("Renforts gagnés (opérationnels à la fin)",
                                           "Reinforcements earned (operational at the end)",
                                           it="Rinforzi guadagnati (operativi alla fine)"),
                     g["reinforcements_next"]))
    held = [d for d in draws(v) if d["seat"] == seat]
    if held:
        rows.append((Tr("Bourgeois détenus", "Bourgeois held", it="Borghesi posseduti"), len(held)))
    return Panel(Tr(f"Gang {de(name)}", f"{name}'s gang", it=f"Banda di {name}"), tuple(rows))


def _settlement_panel(v: ApachesState) -> Panel:
    names, rows = v["names"], list[tuple[Tr, Value]]()
    for d in v["districts"]:
        entry: dict[str, Any] | None = v["settled"].get(str(d))
        # Words go in the label (French and English); the value keeps to names and numbers.
        if d == BOURGEOIS_DISTRICT:
            empty = entry is not None and entry.get("winner") is not None and "draw" not in entry
            label = (Tr("Quartier 8 — bourgeois (sac vide)", "District 8 — bourgeois (bag empty)",
                        it="Quartiere 8 — borghese (sacchetto vuoto)") if empty
                     else Tr("Quartier 8 — bourgeois", "District 8 — bourgeois", it="Quartiere 8 — borghese"))
        elif d == FENCE_DISTRICT:
            label = Tr("Quartier 9 — receleur", "District 9 — fence", it="Quartiere 9 — ricettatore")
            if entry is not None and entry.get("winner") is not None:
                n = entry["reinforcements"]
                label = Tr(f"{label.fr} : {entry['burglaries']} cambriolage(s), +{n} renfort",
                           f"{label.en}: {entry['burglaries']} burglary(ies), +{n} reinforcement",
                           it=f"{label.it}: {entry['burglaries']} scasso/i, +{n} rinforzo")
        elif entry is not None and entry.get("winner") is None:  # nobody there: the stash says nothing
            label = Tr(f"Quartier {d} — personne", f"District {d} — nobody", it=f"Quartiere {d} — nessuno")
        elif entry is not None:
            kind = KINDS[entry["stash"]]
            label = Tr(f"Quartier {d} — {kind.fr}", f"District {d} — {kind.en}", it=f"Quartiere {d} — {kind.it}")
        else:
            label = Tr(f"Quartier {d}", f"District {d}", it=f"Quartiere {d}")
        rows.append((label, "…" if entry is None else _result(names, d, entry)))
    return Panel(Tr(f"Gains et pertes — manche {v['round']}", f"Gains and losses — round {v['round']}",
                    it=f"Guadagni e perdite — round {v['round']}"),
                 tuple(rows),
                 note=Tr(f"Vol : chaque autre gang verse {STEAL[v['players']]} F (un gang à court paie "
                         f"ce qu'il a). Receleur : {FENCE_PER_BURGLARY} F par cambriolage que son majoritaire a "
                         f"réussi cette manche, et 1 renfort. Renforts : {REINFORCEMENT_PIECES} pièces dans la "
                         "boîte.",
                         f"Steal: each other gang pays {STEAL[v['players']]} F (a gang short of money "
                         f"pays what it has). Fence: {FENCE_PER_BURGLARY} F per burglary its majority player won "
                         f"this round, and 1 reinforcement. Reinforcements: {REINFORCEMENT_PIECES} pieces in the "
                         "box.",
                         it=f"Furto: ogni altra banda versa {STEAL[v['players']]} F (una banda a corto paga quello "
                            f"che ha). Ricettatore: {FENCE_PER_BURGLARY} F per scasso riuscito dal suo "
                            f"maggioritario in questo round, e 1 rinforzo. Rinforzi: {REINFORCEMENT_PIECES} pezzi "
                            "nella scatola."))


def _result(names: list[str], district: int, entry: dict[str, Any]) -> Value:
    w = entry.get("winner")
    if w is None:
        return "—"
    who = names[w]
    if district == BOURGEOIS_DISTRICT:
        return Tr(f"{who} : ?", f"{who}: ?", it=f"{who}: ?") if "draw" in entry else who
    stash = entry.get("stash")
    if district == FENCE_DISTRICT or stash in ("money", "valuables"):
        return _named(who, francs(entry["amount"], "+"))
    if stash == "steal":
        got = francs(sum(entry["paid"].values()), "+")
        paid = [(names[int(s)], a) for s, a in entry["paid"].items()]
        return Tr(f"{who} {got.fr} (" + ", ".join(f"{n} −{number(a, 'fr')}" for n, a in paid) + ")",
                  f"{who} {got.en} (" + ", ".join(f"{n} −{number(a, 'en')}" for n, a in paid) + ")",
                  it=f"{who} {got.it} (" + ", ".join(f"{n} −{number(a, 'it')}" for n, a in paid) + ")")
    if stash == "reinforcements":
        return f"{who} +{entry['reinforcements']}"
    return f"{who} −1"


def _named(who: str, amount: Tr) -> Tr:
    return Tr(f"{who} {amount.fr}", f"{who} {amount.en}", it=f"{who} {amount.it}")


def _bourgeois_panel(v: ApachesState) -> Panel:
    names = v["names"]
    rows: list[tuple[Tr, Value]] = [(Tr("Dans le sac", "In the bag",
                                        it="Nel sacchetto"), v["bags"]["bourgeois"]["left"])]
    for d in draws(v):
        r, who, token = d.get("round", "?"), names[d["seat"]], d["token"]
        if token == HIDDEN or not d["revealed"]:  # public panel: its holder's view is no excuse
            seen = Tr(" (vu)", " (seen)", it=" (visto)") if d["seen"] else Tr(" (pas encore vu)", " (not seen yet)",
                                                               it=" (non ancora visto)")
            rows.append((Tr(f"Manche {r} : {who}{seen.fr}", f"Round {r}: {who}{seen.en}",
                            it=f"Round {r}: {who}{seen.it}"), "?"))
        elif token == "policeman":
            rows.append((Tr(f"Manche {r} : {who} — l'agent de ville",
                            f"Round {r}: {who} — the undercover policeman",
                            it=f"Round {r}: {who} — il poliziotto in borghese"), _policeman(v)))
        else:
            rows.append((Tr(f"Manche {r} : {who} — un bourgeois", f"Round {r}: {who} — a bourgeois",
                            it=f"Round {r}: {who} — un borghese"),
                         francs(BOURGEOIS_VALUE, "+")))
    return Panel(Tr("Bourgeois (1 des 4 est un agent de ville)",
                    "Bourgeois (1 of the 4 is an undercover policeman)",
                    it="Borghesi (1 dei 4 è un poliziotto in borghese)"),
                 tuple(rows),
                 note=Tr("Les identités restent secrètes jusqu'à la fin de la partie.",
                         "Identities stay secret until the end of the game.",
                         it="Le identità restano segrete fino alla fine della "
                            "partita.") if not v["finished"] else None)


def _private_panel(v: ApachesState, seat: int) -> Panel | None:
    """The holder's own bourgeois; an identity shows only once its « seen » event is recorded, so
    nobody can look at a draw and then undo it."""
    rows: list[tuple[Tr, Value]] = []
    for d in draws(v):
        if d["seat"] != seat or d["revealed"] or d["token"] == HIDDEN:
            continue
        r = d.get("round", "?")
        if not d["seen"]:
            rows.append((Tr(f"Manche {r} : pas encore regardé (bouton « Regarder mon bourgeois »)",
                            f"Round {r}: not looked at yet (\"Look at my bourgeois\" button)",
                            it=f"Round {r}: non ancora guardato (pulsante «Guarda il mio borghese»)"), "?"))
        elif d["token"] == "policeman":
            rows.append((Tr(f"Manche {r} : l'agent de ville !", f"Round {r}: the undercover policeman!",
                            it=f"Round {r}: il poliziotto in borghese!"),
                         _policeman(v)))
        else:
            rows.append((Tr(f"Manche {r} : un bourgeois", f"Round {r}: a bourgeois", it=f"Round {r}: un borghese"),
                         francs(BOURGEOIS_VALUE, "+")))
    if not rows:
        return None
    return Panel(Tr("Vos bourgeois (secret)", "Your bourgeois (secret)",
                    it="I vostri borghesi (segreto)"), tuple(rows), seat=seat,
                 note=Tr("Ne le révélez pas : l'appli les dévoile à la fin de la 3e manche. " + _cost(v).fr,
                         "Do not tell: the app reveals them at the end of round 3. " + _cost(v).en,
                         it="Non rivelatelo: l'app li svela alla fine del 3° round. " + _cost(v).it))


def _cost(v: ApachesState) -> Tr:
    if v["house"]["policeman_is_bourgeois"]:
        return Tr(f"L'agent de ville rapporte {BOURGEOIS_VALUE} F (règle maison), en coûte {POLICEMAN_FINE} et "
                  "envoie un de vos meneurs en prison.",
                  f"The policeman earns {BOURGEOIS_VALUE} F (house rule), costs {POLICEMAN_FINE} F and sends one "
                  "of your leaders to prison.",
                  it=f"Il poliziotto in borghese frutta {BOURGEOIS_VALUE} F (regola della casa), ne costa "
                     f"{POLICEMAN_FINE} e manda in prigione uno dei vostri capi.")
    return Tr(f"L'agent de ville coûte {POLICEMAN_FINE} F et envoie un de vos meneurs en prison.",
              f"The policeman costs {POLICEMAN_FINE} F and sends one of your leaders to prison.",
              it=f"Il poliziotto in borghese costa {POLICEMAN_FINE} F e manda in prigione uno dei vostri capi.")


def _policeman(v: ApachesState) -> Tr:
    """What the policeman is worth to its holder: −200 F, or 0 F when the house rule pays him as a bourgeois."""
    if v["house"]["policeman_is_bourgeois"]:
        return Tr(f"+{BOURGEOIS_VALUE} − {POLICEMAN_FINE} F", f"+{BOURGEOIS_VALUE} − {POLICEMAN_FINE} F",
                  it=f"+{BOURGEOIS_VALUE} − {POLICEMAN_FINE} F")
    return francs(POLICEMAN_FINE, "−")


def _final_panel(v: ApachesState) -> Panel:
    sheet = score_holdings(holdings(v), v["house"])
    gains = v["house"]["count_gains"]
    rows: list[tuple[Tr, Value]] = []
    for row in sheet.ranking:
        b, ops = row.breakdown, row.extra["operational"]
        parts = (b["gains" if gains else "wallet"], b["bourgeois"], -b["policeman"], b["apaches"], row.total)
        fr, en = (tuple(number(x, lang) for x in parts) for lang in ("fr", "en"))
        rows.append((Tr(f"{row.rank}. {row.name}", f"{row.rank}. {row.name}", it=f"{row.rank}. {row.name}"),
                     Tr(f"{fr[0]} + {fr[1]} − {fr[2]} + {fr[3]} = {fr[4]} F ({ops} Apaches)",
                        f"{en[0]} + {en[1]} − {en[2]} + {en[3]} = {en[4]} F ({ops} Apaches)",
                        it=f"{number(parts[0], 'it')} + {number(parts[1], 'it')} − {number(parts[2], 'it')} + "
                           f"{number(parts[3], 'it')} = {number(parts[4], 'it')} F ({ops} Apache)")))
    shared = len(sheet.winners) > 1
    first = (Tr("Gains des planques", "Stash gains",
                it="Guadagni dei nascondigli") if gains else Tr("Porte-monnaie", "Wallet", it="Borsellino"))
    return Panel(Tr("Décompte final", "Final count", it="Conteggio finale"), tuple(rows),
                 note=Tr(f"{first.fr} + bourgeois − agent de ville + 50 F par Apache opérationnel. Le "
                         "plus riche gagne ; à égalité, le plus d'Apaches ; sinon victoire partagée."
                         + (" Victoire partagée !" if shared else ""),
                         f"{first.en} + bourgeois − policeman + 50 F per operational Apache. The richest wins; "
                         "on a tie, most Apaches; otherwise the victory is shared."
                         + (" Shared victory!" if shared else ""),
                         it=f"{first.it} + borghesi − poliziotto in borghese + 50 F per Apache operativo. "
                            "Vince il più ricco; in caso di parità, chi ha più Apache; altrimenti vittoria condivisa."
                            + (" Vittoria condivisa!" if shared else "")))


def panels_for(state: ApachesState, v: ApachesState, seat: int | None) -> list[Panel]:
    """The panels of ``seat``'s screen, from its view ``v`` (``state`` is not read for secrets)."""
    out = [_match_panel(v)]
    # the panels of one phase or another are named (Panel.key): the others keep their places on the screen
    if v["phase"] == "over":
        out.append(replace(_final_panel(v), key="final"))
    if v["set_aside"] and v["phase"] in ("turns", "last_order"):
        out.append(replace(_set_aside_panel(v), key="set-aside"))
    if v["phase"] == "settlement":
        out.append(replace(_settlement_panel(v), key="settlement"))
    out += [_gang_panel(v, s) for s in range(v["players"])]
    if seat is not None:
        private = _private_panel(v, seat)
        if private is not None:
            out.append(replace(private, key="mine"))
    out.append(_bourgeois_panel(v))
    return out
