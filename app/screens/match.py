"""The match screen: the game's panels and actions, timers, secrets, undo, scoring."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from app import net, shared
from app.drafts import DraftScope, match_scope
from app.forms import ActionForm, Values, form_key, in_order
from app.guard import component
from app.i18n import t
from app.panes import WideContext, group, two_panes
from app.privacy import PrivacyScreen
from app.screens.history_edit import Rematch
from app.screens.home import emblem
from app.screens.phones import HostDevices, PhonesSection
from app.shared import load_match, seat_links
from app.state import AppState, Refusal, Sent, sentence, use_app, use_data
from app.timer_view import Timers, now_ms, shows_timers
from app.widgets import panel_cards, section, tile
from db.errors import LogUnreadable
from db.host_keys import GrantedDevice
from db.store import LoadedMatch, StoreError
from scoring import Action, Game, Panel, RulesError


def describe(game: Game, event: dict[str, Any], names: Sequence[str], lang: str, revealed: bool = False) -> str:
    """The event as one line of the ledger, told by its game (``Game.tell``) in ``lang``: from its public
    fields during play (a secret stays ``?``), from all of them once the match is over (``revealed``)."""
    return game.tell(event if revealed else game.public_event(event), names).get(lang)


@component
def _Header(slug: str, title: str, names: str, undo_tip: str, can_undo: bool,
            on_undo: Callable[[object], None], final: str = "") -> ft.Control:
    """The match's emblem, title, players and Undo; ``final``: why Undo is off after the last event, said under
    the names (a greyed button said nothing of it)."""
    lines = [ft.Text(title, size=20, weight=ft.FontWeight.BOLD), ft.Text(names, size=12)]
    if final:
        lines.append(ft.Text(final, size=12, italic=True, color=ft.Colors.ON_SURFACE_VARIANT))
    return ft.Row([emblem(slug, 40), ft.Column(lines, spacing=0, expand=True),
                   ft.IconButton(ft.Icons.UNDO, tooltip=undo_tip, on_click=on_undo, disabled=not can_undo)])


#: re-rendered only when the title, the names or whether an undo is possible change
Header = ft.memo(_Header)


@component
def _Secrets(match_id: int, seats: tuple[tuple[int, str, bool, tuple[Panel, ...], tuple[Action, ...]], ...],
             names: tuple[str, ...], lang: str, send: Callable[[Values], Sent]) -> ft.Control:
    """Each seat's secrets: behind its privacy screen, or, for a seat on its own phone, who must answer
    (never what).  ``seats``: (seat, name, on its phone, its private panels, its private actions)."""
    rows: list[ft.Control] = []
    for seat, name, on_phone, panels, acts in seats:
        if on_phone:
            rows.append(ft.Row([
                ft.Icon(ft.Icons.PHONE_ANDROID, color=ft.Colors.ERROR if acts else None),
                ft.Text(t("phone_waiting" if acts else "on_phone", lang, a=name), expand=True,
                        weight=ft.FontWeight.W_500 if acts else None)]))
        else:
            rows.append(PrivacyScreen(seat, name, list(panels), list(acts), list(names), lang, send,
                                      key=f"privacy-{match_id}-{seat}"))
    return section(t("secrets", lang), rows)


#: re-rendered only when a seat's secrets (or who is on a phone) change: not at every public event
Secrets = ft.memo(_Secrets)


@component
def _Timeline(title: str, game: Game, events: tuple[tuple[int, dict[str, Any]], ...], none: str,
              names: tuple[str, ...], lang: str) -> ft.Control:
    """The last events, newest first, each line keyed by the event's place in the match (a new event adds
    one line), or ``none`` before the first.  Folded, as it starts, it holds no lines: an event then changes
    its title alone, instead of building, diffing and sending twelve lines no one sees on each device;
    opening it builds them."""
    shown, set_shown = ft.use_state(False)
    lines = [ft.Text(describe(game, e, names, lang), size=12, key=f"event-{n}") for n, e in events] if shown else []
    if shown and not events:
        lines = [ft.Text(none, size=12, italic=True)]
    return tile(title=ft.Text(title), controls=lines, expanded=shown,
                on_change=lambda e: set_shown(e.data in (True, "true")))


#: re-rendered when the events change (its title counts them), or when it is opened or folded
Timeline = ft.memo(_Timeline)


SeatSecrets = tuple[int, str, bool, tuple[Panel, ...], tuple[Action, ...]]


def seat_secrets(m: LoadedMatch, names: list[str], on_phones: dict[int, Any]) -> list[SeatSecrets]:
    """Each seat with secrets: (seat, name, on its phone, its private panels, its private actions).  A
    seat on its own phone has its secrets there: this screen says who must answer, never what."""
    private_actions = [a for a in shared.actions(m) if a.private]
    out: list[SeatSecrets] = []
    for seat, name in enumerate(names):
        acts = tuple(a for a in private_actions if a.seat == seat)
        if seat in on_phones:
            out.append((seat, name, True, (), acts))
            continue
        panels = tuple(p for p in shared.panels(m, seat) if p.seat == seat)
        if panels or acts:
            out.append((seat, name, False, panels, acts))
    return out


@component
def MatchOver(match_id: int) -> ft.Control:
    """The match is over: write its score sheet and go to its review."""
    app = use_app()

    def finish(_e: object) -> None:
        try:
            app.store.finish(match_id)
        except StoreError as exc:
            app.refuse(exc)
            return
        app.tell("")
        app.changed(match_id=match_id)  # the match's screen draws its review in place (review_here)

    return ft.Card(ft.Container(ft.Column([
        ft.Text(app.t("match_over"), size=16, weight=ft.FontWeight.BOLD),
        ft.Button(app.t("finish"), icon=ft.Icons.SCOREBOARD, on_click=finish)]), padding=12),
        bgcolor=ft.Colors.PRIMARY_CONTAINER)


@component
def _Abandon(match_id: int) -> ft.Control:
    """Abandon the match, once confirmed."""
    app = use_app()
    confirming, set_confirming = ft.use_state(False)

    def abandon(_e: object) -> None:
        app.store.abandon(match_id)
        app.changed(match_id=match_id)
        app.go("/")

    if not confirming:
        return ft.TextButton(app.t("abandon"), icon=ft.Icons.DELETE_OUTLINE, on_click=lambda _e: set_confirming(True))
    # asked as the history asks before deleting a match: the question, then the way out in the error's colours
    return ft.Card(ft.Container(ft.Column([
        ft.Text(app.t("abandon_q")),
        ft.Row([ft.Button(app.t("confirm"), icon=ft.Icons.DELETE_OUTLINE, on_click=abandon,
                          color=ft.Colors.ON_ERROR, bgcolor=ft.Colors.ERROR),
                ft.TextButton(app.t("cancel"), on_click=lambda _e: set_confirming(False))], wrap=True)]), padding=12))


#: re-rendered only when it is asked to confirm (or the language changes: the screen is mounted afresh)
Abandon = ft.memo(_Abandon)


def table_part(m: LoadedMatch, names: list[str], lang: str, send: Callable[[Values], Sent],
               over: bool) -> tuple[list[ft.Control], list[ft.Control]]:
    """What the whole table watches: the running countdown (apart: a phone shows it first, a wide window
    beside the panels), then the public panels and the public actions."""
    timers = m.state.get("timers", {})
    shown = not over and shows_timers(m.game.phases, timers, names)
    clocks = [Timers(m.game.phases, timers, names, lang, send, key="timers")] if shown else []
    # Each card a memoised component: an unchanged panel is neither rebuilt nor diffed.  (Reusing the same
    # card *objects* from one render to the next left the actions below them stale in Flet's patch, Robby
    # Solo, round 2: the declaration form stayed; a memoised component keeps its last body per place.)
    out: list[ft.Control] = panel_cards((p for p in shared.panels(m, None) if p.seat is None), lang)
    public = in_order(a for a in shared.actions(m) if not a.private)
    if public and not over:
        out = [*group(out), Actions(tuple(public), tuple(names), lang, send, key="actions")]
    return clocks, out


@component
def _Actions(actions: tuple[Action, ...], names: tuple[str, ...], lang: str,
             send: Callable[[Values], Sent]) -> ft.Control:
    """The public actions' forms, the primary ones first."""
    return section(t("actions", lang), [ActionForm(a, names, lang, send, key=f"{i}|{form_key(a, names)}")
                                        for i, a in enumerate(actions)])


