"""Les Apaches de Paris: the set-up options (house rules included), the set-up generator and its instructions.

>>> import random
>>> record = make_setup(validate({"players": 3, "configuration": "first"}), random.Random(2)).record
>>> record["configuration"], record["prohibited"], record["first_player"]
([1, 4, 5, 6, 7, 8, 9], [2, 3], 0)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from scoring.core import InvalidOptions, Option, Setup, Tr
from scoring.games.apaches.rules import (
    BOURGEOIS_TOKENS,
    BOURGEOIS_VALUE,
    FIRST_GAME,
    LEADERS,
    NOVICES,
    PROHIBITED_COUNTERS,
    REINFORCEMENT_PIECES,
    START_WALLET,
    STASHES,
    config_key,
    configurations,
    prohibited,
)
from scoring.games.apaches.texts import districts


def _configuration_choices() -> tuple[tuple[str, Tr], ...]:
    out = [("first", Tr("Première partie (tableau)", "First game (the table)", it="Prima partita (tabella)")),
           ("random", Tr("Au hasard", "At random", it="A caso"))]
    for n in (2, 3, 4):
        for c in configurations(n):
            key = config_key(c)
            out.append((key, Tr(f"{n} joueurs : {key}", f"{n} players: {key}", it=f"{n} giocatori: {key}")))
    return tuple(out)


OPTIONS = (
    Option("players", Tr("Joueurs", "Players", it="Giocatori"), "int", 3, minimum=2, maximum=4),
    Option("configuration", Tr("Quartiers en jeu", "Districts in play", it="Quartieri in gioco"), "choice", "first",
           choices=_configuration_choices(),
           help=Tr("Chaque manche, on retire une planque par quartier et chacun en prend six : "
                   "toute configuration où planques − quartiers = 6 × joueurs est valable.",
                   "Each round one stash per district is set aside and everyone takes six: any "
                   "configuration where stashes − districts = 6 × players is valid.",
                   it="A ogni round si toglie un nascondiglio per quartiere e ognuno ne prende sei: ogni "
                      "configurazione in cui nascondigli − quartieri = 6 × giocatori è valida.")),
    Option("policeman_is_bourgeois", Tr("L'agent de ville rapporte aussi 200 F",
                                        "The policeman also earns 200 F",
                                        it="Il poliziotto in borghese frutta anche "
                                           "200 F"), "bool", False, house_rule=True,
           help=Tr(f"Lecture de « Parmi les 4 bourgeois » : l'agent de ville compte comme un bourgeois "
                   f"(+{BOURGEOIS_VALUE} F), puis perd 200 F et un meneur ; par défaut il ne rapporte rien.",
                   f"Reading of “among the 4 bourgeois”: the policeman counts as a bourgeois "
                   f"(+{BOURGEOIS_VALUE} F), then loses 200 F and a leader; by default he earns nothing.",
                   it="Lettura di «Tra i 4 borghesi»: il poliziotto in borghese conta come un borghese "
                      f"(+{BOURGEOIS_VALUE} F), poi perde 200 F e un capo; per impostazione predefinita non frutta "
                      "nulla.")),
    Option("count_gains", Tr("Le gagnant est compté sur le total des gains",
                             "The winner is counted on the total gains",
                             it="Il vincitore si conta sul totale dei guadagni"), "bool", False, house_rule=True,
           help=Tr("Par défaut, l'argent du porte-monnaie (500 F de départ, cautions et vols compris) ; "
                   "l'autre lecture additionne ce que les planques et le receleur ont rapporté.",
                   "By default, the money in the wallet (500 F start, bail and thefts included); the other "
                   "reading adds up what the stashes and the fence brought in.",
                   it="Per impostazione predefinita, il denaro del borsellino (500 F di partenza, cauzioni e furti "
                      "compresi); l'altra lettura somma quanto hanno fruttato i nascondigli e il ricettatore.")),
)


def validate(out: dict[str, Any]) -> dict[str, Any]:
    """The options once the contract has checked their types: the configuration must fit the players."""
    choice = out["configuration"]
    if choice not in ("first", "random"):
        valid = [config_key(c) for c in configurations(out["players"])]
        if choice not in valid:
            said = dict(_configuration_choices())[choice]  # a choice the contract let through: one of them
            raise InvalidOptions.about("configuration", Tr(
                f"« {said.fr} » n'est pas une configuration à {out['players']} joueurs (valables : {', '.join(valid)})",
                f"“{said.en}” is not a {out['players']}-player configuration (valid: {', '.join(valid)})",
                it=f"«{said.get('it')}» non è una configurazione a {out['players']} giocatori "
                   f"(valide: {', '.join(valid)})"))
    return out


def make_setup(options: Mapping[str, Any], rng: random.Random) -> Setup:
    n = options["players"]
    choice = options["configuration"]
    if choice == "first":
        config, how = FIRST_GAME[n], "first"
    elif choice == "random":
        config, how = rng.choice(configurations(n)), "random"
    else:
        config, how = tuple(int(d) for d in choice.split(".")), "chosen"
    first = rng.randrange(n)
    record = {"options": dict(options), "players": n, "configuration": list(config), "how": how,
              "prohibited": prohibited(config), "first_player": first}
    return Setup(record, instructions(record))


def instructions(record: Mapping[str, Any]) -> tuple[Tr, ...]:
    config, banned = record["configuration"], record["prohibited"]
    how = {"first": ("configuration de première partie", "first-game configuration",
                     "configurazione della prima partita"),
           "random": ("tirée au hasard", "drawn at random", "estratta a caso"),
           "chosen": ("choisie", "chosen", "scelta")}[record["how"]]
    steps = [Tr(f"Quartiers en jeu : {districts(config)} ({how[0]}).",
                f"Districts in play: {districts(config)} ({how[1]}).",
                it=f"Quartieri in gioco: {districts(config)} ({how[2]}).")]
    if banned:
        text = Tr(f"Quartiers TOTALEMENT interdits : {districts(banned)} — posez un pion « quartier "
                  f"interdit » sur chacun et rangez leurs planques dans la boîte.",
                  f"TOTALLY prohibited districts: {districts(banned)} — put a \"prohibited district\" "
                  f"counter on each and put their stashes back in the box.",
                  it=f"Quartieri TOTALMENTE proibiti: {districts(banned)} — mettete un segnalino «quartiere "
                     "proibito» su ciascuno e riponete i loro nascondigli nella scatola.")
        if len(banned) > PROHIBITED_COUNTERS:
            text = Tr(text.fr + f" La boîte n'a que {PROHIBITED_COUNTERS} pions : marquez le dernier "
                      "autrement (une pièce, un billet retourné).",
                      text.en + f" The box has only {PROHIBITED_COUNTERS} counters: mark the last one "
                      "some other way (a coin, a face-down note).",
                      it=text.it + f" La scatola ha solo {PROHIBITED_COUNTERS} segnalini: segnate l'ultimo "
                      "in un altro modo (una moneta, una banconota capovolta).")
        steps.append(text)
    piles = ", ".join(f"{d} ({STASHES[d]})" for d in config if STASHES[d])
    steps += [
        Tr("Mélangez les planques toitures visibles, un tas par quartier à côté de son emplacement : "
           f"{piles}.",
           f"Shuffle the stashes roofs up, one pile per district beside its location: {piles}.",
           it=f"Mescolate i nascondigli col tetto in su, un mucchio per quartiere accanto al suo spazio: {piles}."),
        Tr(f"Placez les {REINFORCEMENT_PIECES} renforts (les « recrues » de la règle) à côté du plateau.",
           f"Put the {REINFORCEMENT_PIECES} reinforcements (the rulebook's \"recruits\") beside the board.",
           it=f"Mettete i {REINFORCEMENT_PIECES} rinforzi (le «reclute» del regolamento) accanto al tabellone."),
        Tr(f"Posez les {len(BOURGEOIS_TOKENS)} bourgeois sur le quartier 8, faces neutres visibles. "
           "L'appli tire les bourgeois et garde leur identité secrète : un pion pris ne sert que de "
           "marqueur, ne regardez pas sa face cachée.",
           f"Put the {len(BOURGEOIS_TOKENS)} bourgeois on district 8, neutral side up. The app draws the "
           "bourgeois and keeps who they are secret: a token taken is only a marker, do not look at "
           "its hidden side.",
           it=f"Mettete i {len(BOURGEOIS_TOKENS)} borghesi sul quartiere 8, col lato neutro in su. L'app pesca i "
              "borghesi e tiene segreta la loro identità: un segnalino preso serve solo da segnaposto, non "
              "guardate il suo lato nascosto."),
        Tr(f"Chaque gang prend {LEADERS} meneurs, {NOVICES} novices et {START_WALLET} F sous son "
           "porte-monnaie.",
           f"Each gang takes {LEADERS} leaders, {NOVICES} novices and {START_WALLET} F under its "
           "wallet.",
           it=f"Ogni banda prende {LEADERS} capi, {NOVICES} novizi e {START_WALLET} F sotto il suo borsellino."),
        Tr(f"1er joueur (tiré au hasard) : la place {record['first_player'] + 1} ; elle prend le pion "
           "« 1er joueur ».",
           f"1st player (drawn at random): seat {record['first_player'] + 1}; they take the "
           "\"1st player\" counter.",
           it=f"1° giocatore (estratto a caso): il posto {record['first_player'] + 1}; prende il segnalino «1° "
              "giocatore»."),
        Tr("Au début de chaque manche, l'appli dit quelle planque de chaque tas mettre de côté, "
           "toiture visible, sans regarder sa valeur ; puis chacun prend ses 6 planques, "
           "à tour de rôle depuis le 1er joueur.",
           "At the start of each round, the app says which stash of each pile to set aside, roof up, "
           "unseen; then everyone takes their 6 stashes in turn from the 1st player.",
           it="All'inizio di ogni round, l'app dice quale nascondiglio di ogni mucchio mettere da parte, col tetto "
              "in su, senza guardarne il valore; poi ognuno prende i suoi 6 nascondigli, a turno dal 1° giocatore."),
    ]
    options = record.get("options") or {}
    if options.get("policeman_is_bourgeois"):
        steps.append(Tr(f"Règle maison : l'agent de ville rapporte aussi {BOURGEOIS_VALUE} F à la fin.",
                        f"House rule: the policeman also earns {BOURGEOIS_VALUE} F at the end.",
                        it=f"Regola della casa: il poliziotto in borghese frutta anche {BOURGEOIS_VALUE} F alla "
                           "fine."))
    if options.get("count_gains"):
        steps.append(Tr("Règle maison : le gagnant est compté sur le total des gains des planques, pas sur "
                        "le porte-monnaie.",
                        "House rule: the winner is counted on the total gains of the stashes, not on the "
                        "wallet.",
                        it="Regola della casa: il vincitore si conta sul totale dei guadagni dei nascondigli, non "
                           "sul borsellino."))
    return tuple(steps)
