"""Le Gang des Traction-Avant: how each move reads in the match's ledger and history (``Move.tell``).

One teller per event type: it reads the event's fields as the move does (:mod:`.fields`) and says what
happened in one short line, in French, English and Italian, with the words of the game's forms and
panels (:mod:`.texts`) and of the rulebook (its Italian half for the Italian).  A teller sees the event
alone: what depends on the match (which phase ``next_phase`` opens, the victim a reprisal avenges, the
cards a café earns under the match's option) is not told.  During play a secret order arrives with its
fields hidden (:data:`SECRET_ORDER`): its line says only that it was given.

>>> recruit({"type": "recruit", "seat": 0, "count": 2, "pay": "points"}, ["Léa", "Sam"]).en
'Léa recruits 2 henchmen for 8 movement points'
>>> order({"type": "order", "seat": 1, "cars": "?", "men": "?"}, ["Léa", "Ange"]).fr
"Ordre secret d'Ange donné"
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoring.core import Secret, Tr
from scoring.core.telling import counted, hidden, listed, name, per_seat
from scoring.core.tr import same
from scoring.core.words import de
from scoring.games.traction_avant.fields import (
    get_bool,
    get_int,
    get_ints,
    get_seat,
    get_seats,
    get_text,
)
from scoring.games.traction_avant.rules import (
    BRIQUE,
    CAFES,
    COHABITATION,
    EXTRA_TIME_PRICE,
    HEIST_MIN,
    HOTELS,
    POWERS,
    RECRUIT_POINTS,
    RECRUIT_PRICE,
    RESERVE,
    check_dice,
    roulette_loser,
    van_loot,
)
from scoring.games.traction_avant.texts import ALLIANCE_STATUS, REPRISAL_STATUS, money

Event = Mapping[str, Any]
Names = Sequence[str]

#: The fields of a secret order that stay hidden until the match is over (the game's ``secret_fields``).
SECRET_ORDER = ("cars", "men", "colts", "stens", "bullets", "targets", "note")

#: how much of a free text (a note, an alliance's terms) a line quotes
QUOTED = 50
#: the fewest pawns of a gang in a café that earn a Super Embrouille card, in either reading of the café
#: rule (:func:`.rules.super_cards`)
SERIES = 3
#: how many dice of a Russian roulette a line shows
ROLLS_SHOWN = 12

# --------------------------------------------------------------------------- words


def _seat(event: Event, key: str, names: Names) -> str:
    """The name of the seat in field ``key``, read as the moves read a seat."""
    return name(names, get_seat(event, key, len(names)))


def _a(who: str) -> str:
    """Italian "a" before a name ("ad" before an a: "ad Anna")."""
    return f"ad {who}" if who[:1].lower() in ("a", "à") else f"a {who}"


def _thunes(amount: int) -> Tr:
    """An amount of Thunes, written as the game's panels write it (:func:`.texts.money`)."""
    return same("{m} Thunes").format(m=money(amount))


def _said(text: str) -> Tr:
    """A free text between quotes, cut to :data:`QUOTED` characters."""
    cut = text if len(text) <= QUOTED else text[:QUOTED - 1].rstrip() + "…"
    return Tr("« {t} »", "“{t}”", it="«{t}»").format(t=cut)


def _noted(line: Tr, note: str) -> Tr:
    """``line`` followed by the note the table wrote, if any."""
    return same("{l} · {n}").format(l=line, n=_said(note)) if note else line


def _capital(text: Tr) -> Tr:
    def up(s: str) -> str:
        return s[:1].upper() + s[1:]

    return Tr(up(text.fr), up(text.en), it=up(text.it))


def _pawns(names: Names, counts: Sequence[int]) -> Tr:
    """The pawns each seat has somewhere: "pions : Léa 4, Sam 2"."""
    return Tr("pions : {l}", "pawns: {l}", it="pedine: {l}").format(l=per_seat(names, counts, keep_zero=False))


def _alliance_no(event: Event) -> int:
    """The alliance's number as the forms show it (the event holds its index, from 0)."""
    return get_int(event, "alliance", 0) + 1


# --------------------------------------------------------------------------- set-up


