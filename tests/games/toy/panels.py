"""What the toy game's match screen shows: the track for everyone, each seat's own bonus behind its privacy screen."""

from __future__ import annotations

from scoring.core import HIDDEN, Panel, State, Tr, Value
from scoring.core.tr import same

from .rules import BAG
from .state import typed
from .texts import BONUS_HIDDEN, PHASE_NAMES, TRACK, YOUR_BONUS


def panels(view: State, seat: int | None) -> list[Panel]:
    """``view`` is the state as ``seat`` may see it (:meth:`Game.view`): a bonus it may not see is ``HIDDEN``."""
    s = typed(view)
    draws = {d["seat"]: d["token"] for d in s["bags"][BAG]["draws"]}
    rows: list[tuple[Tr, Value]] = [(same(name), s["track"][i]) for i, name in enumerate(s["names"])]
    out = [Panel(TRACK, tuple(rows), note=PHASE_NAMES[s["phase"]])]
    bonus: list[tuple[Tr, Value]] = []
    for i, name in enumerate(s["names"]):
        if i in draws:
            token = draws[i]
            bonus.append((same(name), BONUS_HIDDEN if token == HIDDEN else int(token)))
    if bonus:
        out.append(Panel(Tr("Bonus", "Bonus", it="Bonus"), tuple(bonus)))
    if seat is not None and seat in draws and draws[seat] != HIDDEN and not s["finished"]:
        out.append(Panel(YOUR_BONUS, ((Tr("Jeton", "Token", it="Gettone"), int(draws[seat])),), seat=seat))
    return out
