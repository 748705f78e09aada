"""Le Gang des Traction-Avant: what a device may do now (the action forms).

The table device (``seat=None``) may send every action; a player's phone sends its own: its
secret order, its signature, its movement chores while it moves, money it gives.
"""

from __future__ import annotations

from scoring.core import Action, Field, Tr
from scoring.core.words import de
from scoring.games.traction_avant.rules import (
    CAFES,
    COHABITATION,
    EXTRA_TIME_PRICE,
    HOTELS,
    MEN_PER_CAR,
    POWER_KEYS,
    POWERS,
    RECRUIT_POINTS,
    RECRUIT_PRICE,
    RESERVE,
    STEN_BULLETS,
    VAN_UNIT,
    bosses_out,
)
from scoring.games.traction_avant.state import TractionState as State
from scoring.games.traction_avant.state import points_left
from scoring.games.traction_avant.texts import money as _money

__all__ = ["actions"]


def _seat_field(state: State, seat: int, key: str = "seat", label: Tr | None = None) -> Field:
    """A seat field fixed to ``seat`` (the acting player)."""
    return Field(key, label or Tr("Joueur", "Player", it="Giocatore"), "seat", default=seat, minimum=seat, maximum=seat)


def _alliance_choices(state: State, *status: str) -> tuple[tuple[str, Tr], ...]:
    out = []
    for a in state["alliances"]:
        if a["status"] in status:
            who = " + ".join(state["names"][s] for s in a["parties"])
            text = f"n° {a['id'] + 1} · {who} · {a['terms'][:40]}"
            out.append((str(a["id"]), Tr(text, text, it=text)))
    return tuple(out)


