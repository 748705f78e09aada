"""What a player's phone shows: one seat's private view (``/seat/<match>/<token>``), or the table's
public view with the free seats it may ask for (``/table/<match>``).

A phone never renders anything of another seat: its controls are built from the public panels and
its own seat's panels and private actions only, so no other secret is ever sent to it.
"""

from __future__ import annotations

import secrets as _secrets
from typing import Any

import flet as ft

from app import shared
from app.drafts import DraftScope, match_scope
from app.forms import ActionForm, Values, form_key, in_order
from app.guard import component
from app.i18n import t
from app.layout import use_wake_lock
from app.net import LOBBY, SeatRequest
from app.panes import group
from app.screens.home import emblem
from app.shared import load_match, seat_links
from app.state import AppState, Refusal, Sent, use_app, use_data
from app.timer_view import Timers, now_ms, shows_timers
from app.widgets import panel_cards, section
from db.errors import LogUnreadable
from db.store import LoadedMatch, Sender, StoreError
from scoring import Action, Game, Panel, RulesError
from scoring.core import timers as tm


@component
def _Header(slug: str, title: str, subtitle: str) -> ft.Control:
    return ft.Row([emblem(slug, 40), ft.Column([
        ft.Text(title, size=20, weight=ft.FontWeight.BOLD),
        ft.Text(subtitle, size=14, weight=ft.FontWeight.W_500)], spacing=0, expand=True)])


#: drawn once: an event at the table does not draw the phone's header again
Header = ft.memo(_Header)


def _header(m: LoadedMatch, lang: str, subtitle: str) -> ft.Control:
    """The match by its game's name (a score pad's: the game it names), never by its row id: ids are
    counted, and would tell a phone how many matches this server has seen."""
    return Header(m.game.slug, str(m.options.get("game_name") or m.game.name.get(lang)), subtitle)


def _match_id(app: AppState, code: str) -> int:
    """The id of the match a phone's link names by its code (-1: none; a row id is no code)."""
    found = shared.match_of_code(app.store, code)
    return -1 if found is None else found


def _load(app: AppState, match_id: int) -> LoadedMatch | LogUnreadable | None:
    """The match a phone's link names; its :class:`LogUnreadable` when its log no longer replays and it is still
    in play (a phone at its table is told so; over or abandoned, the link opens nothing, as for any match)."""
    try:
        return load_match(app, match_id) if match_id >= 0 else None
    except LogUnreadable as exc:
        try:
            return exc if app.store.load(match_id, replay=False).status == "in_progress" else None
        except (ValueError, StoreError):
            return None
    except (ValueError, StoreError):
        return None


def _sender(app: AppState, match_id: int, who: Sender) -> Any:
    """How a seat's phone sends its events: as its seat link (``who``), which the store checks again."""
    def send(action: Values) -> Sent:
        try:
            app.store.record(match_id, {**action, "at": action.get("at", now_ms())}, who)
        except (RulesError, StoreError) as exc:
            app.refuse(exc)
            return Refusal(exc, app)
        app.tell("")
        app.changed(match_id=match_id)
        return True
    return send


def public_clocks(m: LoadedMatch, lang: str) -> list[ft.Control]:
    """The countdowns everybody sees (without buttons: timers are the host's), or none; grouped with the
    header by the screens (:func:`app.panes.group`), so that a countdown that comes or goes redraws the header
    alone, not the panels."""
    game, state = m.game, m.state
    names = tuple(state.get("names", m.names))
    timers = state.get("timers", {})
    if game.finished(state) or not shows_timers(game.phases, timers, names):
        return []
    return [Timers(tuple(game.phases), timers, names, lang, None, key="timers")]


def public_view(m: LoadedMatch, lang: str) -> ft.Control:
    """What everybody may see besides the countdowns: the public panels."""
    return PublicView(tuple(p for p in shared.panels(m, None) if p.seat is None), lang, key="public")


@component
def _PublicView(panels: tuple[Panel, ...], lang: str) -> ft.Control:
    return ft.Column(panel_cards(panels, lang), spacing=12)


#: re-rendered only when a public panel or the language changes: a seat's own event leaves it
PublicView = ft.memo(_PublicView)


