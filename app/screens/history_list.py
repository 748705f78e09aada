"""The history's list: finished plays, newest first, under month headings; a search over players,
games, places and notes; filters (game, player, period, counted for statistics or not); pages of
:data:`db.history.PAGE` read from where the last one ended (:func:`db.history.search`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, date
from typing import Any

import flet as ft

from app.guard import component
from app.i18n import month
from app.screens.history_dates import DayButton
from app.screens.home import emblem
from app.state import AppState, use_app, use_data
from app.widgets import dropdown, fmt_date, fmt_number, game_name, winners_line
from db.games import all_games
from db.history import MAX_SEARCH, Cursor, HistoryQuery, MatchSummary

ALL = "*"
#: the "counts for statistics" filter's choices: key → the query's ``counts``
COUNTS = {ALL: None, "yes": True, "no": False}


def ended_day(m: MatchSummary) -> date:
    """The local day a match ended on (SQLite gives back UTC without its zone)."""
    when = m.ended_at or m.started_at
    return (when if when.tzinfo else when.replace(tzinfo=UTC)).astimezone().date()


def match_tile(m: MatchSummary, app: AppState) -> ft.Control:
    lang = app.lang
    scores = " · ".join(f"{n} {fmt_number(s, lang)}" for n, s in m.totals)
    lines = [winners_line(m.winners, lang), scores]
    if m.notes:
        lines.append(" ".join(m.notes.split())[:90])
    return ft.ListTile(
        leading=emblem(m.game, 36),
        title=ft.Text(f"{game_name(m.game, lang)} #{m.id} — {fmt_date(m.ended_at, lang)}"
                      + (f" — {m.place}" if m.place else "")),
        subtitle=ft.Text("\n".join(lines)), is_three_line=True,
        on_click=lambda _e, i=m.id: app.go(f"/history/{i}"))


def by_month(matches: list[MatchSummary], app: AppState) -> list[ft.Control]:
    """The tiles, each month's under its heading ("novembre 2026", in the page's language)."""
    lang = app.lang
    out: list[ft.Control] = []
    shown: tuple[int, int] | None = None
    for m in matches:
        day = ended_day(m)
        if (day.year, day.month) != shown:
            shown = (day.year, day.month)
            out.append(ft.Container(ft.Text(month(day, lang), size=16, weight=ft.FontWeight.BOLD,
                                            color=ft.Colors.PRIMARY), padding=ft.Padding.only(left=8, top=10)))
        out.append(match_tile(m, app))
    return out


@component
def Filters(query: HistoryQuery, set_query: Callable[[HistoryQuery], None]) -> ft.Control:
    """The game, the player, whether the play counts for statistics, and the two ends of the period
    (two dropdowns a line on a phone, all on one or two lines on a wide window), in a plain row that wraps:
    inside a ``ResponsiveRow`` (Flet 1.0.5) a dropdown no longer opened once one had been chosen."""
    app = use_app()

    def options(pairs: list[tuple[str, str]], everything: str = "filter_any") -> list[ft.DropdownOption]:
        return [ft.DropdownOption(key=ALL, text=app.t(everything))] + [ft.DropdownOption(key=k, text=v)
                                                                        for k, v in pairs]

    def pick(field: str, read: Callable[[str], Any]) -> Callable[[Any], None]:
        return lambda e: set_query(replace(query, **{field: read(e.control.value or ALL)}))

    games = [(g.key, g.name.get(app.lang)) for g in all_games(app.store.engine, played_only=True)]
    players = [(str(p.id), p.name) for p in app.store.players()]
    counted = next(k for k, v in COUNTS.items() if v == query.counts)
    half, whole = 175, 240  # two halves fill a phone's line (390 px less the margins)
    return ft.Row([
        dropdown(app.t("game"), query.game or ALL, options(games), pick("game", lambda v: None if v == ALL else v),
                 "history-game", half, lang=app.lang),
        dropdown(app.t("player"), str(query.player_id) if query.player_id else ALL, options(players),
                 pick("player_id", lambda v: None if v == ALL else int(v)), "history-player", half, lang=app.lang),
        dropdown(app.t("counts_filter"), counted, options([("yes", app.t("counts_yes")), ("no", app.t("counts_no"))],
                                                          "counts_all"),
                 pick("counts", lambda v: COUNTS.get(v)), "history-counts", whole, lang=app.lang),
        DayButton(app.t("day_from"), query.since, lambda d: set_query(replace(query, since=d)),
                  app.t("day_from_help"), key="history-since"),
        DayButton(app.t("day_to"), query.until, lambda d: set_query(replace(query, until=d)),
                  app.t("day_to_help"), key="history-until"),
    ], spacing=8, run_spacing=8, wrap=True)


def empty(app: Any, query: HistoryQuery, clear: Callable[[], None]) -> list[ft.Control]:
    """What an empty list says, and what to do next."""
    if not query.filtered:
        return [ft.Text(app.t("no_history"), weight=ft.FontWeight.BOLD), ft.Text(app.t("no_history_next")),
                ft.Button(app.t("new_match"), icon=ft.Icons.ADD_CIRCLE, on_click=lambda _e: app.go("/new"))]
    said = app.t("none_found_for", a=query.text.strip()) if query.text.strip() else app.t("none_found")
    return [ft.Text(said, weight=ft.FontWeight.BOLD), ft.Text(app.t("none_found_next")),
            ft.Button(app.t("reset_filters"), icon=ft.Icons.FILTER_ALT_OFF, on_click=lambda _e: clear())]


def pager(pages: list[Cursor | None], more: Cursor | None, set_pages: Callable[[list[Cursor | None]], None],
          t: Callable[..., str]) -> list[ft.Control]:
    """Newer and older pages (a page starts where the one before it ended)."""
    row: list[ft.Control] = []
    if len(pages) > 1:
        row.append(ft.TextButton(t("newer"), icon=ft.Icons.CHEVRON_LEFT, on_click=lambda _e: set_pages(pages[:-1])))
    if more is not None:
        row.append(ft.Button(t("older"), icon=ft.Icons.CHEVRON_RIGHT, on_click=lambda _e: set_pages([*pages, more])))
    return [ft.Row(row, alignment=ft.MainAxisAlignment.CENTER, wrap=True)] if row else []


@component
def HistoryList() -> ft.Control:
    app = use_data()
    # the query and the pages read so far, in one state: one change, one render (two renders in a row
    # while a dropdown's menu closes left every dropdown of the screen unable to open again)
    (query, pages), set_view = ft.use_state((HistoryQuery(), list[Cursor | None]([None])))
    open_filters, set_open = ft.use_state(False)

    def change(q: HistoryQuery) -> None:
        set_view((q, [None]))

    def set_pages(cursors: list[Cursor | None]) -> None:
        set_view((query, cursors))

    found = app.store.history_page(query, after=pages[-1])
    filtered = sum(v is not None for v in (query.game, query.player_id, query.since, query.until, query.counts))
    rows: list[ft.Control] = [
        ft.Row([ft.Text(app.t("history"), size=22, weight=ft.FontWeight.BOLD, expand=True),
                ft.Button(app.t("stats"), icon=ft.Icons.INSIGHTS, on_click=lambda _e: app.go("/stats"))]),
        ft.TextField(label=app.t("search"), hint_text=app.t("search_history"), value=query.text,
                     prefix_icon=ft.Icons.SEARCH, key="history-search",
                     on_change=lambda e: change(replace(query, text=(e.control.value or "")[:MAX_SEARCH]))),
        ft.Row([ft.TextButton(app.t("filters_n", a=filtered) if filtered else app.t("filters"), icon=ft.Icons.TUNE,
                              on_click=lambda _e: set_open(not open_filters))]
               + ([ft.TextButton(app.t("reset_filters"), icon=ft.Icons.FILTER_ALT_OFF,
                                 on_click=lambda _e: change(HistoryQuery()))] if query.filtered else []), wrap=True),
    ]
    if open_filters:
        rows.append(Filters(query, change, key="history-filters"))
    rows += by_month(found.matches, app) if found.matches else empty(app, query,
                                                                                lambda: change(HistoryQuery()))
    rows += pager(pages, found.more, set_pages, app.t)
    return ft.Column(rows, spacing=4, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