def _common(state: State, seat: int | None) -> list[Action]:
    """Actions open at any time of play: money, dice, alliances."""
    names = state["names"]
    table = seat is None
    out: list[Action] = []
    giver = (Field("from", Tr("Qui paie", "Who pays", it="Chi paga"), "seat", default=0) if seat is None
             else _seat_field(state, seat, "from", Tr("Qui paie", "Who pays", it="Chi paga")))
    out.append(Action("transfer", Tr("Transfert d'argent", "Money transfer", it="Trasferimento di denaro"), (
        giver,
        Field("to", Tr("Qui reçoit", "Who receives", it="Chi riceve"), "seat", default=1 if table or seat == 0 else 0),
        Field("amount", Tr("Montant (Thunes)", "Amount (Thunes)",
                           it="Importo (Thunes)"), "int", default=100_000, minimum=1),
        Field("note", Tr("Motif", "What for", it="Motivo"), "text", default="")),
        seat=seat, folded=True, help=Tr("Marchés des cafés, renseignements, partages à l'amiable : aucune fortune ne "
                           "peut devenir négative.",
                           "Café deals, information, friendly splits: no fortune may become negative.",
                           it="Affari nei café, informazioni, spartizioni amichevoli: nessuna fortuna può "
                              "diventare negativa.")))
    out.append(Action("roll", Tr("Lancer deux dés", "Roll two dice", it="Lancia due dadi"),
                      (Field("note", Tr("Pour quoi", "What for", it="Per cosa"), "text", default=""),), seat=seat,
                      folded=True))
    if table and state["options"]["roulette"]:
        out.append(Action("roulette", Tr("Roulette russe", "Russian roulette", it="Roulette russa"), (
            Field("proposer", Tr("Qui propose (tire en premier)", "Proposer (rolls first)",
                                 it="Chi propone (lancia per primo)"), "seat",
                  default=0),
            Field("opponent", Tr("Adversaire qui accepte", "Opponent who accepts",
                                 it="Avversario che accetta"), "seat", default=1)),
            folded=True,
            help=Tr("Chacun son tour lance un dé, le proposeur d'abord ; le premier qui tire un 1 est mort.",
                    "Each in turn rolls a die, the proposer first; the first to roll a 1 is dead.",
                    it="A turno ognuno lancia un dado, prima chi propone; il primo che fa 1 è morto.")))
    if table:
        out.append(Action("alliance", Tr("Écrire une alliance", "Write an alliance", it="Scrivi un'alleanza"), (
            Field("parties", Tr("Alliés", "Allies", it="Alleati"), "seats", default=[]),
            Field("terms", Tr("Termes de l'alliance", "Terms of the alliance",
                              it="Termini dell'alleanza"), "notes", default="")),
            folded=True, help=Tr("« écrites noir sur blanc et signées » : chaque partie signe ensuite.",
                    "'written in black and white and signed': each party then signs.",
                    it="«messe per iscritto e firmate»: ogni parte poi firma.")))
    for a in state["alliances"]:
        if a["status"] != "proposed":
            continue
        for k in a["parties"]:
            if k not in a["signed"] and (table or seat == k):
                out.append(Action("alliance_confirm", Tr(f"{names[k]} signe l'alliance n° {a['id'] + 1}",
                                                         f"{names[k]} signs alliance no. {a['id'] + 1}",
                                                         it=f"{names[k]} firma l'alleanza n° {a['id'] + 1}"),
                                  (Field("alliance", Tr("Alliance", "Alliance", it="Alleanza"), "choice",
                                         default=str(a["id"]), choices=_alliance_choices(state, "proposed")),
                                   _seat_field(state, k)), seat=k))
    signed = _alliance_choices(state, "signed")
    if table and signed:
        out.append(Action("alliance_betray", Tr("Noter une trahison", "Record a betrayal",
                                                it="Registra un tradimento"), (
            Field("alliance", Tr("Alliance", "Alliance",
                                 it="Alleanza"), "choice", default=signed[0][0], choices=signed),
            Field("traitor", Tr("Traître", "Traitor", it="Traditore"), "seat", default=0),
            Field("victim", Tr("Victime", "Victim", it="Vittima"), "seat", default=1),
            Field("note", Tr("Ce qui s'est passé", "What happened", it="Cosa è successo"), "notes", default="")),
            folded=True))
    open_ = _alliance_choices(state, "proposed", "signed")
    if table and open_:
        out.append(Action("alliance_end", Tr("Dissoudre une alliance d'un commun accord",
                                             "End an alliance by agreement",
                                             it="Sciogli un'alleanza di comune accordo"),
                          (Field("alliance", Tr("Alliance", "Alliance", it="Alleanza"), "choice", default=open_[0][0],
                                 choices=open_),), folded=True))
    for a in state["alliances"]:
        if a["status"] == "broken" and a["reprisal"] == "due" and (table or seat == a["victim"]):
            out.append(Action("reprisal", Tr(f"Représailles {de(names[a['victim']])} "
                                             f"(alliance n° {a['id'] + 1})",
                                             f"{names[a['victim']]}'s reprisal (alliance no. {a['id'] + 1})",
                                             it=f"Rappresaglie di {names[a['victim']]} (alleanza n° {a['id'] + 1})"),
                              (Field("alliance", Tr("Alliance", "Alliance",
                                                    it="Alleanza"), "choice", default=str(a["id"]),
                                     choices=_alliance_choices(state, "broken")),
                               Field("done", Tr("Exercées (non : renoncé)", "Taken (no: waived)",
                                                it="Esercitate (no: rinunciato)"), "bool",
                                     default=True)), seat=a["victim"]))
    return out


def _setup_actions(state: State, seat: int | None) -> list[Action]:
    names, n = state["names"], len(state["names"])
    out: list[Action] = []
    if seat is None:
        out.append(Action("begin", Tr("Commencer le premier tour", "Start the first turn",
                                      it="Inizia il primo turno"), primary=True))
    chosen = state["options"]["personnalisation"] and state["options"]["powers"] == "chosen"
    for k in range(n):
        if seat is not None and seat != k:
            continue
        if chosen:
            free = [p for p in POWER_KEYS if p not in state["powers"] or state["powers"][k] == p]
            out.append(Action("choose_power", Tr(f"Pouvoir {de(names[k])}", f"{names[k]}'s power",
                                                 it=f"Potere di {names[k]}"), (
                _seat_field(state, k),
                Field("power", Tr("Chef de gang", "Gang boss", it="Boss della gang"), "choice",
                      default=state["powers"][k] or free[0],
                      choices=tuple((p, Tr(POWERS[p][0], POWERS[p][0], it=POWERS[p][0])) for p in free))),
                seat=k, primary=state["powers"][k] is None))
        out.append(Action("choose_boss", Tr(f"Base {de(names[k])}", f"{names[k]}'s base", it=f"Base di {names[k]}"), (
            _seat_field(state, k),
            Field("boss", Tr("Chef / base choisi", "Boss / base chosen", it="Boss / base scelti"), "text",
                  default=state["bosses"][k] or "")), seat=k))
    return out