#: re-rendered only when an action (its fields' defaults included), the names or the language change
Actions = ft.memo(_Actions)


def side_part(m: LoadedMatch, names: list[str], lang: str, over: bool, on_phones: dict[int, Any],
              devices: tuple[GrantedDevice, ...]) -> list[ft.Control]:
    """What the host keeps an eye on: the players' phones, the host's other devices (``devices``: those
    with host rights), the ledger of the last events, and the way out."""
    side: list[ft.Control] = []
    if not over:
        side.append(PhonesSection(m.id, m.code, names, on_phones, net.LOBBY.waiting(m.id), lang, key=f"phones-{m.id}"))
        side.append(HostDevices(devices, lang, key="host-devices"))
    # There from the match's start, "(0)" before its first event: that event then changes a title, and nothing
    # on the screen moves (a ledger drawn by the first event cost each device 15-20 ms of drawing more)
    first = max(0, len(m.events) - 12)
    side.append(Timeline(f"{t('events', lang)} ({len(m.events)})", m.game,
                         tuple(reversed(list(enumerate(m.events[first:], start=first)))), t("no_events_yet", lang),
                         tuple(names), lang, key="timeline"))
    side.append(Abandon(m.id, key=f"abandon-{m.id}"))
    return side


def review_here(match_id: int, wide: bool) -> ft.Control:
    """A match no longer in play, reviewed at its own address: finishing it draws its review here, without a
    route pushed on to ``/history/<id>`` (which Back returned from to this screen, which went on to the review
    again: Back never left it; Flet 1.0.5 has no way to replace a route).  Back leaves it for the screen before.
    On a wide window (``wide``) the match's screen scrolls by its panes: the review gets a readable column that
    scrolls."""
    from app.layout import WIDE
    from app.screens import screen

    review = screen("history:MatchReview")(match_id=str(match_id), key=f"review-{match_id}")
    if not wide:
        return review
    return ft.Column([ft.Row([ft.Container(review, width=WIDE)], alignment=ft.MainAxisAlignment.CENTER)],
                     scroll=ft.ScrollMode.AUTO, expand=True)