def choose_boss(event: Event, names: Names) -> Tr:
    """« Chaque joueur choisit le chef de gang qu'il désire incarner, s'installe devant sa base »: the
    form's free text "Chef / base choisi".

    >>> choose_boss({"type": "choose_boss", "seat": 1, "boss": "Le Moko"}, ["Léa", "Ange"]).fr
    "Chef et base d'Ange : Le Moko"
    """
    who = _seat(event, "seat", names)
    boss = get_text(event, "boss", 60, required=True)
    return Tr(f"Chef et base {de(who)} : {boss}", f"{who}'s boss and base: {boss}",
              it=f"Boss e base di {who}: {boss}")


def choose_power(event: Event, names: Names) -> Tr:
    """« Chaque joueur incarne un chef de gang et bénéficie de ses pouvoirs » (« Ogni giocatore incarna un
    boss »)."""
    who = _seat(event, "seat", names)
    boss = POWERS[event["power"]][0]  # a power the game does not know: KeyError, the event reads raw
    return Tr(f"{who} incarne {boss}", f"{who} plays {boss}", it=f"{who} incarna {boss}")


def begin(event: Event, names: Names) -> Tr:
    return Tr("Début du premier tour", "The first turn begins", it="Inizia il primo turno")


# --------------------------------------------------------------------------- the turn


def next_phase(event: Event, names: Names) -> Tr:
    """The event does not say which phase ends (the match's state does): the line says no more."""
    return Tr("Phase suivante", "Next phase", it="Fase successiva")


def cafe(event: Event, names: Names) -> Tr:
    """Who sits in a café for the magouilles (« ne concerne que les joueurs présents dans un ou plusieurs
    cafés »)."""
    seats = get_seats(event, "seats", len(names))
    if not seats:
        return Tr("Personne dans un café", "Nobody in a café", it="Nessuno in un café")
    return Tr("Dans un café : {w}", "In a café: {w}", it="In un café: {w}").format(
        w=listed([name(names, s) for s in seats]))


def recruit(event: Event, names: Names) -> Tr:
    """« Le recrutement d'un homme de main [...] coûte 4 points de mouvement ou 1 brique. »

    >>> recruit({"type": "recruit", "seat": 1, "count": "1", "pay": "money"}, ["Léa", "Sam"]).fr
    'Sam recrute 1 homme de main pour 1\\xa0000\\xa0000 Thunes'
    """
    who = _seat(event, "seat", names)
    count = get_int(event, "count", 1, RESERVE, default=1)
    costs = {"points": Tr("{p} points de mouvement", "{p} movement points",
                          it="{p} punti movimento").format(p=RECRUIT_POINTS * count),
             "money": _thunes(RECRUIT_PRICE * count)}
    cost = costs[event.get("pay", "points")]  # another way to pay: KeyError, the event reads raw
    men = counted(count, Tr("{n} homme de main", "{n} henchman", it="{n} uomo"),
              Tr("{n} hommes de main", "{n} henchmen", it="{n} uomini"))
    return Tr("{w} recrute {m} pour {c}", "{w} recruits {m} for {c}", it="{w} recluta {m} per {c}").format(
        w=who, m=men, c=cost)


def traction(event: Event, names: Names) -> Tr:
    """Traction-Avant cards played for movement (their points depend on the match's option, not told)."""
    who = _seat(event, "seat", names)
    cards = get_int(event, "cards", 1, 10, default=1)
    played = counted(cards, Tr("{n} carte Traction-Avant", "{n} Traction-Avant card", it="{n} carta Traction-Avant"),
                 Tr("{n} cartes Traction-Avant", "{n} Traction-Avant cards", it="{n} carte Traction-Avant"))
    return Tr("{w} joue {c}", "{w} plays {c}", it="{w} gioca {c}").format(w=who, c=played)


def buy_time(event: Event, names: Names) -> Tr:
    """« Tout joueur désirant 3 minutes supplémentaires doit donner 100 000 Thunes à chacun de ses
    adversaires. »"""
    who = _seat(event, "seat", names)
    return Tr("{w} achète 3 minutes de plus : {m} à chaque adversaire",
              "{w} buys 3 more minutes: {m} to each opponent",
              it="{w} compra 3 minuti in più: {m} a ogni avversario").format(w=who, m=_thunes(EXTRA_TIME_PRICE))


