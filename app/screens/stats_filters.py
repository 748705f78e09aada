"""The statistics' filters: player, game, place (dropdowns) and the dates, chosen on a calendar
(``ft.DatePicker``) rather than typed, each with a button to clear it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date, datetime
from typing import Any

import flet as ft

from app.guard import component
from app.i18n import tn
from app.layout import locale_of
from app.screens.history_dates import day_text, picked
from app.state import use_app
from app.widgets import dropdown
from db.games import all_games
from scoring.core import registry

ALL = "*"
#: a filter's width: two fill a phone's line (390 px less the margins), four a wide window's, as the History's
HALF = 175
#: the widest a filter gets: a phone's line (two ``HALF`` boxes and the space between)
LINE = 2 * HALF + 8
#: the calendar's range
FIRST_DAY, LAST_DAY = datetime(2000, 1, 1), datetime(2100, 12, 31)


@dataclass(frozen=True)
class Choice:
    """What the filters hold (``ALL``: no filter; days as ISO text, ``""``: none)."""

    player: str = ALL
    game: str = ALL
    place: str = ALL
    since: str = ""
    until: str = ""
    players: str = ALL  # how many seats the match had ("3")

    def chosen(self) -> bool:
        return (any(v != ALL for v in (self.player, self.game, self.place, self.players))
                or bool(self.since or self.until))


@component
def DateFilter(field: str, choice: Choice, set_choice: Callable[[Choice], None]) -> ft.Control:
    """One end of the dates: a button that opens a calendar, and one that clears the day."""
    app = use_app()
    page = ft.context.page
    current: str = getattr(choice, field)
    label = app.t("date_from" if field == "since" else "date_to")

    def chosen(e: Any) -> None:
        if e.control.value is not None:
            set_choice(replace(choice, **{field: picked(e.control.value).isoformat()}))

    def open_calendar(_e: Any) -> None:
        value = datetime.fromisoformat(current) if current else None
        page.show_dialog(ft.DatePicker(
            value=value, first_date=FIRST_DAY, last_date=LAST_DAY, on_change=chosen,
            locale=locale_of(app.lang),
            help_text=app.t("date_pick_from" if field == "since" else "date_pick_to"),
            cancel_text=app.t("cancel"), confirm_text=app.t("date_choose"),
            error_format_text=app.t("date_bad_format"), error_invalid_text=app.t("date_out_of_range")))

    shown = day_text(date.fromisoformat(current), app.lang) if current else app.t("date_any")
    out: list[ft.Control] = [ft.OutlinedButton(app.t("skipped_line", a=label, b=shown), icon=ft.Icons.CALENDAR_MONTH,
                                               on_click=open_calendar)]
    if current:
        out.append(ft.IconButton(ft.Icons.CLOSE, tooltip=f"{app.t('date_clear')} ({label})",
                                 on_click=lambda _e: set_choice(replace(choice, **{field: ""}))))
    return ft.Row(out, spacing=0, tight=True)


def said_width(options: list[ft.DropdownOption], chosen: str) -> int:
    """A filter's width for the option it shows (10 px a letter and 64 for the box's margin and arrow): half a
    phone's line, and up to a whole line for a long name.

    >>> said_width([ft.DropdownOption(key="1", text="Léa")], "1"), said_width([], "*")
    (175, 175)
    >>> said_width([ft.DropdownOption(key="1", text="Marie-Françoise de Montmorency")], "1")
    358
    """
    text = next((o.text or "" for o in options if o.key == chosen), "")
    return min(LINE, max(HALF, 64 + 10 * len(text)))


@component
def FilterBar(choice: Choice, set_choice: Callable[[Choice], None], players: list[tuple[int, str]],
              where: list[str], counts: list[int]) -> ft.Control:
    """Player, game, number of players, place, from, to; ``players``: (id, name); ``where``: the places of
    the history; ``counts``: the numbers of players its matches had."""
    app = use_app()
    people = [(str(i), n) for i, n in players]
    # a link's player who is no longer there (merged, deleted): the figures are everyone's, the menu says so, and
    # the next filter chosen forgets that player (and the message about them)
    shown = choice if choice.player in dict(people) else replace(choice, player=ALL)

    def pick(field: str) -> Callable[[Any], None]:
        return lambda e: set_choice(replace(shown, **{field: e.control.value or ALL}))

    def options(everything: str, pairs: list[tuple[str, str]]) -> list[ft.DropdownOption]:
        # the box says "Tous" under its label ("Joueur : Tous les joue…" was cut on a phone); the menu says it whole
        said = app.t(everything)
        return [ft.DropdownOption(key=ALL, text=app.t("filter_any"), content=ft.Text(said))] + [
            ft.DropdownOption(key=k, text=v) for k, v in pairs]

    games = [(g.key, g.name.get(app.lang)) for g in all_games(app.store.engine)
             if g.key in registry.cards() or g.key.startswith("pad:")]
    # a long name chosen, or a game's long name, widens its box to say it whole (a phone's whole line at most):
    # 175 px said "Marie-Franço" of a chosen player; the others keep two boxes a line
    everyone, every_game = options("all_players", people), options("all_games", games)
    return ft.Row([
        dropdown(app.t("player"), shown.player, everyone, pick("player"), "stats-player",
                 width=said_width(everyone, shown.player), lang=app.lang),
        dropdown(app.t("game"), choice.game, every_game, pick("game"), "stats-game",
                 width=said_width(every_game, choice.game), lang=app.lang),
        dropdown(app.t("player_count"), choice.players,
                 options("any_count", [(str(n), tn("count_players", n, app.lang)) for n in counts]),
                 pick("players"), "stats-players", width=HALF, lang=app.lang),
        dropdown(app.t("place"), choice.place, options("all_places", [(p, p) for p in where]),
                 pick("place"), "stats-place", width=HALF, lang=app.lang),
        DateFilter("since", shown, set_choice),
        DateFilter("until", shown, set_choice),
    ], wrap=True, spacing=8, run_spacing=8)
