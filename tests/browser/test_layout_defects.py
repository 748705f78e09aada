"""The page's frame, its last defects (issue 20, "Navigation and layout"): the header's name whole on a
390-px phone in the three languages (it read "Com…"), and the Data place highlighted in the navigation
while it is open (the bar and the rail highlighted "Accueil" there)."""

from __future__ import annotations

import pytest

from tests.browser.test_layout import bar, rail

pytestmark = pytest.mark.browser

#: the header's title (the app's name: Roboto bold, 18 px) measured in its font, beside its box
TITLE = """async () => {
    const face = new FontFace('TitleRoboto', 'url(/assets/fonts/roboto.woff2)', {weight: '700'});
    await face.load();
    document.fonts.add(face);
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = '700 18px TitleRoboto';
    const el = [...document.querySelectorAll('flt-semantics')].find(e =>
        (e.getAttribute('aria-label') || e.textContent).trim() === 'Compagnon' && e.getBoundingClientRect().top < 60);
    return el ? {box: el.getBoundingClientRect().toJSON(), text: ctx.measureText('Compagnon').width} : null;
}"""
#: the header's buttons (theme, languages, Data): each at least a finger's 48 px
HEADER_BUTTONS = """() => [...document.querySelectorAll('flt-semantics[role=button], [role=button]')]
    .map(e => ({name: (e.getAttribute('aria-label') || e.textContent).trim(), box: e.getBoundingClientRect().toJSON()}))
    .filter(b => b.box.top < 60 && b.box.width > 0)"""


@pytest.mark.parametrize("lang", ["Français", "English", "Italiano"])
def test_the_header_shows_the_app_s_whole_name_on_a_phone(server, ui, lang):
    ui.open("/")
    ui.click(lang, exact=True)
    ui.settle(quiet_ms=700)
    found = ui.page.evaluate(TITLE)
    assert found, "no title in the header"
    assert found["text"] <= found["box"]["width"], f"'Compagnon' ({found['text']:.0f} px) is cut in {found['box']}"
    buttons = ui.page.evaluate(HEADER_BUTTONS)
    assert len(buttons) >= 5, buttons  # theme, FR, EN, IT, Data
    for b in buttons:
        assert b["box"]["width"] >= 47.5 and b["box"]["height"] >= 47.5, b
    ui.shot(f"layout-header-390-{lang}")


def test_the_data_place_is_highlighted_in_the_bar_and_in_the_rail(server, ui, new_ui):
    ui.open("/")
    ui.click("Données : exporter, sauvegarder, importer, restaurer", exact=True)
    ui.see("Exporter et sauvegarder")
    places = bar(ui)
    assert [p["label"] for p in places if p["selected"]] == ["Données"], places
    assert [p["label"] for p in places] == ["Accueil", "Jouer", "Joueurs", "Parties", "Stats", "Données"]
    ui.shot("layout-data-390")
    ui.tab("Accueil")  # it goes with the place: back to the five places
    ui.see("Les jeux")
    assert [p["label"] for p in bar(ui)] == ["Accueil", "Jouer", "Joueurs", "Parties", "Stats"]
    wide = new_ui(1280, 800)
    wide.open("/data")
    wide.see("Exporter et sauvegarder")
    assert [p["label"] for p in rail(wide) if p["selected"]] == ["Données"]
    wide.shot("layout-data-1280")
