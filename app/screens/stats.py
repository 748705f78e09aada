"""Statistics of the history: filters, figures, charts.

Every figure comes from :mod:`db.stats` (aggregated in the database), read in one go off the page's
event loop (:func:`app.screens.stats_figures.load`, a worker thread) while a progress indicator shows;
this screen only lays them out, one component per concern: the filters
(:mod:`app.screens.stats_filters`), the summary, one player's sections, the wins per player, one game's
sections.  The files (export, backup, import, restore) live on the Data screen (:mod:`app.screens.data`);
only the CSV of the matches the filters keep stays here, beside them.
A game's colour in the charts is its own (an engine's card's, a named game's from its key), unless another game
of the same chart has it (:func:`app.screens.stats_charts.colours`).
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

import flet as ft
from sqlmodel import col, select

from app.forms import option_line
from app.guard import component
from app.i18n import number, t, tn
from app.panes import WideContext
from app.screens import DATA_ROUTE
from app.screens.home import emblem
from app.screens.stats_charts import colours, distribution_chart, scale_groups, score_chart, wins_bars
from app.screens.stats_figures import Figures, GameFigures, PlayerFigures, load
from app.screens.stats_filters import ALL, Choice, FilterBar
from app.screens.transfer import FilteredCsv
from app.state import use_data
from app.widgets import fmt_number, game_name
from db.games import NAME_OPTION, engine_slug, is_pad
from db.models import Match
from db.stats import NO_FILTERS, Filters, places, player_names
from scoring import Option, UnknownGame, find_game

__all__ = ["ALL", "Choice", "Scope", "StatsScreen", "parse_day", "resolve"]


@dataclass(frozen=True)
class Scope:
    """The filters as the statistics read them: days parsed, the player known to exist."""

    since: date | None = None
    until: date | None = None
    game: str | None = None
    player_id: int | None = None
    place: str | None = None
    players: int | None = None  # the matches of that many seats

    def filters(self, *, game: bool = True, player: bool = True) -> Filters:
        return Filters(since=self.since, until=self.until, game=self.game if game else None,
                       player_id=self.player_id if player else None, place=self.place, players=self.players)


def parse_day(text: str) -> date | None:
    """``"2025-03-01"`` → that day; ``""`` → None; anything else raises ValueError."""
    text = text.strip()
    return date.fromisoformat(text) if text else None


def resolve(choice: Choice, player_ids: set[int], said: Callable[[str, str], str]) -> tuple[Scope, list[str]]:
    """The scope the filters choose, and what is wrong in them (``said(key, text)``: the page's message ``key``
    about ``text``: a day that is none, a player no longer there, from a link kept since a merge say)."""
    errors: list[str] = []
    since = until = None
    try:
        since = parse_day(choice.since)
    except ValueError:
        errors.append(said("bad_date", choice.since))
    try:
        day = parse_day(choice.until)
        until = day + timedelta(days=1) if day else None  # "to 5 March" includes 5 March
    except ValueError:
        errors.append(said("bad_date", choice.until))
    pid = int(choice.player) if choice.player.isdigit() else None
    if choice.player != ALL and pid not in player_ids:
        errors.append(said("unknown_player", choice.player))
    seats = int(choice.players) if choice.players.isdigit() else None
    return Scope(since, until, None if choice.game == ALL else choice.game,
                 pid if pid in player_ids else None, None if choice.place == ALL else choice.place, seats), errors


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


def cards(controls: list[ft.Control]) -> ft.Control:
    """A section's cards, one under the other, as wide as the screen."""
    return ft.Column(controls, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def turn_order_lines(seats: list[Any], lang: str) -> list[ft.Control]:
    """One line per position at the table: played, won, average score."""
    return [ft.Text(t("seat_line", lang, a=t("first_to_play", lang) if s.position == 0 else
                      t("position", lang, a=s.position + 1),
                      b=tn("count_matches", s.played, lang), c=pct(s.win_rate), d=fmt_number(round(s.average), lang)))
            for s in seats]


# --------------------------------------------------------------------------- the sections


def summary_card(figures: Figures, one_game: bool, lang: str) -> ft.Control:
    """How many matches of each game, and the h-index: over every game, which it says when the count
    above is one game's."""
    h = figures.h
    return card(tn("count_matches", figures.total, lang), [
        ft.Row([ft.Row([emblem(s, 24), ft.Text(t("skipped_line", lang, a=game_name(s, lang), b=number(n, lang)))],
                       spacing=4) for s, n in figures.counts.items()], wrap=True, spacing=12),
        ft.Text(t("h_index_all" if one_game else "h_index", lang, a=h), weight=ft.FontWeight.BOLD),
        ft.Text(t(f"h_index_help_{h}", lang) if h < 2 else t("h_index_help", lang, a=h, b=h + 1), size=12, italic=True),
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
                          ft.DataCell(ft.Text(number(g.played, lang))), ft.DataCell(ft.Text(number(g.won, lang))),
                          ft.DataCell(ft.Text(pct(g.win_rate))), ft.DataCell(ft.Text(fmt_number(g.best, lang))),
                          ft.DataCell(ft.Text(fmt_number(round(g.average), lang)))]) for g in ps.games],
        column_spacing=14, heading_row_height=36, data_row_min_height=32, data_row_max_height=40))
    return card(ps.name, [ft.Row([ft.Column(rows)], scroll=ft.ScrollMode.AUTO)], "stats-player-card")


