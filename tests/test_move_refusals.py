"""A move refused by the rules is said beside its form under the refused field's label, in the table's language
("Banque jaune : …", "Points de chacun (Léa) : …"), not by the engine's key ("yellow : …", "points[0]: …"); a choice
list by the choices' labels, not their keys; a value left empty as empty, not ``“”`` or ``null``.  The rules'
message keeps the key for the command line and the logs, and says the field and the problem apart."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from app.refusals import field_refusal
from app.state import AppState, Refusal
from scoring import IllegalEvent, find_game

NAMES = ["Léa", "Sam", "Zoé", "Max"]
State = dict[str, Any]


def start(slug: str, players: int) -> State:
    game = find_game(slug)
    options = game.validate_options({**game.example_options, "players": players})
    return game.initial_state(game.setup(options, random.Random(1)).record, NAMES[:game.seat_count(options)])


def robby() -> State:
    return start("robby-solo", 3)


def robby_restocked() -> State:
    state = robby()
    return find_game("robby-solo").apply(state, {"type": "restock", **{b: 3 for b in state["banks"]}})


def apprentis_scoring() -> State:
    return find_game("apprentis").apply(start("apprentis", 2), {"type": "to_scoring"})


def robby_loot(value: Any) -> dict[str, Any]:
    banks = robby()["banks"]
    return {"type": "restock", **{b: value if b == "yellow" else 3 for b in banks}}


#: (game, how its match stands, the event a form sends, the key path the rules refuse, what each language says)
CASES: list[tuple[str, Callable[[], State], dict[str, Any], str, dict[str, str]]] = [
    ("robby-solo", robby_restocked, {"type": "declare", "kind": "rob", "bank": ""}, "bank", {
        "fr": "Banque : rien n'est choisi ; choisissez parmi Banque jaune, Banque verte, Banque rouge, Banque grise",
        "en": "Bank: nothing chosen; choose one of Yellow bank, Green bank, Red bank, Grey bank",
        "it": "Banca: nessuna scelta; scegliete tra Banca gialla, Banca verde, Banca rossa, Banca grigia"}),
    ("robby-solo", robby_restocked, {"type": "declare", "kind": "rob", "bank": "pink"}, "bank", {
        "fr": "Banque : “pink” n'est pas l'un des choix (Banque jaune, Banque verte, Banque rouge, Banque grise)",
        "en": "Bank: “pink” is not one of the choices (Yellow bank, Green bank, Red bank, Grey bank)",
        "it": "Banca: “pink” non è una delle scelte (Banca gialla, Banca verde, Banca rossa, Banca grigia)"}),
    ("robby-solo", robby, robby_loot("abc"), "yellow", {
        "fr": "Banque jaune : une carte Butin vaut 1 à 9 (milliers de $), 1000 à 9000 ou 0 (un objet), reçu “abc”",
        "en": "Yellow bank: a loot card is 1..9 (thousands), 1000..9000 or 0 (object), got “abc”",
        "it": "Banca gialla: una carta Bottino vale da 1 a 9 (migliaia di $), da 1000 a 9000 o 0 (un oggetto), "
              "ricevuto “abc”"}),
    ("robby-solo", robby, robby_loot(None), "yellow", {
        "fr": "Banque jaune : vide (une carte Butin vaut 1 à 9 (milliers de $), 1000 à 9000 ou 0 (un objet))",
        "en": "Yellow bank: empty (a loot card is 1..9 (thousands), 1000..9000 or 0 (object))",
        "it": "Banca gialla: vuoto (una carta Bottino vale da 1 a 9 (migliaia di $), da 1000 a 9000 o 0 (un "
              "oggetto))"}),
    ("robby-solo", robby, {"type": "deck", "count": -1}, "count", {
        "fr": "Cartes Butin dans la pioche : au moins 0, reçu -1",
        "en": "Loot cards in the deck: must be at least 0, got -1",
        "it": "Carte Bottino nel mazzo: almeno 0, ricevuto -1"}),
    ("traction-avant", lambda: start("traction-avant", 4), {"type": "choose_boss", "seat": 1, "boss": " "}, "boss", {
        "fr": "Chef / base choisi : vide, à remplir",
        "en": "Boss / base chosen: empty, to be filled in",
        "it": "Boss / base scelti: vuoto, da compilare"}),
    ("apaches", lambda: start("apaches", 3), {"type": "adjust", "seat": 0, "amount": None, "reason": ""}, "amount", {
        "fr": "Montant (+ reçu, − payé) : vide (doit être un nombre entier)",
        "en": "Amount (+ received, − paid): empty (must be a whole number)",
        "it": "Importo (+ ricevuto, − pagato): vuoto (deve essere un numero intero)"}),
    ("score-pad", lambda: start("score-pad", 3), {"type": "round", "points": ["abc", 1, 2]}, "points[0]", {
        "fr": "Points de chacun (Léa) : doit être un nombre entier, reçu “abc”",
        "en": "Everyone's points (Léa): must be a whole number, got “abc”",
        "it": "Punti di ciascuno (Léa): deve essere un numero intero, ricevuto “abc”"}),
    ("score-pad", lambda: start("score-pad", 3), {"type": "round", "points": [1, 2, 99999999999]}, "points[2]", {
        "fr": "Points de chacun (Zoé) : au plus 1000000000, reçu 99999999999",
        "en": "Everyone's points (Zoé): must be at most 1000000000, got 99999999999",
        "it": "Punti di ciascuno (Zoé): al massimo 1000000000, ricevuto 99999999999"}),
    ("apprentis", apprentis_scoring, {"type": "painting", "seat": 0, "painting": None}, "painting", {
        "fr": "Tableau (ligne du haut d'abord) : vide, à remplir",
        "en": "Painting (top row first): empty, to be filled in",
        "it": "Quadro (prima la riga in alto): vuoto, da compilare"}),
    ("apprentis", apprentis_scoring, {"type": "painting", "seat": 1, "painting": [["maison:99999999999"]]},
     "painting[0][0]", {
         "fr": "Tableau (ligne du haut d'abord), ligne 1, colonne 1 : carte inconnue “Maison 99999999999” (attendu : "
               "Maison (points imprimés), Ciel, Oiseau, Lac, Personnage, Fontaine, Pont, Sapin, Église, Arbre A1, "
               "Arbre A2, Arbre A3, Arbre A4)",
         "en": "Painting (top row first), row 1, column 1: unknown card “House 99999999999” (expected House (printed "
               "points), Sky, Bird, Lake, Character, Fountain, Bridge, Fir, Church, Tree A1, Tree A2, Tree A3, "
               "Tree A4)",
         "it": "Quadro (prima la riga in alto), riga 1, colonna 1: carta sconosciuta “Casa 99999999999” (atteso: "
               "Casa (punti stampati), Cielo, Uccello, Lago, Personaggio, Fontana, Ponte, Abete, Chiesa, Albero A1, "
               "Albero A2, Albero A3, Albero A4)"}),
]
IDS = [f"{slug}-{path}-{i}" for i, (slug, _s, _e, path, _said) in enumerate(CASES)]


def refused(slug: str, state: State, event: dict[str, Any]) -> IllegalEvent:
    with pytest.raises(IllegalEvent) as caught:
        find_game(slug).apply(state, event)
    return caught.value


def every_action(slug: str, state: State) -> list[Any]:
    """What the table's screen and each seat's phone or privacy screen may send now."""
    game = find_game(slug)
    return [*game.actions(state, None), *(a for seat in range(len(state["names"])) for a in game.actions(state, seat))]


@pytest.mark.parametrize(("slug", "state", "event", "path", "said"), CASES, ids=IDS)
def test_the_rules_say_which_field_they_refuse_and_keep_their_message(
        slug: str, state: Callable[[], State], event: dict[str, Any], path: str, said: dict[str, str]) -> None:
    exc = refused(slug, state(), event)
    assert exc.field == path and exc.problem is not None
    for lang in ("fr", "en", "it"):  # the message as before: the key, then the problem
        assert exc.get(lang) in (f"{path} : {exc.problem.fr}", f"{path}: {exc.problem.get(lang)}")


@pytest.mark.parametrize("lang", ["fr", "en", "it"])
@pytest.mark.parametrize(("slug", "state", "event", "path", "said"), CASES, ids=IDS)
def test_the_form_says_the_refusal_under_the_field_s_label(
        slug: str, state: Callable[[], State], event: dict[str, Any], path: str, said: dict[str, str],
        lang: str) -> None:
    start_state = state()
    exc = refused(slug, start_state, event)
    text = field_refusal(exc, every_action(slug, start_state), event, start_state["names"], lang)
    assert text == said[lang]
    # nor the engine's key, nor an empty value as the rules quote one (``quote``: null, “”)
    assert not text.startswith(path.split("[")[0]) and "null" not in text and "“”" not in text


def test_a_choice_list_is_said_by_its_labels_not_its_keys() -> None:
    state = robby_restocked()
    exc = refused("robby-solo", state, {"type": "declare", "kind": "rob", "bank": ""})
    assert "yellow" in exc.get("fr")  # the rules' message, for the logs
    said = field_refusal(exc, every_action("robby-solo", state), {"type": "declare", "bank": ""}, NAMES, "fr")
    assert not any(key in said for key in state["banks"])


def test_a_refusal_about_no_field_of_the_form_is_said_as_the_rules_say_it() -> None:
    state = robby()
    exc = refused("robby-solo", state, {"type": "reveal"})
    assert field_refusal(exc, every_action("robby-solo", state), {"type": "reveal"}, NAMES, "en") == exc.get("en")
    other = IllegalEvent.about("at", exc.problem or exc.text)  # a field no form shows
    assert field_refusal(other, every_action("robby-solo", state), {"type": "deck"}, NAMES, "en") == other.get("en")
    assert field_refusal(ValueError("plain"), [], {}, NAMES, "fr") == "plain"


def test_the_form_that_sent_a_refused_event_takes_its_refusal_from_the_banner() -> None:
    """Said beside the form that sent it, the refusal leaves the banner: a screen reader hears it once."""
    app = AppState(store=None)  # type: ignore[arg-type]
    exc = IllegalEvent.about("count", refused("robby-solo", robby(), {"type": "deck", "count": -1}).problem
                             or IllegalEvent("x").text)
    app.refuse(exc)
    answer = Refusal(exc, app)  # what the match screen's and a phone's send answer
    assert app.message == "count : au moins 0, reçu -1" and app.notice.is_error and not answer
    assert answer.take() is exc and app.message == ""
    assert answer.take() is None and app.take_refusal() is None  # taken once
    app.refuse(exc)
    app.tell("Annulé")  # another message since: no form takes the refusal, and the banner keeps its message
    assert app.take_refusal() is None and app.message == "Annulé"
