"""Players: create, rename, merge duplicates."""

from __future__ import annotations

import flet as ft

from app.guard import component
from app.state import use_data
from app.widgets import dropdown
from db.store import StoreError


@component
def Players() -> ft.Control:
    app = use_data()
    new_name, set_new_name = ft.use_state("")
    typed = ft.use_ref("")  # the latest keystrokes, even before they re-render
    editing, set_editing = ft.use_state(None)  # (player id, draft name)
    draft_ref = ft.use_ref("")
    merging, set_merging = ft.use_state(None)  # player id being merged away
    players = app.store.players()

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
        try:
            app.store.rename_player(pid, name)
        except StoreError as exc:
            app.refuse(exc)
            return
        set_editing(None)
        app.tell("")
        app.changed()

    def merge(drop: int, keep: int) -> None:
        names = {p.id: p.name for p in players}
        try:
            app.store.merge_players(keep, drop)
        except StoreError as exc:
            app.refuse(exc)
            return
        set_merging(None)
        app.tell(app.t("merged", a=names[drop], b=names[keep]))
        app.changed()

    rows: list[ft.Control] = []
    for p in players:
        assert p.id is not None
        pid = p.id
        if editing and editing[0] == pid:
            draft = editing[1]
            rows.append(ft.Row([
                ft.TextField(label=app.t("name"), value=draft, expand=True, autofocus=True,
                             on_change=lambda e, pid=pid: (setattr(draft_ref, "current", e.control.value),
                                                           set_editing((pid, e.control.value))),
                             on_submit=lambda _e, pid=pid: save_rename(pid, draft_ref.current)),
                ft.IconButton(ft.Icons.CHECK, tooltip=app.t("save"),
                              on_click=lambda _e, pid=pid: save_rename(pid, draft_ref.current)),
                ft.IconButton(ft.Icons.CLOSE, tooltip=app.t("cancel"), on_click=lambda _e: set_editing(None)),
            ]))
        elif merging == pid:
            others = [o for o in players if o.id != pid]
            rows.append(ft.Row([
                dropdown(app.t("merge_into", a=p.name), None,
                         [ft.DropdownOption(key=str(o.id), text=o.name) for o in others],
                         lambda e, pid=pid: merge(pid, int(e.control.value)), f"merge-{pid}", width=280),
                ft.IconButton(ft.Icons.CLOSE, tooltip=app.t("cancel"), on_click=lambda _e: set_merging(None)),
            ]))
        else:
            rows.append(ft.Row([
                ft.CircleAvatar(content=ft.Text(p.name[:1].upper())),
                ft.Text(p.name, expand=True, size=16),
                ft.IconButton(ft.Icons.EDIT, tooltip=f"{app.t('rename')} {p.name}",
                              on_click=lambda _e, pid=pid, n=p.name: (setattr(draft_ref, "current", n),
                                                                      set_editing((pid, n)))),
                ft.IconButton(ft.Icons.MERGE, tooltip=f"{app.t('merge')} {p.name}",
                              on_click=lambda _e, pid=pid: set_merging(pid)),
            ]))
    if not players:
        rows.append(ft.Text(app.t("no_players"), italic=True))
    return ft.Column([
        ft.Text(app.t("players"), size=22, weight=ft.FontWeight.BOLD),
        ft.Row([ft.TextField(label=app.t("add_player"), value=new_name, expand=True,
                             on_change=lambda e: (setattr(typed, "current", e.control.value),
                                                   set_new_name(e.control.value)), on_submit=add),
                ft.Button(app.t("add"), icon=ft.Icons.PERSON_ADD, on_click=add)]),
        *rows,
    ], spacing=8)
