"""Statistics of the history: filters, figures, charts; export and import of the history.

Every figure comes from :mod:`db.stats` (aggregated in the database); this screen only lays them
out, one component per concern: the filters (:func:`FilterBar`), the summary, one player's
sections, the wins per player, one game's sections, and the files (:mod:`app.screens.transfer`).
A game's colour in the charts is its card's (:attr:`scoring.Card.colour`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date, timedelta
from typing import Any

import flet as ft
import flet_charts as fch

from app.guard import component
from app.i18n import t, tn
from app.screens.home import emblem
from app.screens.transfer import transfer_controls
from app.state import use_app, use_data
from app.widgets import dropdown, fmt_number, game_name
from db.games import all_games
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
from scoring.core import registry

ALL = "*"


@dataclass(frozen=True)
class Choice:
    """What the filters hold, as chosen and typed (``ALL``: no filter; dates as typed)."""

    player: str = ALL
    game: str = ALL
    place: str = ALL
    since: str = ""
    until: str = ""

    def chosen(self) -> bool:
        return any(v != ALL for v in (self.player, self.game, self.place)) or bool(self.since or self.until)


@dataclass(frozen=True)
class Scope:
    """The filters as the statistics read them: days parsed, the player known to exist."""

    since: date | None = None
    until: date | None = None
    game: str | None = None
    player_id: int | None = None
    place: str | None = None

    def filters(self, *, game: bool = True, player: bool = True) -> Filters:
        return Filters(since=self.since, until=self.until, game=self.game if game else None,
                       player_id=self.player_id if player else None, place=self.place)


def parse_day(text: str) -> date | None:
    """``"2025-03-01"`` → that day; ``""`` → None; anything else raises ValueError."""
    text = text.strip()
    return date.fromisoformat(text) if text else None


def resolve(choice: Choice, player_ids: set[int], bad_date: Callable[[str], str]) -> tuple[Scope, list[str]]:
    """The scope the filters choose, and what is wrong in them (``bad_date``: the message for a bad day)."""
    errors: list[str] = []
    since = until = None
    try:
        since = parse_day(choice.since)
    except ValueError:
        errors.append(bad_date(choice.since))
    try:
        day = parse_day(choice.until)
        until = day + timedelta(days=1) if day else None  # "to 5 March" includes 5 March
    except ValueError:
        errors.append(bad_date(choice.until))
    pid = int(choice.player) if choice.player != ALL else None
    return Scope(since, until, None if choice.game == ALL else choice.game,
                 pid if pid in player_ids else None, None if choice.place == ALL else choice.place), errors


def pct(rate: float | None) -> str:
    return "–" if rate is None else f"{round(100 * rate)}"


def colour(slug: str) -> str:
    """A game's colour in the charts: its card's."""
    found = registry.cards().get(slug)
    return found.colour if found else ft.Colors.TEAL


def card(title: str, controls: list[ft.Control], ident: str | None = None) -> ft.Control:
    body = ft.Card(ft.Container(ft.Column([ft.Text(title, size=18, weight=ft.FontWeight.BOLD), *controls],
                                          spacing=6), padding=12))
    return ft.Semantics(content=body, identifier=ident) if ident else body


def chart_box(chart: ft.Control, label: str, ident: str) -> ft.Control:
    """A chart with a name for screen readers (and tests): the chart itself is a drawing."""
    return ft.Semantics(content=ft.Container(chart, height=220, padding=ft.Padding.only(right=12, top=8)),
                        identifier=ident, label=label)


def cards(controls: list[ft.Control]) -> ft.Control:
    """A section's cards, one under the other, as wide as the screen."""
    return ft.Column(controls, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def score_chart(points: list[Any], lang: str) -> ft.Control:
    series: dict[str, list[fch.LineChartDataPoint]] = {}
    for i, p in enumerate(points):
        tip = f"#{p.match_id} {fmt_number(p.total, lang)}"
        series.setdefault(p.game, []).append(fch.LineChartDataPoint(x=i, y=p.total, tooltip=tip))
    return fch.LineChart(
        data_series=[fch.LineChartData(points=pts, color=colour(slug), stroke_width=3, point=True)
                     for slug, pts in series.items()],
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


def turn_order_lines(seats: list[Any], lang: str) -> list[ft.Control]:
    """One line per position at the table: played, won, average score."""
    return [ft.Text(t("seat_line", lang, a=t("first_to_play", lang) if s.position == 0 else
                      t("position", lang, a=s.position + 1),
                      b=s.played, c=pct(s.win_rate), d=fmt_number(round(s.average), lang))) for s in seats]


# --------------------------------------------------------------------------- the filters


@component
def FilterBar(choice: Choice, set_choice: Callable[[Choice], None], players: list[tuple[int, str]],
              where: list[str]) -> ft.Control:
    """Player, game, place, from, to; ``players``: (id, name); ``where``: the places of the history."""
    app = use_app()

    def pick(field: str) -> Callable[[Any], None]:
        return lambda e: set_choice(replace(choice, **{field: e.control.value or ALL}))

    def typed(field: str) -> Callable[[Any], None]:
        return lambda e: set_choice(replace(choice, **{field: e.control.value or ""}))

    def options(everything: str, pairs: list[tuple[str, str]]) -> list[ft.DropdownOption]:
        return [ft.DropdownOption(key=ALL, text=app.t(everything))] + [
            ft.DropdownOption(key=k, text=v) for k, v in pairs]

    games = [(g.key, g.name.get(app.lang)) for g in all_games(app.store.engine)
             if g.key in registry.cards() or g.key.startswith("pad:")]
    return ft.Row([
        dropdown(app.t("player"), choice.player, options("all_players", [(str(i), n) for i, n in players]),
                 pick("player"), "stats-player", width=200),
        dropdown(app.t("game"), choice.game, options("all_games", games), pick("game"), "stats-game", width=240),
        dropdown(app.t("place"), choice.place, options("all_places", [(p, p) for p in where]),
                 pick("place"), "stats-place", width=200),
        ft.TextField(label=app.t("since"), value=choice.since, width=170, dense=True,
                     on_blur=typed("since"), on_submit=typed("since")),
        ft.TextField(label=app.t("until"), value=choice.until, width=170, dense=True,
                     on_blur=typed("until"), on_submit=typed("until")),
    ], wrap=True, spacing=8, run_spacing=8)


# --------------------------------------------------------------------------- the sections


@component
def Summary(counts: dict[str, int], h: int) -> ft.Control:
    """How many matches of each game, and the h-index."""
    app = use_app()
    total = sum(counts.values())
    return card(tn("count_matches", total, app.lang), [
        ft.Row([ft.Row([emblem(s, 24), ft.Text(f"{game_name(s, app.lang)} : {n}")], spacing=4)
                for s, n in counts.items()], wrap=True, spacing=12),
        ft.Text(app.t("h_index", a=h), weight=ft.FontWeight.BOLD),
        ft.Text(app.t(f"h_index_help_{h}") if h < 2 else app.t("h_index_help", a=h), size=12, italic=True),
    ], "stats-summary")


def player_card(ps: Any, lang: str) -> ft.Control:
    """A player's matches played and won, per game."""
    rows = [ft.Text(t("played_won", lang, a=tn("count_matches", ps.played, lang), b=tn("count_wins", ps.won, lang),
                              c=pct(ps.win_rate)), weight=ft.FontWeight.BOLD)]
    if ps.favourite_game:
        rows.append(ft.Text(t("favourite", lang, a=game_name(ps.favourite_game, lang))))
    rows.append(ft.DataTable(
        columns=[ft.DataColumn(ft.Text(t(k, lang))) for k in ("game", "col_played", "col_won", "col_rate",
                                                               "col_best", "col_avg")],
        rows=[ft.DataRow([ft.DataCell(ft.Text(game_name(g.game, lang))),
                          ft.DataCell(ft.Text(str(g.played))), ft.DataCell(ft.Text(str(g.won))),
                          ft.DataCell(ft.Text(pct(g.win_rate))), ft.DataCell(ft.Text(fmt_number(g.best, lang))),
                          ft.DataCell(ft.Text(fmt_number(round(g.average), lang)))]) for g in ps.games],
        column_spacing=14, heading_row_height=36, data_row_min_height=32, data_row_max_height=40))
    return card(ps.name, [ft.Row([ft.Column(rows)], scroll=ft.ScrollMode.AUTO)], "stats-player-card")


def score_card(points: list[Any], lang: str) -> ft.Control:
    """A player's scores, match after match, one line per game in the game's colour."""
    title = t("score_over_time", lang)
    legend = [ft.Row([ft.Container(width=12, height=12, bgcolor=colour(s), border_radius=6),
                      ft.Text(game_name(s, lang), size=12)], spacing=4)
              for s in dict.fromkeys(p.game for p in points)]
    return card(title, [chart_box(score_chart(points, lang), title, "chart-score-over-time"),
                        ft.Row(legend, wrap=True)])


@component
def PlayerSection(scope: Scope) -> ft.Control:
    """One player's card, scores over time, head-to-head and turn order."""
    app = use_data()
    lang, store, pid = app.lang, app.store, scope.player_id
    assert pid is not None
    filters = scope.filters(player=False)
    out = [player_card(player_stats(store, pid, filters), lang)]
    points = list(score_timeline(store, pid, filters))
    if points:
        out.append(score_card(points, lang))
    rivals = head_to_head(store, pid, filters)
    if rivals:
        out.append(card(app.t("head_to_head"), [
            ft.Text(app.t("h2h_line", a=r.name, b=r.wins, c=r.losses, d=r.ties)) for r in rivals]))
    seats = seat_effect(store, filters, player_id=pid)
    if seats:
        out.append(card(app.t("turn_order"), turn_order_lines(seats, lang)))
    return cards(out)


@component
def WinsSection(scope: Scope) -> ft.Control:
    """The ten players who won most."""
    app = use_data()
    table = standings(app.store, scope.filters(player=False))[:10]
    if not table:
        return cards([])
    return card(app.t("wins_per_player"), [chart_box(
        bar_chart([(s.name, s.won) for s in table], ft.Colors.TEAL), app.t("wins_per_player"),
        "chart-wins-per-player")])


def game_card(gs: Any, lang: str) -> ft.Control:
    """One game's matches, length, scores and first player's wins."""
    lines = [ft.Text(t("game_summary", lang, a=game_name(gs.game, lang), b=gs.matches,
                       c=round(gs.average_minutes or 0)), weight=ft.FontWeight.BOLD)]
    if gs.score_min is not None:
        low, high, mean = (fmt_number(v, lang) for v in (gs.score_min, gs.score_max, round(gs.score_avg or 0)))
        lines.append(ft.Text(t("score_range", lang, a=low, b=high, c=mean)))
    lines.append(ft.Text(t("first_player_wins", lang, a=pct(gs.first_seat_win_rate))))
    return card(t("game", lang), lines, "stats-game-card")


@component
def GameSection(scope: Scope) -> ft.Control:
    """One game's card, score distribution, turn order and set-ups."""
    app = use_data()
    lang, store, slug = app.lang, app.store, scope.game
    assert slug is not None
    others = scope.filters(game=False)
    out = [game_card(game_stats(store, slug, others), lang)]
    buckets = score_distribution(store, slug, others)
    if buckets:
        out.append(card(app.t("score_distribution"), [chart_box(
            bar_chart([(short(b.low), b.count) for b in buckets], ft.Colors.INDIGO),
            app.t("score_distribution"), "chart-score-distribution")]))
    out.append(card(app.t("turn_order"), turn_order_lines(seat_effect(store, scope.filters()), lang)))
    out.append(card(app.t("setups"), [ft.Text(app.t(
        "setup_line", a=describe_options(r.options, lang), b=r.matches,
        c=pct(r.first_seat_wins / r.matches if r.matches else None),
        d=fmt_number(round(r.average_winning_score or 0), lang))) for r in setups(store, slug, others)]))
    return cards(out)


# --------------------------------------------------------------------------- the screen


@component
def StatsScreen(player_id: str = "") -> ft.Control:
    app = use_data()
    store = app.store
    choice, set_choice = ft.use_state(Choice(player=player_id or ALL))
    report, set_report = ft.use_state(list[str]())
    everyone = [(p.id, p.name) for p in store.players() if p.id is not None]
    scope, errors = resolve(choice, {i for i, _n in everyone}, lambda text: app.t("bad_date", a=text))
    body: list[ft.Control] = [
        ft.Text(app.t("stats"), size=22, weight=ft.FontWeight.BOLD),
        FilterBar(choice, set_choice, everyone, places(store)),
        *[ft.Text(e, color=ft.Colors.ERROR) for e in errors],
    ]
    if choice.chosen():
        body.append(ft.TextButton(app.t("reset_filters"), icon=ft.Icons.FILTER_ALT_OFF,
                                  on_click=lambda _e: set_choice(Choice())))
    counts = matches_per_game(store, scope.filters())
    total = sum(counts.values())
    body.append(Summary(counts, h_index(store, scope.filters(game=False))))
    if not total:
        body.append(ft.Text(app.t("no_stats"), italic=True))
    else:
        if scope.player_id is not None:
            body.append(PlayerSection(scope, key="stats-player-section"))
        body.append(WinsSection(scope, key="stats-wins-section"))
        body.append(GameSection(scope, key="stats-game-section") if scope.game else
                    ft.Text(app.t("choose_game_for_more"), italic=True, size=12))
    body.append(card(app.t("export"), transfer_controls(scope.filters(), report, set_report)))
    return ft.Column(body, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def describe_options(options: dict[str, Any], lang: str) -> str:
    """``{"players": 4, "configuration": "first"}`` → ``"4 joueurs, configuration: first"``."""
    parts = []
    for key, value in options.items():
        if key == "players":
            parts.insert(0, tn("count_players", value, lang))
        elif value is True or (isinstance(value, str) and value not in ("", "random")):
            parts.append(key.replace("_", " ") if value is True else f"{key.replace('_', ' ')}: {value}")
    return ", ".join(parts) or "–"
