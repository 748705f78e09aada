"""A move the rules refuse is said under the button of the form that sent it, by the field's label as the form shows
it, in sight where the finger is (the tester's phone: "tapping the form's button seems to do nothing", the refusal
in the banner at the top of the page, far above the form, and naming the engine's key: "bank : choisissez l'une
des banques en jeu (yellow, green, …), reçu ''")."""

from __future__ import annotations

import pytest

from scoring.core.words import de
from scoring.games.robby_solo.rules import COLOUR_NAMES

pytestmark = pytest.mark.browser

PEOPLE = ["Léa", "Sam", "Ana"]
REFUSAL = "Banque : rien n'est choisi ; choisissez parmi Banque "


def test_a_declaration_without_a_bank_is_refused_under_its_button_in_sight_on_a_phone(server, ui):
    from db.store import Store

    ui.open("/new/robby-solo")
    for i, name in enumerate(PEOPLE):
        ui.add_newcomer(name, i + 1, enter=True)
    ui.click("Commencer la partie")
    ui.see("Robby Solo #1")
    setup = Store(f"sqlite:///{server.data_dir / 'compagnon.db'}").load(1).setup
    banks, gentleman = setup["banks"], PEOPLE[setup["first_gentleman"]]
    for bank in banks:
        ui.fill(f"Banque {COLOUR_NAMES[bank].fr}", "3")
    ui.click(f"Butins posés par {gentleman}")

    button = ui.button(f"Déclaration publique {de(gentleman)}")
    ui.click(f"Déclaration publique {de(gentleman)}")  # the bank left on "— à saisir —"
    said = ui._has(REFUSAL).last
    said.wait_for(timeout=10_000)  # there without a scroll: Flutter leaves what is off screen out of the tree
    ui.shot("move-refusal-phone")
    box, under = said.bounding_box(), button.bounding_box()
    assert box is not None and under is not None
    assert 0 <= box["y"] and box["y"] + box["height"] <= 844, box  # in sight on the phone's screen
    assert 0 <= box["y"] - (under["y"] + under["height"]) < 120, (box, under)  # just under the button
    shown = ui.text()
    assert "bank :" not in shown and not any(f"{b}," in shown or f"{b})" in shown for b in banks), shown
    # the choices by their labels, in the game's order
    assert REFUSAL[:-len("Banque ")] + ", ".join(f"Banque {COLOUR_NAMES[b].fr}" for b in banks) in shown, shown
    assert shown.count("rien n'est choisi") == 1, shown  # said once: not in the banner too

    chosen = COLOUR_NAMES[banks[0]].fr
    ui.choose("Banque", f"Banque {chosen}")  # edited: the refusal goes
    ui.no_longer_sees(REFUSAL)
    ui.click(f"Déclaration publique {de(gentleman)}")
    ui.see(f"{gentleman} : « Je braquerai la banque {chosen}. »")
