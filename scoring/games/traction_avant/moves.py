"""Le Gang des Traction-Avant: the moves (event handlers) and the ``MOVES`` table the core dispatches on.

Each handler receives a *copy* of the state (made by :meth:`scoring.core.Game.apply`, which has already
checked the match's end and the phase the table declares) and the event, checks the event and changes
the copy.  Nothing here draws a random number: dice are recorded in the events.  Money moves through
:func:`book`, which refuses a negative fortune and checks the victory; a contested heist's first share
is provisional and booked only at the split.  No refusal quotes a secret order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from scoring.core import IllegalEvent, Move, Tr, clone, quote, timers
from scoring.core.contract import Handler, SeatOf
from scoring.core.fmt import number
from scoring.core.telling import Teller
from scoring.games.traction_avant import fields, telling
from scoring.games.traction_avant.fields import get_at, get_bool, get_int, get_text
from scoring.games.traction_avant.rules import (
    BASE_ATTACK_MIN,
    BRIQUE,
    CAFES,
    COHABITATION,
    EXTRA_TIME_PRICE,
    HEIST_MIN,
    HOTELS,
    MAGOUILLES_MS,
    MEN_PER_CAR,
    MOVE_MS,
    POWER_KEYS,
    RECRUIT_POINTS,
    RECRUIT_PRICE,
    RESERVE,
    STEN_BULLETS,
    bosses_out,
    check_dice,
    heist_order,
    right_neighbour,
    roulette_loser,
    super_cards,
    traction_points,
    turn_order,
    van_loot,
    victor,
)
from scoring.games.traction_avant.state import (
    TABLE_KEY,
    Alliance,
    Heist,
    Order,
    TractionState,
    move_key,
    points_left,
)

Event = fields.Event

#: Every phase of a turn (the moves that may be played at any time of play).
PLAY = ("first", "magouilles", "moves", "heists", "cards")

# --------------------------------------------------------------------------- fields


def get_seat(state: TractionState, event: Event, key: str) -> int:
    """A seat of the match: a whole number from 0 to the number of seats − 1."""
    return fields.get_seat(event, key, len(state["names"]))


def get_seats(state: TractionState, event: Event, key: str) -> list[int]:
    return fields.get_seats(event, key, len(state["names"]))


def get_ints(state: TractionState, event: Event, key: str, high: int) -> list[int]:
    """One whole number from 0 to ``high`` per seat."""
    return fields.get_ints(event, key, len(state["names"]), high)


# --------------------------------------------------------------------------- the bank


def name(state: TractionState, seat: int) -> str:
    return state["names"][seat]


def book(state: TractionState, kind: str, deltas: list[int], note: str = "", *, check: bool = True,
         **extra: Any) -> None:
    """Book one movement of money (one ledger entry), refuse a negative fortune, check the victory
    (``check=False``: a first entry of several booked together, checked after the last)."""
    new = [have + delta for have, delta in zip(state["thunes"], deltas, strict=True)]
    for seat, value in enumerate(new):
        if value < 0:
            pay, have = -deltas[seat], state["thunes"][seat]
            raise IllegalEvent(Tr(
                f"{quote(name(state, seat))} ne peut pas payer {number(pay, 'fr')} Thunes : sa fortune de "
                f"{number(have, 'fr')} deviendrait {number(value, 'fr')}, et une fortune n'est jamais "
                f"négative",
                f"{quote(name(state, seat))} cannot pay {number(pay, 'en')} Thunes: the fortune of "
                f"{number(have, 'en')} would become {number(value, 'en')}, and a fortune can never be "
                f"negative",
                it=f"{quote(name(state, seat))} non può pagare {number(pay, 'it')} Thunes: la sua fortuna di "
                   f"{number(have, 'it')} diventerebbe {number(value, 'it')}, e una fortuna non è mai negativa"))
    state["thunes"] = new
    state["ledger"].append({"n": len(state["ledger"]), "turn": state["turn"], "kind": kind,
                            "deltas": list(deltas), "note": note, **extra})
    if check:
        check_victory(state)


def check_victory(state: TractionState) -> None:
    winner = victor(state["thunes"])
    if winner is not None and state["stage"] == "play":
        state["winner"] = winner
        state["finished"] = True
        state["clock"] = None


def fold_timer(state: TractionState, key: str, at: int | None) -> int:
    """Stop timer ``key`` (at ``at`` if it runs), remove it and return the milliseconds it used (its
    resets included)."""
    t = state["timers"].get(key)
    if t is None:
        return 0
    if timers.running(t):
        if at is None:
            raise IllegalEvent(Tr(f"le minuteur {quote(key)} tourne encore : mettez-le en pause ou envoyez "
                                  f"l'heure « at » (millisecondes)",
                                  f"timer {quote(key)} is still running: pause it first or send the time "
                                  f"'at' (milliseconds)",
                                  it=f"il timer {quote(key)} è ancora in corso: mettetelo in pausa o inviate l'ora "
                                     "«at» (millisecondi)"))
        t = timers.pause(t, at)
    used = timers.total_used(t, 0)
    del state["timers"][key]
    if state["clock"] == key:
        state["clock"] = None
    return used


# --------------------------------------------------------------------------- set-up stage


def _choose_boss(state: TractionState, event: Event) -> None:
    seat = get_seat(state, event, "seat")
    boss = get_text(event, "boss", 60, required=True)
    n = len(state["names"])
    for out in bosses_out(n):
        if out.split()[-1].lower() in boss.lower():
            raise IllegalEvent(Tr(f"boss : {quote(boss)} ne joue pas à {n} joueurs ({out} n'est pas en jeu)",
                                  f"boss: {quote(boss)} does not play at {n} players ({out} is out)",
                                  it=f"boss: {quote(boss)} non gioca a {n} giocatori ({out} non è in gioco)"))
    for other, taken in enumerate(state["bosses"]):
        if other != seat and taken and taken.lower() == boss.lower():
            raise IllegalEvent(Tr(f"boss : {quote(boss)} est déjà celui de {quote(name(state, other))}",
                                  f"boss: {quote(boss)} is already {quote(name(state, other))}'s",
                                  it=f"boss: {quote(boss)} è già quello di {quote(name(state, other))}"))
    state["bosses"][seat] = boss


def _choose_power(state: TractionState, event: Event) -> None:
    if not state["options"]["personnalisation"] or state["options"]["powers"] != "chosen":
        raise IllegalEvent(Tr("power : dans cette partie, les joueurs ne choisissent pas le pouvoir de leur "
                              "chef",
                              "power: this match does not let the players choose their boss power",
                              it="power: in questa partita, i giocatori non scelgono il potere del loro boss"))
    seat = get_seat(state, event, "seat")
    power = event.get("power")
    if power not in POWER_KEYS:
        raise IllegalEvent(Tr(f"power : doit être l'un de {', '.join(POWER_KEYS)}, reçu {quote(power)}",
                              f"power: must be one of {', '.join(POWER_KEYS)}, got {quote(power)}",
                              it=f"power: deve essere uno di {', '.join(POWER_KEYS)}, ricevuto {quote(power)}"))
    for other, taken in enumerate(state["powers"]):
        if other != seat and taken == power:
            raise IllegalEvent(Tr(f"power : {quote(power)} est déjà celui de {quote(name(state, other))}",
                                  f"power: {quote(power)} is already {quote(name(state, other))}'s",
                                  it=f"power: {quote(power)} è già quello di {quote(name(state, other))}"))
    state["powers"][seat] = power


def _begin(state: TractionState, event: Event) -> None:
    if state["options"]["personnalisation"]:
        for seat, power in enumerate(state["powers"]):
            if power is None:
                raise IllegalEvent(Tr(f"powers : {quote(name(state, seat))} n'a pas encore de pouvoir",
                                      f"powers: {quote(name(state, seat))} has no boss power yet",
                                      it=f"powers: {quote(name(state, seat))} non ha ancora un potere"))
    state["stage"] = "play"
    state["turn"] = 1
    state["phase"] = "first"


# --------------------------------------------------------------------------- the turn


def _start_mover(state: TractionState, seat: int) -> None:
    state["mover"] = seat
    state["move"] = {"seat": seat, "bonus": 0, "traction": 0, "recruited": 0, "recruited_money": 0,
                     "bought": 0}
    state["timers"][move_key(seat)] = timers.new_timer(MOVE_MS)
    state["clock"] = move_key(seat)


def _next_phase(state: TractionState, event: Event) -> None:
    at = get_at(event)
    phase = state["phase"]
    if phase == "first":
        state["phase"] = "magouilles"
        state["in_cafe"] = []
        state["timers"][TABLE_KEY] = timers.new_timer(MAGOUILLES_MS)
        state["clock"] = TABLE_KEY
    elif phase == "magouilles":
        used = fold_timer(state, TABLE_KEY, at)
        state["magouilles_log"].append({"turn": state["turn"], "used": used})
        state["phase"] = "moves"
        state["moved"] = []
        _start_mover(state, state["first"])
    elif phase == "moves":
        mover = state["mover"]
        who = name(state, mover) if mover is not None else "?"
        raise IllegalEvent(Tr(f"phase 3 : {quote(who)} termine son mouvement avec « done »",
                              f"phase 3: {quote(who)} ends the movement with 'done'",
                              it=f"fase 3: {quote(who)} termina il suo movimento con «done»"))
    elif phase == "heists":
        _need_no_heist(state)
        if not _van_done(state):
            raise IllegalEvent(Tr("le fourgon postal roule après les casses et avant les attaques de bases : "
                                  "lancez-le d'abord",
                                  "the postal van moves after the heists and before the base attacks: "
                                  "roll it first",
                                  it="il furgone postale si muove dopo i colpi e prima degli attacchi alle basi: "
                                     "lanciatelo prima"))
        state["phase"] = "cards"
        state["step"] = None
    else:
        state["turn"] += 1
        state["first"] = right_neighbour(state["first"], len(state["names"]))
        state["phase"] = "first"
        state["moved"] = []
        state["in_cafe"] = []
        state["heists_log"] = []


def _cafe(state: TractionState, event: Event) -> None:
    state["in_cafe"] = get_seats(state, event, "seats")


def _need_mover(state: TractionState, event: Event) -> int:
    seat = get_seat(state, event, "seat")
    mover = state["mover"]
    if seat != mover:
        who = name(state, mover) if mover is not None else "?"
        raise IllegalEvent(Tr(f"seat : {quote(name(state, seat))} ne joue pas maintenant ; c'est "
                              f"{quote(who)}",
                              f"seat: {quote(name(state, seat))} is not moving now; {quote(who)} is",
                              it=f"seat: {quote(name(state, seat))} non muove ora; tocca a {quote(who)}"))
    return seat


def _movement(state: TractionState) -> Any:
    move = state["move"]
    assert move is not None  # phase 3 always has a mover
    return move


def _recruit(state: TractionState, event: Event) -> None:
    seat = _need_mover(state, event)
    count = get_int(event, "count", 1, RESERVE, default=1)
    pay = event.get("pay", "points")
    move = _movement(state)
    if pay == "points":
        need, left = RECRUIT_POINTS * count, points_left(move)
        if left < need:
            raise IllegalEvent(Tr(f"count : recruter {count} coûte {need} points de mouvement, il n'en reste "
                                  f"que {left}",
                                  f"count: recruiting {count} costs {need} movement points, only {left} left",
                                  it=f"count: reclutare {count} costa {need} punti movimento, ne restano solo {left}"))
        move["recruited"] += count
    elif pay == "money":
        book(state, "recruit", [-RECRUIT_PRICE * count if s == seat else 0
                                for s in range(len(state["names"]))], note=f"{count}")
        move["recruited_money"] += count
    else:
        raise IllegalEvent(Tr(f"pay : « points » ou « money », reçu {quote(pay)}",
                              f"pay: must be 'points' or 'money', got {quote(pay)}",
                              it=f"pay: «points» o «money», ricevuto {quote(pay)}"))


def _traction(state: TractionState, event: Event) -> None:
    _need_mover(state, event)
    cards = get_int(event, "cards", 1, 10, default=1)
    move = _movement(state)
    move["traction"] += cards
    move["bonus"] += traction_points(cards, state["options"]["traction_series"])


def _buy_time(state: TractionState, event: Event) -> None:
    """« Tout joueur désirant 3 minutes supplémentaires doit donner 100 000 Thunes à chacun de ses
    adversaires. »  The 3 minutes count from the purchase, even after the hourglass ran out."""
    seat = _need_mover(state, event)
    at = get_at(event)
    key = move_key(seat)
    extended = timers.extend(state["timers"].get(key) or timers.new_timer(MOVE_MS), MOVE_MS, at)
    n = len(state["names"])
    deltas = [-EXTRA_TIME_PRICE * (n - 1) if s == seat else EXTRA_TIME_PRICE for s in range(n)]
    state["timers"][key] = extended
    _movement(state)["bought"] += 1
    state["time_bought"][seat] += 1
    book(state, "extra_time", deltas, note="3 min")


def _cohabit(state: TractionState, event: Event) -> None:
    seat = _need_mover(state, event)
    owner = get_seat(state, event, "owner")
    if owner == seat:
        raise IllegalEvent(Tr(f"owner : {quote(name(state, owner))} est celui qui paie ; l'occupant de "
                              f"l'hôtel est un autre gang",
                              f"owner: {quote(name(state, owner))} is the paying player; the hotel's "
                              f"occupant is another gang",
                              it=f"owner: {quote(name(state, owner))} è chi paga; l'occupante dell'hotel è un'altra "
                                 "gang"))
    book(state, "cohabitation", [-COHABITATION if s == seat else COHABITATION if s == owner else 0
                                 for s in range(len(state["names"]))])


def _done(state: TractionState, event: Event) -> None:
    seat = _need_mover(state, event)
    used = fold_timer(state, move_key(seat), get_at(event))
    move = _movement(state)
    state["time_used"][seat] += used
    state["time_log"].append({"turn": state["turn"], "seat": seat, "used": used,
                              "bought": move["bought"], "points_left": points_left(move)})
    state["moved"].append(seat)
    rest = [s for s in turn_order(state["first"], len(state["names"])) if s not in state["moved"]]
    if rest:
        _start_mover(state, rest[0])
    else:
        state["mover"] = None
        state["move"] = None
        state["phase"] = "heists"
        state["step"] = "heists"


# --------------------------------------------------------------------------- heists


def _need_no_heist(state: TractionState) -> None:
    heist = state["heist"]
    if heist is not None:
        raise IllegalEvent(Tr(f"le casse de la banque {heist['bank']} n'est pas fini : partagez le butin "
                              f"d'abord",
                              f"the heist at bank {heist['bank']} is not over: split the loot first",
                              it=f"il colpo alla banca {heist['bank']} non è finito: prima spartite il bottino"))


def _van_done(state: TractionState) -> bool:
    return not state["options"]["postal_van"] or (state["van"]["turn"] == state["turn"]
                                                   and not state["van"]["pending"])


def _after_heists(state: TractionState) -> None:
    state["step"] = "van" if state["options"]["postal_van"] else "bases"


def _next_heist(state: TractionState) -> None:
    """Open the next heist of the queue.  « Un premier partage de l'argent est fait » but it stays on
    the table while the gangs fight: a gang alone keeps it at once, a contested heist's first share is
    booked with the split (« A la fin des combats, les survivants se partagent le butin »)."""
    while state["heist_queue"] and not state["finished"]:
        queued = state["heist_queue"].pop(0)
        pawns: list[int] = queued["pawns"]
        first_share = [BRIQUE * p for p in pawns]
        present = [s for s, p in enumerate(pawns) if p > 0]
        heist: Heist = {"bank": queued["bank"], "pawns": pawns, "loot": sum(first_share), "present": present,
                        "first_share": first_share, "round": 1, "orders": [None] * len(pawns),
                        "revealed": False, "rounds": []}
        if len(present) == 1:
            book(state, "heist_share", first_share, note=str(queued["bank"]))
            state["heists_log"].append({**heist, "shares": first_share, "alone": True})
            continue
        state["heist"] = heist
        return
    if state["heist"] is None:
        _after_heists(state)


def _heists(state: TractionState, event: Event) -> None:
    _need_no_heist(state)
    if state["step"] != "heists":
        raise IllegalEvent(Tr(f"les casses se déclarent en premier dans la phase 4 ; ce tour en est à "
                              f"l'étape {quote(state['step'])}",
                              f"heists are declared first in phase 4; this turn is at step "
                              f"{quote(state['step'])}",
                              it="i colpi si dichiarano per primi nella fase 4; questo turno è alla tappa "
                                 f"{quote(state['step'])}"))
    banks = [get_ints(state, event, "bank1", RESERVE), get_ints(state, event, "bank2", RESERVE)]
    state["heists_log"] = []
    for b, pawns in enumerate(banks):
        if 0 < sum(pawns) < HEIST_MIN:
            state["heists_log"].append({"bank": b + 1, "pawns": pawns, "no_heist": True})
    state["heist_queue"] = [{"bank": b + 1, "pawns": banks[b]} for b in heist_order(banks)]
    state["step"] = "resolve"
    _next_heist(state)


def _open_heist(state: TractionState, what: Tr) -> Heist:
    heist = state["heist"]
    if heist is None:
        raise IllegalEvent(Tr(f"{what.fr} : aucun casse n'est en cours", f"{what.en}: no heist is being fought",
                              it=f"{what.it}: nessun colpo è in corso"))
    return heist


def check_order(state: TractionState, heist: Heist, event: Event) -> tuple[int, Order]:
    """The sender's order, checked against his own pawns only (a refusal quotes nothing of another
    gang's order)."""
    seat = get_seat(state, event, "seat")
    if seat not in heist["present"]:
        raise IllegalEvent(Tr(f"seat : {quote(name(state, seat))} n'a pas de pion dans la banque "
                              f"{heist['bank']}",
                              f"seat: {quote(name(state, seat))} has no pawn in bank {heist['bank']}",
                              it=f"seat: {quote(name(state, seat))} non ha pedine nella banca {heist['bank']}"))
    pawns = heist["pawns"][seat]
    cars = get_int(event, "cars", 0, pawns, default=0)
    colts = get_int(event, "colts", 0, pawns, default=0)
    stens = get_int(event, "stens", 0, pawns, default=0)
    if colts + stens > pawns:
        raise IllegalEvent(Tr(f"colts : {colts} Colts et {stens} Stens demandent un pion chacun, "
                              f"{quote(name(state, seat))} en a {pawns} dans la banque",
                              f"colts: {colts} Colts and {stens} Stens need one pawn each, "
                              f"{quote(name(state, seat))} has {pawns} in the bank",
                              it=f"colts: {colts} Colt e {stens} Sten richiedono una pedina ciascuno, "
                                 f"{quote(name(state, seat))} ne ha {pawns} nella banca"))
    free = pawns - colts - stens
    men = get_int(event, "men", 0, pawns, default=0)
    if cars and not men:  # not said: the men who do not shoot, as many as the cars carry
        men = min(free, MEN_PER_CAR * cars)
    if men > free:
        raise IllegalEvent(Tr(f"men : {men} hommes s'enfuient mais seuls {free} des {pawns} pions ne tirent pas",
                              f"men: {men} men flee but only {free} of the {pawns} pawns do not shoot",
                              it=f"men: {men} uomini scappano ma solo {free} delle {pawns} pedine non sparano"))
    if men > MEN_PER_CAR * cars:
        raise IllegalEvent(Tr(f"cars : {cars} traction(s) ramènent {MEN_PER_CAR * cars} hommes au plus "
                              f"(4 hommes maximum chacune), reçu {men} hommes qui s'enfuient",
                              f"cars: {cars} car(s) bring {MEN_PER_CAR * cars} men home at most (4 men "
                              f"each), got {men} men fleeing",
                              it=f"cars: {cars} Traction-Avant riportano al massimo {MEN_PER_CAR * cars} uomini (4 "
                                 f"uomini al massimo ciascuna), ricevuti {men} uomini che scappano"))
    if cars > men and "men" in event:  # an order recorded before ``men`` existed still replays
        raise IllegalEvent(Tr(f"cars : {cars} traction(s) pour {men} homme(s) qui s'enfuient : chaque "
                              f"traction ramène au moins un homme",
                              f"cars: {cars} car(s) for {men} man/men fleeing: each car brings at least "
                              f"one man home",
                              it=f"cars: {cars} Traction-Avant per {men} uomini che scappano: ogni Traction-Avant "
                                 "riporta almeno un uomo"))
    bullets = get_int(event, "bullets", 0, STEN_BULLETS * stens, default=0)
    if stens and bullets < stens:
        raise IllegalEvent(Tr(f"bullets : chaque Sten tire au moins une balle, reçu {bullets} pour "
                              f"{stens} Stens",
                              f"bullets: each Sten fires at least one bullet, got {bullets} for {stens} Stens",
                              it=f"bullets: ogni Sten spara almeno un colpo, ricevuti {bullets} per {stens} Sten"))
    targets = get_seats(state, event, "targets")
    for target in targets:
        if target == seat or target not in heist["present"]:
            raise IllegalEvent(Tr(f"targets : {quote(target)} n'est pas un autre gang présent dans la banque",
                                  f"targets: {quote(target)} is not another gang present in the bank",
                                  it=f"targets: {quote(target)} non è un'altra gang presente nella banca"))
    if (colts or bullets) and not targets:
        raise IllegalEvent(Tr("targets : dites sur quelles couleurs vous tirez",
                              "targets: say at which colours you shoot", it="targets: dite su quali colori sparate"))
    if targets and not (colts or bullets):
        raise IllegalEvent(Tr(f"targets : {quote(targets)} visés mais ni Colt ni balle de Sten tirés",
                              f"targets: {quote(targets)} given but no Colt nor Sten bullet fired",
                              it=f"targets: {quote(targets)} presi di mira ma nessuna Colt né colpo di Sten sparato"))
    order: Order = {"cars": cars, "men": men, "colts": colts, "stens": stens, "bullets": bullets,
                    "targets": targets, "note": get_text(event, "note", 300)}
    return seat, order


