"""Statistics of the history: filters, figures, charts; export and import of the history.

Every figure comes from :mod:`db.stats` (aggregated in the database); this screen only lays
them out.  Files are handed to the browser with ``FilePicker.save_file(src_bytes=...)`` (Flet 1.0
web downloads the bytes) and read with ``pick_files(with_data=True)``.
"""

from __future__ import annotations

import json
from datetime import date, timedelta
from typing import Any

import flet as ft
import flet_charts as fch

from app.forms import dropdown
from app.guard import component
from app.i18n import t
from app.screens.home import emblem
from app.state import use_data
from app.widgets import fmt_number
from db import bgstats
from db.backup import RestoreError, backup, matches_csv, restore
from db.stats import (
    Filters,
    game_stats,
    h_index,
    head_to_head,
    matches_per_game,
    places,
    player_stats,
    score_distribution,
    score_timeline,
    seat_effect,
    setups,
    standings,
)
from db.store import StoreError
from scoring import SLUGS, find_game

ALL = "*"
COLOURS = [ft.Colors.TEAL, ft.Colors.DEEP_ORANGE, ft.Colors.INDIGO, ft.Colors.AMBER_800]


def parse_day(text: str) -> date | None:
    """``"2025-03-01"`` → that day; ``""`` → None; anything else raises ValueError."""
    text = text.strip()
    return date.fromisoformat(text) if text else None


def pct(rate: float | None) -> str:
    return "–" if rate is None else f"{round(100 * rate)}"


def card(title: str, controls: list[ft.Control], ident: str | None = None) -> ft.Control:
    body = ft.Card(ft.Container(ft.Column([ft.Text(title, size=18, weight=ft.FontWeight.BOLD), *controls],
                                          spacing=6), padding=12))
    return ft.Semantics(content=body, identifier=ident) if ident else body


def chart_box(chart: ft.Control, label: str, ident: str) -> ft.Control:
    """A chart with a name for screen readers (and tests): the chart itself is a drawing."""
    return ft.Semantics(content=ft.Container(chart, height=220, padding=ft.Padding.only(right=12, top=8)),
                        identifier=ident, label=label)


def score_chart(points: list[Any], lang: str) -> ft.Control:
    series: dict[str, list[fch.LineChartDataPoint]] = {}
    for i, p in enumerate(points):
        tip = f"#{p.match_id} {fmt_number(p.total, lang)}"
        series.setdefault(p.game, []).append(fch.LineChartDataPoint(x=i, y=p.total, tooltip=tip))
    return fch.LineChart(
        data_series=[fch.LineChartData(points=pts, color=COLOURS[SLUGS.index(slug) % len(COLOURS)], stroke_width=3,
                                       point=True) for slug, pts in series.items()],
        left_axis=fch.ChartAxis(label_size=48), bottom_axis=fch.ChartAxis(show_labels=False),
        horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=1),
        interactive=True)


def short(n: int) -> str:
    """``17251`` → ``"17k"``: axis labels must fit under a bar on a phone."""
    return f"{n // 1000}k" if abs(n) >= 10_000 else str(n)


