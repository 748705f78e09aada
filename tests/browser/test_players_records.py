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
    record = {s.name: s for s in standings(store)}
    store.engine.dispose()
    ui = new_ui(*size)
    ui.open("/players")
    for name in ("Léa", "Sam", "Ana"):
        won = record[name].won
        ui.see(f"2 parties · {won} victoire{'s' if won > 1 else ''}")
    ui.see("Aucune partie pour l'instant")
    ui.shot(f"players-records-{size[0]}")
    ui.click("Statistiques de Léa")  # the player's name and record: one button, named for what it opens
    ui.page.wait_for_url(f"**/stats/player/{lea}", timeout=15_000)
    ui.see("Léa")