def _order(state: TractionState, event: Event) -> None:
    heist = _open_heist(state, Tr("ordre secret", "secret order", it="ordine segreto"))
    if heist["revealed"]:
        raise IllegalEvent(Tr(f"les ordres de la manche {heist['round']} sont révélés et ne changent plus ; "
                              f"commencez une nouvelle manche de combat pour de nouveaux ordres",
                              f"the orders of round {heist['round']} are revealed and cannot be changed; "
                              f"start a new combat round for new orders",
                              it=f"gli ordini del passaggio {heist['round']} sono rivelati e non cambiano più; "
                                 "iniziate un nuovo passaggio di combattimento per nuovi ordini"))
    seat, order = check_order(state, heist, event)
    heist["orders"][seat] = order
    if all(heist["orders"][s] is not None for s in heist["present"]):
        heist["revealed"] = True
        heist["rounds"].append({"round": heist["round"], "orders": clone({"o": heist["orders"]})["o"]})


def _combat_round(state: TractionState, event: Event) -> None:
    heist = _open_heist(state, Tr("nouvelle manche", "new round", it="nuovo passaggio"))
    if not heist["revealed"]:
        raise IllegalEvent(Tr(f"une nouvelle manche de combat commence une fois les ordres de la manche "
                              f"{heist['round']} révélés",
                              f"a new combat round starts once the orders of round {heist['round']} are "
                              f"revealed",
                              it="un nuovo passaggio di combattimento inizia una volta rivelati gli ordini del "
                                 f"passaggio {heist['round']}"))
    heist["round"] += 1
    heist["orders"] = [None] * len(state["names"])
    heist["revealed"] = False