def score_card(points: list[Any], lang: str) -> ft.Control:
    """A player's scores, match after match, one line per game in the game's colour; games of another scale
    (thousands beside millions) in a chart of their own, each with its legend, and games without scores left
    out beside games with scores (``scale_groups``)."""
    title = t("score_over_time", lang)
    shown = colours(p.game for p in points)  # one colour per game across the card's charts
    groups = scale_groups(points)
    parts: list[ft.Control] = []
    for games in groups:
        drawn = [p for p in points if p.game in games]
        legend = [ft.Row([ft.Container(width=12, height=12, bgcolor=shown[g], border_radius=6),
                          ft.Text(game_name(g, lang), size=12)], spacing=4) for g in games]
        parts += [ft.Container(score_chart(drawn, lang, shown), height=220 if len(groups) == 1 else 160,
                               padding=ft.Padding.only(right=12, top=8)), ft.Row(legend, wrap=True)]
    return card(title, [ft.Semantics(content=ft.Column(parts, spacing=4), identifier="chart-score-over-time",
                                     label=title)])


#: a section's parts in the phone's order, each (control, is it a chart?): a wide window puts the charts
#: in a pane of their own, beside the cards and tables
Parts = list[tuple[ft.Control, bool]]


def player_section(fig: PlayerFigures, lang: str) -> Parts:
    """One player's card, scores over time, head-to-head and turn order."""
    out: Parts = [(player_card(fig.card, lang), False)]
    if fig.points:
        out.append((score_card(fig.points, lang), True))
    if fig.rivals:
        out.append((card(t("head_to_head", lang), [
            ft.Text(t("h2h_line", lang, a=r.name, b=tn("count_won", r.wins, lang), c=tn("count_lost", r.losses, lang),
                      d=tn("count_tied", r.ties, lang))) for r in fig.rivals]), False))
    if fig.seats:
        out.append((card(t("turn_order", lang), turn_order_lines(fig.seats, lang)), False))
    return out


def wins_card(standings: list[Any], lang: str, wide: bool = False) -> ft.Control:
    """The ten players who won most, each bar named (a wide window's pane has room for a longer name)."""
    bars = wins_bars([(s.name, s.won) for s in standings], lang, name_width=200 if wide else 104)
    return ft.Semantics(content=card(t("wins_per_player", lang), [bars]), identifier="chart-wins-per-player")


def game_card(gs: Any, lang: str) -> ft.Control:
    """One game's matches, length, scores and first player's wins."""
    lines = [ft.Text(t("game_summary", lang, a=game_name(gs.game, lang), b=tn("count_matches", gs.matches, lang),
                       c=round(gs.average_minutes or 0)), weight=ft.FontWeight.BOLD)]
    if gs.score_min is not None:
        low, high, mean = (fmt_number(v, lang) for v in (gs.score_min, gs.score_max, round(gs.score_avg or 0)))
        lines.append(ft.Text(t("score_range", lang, a=low, b=high, c=mean)))
    lines.append(ft.Text(t("first_player_wins", lang, a=pct(gs.first_seat_win_rate))))
    return card(t("game", lang), lines, "stats-game-card")


