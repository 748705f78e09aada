"""The app's screens and their routes."""

from __future__ import annotations

import flet as ft

from app.screens.history import HistoryList, MatchReview
from app.screens.home import Home
from app.screens.match import MatchScreen
from app.screens.new_match import NewMatch
from app.screens.players import Players
from app.state import use_app

NAV = [
    ("/", ft.Icons.HOME, "home"),
    ("/new", ft.Icons.ADD_CIRCLE, "new_match"),
    ("/players", ft.Icons.PEOPLE, "players"),
    ("/history", ft.Icons.HISTORY, "history"),
]

ROUTES = [
    ft.Route(index=True, component=Home),
    ft.Route(path="new", component=NewMatch),
    ft.Route(path="new/:slug", component=NewMatch),
    ft.Route(path="players", component=Players),
    ft.Route(path="match/:id", component=MatchScreen),
    ft.Route(path="history", component=HistoryList),
    ft.Route(path="history/:id", component=MatchReview),
]


@ft.component
def NotFound() -> ft.Control:
    app = use_app()
    return ft.Column([ft.Text(app.t("not_found")),
                      ft.Button(app.t("back_home"), on_click=lambda _e: ft.context.page.navigate("/"))])
