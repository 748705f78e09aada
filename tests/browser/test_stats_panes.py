"""The statistics on a desktop window (issue 20: "from 840 px ... statistics' charts beside their tables"):
the charts in a pane of their own beside the cards and tables, while a phone keeps them one under the other;
and the player-count filter ("the matches of 3 players")."""

from __future__ import annotations

import pytest

from db.store import Store
from tests.browser.test_history_browse import pad
from tests.browser.test_layout import text_widths

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


def test_on_a_phone_the_filters_go_two_a_line_and_leave_the_figures_in_sight(server, new_ui):
    """The four filters took four lines of a phone's screen (and cut "Tous les joueurs" once two a line): two a
    line now, each box saying "Tous" under its label (seen on the screenshot: Flutter's menu box tells no screen
    reader its value), its menu the whole phrase; the first figures in sight."""
    plays(server)
    ui = new_ui(390, 844)
    ui.open("/stats")
    ui.see("3 parties")
    boxes = {}
    for label in ("Joueur", "Jeu", "Nombre de joueurs", "Lieu"):
        field = ui.page.locator("[aria-expanded]").filter(has_text=label).first
        boxes[label] = field.bounding_box()
    assert abs(boxes["Joueur"]["y"] - boxes["Jeu"]["y"]) < 2, boxes
    assert abs(boxes["Nombre de joueurs"]["y"] - boxes["Lieu"]["y"]) < 2, boxes
    assert boxes["Jeu"]["x"] > boxes["Joueur"]["x"] + boxes["Joueur"]["width"]
    figures = ui.page.get_by_text("3 parties").first.bounding_box()
    assert figures and figures["y"] + figures["height"] < 844 - 80, figures  # above the navigation bar, unscrolled
    ui.shot("stats-filters-390")
    ui.choose("Joueur", "Tous les joueurs")  # the menu says it whole
    ui.see("3 parties")


def test_a_long_name_chosen_in_the_player_filter_is_said_whole(server, new_ui):
    """The player filter's box was 175 px whatever it held: "Marie-Franço" of a player chosen by name. A long name
    chosen widens its box (a phone's line at most); "Tous" keeps two boxes a line."""
    long = "Marie-Françoise de Montmorency"
    store = Store(f"sqlite:///{server.data_dir / 'compagnon.db'}")
    marie, sam = (store.add_player(n).id for n in (long, "Sam"))
    pad(store, [marie, sam], [10, 8])
    store.engine.dispose()
    ui = new_ui(390, 844)
    ui.open("/stats")
    ui.see("1 partie")
    field = ui.page.locator("[aria-expanded]").filter(has_text="Joueur").first
    assert field.bounding_box()["width"] < 200  # "Tous": half a line
    ui.choose("Joueur", long)
    ui.see("1 partie, 1 victoire (100 %)")  # the chosen player's card
    ui.settle()
    box = field.bounding_box()
    (needed,) = text_widths(ui, [long], weight=400, size=16)  # a menu box's text: Material 3's bodyLarge
    # the box's text starts 16 px in, and its arrow takes the last 48 px
    assert box["width"] - 64 >= needed and box["x"] + box["width"] <= 390, (box, needed)
    ui.shot("stats-filter-long-name-390")