def cohabit(event: Event, names: Names) -> Tr:
    """« lui proposer 300 000 Thunes pour cohabiter, le temps d'un tour »."""
    who = _seat(event, "seat", names)
    owner = _seat(event, "owner", names)
    price = _thunes(COHABITATION)
    return Tr("{w} paie {m} à {o} pour cohabiter à l'hôtel", "{w} pays {o} {m} to share a hotel",
              it="{w} paga {m} {a} per coabitare in hotel").format(w=who, m=price, o=owner, a=_a(owner))


def done(event: Event, names: Names) -> Tr:
    who = _seat(event, "seat", names)
    return Tr(f"{who} a fini ses mouvements", f"{who} has finished moving", it=f"{who} ha finito i suoi movimenti")


# --------------------------------------------------------------------------- heists, van, bases


def heists(event: Event, names: Names) -> Tr:
    """The pawns in each bank: « Un casse a lieu dès que trois pions [...] sont présents dans une banque »,
    its loot « une Brique par pion présent ».

    >>> heists({"type": "heists", "bank1": [4, 2], "bank2": [0, 1]}, ["Léa", "Sam"]).en
    'Bank 1: heist, loot of 6,000,000 Thunes (pawns: Léa 4, Sam 2); bank 2: no heist (pawns: Sam 1)'
    """
    n = len(names)
    parts = []
    for b, key in enumerate(("bank1", "bank2")):
        pawns = get_ints(event, key, n, RESERVE)
        if sum(pawns) >= HEIST_MIN:
            what = Tr("casse, butin de {m}", "heist, loot of {m}", it="colpo, bottino di {m}").format(
                m=_thunes(BRIQUE * sum(pawns)))
        elif sum(pawns):
            what = Tr("pas de casse", "no heist", it="nessun colpo")
        else:
            continue
        parts.append(Tr("banque {b} : {w} ({p})", "bank {b}: {w} ({p})", it="banca {b}: {w} ({p})").format(
            b=b + 1, w=what, p=_pawns(names, pawns)))
    if not parts:
        return Tr("Aucun casse ce tour", "No heist this turn", it="Nessun colpo in questo turno")
    return _capital(Tr(" ; ", "; ", it="; ").join(parts))


def _order_shown(event: Event, names: Names) -> Tr:
    """What a revealed order says, in the words of the rulebook's list: « S'enfuir avec une ou plusieurs
    tractions », « Dégainer un Colt et tirer », « Tirer une raffale de Sten »."""
    cars = get_int(event, "cars", 0, default=0)
    men = get_int(event, "men", 0, default=0)
    colts = get_int(event, "colts", 0, default=0)
    stens = get_int(event, "stens", 0, default=0)
    bullets = get_int(event, "bullets", 0, default=0)
    targets = get_seats(event, "targets", len(names))
    parts = []
    if cars:
        flee = Tr("s'enfuir en {c}", "flee in {c}", it="fuggire con {c}").format(c=counted(
            cars, Tr("{n} traction", "{n} car", it="{n} Traction-Avant"),
            Tr("{n} tractions", "{n} cars", it="{n} Traction-Avant")))
        if men:  # not said: as many of the men who do not shoot as the cars carry (the match knows how many)
            flee = Tr("{f} avec {m}", "{f} with {m}", it="{f} e {m}").format(f=flee, m=counted(
                men, Tr("{n} homme", "{n} man", it="{n} uomo"), Tr("{n} hommes", "{n} men", it="{n} uomini")))
        parts.append(flee)
    guns = []
    if colts:
        guns.append(counted(colts, same("{n} Colt"), Tr("{n} Colts", "{n} Colts", it="{n} Colt")))
    if stens:
        guns.append(same("{s} ({b})").format(
            s=counted(stens, same("{n} Sten"), Tr("{n} Stens", "{n} Stens", it="{n} Sten")),
            b=counted(bullets, Tr("{n} balle", "{n} bullet", it="{n} colpo"),
                  Tr("{n} balles", "{n} bullets", it="{n} colpi"))))
    if guns:
        shoot = Tr("tirer avec {g}", "fire {g}", it="sparare con {g}").format(
            g=Tr(" et ", " and ", it=" e ").join(guns))
        if targets:
            shoot = Tr("{s} sur {t}", "{s} at {t}", it="{s} su {t}").format(
                s=shoot, t=listed([name(names, s) for s in targets]))
        parts.append(shoot)
    if not parts:
        return Tr("rester sans tirer", "stay without shooting", it="restare senza sparare")
    return Tr(" ; ", "; ", it="; ").join(parts)


