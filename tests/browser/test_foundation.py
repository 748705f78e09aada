"""The foundation, as a person uses it: players, a match, undo, reload, resume,
a killed server, the end of the match and the history."""

from __future__ import annotations

import signal

import pytest

from tests.browser.conftest import EMPTY_NAME

pytestmark = pytest.mark.browser


def test_players_are_created_renamed_and_merged(ui):
    ui.add_players("Léa", "Sam", "Sam (téléphone)")
    ui.shot("players")
    ui.click("Renommer Léa")
    ui.fill("Nom", "Léa M.")
    ui.click("Enregistrer")
    ui.see("Léa M.")
    ui.click("Fusionner Sam (téléphone)")
    ui.choose("Fusionner Sam (téléphone) dans", "Sam")
    # asked again before it is done (a merge is not undone: a slip in the menu merged two people at once)
    ui.see("Fusionner Sam (téléphone) dans Sam ? Les parties et les scores de Sam (téléphone) passent à Sam")
    ui.click("Annuler", exact=True)  # not merged: both still there
    assert ui.sees("Renommer Sam (téléphone)") and ui.sees("Renommer Sam")
    ui.click("Fusionner Sam (téléphone)")
    ui.choose("Fusionner Sam (téléphone) dans", "Sam")
    ui.shot("players-merge-confirm")
    ui.click("Fusionner", exact=True)
    ui.see("Sam (téléphone) fusionné dans Sam")
    assert not ui.sees("Renommer Sam (téléphone)")
    # A bad name is refused with a message, and nothing is lost.
    ui.fill("Ajouter un joueur", "sam")
    ui.click("Ajouter", exact=True)
    ui.see("existe déjà")  # in the page's language
    assert ui.sees("Renommer Léa M.") and ui.sees("Renommer Sam")
    ui.click("Fermer le message", exact=True)  # the message's ✕ says what it does (it was "Annuler")
    ui.no_longer_sees("existe déjà")


def test_a_name_refused_as_empty_is_typed_again_and_only_then(ui, monkeypatch):
    """The browser tests' ``UI.add_name``: when the server was told of an empty name (on a loaded machine the
    keystrokes can miss Flutter's field, run F6), the name is typed again; it is added once."""
    typed: list[str] = []
    fill = ui.fill

    def first_empty(label: str, text: str) -> None:
        typed.append(text)
        fill(label, "" if len(typed) == 1 else text)  # the first try reaches the server empty

    monkeypatch.setattr(ui, "fill", first_empty)
    ui.add_players("Léa")
    assert typed == ["Léa", "Léa"]
    assert ui.page.locator('[aria-label*="Renommer"]').count() == 1  # one player on the list: Léa
    assert ui.sees("Renommer Léa")
    assert not ui.sees(EMPTY_NAME)


#: (``true``) stops every keyboard and input event at the window, before the page's own listeners (Flutter's)
#: hear of it: the browser still writes the keys into the focused input; (``false``) stops no more
DEAF = """on => {
  const kinds = ["keydown", "keypress", "keyup", "beforeinput", "input", "selectionchange", "compositionend"];
  if (on) { window.__deaf = e => e.stopImmediatePropagation(); }
  for (const k of kinds) { (on ? addEventListener : removeEventListener)(k, window.__deaf, true); }
}"""


def test_keystrokes_that_never_reach_the_server_are_typed_again_and_only_then(ui, monkeypatch):
    """The browser tests' ``UI.fill``: on a loaded machine the page's input can hold what was typed while
    Flutter's field never heard of it (runs W, F6, N6): nothing is sent, the screen stays as it was, and a
    person types again.  Here the first typing writes the input without a keystroke (nothing reaches
    Flutter); ``fill`` types again, once, and the name reaches the server."""
    ui.open("/players")
    keyboard = ui.page.keyboard
    typed: list[str] = []
    real = keyboard.type

    def first_lost(text: str, **kw) -> None:
        typed.append(text)
        if len(typed) == 1:  # into the page's input, but none of its events reaches Flutter's field
            ui.page.evaluate(DEAF, True)
            real(text, **kw)
            # deaf a moment longer: the browser queues a "selectionchange" after the typing, which once heard
            # makes Flutter read the input's text after all (the first typing then reached the server, 1 run of 2)
            ui.page.wait_for_timeout(400)
            ui.page.evaluate(DEAF, False)
        else:
            real(text, **kw)

    monkeypatch.setattr(keyboard, "type", first_lost)
    ui.fill("Ajouter un joueur", "Léa")
    assert typed == ["Léa", "Léa"]
    ui.click("Ajouter", exact=True)
    ui.see("Enregistré : Léa")
    # A value the page sent at the first typing is typed once.
    ui.fill("Ajouter un joueur", "Sam")
    assert typed == ["Léa", "Léa", "Sam"]


