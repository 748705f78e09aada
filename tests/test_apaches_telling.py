"""Les Apaches de Paris: each event's line in the ledger and the history (``scoring/games/apaches/telling.py``),
in French, English and Italian, word for word.

The words are the rulebook's (../shared/rules/apaches.fr.txt, which stands where the French and English
texts differ) and the game's own (texts.py, the forms and panels); the bourgeois drawn in district 8 is
told only once the match is over.
"""

from __future__ import annotations

import pytest

from scoring import HIDDEN, Tr
from scoring.core.telling import raw
from scoring.games.apaches.game import GAME
from scoring.games.apaches.state import initial, plain

NAMES = ["Léa", "Ange", "Hugo"]


def told(event: dict, names: list[str] = NAMES) -> Tr:
    """The line as the ledger shows it once the match is over (every field given)."""
    line = GAME.tell(event, names)
    assert line != raw(event), f"not told: {event}"
    return line


def during_play(event: dict, names: list[str] = NAMES) -> Tr:
    """The line as the ledger shows it during play (secret fields hidden)."""
    return told(GAME.public_event(event), names)


# --------------------------------------------------------------------------- start of a round and the turns


def test_start_of_a_round():
    """« Enlever au hasard une planque par quartier et la placer toiture visible en dehors du plateau » and
    « Le 1er joueur change au début de chaque manche dans le sens horaire »."""
    event = {"type": "start_round", "round": 2, "first_player": 2, "set_aside": {"1": 1, "2": "3"}}
    assert told(event) == Tr("Début de la manche 2 (1er joueur : Hugo), une planque mise de côté par quartier",
                             "Start of round 2 (1st player: Hugo), one stash set aside per district",
                             it="Inizio del round 2 (1° giocatore: Hugo), un nascondiglio messo da parte per "
                                "quartiere")


@pytest.mark.parametrize("bail", [0, None, "0", "missing"])
def test_a_stash_laid(bail):
    """« Le joueur montre aux autres la valeur d'une de ses planques et la pose à l'emplacement
    correspondant du plateau » (the form sends no bail, or 0, when nobody is in prison)."""
    event = {"type": "end_turn", "seat": 1} | ({} if bail == "missing" else {"bail": bail})
    assert told(event) == Tr("Ange pose sa planque", "Ange lays a stash", it="Ange posa il suo nascondiglio")


def test_a_stash_laid_and_bail_paid():
    """« Un Apache emprisonné peut être libéré avant la fin de la manche si le joueur verse une caution de
    150 F à la banque à la fin d'un de ses tours de jeu »."""
    assert told({"type": "end_turn", "seat": 0, "bail": 1}) == Tr(
        "Léa pose sa planque et paie 150 F de caution : 1 meneur libéré",
        "Léa lays a stash and pays 150 F bail: 1 leader freed",
        it="Léa posa il suo nascondiglio e paga 150 F di cauzione: 1 capo liberato")
    assert told({"type": "end_turn", "seat": 2, "bail": "2"}) == Tr(
        "Hugo pose sa planque et paie 300 F de caution : 2 meneurs libérés",
        "Hugo lays a stash and pays 300 F bail: 2 leaders freed",
        it="Hugo posa il suo nascondiglio e paga 300 F di cauzione: 2 capi liberati")


def test_turns_skipped():
    assert told({"type": "skip_turns"}) == Tr("Passage direct au dernier tour (tours précédents non notés)",
                                              "Straight to the last turn (earlier turns not noted)",
                                              it="Passaggio diretto all'ultimo turno (turni precedenti non "
                                                 "segnati)")


def test_the_count_before_the_last_turn():
    """« Les joueurs jouent du 1er au dernier dans l'ordre décroissant du nombre d'Apaches restant devant eux
    à ce moment-là » (a count may come as text, as the handler reads it)."""
    assert told({"type": "last_turn", "apaches": [4, "6", 0]}) == Tr(
        "Apaches encore devant chacun avant le dernier tour : Léa 4, Ange 6, Hugo 0",
        "Apaches still in front of each player before the last turn: Léa 4, Ange 6, Hugo 0",
        it="Apache ancora davanti a ciascuno prima dell'ultimo turno: Léa 4, Ange 6, Hugo 0")


# --------------------------------------------------------------------------- gains and losses


def settle(stash: str, winner: object = 1, **more: object) -> dict:
    return {"type": "settle", "district": 5, "winner": winner, "stash": stash, **more}


