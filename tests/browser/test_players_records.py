"""The Players screen says each player's matches and wins over the whole history, and a tap on a player opens their
statistics (before: names alone, and the statistics reached only through the Stats screen's menu)."""

from __future__ import annotations

import pytest

from db.stats import standings
from db.store import Store
from tests.browser.test_history_stats import play_out

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_each_player_says_their_matches_and_wins_and_opens_their_statistics(server, new_ui, size):
    store = Store(f"sqlite:///{server.data_dir / 'compagnon.db'}")
    lea, sam, ana = (store.add_player(n).id for n in ("Léa", "Sam", "Ana"))
    store.add_player("Zoé")  # no match yet
    for seed in (1, 2):
        play_out(store, "robby-solo", [lea, sam, ana], seed=seed)
    max_id = store.add_player("Max").id  # at a match in progress only
    store.create_match("apaches", {"players": 2}, [lea, max_id], seed="now")
    record = {s.name: s for s in standings(store)}
    store.engine.dispose()
    ui = new_ui(*size)
    ui.open("/players")
    for name in ("Léa", "Sam", "Ana"):
        won = record[name].won
        ui.see(f"2 parties · {won} victoire{'s' if won > 1 else ''}")
    ui.see("Aucune partie pour l'instant")  # Zoé
    ui.see("1 partie en cours")  # Max, and Léa under her record
    assert ui.page.get_by_role("button", name="1 partie en cours").count() == 2
    ui.shot(f"players-records-{size[0]}")
    ui.click("Statistiques de Léa")  # the player's name and record: one button, named for what it opens
    ui.page.wait_for_url(f"**/stats/player/{lea}", timeout=15_000)
    ui.see("Léa")


def test_a_name_added_by_mistake_is_deleted_and_the_deletion_undone(server, new_ui):
    """Only a player who never sat at a match has *Delete*; the deletion says so with its undo, which brings the name
    back; a player who played has none (they are merged instead: their matches stay)."""
    store = Store(f"sqlite:///{server.data_dir / 'compagnon.db'}")
    lea, sam, ana = (store.add_player(n).id for n in ("Léa", "Sam", "Ana"))
    store.add_player("Lea")  # a typo
    play_out(store, "robby-solo", [lea, sam, ana], seed=1)
    store.engine.dispose()
    ui = new_ui(390, 844)
    ui.open("/players")
    ui.see("Aucune partie pour l'instant")
    assert ui.page.get_by_role("button", name="Supprimer Léa (aucune partie)").count() == 0
    ui.click("Supprimer Lea (aucune partie)")
    ui.see("Joueur « Lea » supprimé.")
    ui.shot("players-deleted-undo")
    assert [p.name for p in Store(f"sqlite:///{server.data_dir / 'compagnon.db'}").players()] == ["Ana", "Léa", "Sam"]
    ui.click("Annuler la suppression")
    ui.see("Aucune partie pour l'instant")
    assert not ui.sees("Joueur « Lea » supprimé.")
    back = Store(f"sqlite:///{server.data_dir / 'compagnon.db'}")
    assert [p.name for p in back.players()] == ["Ana", "Lea", "Léa", "Sam"]
    back.engine.dispose()