def _move_actions(state: State, seat: int | None) -> list[Action]:
    m, move = state["mover"], state["move"]
    if m is None or move is None or (seat is not None and seat != m):
        return []
    name, n = state["names"][m], len(state["names"])
    left = points_left(move)
    return [
        Action("done", Tr(f"{name} a fini ses mouvements", f"{name} has finished moving",
                          it=f"{name} ha finito i suoi movimenti"),
               (_seat_field(state, m),), seat=m, primary=True),
        Action("recruit", Tr("Recruter des hommes de main", "Recruit henchmen", it="Recluta uomini"), (
            _seat_field(state, m),
            Field("count", Tr("Combien", "How many", it="Quanti"), "int", default=1, minimum=1, maximum=RESERVE),
            Field("pay", Tr("Payé en", "Paid with",
                            it="Pagato in"), "choice", default="points" if left >= RECRUIT_POINTS
                  else "money", choices=(("points", Tr(f"{RECRUIT_POINTS} points de mouvement chacun",
                                                      f"{RECRUIT_POINTS} movement points each",
                                                       it=f"{RECRUIT_POINTS} punti movimento ciascuno")),
                                         ("money", Tr(f"{_money(RECRUIT_PRICE).fr} Thunes chacun",
                                                      f"{_money(RECRUIT_PRICE).en} Thunes each",
                                                      it=f"{_money(RECRUIT_PRICE).it} Thunes ciascuno"))))),
            seat=m),
        Action("traction", Tr("Jouer des cartes Traction-Avant", "Play Traction-Avant cards",
                              it="Gioca carte Traction-Avant"), (
            _seat_field(state, m),
            Field("cards", Tr("Cartes jouées en même temps", "Cards played together",
                              it="Carte giocate insieme"), "int", default=1,
                  minimum=1, maximum=10)), seat=m),
        Action("buy_time", Tr(f"3 minutes de plus ({_money(EXTRA_TIME_PRICE).fr} à chaque adversaire)",
                              f"3 more minutes ({_money(EXTRA_TIME_PRICE).en} to each opponent)",
                              it=f"3 minuti in più ({_money(EXTRA_TIME_PRICE).it} a ogni avversario)"),
               (_seat_field(state, m),), seat=m,
               help=Tr(f"Total {_money(EXTRA_TIME_PRICE * (n - 1)).fr} Thunes, et 3 minutes à partir de "
                       f"l'achat, même après la fin du sablier.",
                       f"{_money(EXTRA_TIME_PRICE * (n - 1)).en} Thunes in all, and 3 minutes from the "
                       f"purchase, even after the hourglass ran out.",
                       it=f"Totale {_money(EXTRA_TIME_PRICE * (n - 1)).it} Thunes, e 3 minuti a partire "
                          "dall'acquisto, anche dopo la fine della clessidra.")),
        Action("cohabit", Tr(f"Cohabiter dans un hôtel ({_money(COHABITATION).fr})",
                             f"Share a hotel ({_money(COHABITATION).en})",
                             it=f"Stare insieme in un hotel ({_money(COHABITATION).it})"), (
            _seat_field(state, m),
            Field("owner", Tr("Occupant de l'hôtel", "Hotel occupant",
                              it="Occupante dell'hotel"), "seat", default=(m + 1) % n)),
            seat=m),
    ]


def _order_fields(state: State, k: int, pawns: int) -> tuple[Field, ...]:
    return (
        _seat_field(state, k),
        Field("cars", Tr(f"S'enfuir : tractions utilisées ({MEN_PER_CAR} hommes max. chacune)",
                         f"Flee: cars used ({MEN_PER_CAR} men at most each)",
                         it=f"Scappare: Traction-Avant usate ({MEN_PER_CAR} uomini al "
                            "massimo ciascuna)"), "int", default=0, minimum=0,
              maximum=pawns),
        Field("men", Tr("Hommes qui s'enfuient (0 : tous ceux qui ne tirent pas, autant que les tractions en "
                        "ramènent)",
                        "Men fleeing (0: all who do not shoot, as many as the cars bring home)",
                        it="Uomini che scappano (0: tutti quelli che non sparano, quanti le Traction-Avant "
                           "ne riportano)"), "int",
              default=0, minimum=0, maximum=pawns),
        Field("colts", Tr("Colts tirés", "Colts fired", it="Colt sparate"), "int", default=0, minimum=0, maximum=pawns),
        Field("stens", Tr("Stens utilisées", "Stens used",
                          it="Sten usati"), "int", default=0, minimum=0, maximum=pawns),
        Field("bullets", Tr("Balles de Sten tirées", "Sten bullets fired",
                            it="Colpi di Sten sparati"), "int", default=0, minimum=0,
              maximum=STEN_BULLETS * pawns),
        Field("targets", Tr("Couleurs visées", "Target colours", it="Colori presi di mira"), "seats", default=[]),
        Field("note", Tr("Précisions (cibles, nombre par couleur…)", "Details (targets, how many each…)",
                         it="Precisazioni (obiettivi, quanti per colore…)"),
              "text", default=""),
    )


