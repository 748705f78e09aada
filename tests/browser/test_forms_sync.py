"""Another device's event moves a form's starting value: the form on this device starts from it, in place."""

from __future__ import annotations

import re

from db.store import Store

LABEL = "Cartes Butin dans la pioche"


def field(ui):
    return ui.reach(ui.page.get_by_role("textbox", name=re.compile(re.escape(LABEL))).first)


def holds(ui, text: str) -> None:
    """The recount field holds ``text``."""
    ui.holds(field(ui), text)


def test_a_recount_elsewhere_restarts_the_recount_form_here(server, ui, new_ui):
    store = Store(f"sqlite:///{server.data_dir / 'compagnon.db'}")
    ids = [store.add_player(n).id or 0 for n in ("Léa", "Sam", "Ana")]
    match_id = store.create_match("robby-solo", {"players": 3}, ids, seed="forms")
    deck = store.load(match_id).state["deck"]
    store.engine.dispose()
    ui.open(f"/match/{match_id}")
    ui.see(f"Robby Solo #{match_id}")
    other = new_ui().open(f"/match/{match_id}")
    other.see(f"Robby Solo #{match_id}")
    holds(other, str(deck))  # the recount starts at the deck's count

    other.fill(LABEL, "45")  # half-typed on the other phone, never sent
    ui.fill(LABEL, "40")
    ui.click("Recompter la pioche")
    other.see("40")
    holds(other, "40")  # the count moved: the form starts afresh from it (what was typed there is gone)
    holds(ui, "40")

    # The form is still a working form on both devices.
    other.fill(LABEL, "38")
    other.click("Recompter la pioche")
    ui.see("38")
    holds(ui, "38")
    holds(other, "38")
    assert Store(f"sqlite:///{server.data_dir / 'compagnon.db'}").load(match_id).state["deck"] == 38
