"""A match whose log no longer replays, as a person meets it: its review says which event is refused and still
shows what its row keeps (the score sheet written at its end, its players), with a way to delete it; its match
screen says the same instead of "Partie introuvable"."""

from __future__ import annotations

import pytest

from db.store import Store
from tests.test_log_unreadable import played, spoil

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_a_log_that_no_longer_replays_is_said_and_the_sheet_still_shown(server, new_ui, size):
    store = Store(f"sqlite:///{server.data_dir / 'compagnon.db'}")
    finished = played(store, finish=True)
    running = played(store, finish=False, ids=store.load(finished).player_ids)
    for match_id in (finished, running):
        spoil(store, match_id, 3, {"type": "no_such_move"})
    store.engine.dispose()
    ui = new_ui(*size)
    ui.open(f"/history/{finished}")
    ui.see(f"Le journal de la partie n° {finished} ne se rejoue plus avec cette version de Compagnon : "
           "son événement 3 (no_such_move) est refusé.")
    ui.see("Feuille de score")
    ui.see("Léa")
    assert not ui.sees("Partie introuvable")
    ui.reach(ui.button("Supprimer la partie"))
    ui.shot(f"review-log-unreadable-{size[0]}")
    ui.open(f"/match/{running}")
    ui.see(f"Le journal de la partie n° {running} ne se rejoue plus")
    assert not ui.sees("Partie introuvable")
    ui.click("Ouvrir sa fiche")  # where it can be deleted
    ui.see("Supprimer la partie")
    assert ui.page.url.endswith(f"/history/{running}")


def test_a_phone_at_the_table_of_such_a_match_is_told_it_cannot_be_shown(server, new_ui):
    """A phone with the table's code (or a seat's link) of a match in play whose log no longer replays reads why
    it shows nothing (before: "this link opens no seat", as if the link were forged), never the event refused; a
    finished one's link opens nothing, as for any match over."""
    store = Store(f"sqlite:///{server.data_dir / 'compagnon.db'}")
    running = played(store, finish=False)
    finished = played(store, finish=True, ids=store.load(running).player_ids)
    codes = {m: store.load(m).code for m in (running, finished)}
    for match_id in (running, finished):
        spoil(store, match_id, 3, {"type": "no_such_move"})
    store.engine.dispose()
    ui = new_ui(390, 844)
    for path in (f"/table/{codes[running]}", f"/seat/{codes[running]}/not-a-token"):
        ui.open(path)
        ui.see("Cette partie ne peut plus s'afficher sur un téléphone")
        assert not ui.sees("no_such_move") and not ui.sees("Ce lien n'ouvre aucune place")
    ui.shot("phone-log-unreadable")
    ui.open(f"/table/{codes[finished]}")
    ui.see("Ce lien n'ouvre aucune place")


def test_deleting_such_a_match_from_its_review_can_be_undone(server, new_ui):
    """*Delete the match* on the review of a match whose log no longer replays keeps its short undo (before: the
    undo was refused, quoting the engine's reason)."""
    store = Store(f"sqlite:///{server.data_dir / 'compagnon.db'}")
    finished = played(store, finish=True)
    spoil(store, finished, 3, {"type": "no_such_move"})
    store.engine.dispose()
    ui = new_ui(390, 844)
    ui.open(f"/history/{finished}")
    ui.click("Supprimer la partie")
    ui.click("Supprimer la partie", exact=True)
    ui.see(f"Partie #{finished} supprimée.")
    ui.click("Annuler la suppression")
    ui.see(f"Le journal de la partie n° {finished} ne se rejoue plus")
    ui.see("Feuille de score")
    assert not ui.sees("IllegalEvent") and not ui.sees("unknown event type")


def test_a_backup_holding_such_a_match_is_restored_from_the_data_page_and_names_it(server, new_ui, tmp_path):
    """A history moved to another machine with a match whose log no longer replays: the Data page restores it whole
    and its summary names that match (before: "Backup refused, nothing was restored")."""
    import json

    from db.backup import backup
    from tests.browser.test_file_import import pick

    elsewhere = Store(f"sqlite:///{tmp_path / 'elsewhere.db'}")
    good = played(elsewhere, finish=True)
    bad = played(elsewhere, finish=True, ids=elsewhere.load(good).player_ids)
    spoil(elsewhere, bad, 3, {"type": "no_such_move"})
    file = tmp_path / "compagnon-backup.json"
    file.write_text(json.dumps(backup(elsewhere), ensure_ascii=False), encoding="utf-8")
    elsewhere.engine.dispose()
    ui = new_ui(390, 844)
    ui.open("/data")
    pick(ui, "Restaurer une sauvegarde", file)
    ui.see("Sauvegarde restaurée — joueurs : 3, parties : 2")
    ui.see(f"1 partie gardée telle quelle (n° {bad}) : son journal ne se rejoue plus avec cette version de "
           "Compagnon ; sa fiche dit pourquoi.")
    ui.shot("data-restore-log-unreadable")
    ui.open(f"/history/{bad}")
    ui.see(f"Le journal de la partie n° {bad} ne se rejoue plus")
