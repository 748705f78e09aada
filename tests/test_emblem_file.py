"""A game's emblem, read from its folder once; any other name a device asks for is answered with nothing, and
kept nowhere (``/emblems/<name>`` is open to every device)."""

from __future__ import annotations

from app.screens import home
from scoring.core import registry


def test_each_game_s_emblem_is_its_folder_s_file_and_other_names_are_not_kept():
    for slug in registry.slugs():
        name, data = home.emblem_file(slug)
        assert name == registry.card(slug).emblem and data.startswith(b"<svg")
    kept = home._emblem_file.cache_info().currsize
    for n in range(50):
        assert home.emblem_file(f"no-such-game-{n}") == ("", b"")
    assert home._emblem_file.cache_info().currsize == kept
