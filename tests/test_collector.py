"""The collector's keeper (``app.collector``): what lives a while is left out of the collections, and what
dies among it in a cycle is still freed by the next whole collection."""

from __future__ import annotations

import doctest
import gc
import weakref

from app import collector
from app.collector import Keeper


class Node:
    """An object in a cycle of its own: only the collector can free it."""

    def __init__(self) -> None:
        self.me = self


def test_a_frozen_cycle_is_left_alone_until_the_whole_collection_frees_it():
    keeper = Keeper(freeze_every=15, whole_every=60)
    try:
        node = Node()
        dead = weakref.ref(node)
        keeper.tick(15)  # frozen while alive
        del node
        gc.collect()
        assert dead() is not None  # a collection no longer walks it
        keeper.tick(30)  # another freeze: still there
        gc.collect()
        assert dead() is not None
        keeper.tick(60)  # the whole collection
        assert dead() is None
        assert keeper.stats["wholes"] == 1 and keeper.stats["freezes"] == 3 and keeper.stats["freed"] >= 2
        assert gc.get_freeze_count() > 0  # and what lives on is frozen again
    finally:
        gc.unfreeze()


def test_a_young_cycle_is_freed_by_the_ordinary_collections():
    keeper = Keeper(freeze_every=15, whole_every=60)
    try:
        keeper.tick(15)
        node = Node()  # made after the freeze
        dead = weakref.ref(node)
        del node
        gc.collect()
        assert dead() is None
    finally:
        gc.unfreeze()


def test_the_examples_in_app_collector_hold():
    assert doctest.testmod(collector).failed == 0
