"""Per-page UI state: one observable object, shared through a context.

Data itself lives in the database; screens read it during render (through :func:`use_data`) and
call :meth:`AppState.changed` after writing, which re-renders every page showing it (other
browsers too, through :func:`app.shared.this_server_wrote`).

The data version is an observable of its own (:class:`DataVersion`), apart from the language; so is
the message said above the screen (:class:`Notice`): a write re-renders only the screens that read the
database, each once, and a message only its banner, not the whole page from its root (``App`` and
``Layout`` watch ``AppState`` and would re-render, and diff, everything below them).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import flet as ft

from app import shared
from app.i18n import t

if TYPE_CHECKING:  # the database layer is imported while the server starts (app.main.warm_up)
    from db.store import Sender, Store


@ft.observable
@dataclass
class DataVersion:
    """Bumped when the database changed; watched only by the screens that read it (:func:`use_data`)."""

    value: int = 0


@ft.observable
@dataclass
class Notice:
    """The last message said to this page (a refusal, an undo…); watched only by its banner."""

    message: str = ""
    is_error: bool = False
    #: the message was said on the way to another screen: the next route change keeps it
    follows: bool = False


@ft.observable
@dataclass
class AppState:
    store: Store
    lang: str = "fr"
    data: DataVersion = field(default_factory=DataVersion, repr=False)
    notice: Notice = field(default_factory=Notice, repr=False)
    #: this browser is the host (it showed the host key, or runs on a loopback-only server's machine, or
    #: the network is trusted): all screens; else a guest phone
    host_device: bool = True
    #: the host key this browser showed (checked again by the store at every write)
    host_key: str = field(default="", repr=False)
    #: this browser is the host without a key (see :func:`app.net.is_host_device`)
    local: bool = field(default=False, repr=False)
    #: takes a route that carries the host link (set by :func:`app.main.host_rights`)
    claim_host: Callable[[str], None] | None = field(default=None, repr=False)
    #: tells the other pages: ``broadcast((topic, match_id))`` (``match_id`` None: not one match's data)
    broadcast: Callable[[Any], None] | None = field(default=None, repr=False)
    #: this browser's own storage (the theme, the host key): one service per page, made before the page's
    #: first drawing (:func:`app.main.main`), so that it goes out with the page and stays; a service made at
    #: each use was sent on its own after the first screen, and its removal with the next tap's answer
    prefs: Any = field(default=None, repr=False)
    #: the route the screen shows (each route change the browser reports, and :meth:`go`); private names
    #: (``_``) notify nobody (Flet's observable)
    _route: str = field(default="/", init=False, repr=False)
    #: the last refusal said (:meth:`refuse`), until the form that sent it takes it (:meth:`take_refusal`)
    _refused: Exception | None = field(default=None, init=False, repr=False)
    #: draws a route at once (set by :func:`app.layout.App`)
    _show: Callable[[str], None] | None = field(default=None, init=False, repr=False)
    #: the routes :meth:`go` drew whose change the browser has not reported yet, each with when
    _pushed: list[tuple[str, float]] = field(default_factory=list, init=False, repr=False)
    #: what this page's forms hold, by form and value (:mod:`app.drafts`): kept while the page lives
    _drafts: dict[str, Any] = field(default_factory=dict, init=False, repr=False)

    @property
    def drafts(self) -> dict[str, Any]:
        """What this page's forms hold (:func:`app.drafts.use_draft`), by key: a screen mounted afresh draws it."""
        return self._drafts

    def drop_drafts(self, prefix: str) -> None:
        """Forget the drafts whose key starts with ``prefix`` (a form sent: it starts afresh next time)."""
        for key in [k for k in self._drafts if k.startswith(prefix)]:
            del self._drafts[key]

    def storage(self) -> Any:
        """This browser's own storage (``ft.SharedPreferences``), made on first use if :attr:`prefs` is unset."""
        if self.prefs is None:
            self.prefs = ft.SharedPreferences()
        return self.prefs

    @property
    def sender(self) -> Sender:
        """Who this page is when it writes as the host (the store checks it at every write)."""
        from db.store import GUEST, Sender

        if not self.host_device:
            return GUEST
        return Sender(host_key=self.host_key, local=self.local)

    def t(self, key: str, **kw: object) -> str:
        return t(key, self.lang, **kw)

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        if self.host_device:  # a guest phone's choice is its own, not the host's saved default
            self.store.set_setting("lang", lang)

    def changed(self, topic: str = "data", match_id: int | None = None) -> None:
        """Data was written: re-render here and on every other connected page that shows it (a page on
        another match's screens skips a match's news; ``match_id`` None reaches every page)."""
        self.data.value += 1
        self.tell_others(topic, match_id)

    def tell_others(self, topic: str, match_id: int | None = None) -> None:
        """Something was written: the other pages re-read it (what :mod:`app.shared` kept is dropped first)."""
        shared.written(match_id)
        if self.broadcast is not None:
            self.broadcast((topic, match_id))

    def refuse(self, exc: Exception) -> None:
        """Show a refusal (a rule error or the history's) in this page's language."""
        self.tell(error_text(exc, self.lang), error=True)
        self._refused = exc

    def take_refusal(self) -> Exception | None:
        """The refusal :meth:`refuse` just said, taken from the banner by the form whose event it refused, to say
        it beside itself (:func:`app.refusals.field_refusal`): said once, where it was sent from.  ``None`` when
        another message has been said since."""
        exc, self._refused = self._refused, None
        if exc is not None and self.notice.is_error and self.notice.message == error_text(exc, self.lang):
            self.tell("")
        return exc

    def tell(self, message: str, error: bool = False, follows: bool = False) -> None:
        """Show ``message`` above the screen (``follows``: said just before going to another screen,
        it is shown there; otherwise a message belongs to the screen it was said on)."""
        notice = self.notice  # an unchanged field notifies nobody
        self._refused = None  # another message: no form takes the last refusal any more
        notice.message, notice.is_error, notice.follows = message, error, follows

    @property
    def message(self) -> str:
        return self.notice.message

    def left_screen(self) -> None:
        """The route changed: drop the last screen's message, unless it was said for the new one."""
        if self.notice.follows:
            self.notice.follows = False
        elif self.notice.message:
            self.tell("")

    @property
    def route(self) -> str:
        """The route the screen shows."""
        return self._route

    def go(self, route: str) -> None:
        """Open ``route`` after a tap: the new screen goes out with the tap's answer, and the browser's address
        and history follow (Flet's ``push_route``).  ``page.navigate`` alone asked the browser to change its
        route, which then told the server, which drew the screen: two trips over the network (the History's
        patch reached the page 100 ms after the tap's message, now 28: docs/benchmarks-details.md)."""
        page = ft.context.page
        if self._show is not None and route != self._route:
            self._pushed = [*self._pushed[-(PUSHED_KEPT - 1):], (route, time.monotonic())]
            self._show(route)
        page.navigate(route)

    def shown(self, route: str) -> None:
        """The screen now shows ``route`` (drawn by :meth:`go`, or for a route change of the browser)."""
        self.left_screen()
        self._route = route

    def reported(self, route: str) -> bool:
        """The browser reports that its route is now ``route``: whether :meth:`go` drew it already (it and
        the routes drawn before it are then forgotten).  A report that never came (a device that lost its
        connection meanwhile) is forgotten after :data:`PUSHED_WAIT_S`: a later return to that route by the
        browser's Back button is drawn."""
        now = time.monotonic()
        pushed = [(r, at) for r, at in self._pushed if now - at < PUSHED_WAIT_S]
        for i, (r, _at) in enumerate(pushed):
            if r == route:
                self._pushed = pushed[i + 1:]
                return True
        self._pushed = pushed
        return False


