"""Flet's per-event work that depends on nothing but the control's class, done once per class.

Flet 1.0.5 looks up the payload type of an event handler (``on_click: ControlEventHandler[...]``) at
every event it dispatches: it walks the control's classes, turns every annotation into text and
evaluates forward references (``flet.controls.control_event.get_event_field_type``).  Measured with
py-spy on a match screen with seven pages, that was 12 % of the server's loop, more than half of each
tap's own handling.  The answer depends only on the control's class and the handler's name:
:func:`install` keeps it per (class, name).

The cached function runs with the globals of ``flet.controls.base_control`` (where Flet calls it), so
that the first lookup of each pair resolves its forward references exactly as Flet's own call does.
"""

from __future__ import annotations

from typing import Any

_SOURCE = '''
def get_event_field_type(control, field_name):
    key = (type(control), field_name)
    try:
        return _compagnon_event_types[key]
    except KeyError:
        pass
    found = _compagnon_original(control, field_name)
    _compagnon_event_types[key] = found
    return found
'''


def install() -> None:
    """Have Flet's event dispatch look each (control class, handler) pair's payload type up once.
    Installed once, before serving (a second call changes nothing)."""
    from flet.controls import base_control

    if "_compagnon_original" in vars(base_control):
        return
    namespace: dict[str, Any] = vars(base_control)
    namespace["_compagnon_original"] = base_control.get_event_field_type
    namespace["_compagnon_event_types"] = {}
    exec(_SOURCE, namespace)  # noqa: S102 - a fixed function, defined among Flet's own globals


def event_types() -> dict[tuple[type, str], Any]:
    """What :func:`install` has kept so far (for tests)."""
    from flet.controls import base_control

    kept: dict[tuple[type, str], Any] = vars(base_control).get("_compagnon_event_types", {})
    return kept
