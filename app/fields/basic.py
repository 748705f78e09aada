"""The renderers of the kinds every game may use: ``int``, ``bool``, ``text`` (one line), ``notes`` (a few
lines), ``choice``, ``seat``, ``seats`` and ``ints`` (see :mod:`app.fields`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from app import widgets
from app.fields import register
from app.i18n import t
from app.widgets import dropdown, fitted
from scoring import Field

Set = Callable[[Any], None]


def whole(text: str) -> int | str:
    """What was typed in a number's box: a whole number (spaces allowed), or the text as typed (the
    engine then names what is wrong).

    >>> whole(" 18 000"), whole("-3"), whole("x")
    (18000, -3, 'x')
    """
    try:
        return int(text.strip().replace(" ", "").replace("\u202f", "").replace("\xa0", ""))
    except ValueError:
        return text


@register("bool", start=lambda _f, _names: False)
def switch(f: Field, value: Any, _names: Sequence[str], lang: str, set_value: Set) -> ft.Control:
    return widgets.switch(f.label.get(lang), bool(value), lambda e: set_value(bool(e.control.value)))


@register("text", start=lambda _f, _names: "")
def text_box(f: Field, value: Any, _names: Sequence[str], lang: str, set_value: Set) -> ft.Control:
    """One line (a boss's name, a reason): Enter adds no new line (a multi-line box took one into the event)."""
    return ft.TextField(label=f.label.get(lang), value=value or "", on_change=lambda e: set_value(e.control.value))


@register("notes", start=lambda _f, _names: "")
def notes_box(f: Field, value: Any, _names: Sequence[str], lang: str, set_value: Set) -> ft.Control:
    """A few lines of notes (an alliance's terms, what happened): Enter starts a new line."""
    return ft.TextField(label=f.label.get(lang), value=value or "", on_change=lambda e: set_value(e.control.value),
                        multiline=True, min_lines=1, max_lines=4)


def _first_choice(f: Field, _names: Sequence[str]) -> Any:
    return f.choices[0][0] if f.choices else None


@register("choice", start=_first_choice)
def choice(f: Field, value: Any, _names: Sequence[str], lang: str, set_value: Set) -> ft.Control:
    options = [ft.DropdownOption(key=k, text=t.get(lang)) for k, t in f.choices]
    return _dropdown(f, value, options, lang, lambda v: set_value(str(v)))


def _first_seat(f: Field, names: Sequence[str]) -> Any:
    if not names:
        return None
    return f.minimum if f.minimum is not None else 0


@register("seat", start=_first_seat)
def seat(f: Field, value: Any, names: Sequence[str], lang: str, set_value: Set) -> ft.Control:
    if f.minimum is not None and f.minimum == f.maximum and f.minimum < len(names):
        fixed = t("skipped_line", lang, a=f.label.get(lang), b=names[f.minimum])  # "label : value", per language
        return ft.Text(fixed, weight=ft.FontWeight.W_500)  # a fixed seat
    options = [ft.DropdownOption(key=str(i), text=n) for i, n in enumerate(names)]
    return _dropdown(f, value, options, lang, lambda v: set_value(int(v)))


def _dropdown(f: Field, value: Any, options: list[ft.DropdownOption], lang: str, set_value: Set) -> ft.Control:
    # long options: as wide as a phone allows
    return dropdown(f.label.get(lang), None if value is None else str(value), options,
                    lambda e: set_value(e.control.value), f.key, width=fitted(options, 260), lang=lang)


@register("seats", start=lambda _f, _names: [])
def seats(f: Field, value: Any, names: Sequence[str], lang: str, set_value: Set) -> ft.Control:
    chosen = set(value or [])

    def toggle(i: int, on: bool) -> None:
        set_value(sorted((chosen | {i}) if on else (chosen - {i})))

    return ft.Column([ft.Text(f.label.get(lang), weight=ft.FontWeight.W_500),
                      ft.Row([widgets.check_box(n, i in chosen, lambda e, i=i: toggle(i, bool(e.control.value)))
                              for i, n in enumerate(names)], wrap=True, run_spacing=0)], spacing=2)


@register("ints", start=lambda _f, names: [None] * len(names))
def ints(f: Field, value: Any, names: Sequence[str], lang: str, set_value: Set) -> ft.Control:
    """One number a player, each box blank until typed (a field's default fills them): a box left blank is
    sent blank, and the rules name whose it is (a score pad's boxes said 0 and gave that player a 0)."""
    vals = list(value or [None] * len(names))

    def set_one(i: int, text: str) -> None:
        new = list(vals)
        new[i] = whole(text)
        set_value(new)

    return ft.Column([ft.Text(f.label.get(lang), weight=ft.FontWeight.W_500),
                      ft.Row([ft.TextField(label=n, value="" if i >= len(vals) or vals[i] is None else str(vals[i]),
                                           width=110, keyboard_type=ft.KeyboardType.NUMBER,
                                           on_change=lambda e, i=i: set_one(i, e.control.value))
                              for i, n in enumerate(names)], wrap=True)], spacing=2)


#: a whole number whose field allows at most this many steps (and is bounded) gets − and + buttons
SMALL = 12


def small(f: Field) -> bool:
    """A small count (Colts, Stens, bullets, a bank's card): bounded, a dozen values at most."""
    return (f.minimum is not None and f.maximum is not None and f.maximum <= SMALL
            and f.maximum - f.minimum <= SMALL)


def stepped(f: Field, value: Any, lang: str, set_value: Set, box: ft.Control) -> ft.Control:
    """− box +: one tap per step, within the field's bounds; an empty box starts at the minimum (the box
    can still be typed in).  Each button is named by the field and what it does (its tooltip)."""
    label, low, high = f.label.get(lang), int(f.minimum or 0), int(f.maximum or 0)
    current = value if isinstance(value, int) and not isinstance(value, bool) else None

    def step(by: int) -> None:
        set_value(low if current is None else min(high, max(low, current + by)))

    return ft.Row([
        ft.IconButton(ft.Icons.REMOVE, tooltip=t("step_less", lang, a=label), on_click=lambda _e: step(-1),
                      disabled=current is None or current <= low),
        box,
        ft.IconButton(ft.Icons.ADD, tooltip=t("step_more", lang, a=label), on_click=lambda _e: step(1),
                      disabled=current is not None and current >= high),
    ], spacing=0, tight=True, vertical_alignment=ft.CrossAxisAlignment.END)


@register("int")
def number(f: Field, value: Any, _names: Sequence[str], lang: str, set_value: Set) -> ft.Control:
    label = f.label.get(lang)
    hint = ""
    if f.minimum is not None or f.maximum is not None:
        hint = f"{'' if f.minimum is None else f.minimum}…{'' if f.maximum is None else f.maximum}"
    long = len(label) > 24
    box: ft.Control = ft.TextField(label=label, value="" if value is None else str(value), hint_text=hint,
                                   keyboard_type=ft.KeyboardType.NUMBER,
                                   width=(200 if small(f) else 290) if long else 170,
                                   on_change=lambda e: set_value(whole(e.control.value)))
    if small(f):
        box = stepped(f, value, lang, set_value, box)
    # A long label (two lines above the box) gets a wider box (less the stepper's two buttons: the row
    # must fit a phone) and room above it, so that it does not run into what comes before.
    return ft.Container(box, padding=ft.Padding.only(top=14)) if long else box