def _heist_actions(state: State, seat: int | None) -> list[Action]:
    names, n = state["names"], len(state["names"])
    heist = state["heist"]
    table = seat is None
    out: list[Action] = []
    if heist is not None:
        if not heist["revealed"]:
            for k in heist["present"]:
                if not table and seat != k:
                    continue
                again = heist["orders"][k] is not None
                label = (Tr(f"Changer l'ordre secret {de(names[k])}", f"Change {names[k]}'s secret order",
                            it=f"Cambia l'ordine segreto di {names[k]}")
                         if again
                         else Tr(f"Ordre secret {de(names[k])} (manche {heist['round']})",
                                 f"{names[k]}'s secret order (round {heist['round']})",
                                 it=f"Ordine segreto di {names[k]} (passaggio {heist['round']})"))
                out.append(Action("order", label, _order_fields(state, k, heist["pawns"][k]), seat=k, primary=not again,
                                  private=True))
        elif table:
            out.append(Action("split", Tr(f"Partage final du butin ({_money(heist['loot']).fr})",
                                          f"Final split of the loot ({_money(heist['loot']).en})",
                                          it=f"Spartizione finale del bottino ({_money(heist['loot']).it})"),
                              (Field("shares", Tr("Part finale de chaque gang (Thunes)",
                                                  "Each gang's final share (Thunes)",
                                                  it="Parte finale di ogni gang (Thunes)"), "ints",
                                     default=list(heist["first_share"]), minimum=0, maximum=heist["loot"]),),
                              primary=True,
                              help=Tr("À la fin des combats ; ce que personne ne reprend retourne à la "
                                      "banque. La première part (une brique par pion) n'est acquise qu'ici.",
                                      "When the fighting is over; what nobody takes goes back to the bank. "
                                      "The first share (a million per pawn) is only won here.",
                                      it="Alla fine dei combattimenti; quello che nessuno riprende torna alla "
                                         "banca. La prima parte (un milione per pedina) è acquisita solo qui.")))
            out.append(Action("combat_round", Tr("Nouvelle manche de combat (nouveaux ordres secrets)",
                                                 "New combat round (new secret orders)",
                                                 it="Nuovo passaggio di combattimento (nuovi ordini segreti)")))
        return out
    if not table:
        return out
    step, van = state["step"], state["van"]
    van_on = state["options"]["postal_van"]
    if step == "heists":
        zeros = [0] * n
        out.append(Action("heists", Tr("Casses : pions présents dans chaque banque",
                                       "Heists: pawns in each bank", it="Colpi: pedine presenti in ogni banca"), (
            Field("bank1", Tr("Banque 1", "Bank 1", it="Banca 1"), "ints", default=zeros, minimum=0, maximum=RESERVE),
            Field("bank2", Tr("Banque 2", "Bank 2", it="Banca 2"), "ints", default=zeros, minimum=0, maximum=RESERVE)),
            primary=True, help=Tr("3 pions ou plus : casse, 1 brique par pion. Tout à zéro : pas de casse.",
                                  "3 pawns or more: heist, 1 million per pawn. All zero: no heist.",
                                  it="3 pedine o più: colpo, 1 milione per pedina. Tutto a zero: nessun colpo.")))
    if van_on and van["pending"]:
        others = [s for s in range(n) if s != state["first"]]
        out.append(Action("van_pass", Tr("Le fourgon n'est pas attaqué", "Nobody attacks the van",
                                         it="Il furgone non viene attaccato"),
                          primary=True))
        out.append(Action("van_attack", Tr(f"Attaque du fourgon (butin 2 dés × {_money(VAN_UNIT).fr})",
                                           "Van attacked (loot 2 dice × 200,000)",
                                           it=f"Attacco al furgone (bottino 2 dadi × {_money(VAN_UNIT).it})"), (
            Field("seat", Tr("Qui rafle le butin", "Who takes the loot",
                             it="Chi arraffa il bottino"), "seat", default=others[0]),)))
    elif van_on and van["turn"] != state["turn"] and step in ("heists", "van"):
        out.append(Action("van_move", Tr("Fourgon postal : lancer les dés du déplacement",
                                         "Postal van: roll for its move",
                                         it="Furgone postale: lancia i dadi del movimento"), primary=step == "van"))
    if not van_on or (van["turn"] == state["turn"] and not van["pending"]):
        out.append(Action("base_attack", Tr("Attaque de base", "Base attack", it="Attacco alla base"), (
            Field("defender", Tr("Base attaquée", "Base attacked", it="Base attaccata"), "seat", default=0),
            Field("engaged", Tr("Pions engagés par chaque attaquant", "Pawns engaged by each attacker",
                                it="Pedine impegnate da ogni attaccante"),
                  "ints", default=[0] * n, minimum=0, maximum=RESERVE),
            Field("success", Tr("L'attaque réussit", "The attack succeeds",
                                it="L'attacco riesce"), "bool", default=True)),
            help=Tr("1 brique par pion engagé pour chaque agresseur.",
                    "1 million per pawn engaged, for each attacker.",
                    it="1 milione per pedina impegnata per ogni aggressore.")))
        out.append(Action("next_phase", Tr("Fin de la phase 4 : obtention des cartes",
                                           "End of phase 4: drawing cards",
                                           it="Fine della fase 4: recupero delle carte"), primary=step == "bases"))
    return out


