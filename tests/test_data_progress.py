"""The Data screen's long pieces of work tell how far they have gone (``progress(done, total)``) and
what they did: a BG Stats import (plays dealt with, the games it created), a backup and a restore
(matches), the BG Stats export (matches)."""

from __future__ import annotations

from db.backup import backup, restore
from db.bgstats import export, import_plays
from db.games import all_games
from db.store import Store
from tests.bgstats_gen import generate


def steady(calls: list[tuple[int, int]], total: int) -> None:
    """From (0, total) to (total, total), never backwards, always out of the same total."""
    assert calls[0] == (0, total) and calls[-1] == (total, total)
    assert all(t == total for _d, t in calls)
    assert [d for d, _t in calls] == sorted(d for d, _t in calls)


def test_an_import_tells_its_progress_play_by_play_and_names_the_games_it_created(store):
    doc = generate(3, plays=60, games=12)
    calls: list[tuple[int, int]] = []
    report = import_plays(store, doc, progress=lambda done, total: calls.append((done, total)))
    steady(calls, 60)
    assert len(calls) >= len(report.imported)  # one step per play written: a bar that moves
    # Every game of the file without an engine became a game of the history, each named once.
    created = [g.name.en for g in all_games(store.engine) if g.key.startswith("pad:")]
    assert sorted(report.new_games) == sorted(created) and len(created) >= 5

    # Again: nothing added, every play skipped, still counted to the end, no game created.
    again: list[tuple[int, int]] = []
    second = import_plays(store, doc, progress=lambda done, total: again.append((done, total)))
    steady(again, 60)
    assert (second.imported, len(second.skipped), second.new_games) == ([], 60, [])


def test_backup_restore_and_export_tell_their_progress_match_by_match(store, tmp_path):
    import_plays(store, generate(4, plays=30, games=8))
    calls: list[tuple[int, int]] = []
    doc = backup(store, progress=lambda done, total: calls.append((done, total)))
    steady(calls, 30)
    assert len(calls) == 31
    calls.clear()
    assert len(export(store, progress=lambda done, total: calls.append((done, total)))["plays"]) == 30
    steady(calls, 30)

    calls.clear()
    other = Store(f"sqlite:///{tmp_path / 'other.db'}")
    try:
        assert restore(other, doc, progress=lambda done, total: calls.append((done, total))).matches == 30
        steady(calls, 30)
        assert len(calls) == 31
    finally:
        other.engine.dispose()