def _split(state: TractionState, event: Event) -> None:
    """« A la fin des combats, les survivants se partagent le butin. »  The first share and the final
    split are booked together; the victory is checked once, on the final fortunes."""
    heist = _open_heist(state, Tr("partage", "split", it="spartizione"))
    if not heist["revealed"]:
        raise IllegalEvent(Tr(f"le butin se partage après la révélation des ordres de la manche {heist['round']}",
                              f"the loot is split after the orders of round {heist['round']} are revealed",
                              it="il bottino si spartisce dopo la rivelazione degli ordini del passaggio "
                                 f"{heist['round']}"))
    loot = heist["loot"]
    shares = get_ints(state, event, "shares", loot)
    for seat, share in enumerate(shares):
        if share and seat not in heist["present"]:
            raise IllegalEvent(Tr(f"shares[{seat}] : {quote(name(state, seat))} n'était pas dans la banque, "
                                  f"reçu {number(share, 'fr')}",
                                  f"shares[{seat}]: {quote(name(state, seat))} was not in the bank, "
                                  f"got {number(share, 'en')}",
                                  it=f"shares[{seat}]: {quote(name(state, seat))} non era nella banca, ricevuto "
                                     f"{number(share, 'it')}"))
    if sum(shares) > loot:
        raise IllegalEvent(Tr(f"shares : {number(sum(shares), 'fr')} en tout, plus que le butin de "
                              f"{number(loot, 'fr')}",
                              f"shares: {number(sum(shares), 'en')} in all is more than the loot of "
                              f"{number(loot, 'en')}",
                              it=f"shares: {number(sum(shares), 'it')} in tutto, più del bottino di "
                                 f"{number(loot, 'it')}"))
    bank = str(heist["bank"])
    book(state, "heist_share", list(heist["first_share"]), note=bank, check=False)
    book(state, "heist_split", [shares[s] - heist["first_share"][s] for s in range(len(shares))], note=bank)
    state["heists_log"].append({**heist, "shares": shares})
    state["heist"] = None
    if not state["finished"]:
        _next_heist(state)


