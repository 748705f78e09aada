"""A panel that comes and goes during a match (``Panel.key``) leaves the other panels where they were in
Flet's diff: a Robby Solo declaration used to send every panel after it to each phone afresh (its message to
a seat's phone 3.9 kB; 2.1 kB with the names and the countdown's own key, bench_taps' pages, 2026-11-27)."""

from __future__ import annotations

from typing import Any

import pytest

from app.widgets import panel_cards
from scoring import Panel, Tr, find_game, slugs
from tests.random_play import states

STATUS = Panel(Tr("Manche 1", "Round 1"), ((Tr("Pioche", "Deck"), 57),))
BANKS = Panel(Tr("Butin dans les banques", "Loot in the banks"), ((Tr("Banque rouge", "Red bank"), "1 000 $"),))
PILES = Panel(Tr("Piles de butin", "Loot piles"), ((Tr("Léa", "Léa"), 0),))


def cards(panels: list[Panel]) -> list[Any]:
    """The screen's cards of ``panels`` (memoised components, as a render makes them)."""
    from flet.components.component import Renderer

    return list(Renderer().render(lambda: panel_cards(panels, "fr")))


def test_a_panel_s_card_carries_its_name_and_the_others_none():
    """Flet's diff matches a list's items by their key where they have one, the others by their order among
    the unkeyed ones (``ObjectPatch._compare_lists``): with the declaration's card named, the status, banks
    and piles are the unkeyed 0, 1 and 2 before and after it comes, each diffed against itself."""
    declaration = Panel(Tr("Déclaration", "Declaration"), ((Tr("Sam : la rouge", "Sam: the red one"), ""),),
                        key="declaration")
    before, after = cards([STATUS, BANKS, PILES]), cards([STATUS, declaration, BANKS, PILES])
    assert [c.key for c in before] == [None, None, None]
    assert [c.key for c in after] == [None, "panel-declaration", None, None]
    assert [c.args[0] for c in after if c.key is None] == [STATUS, BANKS, PILES] == [c.args[0] for c in before]


@pytest.mark.parametrize("slug", slugs())
def test_no_two_panels_of_a_screen_share_a_name(slug):
    """Over random legal matches of every game, on the table's screen and on a seat's: a name (``Panel.key``)
    names one panel of the screen."""
    game = find_game(slug)
    for seed in range(3):
        for state in states(game, seed, 300):
            for seat in (None, 0):
                keys = [p.key for p in game.panels(state, seat) if p.key]
                assert len(keys) == len(set(keys)), (slug, keys)


@pytest.mark.parametrize("slug", slugs())
def test_the_panels_that_come_and_go_are_named_so_the_others_keep_their_places(slug):
    """Robby Solo's declaration, last round and Robby Junior; Les Apaches' final count, stashes set aside,
    settlement and a seat's own bourgeois; Traction-Avant's all but the turn, the fortunes and the ledger;
    Les apprentis' of each phase; the score pad's tie: named; the unnamed panels are as many in every state
    of a match, so each keeps its place (its card is diffed against itself) while the named ones come and go."""
    game = find_game(slug)
    for seed in range(6):
        for seat in (None, 0):
            counts = {sum(1 for p in game.panels(state, seat) if not p.key) for state in states(game, seed, 300)}
            assert len(counts) == 1, (slug, seed, seat, counts)
