"""The language switch: FR, EN, IT in the header, remembered, on a phone and on a desktop window."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_the_app_speaks_italian_and_the_switch_offers_three_languages(server, new_ui, size):
    ui = new_ui(*size)
    ui.open("/")
    ui.see("Les jeux")
    ui.click("Italiano", exact=True)
    ui.see("I giochi")
    ui.see("Nessuna partita in corso.")
    ui.shot(f"ux-italian-home-{size[0]}")
    assert "Les jeux" not in ui.text() and "The games" not in ui.text()
    ui.open("/history")  # another screen, and the choice is remembered
    ui.see("Storico")
    ui.see("Ancora nessuna partita finita.")
    ui.click("English", exact=True)
    ui.see("No finished match yet.")
    ui.click("Français", exact=True)
    ui.see("Aucune partie terminée pour l'instant.")