# --------------------------------------------------------------------------- van and base attacks


def _need_van(state: TractionState) -> None:
    if not state["options"]["postal_van"]:
        raise IllegalEvent(Tr("le fourgon postal est une règle optionnelle qui n'est pas jouée dans cette "
                              "partie",
                              "the postal van is an optional rule not used in this match",
                              it="il furgone postale è una regola opzionale che non si gioca in questa partita"))


def _van_move(state: TractionState, event: Event) -> None:
    _need_van(state)
    _need_no_heist(state)
    van = state["van"]
    if state["step"] not in ("heists", "van") or van["turn"] == state["turn"]:
        raise IllegalEvent(Tr(f"le fourgon roule une fois par tour, après les casses (étape "
                              f"{quote(state['step'])})",
                              f"the van moves once per turn, after the heists (step {quote(state['step'])})",
                              it="il furgone si muove una volta per turno, dopo i colpi (tappa "
                                 f"{quote(state['step'])})"))
    dice = check_dice(event.get("dice"))
    van.update({"turn": state["turn"], "pending": True, "dice": dice, "squares": sum(dice),
                "from": van["where"]})
    state["dice"].append({"turn": state["turn"], "what": "van", "dice": dice})
    state["step"] = "van"


def _need_van_moving(state: TractionState) -> None:
    _need_van(state)
    if not state["van"]["pending"]:
        raise IllegalEvent(Tr("le fourgon postal ne peut être attaqué que pendant son déplacement : "
                              "lancez-le d'abord",
                              "the postal van can only be attacked during its move: roll it first",
                              it="il furgone postale può essere attaccato solo durante il suo movimento: lanciatelo "
                                 "prima"))


