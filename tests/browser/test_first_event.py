"""A match's first event, on a device that watches the match: drawn at once.

The first event makes the Undo button usable and counts the match's first event in the ledger.  Flutter's
buttons faded into their new state over 200 ms (ten frames more on every device watching, 60 ms of a
phone-size page's main thread), and the ledger, drawn only from the first event on, was a new panel to lay
out on each device (15 to 20 ms more).  Now every button changes state at once (``app.theme.INSTANT``) and
the ledger is there from the match's start ("Événements (0)"): the first event redraws a title and a button,
in one frame or two (the page's ``requestAnimationFrame`` callbacks, counted).
"""

from __future__ import annotations

import pytest

from db.store import Store

pytestmark = pytest.mark.browser

LABEL = "Cartes Butin dans la pioche"
#: the page's animation frames from now on (each ``requestAnimationFrame`` callback that Flutter asked for)
FRAMES = """(() => {
    const ask = window.requestAnimationFrame.bind(window);
    window.__frames = 0;
    window.requestAnimationFrame = (callback) => ask((t) => { window.__frames += 1; callback(t); });
})();"""


def robby_solo(server) -> int:
    store = Store(f"sqlite:///{server.data_dir / 'compagnon.db'}")
    ids = [store.add_player(n).id or 0 for n in ("Léa", "Sam", "Ana")]
    match_id = store.create_match("robby-solo", {"players": 3}, ids, seed="first-event")
    store.engine.dispose()
    return match_id


def test_the_ledger_is_there_from_the_start_and_says_it_is_empty(server, ui):
    match_id = robby_solo(server)
    ui.open(f"/match/{match_id}")
    ui.see("Événements (0)")
    ui.click("Événements (0)")
    ui.see("Aucun événement pour l'instant.")
    ui.fill(LABEL, "40")
    ui.click("Recompter la pioche")
    ui.see("Événements (1)")
    assert not ui.sees("Aucun événement pour l'instant.")
    ui.see("Pioche recomptée : 40 cartes Butin")  # the event told in the table's words, not its fields


@pytest.mark.full_motion  # as most people have their phones: the fade is an animation
def test_the_first_event_is_drawn_at_once_on_a_device_watching_the_match(server, ui, new_ui):
    match_id = robby_solo(server)
    watching = new_ui()
    watching.page.context.add_init_script(FRAMES)
    watching.open(f"/match/{match_id}")
    watching.see("Événements (0)")
    undo = watching.reach(watching.button("Annuler le dernier événement"))
    assert undo.get_attribute("aria-disabled") == "true"  # nothing to undo yet
    ui.open(f"/match/{match_id}")
    ui.fill(LABEL, "40")
    watching.settle()
    watching.page.evaluate("() => { window.__frames = 0; }")

    ui.click("Recompter la pioche")
    watching.see("Événements (1)")
    watching.page.wait_for_timeout(700)  # past the 200 ms a button took to fade into its new state
    assert undo.get_attribute("aria-disabled") != "true"
    frames = watching.page.evaluate("() => window.__frames")
    # one frame for the patch (and at most two more, e.g. the accessibility tree's); the fade drew ten more
    assert 1 <= frames <= 3, f"the first event took {frames} frames to draw on the watching device"