@pytest.mark.full_motion  # a whole match with the screen's animations, as most people have them
def test_a_match_from_start_to_history_survives_undo_reload_and_a_killed_server(server, ui, new_ui):
    ui.add_players("Léa", "Sam", "Ana")
    ui.open("/")
    ui.shot("home")
    ui.tab("Jouer")
    ui.click("Robby Solo")
    for n in ("Léa", "Sam", "Ana"):
        ui.check(n)
    ui.see("Place 3 : Ana")
    ui.see("Mise en place")
    ui.shot("new-match")
    ui.click("Commencer la partie")
    ui.see("Robby Solo #1")
    ui.see("Manche 1")
    ui.shot("match")

    # Record an event, then undo it.
    ui.fill("Cartes Butin dans la pioche", "40")
    ui.click("Recompter la pioche")
    ui.see("40")
    ui.click("Annuler le dernier événement")
    ui.see("Annulé : Pioche recomptée : 40 cartes Butin")  # what was taken back, in the table's words

    # Reload the page: the match is still there to resume.
    ui.page.reload()
    ui.open("/")
    ui.see("Robby Solo #1")
    ui.click("Reprendre")
    ui.see("Manche 1")

    # Kill the server outright mid-match, start it again: nothing committed is lost.
    ui.fill("Cartes Butin dans la pioche", "30")
    ui.click("Recompter la pioche")
    ui.see("30")
    # The page reconnects by itself (as a phone would) and finds the match as it was;
    # a device that opens the match afresh sees the same.
    ui.reconnects(lambda: (server.kill(signal.SIGKILL), server.start()))
    ui.see("30")
    other = new_ui().open("/match/1")
    other.see("Robby Solo #1")
    other.see("30")

    # The deck cannot restock every bank: the match is over; score it.
    ui.fill("Cartes Butin dans la pioche", "2")
    ui.click("Recompter la pioche")
    ui.see("La partie est terminée")
    ui.click("Décompte final")
    ui.see("Feuille de score")
    ui.see("Victoire partagée")
    ui.shot("score-sheet")
    ui.open("/history")
    ui.see("Robby Solo #1")
    ui.see("Léa 0")
    ui.shot("history")
    # The match's record tells each event, and what the Undo took back, in the table's words.
    ui.click("Robby Solo #1")
    ui.click("Chronologie")
    ui.see("Annulé : Pioche recomptée : 40 cartes Butin")
    ui.see("Pioche recomptée : 2 cartes Butin")
    ui.open("/")
    ui.see("Aucune partie en cours")


def page_language(ui) -> str:
    """The page's language, as a screen reader reads it to choose its voice (the ``lang`` of its HTML)."""
    return ui.page.evaluate("document.documentElement.getAttribute('lang')")


def test_language_switch_is_remembered(ui):
    """The page's language follows the switch too: it was ``en-US`` (Flutter's default) whatever the screen said,
    and a screen reader read the French with an English voice."""
    ui.open("/")
    ui.see("Les jeux")
    assert page_language(ui) == "fr-FR"
    ui.click("English", exact=True)
    ui.see("The games")
    ui.page.wait_for_function("document.documentElement.getAttribute('lang') === 'en-GB'", timeout=15_000)
    ui.open("/")
    ui.see("The games")
    assert page_language(ui) == "en-GB"
    ui.click("Italiano", exact=True)
    ui.page.wait_for_function("document.documentElement.getAttribute('lang') === 'it-IT'", timeout=15_000)
    ui.click("Français", exact=True)
    ui.see("Les jeux")
    ui.page.wait_for_function("document.documentElement.getAttribute('lang') === 'fr-FR'", timeout=15_000)


def test_unknown_page_and_match(ui):
    ui.open("/nowhere")
    ui.see("Cette page n'existe pas")
    ui.open("/match/999")
    ui.see("Partie introuvable")


def test_desktop_layout(server, new_ui):
    ui = new_ui(1280, 800).open("/")
    ui.see("Les Apaches de Paris")
    ui.shot("home-desktop")


def test_a_player_added_on_the_new_match_screen_takes_a_seat_and_reaches_the_other_pages(ui, new_ui):
    ui.add_players("Léa")
    players = new_ui(1280, 800).open("/players")  # another window, on the players' list
    players.see("Renommer Léa")
    ui.open("/new/robby-solo")
    ui.check("Léa")
    ui.see("Place 1 : Léa")
    ui.fill("Ajouter un joueur", "Zoé")
    ui.click("Ajouter un joueur", exact=True)  # the icon button beside the field
    ui.see("Place 2 : Zoé")  # seated after the players already chosen...
    assert ui.sees("Place 1 : Léa")  # ...who keep their seats
    players.see("Renommer Zoé")  # the other window's list was told
