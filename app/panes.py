"""Two panes on a wide window: :data:`WideContext` (set by :func:`app.layout.Layout`) and
:func:`two_panes`, for a screen with two natural parts.  A module of its own, light: the page's frame
imports it before the server starts."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

#: True while the screen is drawn in two panes (a wide window: :data:`app.layout.RAIL_FROM`)
WideContext = ft.create_context(False)


def two_panes(left: Sequence[ft.Control], right: Sequence[ft.Control], spacing: int = 12) -> list[ft.Control]:
    """Two natural parts of a screen: side by side on a wide window, one under the other on a phone.
    Call it while rendering a component (it reads :data:`WideContext`)."""
    if not ft.use_context(WideContext):
        return [*left, *right]
    return [ft.Row([ft.Column(list(left), spacing=spacing, expand=3),
                    ft.Column(list(right), spacing=spacing, expand=2)],
                   spacing=24, vertical_alignment=ft.CrossAxisAlignment.START)]
