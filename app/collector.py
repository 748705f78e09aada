"""Python's garbage collector on a server that keeps many pages open.

Every open page keeps its tree of controls on the server: some 2 000 objects a page, 600 000 at a club's
night of 50 tables (300 pages).  CPython's full collection walks them all each time the objects that
survived since the last one reach a quarter of the rest: at 300 pages, a pause of 0.3 to 0.65 s every
few seconds of play, which every tap made meanwhile waits for (``bench_capacity``: p95 619 ms, most of
it these pauses).  Yet each full collection found almost nothing to free (a few hundred to 17 000
objects of the 600 000): a page's controls die when the page draws again, through their reference
counts, not through the collector.

So the objects alive for a while are left out of the collections (:func:`gc.freeze`, every
:data:`FREEZE_EVERY` seconds): the collector walks only what was made since.  What dies among them
inside a cycle is freed at the next whole collection, every :data:`WHOLE_EVERY` seconds (one pause
of that length, instead of one every few seconds).

>>> keeper = Keeper(freeze_every=15, whole_every=60)
>>> [keeper.due(t) for t in (10, 15, 29, 30, 60, 74, 75)]
[None, 'freeze', None, 'freeze', 'whole', None, 'freeze']
"""

from __future__ import annotations

import gc
import threading
import time
from dataclasses import dataclass, field

#: seconds between two freezes of what is alive (so that the collector walks only the newer objects)
FREEZE_EVERY = 5.0
#: seconds between two whole collections (which also free the cycles that died among the frozen objects)
WHOLE_EVERY = 300.0


@dataclass
class Keeper:
    """What is due at each moment (a clock in seconds), and doing it."""

    freeze_every: float = FREEZE_EVERY
    whole_every: float = WHOLE_EVERY
    _froze: float = 0.0
    _whole: float = 0.0
    stats: dict[str, int] = field(default_factory=lambda: {"freezes": 0, "wholes": 0, "freed": 0})

    def due(self, now: float) -> str | None:
        """``"whole"``, ``"freeze"`` or None at ``now``; noted as done."""
        if now - self._whole >= self.whole_every:
            self._whole = self._froze = now
            return "whole"
        if now - self._froze >= self.freeze_every:
            self._froze = now
            return "freeze"
        return None

    def tick(self, now: float) -> None:
        what = self.due(now)
        if what == "whole":
            gc.unfreeze()
            self.stats["freed"] += gc.collect()
            self.stats["wholes"] += 1
        if what is not None:
            gc.freeze()
            self.stats["freezes"] += 1


def start(keeper: Keeper | None = None) -> Keeper:
    """Keep the collector's pauses short on this process, from now on (a daemon thread)."""
    keeper = keeper or Keeper()
    clock = time.monotonic
    keeper._froze = keeper._whole = clock()
    gc.freeze()  # what is alive now (the imports, the first page) lasts

    def run() -> None:
        while True:
            time.sleep(min(keeper.freeze_every, keeper.whole_every) / 3)
            keeper.tick(clock())

    threading.Thread(target=run, name="compagnon-collector", daemon=True).start()
    return keeper