def game_section(fig: GameFigures, lang: str) -> Parts:
    """One game's card, score distribution, turn order and set-ups."""
    out: Parts = [(game_card(fig.card, lang), False)]
    if fig.buckets:
        out.append((card(t("score_distribution", lang), [chart_box(
            distribution_chart(fig.buckets, lang), t("score_distribution", lang), "chart-score-distribution")]), True))
    out.append((card(t("turn_order", lang), turn_order_lines(fig.seats, lang)), False))
    out.append((card(t("setups", lang), [ft.Text(t(
        "setup_line", lang, a=describe_options(r.options, lang, fig.card.game), b=tn("count_matches", r.matches, lang),
        c=pct(r.first_seat_wins / r.matches if r.matches else None),
        d=fmt_number(round(r.average_winning_score or 0), lang))) for r in fig.setups]), False))
    return out


# --------------------------------------------------------------------------- the screen


def loading(lang: str) -> ft.Control:
    return ft.Semantics(content=ft.Row([ft.ProgressRing(width=24, height=24, stroke_width=3),
                                        ft.Text(t("stats_loading", lang))], spacing=12),
                        identifier="stats-loading", live_region=True)


def empty(chosen: bool, reset: Callable[[], None], lang: str, go: Callable[[str], None]) -> ft.Control:
    """No finished match: what to do next (play one, import a history; or widen the filters); ``go`` opens a
    screen (:meth:`app.state.AppState.go`)."""
    if chosen:
        return ft.Column([ft.Text(t("stats_empty_filtered", lang), italic=True),
                          ft.TextButton(t("reset_filters", lang), icon=ft.Icons.FILTER_ALT_OFF,
                                        on_click=lambda _e: reset())])
    return ft.Semantics(content=ft.Column([
        ft.Text(t("stats_empty", lang)),
        ft.Row([ft.Button(t("start_a_match", lang), icon=ft.Icons.ADD_CIRCLE,
                          on_click=lambda _e: go("/new")),
                ft.OutlinedButton(t("import_history", lang), icon=ft.Icons.UPLOAD_FILE,
                                  on_click=lambda _e: go(DATA_ROUTE))], wrap=True, spacing=8, run_spacing=8),
    ], spacing=8), identifier="stats-empty")


def figures_view(figures: Figures, scope: Scope, lang: str, wide: bool = False) -> list[ft.Control]:
    """The figures one under the other on a phone; on a wide window (:data:`app.panes.WideContext`) the
    charts in a pane of their own, beside the cards and tables they draw."""
    parts: Parts = [(summary_card(figures, scope.game is not None, lang), False)]
    if figures.player is not None:
        parts += player_section(figures.player, lang)
    if figures.standings:
        parts.append((wins_card(figures.standings, lang, wide), True))
    if figures.game is not None:
        parts += game_section(figures.game, lang)
    else:
        parts.append((ft.Text(t("choose_game_for_more", lang), italic=True, size=12), False))
    charts = [c for c, chart in parts if chart]
    if not (wide and charts):
        return [cards([c for c, _chart in parts])]
    return [ft.Row([ft.Container(cards([c for c, chart in parts if not chart]), expand=1),
                    ft.Container(ft.Semantics(content=cards(charts), identifier="stats-charts-pane"), expand=1)],
                   spacing=24, vertical_alignment=ft.CrossAxisAlignment.START)]


