"""The Data place as a person uses it: reached from the header, a BG Stats export of 500 plays imported
with a progress bar that moves while the page keeps answering, a summary at the end (plays added and
skipped, games and players created), then a full backup downloaded with its progress too."""

from __future__ import annotations

import json
import re

import pytest

from db.games import all_games
from db.store import Store
from tests.bgstats_gen import generate
from tests.browser.test_file_import import pick

pytestmark = pytest.mark.browser

PROGRESS = r"\b\d+ / 500 parties\b"


def watch_progress(ui, button: str, file, until: str, timeout_s: int = 240) -> list[int]:
    """Pick ``file`` with ``button``, and every "n / 500 parties" the page shows from then until ``until``
    shows (recorded as the page changes, not read now and then: a fast machine imports 500 plays in well
    under a second)."""
    ui.record(PROGRESS)
    pick(ui, button, file)
    ui.see(until, timeout=timeout_s * 1000)
    return [int(text.split(" /")[0]) for text in ui.recorded()]


@pytest.mark.parametrize("size", [(1280, 800)])
def test_the_data_place_on_a_desktop_window_holds_every_file_action(server, new_ui, size):
    ui = new_ui(*size)
    ui.open("/")
    ui.click("Données : exporter, sauvegarder, importer, restaurer", exact=True)
    ui.see("Exporter et sauvegarder")
    for button in ("Tout l'historique en CSV", "Sauvegarde complète (JSON)", "Exporter pour BG Stats",
                   "Importer depuis BG Stats", "Restaurer une sauvegarde"):
        ui.reach(ui.button(button))
    ui.shot(f"data-place-{size[0]}")
    ui.click("English", exact=True)
    ui.see("Import and restore")
    ui.see("The whole history as CSV")


def test_a_500_play_import_shows_its_progress_then_its_summary_and_a_backup_downloads(server, ui, tmp_path):
    ui.hear()
    ui.open("/")
    ui.click("Données : exporter, sauvegarder, importer, restaurer", exact=True)
    ui.see("Importer et restaurer")
    ui.shot("data-place-390")
    file = tmp_path / "BGStatsExport.json"
    file.write_text(json.dumps(generate(5, plays=500, games=40), ensure_ascii=False), encoding="utf-8")

    seen = watch_progress(ui, "Importer depuis BG Stats", file, "Bilan de l'import")
    # The bar moved while the import ran (the page was answering, not frozen): several steps between
    # the start and the end, in order.
    between = sorted(set(n for n in seen if 0 < n < 500))
    assert len(between) >= 3, seen
    assert seen == sorted(seen)
    ui.shot("data-import-summary-390")
    # A screen reader hears the work start and end, once each, not its count ten times a second.
    ui.page.wait_for_timeout(1000)
    said = ui.said()
    assert not [s for s in said if re.search(r"\d+ / 500|Préparation", s)], said
    assert (said.count("Import depuis BG Stats"), said.count("Bilan de l'import")) == (1, 1), said

    store = Store(f"sqlite:///{server.data_dir / 'compagnon.db'}")
    try:
        added = len(store.history(limit=1000))
        created = [g.name.fr for g in all_games(store.engine) if g.key.startswith("pad:")]
    finally:
        store.engine.dispose()
    assert added > 400
    ui.see(f"Parties importées : {added} · ignorées : {500 - added}")
    text = ui.text()
    line = next(ln for ln in text.splitlines() if ln.startswith("Jeux créés : "))
    assert sorted(line.removeprefix("Jeux créés : ").split(", ")) == sorted(created) and len(created) > 20
    if added < 500:  # each skipped play is listed with its reason
        assert "Parties ignorées, et pourquoi :" in text

    # The same file again: nothing added, every play skipped, and said so.
    watch_progress(ui, "Importer depuis BG Stats", file, "Bilan de l'import")
    ui.see("Parties importées : 0 · ignorées : 500")
    ui.see("Jeux créés : aucun")
    ui.see("déjà dans l'historique")

    # A full backup: its progress, then the file, with every match.
    with ui.page.expect_download(timeout=240_000) as download:
        ui.click("Sauvegarde complète (JSON)")
        ui.see("Sauvegarde complète")
    doc = json.loads(open(download.value.path(), encoding="utf-8").read())
    assert doc["format"] == "compagnon-backup" and len(doc["matches"]) == added
    ui.see("Fichier prêt : compagnon-backup-")
