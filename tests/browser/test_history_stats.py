"""The history's statistics as a person uses them: a player's figures with a chart, a game
filter, and a CSV export downloaded by the browser."""

from __future__ import annotations

import csv
import io
import random
import re

import pytest

from db.store import HOST, Store

pytestmark = pytest.mark.browser


def play_out(store: Store, slug: str, seats: list[int], seed: int, place: str = "") -> int:
    """A real match of ``slug``, driven by random legal actions to its end, then scored."""
    rng = random.Random(seed)
    mid = store.create_match(slug, {"players": len(seats)}, seats, seed=f"s{seed}", place=place)
    for _ in range(3000):
        m = store.load(mid)
        if m.game.finished(m.state):
            break
        action = m.game.sample_action(m.state, rng)
        assert action is not None, f"{slug}: no action left before the end"
        store.record(mid, action, HOST)
    store.finish(mid)
    return mid


def test_a_players_statistics_with_a_chart_a_game_filter_and_a_csv_export(server, ui):
    store = Store(f"sqlite:///{server.data_dir / 'compagnon.db'}")  # the server's own database
    lea, sam, ana, zoe = (store.add_player(n).id for n in ("Léa", "Sam", "Ana", "Zoé"))
    robby = [play_out(store, "robby-solo", [lea, sam, ana], seed=s, place="Club") for s in (1, 2)]
    play_out(store, "traction-avant", [zoe, lea, sam, ana], seed=3)
    store.engine.dispose()

    ui.open(f"/stats/player/{lea}")
    ui.see("3 parties")  # Léa's matches: two Robby Solo, one Traction-Avant
    ui.see("H-index de la table : 1")  # Robby Solo twice, Traction-Avant once: no two games played twice each...
    ui.see("au moins 1 jeu joué, mais pas 2 jeux joués 2 fois chacun")  # ...said so (not as a count of the games)
    ui.see("Score au fil du temps")
    ui.reach(ui.by_id("chart-score-over-time"))
    assert ui.sees("Le Gang des Traction-Avant")
    ui.shot("stats-player")

    ui.choose("Jeu", "Robby Solo")
    ui.see("Répartition des scores")
    ui.reach(ui.by_id("chart-score-distribution"))
    ui.see("Robby Solo : 2 parties")
    ui.shot("stats-game")

    with ui.page.expect_download(timeout=30_000) as download:
        ui.click("Exporter en CSV")
    rows = list(csv.DictReader(io.StringIO(open(download.value.path(), encoding="utf-8").read())))
    # Léa's Robby Solo matches only (the filters apply to the export): three lines each.
    assert sorted({int(r["match"]) for r in rows}) == robby
    assert {r["game"] for r in rows} == {"robby-solo"} and len(rows) == 6
    assert {r["player"] for r in rows} == {"Léa", "Sam", "Ana"}
    assert download.value.suggested_filename.endswith(".csv")

    ui.open(f"/stats/player/{zoe + 1000}")  # a link kept after a merge: no such player now
    ui.see(f"Aucun joueur n° {zoe + 1000} (fusionné avec un autre, ou supprimé ?) : les chiffres sont ceux de tous "
           "les joueurs")
    ui.see("3 parties")  # everyone's: the three matches
    # and the player's menu says so (it was empty: the link's player is none of its options)
    ui.reach(ui.button("Joueur : Tous", exact=True))
    ui.shot("stats-unknown-player")
    ui.choose("Jeu", "Robby Solo")  # the next filter chosen forgets the link's player, and the message with it
    ui.see("Robby Solo : 2 parties")
    ui.no_longer_sees(f"Aucun joueur n° {zoe + 1000}")


def test_a_match_review_edits_the_place_then_deletes_the_match_and_undoes_it(server, ui):
    store = Store(f"sqlite:///{server.data_dir / 'compagnon.db'}")
    ids = [store.add_player(n).id for n in ("Léa", "Sam", "Ana")]
    mid = play_out(store, "robby-solo", ids, seed=5)
    store.engine.dispose()

    ui.open(f"/history/{mid}")
    ui.see(f"Robby Solo #{mid}")
    ui.see("Feuille de score")
    ui.click("Modifier")
    ui.fill("Lieu", "Médiathèque")
    ui.click("Enregistrer les modifications")
    ui.see("Médiathèque")
    ui.click("Supprimer la partie")
    ui.see(f"Supprimer définitivement la partie #{mid}")
    ui.shot("review-delete-confirm")
    ui.click("Supprimer la partie", exact=True)
    ui.see(f"Partie #{mid} supprimée.")
    assert Store(f"sqlite:///{server.data_dir / 'compagnon.db'}").history() == []
    # the seconds left to undo it count down on the screen (they stayed at "29 s")
    ui.see("s pour l'annuler")
    first = seconds_said(ui)
    ui.page.wait_for_timeout(2500)
    assert seconds_said(ui) <= first - 2, first
    ui.click("Annuler la suppression")
    ui.see("Feuille de score")
    back = Store(f"sqlite:///{server.data_dir / 'compagnon.db'}")
    (summary,) = back.history()
    assert (summary.id, summary.place) == (mid, "Médiathèque")


def seconds_said(ui) -> int:
    """The seconds left to undo a deletion, as the review says them ("Encore 28 s pour l'annuler")."""
    found = re.search(r"Encore (\d+) s pour l'annuler", ui.text())
    assert found, ui.text()[:400]
    return int(found[1])


def test_undoing_a_deletion_after_a_new_match_took_its_number_puts_it_back_under_a_new_one(server, ui):
    url = f"sqlite:///{server.data_dir / 'compagnon.db'}"
    store = Store(url)
    ids = [store.add_player(n).id for n in ("Léa", "Sam", "Ana")]
    mid = play_out(store, "robby-solo", ids, seed=5)
    store.engine.dispose()

    ui.open(f"/history/{mid}")
    ui.click("Supprimer la partie")
    ui.click("Supprimer la partie", exact=True)
    ui.see(f"Partie #{mid} supprimée.")
    other = Store(url)  # meanwhile, another device starts a match: SQLite gives it the same number
    taken = other.create_match("apaches", {"players": 2}, ids[:2], seed="x")
    other.engine.dispose()
    assert taken == mid
    ui.click("Annuler la suppression")
    ui.see(f"Partie #{mid} remise sous le numéro #{mid + 1}")
    ui.see(f"Robby Solo #{mid + 1}")
    ui.see("Feuille de score")
    ui.shot("review-undo-renumbered")
    (summary,) = Store(url).history()  # the Apaches match is still running; the Robby Solo one is back
    assert (summary.id, summary.game) == (mid + 1, "robby-solo")
