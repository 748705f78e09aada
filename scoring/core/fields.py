"""One checker for the whole numbers, seats and choices that events, forms and score documents carry.

Every refusal names the field, quotes the value and gives the allowed range, in both languages.

>>> whole(3, "leaders", 0, 7)
3
>>> whole("4", "leaders", 0, 7)   # a form's digit string
4
>>> whole(8, "players[0].leaders", 0, 7)
Traceback (most recent call last):
...
scoring.core.errors.IllegalEvent: players[0].leaders: must be at most 7, got 8
>>> try:
...     whole(True, "bail", 0)
... except IllegalEvent as e:
...     print(e.get("fr"))
bail : doit être un nombre entier, reçu true
"""

from __future__ import annotations

import itertools
import math
import re
from typing import Any

from scoring.core.errors import IllegalEvent, RulesError, keyed
from scoring.core.tr import Tr

#: The largest number any field accepts (money in the millions, milliseconds of a long evening).
HUGE = 10**12

_DIGITS = re.compile(r"\s*-?\d{1,15}\s*")


def quote(value: Any, limit: int = 40) -> str:
    """``value`` as the device or the file sent it (JSON's words: a text between quotes, ``null``, ``true``,
    ``NaN``), cut to ``limit`` characters (an error quotes the input, not a megabyte of it); a character that
    would not print is escaped.

    >>> quote("abc"), quote(None), quote(True), quote(12), quote([1, "a"]), quote("a\\nb")
    ('“abc”', 'null', 'true', '12', '[1, “a”]', '“a\\\\nb”')
    >>> quote("x" * 50)
    '“xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'
    >>> quote(float("nan")), quote(float("-inf")), quote(2.5)
    ('NaN', '-Infinity', '2.5')
    >>> quote({str(i): i for i in range(30)}, 200)[-12:], quote([[[[[[1]]]]]])
    ('“19”: 19, …}', '[[[[…]]]]')
    """
    text = _quoted(value, 0, limit)
    return text if len(text) <= limit else text[: limit - 1] + "…"


#: how deep a list or an object is quoted (deeper: "…"), and how many of its items
DEPTH, ITEMS = 4, 20


def _quoted(value: Any, depth: int, limit: int) -> str:
    if isinstance(value, str):
        return "“" + "".join(c if c.isprintable() else repr(c)[1:-1] for c in value[:limit]) + "”"
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    if isinstance(value, (list, tuple, dict)) and depth >= DEPTH:
        return "…"
    if isinstance(value, (list, tuple)):
        items = [_quoted(v, depth + 1, limit) for v in value[:ITEMS]]
        return "[" + ", ".join(items + (["…"] if len(value) > ITEMS else [])) + "]"
    if isinstance(value, dict):
        pairs = [f"{_quoted(k, depth + 1, limit)}: {_quoted(v, depth + 1, limit)}" for k, v in
                 itertools.islice(value.items(), ITEMS)]
        return "{" + ", ".join(pairs + (["…"] if len(value) > ITEMS else [])) + "}"
    return repr(value)


def whole(value: Any, where: str, low: int | None = None, high: int | None = None, *,
          error: type[RulesError] = IllegalEvent, digits: bool = True) -> int:
    """``value`` as a whole number within ``low``..``high``, or ``error`` naming ``where``.

    ``digits``: a string of digits is accepted (what a form's text field sends).
    """
    if digits and isinstance(value, str) and _DIGITS.fullmatch(value):
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise _error(error, where, Tr(f"doit être un nombre entier, reçu {quote(value)}",
                                      f"must be a whole number, got {quote(value)}",
                                      it=f"deve essere un numero intero, ricevuto {quote(value)}"))
    top = HUGE if high is None else high
    if low is not None and value < low:
        raise _error(error, where, Tr(f"au moins {low}, reçu {quote(value)}",
                                      f"must be at least {low}, got {quote(value)}",
                                      it=f"almeno {low}, ricevuto {quote(value)}"))
    if value > top:
        raise _error(error, where, Tr(f"au plus {top}, reçu {quote(value)}",
                                      f"must be at most {top}, got {quote(value)}",
                                      it=f"al massimo {top}, ricevuto {quote(value)}"))
    return value


def flag(value: Any, where: str, *, error: type[RulesError] = IllegalEvent) -> bool:
    """``value`` as true or false.

    >>> flag("yes", "ready")
    Traceback (most recent call last):
    ...
    scoring.core.errors.IllegalEvent: ready: must be true or false, got “yes”
    """
    if not isinstance(value, bool):
        raise _error(error, where, Tr(f"doit être vrai ou faux, reçu {quote(value)}",
                                      f"must be true or false, got {quote(value)}",
                                      it=f"deve essere vero o falso, ricevuto {quote(value)}"))
    return value


def one_of(value: Any, where: str, allowed: tuple[str, ...] | list[str], *,
           error: type[RulesError] = IllegalEvent) -> str:
    """``value`` if it is one of ``allowed``.

    >>> one_of("red", "bank", ("red", "blue"))
    'red'
    >>> one_of("pink", "bank", ("red", "blue"))
    Traceback (most recent call last):
    ...
    scoring.core.errors.IllegalEvent: bank: must be one of red, blue, got “pink”
    """
    if not isinstance(value, str) or value not in allowed:
        listed = ", ".join(allowed)
        raise _error(error, where, Tr(f"doit être l'un de {listed}, reçu {quote(value)}",
                                      f"must be one of {listed}, got {quote(value)}",
                                      it=f"deve essere uno di {listed}, ricevuto {quote(value)}"))
    return value


def _error(error: type[RulesError], where: str, problem: Tr) -> RulesError:
    """The refusal of the field ``where``, of the kind ``error``: it says which field (its key path) and what is
    wrong with it apart (``field`` and ``problem`` of an :class:`IllegalEvent`), for a form to say it under the
    field's label.

    >>> e = _error(IllegalEvent, "points[1]", Tr("vide", "empty"))
    >>> e.field, e.problem.fr, e.get("fr")
    ('points[1]', 'vide', 'points[1] : vide')
    """
    from scoring.core.errors import InvalidOptions, InvalidScoreInput

    if issubclass(error, InvalidScoreInput):
        return error(where, problem)
    if issubclass(error, InvalidOptions):
        return error.about(where, problem)
    if issubclass(error, IllegalEvent):
        return error.about(where, problem)
    return error(keyed(where, problem))
