"""The app's screens and their routes."""

from __future__ import annotations

import re
from collections.abc import Callable

import flet as ft

from app.guard import component
from app.screens.history import HistoryList, MatchReview
from app.screens.home import Home
from app.screens.match import MatchScreen
from app.screens.new_match import NewMatch
from app.screens.players import Players
from app.screens.stats import StatsScreen
from app.screens.table import GuestHome, SeatScreen, TableScreen
from app.state import use_app

NAV = [
    ("/", ft.Icons.HOME, "home"),
    ("/new", ft.Icons.ADD_CIRCLE, "new_match"),
    ("/players", ft.Icons.PEOPLE, "players"),
    ("/history", ft.Icons.HISTORY, "history"),
    ("/stats", ft.Icons.INSIGHTS, "stats"),
]

ROUTES: list[tuple[re.Pattern[str], Callable[..., ft.Control]]] = [
    (re.compile(r"/"), Home),
    (re.compile(r"/new"), NewMatch),
    (re.compile(r"/new/(?P<slug>[\w-]+)"), NewMatch),
    (re.compile(r"/players"), Players),
    (re.compile(r"/match/(?P<match_id>\d+)"), MatchScreen),
    (re.compile(r"/history"), HistoryList),
    (re.compile(r"/history/(?P<match_id>\d+)"), MatchReview),
    (re.compile(r"/stats"), StatsScreen),
    (re.compile(r"/stats/player/(?P<player_id>\d+)"), StatsScreen),
    (re.compile(r"/seat/(?P<match_id>\d+)/(?P<token>[\w-]+)"), SeatScreen),
    (re.compile(r"/table/(?P<match_id>\d+)"), TableScreen),
]

#: what a phone on the network may open (every other path shows it :func:`GuestHome`)
GUEST_SCREENS = (SeatScreen, TableScreen)


def resolve(path: str, host_device: bool = True) -> tuple[Callable[..., ft.Control], dict[str, str]]:
    """The screen for a path, and its parameters; a guest device gets only the table and seat screens."""
    path = path.rstrip("/") or "/"
    for pattern, screen in ROUTES:
        m = pattern.fullmatch(path)
        if m:
            if not host_device and screen not in GUEST_SCREENS:
                return GuestHome, {}
            return screen, m.groupdict()
    return NotFound if host_device else GuestHome, {}


@component
def NotFound() -> ft.Control:
    app = use_app()
    return ft.Column([ft.Text(app.t("not_found")),
                      ft.Button(app.t("back_home"), on_click=lambda _e: ft.context.page.navigate("/"))])