def _van_attack(state: TractionState, event: Event) -> None:
    _need_van_moving(state)
    seat = get_seat(state, event, "seat")
    if seat == state["first"]:
        raise IllegalEvent(Tr(f"seat : {quote(name(state, seat))} déplace le fourgon et n'a pas le droit de "
                              f"le faire attaquer par un de ses pions",
                              f"seat: {quote(name(state, seat))} moves the van and may not have it attacked "
                              f"by his own pawns",
                              it=f"seat: {quote(name(state, seat))} muove il furgone e non ha diritto di farlo "
                                 "attaccare da una delle sue pedine"))
    dice = check_dice(event.get("dice"))
    loot = van_loot(dice)
    state["van"].update({"pending": False, "where": "parking", "attacked_by": seat, "loot": loot})
    state["dice"].append({"turn": state["turn"], "what": "van_loot", "dice": dice})
    state["step"] = "bases"
    book(state, "van", [loot if s == seat else 0 for s in range(len(state["names"]))],
         note=f"{dice[0]}+{dice[1]}", dice=dice)


def _van_pass(state: TractionState, event: Event) -> None:
    _need_van_moving(state)
    state["van"].update({"pending": False, "where": "street", "attacked_by": None, "loot": 0})
    state["step"] = "bases"


def _base_attack(state: TractionState, event: Event) -> None:
    _need_no_heist(state)
    if not _van_done(state):
        raise IllegalEvent(Tr("les attaques de bases viennent après le fourgon postal : lancez-le d'abord",
                              "base attacks come after the postal van: roll the van first",
                              it="gli attacchi alle basi vengono dopo il furgone postale: lanciatelo prima"))
    defender = get_seat(state, event, "defender")
    engaged = get_ints(state, event, "engaged", RESERVE)
    if engaged[defender]:
        raise IllegalEvent(Tr(f"engaged[{defender}] : le défenseur n'attaque pas sa propre base, "
                              f"reçu {engaged[defender]}",
                              f"engaged[{defender}]: the defender does not attack his own base, "
                              f"got {engaged[defender]}",
                              it=f"engaged[{defender}]: il difensore non attacca la propria base, ricevuto "
                                 f"{engaged[defender]}"))
    if sum(engaged) < BASE_ATTACK_MIN:
        raise IllegalEvent(Tr(f"engaged : une base est attaquée par trois pions au moins, reçu {sum(engaged)}",
                              f"engaged: a base is attacked by three pawns or more, got {sum(engaged)}",
                              it=f"engaged: una base è attaccata da almeno tre pedine, ricevuto {sum(engaged)}"))
    success = get_bool(event, "success", True)
    state["step"] = "bases"
    state["base_attacks"].append({"turn": state["turn"], "defender": defender, "engaged": engaged,
                                  "success": success})
    if success:
        book(state, "base_attack", [BRIQUE * p for p in engaged], note=name(state, defender))


