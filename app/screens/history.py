"""History: finished matches, newest first, and one match's review."""

from __future__ import annotations

import json

import flet as ft

from app.painting import painting_reviews
from app.screens.home import emblem
from app.screens.match import describe
from app.state import use_app
from app.widgets import fmt_date, panel_card, score_sheet_view
from db.store import StoreError
from scoring import find_game


@ft.component
def HistoryList() -> ft.Control:
    app = use_app()
    lang, page = app.lang, ft.context.page
    _ = app.version
    rows: list[ft.Control] = [ft.Text(app.t("history"), size=22, weight=ft.FontWeight.BOLD)]
    matches = app.store.history(limit=100)
    for m in matches:
        game = find_game(m.game)
        scores = " · ".join(f"{n} {s}" for n, s in m.totals)
        rows.append(ft.ListTile(
            leading=emblem(m.game, 36),
            title=ft.Text(f"{game.name.get(lang)} #{m.id} — {fmt_date(m.ended_at, lang)}"),
            subtitle=ft.Text(f"{app.t('shared_win' if len(m.winners) > 1 else 'winners', a=', '.join(m.winners))}"
                             f"\n{scores}"),
            is_three_line=True,
            on_click=lambda _e, i=m.id: page.navigate(f"/history/{i}"),
        ))
    if not matches:
        rows.append(ft.Text(app.t("no_history"), italic=True))
    return ft.Column(rows, spacing=4)


@ft.component
def MatchReview(match_id: str = "") -> ft.Control:
    app = use_app()
    lang, page = app.lang, ft.context.page
    _ = app.version
    try:
        m = app.store.load(int(match_id))
    except (ValueError, StoreError):
        return ft.Text(app.t("no_match"))
    game = m.game
    body: list[ft.Control] = [
        ft.Row([emblem(game.slug, 40), ft.Column([
            ft.Text(f"{game.name.get(lang)} #{m.id}", size=20, weight=ft.FontWeight.BOLD),
            ft.Text(f"{app.t('started', a=fmt_date(m.started_at, lang))} · "
                    f"{app.t('finished_on', a=fmt_date(m.ended_at, lang))}"
                    + (f" · {m.place}" if m.place else ""), size=12)], spacing=0, expand=True)]),
    ]
    if m.sheet:
        body.append(score_sheet_view(m.sheet, lang))
        body += painting_reviews(m.sheet, m.state, lang)  # Les apprentis: the cells each category counted
    elif m.status == "in_progress":
        body.append(ft.Button(app.t("resume"), on_click=lambda _e: page.navigate(f"/match/{m.id}")))
    body += [panel_card(p, lang) for p in game.panels(m.state, None) if p.seat is None]
    done = m.status == "finished"  # secrets are all revealed at the end, never before

    def line(seq: int, payload: str) -> str:
        event = json.loads(payload)
        shown = event if done else game.public_event(event)
        return f"{seq}. {describe(shown)}"

    body.append(ft.ExpansionTile(title=ft.Text(f"{app.t('events')} ({len(m.events)})"),
                                 controls=[ft.Text(line(r.seq, r.payload), size=12) for r in m.log]))
    return ft.Column(body, spacing=12)
