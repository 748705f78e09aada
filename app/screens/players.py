"""Players: create, rename, merge duplicates; each with their matches and wins, a tap away from their
statistics."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from app import shared
from app.guard import component
from app.i18n import tn
from app.state import AppState, use_data
from app.widgets import dropdown
from db.stats import Standing, standings
from db.store import StoreError


def write(app: AppState, change: Callable[[], object], said: str) -> bool:
    """Make ``change``, then say ``said``; a refusal is said instead (False)."""
    try:
        change()
    except StoreError as exc:
        app.refuse(exc)
        return False
    app.tell(said)
    app.changed()
    return True


def rename_row(app: AppState, pid: int, draft: str, draft_ref: Any, set_editing: Callable[[Any], None],
               save: Callable[[int, str], None]) -> ft.Control:
    """A player's name being changed: the draft, save, cancel."""

    def typed(e: Any) -> None:
        draft_ref.current = e.control.value
        set_editing((pid, e.control.value))

    return ft.Row([
        ft.TextField(label=app.t("name"), value=draft, expand=True, autofocus=True, on_change=typed,
                     on_submit=lambda _e: save(pid, draft_ref.current)),
        ft.IconButton(ft.Icons.CHECK, tooltip=app.t("save"), on_click=lambda _e: save(pid, draft_ref.current)),
        ft.IconButton(ft.Icons.CLOSE, tooltip=app.t("cancel"), on_click=lambda _e: set_editing(None)),
    ])


def merge_row(app: AppState, pid: int, name: str, others: list[tuple[Any, str]],
              merge: Callable[[int, int], None], set_merging: Callable[[Any], None]) -> ft.Control:
    """Which player this one is a duplicate of (``others``: (id, name))."""
    return ft.Row([
        dropdown(app.t("merge_into", a=name), None, [ft.DropdownOption(key=str(i), text=n) for i, n in others],
                 lambda e: merge(pid, int(e.control.value)), f"merge-{pid}", width=280),
        ft.IconButton(ft.Icons.CLOSE, tooltip=app.t("cancel"), on_click=lambda _e: set_merging(None)),
    ])


def records(app: AppState) -> dict[int, Standing]:
    """Each player's matches and wins over the whole history (the running totals: a few rows a player), read once
    per write for every page showing the players."""
    return shared.read(("standings", id(app.store)), lambda: {s.player_id: s for s in standings(app.store)})


def player_row(app: AppState, pid: int, name: str, record: Standing | None, draft_ref: Any,
               set_editing: Callable[[Any], None], set_merging: Callable[[Any], None]) -> ft.Control:
    """A player, their matches and wins (a tap opens their statistics): rename, merge."""

    def rename(_e: Any) -> None:
        draft_ref.current = name
        set_editing((pid, name))

    played, won = (record.played, record.won) if record else (0, 0)
    said = f"{tn('count_matches', played, app.lang)} · {tn('count_wins', won, app.lang)}" if played else \
        app.t("no_match_yet")
    return ft.Row([
        ft.CircleAvatar(content=ft.Text(name[:1].upper())),
        ft.Container(ft.Column([ft.Text(name, size=16), ft.Text(said, size=13, color=ft.Colors.ON_SURFACE_VARIANT)],
                               spacing=0, tight=True),
                     expand=True, padding=ft.Padding.symmetric(vertical=4), border_radius=8, ink=True,
                     tooltip=app.t("stats_of", a=name), on_click=lambda _e: app.go(f"/stats/player/{pid}")),
        ft.IconButton(ft.Icons.EDIT, tooltip=f"{app.t('rename')} {name}", on_click=rename),
        ft.IconButton(ft.Icons.MERGE, tooltip=f"{app.t('merge')} {name}", on_click=lambda _e: set_merging(pid)),
    ])


@component
def Players() -> ft.Control:
    app = use_data()
    new_name, set_new_name = ft.use_state("")
    typed = ft.use_ref("")  # the latest keystrokes, even before they re-render
    editing, set_editing = ft.use_state(None)  # (player id, draft name)
    draft_ref = ft.use_ref("")
    merging, set_merging = ft.use_state(None)  # player id being merged away
    players = app.store.players()
    known = records(app)

    def add(_e: object = None) -> None:
        try:
            p = app.store.add_player(typed.current or "")
        except StoreError as exc:
            app.refuse(exc)
            return
        typed.current = ""
        set_new_name("")
        app.tell(f"{app.t('recorded')}: {p.name}")
        app.changed()

    def save_rename(pid: int, name: str) -> None:
        if write(app, lambda: app.store.rename_player(pid, name), ""):
            set_editing(None)

    def merge(drop: int, keep: int) -> None:
        names = {p.id: p.name for p in players}
        if write(app, lambda: app.store.merge_players(keep, drop), app.t("merged", a=names[drop], b=names[keep])):
            set_merging(None)

    rows: list[ft.Control] = []
    for p in players:
        assert p.id is not None
        if editing and editing[0] == p.id:
            rows.append(rename_row(app, p.id, editing[1], draft_ref, set_editing, save_rename))
        elif merging == p.id:
            rows.append(merge_row(app, p.id, p.name, [(o.id, o.name) for o in players if o.id != p.id],
                                  merge, set_merging))
        else:
            rows.append(player_row(app, p.id, p.name, known.get(p.id), draft_ref, set_editing, set_merging))
    if not players:
        rows.append(ft.Text(app.t("no_players"), italic=True))
    def type_name(e: Any) -> None:
        typed.current = e.control.value
        set_new_name(e.control.value)

    return ft.Column([
        ft.Text(app.t("players"), size=22, weight=ft.FontWeight.BOLD),
        ft.Row([ft.TextField(label=app.t("add_player"), value=new_name, expand=True, on_change=type_name,
                             on_submit=add),
                ft.Button(app.t("add"), icon=ft.Icons.PERSON_ADD, on_click=add)]),
        *rows,
    ], spacing=8)
