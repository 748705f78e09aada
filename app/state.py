"""Per-page UI state: one observable object, shared through a context.

Data itself lives in the database; screens read it during render and call
:meth:`AppState.changed` after writing, which re-renders every page showing it
(other browsers too, through ``page.pubsub``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import flet as ft

from app.i18n import t

if TYPE_CHECKING:  # the database layer is imported while the server starts (app.main.warm_up)
    from db.store import Store


@ft.observable
@dataclass
class AppState:
    store: Store
    lang: str = "fr"
    version: int = 0
    message: str = ""
    message_is_error: bool = False
    #: this browser runs on the host machine (or the network is trusted): all screens; else a guest phone
    host_device: bool = True
    broadcast: Callable[[Any], None] | None = field(default=None, repr=False)

    def t(self, key: str, **kw: object) -> str:
        return t(key, self.lang, **kw)

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        if self.host_device:  # a guest phone's choice is its own, not the host's saved default
            self.store.set_setting("lang", lang)

    def changed(self, topic: str = "data") -> None:
        """Data was written: re-render here and on every other connected page."""
        self.version += 1
        if self.broadcast is not None:
            self.broadcast(topic)

    def tell(self, message: str, error: bool = False) -> None:
        self.message, self.message_is_error = message, error


AppContext = ft.create_context(None)


def use_app() -> AppState:
    app = ft.use_context(AppContext)
    assert app is not None, "components must render inside App"
    return app  # type: ignore[no-any-return]