def seat_content(game: Game, state: dict[str, Any], seat: int) -> tuple[list[Panel], list[Action]]:
    """What a seat's phone shows of its own: its private panels, and the actions the game offers that seat's
    phone (``Game.actions(state, seat)``: its secrets, and its own public moves, a score-pad round score, a
    transfer it gives...), each marked as that seat's; nothing of another seat."""
    return ([p for p in game.panels(state, seat) if p.seat == seat],
            [a for a in game.actions(state, seat) if a.seat == seat])


def _bad_link(app: AppState, m: object = None) -> ft.Control:
    """What a phone sees of a link that opens nothing: a forged or revoked one, a match that does not exist,
    or one that is over or abandoned (a phone learns neither its sheet nor whether it exists); or, for a match
    in play whose log no longer replays (``m``: its :class:`LogUnreadable`), that it cannot be shown here
    (its reason, an event's place and type, is the host's to read)."""
    unreadable = isinstance(m, LogUnreadable)
    icon = ft.Icons.ERROR_OUTLINE if unreadable else ft.Icons.LINK_OFF
    return ft.Card(ft.Container(ft.Row([ft.Icon(icon, color=ft.Colors.ERROR),
                                        ft.Text(app.t("table_unreadable" if unreadable else "bad_link"),
                                                expand=True)]), padding=12))


def my_timers(m: LoadedMatch | None, seat: int | None) -> list[str]:
    """The seat's own countdowns that are running now."""
    if m is None or seat is None:
        return []
    return [k for k, v in m.state.get("timers", {}).items()
            if k.endswith(f":{seat}") and tm.running(v) and not tm.expired(v, now_ms())]


def use_buzz(running: bool) -> None:
    """The phone buzzes once when this seat's own countdown starts (a hook: runs at every render)."""
    haptic = ft.use_ref(None)
    if running and haptic.current is None:
        try:  # Flutter's web engine maps it to navigator.vibrate: a phone that allows it buzzes
            haptic.current = ft.HapticFeedback()
        except Exception:  # noqa: BLE001 - no vibration is no reason to lose the screen
            haptic.current = False

    async def buzz() -> None:
        if running and haptic.current:
            try:
                await haptic.current.vibrate()
            except Exception:  # noqa: BLE001
                pass

    ft.use_effect(buzz, [running])


@component
def _SeatPrivate(panels: tuple[Panel, ...], actions: tuple[Action, ...], names: tuple[str, ...], lang: str,
                 send: Any) -> ft.Control:
    """A seat's own panels and forms (``Game.panels``/``actions`` for that seat alone)."""
    private: list[ft.Control] = panel_cards(panels, lang)
    # Someone else's event does not wipe a half-typed order (see form_key).
    private += [ActionForm(a, names, lang, send, key=form_key(a, names)) for a in in_order(actions)]
    if not private:
        private.append(ft.Text(t("nothing_to_do", lang), italic=True))
    return ft.Container(section(t("your_secrets", lang), private), padding=12, border_radius=12,
                        bgcolor=ft.Colors.TERTIARY_CONTAINER)


#: re-rendered only when this seat's own panels or forms change: another seat's secret leaves it as it was
SeatPrivate = ft.memo(_SeatPrivate)


def seat_body(app: AppState, m: LoadedMatch, seat: int, running: bool, send: Any) -> list[ft.Control]:
    """A seat's phone: its header, its own countdown's alert and the countdowns, its secrets and forms, then the
    public panels, each a memoised part: an event redraws only the parts whose content it changed."""
    lang = app.lang
    names = tuple(m.state.get("names", m.names))
    head: list[ft.Control] = [_header(m, lang, app.t("your_seat", a=names[seat]))]
    if running:
        head.append(ft.Container(ft.Row([ft.Icon(ft.Icons.TIMER, color=ft.Colors.ON_ERROR),
                                         ft.Text(app.t("your_time"), color=ft.Colors.ON_ERROR, size=16,
                                                 weight=ft.FontWeight.BOLD)]),
                                 bgcolor=ft.Colors.ERROR, padding=12, border_radius=8))
    own_panels, own_actions = seat_content(m.game, m.state, seat)
    return [*group([*head, *public_clocks(m, lang)]),
            SeatPrivate(tuple(own_panels), tuple(own_actions), names, lang, send, key="private"),
            public_view(m, lang)]