def order(event: Event, names: Names) -> Tr:
    """A secret order after a heist (« Les joueurs inscrivent ensuite secrètement leurs intentions »):
    during play its fields are hidden and the line says only whose order it is; once the match is over
    it tells the order.

    >>> order({"type": "order", "seat": 0, "cars": 1, "men": 3, "colts": 0, "stens": 1, "bullets": 4,
    ...        "targets": [1], "note": ""}, ["Léa", "Sam"]).en
    "Léa's secret order: flee in 1 car with 3 men; fire 1 Sten (4 bullets) at Sam"
    """
    who = _seat(event, "seat", names)
    if all(hidden(event[k]) for k in SECRET_ORDER if k in event):
        # hidden (or no field at all to tell: an order of nothing but the defaults reads as a secret one; so
        # does a player's note "?" with no other field)
        return Tr(f"Ordre secret {de(who)} donné", f"{who}'s secret order given", it=f"Ordine segreto di {who} dato")
    line = Tr("Ordre secret {d} : {o}", "{w}'s secret order: {o}", it="Ordine segreto di {w}: {o}").format(
        d=de(who), w=who, o=_order_shown(event, names))
    return _noted(line, get_text(event, "note", 300))


def combat_round(event: Event, names: Names) -> Tr:
    return Tr("Nouvelle manche de combat", "New combat round", it="Nuovo passaggio di combattimento")


def split(event: Event, names: Names) -> Tr:
    """« A la fin des combats, les survivants se partagent le butin. »"""
    n = len(names)
    shares = get_ints(event, "shares", n, BRIQUE * RESERVE * n)
    kept = [same("{w} {m}").format(w=name(names, s), m=money(share))
            for s, share in enumerate(shares) if share]
    if not kept:
        return Tr("Partage final du butin : personne ne garde rien", "Final split of the loot: nobody keeps anything",
                  it="Spartizione finale del bottino: nessuno tiene niente")
    return Tr("Partage final du butin (Thunes) : {k}", "Final split of the loot (Thunes): {k}",
              it="Spartizione finale del bottino (Thunes): {k}").format(k=same(", ").join(kept))


def van_move(event: Event, names: Names) -> Tr:
    """« Le premier joueur lance deux dés pour déterminer le nombre de cases de rues que parcourra le
    fourgon. »"""
    a, b = check_dice(event.get("dice"))
    return Tr(f"Le fourgon postal parcourt {a + b} cases ({a} + {b})", f"The postal van drives {a + b} squares "
              f"({a} + {b})", it=f"Il furgone postale percorre {a + b} caselle ({a} + {b})")


def van_attack(event: Event, names: Names) -> Tr:
    """« Le pion ayant rafflé le butin » (« La pedina che arraffa il bottino »): 2 dice × 200 000 Thunes."""
    who = _seat(event, "seat", names)
    dice = check_dice(event.get("dice"))
    return Tr("{w} attaque le fourgon postal et rafle {m} (dés : {a} + {b})",
              "{w} attacks the postal van and takes {m} (dice: {a} + {b})",
              it="{w} attacca il furgone postale e arraffa {m} (dadi: {a} + {b})").format(
        w=who, m=_thunes(van_loot(dice)), a=dice[0], b=dice[1])


def van_pass(event: Event, names: Names) -> Tr:
    return Tr("Le fourgon postal n'est pas attaqué", "Nobody attacks the postal van",
              it="Il furgone postale non viene attaccato")


