"""Players: create, rename, merge duplicates, delete a name added by mistake (with its undo); each with their
matches and wins, a tap away from their statistics."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import flet as ft

from app import shared
from app.drafts import use_draft, use_kept
from app.guard import component
from app.i18n import tn
from app.state import AppState, use_data
from app.widgets import TOUCH, dropdown
from db.models import Player
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


def merge_row(app: AppState, pid: int, name: str, others: list[tuple[Any, str]], merging: Any,
              merge: Callable[[int, int], None], set_merging: Callable[[Any], None]) -> ft.Control:
    """Which player this one is a duplicate of (``others``: (id, name)); once chosen (``merging``: [this one, the
    one kept]), asked again, since a merge is not undone (a slip in the menu merged two people at once)."""
    if not isinstance(merging, list):
        return ft.Row([
            dropdown(app.t("merge_into", a=name), None, [ft.DropdownOption(key=str(i), text=n) for i, n in others],
                     lambda e: set_merging([pid, int(e.control.value)]), f"merge-{pid}", width=280, lang=app.lang),
            ft.IconButton(ft.Icons.CLOSE, tooltip=app.t("cancel"), on_click=lambda _e: set_merging(None)),
        ])
    keep = merging[1]
    kept = dict(others).get(keep, "?")
    return ft.Card(ft.Container(ft.Column([
        ft.Text(app.t("merge_confirm", a=name, b=kept), weight=ft.FontWeight.W_500),
        ft.Row([ft.Button(app.t("merge"), icon=ft.Icons.MERGE, on_click=lambda _e: merge(pid, keep),
                          color=ft.Colors.ON_ERROR, bgcolor=ft.Colors.ERROR),
                ft.TextButton(app.t("cancel"), on_click=lambda _e: set_merging(None))], wrap=True)]), padding=12))


def records(app: AppState) -> dict[int, Standing]:
    """Each player's matches and wins over the whole history (the running totals: a few rows a player), read once
    per write for every page showing the players."""
    return shared.read(("standings", id(app.store)), lambda: {s.player_id: s for s in standings(app.store)})


def playing(app: AppState) -> dict[int, int]:
    """Each player's matches in progress, read once per write for every page."""
    return shared.read(("playing_now", id(app.store)), app.store.playing_now)


def record_line(app: AppState, record: Standing | None, running: int) -> str:
    """"2 parties · 1 victoire", "1 partie en cours" on a line of its own, or what the player has not done yet."""
    lines = [f"{tn('count_matches', record.played, app.lang)} · {tn('count_wins', record.won, app.lang)}"] \
        if record and record.played else []
    if running:
        lines.append(tn("count_running", running, app.lang))
    return "\n".join(lines) or app.t("no_match_yet")


def unseated(app: AppState) -> set[int]:
    """The players who never sat at a match (they may be deleted), read once per write for every page."""
    return shared.read(("unseated", id(app.store)), app.store.unseated_players)


def undo_row(app: AppState, name: str, set_deleted: Callable[[Any], None]) -> ft.Control:
    """A player just deleted, and the way back (the name added again: they had no match to lose)."""

    def undo(_e: Any) -> None:
        if write(app, lambda: app.store.add_player(name), app.t("skipped_line", a=app.t("recorded"), b=name)):
            set_deleted(None)

    return ft.Container(ft.Row([ft.Text(app.t("player_deleted", a=name), expand=True),
                                ft.Button(app.t("undo_delete"), icon=ft.Icons.UNDO, on_click=undo)]),
                        bgcolor=ft.Colors.SECONDARY_CONTAINER, padding=ft.Padding.only(left=12, right=4),
                        border_radius=8)


def player_row(app: AppState, pid: int, name: str, said: str, draft_ref: Any,
               set_editing: Callable[[Any], None], set_merging: Callable[[Any], None],
               delete: Callable[[], None] | None, room: bool = False) -> ft.Control:
    """A player, their record (``said``: :func:`record_line`; a tap opens their statistics): rename, merge; delete,
    for one who never sat at a match (``delete``; ``room``: another row has it, this one keeps its place empty)."""

    def rename(_e: Any) -> None:
        draft_ref.current = name
        set_editing((pid, name))

    return ft.Row([
        ft.CircleAvatar(content=ft.Text(name[:1].upper())),
        ft.Container(ft.Column([ft.Text(name, size=16), ft.Text(said, size=13, color=ft.Colors.ON_SURFACE_VARIANT)],
                               spacing=0, tight=True),
                     expand=True, padding=ft.Padding.symmetric(vertical=4), border_radius=8, ink=True,
                     tooltip=app.t("stats_of", a=name), on_click=lambda _e: app.go(f"/stats/player/{pid}")),
        ft.IconButton(ft.Icons.EDIT, tooltip=f"{app.t('rename')} {name}", on_click=rename),
        ft.IconButton(ft.Icons.MERGE, tooltip=f"{app.t('merge')} {name}", on_click=lambda _e: set_merging(pid)),
        ft.IconButton(ft.Icons.DELETE_OUTLINE, tooltip=app.t("delete_player", a=name), on_click=lambda _e: delete())
        if delete else ft.Container(width=TOUCH, visible=room),  # the buttons in line from row to row
    ])


