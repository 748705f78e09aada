"""The Data screen's file buttons as a person uses them: the browser's file chooser answers
*Restore a backup* and *Import from BG Stats*; what was read shows in the history, what was
refused says why, and a bad file imports nothing."""

from __future__ import annotations

import json

import pytest

from db.backup import backup
from db.store import Store
from tests.browser.test_history_stats import play_out

pytestmark = pytest.mark.browser


def pick(ui, button: str, path) -> None:
    """Click a button that opens the file picker, and choose ``path`` in the browser's chooser."""
    ui.settle()
    target = ui.reach(ui.button(button))
    ui.in_clear(target)
    with ui.page.expect_file_chooser(timeout=30_000) as chooser:
        target.click()
    chooser.value.set_files(str(path))
    ui.page.wait_for_timeout(500)
    ui.settle()


def test_restore_a_backup_from_the_browser_into_an_empty_database(server, ui, tmp_path):
    # A backup made on another device: three players, a finished Robby Solo match at the club.
    elsewhere = Store(f"sqlite:///{tmp_path / 'elsewhere.db'}")
    ids = [elsewhere.add_player(n).id for n in ("Léa", "Sam", "Ana")]
    mid = play_out(elsewhere, "robby-solo", ids, seed=7, place="Ludothèque")
    (summary,) = elsewhere.history()
    file = tmp_path / "compagnon-backup.json"
    file.write_text(json.dumps(backup(elsewhere), ensure_ascii=False), encoding="utf-8")
    elsewhere.engine.dispose()

    ui.open("/data")
    pick(ui, "Restaurer une sauvegarde", file)
    ui.see("Sauvegarde restaurée — joueurs : 3, parties : 1")
    pick(ui, "Restaurer une sauvegarde", file)  # again: the history is no longer empty
    ui.see("Une sauvegarde se restaure dans un historique vide, et celui-ci ne l'est pas (joueurs : 3, parties : 1).")
    ui.open("/history")
    ui.see("Ludothèque")
    ui.see(", ".join(summary.winners))
    mine = Store(f"sqlite:///{server.data_dir / 'compagnon.db'}")
    try:
        (restored,) = mine.history()
        assert (restored.id, restored.winners, restored.totals, restored.place) == (
            mid, summary.winners, summary.totals, "Ludothèque")
    finally:
        mine.engine.dispose()


def bgstats_file() -> dict:
    """A BG Stats export (as its real files look: ranks 0, winner and start-player flags): one good
    play of Les Apaches de Paris, one with a bad score, one of a game Compagnon does not know."""
    def line(ref, score, winner, start=False):
        return {"playerRefId": ref, "score": score, "winner": winner, "startPlayer": start, "rank": 0,
                "seatOrder": 0, "newPlayer": False}

    return {
        "players": [{"id": 1, "uuid": "P1", "name": "Léa", "isAnonymous": False},
                    {"id": 2, "uuid": "P2", "name": "Sam", "isAnonymous": False},
                    {"id": 3, "uuid": "P3", "name": "Noor", "isAnonymous": False}],
        "locations": [{"id": 1, "uuid": "L1", "name": "Café des Jeux"}],
        "games": [{"id": 10, "uuid": "G1", "name": "Les Apaches de Paris", "highestWins": True},
                  {"id": 11, "uuid": "G2", "name": "Catan", "highestWins": True}],
        "plays": [
            {"uuid": "A1", "playDate": "2025-04-01 20:00:00", "durationMin": 50, "gameRefId": 10,
             "locationRefId": 1, "usesTeams": False, "board": "Quartiers 1, 2, 3", "comments": "Belle partie",
             "playerScores": [line(1, "1800", True), line(2, "1500", False, start=True), line(3, "900", False)]},
            {"uuid": "A2", "playDate": "2025-04-03 20:00:00", "durationMin": 45, "gameRefId": 10,
             "playerScores": [line(1, "douze", False), line(2, "900", True)]},
            {"uuid": "C1", "playDate": "2025-04-02 20:00:00", "durationMin": 40, "gameRefId": 11,
             "playerScores": [line(1, "10", True), line(2, "8", False)]},
        ],
    }


def test_import_from_bg_stats_in_the_browser_reports_what_it_skipped_and_refuses_a_bad_file(server, ui, tmp_path):
    db = f"sqlite:///{server.data_dir / 'compagnon.db'}"
    ui.open("/data")
    # A file that is not JSON, then JSON that is no BG Stats export: refused, nothing imported.
    garbage = tmp_path / "photo.json"
    garbage.write_bytes(b"\x89PNG not json at all")
    pick(ui, "Importer depuis BG Stats", garbage)
    ui.see("Ce fichier n'est pas du JSON lisible")
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"games": []}), encoding="utf-8")
    pick(ui, "Importer depuis BG Stats", other)
    ui.see("ce fichier n'est pas un export de BG Stats : il n'y a pas de parties (« plays »)")
    empty = tmp_path / "empty.json"
    empty.write_bytes(b"")
    pick(ui, "Importer depuis BG Stats", empty)
    ui.see("Ce fichier est vide : il n'y a rien à importer.")  # not "not readable JSON: line 1, column 1"
    store = Store(db)
    assert store.history() == [] and store.players() == []
    store.engine.dispose()

    # A real export: the good plays are imported (Catan on the score pad), the bad one is listed with the
    # reason.
    file = tmp_path / "BGStatsExport.json"
    file.write_text(json.dumps(bgstats_file(), ensure_ascii=False), encoding="utf-8")
    pick(ui, "Importer depuis BG Stats", file)
    ui.see("Parties importées : 2 · ignorées : 1")
    ui.see("partie 2 (2025-04-03 20:00:00, Les Apaches de Paris) : Léa : le score “douze” n'est pas un nombre entier")
    ui.near_top(ui._has("Parties importées : 2 · ignorées : 1").first)
    ui.shot("stats-import-report")

    store = Store(db)
    try:
        imported, catan = sorted(store.history(), key=lambda m: m.game)
        assert (imported.game, imported.winners, imported.place) == ("apaches", ["Léa"], "Café des Jeux")
        assert (catan.game, catan.winners) == ("pad:catan", ["Léa"])
    finally:
        store.engine.dispose()
    # The imported match in the history, and its review with the set-up noted in BG Stats.
    ui.open("/history")
    ui.see("Café des Jeux")
    ui.shot("history-imported-bgstats")
    ui.open(f"/history/{imported.id}")
    ui.see("Partie importée (BG Stats)")
    ui.see("Mise en place (notée dans BG Stats) : Quartiers 1, 2, 3")
    ui.shot("review-imported-bgstats")

    # Many bad plays: the first 40 are listed, the rest counted.
    doc = bgstats_file()
    doc["plays"] = [dict(doc["plays"][1], uuid=f"B{i}", playDate=f"2024-01-01 10:{i:02d}:00") for i in range(45)]
    file.write_text(json.dumps(doc), encoding="utf-8")
    ui.open("/data")
    pick(ui, "Importer depuis BG Stats", file)
    ui.see("Parties importées : 0 · ignorées : 45")
    ui.see("… et 5 autres parties ignorées")
    ui.see("partie 40 (2024-01-01 10:39:00, Les Apaches de Paris)")