# --------------------------------------------------------------------------- phase 5: cards


def _cards(state: TractionState, event: Event) -> None:
    """« Les joueurs choisissent à leur tour autant de cartes « Embrouille » qu'ils ont de pions dans des
    hôtels, et autant de cartes « Super Embrouille » qu'ils ont de séries de 3 pions dans des cafés »:
    the table gives the pawns, the app says how many cards each takes (the reading of the cafés is the
    match's ``cafe_cards`` option)."""
    n = len(state["names"])
    open_hotels = HOTELS - 2 * len(bosses_out(n))
    hotels = get_ints(state, event, "hotels", open_hotels)
    if sum(hotels) > 2 * open_hotels:
        raise IllegalEvent(Tr(f"hotels : {sum(hotels)} pions dans {open_hotels} hôtels ouverts (deux au plus "
                              f"par hôtel, en cohabitant)",
                              f"hotels: {sum(hotels)} pawns in {open_hotels} open hotels (two at most per "
                              f"hotel, when sharing)",
                              it=f"hotels: {sum(hotels)} pedine in {open_hotels} hotel aperti (due al massimo per "
                                 "hotel, stando insieme)"))
    cafes = [get_ints(state, event, f"cafe{c + 1}", RESERVE) for c in range(CAFES)]
    reading = state["options"]["cafe_cards"]
    supers = [super_cards([cafes[c][s] for c in range(CAFES)], reading) for s in range(n)]
    entry = {"turn": state["turn"], "embrouille": hotels, "super": supers, "reading": reading}
    state["cards_log"] = [e for e in state["cards_log"] if e["turn"] != state["turn"]] + [entry]


