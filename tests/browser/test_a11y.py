"""Every interactive control is named and big enough to tap (issue 20: "touch targets ≥ 48 px; every
control labelled (a test fails on an unnamed interactive node)").

The walk opens the main screens (home, a new match of each game, a running match of each game, the
history, the statistics, the players, a phone's table screen) and reads the accessibility tree Flutter
builds: each button, text box, check box, switch, slider, tab, link or menu has an accessible name
(its text, its label or its tooltip), and a box at least 48 × 48 px (Material's touch target)."""

from __future__ import annotations

import pytest

from app.i18n import t
from db.store import Store

pytestmark = pytest.mark.browser

GAMES = {"robby-solo": {"players": 3}, "apaches": {"players": 3}, "traction-avant": {"players": 4},
         "apprentis": {"players": 3}, "score-pad": {"game_name": "Skull", "players": 3}}
#: Material's touch target, for every role (check boxes and switches too: ``app.widgets.check_box``, ``switch``)
SMALLEST = 48
INTERACTIVE = "button, textbox, checkbox, switch, slider, tab, link, menuitem, radio, combobox, spinbutton"

#: the interactive nodes on screen: role, name, box (the accessible name as a screen reader computes it:
#: aria-label, else the text inside; Flutter puts a tooltip in an aria-label of the node or its wrapper)
NODES = """(roles) => {
    const wanted = new Set(roles.split(', '));
    const out = [];
    for (const el of document.querySelectorAll('flt-semantics-host *')) {
        const input = el.tagName === 'INPUT' ? (el.type === 'checkbox' ? 'checkbox' : 'textbox') : '';
        const role = el.getAttribute('role') || input;
        if (!wanted.has(role)) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        const wrapper = el.closest('[aria-label]');
        const label = el.getAttribute('aria-label') || (wrapper && wrapper.getAttribute('aria-label'));
        const name = (label || el.textContent || '').trim();
        out.push({role, name, w: Math.round(r.width), h: Math.round(r.height)});
    }
    return out;
}"""


def faults(ui, where: str) -> list[str]:
    """The screen's unnamed or small interactive nodes.  The screen is read a page at a time, scrolled
    (off-screen nodes are not in the tree); a node cut by the edge of the scrolling area in one place is
    judged by the largest box it showed."""
    ui.settle(quiet_ms=500)
    sizes: dict[tuple[str, str], tuple[int, int]] = {}
    for _ in range(12):
        for node in ui.page.evaluate(NODES, INTERACTIVE):
            key = (node["role"], node["name"])
            w, h = sizes.get(key, (0, 0))
            sizes[key] = (max(w, node["w"]), max(h, node["h"]))
        # the tree itself, not its length: a scroll of 600 px often moves every box by as many digits
        before = ui.page.evaluate("document.querySelector('flt-semantics-host').innerHTML")
        ui.page.mouse.move(ui.mid_x(), 400)
        ui.page.mouse.wheel(0, 600)
        ui.page.wait_for_timeout(300)
        ui.settle()
        if ui.page.evaluate("document.querySelector('flt-semantics-host').innerHTML") == before:
            break
    found: list[str] = []
    for (role, name), (w, h) in sizes.items():
        if not name:
            found.append(f"{where}: a {role} without a name ({w}×{h})")
        elif min(w, h) < SMALLEST:
            found.append(f"{where}: {role} {name!r} is {w}×{h} px")
    return found


def test_every_interactive_control_of_the_main_screens_is_named_and_big_enough(server, ui):
    store = Store(f"sqlite:///{server.data_dir / 'compagnon.db'}")
    ids = [store.add_player(n).id for n in ("Léa", "Sam", "Ana", "Noé")]
    matches = {slug: store.create_match(slug, options, ids[:options["players"]], seed="a11y")
               for slug, options in GAMES.items()}
    found: list[str] = []
    for path in ("/", "/players", "/history", "/stats", *(f"/new/{slug}" for slug in GAMES),
                 *(f"/match/{m}" for m in matches.values()), f"/table/{store.load(matches['apaches']).code}"):
        ui.go(path)  # inside the app, as its links go (no page load of Flutter's client per screen)
        found += faults(ui, path)
    assert found == [], "\n".join(found)


def test_a_check_box_toggles_from_the_edge_of_its_48_px_row(server, ui):
    """The whole 48-px box is the touch target, not only the 40 px Flutter draws for a mouse: a tap 3 px from
    its bottom edge ticks the player (and seats them)."""
    store = Store(f"sqlite:///{server.data_dir / 'compagnon.db'}")
    for name in ("Léa", "Sam"):
        store.add_player(name)
    ui.open("/new/robby-solo")
    box = ui.reach(ui.page.get_by_role("checkbox", name="Léa")).bounding_box()
    assert box is not None and box["height"] >= 48, box
    ui.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] - 3)
    ui.page.get_by_role("checkbox", name="Léa", checked=True).wait_for(timeout=15_000)
    ui.see(f"{t('seat_n', 'fr', a=1)} : Léa")


def test_each_game_card_s_button_names_its_game_to_a_screen_reader(server, ui):
    """The cards' buttons all read "Nouvelle partie"; a screen reader hears which game each one starts."""
    from scoring.core.registry import cards

    ui.open("/")
    names = [card.name.get("fr") for card in cards().values()]
    for game in names:
        ui.reach(ui.page.get_by_role("button", name=t("new_match_of", "fr", a=game), exact=True))
    assert ui.page.get_by_role("button", name=t("new_match", "fr"), exact=True).count() == 0
    ui.tap(ui.reach(ui.page.get_by_role("button", name=t("new_match_of", "fr", a=names[-1]), exact=True)))
    ui.see(f"{t('new_match', 'fr')} : {names[-1]}")  # that game's set-up


def test_a_menu_tells_a_screen_reader_the_option_it_shows(server, ui):
    """A menu was named by its label alone ("Banques en jeu"): a screen reader heard which option was chosen only
    by opening it.  Its name now says the option the box shows, and the new one once another is chosen."""
    from scoring import find_game

    banks = next(f for f in find_game("robby-solo").options if f.key == "banks")
    label = banks.label.get("fr")
    (first, first_text), (_second, second_text) = [(k, text.get("fr")) for k, text in banks.choices][:2]
    assert first == banks.choices[0][0]  # the form starts on the first choice (app.fields.basic)
    ui.open("/new/robby-solo")
    ui.reach(ui.page.get_by_role("button", name=t("skipped_line", "fr", a=label, b=first_text), exact=True))
    ui.choose(label, second_text)
    ui.reach(ui.page.get_by_role("button", name=t("skipped_line", "fr", a=label, b=second_text), exact=True))
    assert ui.page.get_by_role("button", name=label, exact=True).count() == 0


def test_a_game_card_is_no_picture_to_a_screen_reader(server, ui):
    """The game's emblem sits beside its name, which says it: a screen reader called each game card of the home
    "image, Les Apaches de Paris, 2–4 joueurs…" (the emblem's role given to the whole card)."""
    from scoring.core.registry import cards

    ui.open("/")
    names = [card.name.get("fr") for card in cards().values()]
    for game in names:
        ui.reach(ui.page.get_by_role("button", name=t("new_match_of", "fr", a=game), exact=True))
    pictures = ui.page.evaluate("""() => [...document.querySelectorAll('flt-semantics-host [role=img]')]
        .map(e => (e.getAttribute('aria-label') || e.textContent || '').trim())""")
    assert [p for p in pictures if any(game in p for game in names)] == []