def _cards_action(state: State) -> Action:
    n = len(state["names"])
    hotels = HOTELS - 2 * len(bosses_out(n))
    return Action("cards", Tr("Cartes à prendre : pions dans les hôtels et les cafés",
                              "Cards to take: pawns in hotels and cafés",
                              it="Carte da prendere: pedine negli hotel e nei café"), (
        Field("hotels", Tr("Pions dans des hôtels", "Pawns in hotels",
                           it="Pedine negli hotel"), "ints", default=[0] * n, minimum=0,
              maximum=hotels),
        *(Field(f"cafe{c + 1}", Tr(f"Pions dans le café {c + 1}", f"Pawns in café {c + 1}",
                                   it=f"Pedine nel café {c + 1}"), "ints",
                default=[0] * n, minimum=0, maximum=RESERVE) for c in range(CAFES))),
        help=Tr("Une carte « Embrouille » par pion dans un hôtel ; les « Super Embrouille » des cafés selon "
                "l'option de la partie.",
                "One 'Embrouille' card per pawn in a hotel; the cafés' 'Super Embrouille' as the match's "
                "option says.",
                it="Una carta «Embrouille» per pedina in un hotel; le «Super Embrouille» dei café secondo l'opzione "
                   "della partita."))


def actions(state: State, seat: int | None) -> list[Action]:
    """What the table (``seat=None``) or a player's phone may do now."""
    if state["finished"]:
        return []
    if state["stage"] == "setup":
        return _setup_actions(state, seat)
    table = seat is None
    phase = state["phase"]
    out: list[Action] = []
    if phase == "first" and table:
        out.append(Action("next_phase", Tr("Commencer les magouilles (6 minutes)", "Start the magouilles (6 "
                                                                                   "minutes)",
                                           it="Inizia gli intrighi (6 minuti)"),
                          primary=True))
    elif phase == "magouilles" and table:
        out.append(Action("next_phase", Tr("Fin des magouilles : mouvements", "End of magouilles: movement",
                                           it="Fine degli intrighi: movimenti"),
                          primary=True))
        out.append(Action("cafe", Tr("Joueurs présents dans un café", "Players in a café",
                                     it="Giocatori presenti in un café"),
                          (Field("seats", Tr("Dans un café", "In a café", it="In un café"), "seats",
                                 default=list(state["in_cafe"])),)))
    elif phase == "moves":
        out.extend(_move_actions(state, seat))
    elif phase == "heists":
        out.extend(_heist_actions(state, seat))
    elif phase == "cards" and table:
        out.append(Action("next_phase", Tr("Nouveau tour (le marqueur passe à droite)",
                                           "New turn (the marker passes to the right)",
                                           it="Nuovo turno (la tessera passa a destra)"), primary=True))
        out.append(_cards_action(state))
    out.extend(_common(state, seat))
    return out
