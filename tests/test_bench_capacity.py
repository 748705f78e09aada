"""bench.bench_capacity: what a table plays, and a short evening of one table on a real server (the
benchmark's quick mode, to prove it still runs; no time is asserted)."""

from __future__ import annotations

import random
from typing import Any

from bench.bench_capacity import Figures, actions, fill, rows_for, run_n
from bench.common import NOT_MEASURED, run_apart
from bench.flet_ws import FletPage


class Page(FletPage):
    """A page whose tree is given, and whose sent messages are kept instead of sent."""

    def __init__(self, tree: dict[str, Any]) -> None:
        self.page, self.index, self.sent = tree, {}, []
        self._index(tree)

    async def send(self, action: int, body: Any) -> None:
        self.sent.append((action, body))


def tree() -> dict[str, Any]:
    return {"_c": "Page", "_i": 1, "views": [{"_c": "View", "_i": 2, "controls": [
        {"_c": "TextButton", "_i": 3, "content": "FR", "on_click": True},
        {"_c": "TextField", "_i": 4, "label": "Banque jaune", "hint_text": "0…9", "on_change": True},
        {"_c": "TextField", "_i": 5, "label": "Nom", "on_change": True},
        {"_c": "Button", "_i": 6, "content": "Butins posés par Léa", "on_click": True},
        {"_c": "Button", "_i": 7, "content": "Déjà joué", "on_click": True, "disabled": True},
        {"_c": "Button", "_i": 8, "content": "Abandonner la partie", "on_click": True},
        {"_c": "Button", "_i": 9, "content": "Caché", "on_click": True, "visible": False},
    ]}]}


def test_a_table_taps_only_the_enabled_visible_moves_of_the_game_and_fills_numbers_within_their_range() -> None:
    page = Page(tree())
    assert [c["content"] for c in actions(page)] == ["Butins posés par Léa"]
    run_apart(fill(page, random.Random(1)))
    changed = [body for action, body in page.sent if action == 3]
    assert [b["target"] for b in changed] == [4]  # the field without a range is left alone
    assert 0 <= int(changed[0]["data"]) <= 9


def test_an_evening_with_no_answer_is_reported_as_not_measured() -> None:
    got = {"fig": Figures(events=3), "sessions": 6, "base_mb": 90.0, "idle_mb": 96.0, "after_mb": 97.0, "cpu": 0.1,
           "generator_cpu": 0.0, "open_s": 1.0, "wall": 8.0}
    assert rows_for(1, got, 1)[-1].verdict == NOT_MEASURED


def test_one_table_plays_on_a_real_server_and_every_figure_is_measured() -> None:
    got = run_n(1, seconds=6.0, pause=(0.5, 1.0), processes=1)
    fig = got["fig"]
    assert got["sessions"] == 6 and not fig.errors, fig.errors
    assert fig.events >= 1 and fig.own, fig
    assert got["idle_mb"] > got["base_mb"] > 0
    names = [r.name for r in rows_for(1, got, 1)]
    assert any("p95" in n for n in names) and any("per idle session" in n for n in names)