def base_attack(event: Event, names: Names) -> Tr:
    """« Si l'attaque réussit, les agresseurs repartent avec un butin évalué à 1 Brique par pion engagé. »

    >>> base_attack({"type": "base_attack", "defender": 0, "engaged": [0, 3], "success": False},
    ...             ["Ange", "Sam"]).fr
    "Attaque de la base d'Ange (pions : Sam 3) : repoussée"
    """
    defender = _seat(event, "defender", names)
    engaged = get_ints(event, "engaged", len(names), RESERVE)
    outcome = (Tr("réussie, 1 brique par pion engagé", "succeeded, 1 million per pawn engaged",
                  it="riuscito, 1 milione per pedina impegnata") if get_bool(event, "success", True)
               else Tr("repoussée", "repelled", it="respinto"))
    return Tr("Attaque de la base {d} ({p}) : {o}", "Attack on {w}'s base ({p}): {o}",
              it="Attacco alla base di {w} ({p}): {o}").format(d=de(defender), w=defender, p=_pawns(names, engaged),
                                                                 o=outcome)


# --------------------------------------------------------------------------- phase 5: cards


def cards(event: Event, names: Names) -> Tr:
    """The pawns that earn cards: « autant de cartes « Embrouille » qu'ils ont de pions dans des hôtels, et
    autant de cartes « Super Embrouille » qu'ils ont de séries de 3 pions dans des cafés ».  How many Super
    Embrouille a café gives follows the match's option, which the event does not show: the line gives the
    pawns of each café that holds 3 or more of a gang's (the only ones that give a card, in either reading).

    >>> cards({"type": "cards", "hotels": [2, 0], "cafe1": [5, 2], "cafe2": [0, 0], "cafe3": [4, 0]},
    ...       ["Léa", "Sam"]).en
    'Cards to take · pawns in hotels: Léa 2 · in cafés (3 or more): Léa 5 + 4'
    """
    n = len(names)
    hotels = get_ints(event, "hotels", n, HOTELS)
    cafes = [get_ints(event, f"cafe{c + 1}", n, RESERVE) for c in range(CAFES)]
    in_hotels = ", ".join(f"{name(names, s)} {p}" for s, p in enumerate(hotels) if p)
    full = [[c[s] for c in cafes if c[s] >= SERIES] for s in range(n)]
    in_cafes = ", ".join(f"{name(names, s)} " + " + ".join(str(p) for p in full[s]) for s in range(n) if full[s])
    if not in_hotels and not in_cafes:
        return Tr("Cartes à prendre : aucun pion dans les hôtels, ni 3 dans un café",
                  "Cards to take: no pawn in a hotel, nor 3 in a café",
                  it="Carte da prendere: nessuna pedina negli hotel, né 3 in un café")
    parts = []
    if in_hotels:
        parts.append(Tr(f"pions dans les hôtels : {in_hotels}", f"pawns in hotels: {in_hotels}",
                        it=f"pedine negli hotel: {in_hotels}"))
    if in_cafes:
        parts.append(Tr(f"dans les cafés (3 ou plus) : {in_cafes}", f"in cafés (3 or more): {in_cafes}",
                        it=f"nei café (3 o più): {in_cafes}")
                     if in_hotels else
                     Tr(f"pions dans les cafés (3 ou plus) : {in_cafes}", f"pawns in cafés (3 or more): {in_cafes}",
                        it=f"pedine nei café (3 o più): {in_cafes}"))
    return Tr("Cartes à prendre · {p}", "Cards to take · {p}", it="Carte da prendere · {p}").format(
        p=same(" · ").join(parts))


# --------------------------------------------------------------------------- money, dice, alliances


def transfer(event: Event, names: Names) -> Tr:
    """Money given from one gang to another (café deals, information, friendly splits).

    >>> transfer({"type": "transfer", "from": 0, "to": 1, "amount": "250000", "note": "tuyau"}, ["Léa", "Ange"]).it
    'Léa paga 250.000 Thunes ad Ange · «tuyau»'
    """
    giver = _seat(event, "from", names)
    taker = _seat(event, "to", names)
    amount = _thunes(get_int(event, "amount", 1))
    line = Tr("{g} paie {m} à {t}", "{g} pays {t} {m}", it="{g} paga {m} {a}").format(
        g=giver, t=taker, m=amount, a=_a(taker))
    return _noted(line, get_text(event, "note", 120))