@component
def StatsScreen(player_id: str = "") -> ft.Control:
    app = use_data()
    store, lang = app.store, app.lang
    wide = ft.use_context(WideContext)  # two panes: the charts beside their tables
    choice, set_choice = ft.use_state(Choice(player=player_id or ALL))
    loaded, set_loaded = ft.use_state(None)  # (what was read for, Figures)
    everyone = player_names(store)  # ids and names only: no ORM objects for 300 players
    scope, errors = resolve(choice, {i for i, _n in everyone}, lambda key, text: app.t(key, a=text))
    wanted = (scope.filters(), app.data.value)

    async def read() -> None:  # off the event loop: at 100 000 matches the figures take some 0.4 s
        figures = await asyncio.to_thread(load, store, wanted[0])
        set_loaded((wanted, figures))

    ft.use_effect(read, [wanted], cleanup=lambda: None)  # a cleanup, so that Flet cancels a stale read
    tools: list[ft.Control] = [FilteredCsv(scope.filters(), key="stats-csv"),
                               ft.TextButton(app.t("stats_files"), icon=ft.Icons.SETTINGS_BACKUP_RESTORE,
                                             on_click=lambda _e: app.go(DATA_ROUTE))]
    if choice.chosen():
        tools.insert(0, ft.TextButton(app.t("reset_filters"), icon=ft.Icons.FILTER_ALT_OFF,
                                      on_click=lambda _e: set_choice(Choice())))
    body: list[ft.Control] = [
        ft.Text(app.t("stats"), size=22, weight=ft.FontWeight.BOLD),
        FilterBar(choice, set_choice, everyone, places(store), seat_counts(store)),
        *[ft.Text(e, color=ft.Colors.ERROR) for e in errors],
        ft.Row(tools, wrap=True, spacing=8, run_spacing=4),
    ]
    if loaded is None or loaded[0][0] != wanted[0]:  # other filters: their figures are on their way
        body.append(loading(lang))
    elif not loaded[1].total:  # filtered: the filters applied (a link's player who is gone applies none)
        body.append(empty(wanted[0] != NO_FILTERS, lambda: set_choice(Choice()), lang, app.go))
    else:  # the same filters: a write elsewhere is read again quietly, the figures stay meanwhile
        body += figures_view(loaded[1], scope, lang, wide)
    return ft.Column(body, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def seat_counts(store: Any) -> list[int]:
    """The numbers of players the finished matches had, for the player-count filter (from an index)."""
    with store.session() as s:
        found = s.exec(select(Match.seats).where(col(Match.status) == "finished", col(Match.seats) > 0).distinct())
        return sorted(int(n) for n in found)


def describe_options(options: dict[str, Any], lang: str, game: str = "") -> str:
    """A set-up in words: the player count, then each option ``game`` declares whose value is not its default,
    under the game's own label and in the page's language; an option the game does not declare (an
    import's) as it was recorded.  A named game's name is not repeated: the set-ups are read under it.

    >>> describe_options({"players": 4, "length": "long", "canvas": "easy", "programming": True}, "fr", "apprentis")
    '4 joueurs, Durée : Partie longue, Variante « programmation » : oui'
    >>> describe_options({"players": 2, "length": "short", "perso_tie": "both"}, "en", "apprentis")
    '2 players'
    >>> describe_options({"players": 3, "configuration": "first"}, "en")
    '3 players, configuration: first'
    >>> describe_options({"game_name": "Azul", "players": 3, "kind": "low"}, "en", "pad:azul")
    '3 players, Who wins: Lowest score wins'
    >>> describe_options({"players": 4, "robby_junior": False, "junior_can_win": False}, "en", "robby-solo")
    '4 players'
    """
    declared = _declared(engine_slug(game)) if game else {}
    shown = _in_effect(engine_slug(game), options) if declared else options
    parts = []
    for key, value in options.items():
        option = declared.get(key)
        if option is not None and key not in shown:
            continue  # it changes nothing here (Robby Junior's rules in a match without him)
        if key == "players":
            parts.insert(0, tn("count_players", value, lang))
        elif key == NAME_OPTION and is_pad(game):
            continue
        elif option is not None:
            if value != option.default:
                parts.append(option_line(option, value, lang))
        elif value is True or (isinstance(value, str) and value not in ("", "random")):
            parts.append(key.replace("_", " ") if value is True else f"{key.replace('_', ' ')}: {value}")
    return ", ".join(parts) or "–"


def _in_effect(engine: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options that matter with these values, as the engine ``engine`` declares them (:meth:`Game.in_effect`)."""
    return find_game(engine).in_effect(options)


@functools.cache
def _declared(engine: str) -> dict[str, Option]:
    """The set-up options the engine ``engine`` declares (a named game's is the score pad's), by key; none for a
    game this server does not know (an import's)."""
    try:
        return {o.key: o for o in find_game(engine).options}
    except UnknownGame:
        return {}
