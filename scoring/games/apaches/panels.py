"""Les Apaches de Paris: what the match screen shows (built from a view, so no secret leaks).

>>> from scoring.games.apaches.moves import initial
>>> state = initial({"players": 2, "configuration": [1, 2, 3, 6, 8, 9], "first_player": 1}, ["A", "B"])
>>> [p.title.en for p in panels_for(state, state, None)][:3]
['Round 1 / 3 — Start of round', "A's gang", "B's gang"]
"""

from __future__ import annotations

from typing import Any

from scoring.core import HIDDEN, Panel, State, Tr
from scoring.games.apaches import moves as play
from scoring.games.apaches.rules import (
    BAIL,
    BOURGEOIS_DISTRICT,
    BOURGEOIS_VALUE,
    FENCE_DISTRICT,
    POLICEMAN_FINE,
    ROUNDS,
    STASHES,
    STEAL,
    TURNS,
    score_holdings,
)

PHASES = {
    "round_start": Tr("Début de manche", "Start of round"),
    "turns": Tr("Tours de jeu", "Turns"),
    "last_order": Tr("Ordre du dernier tour", "Last-turn order"),
    "settlement": Tr("Gains et pertes", "Gains and losses"),
    "reveal": Tr("Les bourgeois vont être dévoilés", "The bourgeois are about to be revealed"),
    "over": Tr("Partie terminée", "Game over"),
}
KINDS = {
    "money": Tr("argent", "money"), "valuables": Tr("cambriolage", "burglary"),
    "steal": Tr("vol", "steal"), "reinforcements": Tr("renforts", "reinforcements"),
    "wounded": Tr("meneur blessé", "leader wounded"), "killed": Tr("meneur tué", "leader killed"),
    "prison": Tr("meneur emprisonné", "leader imprisoned"),
}


