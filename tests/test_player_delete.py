"""A player added by mistake (a typo, a guest who did not play) can be deleted; one who sat at a match cannot (their
matches stay whole: they are merged into the right person instead), on every backend."""

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
