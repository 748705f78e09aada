"""The statistics' charts: numbers on their axes as the language writes them in short (Babel's compact
forms: "22 k" in French, "22k" in English, "22K" in Italian), counts in whole-number steps, and the
wins per player as named bars (every bar carries its player's name and count, also for screen readers).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import flet as ft
import flet_charts as fch

from app.i18n import compact, number, t, tn
from db.games import PALETTE
from db.games import colour as game_colour

#: at most this many labels along an axis
AXIS_LABELS = 5


def colours(keys: Iterable[str]) -> dict[str, str]:
    """Each game's colour in one chart, in the order the games come: its own (an engine's card's; a named game's,
    made from its key: :func:`db.games.colour`), unless a game before it in the chart has that colour already;
    then the first of the named games' palette that none has (every named game was drawn in one teal, and two
    games' keys may well give the same colour).

    >>> colours(["apprentis", "pad:carcassonne", "pad:azul"])
    {'apprentis': '#8e5b9f', 'pad:carcassonne': '#8e24aa', 'pad:azul': '#e53935'}
    >>> colours(["pad:carcassonne", "pad:7-wonders", "pad:brass"])  # the same colour from their keys
    {'pad:carcassonne': '#8e24aa', 'pad:7-wonders': '#3949ab', 'pad:brass': '#00897b'}
    """
    out: dict[str, str] = {}
    for key in dict.fromkeys(keys):
        taken = {c.lower() for c in out.values()}
        own = game_colour(key)
        out[key] = own if own.lower() not in taken else next((c for c in PALETTE if c.lower() not in taken), own)
    return out


def axis_number(n: int, lang: str) -> str:
    """A number under or beside a chart, in short, as CLDR 48 writes it: ``22 k`` (fr), ``22k`` (en), ``22K``
    (it); a number with no short form is written whole.

    >>> [axis_number(22000, lang) for lang in ("fr", "en", "it")], axis_number(3, "fr")
    (['22\\xa0k', '22k', '22K'], '3')
    """
    short = compact(n, lang)
    return number(n, lang) if short.lstrip("-").isdigit() else short


def whole_step(top: float) -> int:
    """A step of 1, 2 or 5 times a power of ten putting at most :data:`AXIS_LABELS` labels up to ``top``.

    >>> [whole_step(t) for t in (0, 1, 3, 4, 7, 12, 89, 22000)]
    [1, 1, 1, 1, 2, 5, 20, 5000]
    """
    base = 1
    while True:
        for k in (1, 2, 5):
            if top / (k * base) <= AXIS_LABELS:
                return k * base
        base *= 10


def steps_axis(low: float, high: float, lang: str, size: int = 44) -> tuple[fch.ChartAxis, int, int]:
    """An axis labelled at whole steps from ``low`` to ``high``; and the chart's bounds on it."""
    step = whole_step(max(1.0, high - min(0.0, low)))
    first = int(low // step) * step if low < 0 else 0
    last = int(-(-high // step)) * step if high > 0 else step
    labels = [fch.ChartAxisLabel(value=v, label=ft.Text(axis_number(v, lang), size=11))
              for v in range(first, last + 1, step)]
    return fch.ChartAxis(labels=labels, label_size=size), first, last


#: games whose highest scores differ by more than this factor are drawn in charts of their own
SCALE = 10


def scale_groups(points: list[Any]) -> list[list[str]]:
    """The games of a player's scores, in groups of one scale, each drawn in a chart of its own: Le Gang des
    Traction-Avant's millions flattened every other game's scores into one line at zero.  Games are taken from
    the smallest highest score up; a game joins the group before it while its highest score is at most
    :data:`SCALE` times that group's smallest.  The groups come most played first.  A game whose scores are all
    zero (plays recorded without scores, a cooperative game) has nothing to draw beside games that have scores.

    >>> from types import SimpleNamespace as P
    >>> scale_groups([P(game="azul", total=60), P(game="gang", total=1_500_000), P(game="catan", total=10),
    ...               P(game="gang", total=900_000), P(game="gang", total=0)])
    [['gang'], ['catan', 'azul']]
    >>> scale_groups([P(game="a", total=-5), P(game="b", total=30)])
    [['a', 'b']]
    >>> scale_groups([P(game="coop", total=0), P(game="b", total=30)]), scale_groups([P(game="coop", total=0)])
    ([['b']], [['coop']])
    """
    top: dict[str, int] = {}
    played: dict[str, int] = {}
    for p in points:
        top[p.game] = max(top.get(p.game, 0), abs(p.total))
        played[p.game] = played.get(p.game, 0) + 1
    groups: list[list[str]] = []
    scored = [g for g in top if top[g]] or list(top)
    for game in sorted(scored, key=lambda g: top[g]):
        if groups and max(1, top[game]) <= SCALE * max(1, top[groups[-1][0]]):
            groups[-1].append(game)
        else:
            groups.append([game])
    return sorted(groups, key=lambda group: -sum(played[g] for g in group))


def score_chart(points: list[Any], lang: str, shown: dict[str, str] | None = None) -> ft.Control:
    """A player's scores, match after match (``x``: the point's place in the player's matches), one line per
    game in the game's colour (``shown``: the colours of the card the chart is in)."""
    series: dict[str, list[fch.LineChartDataPoint]] = {}
    for i, p in enumerate(points):
        tip = f"#{p.match_id} {number(p.total, lang)}"
        series.setdefault(p.game, []).append(fch.LineChartDataPoint(x=i, y=p.total, tooltip=tip))
    axis, low, high = steps_axis(min(p.total for p in points), max(p.total for p in points), lang, size=52)
    shown = shown or colours(series)
    return fch.LineChart(
        data_series=[fch.LineChartData(points=pts, color=shown[slug], stroke_width=3, point=True)
                     for slug, pts in series.items()],
        left_axis=axis, min_y=low, max_y=high, bottom_axis=fch.ChartAxis(show_labels=False),
        horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=1),
        interactive=True)


def distribution_chart(buckets: list[Any], lang: str) -> ft.Control:
    """How many scores fell in each bucket: the buckets' lower bounds below, counts in whole steps."""
    axis, _low, high = steps_axis(0, max(b.count for b in buckets), lang, size=36)
    every = max(1, -(-len(buckets) // 6))  # at most six bounds under the bars: a phone's width
    return fch.BarChart(
        groups=[fch.BarChartGroup(x=i, rods=[fch.BarChartRod(
            from_y=0, to_y=b.count, width=18, color=ft.Colors.INDIGO,
            tooltip=t("skipped_line", lang, a=f"{axis_number(b.low, lang)}–{axis_number(b.high, lang)}", b=b.count),
            border_radius=ft.BorderRadius.only(top_left=4, top_right=4))]) for i, b in enumerate(buckets)],
        bottom_axis=fch.ChartAxis(labels=[fch.ChartAxisLabel(value=i, label=ft.Text(axis_number(b.low, lang), size=10))
                                          for i, b in enumerate(buckets) if i % every == 0], label_size=28),
        left_axis=axis, max_y=high, interactive=True)


def wins_bars(rows: list[tuple[str, int]], lang: str, name_width: int = 104) -> ft.Control:
    """One bar per player, each named (cut to ``name_width`` px, whole in its tooltip), its length the player's
    wins, the count at its end."""
    top = max((v for _n, v in rows), default=0) or 1

    def bar(name: str, won: int) -> ft.Control:
        said = t("skipped_line", lang, a=name, b=tn("count_wins", won, lang))
        return ft.Semantics(content=ft.Row([
            ft.Text(name, width=name_width, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS, tooltip=name),
            ft.Row([ft.Container(height=18, expand=max(won, 0), bgcolor=ft.Colors.TEAL, border_radius=4),
                    ft.Container(height=18, expand=top - won)] if won else [ft.Container(expand=1)],
                   expand=True, spacing=0),
            ft.Text(number(won, lang), width=44, text_align=ft.TextAlign.RIGHT),
        ], spacing=8), label=said, container=True)

    return ft.Column([bar(name, won) for name, won in rows], spacing=6)