def _ordinal(n: int) -> Tr:
    return Tr("1re" if n == 1 else f"{n}e", {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th"))


def _districts(ds: list[int]) -> str:
    return ", ".join(str(d) for d in ds) or "—"


def _match_panel(v: State) -> Panel:
    names, phase, r = v["names"], v["phase"], v["round"]
    title = Tr(f"Manche {r} / {ROUNDS} — {PHASES[phase].fr}", f"Round {r} / {ROUNDS} — {PHASES[phase].en}")
    rows: list[tuple[Tr, str]] = [
        (Tr("1er joueur", "1st player"), names[v["first_player"]]),
        (Tr("Quartiers en jeu", "Districts in play"), _districts(v["districts"])),
        (Tr("Quartiers interdits", "Prohibited districts"), _districts(v["prohibited"])),
    ]
    note = None
    if phase == "turns":
        cur = play.current_seat(v)
        rows += [(Tr("Tour", "Turn"), f"{v['turn']} / {TURNS}"),
                 (Tr("À jouer", "To play"), names[cur] if cur is not None else "—"),
                 (Tr("Ordre du tour", "Turn order"), ", ".join(names[s] for s in v["order"]))]
        if v["turn"] == TURNS and v["last_counts"] is not None:
            rows.append((Tr("Apaches devant chacun", "Apaches in front of each"),
                         ", ".join(f"{n} {c}" for n, c in zip(names, v["last_counts"], strict=True))))
            note = Tr("Dernier tour : le joueur qui a le plus d'Apaches devant lui joue en premier ; "
                      "à égalité, sens horaire à partir du 1er joueur.",
                      "Last turn: the player with most Apaches in front of them plays first; on a tie, "
                      "clockwise from the 1st player.")
    elif phase == "last_order":
        note = Tr("Chacun n'a plus qu'une planque : comptez les Apaches (meneurs + novices + renforts) "
                  "encore devant chaque joueur pour l'ordre du dernier tour.",
                  "Everyone has one stash left: count the Apaches (leaders + novices + reinforcements) "
                  "still in front of each player for the last turn's order.")
    elif phase == "round_start" and r > 1:
        note = Tr("Regroupez et mélangez les planques par couleur ; le pion 1er joueur a changé de main.",
                  "Gather and shuffle the stashes by colour; the 1st player counter has changed hands.")
    return Panel(title, tuple(rows), note=note)


def _set_aside_panel(v: State) -> Panel:
    rows = []
    for d, pos in v["set_aside"].items():
        n = STASHES[int(d)]
        o = _ordinal(pos)
        rows.append((Tr(f"Quartier {d} : la {o.fr} planque depuis le dessus du tas",
                        f"District {d}: the {o.en} stash from the top of the pile"), f"{pos} / {n}"))
    return Panel(Tr("Planques mises de côté cette manche", "Stashes set aside this round"), tuple(rows),
                 note=Tr("Retirez-la toiture visible, hors du plateau, sans que personne ne voie sa valeur.",
                         "Set it aside roof up, off the board, without anyone seeing its value."))


def _gang_panel(v: State, seat: int) -> Panel:
    g, r, name = v["gangs"][seat], v["round"], v["names"][seat]
    ended = v["phase"] in ("reveal", "over")
    rows: list[tuple[Tr, str]] = [
        (Tr("Porte-monnaie", "Wallet"), f"{g['wallet']} F"),
        (Tr("Meneurs avec le gang", "Leaders with the gang"), str(play.free_leaders(g))),
    ]
    hospital, prison = Tr("À l'hôpital", "In hospital"), Tr("En prison", "In prison")
    if ended:
        back = Tr("après la 3e manche, non opérationnels", "after round 3, not operational")
        lines = [("hospital", hospital, back), ("prison", prison, back)]
    else:
        now = Tr(f"retour fin de manche {r}", f"back at the end of round {r}")
        later = Tr(f"retour fin de manche {r + 1}", f"back at the end of round {r + 1}")
        bail = Tr(f"{now.fr}, caution {BAIL} F", f"{now.en}, bail {BAIL} F")
        lines = [("hospital", hospital, now), ("hospital_next", hospital, later),
                 ("prison", prison, bail), ("prison_next", prison, later)]
    for key, what, when in lines:
        if g[key]:
            rows.append((Tr(f"{what.fr} ({when.fr})", f"{what.en} ({when.en})"), str(g[key])))
    if g["cemetery"]:
        rows.append((Tr("Au cimetière", "In the cemetery"), str(g["cemetery"])))
    rows.append((Tr("Novices pas encore joués", "Novices not yet played"), str(g["novices"])))
    if g["reinforcements"]:
        label = (Tr("Renforts opérationnels (fin de partie)", "Reinforcements, operational (game end)")
                 if ended else Tr(f"Renforts à jouer en manche {r}", f"Reinforcements to use in round {r}"))
        rows.append((label, str(g["reinforcements"])))
    if g["reinforcements_next"]:
        rows.append((Tr(f"Renforts à jouer en manche {r + 1}", f"Reinforcements to use in round {r + 1}")
                     if r < ROUNDS else Tr("Renforts gagnés (opérationnels à la fin)",
                                           "Reinforcements earned (operational at the end)"),
                     str(g["reinforcements_next"])))
    held = [d for d in v["bags"][play.BAG]["draws"] if d["seat"] == seat]
    if held:
        rows.append((Tr("Bourgeois détenus", "Bourgeois held"), str(len(held))))
    return Panel(Tr(f"Gang de {name}", f"{name}'s gang"), tuple(rows))


def _settlement_panel(v: State) -> Panel:
    names, rows = v["names"], []
    for d in v["districts"]:
        entry: dict[str, Any] | None = v["settled"].get(str(d))
        # Words go in the label (French and English); the value keeps to names and numbers.
        if d == BOURGEOIS_DISTRICT:
            empty = entry is not None and entry.get("winner") is not None and "draw" not in entry
            label = (Tr("Quartier 8 — bourgeois (sac vide)", "District 8 — bourgeois (bag empty)") if empty
                     else Tr("Quartier 8 — bourgeois", "District 8 — bourgeois"))
        elif d == FENCE_DISTRICT:
            label = Tr("Quartier 9 — receleur", "District 9 — fence")
            if entry is not None and entry.get("winner") is not None:
                n = entry["reinforcements"]
                label = Tr(f"{label.fr} : {entry['burglaries']} cambriolage(s), +{n} renfort",
                           f"{label.en}: {entry['burglaries']} burglary(ies), +{n} reinforcement")
        elif entry is not None and entry.get("winner") is None:  # nobody there: the stash says nothing
            label = Tr(f"Quartier {d} — personne", f"District {d} — nobody")
        elif entry is not None:
            kind = KINDS[entry["stash"]]
            label = Tr(f"Quartier {d} — {kind.fr}", f"District {d} — {kind.en}")
        else:
            label = Tr(f"Quartier {d}", f"District {d}")
        rows.append((label, "…" if entry is None else _result(names, d, entry)))
    return Panel(Tr(f"Gains et pertes — manche {v['round']}", f"Gains and losses — round {v['round']}"),
                 tuple(rows),
                 note=Tr(f"Vol : chaque autre gang verse {STEAL[v['players']]} F (un gang à court paie "
                         "ce qu'il a). Receleur : 250 F par cambriolage que son majoritaire a réussi cette "
                         "manche, et 1 renfort. Renforts : 5 pièces dans la boîte.",
                         f"Steal: each other gang pays {STEAL[v['players']]} F (a gang short of money "
                         "pays what it has). Fence: 250 F per burglary its majority player won this round, "
                         "and 1 reinforcement. Reinforcements: 5 pieces in the box."))


def _result(names: list[str], district: int, entry: dict[str, Any]) -> str:
    w = entry.get("winner")
    if w is None:
        return "—"
    who = names[w]
    if district == BOURGEOIS_DISTRICT:
        return f"{who} : ?" if "draw" in entry else who
    if district == FENCE_DISTRICT:
        return f"{who} +{entry['amount']} F"
    stash = entry["stash"]
    if stash in ("money", "valuables"):
        return f"{who} +{entry['amount']} F"
    if stash == "steal":
        got = sum(entry["paid"].values())
        paid = ", ".join(f"{names[int(s)]} −{a}" for s, a in entry["paid"].items())
        return f"{who} +{got} F ({paid})"
    if stash == "reinforcements":
        return f"{who} +{entry['reinforcements']}"
    return f"{who} −1"


def _bourgeois_panel(v: State) -> Panel:
    bag, names = v["bags"][play.BAG], v["names"]
    rows = [(Tr("Dans le sac", "In the bag"), str(bag["left"]))]
    for d in bag["draws"]:
        r, who, token = d.get("round", "?"), names[d["seat"]], d["token"]
        if token == HIDDEN or not d["revealed"]:  # public panel: its holder's view is no excuse
            seen = Tr(" (vu)", " (seen)") if d["seen"] else Tr(" (pas encore vu)", " (not seen yet)")
            rows.append((Tr(f"Manche {r} : {who}{seen.fr}", f"Round {r}: {who}{seen.en}"), "?"))
        elif token == "policeman":
            rows.append((Tr(f"Manche {r} : {who} — l'agent de ville",
                            f"Round {r}: {who} — the undercover policeman"), f"−{POLICEMAN_FINE} F"))
        else:
            rows.append((Tr(f"Manche {r} : {who} — un bourgeois", f"Round {r}: {who} — a bourgeois"),
                         f"+{BOURGEOIS_VALUE} F"))
    return Panel(Tr("Bourgeois (1 des 4 est un agent de ville)",
                    "Bourgeois (1 of the 4 is an undercover policeman)"),
                 tuple(rows),
                 note=Tr("Les identités restent secrètes jusqu'à la fin de la partie.",
                         "Identities stay secret until the end of the game.") if not v["finished"] else None)


def _private_panel(v: State, seat: int) -> Panel | None:
    """The holder's own bourgeois; an identity shows only once its « seen » event is recorded, so
    nobody can look at a draw and then undo it."""
    rows = []
    for d in v["bags"][play.BAG]["draws"]:
        if d["seat"] != seat or d["revealed"] or d["token"] == HIDDEN:
            continue
        r = d.get("round", "?")
        if not d["seen"]:
            rows.append((Tr(f"Manche {r} : pas encore regardé (bouton « Regarder mon bourgeois »)",
                            f"Round {r}: not looked at yet (\"Look at my bourgeois\" button)"), "?"))
        elif d["token"] == "policeman":
            rows.append((Tr(f"Manche {r} : l'agent de ville !", f"Round {r}: the undercover policeman!"),
                         f"−{POLICEMAN_FINE} F"))
        else:
            rows.append((Tr(f"Manche {r} : un bourgeois", f"Round {r}: a bourgeois"),
                         f"+{BOURGEOIS_VALUE} F"))
    if not rows:
        return None
    return Panel(Tr("Vos bourgeois (secret)", "Your bourgeois (secret)"), tuple(rows), seat=seat,
                 note=Tr("Ne le révélez pas : l'appli les dévoile à la fin de la 3e manche. L'agent de "
                         "ville coûte 200 F et envoie un de vos meneurs en prison.",
                         "Do not tell: the app reveals them at the end of round 3. The policeman costs "
                         "200 F and sends one of your leaders to prison."))


def _final_panel(v: State) -> Panel:
    sheet = score_holdings(play.holdings(v))
    rows = []
    for row in sheet.ranking:
        b = row.breakdown
        rows.append((Tr(f"{row.rank}. {row.name}", f"{row.rank}. {row.name}"),
                     f"{b['wallet']} + {b['bourgeois']} − {-b['policeman']} + {b['apaches']} "
                     f"= {row.total} F ({row.extra['operational']} Apaches)"))
    shared = len(sheet.winners) > 1
    return Panel(Tr("Décompte final", "Final count"), tuple(rows),
                 note=Tr("Porte-monnaie + bourgeois − agent de ville + 50 F par Apache opérationnel. Le "
                         "plus riche gagne ; à égalité, le plus d'Apaches ; sinon victoire partagée."
                         + (" Victoire partagée !" if shared else ""),
                         "Wallet + bourgeois − policeman + 50 F per operational Apache. The richest wins; "
                         "on a tie, most Apaches; otherwise the victory is shared."
                         + (" Shared victory!" if shared else "")))


def panels_for(state: State, v: State, seat: int | None) -> list[Panel]:
    """The panels of ``seat``'s screen, from its view ``v`` (``state`` is not read for secrets)."""
    out = [_match_panel(v)]
    if v["phase"] == "over":
        out.append(_final_panel(v))
    if v["set_aside"] and v["phase"] in ("turns", "last_order"):
        out.append(_set_aside_panel(v))
    if v["phase"] == "settlement":
        out.append(_settlement_panel(v))
    out += [_gang_panel(v, s) for s in range(v["players"])]
    if seat is not None:
        private = _private_panel(v, seat)
        if private is not None:
            out.append(private)
    out.append(_bourgeois_panel(v))
    return out
