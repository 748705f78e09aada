"""Generic forms: the engines describe actions as :class:`scoring.Field` lists, this renders them.

Each field is drawn by the renderer registered for its kind (:mod:`app.fields`): this module knows
no game's widget.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import flet as ft

from app.drafts import DraftScope, draft_key, use_draft, use_kept
from app.fields import renderer
from app.guard import component
from app.i18n import t
from app.refusals import field_refusal
from app.state import Refusal, Sent
from app.widgets import tile
from scoring import Action, Field, InvalidOptions, Option, RulesError, Tr

Values = dict[str, Any]


def option_field(opt: Option) -> Field:
    return Field(opt.key, opt.label, opt.kind, opt.default, opt.choices, opt.minimum, opt.maximum)


def option_line(opt: Option, value: Any, lang: str) -> str:
    """A set-up option as chosen, in words: its label, then its value (a choice's label, yes or no).

    >>> from scoring import find_game
    >>> length = next(o for o in find_game("apprentis").options if o.key == "length")
    >>> option_line(length, "long", "fr"), option_line(length, "long", "en")
    ('Durée : Partie longue', 'Length: Long game')
    """
    if opt.kind == "choice":
        shown = next((label.get(lang) for key, label in opt.choices if key == value), str(value))
    elif opt.kind == "bool":
        shown = t("yes_word" if value else "no_word", lang)
    elif opt.kind == "seat" and isinstance(value, int):
        shown = t("seat_n", lang, a=value + 1)  # a seat as the table counts them, from 1
    else:
        shown = str(value)
    return t("skipped_line", lang, a=opt.label.get(lang), b=shown)  # "label : value", per language


def option_refusal(exc: Exception, options: Sequence[Option], lang: str) -> str:
    """A set-up option's refusal under the option's label, as the form shows it, rather than its key (the rules'
    message names the option by its key, for the command line and the logs).

    >>> from scoring import InvalidOptions, find_game
    >>> pad = find_game("score-pad")
    >>> try:
    ...     pad.validate_options({"game_name": "", "players": 3})
    ... except InvalidOptions as e:
    ...     print(option_refusal(e, pad.options, "fr")); print(option_refusal(e, pad.options, "en"))
    Nom du jeu : un texte de 1 à 80 caractères, reçu “”
    Name of the game: must be a text of 1 to 80 characters, got “”
    """
    if isinstance(exc, InvalidOptions) and exc.problem is not None:
        opt = next((o for o in options if o.key == exc.option), None)
        if opt is not None:
            return t("skipped_line", lang, a=opt.label.get(lang), b=exc.problem.get(lang))
    return str(exc.get(lang)) if isinstance(exc, RulesError) else str(exc)


def defaults(fields: Sequence[Field], names: Sequence[str]) -> Values:
    """Each field's value when its form starts: its default, or what its kind's renderer starts from."""
    out: Values = {}
    for f in fields:
        start = f.default
        if start is None and (begin := renderer(f.kind).start) is not None:
            start = begin(f, names)
        if start is not None:
            out[f.key] = start
    return out


def field_control(f: Field, value: Any, names: Sequence[str], lang: str,
                  set_value: Callable[[Any], None]) -> ft.Control:
    """The field drawn by the renderer registered for its kind (:mod:`app.fields`)."""
    return renderer(f.kind).draw(f, value, names, lang, set_value)


def use_values(initial: Callable[[], Values], basis: object = None, draft: str | None = None) -> tuple[
        Values, Callable[[Values], None], Callable[[str, Any], None], Callable[[], Values]]:
    """Form state whose latest value is always readable (a ref holds it; a counter in state re-renders).

    ``basis``: what the form starts from (e.g. its defaults).  When it moves (another device's event
    changed a default), the values start afresh from ``initial()`` in the same render: the form stays
    the same controls, and Flet sends the new values as a patch instead of a whole new form.
    ``draft``: the key the values are kept under among the page's drafts (:mod:`app.drafts`), with the
    basis they started from: a form mounted afresh (a switch of language) starts from them, unless its
    basis has moved since.
    """
    kept = use_kept(draft, lambda: (basis, initial()))
    _count, set_count = ft.use_state(0)
    if kept.current[0] != basis:
        kept.current = (basis, initial())

    def set_values(new: Values) -> None:
        kept.current = (kept.current[0], new)
        set_count(lambda n: n + 1)

    def on_field(key: str, value: Any) -> None:
        set_values({**kept.current[1], key: value})

    return kept.current[1], set_values, on_field, lambda: dict(kept.current[1])


@component
def FieldsForm(fields: Sequence[Field], values: Values, names: Sequence[str], lang: str,
               on_field: Callable[[str, Any], None]) -> ft.Control:
    def setter(key: str) -> Callable[[Any], None]:
        return lambda v: on_field(key, v)

    controls = [field_control(f, values.get(f.key), names, lang, setter(f.key)) for f in fields]
    return ft.Row(controls, wrap=True, spacing=12, run_spacing=8)


def tr(text: Tr | None, lang: str) -> str:
    return "" if text is None else text.get(lang)


def in_order(actions: Iterable[Action]) -> list[Action]:
    """Actions as a screen lists them: the primary ones first, the occasional (folded) ones last."""
    return sorted(actions, key=lambda a: (not a.primary, a.folded))


def form_key(action: Action, names: Sequence[str]) -> str:
    """A key for an action's form: another action (or label) is another form.  A form whose starting
    values moved (another device's event changed a default) keeps its controls and starts afresh from
    the new values (:func:`use_values`' ``basis``): each device gets a patch of the values, not a new
    form; a form whose defaults did not move keeps what was half-typed in it."""
    return f"{action.type}|{action.label.fr}"


@component
def _ActionForm(action: Action, names: Sequence[str], lang: str,
               on_submit: Callable[[Values], Sent]) -> ft.Control:
    """One action card; ``on_submit`` gets ``{"type": ..., **values}`` and returns True when the
    event was recorded.  A refusal is said under the form's button, where it was tapped (a phone's banner is out
    of sight above a form far down), by the refused field's label (:func:`app.refusals.field_refusal`); it goes
    when the form is edited or sent, or starts afresh (another device's event moved its defaults)."""
    start = defaults(action.fields, names)
    # kept in the match's scope (app.drafts): a switch of language draws what was typed, until the next event
    key = draft_key("move", action.seat, action.type, action.label.fr)
    values, set_values, on_field, latest = use_values(lambda: defaults(action.fields, names), start, key)
    said, set_said = ft.use_state(("", start))  # the refusal, and the values the form started from when it came
    refused = said[0] if said[1] == start else ""

    def set_refused(text: str) -> None:
        set_said((text, start))

    def edit(key: str, value: Any) -> None:
        on_field(key, value)
        set_refused("")

    def submit(_e: ft.Event[ft.Button]) -> None:
        # The latest values, not this render's: a tap can arrive before the last keystroke re-rendered.
        sent = {"type": action.type, **latest()}
        answer = on_submit(sent)
        if answer:
            set_values(defaults(action.fields, names))
            set_refused("")
        elif isinstance(answer, Refusal) and (exc := answer.take()) is not None:  # said here, not in the banner
            set_refused(field_refusal(exc, (action,), sent, names, lang))

    # An occasional form opens under its label; folded, its fields are not built (nor sent to the page).
    opened, set_opened = use_draft(key and f"{key}|opened", not action.folded)
    body: list[ft.Control] = []
    if opened:
        if action.help:
            body.append(ft.Text(tr(action.help, lang), size=12, italic=True))
        if action.fields:  # its fields' own drafts (a painting's chosen card) in the form's scope
            body.append(DraftScope(key, lambda: FieldsForm(action.fields, values, names, lang, edit)))
        body.append((ft.Button if action.primary else ft.OutlinedButton)(action.label.get(lang), on_click=submit))
        if refused:  # a live region: a screen reader says it as it appears
            body.append(ft.Semantics(content=ft.Text(refused, color=ft.Colors.ERROR),
                                     live_region=True))
    if action.folded:
        return tile(title=ft.Text(action.label.get(lang)), controls=[ft.Column(body, spacing=8)] if body else [],
                    expanded=opened,
                    on_change=lambda e: set_opened(e.data in (True, "true")))
    if len(body) == 1 or (len(body) == 2 and refused and not action.fields and not action.help):
        return body[0] if len(body) == 1 else ft.Column(body, spacing=8)  # a lone button, and what it was told
    # The card as wide as its column, as the panels above it are: sized by its words, the table's "to do" card
    # changed width from one phase to the next (Robby Solo's declaration full width, its reveal a third narrower)
    return ft.Card(ft.Container(ft.Row([ft.Column(body, spacing=8, expand=True)]), padding=12),
                   semantic_container=False)


#: re-rendered only when its action, names, language or callback change (or its own state does)
ActionForm = ft.memo(_ActionForm)
