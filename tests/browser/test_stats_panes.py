"""The statistics on a desktop window (issue 20: "from 840 px ... statistics' charts beside their tables"):
the charts in a pane of their own beside the cards and tables, while a phone keeps them one under the other;
and the player-count filter ("the matches of 3 players")."""

from __future__ import annotations

import pytest

from db.store import Store
from tests.browser.test_history_browse import pad

pytestmark = pytest.mark.browser


def plays(server) -> int:
    """Léa's three plays: two of Carcassonne for two, one of Azul for three."""
    store = Store(f"sqlite:///{server.data_dir / 'compagnon.db'}")
    lea, sam, zoe = (store.add_player(n).id for n in ("Léa", "Sam", "Zoé"))
    pad(store, [lea, sam], [10, 8])
    pad(store, [lea, sam, zoe], [30, 40, 20], game="Azul")
    pad(store, [lea, sam], [12, 15])
    store.engine.dispose()
    return lea


def box(ui, identifier: str) -> dict:
    el = ui.by_id(identifier)
    ui.reach(el)
    found = el.bounding_box()
    assert found, identifier
    return found


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_charts_beside_their_tables_from_840_px_and_a_player_count_filter(server, new_ui, size):
    lea = plays(server)
    ui = new_ui(*size)
    ui.open(f"/stats/player/{lea}")
    ui.see("3 parties")
    card = box(ui, "stats-player-card")
    chart = box(ui, "chart-score-over-time")
    if size[0] >= 840:
        assert ui.by_id("stats-charts-pane").count() == 1
        wins = box(ui, "chart-wins-per-player")
        card = box(ui, "stats-player-card")  # read again: both are in sight at the top of the screen
        chart = box(ui, "chart-score-over-time")
        assert chart["x"] >= card["x"] + card["width"], (card, chart)  # beside...
        assert chart["y"] < card["y"] + card["height"]  # ...at the same height
        assert wins["x"] >= card["x"] + card["width"]  # the wins chart in the charts' pane too
        assert card["width"] > 400 and chart["width"] > 400
    else:
        assert ui.by_id("stats-charts-pane").count() == 0
        assert chart["x"] < card["x"] + 40 and chart["width"] > 300  # one under the other, the screen's width
    ui.shot(f"stats-panes-{size[0]}")
    # The player-count filter: Léa's play for three.
    ui.choose("Nombre de joueurs", "3 joueurs")
    ui.see("1 partie")
    ui.see("Azul : 1")
    assert not ui.sees("Carcassonne : ")
    ui.shot(f"stats-player-count-{size[0]}")
    ui.choose("Nombre de joueurs", "2 joueurs")
    ui.see("2 parties")
    ui.see("Carcassonne : 2")
