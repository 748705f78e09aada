"""The match screen: the game's panels and actions, timers, secrets, undo, scoring."""

from __future__ import annotations

from typing import Any

import flet as ft

from app import net, shared
from app.forms import ActionForm, Values, form_key
from app.screens.home import emblem
from app.screens.phones import PhonesSection
from app.shared import load_match, seat_links
from app.state import use_data
from app.timer_view import Timers, now_ms
from app.widgets import PanelCard, PrivacyScreen, section
from db.store import StoreError
from scoring import RulesError


def describe(event: dict[str, Any]) -> str:
    """A compact line for the timeline (the payload, less the type and the time ``at``)."""
    rest = ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("type", "at"))
    return f"{event['type']}  {rest}"[:160]


@ft.component
def MatchScreen(match_id: str = "") -> ft.Control:
    app = use_data()
    lang, page = app.lang, ft.context.page
    confirm_abandon, set_confirm_abandon = ft.use_state(False)

    def record(action: Values) -> bool:
        # Every event carries the time it was sent (``at``, ms): a game that closes a running timer
        # (e.g. the end of a timed phase) reads it there, so a replay never depends on the clock.
        try:
            app.store.record(int(match_id), {**action, "at": action.get("at", now_ms())})
        except (RulesError, StoreError) as exc:
            app.tell(str(exc), error=True)
            return False
        app.tell("")
        app.changed(match_id=int(match_id))
        return True

    # The same function at every render: the forms and privacy screens below are memoised on their
    # arguments, so an event elsewhere re-renders (and re-sends) only what it changed.
    send = ft.use_callback(record, [match_id])
    try:
        m = load_match(app, int(match_id))
    except (ValueError, StoreError):
        return ft.Column([ft.Text(app.t("no_match")),
                          ft.Button(app.t("back_home"), on_click=lambda _e: page.navigate("/"))])
    if m.status != "in_progress":
        page.navigate(f"/history/{m.id}")
        return ft.Container()
    game, state = m.game, m.state
    names = list(state.get("names", m.names))

    def undo(_e: object) -> None:
        try:
            last = app.store.undo(m.id)
        except StoreError as exc:
            app.tell(str(exc), error=True)
            return
        app.tell(app.t("undone", a=describe(m.game.public_event(last))))
        app.changed(match_id=m.id)

    def finish(_e: object) -> None:
        try:
            app.store.finish(m.id)
        except StoreError as exc:
            app.tell(str(exc), error=True)
            return
        app.tell("")
        app.changed(match_id=m.id)
        page.navigate(f"/history/{m.id}")

    def abandon(_e: object) -> None:
        app.store.abandon(m.id)
        app.changed(match_id=m.id)
        page.navigate("/")

    over = game.finished(state)
    public_actions = [a for a in shared.actions(m) if not a.private]
    public_actions.sort(key=lambda a: not a.primary)
    private_actions = [a for a in shared.actions(m) if a.private]
    on_phones = seat_links(app, m.id)
    seats_with_secrets: list[ft.Control] = []
    for seat, name in enumerate(names):
        acts = [a for a in private_actions if a.seat == seat]
        if seat in on_phones:
            # That seat's secrets live on its own phone: this screen says who must answer, never what.
            seats_with_secrets.append(ft.Row([
                ft.Icon(ft.Icons.PHONE_ANDROID, color=ft.Colors.ERROR if acts else None),
                ft.Text(app.t("phone_waiting" if acts else "on_phone", a=name), expand=True,
                        weight=ft.FontWeight.W_500 if acts else None)]))
            continue
        panels = [p for p in shared.panels(m, seat) if p.seat == seat]
        if panels or acts:
            seats_with_secrets.append(PrivacyScreen(seat, name, panels, acts, names, lang, send,
                                                    key=f"privacy-{m.id}-{seat}"))

    header = ft.Row([emblem(game.slug, 40), ft.Column([
        ft.Text(f"{game.name.get(lang)} #{m.id}", size=20, weight=ft.FontWeight.BOLD),
        ft.Text(" · ".join(names), size=12)], spacing=0, expand=True),
        ft.IconButton(ft.Icons.UNDO, tooltip=app.t("undo"), on_click=undo, disabled=not m.can_undo)])
    body: list[ft.Control] = [header]
    if over:
        body.append(ft.Card(ft.Container(ft.Column([
            ft.Text(app.t("match_over"), size=16, weight=ft.FontWeight.BOLD),
            ft.Button(app.t("finish"), icon=ft.Icons.SCOREBOARD, on_click=finish)]), padding=12),
            bgcolor=ft.Colors.PRIMARY_CONTAINER))
    timers = Timers(game.phases, state.get("timers", {}), names, lang, send)
    if timers is not None and not over:
        body.append(timers)  # the running countdown first: the whole table watches it
    # Each card a memoised component: an unchanged panel is neither rebuilt nor diffed.  (Reusing the same
    # card *objects* from one render to the next left the actions below them stale in Flet's patch, Robby
    # Solo, round 2: the declaration form stayed; a memoised component keeps its last body per place.)
    body += [PanelCard(p, lang) for p in shared.panels(m, None) if p.seat is None]
    if public_actions and not over:
        body.append(section(app.t("actions"), [ActionForm(a, names, lang, send, key=f"{i}|{form_key(a, names)}")
                                               for i, a in enumerate(public_actions)]))
    if seats_with_secrets:
        body.append(section(app.t("secrets"), seats_with_secrets))
    if not over:
        body.append(PhonesSection(m.id, names, on_phones, net.LOBBY.waiting(m.id), lang, key=f"phones-{m.id}"))
    # Keyed by the event's place in the match: a new event adds one line (and drops the oldest) instead of
    # rewriting the twelve.
    first = max(0, len(m.events) - 12)
    timeline = [ft.Text(describe(game.public_event(e)), size=12, key=f"event-{first + i}")
                for i, e in reversed(list(enumerate(m.events[first:])))]
    if timeline:
        body.append(ft.ExpansionTile(title=ft.Text(f"{app.t('events')} ({len(m.events)})"),
                                     controls=timeline))
    if confirm_abandon:
        body.append(ft.Row([ft.Text(app.t("abandon_q"), expand=True),
                            ft.Button(app.t("confirm"), on_click=abandon),
                            ft.TextButton(app.t("cancel"), on_click=lambda _e: set_confirm_abandon(False))],
                           wrap=True))
    else:
        body.append(ft.TextButton(app.t("abandon"), icon=ft.Icons.DELETE_OUTLINE,
                                  on_click=lambda _e: set_confirm_abandon(True)))
    return ft.Column(body, spacing=12)
