"""How an event reads in a match's ledger and its history: one line, in French, English and Italian.

Each move of a game's ``moves`` table may carry a teller (``Move(tell=...)``): a function of the event as
the device may see it (secret fields already ``"?"``, :data:`HIDDEN`, until the
match is over) and the seats' names, giving a :class:`Tr`.  :meth:`Game.tell
<scoring.core.contract.Game.tell>` calls it, tells the timers' events itself, and falls back on
:func:`raw` (the event's type and fields) for a move without a teller or an event it cannot read (one
recorded by an older version).  A teller sees nothing but the event it is given, so it can tell no more
than the event shows.

>>> name(["Léa", "Sam"], 1), name(["Léa"], 4), name(["Léa"], "?")
('Sam', '#5', '?')
>>> raw({"type": "deck", "count": 4, "at": 12}).en
'deck  count=4'
>>> hidden("?"), hidden(3)
(True, False)
>>> listed(["Léa", "Sam", "Ange"]).fr, counted(0, Tr("{n} carte", "{n} card"), Tr("{n} cartes", "{n} cards")).en
('Léa, Sam et Ange', '0 cards')
>>> per_seat(["Léa", "Sam"], [4, 0]), per_seat(["Léa", "Sam"], [4, 0], keep_zero=False)
('Léa 4, Sam 0', 'Léa 4')
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scoring.core.tr import Tr, same

if TYPE_CHECKING:
    from scoring.core.contract import Secret

#: How a move reads: (the event as shown, the seats' names) → one line in each language.
Teller = Callable[[Mapping[str, Any], Sequence[str]], Tr]
#: How a secret of a finished match reads: (the secret, its value, the seats' names) → one line.
SecretTeller = Callable[["Secret", Any, Sequence[str]], Tr]

#: The longest line a ledger shows.
LONGEST = 200

#: The value a view puts in place of something the viewer may not see (``scoring.core.contract`` hides with it).
HIDDEN = "?"

#: What a teller raises on a field it cannot read (as the move would refuse it): the line is then the raw fields.
UNREADABLE = (KeyError, IndexError, TypeError, ValueError, AttributeError)


def hidden(value: Any) -> bool:
    """Whether ``value`` is a field the viewer may not see."""
    return isinstance(value, str) and value == HIDDEN


def name(names: Sequence[str], seat: Any) -> str:
    """The name of ``seat`` (its number, from 1, when the match has no name for it; ``?`` when hidden)."""
    if hidden(seat):
        return HIDDEN
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise TypeError(f"a seat is a whole number, got {seat!r}")
    return names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"


def names_of(names: Sequence[str], seats: Any) -> str:
    """Several seats' names, joined by commas."""
    if not isinstance(seats, list | tuple):
        raise TypeError(f"seats are a list, got {seats!r}")
    return ", ".join(name(names, s) for s in seats)


def listed(parts: Sequence[str]) -> Tr:
    """Names (or any words the same in every language) joined by commas, the last by "et" / "and" / "e"."""
    if len(parts) < 2:
        return same("".join(parts))
    head = ", ".join(parts[:-1])
    return Tr(f"{head} et {parts[-1]}", f"{head} and {parts[-1]}", it=f"{head} e {parts[-1]}")


def counted(count: int, one: Tr, many: Tr) -> Tr:
    """``count`` with its noun (``{n}`` in ``one`` and ``many``) in the singular or the plural of each language:
    French takes the singular for 0 and 1, English and Italian for 1 alone."""
    return Tr(one.fr if count <= 1 else many.fr, one.en if count == 1 else many.en,
              it=one.get("it") if count == 1 else many.get("it")).format(n=count)


def per_seat(names: Sequence[str], counts: Sequence[int], keep_zero: bool = True) -> str:
    """Each seat's name and number, "Léa 4, Ange 6" (the seats at 0 left out unless ``keep_zero``)."""
    return ", ".join(f"{name(names, seat)} {n}" for seat, n in enumerate(counts) if keep_zero or n)


def raw(event: Mapping[str, Any]) -> Tr:
    """The event's type and fields, as the ledger read before the games told their events."""
    rest = ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("type", "at"))
    return same(f"{event.get('type')}  {rest}".strip()[:LONGEST])


def raw_secret(owner: int | None, path: Sequence[str | int], value: Any, names: Sequence[str]) -> Tr:
    """A secret's owner, its place in the state and its value, as the review read before the games told them.

    >>> raw_secret(None, ("bags", "bourgeois", "remaining"), ["policeman"], []).fr
    'bags/bourgeois/remaining : ["policeman"]'
    >>> raw_secret(1, ("hands", 1), [3000, None], ["Léa", "Sam"]).en
    'Sam · hands/1 : [3000, null]'
    """
    who = f"{name(names, owner)} · " if owner is not None else ""
    return same(f"{who}{'/'.join(map(str, path))} : {json.dumps(value, ensure_ascii=False)}"[:LONGEST])


def short(text: Tr) -> Tr:
    """``text`` cut to :data:`LONGEST` characters in each language."""
    def cut(s: str) -> str:
        return s if len(s) <= LONGEST else s[:LONGEST - 1] + "…"

    return Tr(cut(text.fr), cut(text.en), it=cut(text.it) if text.it else "")


TIMER_OPS = {
    "start": Tr("Minuteur « {t} » lancé", "Timer “{t}” started", it="Timer «{t}» avviato"),
    "pause": Tr("Minuteur « {t} » en pause", "Timer “{t}” paused", it="Timer «{t}» in pausa"),
    "resume": Tr("Minuteur « {t} » relancé", "Timer “{t}” resumed", it="Timer «{t}» ripreso"),
    "reset": Tr("Minuteur « {t} » remis à zéro", "Timer “{t}” reset", it="Timer «{t}» azzerato"),
    "extend": Tr("Minuteur « {t} » prolongé", "Timer “{t}” extended", it="Timer «{t}» prolungato"),
    "stop": Tr("Minuteur « {t} » arrêté", "Timer “{t}” stopped", it="Timer «{t}» fermato"),
}


def timer(event: Mapping[str, Any], names: Sequence[str], phases: Mapping[str, Tr]) -> Tr:
    """A timer's event: what was done to which timer (a phase's, or a seat's in a phase: ``phase:seat``).

    >>> timer({"op": "start", "key": "night:1"}, ["Léa", "Sam"], {"night": Tr("Nuit", "Night", it="Notte")}).en
    'Timer “Night · Sam” started'
    """
    key = str(event["key"])
    phase, _colon, seat = key.partition(":")
    title = phases.get(phase, same(phase))
    if seat.isdigit():
        title = same("{p} · {n}").format(p=title, n=name(names, int(seat)))
    return TIMER_OPS[str(event["op"])].format(t=title)

