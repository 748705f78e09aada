"""Home: the games, and the matches in progress to resume.

The first page the app draws: it lists the games from their cards (each game folder's
``card.py``, through :mod:`scoring.core.registry`), so that it waits for no rule engine's import.
"""

from __future__ import annotations

import functools
import importlib.resources
from pathlib import PurePosixPath

import flet as ft

from app import shared
from app.guard import component
from app.i18n import t
from app.state import use_app, use_data
from app.widgets import fmt_date, section
from db.games import engine_slug, game_name
from db.history import MatchSummary
from scoring.core import registry

#: where the server serves the games' emblems (:func:`app.main.serve_emblems`)
EMBLEMS = "emblems/"


def emblem_file(slug: str) -> tuple[str, bytes]:
    """The game's emblem as its file's name and bytes, read from its folder (a game is one folder: its picture
    travels with it); ``("", b"")`` for a game without one, or for a name that is no game's (kept nowhere:
    a device may ask for any name)."""
    return _emblem_file(slug) if slug in registry.slugs() else ("", b"")


@functools.cache
def _emblem_file(slug: str) -> tuple[str, bytes]:
    name = registry.card(slug).emblem
    if not name:
        return "", b""
    return name, (importlib.resources.files(registry.package(slug)) / name).read_bytes()


def emblem(slug: str, size: int = 48) -> ft.Control:
    """The game's emblem, by its address on this server: the browser fetches it once and keeps it, and draws it
    after the screen's first frame rather than in it (sent inside the screen, the four emblems of the home were
    a quarter of its first frame: 37 ms of a phone page's main thread, docs/benchmarks-details.md)."""
    name, _data = emblem_file(slug)
    if not name:
        return ft.Icon(ft.Icons.CASINO, size=size)
    # a picture beside the game's name, which says it: out of the accessibility tree (a screen reader called the
    # whole game card "image, Les Apaches de Paris, 2–4 joueurs…")
    return ft.Image(src=f"{EMBLEMS}{slug}{PurePosixPath(name).suffix}", width=size, height=size,
                    exclude_from_semantics=True)


#: the setting that remembers the first-start card was dismissed
WELCOME_DONE = "welcome_done"


@component
def Welcome() -> ft.Control:
    """The first start: how to begin, and how the players' phones join (dismissed once, remembered)."""
    app = use_data()

    def dismiss(_e: object) -> None:
        app.store.set_setting(WELCOME_DONE, "1")
        app.changed()

    return ft.Card(ft.Container(ft.Column([
        ft.Row([ft.Icon(ft.Icons.QR_CODE_2, size=32),
                ft.Text(app.t("welcome_title"), size=18, weight=ft.FontWeight.BOLD, expand=True)]),
        ft.Text(app.t("welcome_text")),
        ft.Row([ft.TextButton(app.t("welcome_ok"), icon=ft.Icons.CHECK, on_click=dismiss)],
               alignment=ft.MainAxisAlignment.END),
    ], spacing=8), padding=12), bgcolor=ft.Colors.SECONDARY_CONTAINER)


@component
def _Resume(ongoing: tuple[MatchSummary, ...], lang: str) -> ft.Control:
    """The matches in progress, each with its way back."""
    app = use_app()
    resume: list[ft.Control] = []
    for m in ongoing:
        resume.append(ft.ListTile(
            leading=emblem(engine_slug(m.game), 36), title=ft.Text(f"{game_name(m.game, lang)} #{m.id}"),
            subtitle=ft.Text(f"{', '.join(m.names)} · {t('started', lang, a=fmt_date(m.started_at, lang))}"),
            trailing=ft.Button(t("resume", lang), on_click=lambda _e, i=m.id: app.go(f"/match/{i}")),
        ))
    if not resume:
        resume.append(ft.Text(f"{t('none_in_progress', lang)} {t('start_one', lang)}", italic=True))
    return section(t("in_progress", lang), resume)


#: re-rendered when a match starts, ends or is abandoned: not at every event of a match in play
Resume = ft.memo(_Resume)


@component
def _Games(lang: str) -> ft.Control:
    """Each game's card, to start a new match of it."""
    app = use_app()
    cards: list[ft.Control] = []
    for slug, game in registry.cards().items():
        cards.append(ft.Card(ft.Container(ft.Column([
            ft.Row([emblem(slug), ft.Column([
                ft.Text(game.name.get(lang), size=18, weight=ft.FontWeight.BOLD),
                ft.Text(t("n_players", lang, a=game.min_players, b=game.max_players)),
            ], spacing=2, expand=True)]),
            ft.Text(game.description.get(lang)),
            # the button reads "Nouvelle partie"; a screen reader says which game's ("Robby Solo : nouvelle partie")
            ft.Row([ft.Button(ft.Text(t("new_match", lang),
                                      semantics_label=t("new_match_of", lang, a=game.name.get(lang))),
                              icon=ft.Icons.ADD, on_click=lambda _e, s=slug: app.go(f"/new/{s}"))],
                   alignment=ft.MainAxisAlignment.END),
        ], spacing=8), padding=12, border=ft.Border.only(left=ft.BorderSide(6, game.colour)))))
    return section(t("games", lang), cards)


#: drawn once per language: the games do not change while the server runs
Games = ft.memo(_Games)


@component
def Home() -> ft.Control:
    app = use_data()
    # Every page on this screen re-renders at each write (a match may have started or ended): one read for
    # all of them (app.shared), and only the list of matches redrawn when it changed.
    ongoing = shared.read(("in_progress", id(app.store)), lambda: tuple(app.store.in_progress()))
    return ft.Column([
        ft.Text(app.t("tagline"), size=16, italic=True),
        *([Welcome(key="welcome")] if not ongoing and not app.store.get_setting(WELCOME_DONE) else []),
        Resume(ongoing, app.lang, key="resume"),
        Games(app.lang, key="games"),
    ], spacing=16)