def roll(event: Event, names: Names) -> Tr:
    a, b = check_dice(event.get("dice"))
    line = Tr(f"Deux dés lancés : {a + b} ({a} + {b})", f"Two dice rolled: {a + b} ({a} + {b})",
              it=f"Due dadi lanciati: {a + b} ({a} + {b})")
    return _noted(line, get_text(event, "note", 120))


def roulette(event: Event, names: Names) -> Tr:
    """« les deux joueurs lancent chacun leur tour un dé, en commençant par celui qui a proposé le combat.
    Le premier qui tire un 1 est mort. »"""
    n = len(names)
    proposer, opponent = get_seat(event, "proposer", n), get_seat(event, "opponent", n)
    rolls = event.get("rolls")
    loser = name(names, roulette_loser(rolls, proposer, opponent))
    dice = [str(r[1]) for r in event["rolls"]]  # checked by roulette_loser: a list of [seat, die]
    shown = ", ".join(dice if len(dice) <= ROLLS_SHOWN else ["…", *dice[-ROLLS_SHOWN:]])
    p, o = name(names, proposer), name(names, opponent)
    return Tr(f"Roulette russe proposée par {p} à {o} ({shown}) : {loser} tire un 1 et perd le combat",
              f"Russian roulette proposed by {p} to {o} ({shown}): {loser} rolls a 1 and loses the fight",
              it=f"Roulette russa proposta da {p} {_a(o)} ({shown}): {loser} fa 1 e perde il combattimento")


def alliance(event: Event, names: Names) -> Tr:
    """« des alliances qui devront être écrites noir sur blanc et signées » (« messe per iscritto e
    firmate »)."""
    parties = get_seats(event, "parties", len(names))
    terms = get_text(event, "terms", 500, required=True)
    return Tr("Alliance écrite entre {p} : {t}", "Alliance written between {p}: {t}",
              it="Alleanza scritta tra {p}: {t}").format(p=listed([name(names, s) for s in parties]), t=_said(terms))


def alliance_confirm(event: Event, names: Names) -> Tr:
    who = _seat(event, "seat", names)
    no = _alliance_no(event)
    return Tr(f"{who} signe l'alliance n° {no}", f"{who} signs alliance no. {no}", it=f"{who} firma l'alleanza n° {no}")


def alliance_betray(event: Event, names: Names) -> Tr:
    """« le joueur responsable de la trahison s'expose à des représailles de la part de sa victime »."""
    no = _alliance_no(event)
    traitor, victim = _seat(event, "traitor", names), _seat(event, "victim", names)
    line = Tr(f"{traitor} trahit {victim} (alliance n° {no})", f"{traitor} betrays {victim} (alliance no. {no})",
              it=f"{traitor} tradisce {victim} (alleanza n° {no})")
    return _noted(line, get_text(event, "note", 300))


def reprisal(event: Event, names: Names) -> Tr:
    """The victim's reprisal taken or waived (the victim is the alliance's, which the event does not
    name)."""
    no = _alliance_no(event)
    status = REPRISAL_STATUS["done" if get_bool(event, "done", True) else "waived"]
    return Tr(f"Représailles de l'alliance n° {no} : {{s}}", f"Reprisal of alliance no. {no}: {{s}}",
              it=f"Rappresaglie dell'alleanza n° {no}: {{s}}").format(s=status)


def alliance_end(event: Event, names: Names) -> Tr:
    no = _alliance_no(event)
    return Tr(f"Alliance n° {no} {{s}} d'un commun accord", f"Alliance no. {no} {{s}} by agreement",
              it=f"Alleanza n° {no} {{s}} di comune accordo").format(s=ALLIANCE_STATUS["ended"])


def order_kept(secret: Secret, value: Any, names: Names) -> Tr:
    """A secret order that no reveal showed (``heist/orders/<seat>``: the order's fields), once the match is over."""
    return order({**value, "type": "order", "seat": secret.path[2]}, names)


SECRET_TELLERS = {"heist": order_kept}
