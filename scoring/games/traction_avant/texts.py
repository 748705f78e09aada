"""Le Gang des Traction-Avant: the texts (phase names, ledger kinds, rulings, notes, set-up instructions),
French, English and Italian (Italian in the words of the rulebook's Italian half)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.core import Phase, Tr
from scoring.core.fmt import number
from scoring.games.traction_avant.rules import (
    POWERS,
)


def money(amount: int) -> Tr:
    """An amount of Thunes as each language writes it.

    >>> money(2_400_000)
    Tr(fr='2\\xa0400\\xa0000', en='2,400,000', it='2.400.000')
    """
    return Tr(number(amount, "fr"), number(amount, "en"), it=number(amount, "it"))


PHASE_NAMES: dict[str, Tr] = {
    "first": Tr("1. Détermination du premier joueur", "1. First player", it="1. Determinazione del primo giocatore"),
    "magouilles": Tr("2. Magouilles (phase diplomatique)", "2. Magouilles (diplomacy)",
                     it="2. Intrighi (fase diplomatica)"),
    "moves": Tr("3. Mouvements et combats de rue", "3. Movement and street fights",
                it="3. Movimenti e combattimenti per le strade"),
    "heists": Tr("4. Casses et attaques de bases", "4. Heists and base attacks", it="4. Colpi e attacchi alle basi"),
    "cards": Tr("5. Obtention des cartes", "5. Drawing cards", it="5. Recupero delle carte"),
}

#: The five phases of a turn.  The engine creates the countdowns itself (``seconds`` is left unset so
#: that the app offers no timer of its own): ``magouilles`` (6 minutes) when phase 2 begins and
#: ``moves:<seat>`` (3 minutes, longer when time is bought) when a player's movement begins; the app
#: shows and pauses/resumes exactly those.
PHASES = (
    Phase("first", PHASE_NAMES["first"]),
    Phase("magouilles", PHASE_NAMES["magouilles"], who="table",
          help=Tr("6 minutes au plus (2 sabliers), seulement pour les joueurs présents dans un café.",
                  "6 minutes at most (2 hourglasses), only for the players in a café.",
                  it="6 minuti al massimo (2 clessidre), solo per i giocatori presenti in un café.")),
    Phase("moves", PHASE_NAMES["moves"], who="each",
          help=Tr("3 minutes par joueur ; 3 minutes de plus = 100 000 Thunes à chaque adversaire.",
                  "3 minutes each; 3 more minutes = 100,000 Thunes to each opponent.",
                  it="3 minuti per giocatore; 3 minuti in più = 100.000 Thunes a ogni avversario.")),
    Phase("heists", PHASE_NAMES["heists"]),
    Phase("cards", PHASE_NAMES["cards"]),
)

KINDS: dict[str, Tr] = {
    "start": Tr("Capital de départ", "Starting capital", it="Capitale di partenza"),
    "heist_share": Tr("Casse : premier partage", "Heist: first share", it="Colpo: prima spartizione"),
    "heist_split": Tr("Casse : partage final", "Heist: final split", it="Colpo: spartizione finale"),
    "base_attack": Tr("Attaque de base", "Base attack", it="Attacco alla base"),
    "cohabitation": Tr("Cohabitation à l'hôtel", "Hotel sharing", it="Coabitazione in hotel"),
    "recruit": Tr("Recrutement", "Recruitment", it="Reclutamento"),
    "extra_time": Tr("3 minutes supplémentaires", "3 extra minutes", it="3 minuti supplementari"),
    "van": Tr("Fourgon postal", "Postal van", it="Furgone postale"),
    "transfer": Tr("Transfert", "Transfer", it="Trasferimento"),
}

VICTORY_NOTE = Tr(
    "Victoire : le premier joueur qui atteint 20 millions de Thunes (20 millions pile compte) avec un écart "
    "d'au moins 2 millions (2 millions pile compte) sur le plus fortuné des autres joueurs. La part d'un casse "
    "disputé ne compte qu'au partage final.",
    "Victory: the first player to reach 20 million Thunes (exactly 20 million counts) with a lead of at "
    "least 2 million (exactly 2 million counts) over the richest other player. A contested heist's share "
    "counts only at the final split.",
    it="Vittoria: il primo giocatore che raggiunge 20 milioni di Thunes (20 milioni esatti contano) con uno scarto "
       "di almeno 2 milioni (2 milioni esatti contano) sul più ricco degli altri giocatori. La parte di un colpo "
       "conteso conta solo alla spartizione finale.")

STEPS: dict[str, Tr] = {
    "heists": Tr("casses", "heists",
                 it="colpi"), "resolve": Tr("casse en cours", "heist being fought", it="colpo in corso"),
    "van": Tr("fourgon postal", "postal van", it="furgone postale"), "bases": Tr("attaques de bases", "base attacks",
                                                           it="attacchi alle basi"),
}

ALLIANCE_STATUS: dict[str, Tr] = {
    "proposed": Tr("à signer", "to sign", it="da firmare"), "signed": Tr("signée", "signed",
                                                        it="firmata"), "broken": Tr("trahie", "betrayed",
                                                                                          it="tradita"),
    "ended": Tr("dissoute", "ended", it="sciolta"),
}

REPRISAL_STATUS: dict[str, Tr] = {
    "due": Tr("à exercer", "due", it="da esercitare"), "done": Tr("exercées", "taken",
                                              it="esercitate"), "waived": Tr("abandonnées", "waived",
                                                                                 it="abbandonate"),
}

#: What each boss power reminds the table of at the start of a turn.
TURN_START: dict[str, Tr] = {
    "monmon": Tr("choisit et montre 2 cartes Embrouille (Colt/Esquive)", "picks and shows 2 Colt/Esquive cards",
                 it="sceglie e mostra 2 carte Embrouille (Colt/Esquive)"),
    "riton": Tr("prend 2 cartes Traction", "takes 2 Traction cards", it="prende 2 carte Traction-Avant"),
    "pierrot": Tr("Sten gratuite face visible", "free Sten face up", it="Sten gratuito scoperto"),
}

RIGHT_NOTE = Tr(
    "« Au début du tour suivant, il donne le marqueur à son voisin de droite qui devient alors premier "
    "joueur. » Les phases se jouent dans le sens des aiguilles d'une montre, donc vers la gauche : le "
    "marqueur, lui, passe à droite (le joueur précédent dans l'ordre de jeu).",
    "'At the start of the next turn, he gives the marker to his right-hand neighbour, who becomes first "
    "player.' Phases are played clockwise, i.e. to the left: the marker goes to the right (the previous "
    "player in the order of play).",
    it="«All'inizio del turno successivo egli passa la tessera al suo vicino di destra che diventa allora primo "
       "giocatore.» Le fasi si giocano in senso orario, quindi verso sinistra: la tessera invece passa a destra (il "
       "giocatore precedente nell'ordine di gioco).")

REPRISAL_NOTE = Tr(
    "« le joueur responsable de la trahison s'expose à des représailles de la part de sa victime qui a alors "
    "le droit de remplacer deux des pions du traitre - qui retourneront à la réserve - par deux des siens "
    "sur "
    "le plateau de jeu. Cet échange ne peut se faire qu'au terme de l'action marquant la rupture de "
    "l'accord. »",
    "The traitor is exposed to his victim's reprisal: the victim may replace two of the traitor's pawns "
    "(back "
    "to his reserve) by two of her own on the board, only at the end of the action that broke the "
    "agreement (e.g. at the split of a heist).",
    it="«il giocatore responsabile del tradimento si espone a rappresaglie da parte della vittima che ha il diritto "
       "di rimpiazzare due pedine del traditore (che tornano in riserva) con due delle sue sul tabellone.» Lo "
       "scambio avviene solo al termine dell'azione che rompe l'accordo.")

ORDER_NOTE = Tr(
    "« Les joueurs inscrivent ensuite secrètement leurs intentions » puis « Tous les ordres sont dévoilés "
    "simultanément » : l'app révèle tout quand le dernier joueur présent a écrit le sien ; ensuite plus "
    "aucun ordre ne change.",
    "Each player present writes his intentions secretly; all orders are revealed at once when the last "
    "one is entered, and none can change after that.",
    it="«I giocatori scrivono quindi, segretamente, le loro intenzioni»: l'app rivela tutto quando l'ultimo "
       "giocatore presente ha scritto il suo; dopo, nessun ordine cambia più.")

PHASE_NOTES: dict[str, Tr] = {
    "first": Tr("Le premier joueur pose le marqueur devant lui et débute chacune des phases du tour ; les "
                "autres suivent dans le sens des aiguilles d'une montre.",
                "The first player puts the marker in front of him and starts every phase of the turn; the "
                "others follow clockwise.",
                it="Il primo giocatore si mette davanti la tessera e comincia ciascuna fase del turno; gli altri "
                   "seguono in senso orario."),
    "magouilles": Tr("6 minutes au plus (2 sabliers), seulement pour les joueurs présents dans un café. Les "
                     "échanges de cartes et d'argent ne sont possibles qu'entre joueurs présents dans le "
                     "même "
                     "café. À la fin : pas plus de 4 cartes « Super Embrouille » en main.",
                     "6 minutes at most (2 hourglasses), only for players in a café. Cards and money change "
                     "hands only between players in the same café. At the end: no more than 4 'Super "
                     "Embrouille' cards in hand.",
                     it="6 minuti al massimo (2 clessidre), solo per i giocatori presenti in un café. Scambi di "
                        "carte e di denaro sono possibili solo tra giocatori presenti nello stesso café. Alla fine: "
                        "non più di 4 carte «Super Embrouille» in mano."),
    "moves": Tr("3 minutes et 12 points de mouvement chacun. « Coup de force » avant le recrutement ; "
                "recruter "
                "coûte 4 points ou 1 brique ; un pion par hôtel (cohabiter : 300 000 Thunes) ; 3 minutes de "
                "plus : 100 000 Thunes à chaque adversaire.",
                "3 minutes and 12 movement points each. 'Coup de force' before recruiting; recruiting costs "
                "4 "
                "points or 1 million; one pawn per hotel (sharing: 300,000 Thunes); 3 more minutes: 100,000 "
                "Thunes to each opponent.",
                it="3 minuti e 12 punti movimento ciascuno. «Coup de force» prima del reclutamento; reclutare costa "
                   "4 punti o 1 milione; una pedina per hotel (stare insieme: 300.000 Thunes); 3 minuti in più: "
                   "100.000 Thunes a ogni avversario."),
    "heists": Tr("Dans l'ordre : les casses (le plus gros butin d'abord ; à égalité, le plus de joueurs), le "
                 "fourgon postal, puis les attaques de bases (1 brique par pion engagé).",
                 "In order: heists (biggest loot first; if equal, most players), the postal van, then base "
                 "attacks (1 million per pawn engaged).",
                 it="Nell'ordine: i colpi (prima il bottino più grosso; in caso di parità, quello con più "
                    "giocatori), il furgone postale, poi gli attacchi alle basi (1 milione per pedina impegnata)."),
    "cards": Tr("Chacun prend autant de cartes « Embrouille » qu'il a de pions dans des hôtels, et autant de "
                "« Super Embrouille » qu'il a de séries de 3 pions dans des cafés (dans la limite des "
                "cartes ; voir l'option des cafés).",
                "Each takes one 'Embrouille' card per pawn in a hotel and one 'Super Embrouille' per set of "
                "3 pawns in a café (while cards last; see the cafés' option).",
                it="Ognuno prende tante carte «Embrouille» quante sono le sue pedine negli hotel, e tante «Super "
                   "Embrouille» quante sono le sue serie di 3 pedine nei café (fino a esaurimento delle carte; "
                   "vedere l'opzione dei café)."),
}


def _q(fr: str, en: str, it: str) -> Tr:
    return Tr(fr, en, it)


def setup_instructions(record: Mapping[str, Any]) -> tuple[Tr, ...]:
    """Step-by-step set-up for the table, in French and English."""
    opts = record["options"]
    n = int(opts["players"])
    out = [_q(
        "Chaque joueur choisit le chef de gang qu'il désire incarner, s'installe devant sa base et pose sa "
        "réserve de 20 pions « hommes de main » près de lui, à l'extérieur du plateau de jeu.",
        "Each player chooses the gang boss he wants to be, sits in front of his base and puts his reserve "
        "of 20 henchmen pawns beside him, off the board.",
        it="Ogni giocatore sceglie il boss della gang che desidera rappresentare, si piazza davanti alla sua base e "
           "mette la sua riserva di 20 pedine «uomini» vicino a sé, fuori dal tabellone.")]
    if n == 5:
        out.append(_q("« A 5 joueurs : Raymond Naudy ne joue pas et les deux hôtels les plus proches de sa "
                      "base "
                      "sont fermés. » Posez sur ces deux hôtels un pion d'une couleur non utilisée.",
                      "With 5 players: Raymond Naudy's base is out of play and the two hotels nearest to it "
                      "are closed. Put a pawn of an unused colour on those two hotels.",
                      it="«A 5 giocatori: Raymond Naudy non gioca e i due hotel più vicini alla sua base sono "
                         "chiusi.» Mettete su questi due hotel una pedina di un colore non usato."))
    elif n == 4:
        out.append(_q("« A 4 joueurs : Ni Raymond Naudy, ni Henri Fefeu ne jouent. Deux hôtels sont fermés "
                      "près "
                      "de chacune de leurs bases. Symboliser ces hôtels fermés en y plaçant un pion d'une "
                      "couleur "
                      "non utilisée. »",
                      "With 4 players: neither Raymond Naudy nor Henri Fefeu plays. Two hotels are closed "
                      "near "
                      "each of their bases: put a pawn of an unused colour on each.",
                      it="«A 4 giocatori: né Raymond Naudy né Henri Fefeu giocano. Due hotel sono chiusi vicino a "
                         "ciascuna delle loro basi.» Mettete su ciascuno una pedina di un colore non usato."))
    else:
        out.append(_q("À 6 joueurs, toutes les bases et tous les hôtels sont en jeu.",
                      "With 6 players, every base and every hotel is in play.",
                      it="A 6 giocatori, tutte le basi e tutti gli hotel sono in gioco."))
    out.append(_q("Empilez les 54 cartes « Embrouille » et les 24 « Super Embrouille » sur leurs "
                  "emplacements. "
                  "Chaque joueur sélectionne secrètement 3 cartes « Embrouille » et 1 carte « Super "
                  "Embrouille ».",
                  "Stack the 54 'Embrouille' and 24 'Super Embrouille' cards on their spaces. Each player "
                  "secretly picks 3 'Embrouille' cards and 1 'Super Embrouille' card.",
                  it="Impilate le 54 carte «Embrouille» e le 24 «Super Embrouille» negli appositi spazi. Ogni "
                     "giocatore sceglie in segreto 3 carte «Embrouille» e 1 carta «Super Embrouille»."))
    out.append(_q("Chaque gang reçoit son capital de départ, 500 000 Thunes : l'app tient la banque (les "
                  "billets peuvent rester dans la boîte).",
                  "Each gang receives its starting capital, 500,000 Thunes: the app keeps the bank (the "
                  "notes "
                  "may stay in the box).",
                  it="Ogni gang riceve il suo capitale di partenza, 500.000 Thunes: l'app tiene la banca (i "
                     "biglietti possono restare nella scatola)."))
    first = int(record["first_player"]) + 1
    out.append(_q(f"Premier joueur tiré au sort : place n° {first}. Il pose le marqueur « Premier Joueur » "
                  "devant lui ; au début de chaque tour suivant, il le donne à son voisin de droite.",
                  f"First player drawn at random: seat no. {first}. He puts the 'First Player' marker in "
                  "front of him; at the start of every later turn he gives it to his right-hand neighbour.",
                  it=f"Primo giocatore sorteggiato: posto n° {first}. Si mette davanti la tessera «primo "
                     "giocatore»; all'inizio di ogni turno successivo la passa al suo vicino di destra."))
    if opts["postal_van"]:
        out.append(_q("Règle optionnelle « Le fourgon postal » : posez le fourgon sur son parking (voir "
                      "montage). Il roule après les casses et avant les attaques de bases.",
                      "Optional rule 'the postal van': put the van on its parking space. It drives after the "
                      "heists and before the base attacks.",
                      it="Regola opzionale «Il furgone postale»: mettete il furgone nel suo parcheggio (vedi "
                         "montaggio). Si muove dopo i colpi e prima degli attacchi alle basi."))
    if opts["roulette"]:
        out.append(_q("Règle optionnelle « La roulette russe » : l'app lance les dés, le proposeur d'abord.",
                      "Optional rule 'Russian roulette': the app rolls the dice, the proposer first.",
                      it="Regola opzionale «La roulette russa»: l'app lancia i dadi, prima chi propone."))
    if opts["traction_series"]:
        out.append(_q("Règle optionnelle « Série de traction-avant » : 6 points pour une carte, 7 de plus "
                      "pour "
                      "une deuxième jouée en même temps, 8 pour une troisième, etc.",
                      "Optional rule 'Traction-Avant series': 6 points for one card, 7 more for a second "
                      "played together, 8 for a third, and so on.",
                      it="Regola opzionale «Serie di Traction-Avant»: 6 punti per una carta, 7 per una seconda "
                         "giocata contemporaneamente, 8 per una terza, ecc."))
    if opts.get("cafe_cards") == "one_per_cafe":
        out.append(_q("Règle maison (cartes des cafés) : une carte « Super Embrouille » par café où le gang a "
                      "3 pions ou plus, quel que soit leur nombre (« une carte », phase 3).",
                      "House rule (cafés' cards): one 'Super Embrouille' card per café where the gang has 3 "
                      "pawns or more, however many ('one card', phase 3).",
                      it="Regola della casa (carte dei café): una carta «Super Embrouille» per café in cui la gang "
                         "ha 3 pedine o più, qualunque sia il loro numero («una carta», fase 3)."))
    if opts["personnalisation"]:
        powers = record.get("powers")
        if powers:
            for seat, key in enumerate(powers):
                pname, text = POWERS[key]
                out.append(_q(f"Place n° {seat + 1} : {pname}. {text.fr}", f"Seat no. {seat + 1}: {pname}. "
                              f"{text.en}", it=f"Posto n° {seat + 1}: {pname}. {text.it}"))
        else:
            out.append(_q("Personnalisation des joueurs : chacun choisit son chef (et son pouvoir) dans "
                          "l'app "
                          "avant le premier tour.",
                          "Player personalisation: each player chooses his boss (and power) in the app "
                          "before the first turn.",
                          it="Personalizzazione dei giocatori: ognuno sceglie il suo boss (e il suo potere) "
                             "nell'app prima del primo turno."))
    return tuple(out)
