"""The statistics as a person reads them: an empty history says what to do next; under a game filter the
H-index says it counts every game; every wins bar carries its player's name; the dates are picked on a
calendar; the figures are read behind a progress indicator; on a phone and on a desktop window."""

from __future__ import annotations

from datetime import date

import pytest
from babel.dates import format_date

from db.stats import standings
from db.store import Store
from tests.browser.test_history_stats import play_out

pytestmark = pytest.mark.browser


def test_empty_statistics_say_what_to_do_next_and_lead_to_the_data_place(server, ui):
    ui.open("/stats/player/77")  # a link to a player who is gone: everyone's figures, and there are none yet
    ui.see("Aucun joueur n° 77 (fusionné avec un autre, ou supprimé ?) : les chiffres sont ceux de tous les joueurs")
    ui.see("Aucune partie terminée pour l'instant.")  # not "none matches these filters": none is applied
    assert not ui.sees("Aucune partie terminée ne correspond à ces filtres")
    ui.click("Effacer les filtres")  # the link's player forgotten, and the message with it
    ui.no_longer_sees("Aucun joueur n° 77")
    ui.see("Aucune partie terminée pour l'instant. Jouez une partie jusqu'à sa feuille de score, "
           "ou importez votre historique BG Stats")
    ui.reach(ui.button("Lancer une partie"))
    ui.shot("stats-empty-390")
    ui.click("Importer un historique")
    ui.see("Importer et restaurer")


def day_button(ui, day: int):
    """A day of the calendar's month, by its number (its accessible name begins with it)."""
    import re

    return ui.page.get_by_role("button", name=re.compile(rf"^{day}, ")).first


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_a_game_filter_named_bars_a_calendar_and_a_loading_indicator(server, new_ui, size):
    store = Store(f"sqlite:///{server.data_dir / 'compagnon.db'}")
    lea, sam, ana, zoe = (store.add_player(n).id for n in ("Léa", "Sam", "Ana", "Zoé"))
    for seed in (1, 2):
        play_out(store, "robby-solo", [lea, sam, ana], seed=seed, place="Club")
    play_out(store, "traction-avant", [zoe, lea, sam, ana], seed=3)
    table = standings(store)
    store.engine.dispose()
    ui = new_ui(*size)
    ui.open("/stats")
    ui.see("3 parties")
    # Every bar of the wins chart is named, with its count, for the eye and for a screen reader.
    ui.reach(ui.by_id("chart-wins-per-player"))
    for s in table:
        ui.see(f"{s.name} : {s.won} victoire" + ("s" if s.won > 1 else ""))
    assert len(table) == 4
    ui.shot(f"stats-wins-{size[0]}")

    # A game filter: the count is the game's; the H-index, over every game, says so.
    sent = len(ui.received)
    ui.choose("Jeu", "Robby Solo")
    ui.see("2 parties")
    ui.see("Robby Solo : 2")
    ui.see("H-index de la table sur tous les jeux : 1")
    assert not ui.sees("H-index de la table : ")
    ui.reach(ui.by_id("chart-score-distribution"))
    # While the filtered figures are read, the device is told so: the indicator is sent before the figures.
    # (What the server sends, not what the tree showed: a busy page may draw no frame between the two.)
    now = ui.received[sent:]
    told = [i for i, f in enumerate(now) if b"Calcul des statistiques" in f]
    shown = [i for i, f in enumerate(now) if b"H-index de la table sur tous les jeux" in f]
    assert told and shown and told[0] < shown[0], f"no progress indicator while the figures load {told, shown}"
    ui.shot(f"stats-game-filter-{size[0]}")

    # The dates on a calendar: from the 1st of this month (every match was played today).
    first = date.today().replace(day=1)
    ui.click("Du : toute date")
    ui.see("Parties depuis le")
    ui.shot(f"stats-calendar-{size[0]}")
    ui.tap(day_button(ui, 1))
    ui.click("Choisir", exact=True)
    ui.see(f"Du : {format_date(first, 'medium', locale='fr_FR')}")
    ui.see("2 parties")
    # ...up to the 1st: nothing then (unless today is the 1st), and the screen says how to widen it.
    ui.click("Au : toute date")
    ui.tap(day_button(ui, 1))
    ui.click("Choisir", exact=True)
    ui.see(f"Au : {format_date(first, 'medium', locale='fr_FR')}")
    if date.today().day > 1:
        ui.see("Aucune partie terminée ne correspond à ces filtres : élargissez les dates ou effacez les filtres.")
    ui.click("Effacer la date (Au)", exact=True)
    ui.see("Au : toute date")
    ui.see("2 parties")

    # In English (the screen starts afresh in another language): the same wording, the bars named.
    ui.click("English", exact=True)
    ui.see("Table's H-index: 1")
    ui.see("From: any date")
    ui.see(f"{table[0].name}: {table[0].won} win")
    ui.choose("Game", "Robby Solo")
    ui.see("Table's H-index across all games: 1")
