"""Two panes on a wide window: :data:`WideContext` (set by :func:`app.layout.Layout`) and
:func:`two_panes`, for a screen with two natural parts; :func:`group`, for a part that comes and goes.
A module of its own, light: the page's frame imports it before the server starts."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

#: True while the screen is drawn in two panes (a wide window: :data:`app.layout.RAIL_FROM`)
WideContext = ft.create_context(False)


def two_panes(left: Sequence[ft.Control], right: Sequence[ft.Control], spacing: int = 12) -> list[ft.Control]:
    """Two natural parts of a screen: side by side on a wide window, one under the other on a phone.
    Call it while rendering a component (it reads :data:`WideContext`).

    Side by side, each pane scrolls on its own (the right one keeps the match's clocks in sight while the
    left one is scrolled down to a form): the row fills the height it is given, so the screen's body must not
    scroll itself (:data:`app.layout.OWN_SCROLL`)."""
    if not ft.use_context(WideContext):
        return [*left, *right]
    return [ft.Row([pane(left, spacing, 3), pane(right, spacing, 2)],
                   spacing=12, expand=True, vertical_alignment=ft.CrossAxisAlignment.STRETCH)]


def pane(items: Sequence[ft.Control], spacing: int, share: int) -> ft.Control:
    """One of :func:`two_panes`' panes: its own scroll, and a margin on the right for its scroll bar."""
    return ft.Column([ft.Container(ft.Column(list(items), spacing=spacing), padding=ft.Padding.only(right=12))],
                     expand=share, scroll=ft.ScrollMode.AUTO)


def group(items: Sequence[ft.Control], spacing: int = 12) -> list[ft.Control]:
    """``items`` in a column of their own, as one item of the screen's list (none when ``items`` is empty).

    Flet's web client draws a control that changes afresh with everything under it: a list that gains or
    loses an item rebuilds every item's widgets, however deep.  A panel, a countdown or a form that comes and
    goes is therefore grouped with a few cheap neighbours (the header with the countdown, the panels apart
    from the forms), so that the screen's own list keeps its length and the rest of the screen is left as it
    was drawn: a Robby Solo declaration's frame on a phone-size host page went from 146-225 ms of the page's
    main thread to 112-121 ms (docs/benchmarks-details.md)."""
    return [ft.Column(list(items), spacing=spacing)] if items else []
