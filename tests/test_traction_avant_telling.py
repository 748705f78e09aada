"""Le Gang des Traction-Avant: how each move reads in the ledger and the history (``telling.py``), word for
word in French, English and Italian, for hand-written events of every type, the odd values the moves accept
(numbers and seats written as strings, missing fields) and the secret order hidden during play.

The words are the game's (its forms and panels) and the rulebook's, French half and Italian half
(shared/rules/gang-des-traction-avant.fr-it.txt), quoted beside the lines that use them.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from scoring.core import HIDDEN, Tr
from scoring.core.telling import raw
from scoring.games.traction_avant.game import GAME
from scoring.games.traction_avant.telling import SECRET_ORDER

NAMES = ["Ange", "Bébert", "Carlo", "Dédé"]
#: French writes its thousands with a no-break space (the game's ``money``)
_ = "\u00a0"


def fr_said(text: str) -> str:
    """A player's words quoted in a French line (the guillemets written as escapes here: the rulebook
    quotations of these tests are checked against the rulebook, a player's note is not one)."""
    return f"\u00ab {text} \u00bb"


def it_said(text: str) -> str:
    """A player's words quoted in an Italian line."""
    return f"\u00ab{text}\u00bb"


def told(event: dict[str, Any], names: list[str] | None = None) -> Tr:
    return GAME.tell(event, NAMES if names is None else names)


