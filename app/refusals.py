"""A move's refusal as the form that sent it says it: under the field's label, in the screen's language.

The rules name a refused field by its key (``bank``, ``points[0]``, ``painting[1][2]``: for the command line and
the logs) and say what is wrong with it apart (:attr:`scoring.IllegalEvent.field`, ``problem``).  The form names
it as it shows it: its label, the seat's player for a per-seat number, the painting's row and column; a choice
list by the choices' labels; a value left empty as empty.  Anything else is said as :meth:`AppState.refuse`
says it (:func:`app.state.error_text`).  What it adds to the rules' own words is the form's (its labels, the
seats' names) and the value this device sent, quoted as the rules quote one (cut, escaped): nothing of the
state.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from app.i18n import t
from app.state import error_text
from scoring import Action, Field, IllegalEvent, Tr
from scoring.core import quote

#: a field's key path: its key, then its indices (``painting[1][2]``; Apaches names a seat's: ``apaches[Léa]``)
_PATH = re.compile(r"(\w+)((?:\[[^\]]*\])*)")
#: what a rule's problem ends with when it quotes the value it got
_GOT = r",?\s*(?:reçu|got|ricevuto)\s+"


def field_refusal(exc: Exception, actions: Sequence[Action], sent: Mapping[str, Any], names: Sequence[str],
                  lang: str) -> str:
    """The refusal of the event ``sent`` (from a form of one of ``actions``: the one of its type, and of its
    seat when several are) under the refused field's label, as that form shows it.

    >>> from scoring import find_game
    >>> pad = find_game("score-pad")
    >>> state = pad.initial_state(pad.setup(pad.validate_options({"game_name": "Azul", "players": 2}),
    ...                                     __import__("random").Random(1)).record, ["Léa", "Sam"])
    >>> sent = {"type": "round", "points": [3, "abc"]}
    >>> try:
    ...     pad.apply(state, sent)
    ... except IllegalEvent as e:
    ...     print(e); print(field_refusal(e, pad.actions(state, None), sent, ["Léa", "Sam"], "fr"))
    points[1]: must be a whole number, got “abc”
    Points de chacun (Sam) : doit être un nombre entier, reçu “abc”
    """
    said = error_text(exc, lang)
    if not isinstance(exc, IllegalEvent) or exc.field is None or exc.problem is None:
        return said
    path = _PATH.fullmatch(exc.field)
    if path is None:
        return said
    key, steps = path[1], re.findall(r"\[([^\]]*)\]", path[2])
    candidates = [a for a in actions if a.type == sent.get("type")]
    candidates.sort(key=lambda a: a.seat is None or a.seat != sent.get("seat"))  # the sender's seat first
    f = next((f for a in candidates for f in a.fields if f.key == key), None)
    if f is None:
        return said
    value: Any = sent.get(key)
    for step in steps:  # the value this device sent there (None where it sent none)
        value = value[int(step)] if step.isdigit() and isinstance(value, list) and int(step) < len(value) else None
    return t("skipped_line", lang, a=_where(f, steps, names, lang), b=_problem(f, steps, value, exc.problem, lang))


def _where(f: Field, steps: Sequence[str], names: Sequence[str], lang: str) -> str:
    """The field as its form shows it: its label; a per-seat number's player; a painting's row and column."""
    label = f.label.get(lang)
    if not steps:
        return label
    if f.kind == "painting" and all(s.isdigit() for s in steps) and len(steps) <= 2:
        row = int(steps[0]) + 1
        return t("field_row", lang, a=label, b=row) if len(steps) == 1 else t(
            "field_cell", lang, a=label, b=row, c=int(steps[1]) + 1)
    seat = steps[0]
    who = names[int(seat)] if seat.isdigit() and int(seat) < len(names) else seat
    return f"{label} ({who})"  # a per-seat number: its label, then the seat's player ("Points de chacun (Léa)")


def _problem(f: Field, steps: Sequence[str], value: Any, problem: Tr, lang: str) -> str:
    """What is wrong with ``value``: a choice by the choices' labels, a cell's card by its name, an empty value
    as empty; else the rules' own words."""
    empty = value is None or (isinstance(value, str) and not value.strip())
    if f.kind == "choice" and not steps:
        keys = [k for k, _label in f.choices if k]
        labels = ", ".join(label.get(lang) for k, label in f.choices if k)
        if empty:
            return t("refusal_unchosen", lang, a=labels)
        if value not in keys:
            return t("refusal_not_among", lang, a=quote(value), b=labels)
    if f.kind == "painting" and len(steps) == 2 and isinstance(value, str) and f.cards is not None:
        cards = ", ".join(label.get(lang) for _k, label in f.choices)
        return t("refusal_card", lang, a=quote(f.cards.word(value, lang)), b=cards)
    said = problem.get(lang)
    if empty:
        rest = re.sub(_GOT + re.escape(quote(value)) + "$", "", said)
        numbers = f.kind in ("int", "ints")  # what a number must be is the form's to say; a text or grid's is not
        return t("refusal_empty", lang, a=rest) if numbers and rest != said else t("refusal_blank", lang)
    return said