@dataclass(frozen=True)
class Refusal:
    """What a form's send answers when the event it sent is refused: false, as a refused send always answered, and
    the refusal, said in the banner (:meth:`AppState.refuse`) until the form that sent the event takes it from
    there (:meth:`take`) to say it beside itself."""

    exc: Exception
    app: AppState

    def __bool__(self) -> bool:
        return False

    def take(self) -> Exception | None:
        """The refusal, taken from the banner (``None``: another message was said since)."""
        return self.app.take_refusal()


#: what a send answers: True when the event was recorded, else false (a :class:`Refusal` when it was refused)
Sent = bool | Refusal


#: seconds :meth:`AppState.reported` waits for the browser to report a route :meth:`AppState.go` drew
PUSHED_WAIT_S = 10.0
#: routes drawn by :meth:`AppState.go` and not reported yet, kept at most (taps in quick succession)
PUSHED_KEPT = 8


AppContext = ft.create_context(None)


def use_app() -> AppState:
    app = ft.use_context(AppContext)
    assert app is not None, "components must render inside App"
    return app  # type: ignore[no-any-return]


def use_data() -> AppState:
    """:func:`use_app` for a screen that reads the database: it re-renders when data changes."""
    app = use_app()
    # An observable kept in state subscribes this component (and only it) to its changes.
    data, _set = ft.use_state(app.data)
    _ = data.value
    return app


def error_text(exc: Exception, lang: str) -> str:
    """A refusal in ``lang``: the rule engines' and the history's errors carry both languages."""
    get = getattr(exc, "get", None)
    return str(get(lang)) if callable(get) else str(exc)


def sentence(exc: Exception, lang: str) -> str:
    """A refusal said on its own, as a sentence: a capital first, a full stop last.

    >>> from db.errors import LogUnreadable
    >>> sentence(LogUnreadable(7, 3, "take"), "en")
    "Match #7's log no longer replays with this version of Compagnon: its event 3 (take) is refused."
    """
    said = error_text(exc, lang).strip().rstrip(".")
    return f"{said[:1].upper()}{said[1:]}."
