"""Flet's per-event work that depends on nothing but the control's class, done once per class.

Flet 1.0.5 looks up the payload type of an event handler (``on_click: ControlEventHandler[...]``) at
every event it dispatches: it walks the control's classes, turns every annotation into text and
evaluates forward references (``flet.controls.control_event.get_event_field_type``).  Measured with
py-spy on a match screen with seven pages, that was 12 % of the server's loop, more than half of each
tap's own handling.  The answer depends only on the control's class and the handler's name:
:func:`install` keeps it per (class, name).

The cached function runs with the globals of ``flet.controls.base_control`` (where Flet calls it), so
that the first lookup of each pair resolves its forward references exactly as Flet's own call does.

Flet's web transport also writes every message it sends into a debug line before it knows whether anyone
logs at that level (``transport_log.debug(f"send_message: {message}")``): a patch becomes the text of every
control in it, a third of the cost of sending it.  :func:`install` has it send the same bytes without that
line unless debug logging is on.  And three of Flet's loggers that say nothing but debug lines (its diff,
its components and its controls: thousands of calls per event, each a call and a level check) get a
``debug`` that does nothing, unless debug logging was on when the server started.

Flet's diff and its encoder ask ``dataclasses.is_dataclass`` of every value they compare or send (a
scalar as much as a control), and ``dataclasses.fields`` of every control they configure: py-spy on a
table of six pages, ``is_dataclass`` alone was 4 % of the server's loop.  Both answers depend on the
value's class only (a class is asked of itself, as ``dataclasses`` does): :func:`install` has the diff,
the encoder and the session look them up once per class (:func:`is_dataclass`, :func:`fields`).

>>> from dataclasses import dataclass
>>> @dataclass
... class Point:
...     x: int = 0
>>> is_dataclass(Point()), is_dataclass(Point), is_dataclass(3), is_dataclass(int), is_dataclass(None)
(True, True, False, False, False)
>>> [f.name for f in fields(Point())] == [f.name for f in fields(Point)] == ["x"]
True
"""

from __future__ import annotations

import dataclasses
import logging
import types
from typing import Any

#: Flet 1.0.5's loggers that log at debug level only
QUIET = ("flet_object_patch", "flet_components", "flet_controls")

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


_SEND = '''
def send_message(self, message):
    if transport_log.isEnabledFor(logging.DEBUG):
        transport_log.debug(f"send_message: {message}")
    body = msgpack.packb([message.action, message.body], default=configure_encode_object_for_msgpack(BaseControl))
    self._FletApp__send_queue.put_nowait(b"\\x00" + body)
'''


_is_dataclass: dict[type, bool] = {}
_fields: dict[type, tuple[dataclasses.Field[Any], ...]] = {}


def is_dataclass(obj: object) -> bool:
    """``dataclasses.is_dataclass(obj)``, kept per class of ``obj`` (never for a class itself: its answer
    is its own, so no metaclass is ever a key)."""
    cls = type(obj)
    try:
        return _is_dataclass[cls]
    except KeyError:
        pass
    if isinstance(obj, type):
        return dataclasses.is_dataclass(obj)
    found = _is_dataclass[cls] = dataclasses.is_dataclass(cls)
    return found


def fields(obj: Any) -> tuple[dataclasses.Field[Any], ...]:
    """``dataclasses.fields(obj)`` (a tuple, never changed), kept per class of ``obj``."""
    if isinstance(obj, type):
        return dataclasses.fields(obj)
    cls = type(obj)
    try:
        return _fields[cls]
    except KeyError:
        found = _fields[cls] = dataclasses.fields(obj)
        return found


#: ``dataclasses`` as Flet's diff and session see it once installed: the same module but for the two
#: lookups above
FAST_DATACLASSES = types.SimpleNamespace(**{**vars(dataclasses), "is_dataclass": is_dataclass, "fields": fields})


def _nothing(*_args: object, **_kw: object) -> None:
    """What a quiet logger's ``debug`` does."""


def install() -> None:
    """Have Flet's event dispatch look each (control class, handler) pair's payload type up once, and its
    transport send a message without first writing it as text.  Installed once, before serving (a second
    call changes nothing)."""
    from flet.controls import base_control, object_patch
    from flet.messaging import protocol, session
    from flet_web.fastapi import flet_app

    object_patch.dataclasses = session.dataclasses = FAST_DATACLASSES  # type: ignore[assignment]
    protocol.is_dataclass, protocol.fields = is_dataclass, fields  # type: ignore[assignment]

    for name in QUIET:
        logger = logging.getLogger(name)
        if not logger.isEnabledFor(logging.DEBUG):
            logger.debug = _nothing  # type: ignore[method-assign]
    transport: dict[str, Any] = vars(flet_app)
    if "_compagnon_send_message" not in transport:
        exec(_SEND, transport)  # noqa: S102 - a fixed function, defined among Flet's own globals
        transport["_compagnon_send_message"] = flet_app.FletApp.send_message
        flet_app.FletApp.send_message = transport["send_message"]

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
