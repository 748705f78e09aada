"""A player added by mistake (a typo, a guest who did not play) can be deleted; one who sat at a match cannot (their
matches stay whole: they are merged into the right person instead), on every backend.  The Players screen's record
of each player counts their matches in progress too."""

from __future__ import annotations

import pytest

from db.store import StoreError
from tests.browser.test_history_stats import play_out


def test_only_a_player_who_never_sat_at_a_match_is_deleted(store) -> None:
    lea, typo, sam, ana, guest = (store.add_player(n).id for n in ("Léa", "Lea", "Sam", "Ana", "Invité"))
    play_out(store, "robby-solo", [lea, sam, ana], seed=1)  # finished: seats and score lines
    running = store.create_match("apaches", {"players": 2}, [guest, lea], seed="r")  # a seat, no score line yet
    assert store.unseated_players() == {typo}
    assert store.delete_player(typo) == "Lea"
    assert [p.name for p in store.players()] == ["Ana", "Invité", "Léa", "Sam"]
    for pid, name in ((lea, "Léa"), (guest, "Invité")):
        with pytest.raises(StoreError, match=f"{name} has played matches: merge them into the right person"):
            store.delete_player(pid)
    assert store.load(running).names == ["Invité", "Léa"]
    assert len(store.history()) == 1  # nothing of the matches went
    with pytest.raises(StoreError, match="no player with id"):
        store.delete_player(typo)
    again = store.add_player("Lea")  # the screen's undo: the name back (it had nothing else)
    assert again.name == "Lea" and store.unseated_players() == {again.id}


def test_each_player_s_matches_in_progress_are_counted(store) -> None:
    """The Players screen says "1 partie en cours" of a player at a running match (it said "no match yet")."""
    lea, sam, ana = (store.add_player(n).id for n in ("Léa", "Sam", "Ana"))
    store.create_match("apaches", {"players": 2}, [lea, sam], seed="a")
    store.create_match("apaches", {"players": 2}, [lea, ana], seed="b")
    done = store.create_match("apaches", {"players": 2}, [sam, ana], seed="c")
    store.abandon(done)
    assert store.playing_now() == {lea: 2, sam: 1, ana: 1}


@pytest.mark.parametrize(("lang", "played", "won", "running", "said"), [
    ("fr", 0, 0, 0, "Aucune partie pour l'instant"),
    ("fr", 0, 0, 1, "1 partie en cours"),
    ("fr", 3, 1, 0, "3 parties · 1 victoire"),
    ("fr", 3, 2, 2, "3 parties · 2 victoires\n2 parties en cours"),
    ("en", 1, 0, 2, "1 match · 0 wins\n2 matches in progress"),
    ("en", 0, 0, 2, "2 matches in progress"),
    ("it", 0, 0, 1, "1 partita in corso"),
])
def test_a_player_s_record_line(lang: str, played: int, won: int, running: int, said: str) -> None:
    from app.screens.players import record_line
    from app.state import AppState
    from db.stats import Standing
    from db.store import Store

    record = Standing(1, "Léa", played, won) if played else None
    assert record_line(AppState(store=Store("sqlite://"), lang=lang), record, running) == said