def not_loaded(app: AppState, match_id: str, exc: Exception) -> ft.Control:
    """No such match; or a match whose log no longer replays, said as such, with the way to its record (its
    review, where it can be deleted)."""
    home = ft.Button(app.t("back_home"), on_click=lambda _e: app.go("/"))
    if not isinstance(exc, LogUnreadable):
        return ft.Column([ft.Text(app.t("no_match")), home])
    record = ft.Button(app.t("open_record"), on_click=lambda _e: app.go(f"/history/{match_id}"))
    return ft.Column([ft.Text(sentence(exc, app.lang)), ft.Row([home, record], wrap=True)])


def match_header(m: LoadedMatch, names: list[str], lang: str, undo: Callable[[object], None]) -> ft.Control:
    """The header of an open match: its title (a score-pad play: the game it names), its players, Undo, and why
    Undo is off after an event that cannot be taken back."""
    title = m.options.get("game_name") or m.game.name.get(lang)
    final = m.final_event
    said = t("undo_final", lang, a=describe(m.game, final, m.names, lang)) if final is not None else ""
    return Header(m.game.slug, f"{title} #{m.id}", " · ".join(names), t("undo", lang), m.can_undo, undo, said)


@component
def MatchScreen(match_id: str = "") -> ft.Control:
    app = use_data()

    def record(action: Values) -> Sent:
        # Every event carries the time it was sent (``at``, ms): a game that closes a running timer
        # (e.g. the end of a timed phase) reads it there, so a replay never depends on the clock.
        try:
            app.store.record(int(match_id), {**action, "at": action.get("at", now_ms())}, app.sender)
        except (RulesError, StoreError) as exc:
            app.refuse(exc)
            return Refusal(exc, app)
        app.tell("")
        app.changed(match_id=int(match_id))
        return True

    def undo_last(_e: object) -> None:
        try:
            last = app.store.undo(int(match_id), app.sender)
        except StoreError as exc:
            app.refuse(exc)
            return
        m = load_match(app, int(match_id))
        app.tell(app.t("undone", a=describe(m.game, last, m.names, app.lang)))
        app.changed(match_id=int(match_id))

    # The same functions at every render: the header, forms and privacy screens below are memoised on
    # their arguments, so an event elsewhere re-renders (and re-sends) only what it changed.
    send = ft.use_callback(record, [match_id])
    undo = ft.use_callback(undo_last, [match_id])
    wide = ft.use_context(WideContext)  # (every hook before the first return)
    try:
        m = load_match(app, int(match_id))
    except (ValueError, StoreError) as exc:
        return not_loaded(app, match_id, exc)
    if m.status != "in_progress":  # its review, here: a route pushed on to it made Back return here, and on again
        return review_here(m.id, bool(wide))
    # the move forms keep what was typed through a switch of language or layout, until the next event (app.drafts):
    # every part made inside the scope (a component takes the scope it was made in)
    return DraftScope(match_scope(app, m.id, len(m.log)), lambda: match_body(app, m, send, undo, bool(wide)))


def match_body(app: AppState, m: LoadedMatch, send: Callable[[Values], Sent], undo: Callable[[object], None],
               wide: bool) -> ft.Control:
    """A match in play: its header (and, once over, the way to its score sheet), the table's part, the seats'
    secrets, and the host's side."""
    lang, names = app.lang, list(m.state.get("names", m.names))
    over, on_phones = m.game.finished(m.state), seat_links(app, m.id)
    play: list[ft.Control] = [match_header(m, names, lang, undo)]
    if over:
        play.append(MatchOver(m.id, key=f"over-{m.id}"))
        play.append(Rematch(m.id, key=f"rematch-{m.id}"))  # score it and play again (app/screens/history_edit.py)
    timers, table = table_part(m, names, lang, send, over)
    play += table
    secrets = seat_secrets(m, names, on_phones)
    if secrets:
        play.append(Secrets(m.id, tuple(secrets), tuple(names), lang, send))
    side = side_part(m, names, lang, over, on_phones, () if over else shared.host_devices(app))
    return laid_out(wide, play, timers, side)


def laid_out(wide: bool, play: list[ft.Control], timers: list[ft.Control], side: list[ft.Control]) -> ft.Control:
    """On a wide window the table's panels and forms on the left; the clocks, the phones and the ledger on the
    right, always in sight beside them.  On a phone, the running countdown comes first.  Each part that comes and
    goes in a group of its own (app.panes.group): the rest of the screen is not redrawn."""
    if wide:
        return ft.Column(two_panes(play, [*group(timers), *side]), spacing=12, expand=True)
    return ft.Column([*group([*play[:1], *timers]), *group(play[1:]), *group(side)], spacing=12)