#: (id, event, French, English, Italian): every event type at least once
CASES: list[tuple[str, dict[str, Any], str, str, str]] = [
    # « Chaque joueur choisit le chef de gang qu'il désire incarner, s'installe devant sa base »
    # (the form's free text "Chef / base choisi", stripped as the move stores it)
    ("choose_boss", {"type": "choose_boss", "seat": 0, "boss": "  Pierrot le Fou "},
     "Chef et base d'Ange : Pierrot le Fou", "Ange's boss and base: Pierrot le Fou",
     "Boss e base di Ange: Pierrot le Fou"),
    ("choose_boss_seat_as_text", {"type": "choose_boss", "seat": "2", "boss": "base rouge"},
     "Chef et base de Carlo : base rouge", "Carlo's boss and base: base rouge", "Boss e base di Carlo: base rouge"),
    # « Chaque joueur incarne un chef de gang et bénéficie de ses pouvoirs »
    # « Ogni giocatore incarna un boss »
    ("choose_power", {"type": "choose_power", "seat": 1, "power": "mammouth"},
     "Bébert incarne Le Mammouth", "Bébert plays Le Mammouth", "Bébert incarna Le Mammouth"),
    ("begin", {"type": "begin"}, "Début du premier tour", "The first turn begins", "Inizia il primo turno"),
    ("next_phase", {"type": "next_phase", "at": 12_000}, "Phase suivante", "Next phase", "Fase successiva"),
    # « ne concerne que les joueurs présents dans un ou plusieurs cafés »
    ("cafe", {"type": "cafe", "seats": [3, "0"]},
     "Dans un café : Ange et Dédé", "In a café: Ange and Dédé", "In un café: Ange e Dédé"),
    ("cafe_nobody", {"type": "cafe"}, "Personne dans un café", "Nobody in a café", "Nessuno in un café"),
    # « Le recrutement d'un homme de main [...] coûte 4 points de mouvement ou 1 brique. »
    # « Il reclutamento di un uomo [...] costa 4 punti movimento o un milione. »
    ("recruit", {"type": "recruit", "seat": 1, "count": "2", "pay": "points"},
     "Bébert recrute 2 hommes de main pour 8 points de mouvement", "Bébert recruits 2 henchmen for 8 movement points",
     "Bébert recluta 2 uomini per 8 punti movimento"),
    ("recruit_defaults", {"type": "recruit", "seat": 1},
     "Bébert recrute 1 homme de main pour 4 points de mouvement", "Bébert recruits 1 henchman for 4 movement points",
     "Bébert recluta 1 uomo per 4 punti movimento"),
    ("recruit_money", {"type": "recruit", "seat": 1, "count": 1, "pay": "money"},
     f"Bébert recrute 1 homme de main pour 1{_}000{_}000 Thunes", "Bébert recruits 1 henchman for 1,000,000 Thunes",
     "Bébert recluta 1 uomo per 1.000.000 Thunes"),
    # « Traction-Avant : [...] Pendant une phase de mouvement, elle apporte 6 points de mouvement supplémentaires »
    ("traction", {"type": "traction", "seat": "1", "cards": "2"},
     "Bébert joue 2 cartes Traction-Avant", "Bébert plays 2 Traction-Avant cards",
     "Bébert gioca 2 carte Traction-Avant"),
    ("traction_one", {"type": "traction", "seat": 1},
     "Bébert joue 1 carte Traction-Avant", "Bébert plays 1 Traction-Avant card", "Bébert gioca 1 carta Traction-Avant"),
    # « Tout joueur désirant 3 minutes supplémentaires doit donner 100 000 Thunes à chacun de ses adversaires. »
    # « tre minuti supplementari deve pagare 100.000 Thunes a ciascuno dei suoi avversari »
    ("buy_time", {"type": "buy_time", "seat": 1, "at": 5_000},
     f"Bébert achète 3 minutes de plus : 100{_}000 Thunes à chaque adversaire",
     "Bébert buys 3 more minutes: 100,000 Thunes to each opponent",
     "Bébert compra 3 minuti in più: 100.000 Thunes a ogni avversario"),
    # « lui proposer 300 000 Thunes pour cohabiter, le temps d'un tour » (Italian: "ad" before an a)
    ("cohabit", {"type": "cohabit", "seat": 1, "owner": 0},
     f"Bébert paie 300{_}000 Thunes à Ange pour cohabiter à l'hôtel",
     "Bébert pays Ange 300,000 Thunes to share a hotel",
     "Bébert paga 300.000 Thunes ad Ange per coabitare in hotel"),
    ("done", {"type": "done", "seat": 1},
     "Bébert a fini ses mouvements", "Bébert has finished moving", "Bébert ha finito i suoi movimenti"),
    # « Un casse a lieu dès que trois pions [...] sont présents dans une banque. »
    # « S'il n'y a qu'un ou deux pions, le casse n'a pas lieu »
    # « Le montant du butin est déterminé à raison d'une Brique par pion présent. »
    # « L'ammontare del bottino è calcolato in un milione per pedina presente. »
    ("heists", {"type": "heists", "bank1": [4, 0, 2, 0], "bank2": [0, 1, 0, 1]},
     f"Banque 1 : casse, butin de 6{_}000{_}000 Thunes (pions : Ange 4, Carlo 2) ; "
     "banque 2 : pas de casse (pions : Bébert 1, Dédé 1)",
     "Bank 1: heist, loot of 6,000,000 Thunes (pawns: Ange 4, Carlo 2); bank 2: no heist (pawns: Bébert 1, Dédé 1)",
     "Banca 1: colpo, bottino di 6.000.000 Thunes (pedine: Ange 4, Carlo 2); "
     "banca 2: nessun colpo (pedine: Bébert 1, Dédé 1)"),
    ("heists_second_bank_only", {"type": "heists", "bank1": [0, 0, 0, 0], "bank2": [0, 0, 3, 0]},
     f"Banque 2 : casse, butin de 3{_}000{_}000 Thunes (pions : Carlo 3)",
     "Bank 2: heist, loot of 3,000,000 Thunes (pawns: Carlo 3)",
     "Banca 2: colpo, bottino di 3.000.000 Thunes (pedine: Carlo 3)"),
    ("heists_none", {"type": "heists"}, "Aucun casse ce tour", "No heist this turn", "Nessun colpo in questo turno"),
    # Revealed, once the match is over, in the words of the rulebook's list of intentions:
    # « Les joueurs inscrivent ensuite secrètement leurs intentions sur une feuille de papier »
    # « S'enfuir avec une ou plusieurs tractions » / « Dégainer un Colt et tirer »
    # « Tirer une raffale de Sten : indiquer le nombre d'armes, le nombre de balles tirées »
    # « Fuggire con una o più macchine » / « Sfoderare una Colt e sparare »
    # « Tirare una raffica di Sten (indicare il numero delle armi, il numero dei colpi »
    ("order", {"type": "order", "seat": 0, "cars": "1", "men": 2, "colts": 1, "stens": 1, "bullets": 3,
               "targets": [2], "note": "vise le chauffeur"},
     "Ordre secret d'Ange : s'enfuir en 1 traction avec 2 hommes ; tirer avec 1 Colt et 1 Sten (3 balles) sur Carlo"
     " · " + fr_said("vise le chauffeur"),
     "Ange's secret order: flee in 1 car with 2 men; fire 1 Colt and 1 Sten (3 bullets) at Carlo"
     " · “vise le chauffeur”",
     "Ordine segreto di Ange: fuggire con 1 Traction-Avant e 2 uomini; sparare con 1 Colt e 1 Sten (3 colpi) su Carlo"
     " · " + it_said("vise le chauffeur")),
    ("order_colts", {"type": "order", "seat": 2, "cars": 0, "men": 0, "colts": "2", "stens": 0, "bullets": 0,
                     "targets": [0], "note": ""},
     "Ordre secret de Carlo : tirer avec 2 Colts sur Ange", "Carlo's secret order: fire 2 Colts at Ange",
     "Ordine segreto di Carlo: sparare con 2 Colt su Ange"),
    # the men not given: as many of those who do not shoot as the cars carry, which only the match knows
    ("order_flee", {"type": "order", "seat": 0, "cars": 2, "colts": 0, "stens": 0, "bullets": 0, "targets": [],
                    "note": ""},
     "Ordre secret d'Ange : s'enfuir en 2 tractions", "Ange's secret order: flee in 2 cars",
     "Ordine segreto di Ange: fuggire con 2 Traction-Avant"),
    # « rester et attaquer les autres joueurs » / « Restare e attaccare »
    ("order_stay", {"type": "order", "seat": 2, "cars": 0, "men": 0, "colts": 0, "stens": 0, "bullets": 0,
                    "targets": [], "note": ""},
     "Ordre secret de Carlo : rester sans tirer", "Carlo's secret order: stay without shooting",
     "Ordine segreto di Carlo: restare senza sparare"),
    # « A l'issue de chaque round de combat » … « un nouveau round de combat commence »
    # (the game's "manche" / "passaggio": « Ogni combattimento si sviluppa in passaggi successivi »)
    ("combat_round", {"type": "combat_round"},
     "Nouvelle manche de combat", "New combat round", "Nuovo passaggio di combattimento"),
    # « A la fin des combats, les survivants se partagent le butin. »
    # « i sopravvissuti si dividono il bottino »
    ("split", {"type": "split", "shares": [4_000_000, 0, 2_000_000, 0]},
     f"Partage final du butin (Thunes) : Ange 4{_}000{_}000, Carlo 2{_}000{_}000",
     "Final split of the loot (Thunes): Ange 4,000,000, Carlo 2,000,000",
     "Spartizione finale del bottino (Thunes): Ange 4.000.000, Carlo 2.000.000"),
    ("split_nothing", {"type": "split", "shares": [0, 0, 0, 0]},
     "Partage final du butin : personne ne garde rien", "Final split of the loot: nobody keeps anything",
     "Spartizione finale del bottino: nessuno tiene niente"),
    # « Le premier joueur lance deux dés pour déterminer le nombre de cases de rues que parcourra le fourgon. »
    # « il numero di caselle di strada che percorrerà il furgone »
    ("van_move", {"type": "van_move", "dice": [3, 4]},
     "Le fourgon postal parcourt 7 cases (3 + 4)", "The postal van drives 7 squares (3 + 4)",
     "Il furgone postale percorre 7 caselle (3 + 4)"),
    # « le premier joueur lance deux dés et multiplie le nombre obtenu par 200 000 Thunes »
    # « Le pion ayant rafflé le butin » / « La pedina che arraffa il bottino »
    ("van_attack", {"type": "van_attack", "seat": "2", "dice": [6, 2]},
     f"Carlo attaque le fourgon postal et rafle 1{_}600{_}000 Thunes (dés : 6 + 2)",
     "Carlo attacks the postal van and takes 1,600,000 Thunes (dice: 6 + 2)",
     "Carlo attacca il furgone postale e arraffa 1.600.000 Thunes (dadi: 6 + 2)"),
    ("van_pass", {"type": "van_pass"},
     "Le fourgon postal n'est pas attaqué", "Nobody attacks the postal van", "Il furgone postale non viene attaccato"),
    # « Si l'attaque réussit, les agresseurs repartent avec un butin évalué à 1 Brique par pion engagé. »
    # « un bottino calcolato in un milione per ogni pedina usata »
    ("base_attack", {"type": "base_attack", "defender": 0, "engaged": [0, 2, 1, 0]},
     "Attaque de la base d'Ange (pions : Bébert 2, Carlo 1) : réussie, 1 brique par pion engagé",
     "Attack on Ange's base (pawns: Bébert 2, Carlo 1): succeeded, 1 million per pawn engaged",
     "Attacco alla base di Ange (pedine: Bébert 2, Carlo 1): riuscito, 1 milione per pedina impegnata"),
    ("base_attack_repelled", {"type": "base_attack", "defender": "3", "engaged": [0, 3, 0, 0], "success": False},
     "Attaque de la base de Dédé (pions : Bébert 3) : repoussée", "Attack on Dédé's base (pawns: Bébert 3): repelled",
     "Attacco alla base di Dédé (pedine: Bébert 3): respinto"),
    # Cards for the pawns « qu'ils ont de pions dans des hôtels » and « qu'ils ont de séries de 3 pions dans des
    # cafés » (or, phase 3, « Tout joueur représenté par 3 de ses hommes dans le même établissement »): a café
    # with fewer than 3 of a gang's pawns gives nothing in either reading of the rule, and is not told
    ("cards", {"type": "cards", "hotels": [2, 0, 1, 0], "cafe1": [3, 2, 0, 0], "cafe2": [0, 6, 0, 0],
               "cafe3": [4, 0, 0, 0]},
     "Cartes à prendre · pions dans les hôtels : Ange 2, Carlo 1 · dans les cafés (3 ou plus) : Ange 3 + 4, Bébert 6",
     "Cards to take · pawns in hotels: Ange 2, Carlo 1 · in cafés (3 or more): Ange 3 + 4, Bébert 6",
     "Carte da prendere · pedine negli hotel: Ange 2, Carlo 1 · nei café (3 o più): Ange 3 + 4, Bébert 6"),
    ("cards_cafes_only", {"type": "cards", "cafe2": [0, 0, 0, 5]},
     "Cartes à prendre · pions dans les cafés (3 ou plus) : Dédé 5",
     "Cards to take · pawns in cafés (3 or more): Dédé 5",
     "Carte da prendere · pedine nei café (3 o più): Dédé 5"),
    ("cards_none", {"type": "cards", "hotels": [0, 0, 0, 0], "cafe1": [2, 2, 0, 0]},
     "Cartes à prendre : aucun pion dans les hôtels, ni 3 dans un café",
     "Cards to take: no pawn in a hotel, nor 3 in a café",
     "Carte da prendere: nessuna pedina negli hotel, né 3 in un café"),
    ("transfer", {"type": "transfer", "from": 1, "to": 0, "amount": "250000", "note": "tuyau sur la banque 2"},
     f"Bébert paie 250{_}000 Thunes à Ange · {fr_said('tuyau sur la banque 2')}",
     "Bébert pays Ange 250,000 Thunes · “tuyau sur la banque 2”",
     f"Bébert paga 250.000 Thunes ad Ange · {it_said('tuyau sur la banque 2')}"),
    ("transfer_no_note", {"type": "transfer", "from": "0", "to": 3, "amount": 100_000},
     f"Ange paie 100{_}000 Thunes à Dédé", "Ange pays Dédé 100,000 Thunes", "Ange paga 100.000 Thunes a Dédé"),
    ("roll", {"type": "roll", "dice": [6, 6], "note": "qui commence"},
     f"Deux dés lancés : 12 (6 + 6) · {fr_said('qui commence')}", "Two dice rolled: 12 (6 + 6) · “qui commence”",
     f"Due dadi lanciati: 12 (6 + 6) · {it_said('qui commence')}"),
    ("roll_no_note", {"type": "roll", "dice": [1, 2], "note": None},
     "Deux dés lancés : 3 (1 + 2)", "Two dice rolled: 3 (1 + 2)", "Due dadi lanciati: 3 (1 + 2)"),
    # « les deux joueurs lancent chacun leur tour un dé, en commençant par celui qui a proposé le combat. »
    # « Le premier qui tire un 1 est mort. » / « Il primo che fa uno è morto. »
    ("roulette", {"type": "roulette", "proposer": 3, "opponent": 1, "rolls": [[3, 4], [1, 6], [3, 1]]},
     "Roulette russe proposée par Dédé à Bébert (4, 6, 1) : Dédé tire un 1 et perd le combat",
     "Russian roulette proposed by Dédé to Bébert (4, 6, 1): Dédé rolls a 1 and loses the fight",
     "Roulette russa proposta da Dédé a Bébert (4, 6, 1): Dédé fa 1 e perde il combattimento"),
    ("roulette_proposer_as_text", {"type": "roulette", "proposer": "2", "opponent": 0, "rolls": [[2, 5], [0, 1]]},
     "Roulette russe proposée par Carlo à Ange (5, 1) : Ange tire un 1 et perd le combat",
     "Russian roulette proposed by Carlo to Ange (5, 1): Ange rolls a 1 and loses the fight",
     "Roulette russa proposta da Carlo ad Ange (5, 1): Ange fa 1 e perde il combattimento"),
    # « des alliances qui devront être écrites noir sur blanc et signées »
    # « alleanze che dovranno essere messe per iscritto e firmate »
    ("alliance", {"type": "alliance", "parties": [2, 0], "terms": "Partage 50/50 du casse de la banque 1"},
     "Alliance écrite entre Ange et Carlo : " + fr_said("Partage 50/50 du casse de la banque 1"),
     "Alliance written between Ange and Carlo: “Partage 50/50 du casse de la banque 1”",
     "Alleanza scritta tra Ange e Carlo: " + it_said("Partage 50/50 du casse de la banque 1")),
    ("alliance_long_terms", {"type": "alliance", "parties": [0, 1, 3], "terms": "Trêve " + "x" * 100},
     "Alliance écrite entre Ange, Bébert et Dédé : " + fr_said("Trêve " + "x" * 43 + "…"),
     "Alliance written between Ange, Bébert and Dédé: “Trêve " + "x" * 43 + "…”",
     "Alleanza scritta tra Ange, Bébert e Dédé: " + it_said("Trêve " + "x" * 43 + "…")),
    ("alliance_confirm", {"type": "alliance_confirm", "alliance": "0", "seat": 0},
     "Ange signe l'alliance n° 1", "Ange signs alliance no. 1", "Ange firma l'alleanza n° 1"),
    # « Ces alliances peuvent bien entendu être brisées »
    # « le joueur responsable de la trahison s'expose à des représailles de la part de sa victime »
    # « il giocatore responsabile del tradimento si espone a rappresaglie da parte della vittima »
    ("alliance_betray", {"type": "alliance_betray", "alliance": 0, "traitor": 0, "victim": 2, "note": "Colt sur Carlo"},
     "Ange trahit Carlo (alliance n° 1) · " + fr_said("Colt sur Carlo"),
     "Ange betrays Carlo (alliance no. 1) · “Colt sur Carlo”",
     "Ange tradisce Carlo (alleanza n° 1) · " + it_said("Colt sur Carlo")),
    ("reprisal", {"type": "reprisal", "alliance": "0"},
     "Représailles de l'alliance n° 1 : exercées", "Reprisal of alliance no. 1: taken",
     "Rappresaglie dell'alleanza n° 1: esercitate"),
    ("reprisal_waived", {"type": "reprisal", "alliance": 0, "done": False},
     "Représailles de l'alliance n° 1 : abandonnées", "Reprisal of alliance no. 1: waived",
     "Rappresaglie dell'alleanza n° 1: abbandonate"),
    ("alliance_end", {"type": "alliance_end", "alliance": 1},
     "Alliance n° 2 dissoute d'un commun accord", "Alliance no. 2 ended by agreement",
     "Alleanza n° 2 sciolta di comune accordo"),
]
EVENTS = {case_id: event for case_id, event, *_lines in CASES}


