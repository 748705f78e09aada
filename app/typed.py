"""What a device types reaches its handler before any render can take it back.

Flet 1.0.5's web client sends each keystroke in a text field as two messages: the field's new value
(``update_control_props``) and then its ``change`` event.  The server applies the value at once, as it
reads the message, but runs the event later, in a task of its own.  A render already due in between (the
previous keystroke's, on a busy server) then draws the field from the screen's state, which has not heard
of the new keystroke yet: Flet's diff sees the field's value go back, sends the old text to the device, and
the keystroke's own handler reads that old text from the field.  A letter, a whole name or a typed number
is lost, at random, only when the server is loaded (CI's busiest minute lost a "9" typed into a stepper's
box; a name lost from "Ajouter un joueur" later proved to be keystrokes that never reached Flutter's field).

:func:`install` keeps a device's property updates of a control until the next event the device sends
(that control's ``change``, or a tap that reads the field): a render in between still sees the value the
screen last drew, so it sends nothing back, and the handler then reads what was typed.  The page's own
properties (its size, its route, its theme) are still applied at once: a render needs them and no
handler of the screen's state draws them back.

Installed once, before serving (a window on the desktop as much as a browser); a second call changes
nothing.  A tap that :func:`app.main.refuse_lost_taps` refuses reaches no handler: what came before it
waits for the device's next event.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_PENDING = "_compagnon_pending_props"
#: property updates kept at most per page: a device that sends values and never an event (a field typed
#: into and never left, for hours) has its oldest ones applied as they came, as Flet did
KEEP_AT_MOST = 200
#: Flet's own ``Session.apply_patch`` and ``Session.dispatch_event``, once :func:`install` replaced them
ORIGINAL: dict[str, Callable[..., Any]] = {}


def deferred(session: Any) -> list[tuple[int, dict[str, Any]]]:
    """The property updates of ``session`` kept for its next event, oldest first."""
    pending: list[tuple[int, dict[str, Any]]] | None = getattr(session, _PENDING, None)
    if pending is None:
        pending = []
        setattr(session, _PENDING, pending)
    return pending


def install() -> None:
    from flet.messaging.session import Session

    if getattr(Session.apply_patch, "compagnon", False):
        return
    apply_now: Callable[..., None] = Session.apply_patch
    dispatch: Callable[..., Any] = Session.dispatch_event

    def apply_patch(self: Session, control_id: int, patch: dict[str, Any]) -> None:
        page = self.page
        if page is not None and control_id == page._i:
            apply_now(self, control_id, patch)
        else:
            pending = deferred(self)
            pending.append((control_id, patch))
            while len(pending) > KEEP_AT_MOST:
                apply_now(self, *pending.pop(0))

    def flush(self: Session) -> None:
        pending = deferred(self)
        while pending:
            control_id, patch = pending.pop(0)
            apply_now(self, control_id, patch)

    async def dispatch_event(self: Session, control_id: int, event_name: str, event_data: object) -> None:
        flush(self)
        await dispatch(self, control_id, event_name, event_data)

    apply_patch.compagnon = True  # type: ignore[attr-defined]
    ORIGINAL.update(apply_patch=apply_now, dispatch_event=dispatch)
    Session.apply_patch = apply_patch  # type: ignore[method-assign]
    Session.dispatch_event = dispatch_event  # type: ignore[method-assign]
