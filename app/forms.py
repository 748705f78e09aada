"""Generic forms: the engines describe actions as :class:`scoring.Field` lists, this renders them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from app.guard import component
from scoring import Action, Field, Option, Tr

Values = dict[str, Any]


def option_field(opt: Option) -> Field:
    return Field(opt.key, opt.label, opt.kind, opt.default, opt.choices, opt.minimum, opt.maximum)


def defaults(fields: Sequence[Field], names: Sequence[str]) -> Values:
    out: Values = {}
    for f in fields:
        if f.default is not None:
            out[f.key] = f.default
        elif f.kind == "bool":
            out[f.key] = False
        elif f.kind == "seats":
            out[f.key] = []
        elif f.kind == "ints":
            out[f.key] = [0] * len(names)
        elif f.kind == "choice" and f.choices:
            out[f.key] = f.choices[0][0]
        elif f.kind == "seat" and names:
            out[f.key] = f.minimum if f.minimum is not None else 0
        elif f.kind == "text":
            out[f.key] = ""
    return out


def dropdown(label: str, value: str | None, options: list[ft.DropdownOption],
             on_select: Callable[[ft.Event[ft.Dropdown]], None], ident: str,
             width: int = 260) -> ft.Control:
    """A Dropdown with an accessible name (its tooltip; Flutter exposes no label for it)."""
    return ft.Dropdown(label=label, value=value, options=options, on_select=on_select, width=width,
                       tooltip=label, key=f"dd-{ident}")


def _int(text: str) -> int | str:
    try:
        return int(text.strip().replace(" ", "").replace("\u202f", ""))
    except ValueError:
        return text


def field_control(f: Field, value: Any, names: Sequence[str], lang: str,
                  set_value: Callable[[Any], None]) -> ft.Control:
    label = f.label.get(lang)
    if f.kind == "bool":
        return ft.Switch(label=label, value=bool(value), on_change=lambda e: set_value(bool(e.control.value)))
    if f.kind == "text":
        return ft.TextField(label=label, value=value or "", on_change=lambda e: set_value(e.control.value),
                            multiline=True, min_lines=1, max_lines=4)
    if f.kind == "seat" and f.minimum is not None and f.minimum == f.maximum and f.minimum < len(names):
        return ft.Text(f"{label} : {names[f.minimum]}", weight=ft.FontWeight.W_500)  # fixed seat
    if f.kind in ("choice", "seat"):
        opts = ([ft.DropdownOption(key=str(i), text=n) for i, n in enumerate(names)] if f.kind == "seat"
                else [ft.DropdownOption(key=k, text=t.get(lang)) for k, t in f.choices])
        convert: Callable[[str], Any] = int if f.kind == "seat" else str
        longest = max((len(o.text or "") for o in opts), default=0)  # long options: as wide as a phone allows
        return dropdown(label, None if value is None else str(value), opts,
                        lambda e: set_value(convert(e.control.value)), f.key,
                        width=min(320, max(260, 60 + 9 * longest)))
    if f.kind == "seats":
        chosen = set(value or [])

        def toggle(i: int, on: bool) -> None:
            set_value(sorted((chosen | {i}) if on else (chosen - {i})))

        return ft.Column([ft.Text(label, weight=ft.FontWeight.W_500),
                          ft.Row([ft.Checkbox(label=n, value=i in chosen,
                                              on_change=lambda e, i=i: toggle(i, bool(e.control.value)))
                                  for i, n in enumerate(names)], wrap=True)], spacing=2)
    if f.kind == "ints":
        vals = list(value or [0] * len(names))

        def set_one(i: int, text: str) -> None:
            new = list(vals)
            new[i] = _int(text)
            set_value(new)

        return ft.Column([ft.Text(label, weight=ft.FontWeight.W_500),
                          ft.Row([ft.TextField(label=n, value=str(vals[i]) if i < len(vals) else "0",
                                               width=110, keyboard_type=ft.KeyboardType.NUMBER,
                                               on_change=lambda e, i=i: set_one(i, e.control.value))
                                  for i, n in enumerate(names)], wrap=True)], spacing=2)
    if f.kind == "painting":
        from app.painting import PaintingEditor
        return PaintingEditor(f, value, lang, set_value)
    # int
    hint = ""
    if f.minimum is not None or f.maximum is not None:
        hint = f"{'' if f.minimum is None else f.minimum}…{'' if f.maximum is None else f.maximum}"
    long = len(label) > 24
    box = ft.TextField(label=label, value="" if value is None else str(value), hint_text=hint,
                       keyboard_type=ft.KeyboardType.NUMBER, width=290 if long else 170,
                       on_change=lambda e: set_value(_int(e.control.value)))
    # A long label (« S'enfuir : tractions utilisées (4 hommes max. chacune) ») takes two lines above
    # a wider box: room above it, so that it does not run into what comes before.
    return ft.Container(box, padding=ft.Padding.only(top=14)) if long else box


def use_values(initial: Callable[[], Values], basis: object = None) -> tuple[
        Values, Callable[[Values], None], Callable[[str, Any], None], Callable[[], Values]]:
    """Form state whose latest value is always readable (a ref holds it; a counter in state re-renders).

    ``basis``: what the form starts from (e.g. its defaults).  When it moves (another device's event
    changed a default), the values start afresh from ``initial()`` in the same render: the form stays
    the same controls, and Flet sends the new values as a patch instead of a whole new form.
    """
    ref = ft.use_ref(None)
    began = ft.use_ref(None)
    _count, set_count = ft.use_state(0)
    if ref.current is None or began.current != basis:
        ref.current, began.current = initial(), basis

    def set_values(new: Values) -> None:
        ref.current = new
        set_count(lambda n: n + 1)

    def on_field(key: str, value: Any) -> None:
        set_values({**ref.current, key: value})

    return ref.current, set_values, on_field, lambda: dict(ref.current)


@component
def FieldsForm(fields: Sequence[Field], values: Values, names: Sequence[str], lang: str,
               on_field: Callable[[str, Any], None]) -> ft.Control:
    def setter(key: str) -> Callable[[Any], None]:
        return lambda v: on_field(key, v)

    controls = [field_control(f, values.get(f.key), names, lang, setter(f.key)) for f in fields]
    return ft.Row(controls, wrap=True, spacing=12, run_spacing=8)


def tr(text: Tr | None, lang: str) -> str:
    return "" if text is None else text.get(lang)


def form_key(action: Action, names: Sequence[str]) -> str:
    """A key for an action's form: another action (or label) is another form.  A form whose starting
    values moved (another device's event changed a default) keeps its controls and starts afresh from
    the new values (:func:`use_values`' ``basis``): each device gets a patch of the values, not a new
    form; a form whose defaults did not move keeps what was half-typed in it."""
    return f"{action.type}|{action.label.fr}"


@component
def _ActionForm(action: Action, names: Sequence[str], lang: str,
               on_submit: Callable[[Values], bool]) -> ft.Control:
    """One action card; ``on_submit`` gets ``{"type": ..., **values}`` and returns True when the
    event was recorded."""
    start = defaults(action.fields, names)
    values, set_values, on_field, latest = use_values(lambda: defaults(action.fields, names), start)

    def submit(_e: ft.Event[ft.Button]) -> None:
        # The latest values, not this render's: a tap can arrive before the last keystroke re-rendered.
        if on_submit({"type": action.type, **latest()}):
            set_values(defaults(action.fields, names))

    button_cls = ft.Button if action.primary else ft.OutlinedButton
    body: list[ft.Control] = []
    if action.help:
        body.append(ft.Text(tr(action.help, lang), size=12, italic=True))
    if action.fields:
        body.append(FieldsForm(action.fields, values, names, lang, on_field))
    body.append(button_cls(action.label.get(lang), on_click=submit))
    if len(body) == 1:
        return body[0]
    return ft.Card(ft.Container(ft.Column(body, spacing=8), padding=12), semantic_container=False)


#: re-rendered only when its action, names, language or callback change (or its own state does)
ActionForm = ft.memo(_ActionForm)