def seat_of(app: AppState, match_id: int, token: str, opened: Any, who: str = "") -> int | None:
    """The seat this phone's link opens, asked again after every write (a revocation is one, here or on
    another server on the same database: a link the host revoked stops working at once).  The first time
    through the store (which notes the link's first use, and logs a refusal); then from the match's active
    links, which the table's phones read once per write together (:func:`app.shared.seat_links`), instead
    of one query per phone.  ``opened``: this page's ref, true once the store has opened the link; ``who``:
    the device's address, for the log."""
    if opened.current:
        for seat, (active, _opened) in seat_links(app, match_id).items():
            if _secrets.compare_digest(active.encode(), token.encode()):
                return seat
    seat = shared.read(("seat", id(app.store), match_id, token),
                       lambda: app.store.seat_for_token(match_id, token, who=who), match_id)
    opened.current = seat is not None
    return seat


@component
def SeatScreen(code: str = "", token: str = "") -> ft.Control:
    app = use_data()
    refused, opened = ft.use_ref(False), ft.use_ref(False)
    match_id = _match_id(app, code)
    send = ft.use_callback(_sender(app, match_id, Sender(token=token)), [code, token])

    def told() -> None:  # the host hides a seat's QR code once its phone has opened it
        if not refused.current and match_id >= 0:
            app.tell_others("seat", match_id)

    ft.use_effect(told, [])
    found = _load(app, match_id)
    m = found if isinstance(found, LoadedMatch) else None
    seat = None
    if m is not None and m.status == "in_progress" and not refused.current:
        seat = seat_of(app, m.id, token, opened, str(ft.context.page.client_ip or ""))
    running = bool(my_timers(m, seat))
    # Every hook runs at every render, before any early return (the hooks are told apart by order).
    use_buzz(running)
    use_wake_lock(seat is not None)  # on while this seat plays; off once the match is over (or the link refused)
    if m is None or seat is None:
        refused.current = m is not None  # a refused token never becomes good: no need to ask (and log) again
        return _bad_link(app, found)
    # the seat's forms keep what was typed through a switch of language, until the match's next event (app.drafts)
    return DraftScope(match_scope(app, m.id, len(m.log)),
                      lambda: ft.Column(seat_body(app, m, seat, running, send), spacing=12))


@component
def TableScreen(code: str = "") -> ft.Control:
    """The table code: the public view, and a free seat to ask for (the host confirms)."""
    app = use_data()
    page = ft.context.page
    me = ft.use_ref("")
    if not me.current:
        me.current = _secrets.token_hex(8)
    found = _load(app, _match_id(app, code))
    m = found if isinstance(found, LoadedMatch) else None
    playing = m is not None and m.status == "in_progress"
    use_wake_lock(playing)  # the table's phone sleeps once the match is over
    if m is None or not playing:
        return _bad_link(app, found)
    granted = LOBBY.take_grant(me.current)
    if granted:
        page.navigate(f"/seat/{m.code}/{granted}")
        return ft.Container()
    names = list(m.state.get("names", m.names))
    taken = seat_links(app, m.id)
    asking = LOBBY.pending(me.current)

    def ask(seat: int) -> None:
        LOBBY.ask(SeatRequest(me.current, m.id, seat))
        app.changed("lobby", m.id)

    seats: list[ft.Control] = []
    if asking is not None:
        seats.append(ft.Text(app.t("asked"), weight=ft.FontWeight.W_500))
    else:
        if LOBBY.was_refused(me.current):
            seats.append(ft.Text(app.t("refused"), color=ft.Colors.ERROR))
        free = [i for i in range(len(m.names)) if i not in taken]
        seats += [ft.OutlinedButton(app.t("ask_seat", a=names[i]), icon=ft.Icons.EVENT_SEAT,
                                    on_click=lambda _e, i=i: ask(i)) for i in free]
        if not free:
            seats.append(ft.Text(app.t("no_free_seat")))
    body: list[ft.Control] = [*group([_header(m, app.lang, " · ".join(names)), *public_clocks(m, app.lang)]),
                              section(app.t("free_seats"), seats),
                              public_view(m, app.lang)]  # read-only: the table code writes nothing
    return ft.Column(body, spacing=12)


@component
def GuestHome() -> ft.Control:
    """A phone on the network that opened the app's address without a code."""
    app = use_app()
    return ft.Card(ft.Container(ft.Row([ft.Icon(ft.Icons.QR_CODE_SCANNER), ft.Text(app.t("guest_home"),
                                                                                  expand=True)]), padding=12))
