"""How a form draws a field: one renderer per :attr:`scoring.Field.kind`, found in a registry.

The generic forms (:mod:`app.forms`) never import a game's widget: they ask :func:`renderer` for the
field's kind.  Each module of this package registers the kinds it draws when it is imported
(:mod:`app.fields.basic`: ``int``, ``bool``, ``text``, ``notes``, ``choice``, ``seat``, ``seats``, ``ints``;
:mod:`app.fields.painting`: Les apprentis' ``painting`` grid).  :func:`load` imports them, once, the
first time a form asks, and then the ``widgets`` module of every registered game's package that has
one: a game living elsewhere (``COMPAGNON_GAMES``) brings its own renderers the same way, with
:func:`register` (and, for its score sheet, :func:`register_review`).
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import flet as ft

from scoring import Field
from scoring.core import registry

#: draws one field: (field, its value, the seats' names, the language, the setter of its value)
Draw = Callable[[Field, Any, Sequence[str], str, Callable[[Any], None]], ft.Control]
#: a field's value when the form starts and the field has no default: (field, the seats' names)
Start = Callable[[Field, Sequence[str]], Any]
#: the score sheet's extra views: (the sheet, the match's final state, the language) → controls
Review = Callable[[dict[str, Any], Any, str], list[ft.Control]]


@dataclass(frozen=True)
class Renderer:
    draw: Draw
    start: Start | None = None


_RENDERERS: dict[str, Renderer] = {}
_REVIEWS: list[Review] = []
_loaded: set[str] = set()
_lock = threading.Lock()


def register(kind: str, start: Start | None = None) -> Callable[[Draw], Draw]:
    """Decorator: ``draw`` draws the fields of ``kind`` (``start``: their value when the form starts)."""

    def add(draw: Draw) -> Draw:
        _RENDERERS[kind] = Renderer(draw, start)
        return draw

    return add


def register_review(review: Review) -> Review:
    """Decorator: ``review`` adds its controls under every score sheet (returning [] when it has none)."""
    if review not in _REVIEWS:
        _REVIEWS.append(review)
    return review


def load() -> None:
    """Import this package's renderers and each registered game's ``widgets`` module (once each)."""
    modules = [f"{__name__}.{info.name}" for info in pkgutil.iter_modules(__path__)]
    for slug in registry.slugs():
        package = registry.package(slug)
        if f"{package}.widgets" not in _loaded and importlib.util.find_spec(package) is not None:
            if importlib.util.find_spec(f"{package}.widgets") is not None:
                modules.append(f"{package}.widgets")
    with _lock:
        for name in modules:
            if name not in _loaded:
                importlib.import_module(name)
                _loaded.add(name)


def renderer(kind: str) -> Renderer:
    """The renderer of ``kind``; a kind no renderer knows is drawn as a whole number's box."""
    if kind not in _RENDERERS:
        load()
    return _RENDERERS.get(kind) or _RENDERERS["int"]


def reviews() -> list[Review]:
    load()
    return list(_REVIEWS)
