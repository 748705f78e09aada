"""The history as a person browses it (issue #20): month headings, a search, filters, pages, what an
empty list says; a played match's date, place and players edited (one amendment, shown in the
review); a rematch from the review and from the screen of a match just over (issue #19).

Each screen is looked at on a phone (390×844) and on a desktop window (1280×800)."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

import pytest

from app.i18n import month
from app.screens.history_dates import day_text
from db.history import AMEND
from db.store import HOST, Store

pytestmark = pytest.mark.browser

SIZES = [pytest.param((390, 844), id="phone"), pytest.param((1280, 800), id="desktop")]


def today() -> date:
    return datetime.now().astimezone().date()


def pad(store: Store, ids: list[int], points: list[int], game: str = "Carcassonne", place: str = "",
        scored: bool = True, **options: object) -> int:
    """A score-pad play of ``game``: one round of ``points``, then the end (scored unless said not)."""
    mid = store.create_match("score-pad", {"game_name": game, "players": len(ids), **options}, ids, place=place)
    store.record(mid, {"type": "round", "points": points}, HOST)
    store.record(mid, {"type": "finish"}, HOST)
    if scored:
        store.finish(mid)
    return mid


def club(server) -> tuple[str, dict[str, int], list[int]]:
    """Three plays over two months: Carcassonne at the club 40 days ago, Azul at Zoé's with a note, and a
    friendly Carcassonne that does not count."""
    url = f"sqlite:///{server.data_dir / 'compagnon.db'}"
    store = Store(url)
    people = [store.add_player(n).id for n in ("Léa", "Sam", "Zoé")]
    plays = {"club": pad(store, people[:2], [10, 8], place="Club Ludique"),
             "azul": pad(store, people, [30, 40, 20], game="Azul", place="Chez Zoé"),
             "friendly": pad(store, [people[0], people[2]], [5, 9], counts=False)}
    store.amend_match(plays["club"], HOST, day=today() - timedelta(days=40))
    store.update_match(plays["azul"], notes="Revanche promise à Sam")
    store.engine.dispose()
    return url, plays, people


@pytest.mark.parametrize("size", SIZES)
def test_the_history_reads_by_month_and_is_searched_and_filtered(server, new_ui, size):
    _url, plays, _people = club(server)
    ui = new_ui(*size)
    name = "phone" if size[0] < 500 else "desktop"
    ui.open("/history")
    ui.see(month(today(), "fr"))  # "Novembre 2026": the month headings, in the page's language
    ui.see(month(today() - timedelta(days=40), "fr"))
    ui.see(f"Carcassonne #{plays['club']}")
    ui.shot(f"history-months-{name}")

    ui.fill("Rechercher", "revanche")  # a word of the notes
    ui.see(f"Azul #{plays['azul']}")
    ui.settle()
    assert not ui.sees(f"Carcassonne #{plays['club']}") and not ui.sees(f"Carcassonne #{plays['friendly']}")
    ui.shot(f"history-search-{name}")

    ui.fill("Rechercher", "Gloomhaven")
    ui.see("Aucune partie ne correspond à « Gloomhaven ».")
    ui.see("Cherchez un autre mot")  # what to do next
    ui.shot(f"history-search-empty-{name}")
    ui.click("Effacer les filtres")
    ui.see(f"Carcassonne #{plays['club']}")

    ui.click("Filtres")
    ui.choose("Pour les statistiques", "Ne comptent pas")
    ui.see(f"Carcassonne #{plays['friendly']}")
    ui.settle()
    assert not ui.sees(f"Azul #{plays['azul']}") and not ui.sees(f"Carcassonne #{plays['club']}")
    ui.choose("Pour les statistiques", "Toutes")
    ui.choose("Jeu", "Azul")
    ui.see(f"Azul #{plays['azul']}")
    ui.settle()
    assert not ui.sees(f"Carcassonne #{plays['friendly']}")
    ui.see("Filtres (1)")
    ui.shot(f"history-filters-{name}")


def test_an_empty_history_says_what_to_do_next_and_pages_follow_each_other(server, ui):
    ui.open("/history")
    ui.see("Aucune partie terminée pour l'instant.")
    ui.see("Lancez une nouvelle partie")
    ui.shot("history-empty")
    store = Store(f"sqlite:///{server.data_dir / 'compagnon.db'}")
    people = [store.add_player(n).id for n in ("Léa", "Sam")]
    ids = [pad(store, people, [i, 1]) for i in range(52)]  # a page shows 50
    store.engine.dispose()
    ui.open("/history")
    ui.see(f"Carcassonne #{ids[-1]} ")
    ui.click("Plus anciennes")
    ui.see(f"Carcassonne #{ids[0]} ")
    ui.see(f"Carcassonne #{ids[1]} ")
    ui.settle()
    assert not ui.sees(f"Carcassonne #{ids[-1]} ")
    ui.shot("history-older-page")
    ui.click("Plus récentes")
    ui.see(f"Carcassonne #{ids[-1]} ")


@pytest.mark.parametrize("size", SIZES)
def test_a_played_match_is_edited_as_one_amendment_that_the_review_shows(server, new_ui, size):
    url, plays, _people = club(server)
    mid = plays["friendly"]  # Léa and Zoé, today
    ui = new_ui(*size)
    name = "phone" if size[0] < 500 else "desktop"
    ui.open(f"/history/{mid}")
    ui.click("Modifier")
    ui.click("Jouée le")  # a calendar, not a typed date
    target = today() - timedelta(days=2)
    if target.month != today().month:
        ui.click("Mois précédent")
    ui.tap(ui.page.get_by_role("button", name=re.compile(rf"^{target.day}, ")).first)
    ui.click("Choisir")
    ui.see(f"Jouée le : {day_text(target, 'fr')}")
    ui.fill("Lieu", "Médiathèque")
    ui.fill("Place 1", "Noor")
    ui.click("Enregistrer les modifications")
    ui.see("Enregistré")
    ui.click("Modifications (1)")
    ui.see("par l'hôte")
    ui.see("Lieu : (vide) remplacé par « Médiathèque »")
    ui.see("Place 1 : Léa remplacé par Noor")
    ui.see(f"Date : {day_text(today(), 'fr')} remplacé par {day_text(target, 'fr')}")
    ui.shot(f"review-amended-{name}")

    ui.fill("Place 2", "noor")  # already at seat 1
    ui.click("Enregistrer les modifications")
    ui.see("“Noor” occupe déjà la place 1")
    ui.fill("Place 2", " ")
    ui.click("Enregistrer les modifications")
    ui.see("le nom d'un joueur ne peut pas être vide")
    ui.shot(f"review-amend-refused-{name}")

    store = Store(url)
    m = store.load(mid)
    assert (m.place, m.names, [r.type for r in m.log].count(AMEND)) == ("Médiathèque", ["Noor", "Zoé"], 1)
    assert m.ended_at is not None and m.ended_at.astimezone().date() == target
    store.engine.dispose()
    ui.open("/history")  # the list reads the amended values
    ui.see(f"Carcassonne #{mid} — {target.strftime('%d/%m/%Y')}")
    ui.see("Médiathèque")


def test_a_rematch_from_the_review_and_from_a_match_just_over_lands_on_the_new_match(server, ui):
    url, plays, people = club(server)
    ui.open(f"/history/{plays['azul']}")
    ui.see("Notes : Revanche promise à Sam")  # the review says the match's notes (only its edit form did)
    ui.shot("review-rematch")
    ui.click("Revanche")
    ui.page.wait_for_url(re.compile(r"/match/\d+$"), timeout=15_000)
    again = int(ui.page.url.rsplit("/", 1)[1])
    ui.see(f"Azul #{again}")
    ui.see("Léa · Sam · Zoé")
    ui.shot("rematch-started")
    store = Store(url)
    new, old = store.load(again), store.load(plays["azul"])
    assert (new.status, new.player_ids, new.options, new.place) == ("in_progress", old.player_ids, old.options,
                                                                    "Chez Zoé")
    over = pad(store, [people[1], people[0]], [3, 4], game="Azul", scored=False)
    store.engine.dispose()

    ui.open(f"/match/{over}")  # the match is over, not yet scored
    ui.see("Décompte final")
    ui.shot("match-over-rematch")
    ui.click("Revanche")
    ui.page.wait_for_url(re.compile(rf"/match/(?!{over}$)\d+$"), timeout=15_000)
    third = int(ui.page.url.rsplit("/", 1)[1])
    ui.see(f"Azul #{third}")
    store = Store(url)
    assert store.load(over).status == "finished" and store.load(third).player_ids == [people[1], people[0]]
    store.engine.dispose()