def bar_chart(values: list[tuple[str, int]], colour: str) -> ft.Control:
    top = max((v for _l, v in values), default=0)
    every = max(1, -(-len(values) // 8))  # at most eight labels under the bars
    return fch.BarChart(
        groups=[fch.BarChartGroup(x=i, rods=[fch.BarChartRod(from_y=0, to_y=v, width=18, color=colour,
                                                             tooltip=f"{label}: {v}",
                                                             border_radius=ft.BorderRadius.only(top_left=4,
                                                                                                top_right=4))])
                for i, (label, v) in enumerate(values)],
        bottom_axis=fch.ChartAxis(labels=[fch.ChartAxisLabel(value=i, label=ft.Text(label[:8], size=10))
                                          for i, (label, _v) in enumerate(values) if i % every == 0],
                                  label_size=28),
        left_axis=fch.ChartAxis(label_size=36), max_y=int(max(1, top) * 1.15) + 1, interactive=True)


#: The skipped plays listed one by one after an import; the rest are counted.
REPORT_LINES = 40


@component
def StatsScreen(player_id: str = "") -> ft.Control:
    app = use_data()
    lang, store = app.lang, app.store
    player, set_player = ft.use_state(player_id or ALL)
    game, set_game = ft.use_state(ALL)
    place, set_place = ft.use_state(ALL)
    since_text, set_since = ft.use_state("")
    until_text, set_until = ft.use_state("")
    report, set_report = ft.use_state(list[str]())

    errors: list[str] = []
    since = until = None
    try:
        since = parse_day(since_text)
    except ValueError:
        errors.append(app.t("bad_date", a=since_text))
    try:
        day = parse_day(until_text)
        until = day + timedelta(days=1) if day else None  # "to 5 March" includes 5 March
    except ValueError:
        errors.append(app.t("bad_date", a=until_text))
    pid = int(player) if player != ALL else None
    filters = Filters(since=since, until=until, game=None if game == ALL else game,
                      place=None if place == ALL else place)
    everyone = store.players()
    names = {p.id: p.name for p in everyone}
    if pid is not None and pid not in names:
        pid = None

    # -- filters
    def on_text(setter: Any) -> Any:
        return lambda e: setter(e.control.value or "")

    filter_row = ft.Row([
        dropdown(app.t("player"), player, [ft.DropdownOption(key=ALL, text=app.t("all_players"))]
                 + [ft.DropdownOption(key=str(p.id), text=p.name) for p in everyone],
                 lambda e: set_player(e.control.value or ALL), "stats-player", width=200),
        dropdown(app.t("game"), game, [ft.DropdownOption(key=ALL, text=app.t("all_games"))]
                 + [ft.DropdownOption(key=s, text=find_game(s).name.get(lang)) for s in SLUGS],
                 lambda e: set_game(e.control.value or ALL), "stats-game", width=240),
        dropdown(app.t("place"), place, [ft.DropdownOption(key=ALL, text=app.t("all_places"))]
                 + [ft.DropdownOption(key=p, text=p) for p in places(store)],
                 lambda e: set_place(e.control.value or ALL), "stats-place", width=200),
        ft.TextField(label=app.t("since"), value=since_text, width=170, dense=True,
                     on_blur=on_text(set_since), on_submit=on_text(set_since)),
        ft.TextField(label=app.t("until"), value=until_text, width=170, dense=True,
                     on_blur=on_text(set_until), on_submit=on_text(set_until)),
    ], wrap=True, spacing=8, run_spacing=8)
    body: list[ft.Control] = [
        ft.Text(app.t("stats"), size=22, weight=ft.FontWeight.BOLD),
        filter_row,
        *[ft.Text(e, color=ft.Colors.ERROR) for e in errors],
    ]
    if any(v != ALL for v in (player, game, place)) or since_text or until_text:
        body.append(ft.TextButton(app.t("reset_filters"), icon=ft.Icons.FILTER_ALT_OFF, on_click=lambda _e: (
            set_player(ALL), set_game(ALL), set_place(ALL), set_since(""), set_until(""))))

    # -- the table
    counts = matches_per_game(store, Filters(since=since, until=until, game=filters.game, player_id=pid,
                                             place=filters.place))
    total = sum(counts.values())
    h = h_index(store, Filters(since=since, until=until, player_id=pid, place=filters.place))
    body.append(card(app.t("n_matches_1") if total == 1 else app.t("n_matches", a=total), [
        ft.Row([ft.Row([emblem(s, 24), ft.Text(f"{find_game(s).name.get(lang)} : {n}")], spacing=4)
                for s, n in counts.items()], wrap=True, spacing=12),
        ft.Text(app.t("h_index", a=h), weight=ft.FontWeight.BOLD),
        ft.Text(app.t(f"h_index_help_{h}") if h < 2 else app.t("h_index_help", a=h), size=12, italic=True),
    ], "stats-summary"))
    if not total:
        body.append(ft.Text(app.t("no_stats"), italic=True))

    # -- one player
    if pid is not None and total:
        ps = player_stats(store, pid, filters)
        rows = [ft.Text(app.t("played_won", a=ps.played, b=ps.won, c=pct(ps.win_rate)), weight=ft.FontWeight.BOLD)]
        if ps.favourite_game:
            rows.append(ft.Text(app.t("favourite", a=find_game(ps.favourite_game).name.get(lang))))
        rows.append(ft.DataTable(
            columns=[ft.DataColumn(ft.Text(app.t(k))) for k in ("game", "col_played", "col_won", "col_rate",
                                                                 "col_best", "col_avg")],
            rows=[ft.DataRow([ft.DataCell(ft.Text(find_game(g.game).name.get(lang))),
                              ft.DataCell(ft.Text(str(g.played))), ft.DataCell(ft.Text(str(g.won))),
                              ft.DataCell(ft.Text(pct(g.win_rate))), ft.DataCell(ft.Text(fmt_number(g.best, lang))),
                              ft.DataCell(ft.Text(fmt_number(round(g.average), lang)))]) for g in ps.games],
            column_spacing=14, heading_row_height=36, data_row_min_height=32, data_row_max_height=40))
        body.append(card(ps.name, [ft.Row([ft.Column(rows)], scroll=ft.ScrollMode.AUTO)], "stats-player-card"))
        points = list(score_timeline(store, pid, filters))
        if points:
            body.append(card(app.t("score_over_time"), [
                chart_box(score_chart(points, lang), app.t("score_over_time"), "chart-score-over-time"),
                ft.Row([ft.Row([ft.Container(width=12, height=12, bgcolor=COLOURS[SLUGS.index(s) % len(COLOURS)],
                                             border_radius=6), ft.Text(find_game(s).name.get(lang), size=12)],
                               spacing=4) for s in dict.fromkeys(p.game for p in points)], wrap=True)]))
        rivals = head_to_head(store, pid, filters)
        if rivals:
            body.append(card(app.t("head_to_head"), [
                ft.Text(app.t("h2h_line", a=r.name, b=r.wins, c=r.losses, d=r.ties)) for r in rivals]))
        seats = seat_effect(store, filters, player_id=pid)
        if seats:
            body.append(card(app.t("turn_order"), [ft.Text(app.t(
                "seat_line", a=app.t("first_to_play") if s.position == 0 else app.t("position", a=s.position + 1),
                b=s.played, c=pct(s.win_rate), d=fmt_number(round(s.average), lang))) for s in seats]))

    # -- wins per player
    if total:
        table = standings(store, Filters(since=since, until=until, game=filters.game, place=filters.place))[:10]
        if table:
            body.append(card(app.t("wins_per_player"), [chart_box(
                bar_chart([(s.name, s.won) for s in table], ft.Colors.TEAL), app.t("wins_per_player"),
                "chart-wins-per-player")]))

    # -- one game
    if filters.game and total:
        gs = game_stats(store, filters.game, Filters(since=since, until=until, player_id=pid, place=filters.place))
        lines = [ft.Text(app.t("game_summary", a=find_game(gs.game).name.get(lang), b=gs.matches,
                               c=round(gs.average_minutes or 0)), weight=ft.FontWeight.BOLD)]
        if gs.score_min is not None:
            low, high, mean = (fmt_number(v, lang) for v in (gs.score_min, gs.score_max, round(gs.score_avg or 0)))
            lines.append(ft.Text(app.t("score_range", a=low, b=high, c=mean)))
        lines.append(ft.Text(app.t("first_player_wins", a=pct(gs.first_seat_win_rate))))
        body.append(card(app.t("game"), lines, "stats-game-card"))
        game_filters = Filters(since=since, until=until, player_id=pid, place=filters.place)
        buckets = score_distribution(store, filters.game, game_filters)
        if buckets:
            body.append(card(app.t("score_distribution"), [chart_box(
                bar_chart([(short(b.low), b.count) for b in buckets], ft.Colors.INDIGO),
                app.t("score_distribution"), "chart-score-distribution")]))
        positions = seat_effect(store, Filters(since=since, until=until, game=filters.game, player_id=pid,
                                               place=filters.place))
        body.append(card(app.t("turn_order"), [ft.Text(app.t(
            "seat_line", a=app.t("first_to_play") if s.position == 0 else app.t("position", a=s.position + 1),
            b=s.played, c=pct(s.win_rate), d=fmt_number(round(s.average), lang))) for s in positions]))
        body.append(card(app.t("setups"), [ft.Text(app.t(
            "setup_line", a=describe_options(r.options, lang), b=r.matches,
            c=pct(r.first_seat_wins / r.matches if r.matches else None),
            d=fmt_number(round(r.average_winning_score or 0), lang)))
            for r in setups(store, filters.game, game_filters)]))
    elif total:
        body.append(ft.Text(app.t("choose_game_for_more"), italic=True, size=12))

    # -- export and import
    stamp = date.today().isoformat()

    async def save(name: str, data: bytes) -> None:
        await ft.FilePicker().save_file(file_name=name, src_bytes=data)
        app.tell(app.t("exported", a=name))

    async def export_csv(_e: Any) -> None:
        await save(f"compagnon-{stamp}.csv", matches_csv(store, Filters(
            since=since, until=until, game=filters.game, player_id=pid, place=filters.place)).encode("utf-8"))

    async def export_backup(_e: Any) -> None:
        await save(f"compagnon-backup-{stamp}.json", json.dumps(backup(store), ensure_ascii=False).encode("utf-8"))

    async def export_bgstats(_e: Any) -> None:
        await save(f"compagnon-bgstats-{stamp}.json",
                   json.dumps(bgstats.export(store), ensure_ascii=False).encode("utf-8"))

    async def read_json() -> Any:
        files = await ft.FilePicker().pick_files(with_data=True, file_type=ft.FilePickerFileType.CUSTOM,
                                                 allowed_extensions=["json", "bgsplay"])
        if not files or files[0].bytes is None:
            return None
        try:
            return json.loads(files[0].bytes.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as exc:
            app.tell(app.t("not_json", a=exc), error=True)
            return None

    async def import_bgstats(_e: Any) -> None:
        doc = await read_json()
        if doc is None:
            return
        try:
            result = bgstats.import_plays(store, doc)
        except bgstats.BGStatsError as exc:
            app.tell(exc.text.get(lang), error=True)
            return
        except StoreError as exc:
            app.refuse(exc)
            return
        shown = result.skipped[:REPORT_LINES]  # a whole BG Stats export skips every other game's plays
        set_report([app.t("imported", a=len(result.imported), b=len(result.skipped))]
                   + [app.t("skipped_line", a=s.place.get(lang), b=s.reason.get(lang)) for s in shown]
                   + ([app.t("more_skipped", a=len(result.skipped) - len(shown))]
                      if len(result.skipped) > len(shown) else []))
        app.changed()

    async def restore_backup(_e: Any) -> None:
        doc = await read_json()
        if doc is None:
            return
        try:
            done = restore(store, doc)
        except RestoreError as exc:
            app.tell(exc.text.get(app.lang) if exc.text else app.t("restore_refused", a=exc), error=True)
            return
        app.tell(app.t("restored", a=done.players, b=done.matches))
        app.changed()

    body.append(card(app.t("export"), [
        ft.Row([ft.Button(app.t("export_csv"), icon=ft.Icons.TABLE_VIEW, on_click=export_csv),
                ft.Button(app.t("export_backup"), icon=ft.Icons.SAVE, on_click=export_backup),
                ft.Button(app.t("export_bgstats"), icon=ft.Icons.IOS_SHARE, on_click=export_bgstats)],
               wrap=True, spacing=8, run_spacing=8),
        ft.Row([ft.OutlinedButton(app.t("import_bgstats"), icon=ft.Icons.UPLOAD_FILE, on_click=import_bgstats),
                ft.OutlinedButton(app.t("restore_backup"), icon=ft.Icons.RESTORE, on_click=restore_backup)],
               wrap=True, spacing=8, run_spacing=8),
        *[ft.Text(line, size=12) for line in report],
    ]))
    return ft.Column(body, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def describe_options(options: dict[str, Any], lang: str) -> str:
    """``{"players": 4, "configuration": "first"}`` → ``"4 joueurs, configuration: first"``."""
    parts = []
    for key, value in options.items():
        if key == "players":
            parts.insert(0, t("players_n", lang, a=value))
        elif value is True or (isinstance(value, str) and value not in ("", "random")):
            parts.append(key.replace("_", " ") if value is True else f"{key.replace('_', ' ')}: {value}")
    return ", ".join(parts) or "–"
