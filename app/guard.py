"""Components that cannot freeze a page: ``@component`` is ``@ft.component`` with its body guarded.

Flet 1.0.5 re-renders a component from its session's update loop, and an exception raised there
ends that loop without a word: the page simply stops updating.  A guarded component logs the
exception with its traceback (the browser tests fail on any traceback in the server's log) and
draws a short error in its own place instead (where, and the kind of error: not its message, which a device
must not receive); the rest of the page, and its next render, go on.

>>> import logging; logging.disable(logging.CRITICAL)
>>> box = guard(lambda: 1 // 0)()
>>> logging.disable(logging.NOTSET)
>>> box.content.value
'⚠ <lambda>: ZeroDivisionError'
>>> guard(lambda x: x + 1)(1)
2
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any, TypeVar

import flet as ft

log = logging.getLogger("compagnon")
F = TypeVar("F", bound=Callable[..., Any])


def error_box(where: str, error: Exception) -> ft.Control:
    """What a component that failed shows: where, and the kind of error; not its message, which may quote any
    value the component held, a secret of the state among them (the log has the message and the traceback)."""
    return ft.Container(
        ft.Text(f"⚠ {where}: {type(error).__name__}", color=ft.Colors.ON_ERROR_CONTAINER, selectable=True),
        bgcolor=ft.Colors.ERROR_CONTAINER, padding=8, border_radius=8,
        tooltip="Erreur d'affichage (détails dans le journal du serveur) / display error (see the server log)")


def guard(fn: F) -> F:
    """``fn`` that returns :func:`error_box` instead of raising (after logging the traceback)."""

    @functools.wraps(fn)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except Exception as e:  # noqa: BLE001 - anything, or the page freezes
            log.exception("could not draw %s", fn.__qualname__)
            return error_box(fn.__name__, e)

    return guarded  # type: ignore[return-value]


def component(fn: F) -> F:
    """``@ft.component``, guarded (see the module's doc)."""
    return ft.component(guard(fn))