# --------------------------------------------------------------------------- money, dice, alliances


def _transfer(state: TractionState, event: Event) -> None:
    giver = get_seat(state, event, "from")
    taker = get_seat(state, event, "to")
    if giver == taker:
        raise IllegalEvent(Tr(f"to : {quote(name(state, taker))} est aussi celui qui donne ; un transfert va "
                              f"à un autre gang",
                              f"to: {quote(name(state, taker))} is the giver too; a transfer goes to another "
                              f"gang",
                              it=f"to: {quote(name(state, taker))} è anche chi dà; un trasferimento va a un'altra "
                                 "gang"))
    amount = get_int(event, "amount", 1)
    book(state, "transfer", [-amount if s == giver else amount if s == taker else 0
                             for s in range(len(state["names"]))], note=get_text(event, "note", 120))


def _roll(state: TractionState, event: Event) -> None:
    dice = check_dice(event.get("dice"))
    state["dice"].append({"turn": state["turn"], "what": "2d6", "dice": dice,
                          "note": get_text(event, "note", 120)})


def roulette_pair(state: TractionState, event: Event) -> tuple[int, int]:
    proposer = get_seat(state, event, "proposer")
    opponent = get_seat(state, event, "opponent")
    if proposer == opponent:
        raise IllegalEvent(Tr(f"opponent : {quote(name(state, opponent))} est le proposeur ; la roulette se "
                              f"joue à deux",
                              f"opponent: {quote(name(state, opponent))} is the proposer; the roulette needs "
                              f"two players",
                              it=f"opponent: {quote(name(state, opponent))} è chi propone; la roulette si gioca in "
                                 "due"))
    return proposer, opponent


def _roulette(state: TractionState, event: Event) -> None:
    if not state["options"]["roulette"]:
        raise IllegalEvent(Tr("la roulette russe est une règle optionnelle qui n'est pas jouée dans cette "
                              "partie",
                              "the Russian roulette is an optional rule not used in this match",
                              it="la roulette russa è una regola opzionale che non si gioca in questa partita"))
    proposer, opponent = roulette_pair(state, event)
    loser = roulette_loser(event.get("rolls"), proposer, opponent)
    state["roulettes"].append({"turn": state["turn"], "proposer": proposer, "opponent": opponent,
                               "rolls": event["rolls"], "loser": loser})
    state["dice"].append({"turn": state["turn"], "what": "roulette",
                          "dice": [r[1] for r in event["rolls"]]})


def _alliance(state: TractionState, event: Event) -> None:
    parties = get_seats(state, event, "parties")
    if len(parties) < 2:
        raise IllegalEvent(Tr("parties : une alliance lie deux joueurs ou plus",
                              "parties: an alliance binds two players or more",
                              it="parties: un'alleanza lega due giocatori o più"))
    terms = get_text(event, "terms", 500, required=True)
    state["alliances"].append({"id": len(state["alliances"]), "turn": state["turn"], "parties": parties,
                               "terms": terms, "signed": [], "status": "proposed"})


_STATUS = {"proposed": Tr("à signer", "to sign", it="da firmare"), "signed": Tr("signée", "signed", it="firmata"),
           "broken": Tr("trahie", "betrayed", it="tradita"), "ended": Tr("dissoute", "ended", it="sciolta")}


def _get_alliance(state: TractionState, event: Event, *status: str) -> Alliance:
    if not state["alliances"]:
        raise IllegalEvent(Tr("alliance : aucune alliance n'est écrite", "alliance: no alliance is written",
                              it="alliance: nessuna alleanza è scritta"))
    index = get_int(event, "alliance", 0, len(state["alliances"]) - 1)
    alliance = state["alliances"][index]
    if alliance["status"] not in status:
        raise IllegalEvent(Tr(f"alliance : l'alliance n° {index + 1} est {_STATUS[alliance['status']].fr}, il "
                              f"la faut {' ou '.join(_STATUS[s].fr for s in status)}",
                              f"alliance: alliance no. {index + 1} is {_STATUS[alliance['status']].en}, "
                              f"this needs {' or '.join(_STATUS[s].en for s in status)}",
                              it=f"alliance: l'alleanza n° {index + 1} è {_STATUS[alliance['status']].it}, serve "
                                 f"che sia {' o '.join(_STATUS[s].it for s in status)}"))
    return alliance


def _alliance_confirm(state: TractionState, event: Event) -> None:
    alliance = _get_alliance(state, event, "proposed")
    seat = get_seat(state, event, "seat")
    if seat not in alliance["parties"] or seat in alliance["signed"]:
        raise IllegalEvent(Tr(f"seat : {quote(name(state, seat))} n'a pas à signer l'alliance n° "
                              f"{alliance['id'] + 1}",
                              f"seat: {quote(name(state, seat))} is not a party still to sign alliance no. "
                              f"{alliance['id'] + 1}",
                              it=f"seat: {quote(name(state, seat))} non deve firmare l'alleanza n° "
                                 f"{alliance['id'] + 1}"))
    alliance["signed"] = sorted([*alliance["signed"], seat])
    if alliance["signed"] == alliance["parties"]:
        alliance["status"] = "signed"


