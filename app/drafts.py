"""Drafts: what a person typed or chose in a form, kept for the page's session (on the server, never in the
database), so that a screen mounted afresh shows it again.

The layout keys each screen by its path, language and layout (:func:`app.layout.Layout`): a switch of language,
or a window crossing :data:`app.layout.RAIL_FROM`, mounts the screen afresh, and every ``ft.use_state`` in it
starts again.  :func:`use_draft` has ``ft.use_state``'s shape, and keeps its value in the page's
:class:`app.state.AppState` under a key naming the form and the value (``new:apaches:seats``): the new screen
draws it again, in the new language.  A form drops its drafts when it is sent (:meth:`AppState.drop_drafts`);
a match's move forms keep theirs in the match's scope (:data:`DraftScope`), dropped at each event of its log
(:func:`match_scope`), where the next turn's form may no longer fit them.

>>> drafts = {}
>>> kept = Kept(drafts, ["new:x:place", "Club"])
>>> kept.current = "Médiathèque"
>>> drafts
{'new:x:place': 'Médiathèque'}
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import flet as ft

from app.state import AppContext

T = TypeVar("T")

#: the scope of the move forms below it (``match:<id>``): their drafts' keys start with it; None keeps none
DraftScope = ft.create_context(None)


class Kept:
    """A ref whose value is kept among the page's drafts too (under ``key``; ``None``: nowhere)."""

    def __init__(self, drafts: dict[str, Any], held: list[Any]) -> None:
        self.drafts, self.held = drafts, held  # held: [key, value], the hook's own ref

    @property
    def current(self) -> Any:
        return self.held[1]

    @current.setter
    def current(self, value: Any) -> None:
        self.held[1] = value
        if self.held[0] is not None:
            self.drafts[self.held[0]] = value


def use_kept(key: str | None, initial: T | Callable[[], T]) -> Kept:
    """A ref (``.current``) that starts from the draft kept under ``key``, else from ``initial`` (kept at once: a
    random seed drawn here stays the same after a switch of language); another key starts it again."""
    app = ft.use_context(AppContext)
    # (None: a form drawn once more after its screen went, its state's last update: it keeps nothing more)
    drafts: dict[str, Any] = app.drafts if app is not None else {}
    held = ft.use_ref(None)
    if held.current is None or held.current[0] != key:
        if key is not None and key in drafts:
            value = drafts[key]
        else:
            value = initial() if callable(initial) else initial
        held.current = [key, value]
        if key is not None:
            drafts[key] = value
    return Kept(drafts, held.current)


def use_draft(key: str | None, initial: T | Callable[[], T]) -> tuple[T, Callable[[Any], None]]:
    """``ft.use_state`` whose value is kept among the page's drafts under ``key``: the setter takes a value or a
    function of the previous one, and redraws the component when the value changed."""
    kept = use_kept(key, initial)
    _count, redraw = ft.use_state(0)

    def set_draft(new: Any) -> None:
        value = new(kept.current) if callable(new) else new
        if value != kept.current:
            kept.current = value
            redraw(lambda n: n + 1)

    return kept.current, set_draft


def draft_key(*parts: object) -> str | None:
    """A key in the scope of the forms around (:data:`DraftScope`), or None outside any scope.  The scope is the one
    found when the component was first drawn: a later drawing of its own (its state changed) may no longer find
    its parents' context (Flet keeps them by weak reference), and a key that changed would start it afresh."""
    found = ft.use_context(DraftScope)
    scope = ft.use_ref(None)
    if found is not None:
        scope.current = found
    return None if scope.current is None else "|".join(str(p) for p in (scope.current, *parts))


def match_scope(app: Any, match_id: int, position: int) -> str:
    """The scope of a match's move forms (``match:<id>``), whose drafts are dropped when the match's log has moved
    (``position``: its length; an event recorded here or elsewhere, or undone): the next turn's forms start
    from their own defaults.

    >>> from app.state import AppState
    >>> app = AppState(store=None)
    >>> scope = match_scope(app, 3, 5)
    >>> app.drafts[f"{scope}|move|None|round|Manche 1"] = ({}, {"points": [4, 2]})
    >>> match_scope(app, 3, 5) and len(app.drafts)  # the same place in the log: kept
    2
    >>> match_scope(app, 3, 6) and app.drafts  # an event since: dropped
    {'match:3|at': 6}
    """
    scope = f"match:{match_id}"
    if app.drafts.get(f"{scope}|at") != position:
        app.drop_drafts(f"{scope}|")
        app.drafts[f"{scope}|at"] = position
    return scope