class Edits(NamedTuple):
    """What the Players screen is changing (a name being typed, a player being merged) and its ways to change it."""

    editing: Any  # (player id, draft name), or None
    merging: Any  # the player being merged away; [that player, the one kept] once chosen
    draft_ref: Any
    set_editing: Callable[[Any], None]
    set_merging: Callable[[Any], None]
    save_rename: Callable[[int, str], None]
    merge: Callable[[int, int], None]
    delete: Callable[[int], None]


def row_of(app: AppState, p: Player, players: list[Player], said: str, free: set[int], e: Edits) -> ft.Control:
    """A player's row: being renamed, being merged, or as it is (``free``: the players who never sat at a match)."""
    pid = p.id or 0
    if e.editing and e.editing[0] == pid:
        return rename_row(app, pid, e.editing[1], e.draft_ref, e.set_editing, e.save_rename)
    if e.merging == pid or (isinstance(e.merging, list) and e.merging[0] == pid):
        return merge_row(app, pid, p.name, [(o.id, o.name) for o in players if o.id != pid], e.merging, e.merge,
                         e.set_merging)
    return player_row(app, pid, p.name, said, e.draft_ref, e.set_editing, e.set_merging,
                      (lambda: e.delete(pid)) if pid in free else None, room=bool(free))


@component
def Players() -> ft.Control:
    app = use_data()
    # what is typed or chosen kept among the page's drafts (app.drafts): a switch of language keeps it
    typed = use_kept("players:new", "")  # the latest keystrokes, even before they re-render
    _count, redraw = ft.use_state(0)
    new_name = typed.current
    editing, set_editing = use_draft("players:editing", None)  # (player id, draft name)
    draft_ref = use_kept("players:rename", "")
    merging, set_merging = use_draft("players:merging", None)  # player id being merged away
    deleted, set_deleted = use_draft("players:deleted", None)  # the name of the player just deleted (its undo)
    players, known, free, running = app.store.players(), records(app), unseated(app), playing(app)

    def add(_e: object = None) -> None:
        try:
            p = app.store.add_player(typed.current or "")
        except StoreError as exc:
            app.refuse(exc)
            return
        typed.current = ""
        redraw(lambda n: n + 1)
        app.tell(app.t("skipped_line", a=app.t("recorded"), b=p.name))
        app.changed()

    def save_rename(pid: int, name: str) -> None:
        if write(app, lambda: app.store.rename_player(pid, name), ""):
            set_editing(None)

    def merge(drop: int, keep: int) -> None:
        names = {p.id: p.name for p in players}
        if write(app, lambda: app.store.merge_players(keep, drop), app.t("merged", a=names[drop], b=names[keep])):
            set_merging(None)

    def delete(pid: int) -> None:
        name = next(p.name for p in players if p.id == pid)
        if write(app, lambda: app.store.delete_player(pid), ""):
            set_deleted(name)

    edits = Edits(editing, merging, draft_ref, set_editing, set_merging, save_rename, merge, delete)
    rows = ([undo_row(app, deleted, set_deleted)] if deleted else []) + \
        [row_of(app, p, players, record_line(app, known.get(p.id or 0), running.get(p.id or 0, 0)), free, edits)
         for p in players]
    if not players:
        rows.append(ft.Text(app.t("no_players"), italic=True))
    def type_name(e: Any) -> None:
        typed.current = e.control.value
        redraw(lambda n: n + 1)

    return ft.Column([
        ft.Text(app.t("players"), size=22, weight=ft.FontWeight.BOLD),
        ft.Row([ft.TextField(label=app.t("add_player"), value=new_name, expand=True, on_change=type_name,
                             on_submit=add),
                ft.Button(app.t("add"), icon=ft.Icons.PERSON_ADD, on_click=add)]),
        *rows,
    ], spacing=8)
