"""Nothing a person typed or chose is lost, and Back does what they expect.

A switch of language (or a window crossing 840 px: a tablet turned) mounts the screen afresh: what was half-typed in
a form is drawn again, every label in the new language (app.drafts).  Back from a finished match's review leaves it;
Back from a match just started finds its form afresh, saying which match it started; a one-line field takes no new
line; a score pad's empty name is refused once typed or tried, not before.
"""

from __future__ import annotations

import re

import pytest

from db.store import HOST, Store

pytestmark = pytest.mark.browser

PLAYERS = ("Léa", "Sam", "Ana")


def store_of(server) -> Store:
    return Store(f"sqlite:///{server.data_dir / 'compagnon.db'}")


def seated(server, names: tuple[str, ...] = PLAYERS) -> tuple[Store, list[int]]:
    store = store_of(server)
    return store, [store.add_player(n).id or 0 for n in names]


def everyone_seated(server, ui, slug: str) -> None:
    """A new match of ``slug`` with the three players ticked in their seats."""
    seated(server)
    ui.open(f"/new/{slug}")
    for name in PLAYERS:
        ui.check(name)
    ui.see("Place 3 : Ana")


def holds(ui, label: str, text: str) -> None:
    """The field ``label`` (the first one so named) holds ``text``."""
    ui.holds(ui.reach(ui.page.get_by_role("textbox", name=re.compile(re.escape(label))).first), text)


def to_english(ui) -> None:
    ui.click("English", exact=True)
    ui.page.get_by_role("tab", name="Home").wait_for(timeout=15_000)
    ui.settle()


def test_a_half_filled_new_match_keeps_its_seats_options_and_place_through_a_switch_of_language(server, ui):
    seated(server)
    ui.open("/new/apprentis")
    ui.see("Nouvelle partie : Les apprentis")
    for name in PLAYERS:
        ui.check(name)
    ui.see("Place 3 : Ana")
    ui.choose("Durée", "Partie longue")
    ui.fill("Lieu", "Club Ludique")
    ui.see("Partie longue")
    to_english(ui)
    ui.see("New match: Les apprentis")  # every label in the new language…
    for seat, name in enumerate(PLAYERS, start=1):
        ui.see(f"Seat {seat}: {name}")  # …and what was chosen, kept
    ui.see("Long game")
    holds(ui, "Place", "Club Ludique")
    ui.shot("drafts-new-match-en")
    ui.click("Start the match")
    ui.see("Les apprentis #1")
    assert store_of(server).load(1).place == "Club Ludique"


def test_back_from_a_match_just_started_finds_its_form_afresh_with_the_way_to_the_match(server, ui):
    everyone_seated(server, ui, "robby-solo")
    ui.click("Commencer la partie")
    ui.see("Robby Solo #1")
    ui.page.go_back()
    ui.see("La partie n° 1 a été commencée avec ce formulaire.")
    ui.shot("drafts-back-after-start")
    assert not ui.sees("Place 1 : Léa")  # no one seated: Start makes no second match of a stale form
    assert ui.page.get_by_role("button", name="Commencer la partie").first.is_disabled()
    ui.click("Reprendre la partie n° 1")
    ui.see("Robby Solo #1")
    assert [m.id for m in store_of(server).in_progress()] == [1]  # one match, not two


def test_a_half_typed_move_survives_a_switch_of_language_and_a_turned_tablet_and_takes_no_new_line(server, ui):
    store, ids = seated(server, ("Ange", "Bébert", "Carlo", "Dédé"))
    match_id = store.create_match("traction-avant", {"players": 4}, ids, seed="drafts")
    store.engine.dispose()
    ui.open(f"/match/{match_id}")
    ui.see(f"Le Gang des Traction-Avant #{match_id}")
    ui.fill("base choisi", "Garage Citroën")
    to_english(ui)
    ui.see("Ange's base")  # the form's button in English…
    holds(ui, "base chosen", "Garage Citroën")  # …what was typed, kept
    ui.page.set_viewport_size({"width": 1280, "height": 800})  # a tablet turned: two panes from 840 px
    ui.page.locator("flt-semantics[role=button]").filter(has_text=re.compile(r"Tab \d+ of \d+")).first.wait_for(
        timeout=15_000)
    ui.settle()
    holds(ui, "base chosen", "Garage Citroën")
    ui.shot("drafts-move-1280-en")
    ui.page.keyboard.press("End")
    ui.page.keyboard.press("Enter")  # a one-line field: no new line
    ui.page.wait_for_timeout(500)
    holds(ui, "base chosen", "Garage Citroën")
    ui.click("Ange's base", exact=True)
    ui.see("Garage Citroën")
    assert store_of(server).load(match_id).state["bosses"][0] == "Garage Citroën"  # one line, as typed


def finished_pad(server) -> int:
    store, ids = seated(server, PLAYERS[:2])
    match_id = store.create_match("score-pad", {"game_name": "Azul", "players": 2}, ids)
    store.record(match_id, {"type": "round", "points": [12, 9]}, HOST)
    store.record(match_id, {"type": "finish"}, HOST)
    store.engine.dispose()
    return match_id


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_back_from_the_review_of_a_match_just_finished_leaves_it(server, new_ui, size):
    match_id = finished_pad(server)
    ui = new_ui(*size)
    ui.open("/")
    ui.click(f"Azul #{match_id}")  # the match to resume
    ui.see("La partie est terminée")
    ui.click("Décompte final")
    ui.see("Feuille de score")  # its review, at once
    ui.shot(f"drafts-review-after-finish-{size[0]}")
    ui.see("Supprimer la partie")  # the review's last button: it scrolls, two panes' window or not
    ui.page.go_back()
    ui.page.wait_for_url(re.compile(r"//[^/]+/?$"), timeout=15_000)
    ui.see("Jeux")  # the home's games
    ui.page.wait_for_timeout(1500)  # a screen that sent the page on again would have done so by now
    assert re.search(r"//[^/]+/?$", ui.page.url), ui.page.url  # home: the screen before the match
    assert not ui.sees("Feuille de score")


def test_a_score_pad_s_empty_name_is_refused_once_typed_or_tried_not_before(server, ui):
    everyone_seated(server, ui, "score-pad")
    ui.settle()
    assert not ui.sees("Nom du jeu : un texte de 1 à 80 caractères")
    ui.click("Commencer la partie")
    ui.see("Nom du jeu : un texte de 1 à 80 caractères")  # tried: said
    assert store_of(server).in_progress() == []  # nothing started
    ui.fill("Nom du jeu", "Skull")
    ui.no_longer_sees("Nom du jeu : un texte de 1 à 80 caractères")
    ui.click("Commencer la partie")
    ui.see("Skull #1")


def test_an_edit_of_a_played_match_keeps_what_was_typed_through_a_switch_of_language(server, ui):
    match_id = finished_pad(server)
    store = store_of(server)
    store.finish(match_id)
    store.engine.dispose()
    ui.open(f"/history/{match_id}")
    ui.click("Modifier")
    ui.fill("Notes", "Revanche promise")
    to_english(ui)
    ui.see("Save the changes")  # the form still open, in English
    holds(ui, "Notes", "Revanche promise")
    ui.click("Save the changes")
    ui.see("Saved")
    assert store_of(server).load(match_id).notes == "Revanche promise"