@pytest.mark.parametrize(("event", "line"), [
    # « Argent : Gagner de 200 à 500 F »
    (settle("money", amount=400), Tr("Quartier 5 : Ange gagne 400 F", "District 5: Ange wins 400 F",
                                     it="Quartiere 5: Ange guadagna 400 F")),
    # « Cambriolage : Cambrioler des objets de valeur de 100 à 400 F »
    (settle("valuables", amount=100),
     Tr("Quartier 5 : Ange cambriole des objets de valeur pour 100 F", "District 5: Ange steals valuables worth 100 F",
        it="Quartiere 5: Ange ruba oggetti di valore per 100 F")),
    # « Vol : Voler les autres gangs »
    (settle("steal"), Tr("Quartier 5 : Ange vole les autres gangs", "District 5: Ange steals from the other gangs",
                         it="Quartiere 5: Ange deruba le altre bande")),
    # « Renforts : Récupérer 2 renforts à utiliser obligatoirement à la manche suivante » (fewer when the box
    # runs out: the event does not say how many)
    (settle("reinforcements"),
     Tr("Quartier 5 : Ange récupère des renforts pour la manche suivante",
        "District 5: Ange collects reinforcements for the next round",
        it="Quartiere 5: Ange ottiene rinforzi per il round successivo")),
    # « 1 Apache (meneur) blessé est placé à l'hôpital pour une manche »
    (settle("wounded"), Tr("Quartier 5 : un meneur d'Ange blessé, envoyé à l'hôpital",
                           "District 5: one of Ange's leaders wounded, sent to hospital",
                           it="Quartiere 5: un capo di Ange ferito, mandato all'ospedale")),
    # « 1 Apache (meneur) tué est placé au cimetière définitivement »
    (settle("killed", 0), Tr("Quartier 5 : un meneur de Léa tué, envoyé au cimetière",
                             "District 5: one of Léa's leaders killed, sent to the cemetery",
                             it="Quartiere 5: un capo di Léa ucciso, mandato al cimitero")),
    # « 1 Apache (meneur) est placé en prison pour 1 manche »
    (settle("prison", 2), Tr("Quartier 5 : un meneur d'Hugo envoyé en prison",
                             "District 5: one of Hugo's leaders sent to prison",
                             it="Quartiere 5: un capo di Hugo mandato in prigione")),
])
def test_a_district_settled(event, line):
    """« A la fin de chaque manche, le joueur majoritaire en Apaches (meneurs + novices + renforts) dans un
    quartier applique l'action déterminée par la planque non recouverte. »  « Seuls les meneurs peuvent être
    sanctionnés. »"""
    assert told(event) == line


def test_a_district_settled_from_a_form_s_text():
    """The form sends the district, the winner and the amount as text; the handler reads them as numbers."""
    event = {"type": "settle", "district": "6", "winner": "2", "stash": "money", "amount": "1200"}
    assert told(event) == Tr("Quartier 6 : Hugo gagne 1\u00a0200 F", "District 6: Hugo wins 1,200 F",
                             it="Quartiere 6: Hugo guadagna 1.200 F")
    # a stash with no amount may carry 0 (as the sample's form sends None)
    assert told(settle("steal", "0", amount=0)).en == "District 5: Léa steals from the other gangs"
    assert told(settle("wounded", amount=None)).en == "District 5: one of Ange's leaders wounded, sent to hospital"


@pytest.mark.parametrize("nobody", [None, "none", ""])
def test_a_district_with_nobody_in_it(nobody):
    """With no Apache in a district, the uncovered stash does nothing: it is only named."""
    assert told(settle("prison", nobody)) == Tr("Quartier 5 : personne n'est majoritaire (planque : meneur "
                                                "emprisonné)",
                                                "District 5: nobody has the majority (stash: leader imprisoned)",
                                                it="Quartiere 5: nessuno ha la maggioranza (nascondiglio: capo "
                                                   "imprigionato)")
    assert told(settle("valuables", nobody, amount="300")) == Tr(
        "Quartier 5 : personne n'est majoritaire (planque : cambriolage, 300 F)",
        "District 5: nobody has the majority (stash: burglary, 300 F)",
        it="Quartiere 5: nessuno ha la maggioranza (nascondiglio: scasso, 300 F)")


# --------------------------------------------------------------------------- the bourgeois and the fence


