"""Le Gang des Traction-Avant: how an event's fields are read, shared by the moves (which check them) and
the tellers (which read them the same way to tell the event).

Each reader takes the number of seats where it needs one (the moves give the match's, the tellers the
number of names they are given) and raises :class:`~scoring.core.IllegalEvent` (a ``ValueError``) on a
field no move accepts.

>>> get_int({"count": "3"}, "count", 1, 20), get_seats({"seats": [2, 0]}, "seats", 4)
(3, [0, 2])
>>> get_ints({}, "hotels", 4, 11), get_text({"note": "  deal "}, "note")
([0, 0, 0, 0], 'deal')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.core import IllegalEvent, Tr, flag, quote, timers, whole

Event = Mapping[str, Any]


def get_int(event: Event, key: str, low: int, high: int | None = None, default: int | None = None) -> int:
    """A whole number (a string of digits, as a form's text field sends it, counts)."""
    return whole(event.get(key, default), key, low, high)


def get_seat(event: Event, key: str, seats: int) -> int:
    """A seat of the match: a whole number from 0 to ``seats`` − 1."""
    return whole(event.get(key), key, 0, seats - 1)


def get_seats(event: Event, key: str, seats: int) -> list[int]:
    """Several seats, each once, in seat order (none when the field is missing)."""
    value = event.get(key, [])
    if not isinstance(value, list) or len(value) > seats * 2:
        raise IllegalEvent.about(key, Tr(f"une liste de places attendue, reçu {quote(value)}",
                                          f"must be a list of seats, got {quote(value)}",
                                          it=f"attesa una lista di posti, ricevuto {quote(value)}"))
    found = [get_seat({key: v}, key, seats) for v in value]
    if len(set(found)) != len(found):
        raise IllegalEvent.about(key, Tr(f"une place est donnée deux fois dans {quote(value)}",
                                          f"a seat is listed twice in {quote(value)}",
                                          it=f"un posto è indicato due volte in {quote(value)}"))
    return sorted(found)


def get_ints(event: Event, key: str, seats: int, high: int) -> list[int]:
    """One whole number from 0 to ``high`` per seat (all zero when the field is missing)."""
    value = event.get(key, [0] * seats)
    if not isinstance(value, list) or len(value) != seats:
        raise IllegalEvent.about(key, Tr(f"{seats} nombres entiers de 0 à {high} attendus (un par place), "
                                          f"reçu {quote(value)}",
                                          f"must be {seats} whole numbers from 0 to {high} (one per seat), "
                                          f"got {quote(value)}",
                                          it=f"attesi {seats} numeri interi da 0 a {high} (uno per posto), ricevuto "
                                             f"{quote(value)}"))
    return [whole(v, f"{key}[{s}]", 0, high, digits=False) for s, v in enumerate(value)]


def get_text(event: Event, key: str, limit: int = 300, required: bool = False) -> str:
    """A text of ``limit`` characters at most, stripped (``None`` or missing: empty)."""
    value = event.get(key, "")
    if value is None:
        value = ""
    if not isinstance(value, str) or len(value) > limit:
        raise IllegalEvent.about(key, Tr(f"un texte de {limit} caractères au plus attendu, reçu {quote(value)}",
                                          f"must be a text of at most {limit} characters, got {quote(value)}",
                                          it=f"atteso un testo di al massimo {limit} caratteri, ricevuto "
                                             f"{quote(value)}"))
    if required and not value.strip():
        raise IllegalEvent.about(key, Tr(f"ne doit pas être vide, reçu {quote(value)}",
                                          f"must not be empty, got {quote(value)}",
                                          it=f"non deve essere vuoto, ricevuto {quote(value)}"))
    return value.strip()


def get_bool(event: Event, key: str, default: bool) -> bool:
    """True or false (``default`` when the field is missing)."""
    return flag(event.get(key, default), key)


def get_at(event: Event) -> int | None:
    """The time of the event on the match's clock, in milliseconds (``None``: not given)."""
    at = event.get("at")
    return None if at is None else whole(at, "at", 0, timers.MAX_AT, digits=False)
