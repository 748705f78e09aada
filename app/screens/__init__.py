"""The app's screens and their routes."""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable

import flet as ft

from app.guard import component
from app.state import use_app

NAV = [
    ("/", ft.Icons.HOME, "home"),
    ("/new", ft.Icons.ADD_CIRCLE, "new_match"),
    ("/players", ft.Icons.PEOPLE, "players"),
    ("/history", ft.Icons.HISTORY, "history"),
    ("/stats", ft.Icons.INSIGHTS, "stats"),
]

#: the Data place (:mod:`app.screens.data`), reached from the host's header: named here, where the header
#: finds it without importing the screen
DATA_ROUTE = "/data"

#: each path and its screen, as ``module:name`` under ``app.screens``: a screen's module (and what
#: it imports: the charts, the match forms…) is imported the first time the screen is opened, so the
#: first page waits only for its own
ROUTES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"/"), "home:Home"),
    (re.compile(r"/new"), "new_match:NewMatch"),
    (re.compile(r"/new/(?P<slug>[\w:-]+)"), "new_match:NewMatch"),
    (re.compile(r"/players"), "players:Players"),
    (re.compile(r"/match/(?P<match_id>\d+)"), "match:MatchScreen"),
    (re.compile(r"/history"), "history:HistoryList"),
    (re.compile(r"/history/(?P<match_id>\d+)"), "history:MatchReview"),
    (re.compile(r"/stats"), "stats:StatsScreen"),
    (re.compile(r"/stats/player/(?P<player_id>\d+)"), "stats:StatsScreen"),
    (re.compile(DATA_ROUTE), "data:DataScreen"),
    # a phone's links name the match by its unguessable code (``Match.code``), never by its row id
    (re.compile(r"/seat/(?P<code>[\w-]{1,32})/(?P<token>[\w-]+)"), "table:SeatScreen"),
    (re.compile(r"/table/(?P<code>[\w-]{1,32})"), "table:TableScreen"),
]

#: what a phone on the network may open (every other path shows it :func:`GuestHome`)
GUEST_SCREENS = ("table:SeatScreen", "table:TableScreen")
GUEST_HOME = "table:GuestHome"


def screen(spec: str) -> Callable[..., ft.Control]:
    """The screen component named ``module:name`` (its module imported on first use)."""
    module, _, name = spec.partition(":")
    found: Callable[..., ft.Control] = getattr(importlib.import_module(f"app.screens.{module}"), name)
    return found


def load_all() -> None:
    """Import every screen's module now (the warm-up does, once the first page is drawn)."""
    for spec in {spec for _pattern, spec in ROUTES} | {GUEST_HOME}:
        screen(spec)


def resolve(path: str, host_device: bool = True) -> tuple[Callable[..., ft.Control], dict[str, str]]:
    """The screen for a path, and its parameters; a guest device gets only the table and seat screens."""
    path = path.rstrip("/") or "/"
    for pattern, spec in ROUTES:
        m = pattern.fullmatch(path)
        if m:
            if not host_device and spec not in GUEST_SCREENS:
                return screen(GUEST_HOME), {}
            return screen(spec), m.groupdict()
    return NotFound if host_device else screen(GUEST_HOME), {}


@component
def NotFound() -> ft.Control:
    app = use_app()
    return ft.Column([ft.Text(app.t("not_found")),
                      ft.Button(app.t("back_home"), on_click=lambda _e: app.go("/"))])