def test_a_bourgeois_taken_is_secret_during_play_and_told_at_the_end():
    """« Le joueur majoritaire dans ce quartier à la fin d'une manche prend au hasard 1 bourgeois, regarde son
    identité sans la révéler et garde le pion devant lui, identité cachée, jusqu'à la fin de partie. »
    « Parmi les 4 bourgeois, l'un d'eux est un agent de ville. »"""
    policeman = {"type": "bourgeois", "winner": 1, "token": "policeman"}
    bourgeois = {"type": "bourgeois", "winner": "1", "token": "bourgeois"}
    secret = Tr("Quartier 8 : Ange prend un bourgeois au hasard (identité secrète)",
                "District 8: Ange takes a bourgeois at random (identity hidden)",
                it="Quartiere 8: Ange prende un borghese a caso (identità segreta)")
    assert GAME.public_event(policeman)["token"] == HIDDEN
    assert during_play(policeman) == during_play(bourgeois) == secret
    assert told(policeman) == Tr("Quartier 8 : Ange prend un bourgeois au hasard (identité : l'agent de ville)",
                                 "District 8: Ange takes a bourgeois at random (identity: the undercover policeman)",
                                 it="Quartiere 8: Ange prende un borghese a caso (identità: il poliziotto in "
                                    "borghese)")
    assert told(bourgeois) == Tr("Quartier 8 : Ange prend un bourgeois au hasard (identité : un bourgeois)",
                                 "District 8: Ange takes a bourgeois at random (identity: a bourgeois)",
                                 it="Quartiere 8: Ange prende un borghese a caso (identità: un borghese)")


def test_no_bourgeois_taken():
    """Nobody in district 8, or the bag is empty (4 bourgeois, one draw a round at most: a house rule reading
    never empties it, but an event may say so)."""
    assert told({"type": "bourgeois", "winner": "none"}) == Tr(
        "Quartier 8 : personne n'est majoritaire, aucun bourgeois pris",
        "District 8: nobody has the majority, no bourgeois taken",
        it="Quartiere 8: nessuno ha la maggioranza, nessun borghese preso")
    assert told({"type": "bourgeois", "winner": 0}) == Tr(
        "Quartier 8 : Léa est majoritaire, mais le sac de bourgeois est vide",
        "District 8: Léa has the majority, but the bourgeois bag is empty",
        it="Quartiere 8: Léa ha la maggioranza, ma il sacchetto dei borghesi è vuoto")


def test_the_fence():
    """« Le joueur majoritaire dans le quartier du receleur à la fin d'une manche récupère : 250F par
    cambriolage qu'il a réussi lors de cette manche et un renfort » (what that came to is the state's, not
    the event's: the line tells the rule)."""
    assert told({"type": "fence", "winner": "2"}) == Tr("Quartier 9 : le receleur paie Hugo 250 F par cambriolage "
                                                        "de la manche",
                                                        "District 9: the fence pays Hugo 250 F per burglary this round",
                                                        it="Quartiere 9: il ricettatore paga Hugo 250 F per scasso "
                                                           "del round")
    assert told({"type": "fence", "winner": None}) == Tr("Quartier 9 : personne n'est majoritaire chez le receleur",
                                                         "District 9: nobody has the majority at the fence",
                                                         it="Quartiere 9: nessuno ha la maggioranza dal ricettatore")


def test_a_bourgeois_looked_at():
    """« regarde son identité sans la révéler »: the draws are counted from 1 in the line."""
    assert told({"type": "seen", "seat": 2, "draw": "0"}) == Tr(
        "Hugo regarde en secret le bourgeois du tirage 1", "Hugo secretly looks at the bourgeois from draw 1",
        it="Hugo guarda in segreto il borghese della pesca 1")


# --------------------------------------------------------------------------- end of a round and of the game


def test_the_end_of_a_round():
    """« les joueurs récupèrent leurs meneurs puis défaussent les novices et les renforts utilisés »."""
    assert told({"type": "end_round", "novices_used": [1, "0", "2"]}) == Tr(
        "Fin de manche, novices joués et défaussés : Léa 1, Hugo 2",
        "End of round, novices played and discarded: Léa 1, Hugo 2",
        it="Fine del round, novizi giocati e scartati: Léa 1, Hugo 2")
    assert told({"type": "end_round", "novices_used": [0, 0, "0"]}) == Tr(
        "Fin de manche, aucun novice joué", "End of round, no novice played",
        it="Fine del round, nessun novizio giocato")


def test_the_reveal():
    """« A la fin de la 3ème manche : ... 2- Les bourgeois sont dévoilés »."""
    assert told({"type": "reveal"}) == Tr("Les bourgeois sont dévoilés, décompte final",
                                          "The bourgeois are unveiled, final count",
                                          it="I borghesi sono svelati, conteggio finale")