def _alliance_betray(state: TractionState, event: Event) -> None:
    alliance = _get_alliance(state, event, "signed")
    traitor = get_seat(state, event, "traitor")
    victim = get_seat(state, event, "victim")
    if traitor == victim or traitor not in alliance["parties"] or victim not in alliance["parties"]:
        raise IllegalEvent(Tr(f"traitor/victim : {quote(name(state, traitor))} et {quote(name(state, victim))} "
                              f"doivent être deux parties de l'alliance n° {alliance['id'] + 1}",
                              f"traitor/victim: {quote(name(state, traitor))} and "
                              f"{quote(name(state, victim))} must be two parties of alliance no. "
                              f"{alliance['id'] + 1}",
                              it=f"traitor/victim: {quote(name(state, traitor))} e {quote(name(state, victim))} "
                                 f"devono essere due parti dell'alleanza n° {alliance['id'] + 1}"))
    alliance.update({"status": "broken", "traitor": traitor, "victim": victim, "reprisal": "due",
                     "broken_turn": state["turn"], "note": get_text(event, "note", 300)})


def _reprisal(state: TractionState, event: Event) -> None:
    alliance = _get_alliance(state, event, "broken")
    if alliance["reprisal"] != "due":
        done = alliance["reprisal"] == "done"
        raise IllegalEvent(Tr(f"alliance : les représailles de l'alliance n° {alliance['id'] + 1} sont déjà "
                              f"{'exercées' if done else 'abandonnées'}",
                              f"alliance: the reprisal of alliance no. {alliance['id'] + 1} is already "
                              f"{'taken' if done else 'waived'}",
                              it=f"alliance: le rappresaglie dell'alleanza n° {alliance['id'] + 1} sono già "
                                 f"{'esercitate' if done else 'abbandonate'}"))
    alliance["reprisal"] = "done" if get_bool(event, "done", True) else "waived"


def _alliance_end(state: TractionState, event: Event) -> None:
    _get_alliance(state, event, "proposed", "signed")["status"] = "ended"


# --------------------------------------------------------------------------- the table


def _victim(state: TractionState, event: Event) -> int | None:
    """The seat a reprisal concerns: the victim of the betrayed alliance it names (``None``: it names none)."""
    alliance = _get_alliance(state, event, "broken")
    victim = alliance.get("victim")
    return victim if isinstance(victim, int) else None


def _move(handler: Callable[[TractionState, Event], None], phases: tuple[str, ...], by: str = "host",
          undoable: bool = True, seat: SeatOf = "seat", *, tell: Teller) -> Move:
    return Move(cast(Handler, handler), phases=phases, by=by, undoable=undoable, seat=seat, tell=tell)


#: Event type → move.  ``seat`` moves are sent by the seat the event names (``seat``; ``from`` for a
#: transfer; the victim of the alliance for a reprisal).  Dice are never rolled again, and a secret
#: order may not be taken back (the last one reveals them all): those are not undoable.  Each move's
#: teller (:mod:`.telling`) says how its event reads in the ledger and the history.
MOVES: dict[str, Move] = {
    "choose_boss": _move(_choose_boss, ("setup",), "seat", tell=telling.choose_boss),
    "choose_power": _move(_choose_power, ("setup",), "seat", tell=telling.choose_power),
    "begin": _move(_begin, ("setup",), tell=telling.begin),
    "next_phase": _move(_next_phase, PLAY, tell=telling.next_phase),
    "cafe": _move(_cafe, ("magouilles",), tell=telling.cafe),
    "recruit": _move(_recruit, ("moves",), "seat", tell=telling.recruit),
    "traction": _move(_traction, ("moves",), "seat", tell=telling.traction),
    "buy_time": _move(_buy_time, ("moves",), "seat", tell=telling.buy_time),
    "cohabit": _move(_cohabit, ("moves",), "seat", tell=telling.cohabit),
    "done": _move(_done, ("moves",), "seat", tell=telling.done),
    "heists": _move(_heists, ("heists",), tell=telling.heists),
    "order": _move(_order, ("heists",), "seat", undoable=False, tell=telling.order),
    "combat_round": _move(_combat_round, ("heists",), tell=telling.combat_round),
    "split": _move(_split, ("heists",), tell=telling.split),
    "van_move": _move(_van_move, ("heists",), undoable=False, tell=telling.van_move),
    "van_attack": _move(_van_attack, ("heists",), undoable=False, tell=telling.van_attack),
    "van_pass": _move(_van_pass, ("heists",), tell=telling.van_pass),
    "base_attack": _move(_base_attack, ("heists",), tell=telling.base_attack),
    "cards": _move(_cards, ("cards",), tell=telling.cards),
    "transfer": _move(_transfer, PLAY, "seat", seat="from", tell=telling.transfer),
    "roll": _move(_roll, (), "any", undoable=False, tell=telling.roll),
    "roulette": _move(_roulette, PLAY, undoable=False, tell=telling.roulette),
    "alliance": _move(_alliance, PLAY, tell=telling.alliance),
    "alliance_confirm": _move(_alliance_confirm, PLAY, "seat", tell=telling.alliance_confirm),
    "alliance_betray": _move(_alliance_betray, PLAY, tell=telling.alliance_betray),
    "reprisal": _move(_reprisal, PLAY, "seat", seat=_victim, tell=telling.reprisal),
    "alliance_end": _move(_alliance_end, PLAY, tell=telling.alliance_end),
}