@pytest.mark.parametrize("event,fr,en,it", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_each_move_reads_as_one_line(event: dict[str, Any], fr: str, en: str, it: str):
    assert told(event) == Tr(fr, en, it=it)


def test_every_event_type_is_told_here():
    assert {event["type"] for event in EVENTS.values()} == set(GAME.moves)


def test_a_secret_order_says_only_whose_it_is_during_play():
    """« Les joueurs inscrivent ensuite secrètement leurs intentions » ; « Tous les ordres sont dévoilés
    simultanément »: during play the line names the gang and nothing of its order."""
    ange = Tr("Ordre secret d'Ange donné", "Ange's secret order given", it="Ordine segreto di Ange dato")
    carlo = Tr("Ordre secret de Carlo donné", "Carlo's secret order given", it="Ordine segreto di Carlo dato")
    for case_id, line in (("order", ange), ("order_flee", ange), ("order_colts", carlo), ("order_stay", carlo)):
        event = EVENTS[case_id]
        public = GAME.public_event(event)
        assert all(public[k] == HIDDEN for k in SECRET_ORDER if k in event)
        assert told(public) == line != told(event)


def test_an_order_with_no_field_of_its_own_reads_as_a_secret_one():
    """An order of nothing but the defaults (the move accepts it: no flight, no shot) shows no hidden field
    during play: it still says nothing, even once the match is over."""
    assert told({"type": "order", "seat": 2}) == Tr("Ordre secret de Carlo donné", "Carlo's secret order given",
                                                    it="Ordine segreto di Carlo dato")


def test_a_revealed_order_whose_note_is_a_question_mark_is_told():
    event = {**EVENTS["order_stay"], "note": "?"}
    assert told(event).en == "Carlo's secret order: stay without shooting · “?”"
    assert told(GAME.public_event(event)).en == "Carlo's secret order given"


def test_a_line_is_short_and_never_raw():
    for event in EVENTS.values():
        line = told(event)
        assert line != raw(event)
        assert all(len(text) <= 150 for text in line), line


def test_an_event_the_moves_refuse_reads_raw():
    """A teller reads its fields as the move does: what the move refuses is shown as recorded."""
    for event in ({"type": "recruit", "seat": 1, "pay": "cash"}, {"type": "choose_power", "seat": 0, "power": "king"},
                  {"type": "van_move", "dice": [7, 1]}, {"type": "roulette", "proposer": 0, "opponent": 1,
                                                         "rolls": [[0, 3]]},
                  {"type": "split", "shares": [1, 2]}, {"type": "transfer", "from": 0, "to": 1, "amount": 0},
                  {"type": "cafe", "seats": [1, 1]}, {"type": "traction", "seat": 9}):
        assert told(event) == raw(event), event


def test_five_and_six_players():
    names = ["Ange", "Bébert", "Carlo", "Dédé", "Émile", "Fredo"]
    event = {"type": "heists", "bank1": [0, 0, 0, 0, 3, 1], "bank2": [0] * 6}
    assert told(event, names).fr == f"Banque 1 : casse, butin de 4{_}000{_}000 Thunes (pions : Émile 3, Fredo 1)"
    assert told({"type": "base_attack", "defender": 4, "engaged": [3, 0, 0, 0, 0]}, names[:5]).fr == (
        "Attaque de la base d'Émile (pions : Ange 3) : réussie, 1 brique par pion engagé")


# --------------------------------------------------------------------------- the moves accept these events


PLAYED: set[str] = set()


def _apply(state: dict[str, Any], case_id: str) -> dict[str, Any]:
    PLAYED.add(case_id)
    return GAME.apply(state, EVENTS[case_id])


def test_the_events_told_here_are_events_the_moves_accept():
    """Every hand-written event above, odd values included, played in one match (Bébert first): the lines
    tell events the game records."""
    opts = GAME.validate_options({"players": 4, "personnalisation": True, "powers": "chosen", "postal_van": True,
                                  "roulette": True})
    state = GAME.initial_state(GAME.setup(opts, random.Random(1)).record, NAMES)
    for case_id in ("choose_boss", "choose_boss_seat_as_text", "choose_power"):
        state = _apply(state, case_id)
    for seat, power in ((0, "moko"), (2, "gros"), (3, "riton")):
        state = GAME.apply(state, {"type": "choose_power", "seat": seat, "power": power})
    state = _apply(state, "begin")
    state = {**state, "first": 1, "thunes": [5_000_000] * 4}
    state = _apply(state, "next_phase")
    for case_id in ("cafe", "cafe_nobody", "next_phase", "recruit", "recruit_defaults", "recruit_money", "traction",
                    "traction_one", "buy_time", "cohabit", "done"):
        state = _apply(state, case_id)
    for seat in (2, 3, 0):
        state = GAME.apply(state, {"type": "done", "seat": seat})
    assert state["phase"] == "heists"
    state = _apply(state, "heists")
    state = _apply(state, "order")
    state = _apply(state, "order_colts")
    state = _apply(state, "combat_round")
    state = _apply(state, "order_flee")
    state = _apply(state, "order_stay")
    assert _apply(state, "split_nothing")["thunes"] == state["thunes"]
    state = _apply(state, "split")
    assert state["step"] == "van"
    state = _apply(state, "van_move")
    passed = _apply(state, "van_pass")
    assert passed["van"]["where"] == "street"
    state = _apply(state, "van_attack")
    state = _apply(state, "base_attack")
    state = _apply(state, "base_attack_repelled")
    state = _apply(state, "next_phase")
    for case_id in ("cards", "cards_cafes_only", "cards_none", "transfer", "transfer_no_note", "roll",
                    "roll_no_note", "roulette", "roulette_proposer_as_text", "alliance", "alliance_long_terms",
                    "alliance_confirm"):
        state = _apply(state, case_id)
    state = GAME.apply(state, {"type": "alliance_confirm", "alliance": 0, "seat": 2})
    state = _apply(state, "alliance_betray")
    assert _apply(state, "reprisal_waived")["alliances"][0]["reprisal"] == "waived"
    state = _apply(state, "reprisal")
    state = _apply(state, "alliance_end")
    assert [a["status"] for a in state["alliances"]] == ["broken", "ended"]
    # the heists of a later turn: none at all, then bank 2 alone
    later = {**state, "phase": "heists", "step": "heists", "heist": None, "turn": state["turn"] + 1}
    assert _apply(later, "heists_none")["heists_log"] == []
    robbed = _apply(later, "heists_second_bank_only")
    assert robbed["heists_log"][-1]["bank"] == 2 and robbed["heists_log"][-1]["alone"]
    assert PLAYED == set(EVENTS)