# --------------------------------------------------------------------------- corrections


def test_a_wallet_corrected():
    assert told({"type": "adjust", "seat": 1, "amount": -50, "reason": "erreur de saisie"}) == Tr(
        "Porte-monnaie d'Ange corrigé : −50 F (\u00ab erreur de saisie \u00bb)",  # a player's words: no quotation
        "Ange's wallet corrected: −50 F (“erreur de saisie”)",
        it="Borsellino di Ange corretto: −50 F (\u00aberreur de saisie\u00bb)")
    assert told({"type": "adjust", "seat": "0", "amount": "1500"}) == Tr(
        "Porte-monnaie de Léa corrigé : +1\u00a0500 F", "Léa's wallet corrected: +1,500 F",
        it="Borsellino di Léa corretto: +1.500 F")
    # blanks only: no reason; a long one is cut
    assert told({"type": "adjust", "seat": 2, "amount": 50, "reason": "  \n "}).en == "Hugo's wallet corrected: +50 F"
    long = told({"type": "adjust", "seat": 2, "amount": 50, "reason": "x" * 300}).en
    assert long == "Hugo's wallet corrected: +50 F (“" + "x" * 59 + "…”)"


# --------------------------------------------------------------------------- what the handlers accept


def test_odd_but_accepted_events_are_applied_and_told():
    """Each event below is accepted by its handler as it stands (numbers as text, « none » for nobody, no
    bail field), and each reads as a sentence, never as its raw fields."""
    names = ["Léa", "Ange"]
    state = plain(initial({"players": 2, "configuration": [1, 2, 3, 6, 8, 9], "first_player": 1}, names))
    events = [
        {"type": "start_round", "round": 1, "first_player": 1, "set_aside": {"1": "2", "2": 1, "3": 4, "6": 5}},
        {"type": "end_turn", "seat": 1},
        {"type": "skip_turns"},
        {"type": "last_turn", "apaches": ["10", 3]},
        {"type": "end_turn", "seat": 0, "bail": None},
        {"type": "end_turn", "seat": 1, "bail": "0"},
        {"type": "settle", "district": "1", "winner": "0", "stash": "money", "amount": "300"},
        {"type": "settle", "district": 2, "winner": "none", "stash": "valuables"},
        {"type": "settle", "district": 3, "winner": 1, "stash": "steal", "amount": 0},
        {"type": "settle", "district": 6, "winner": "", "stash": "killed"},
        {"type": "bourgeois", "winner": "1", "token": "bourgeois"},
        {"type": "fence", "winner": 0},
        {"type": "seen", "seat": 1, "draw": "0"},
        {"type": "end_round", "novices_used": ["1", 0]},
        {"type": "adjust", "seat": "1", "amount": "-50", "reason": " oubli "},
    ]
    lines = []
    for event in events:
        state = GAME.apply(state, event)  # accepted: no IllegalEvent
        lines.append(told(GAME.public_event(event), names).en)
    assert lines == [
        "Start of round 1 (1st player: Ange), one stash set aside per district",
        "Ange lays a stash",
        "Straight to the last turn (earlier turns not noted)",
        "Apaches still in front of each player before the last turn: Léa 10, Ange 3",
        "Léa lays a stash",
        "Ange lays a stash",
        "District 1: Léa wins 300 F",
        "District 2: nobody has the majority (stash: burglary)",
        "District 3: Ange steals from the other gangs",
        "District 6: nobody has the majority (stash: leader killed)",
        "District 8: Ange takes a bourgeois at random (identity hidden)",
        "District 9: the fence pays Léa 250 F per burglary this round",
        "Ange secretly looks at the bourgeois from draw 1",
        "End of round, novices played and discarded: Léa 1",
        "Ange's wallet corrected: −50 F (“oubli”)",
    ]


def test_every_move_has_a_teller_here():
    assert all(move.tell is not None for move in GAME.moves.values())


def test_an_event_the_handlers_refuse_reads_as_its_fields():
    """An event no handler of this version accepts (an unknown stash, a token that is no bourgeois) is shown
    as it was recorded rather than told wrong."""
    for event in ({"type": "settle", "district": 1, "winner": 0, "stash": "treasure"},
                  {"type": "bourgeois", "winner": 0, "token": "mayor"},
                  {"type": "last_turn", "apaches": "4,6"}):
        assert GAME.tell(event, NAMES) == raw(event)
