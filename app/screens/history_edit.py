"""A played match's edits: its date (on a calendar), place, notes and players, saved as one
amendment of the match (:meth:`db.store.Store.amend_match`: an event of the log, so that the review
shows who changed what and when); the list of those changes; the rematch button."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date
from typing import Any

import flet as ft

from app.drafts import use_draft, use_kept
from app.guard import component
from app.i18n import date_time
from app.screens.history_dates import DayButton, day_text
from app.state import use_app
from db.history import Amendment, amendments
from db.store import LoadedMatch, StoreError


def _keep(ref: Any, key: Any = None) -> Callable[[Any], None]:
    """A field's on_change that keeps what is typed in ``ref`` (in ``ref.current[key]`` if a key is given)."""

    def set_value(e: Any) -> None:
        if key is None:
            ref.current = e.control.value or ""
        else:
            ref.current[key] = e.control.value or ""

    return set_value


def _shown(typed: str | None, saved: str) -> str:
    """What a field shows: what was typed in it (kept through a switch of language), else what is saved."""
    return saved if typed is None else typed


def local_day(m: LoadedMatch) -> date | None:
    """The day the match ended, in local time."""
    if m.ended_at is None:
        return None
    when = m.ended_at if m.ended_at.tzinfo else m.ended_at.replace(tzinfo=UTC)
    return when.astimezone().date()


@component
def EditMatch(m: LoadedMatch) -> ft.Control:
    """Edit the date, the place, the notes and who sat where; what is typed stays until saved, and one
    save writes one amendment (nothing at all when nothing changed)."""
    app = use_app()
    where = f"edit:{m.id}"  # what is typed kept among the page's drafts (app.drafts): a switch of language keeps it
    place_ref = use_kept(f"{where}:place", None)  # None: untouched
    notes_ref = use_kept(f"{where}:notes", None)
    names_ref = use_kept(f"{where}:names", {})
    chosen_day, set_day = use_draft(f"{where}:day", None)  # None: untouched
    day = local_day(m) if chosen_day is None else chosen_day
    # opened by hand, not an ExpansionTile: a tile folded itself up again when the calendar closed
    editing, set_editing = use_draft(f"{where}:editing", False)

    def save(_e: Any) -> None:
        names = {i: n for i, n in names_ref.current.items() if n.strip() != m.names[i]}
        try:
            changed = app.store.amend_match(m.id, app.sender, place=place_ref.current, notes=notes_ref.current,
                                            day=day if day != local_day(m) else None, names=names)
        except StoreError as exc:
            app.refuse(exc)
            return
        place_ref.current = notes_ref.current = None
        names_ref.current = {}
        set_day(None)
        app.drop_drafts(f"{where}:")  # saved: nothing left to keep (the form stays open while it is shown)
        app.tell(app.t("saved") if changed else app.t("nothing_changed"))
        app.changed(match_id=m.id)

    edit: list[ft.Control] = []
    if day is not None:
        edit.append(DayButton(app.t("played_on"), day, set_day, app.t("played_on_help"), clearable=False,
                              key=f"day-{m.id}"))
    edit += [
        ft.TextField(label=app.t("place"), value=_shown(place_ref.current, m.place), on_change=_keep(place_ref),
                     max_length=120),
        ft.TextField(label=app.t("notes"), value=_shown(notes_ref.current, m.notes), on_change=_keep(notes_ref),
                     multiline=True, min_lines=2),
    ]
    edit += [ft.TextField(label=app.t("seat_player", a=i + 1), value=names_ref.current.get(i, name),
                          on_change=_keep(names_ref, i), max_length=80) for i, name in enumerate(m.names)]
    edit.append(ft.Row([ft.Button(app.t("save_changes"), icon=ft.Icons.SAVE, on_click=save),
                        ft.TextButton(app.t("close_edit"), on_click=lambda _e: set_editing(False))], wrap=True))
    if not editing:
        return ft.TextButton(app.t("edit_match"), icon=ft.Icons.EDIT, on_click=lambda _e: set_editing(True))
    title = ft.Row([ft.Text(app.t("edit_match"), size=18, weight=ft.FontWeight.BOLD, expand=True)])  # full width
    return ft.Card(ft.Container(ft.Column([title, *edit], spacing=8,
                                          horizontal_alignment=ft.CrossAxisAlignment.STRETCH), padding=12))


def _quoted(text: str, t: Callable[..., str]) -> str:
    short = " ".join(text.split())
    return f"« {short[:60]}{'…' if len(short) > 60 else ''} »" if short else t("empty_value")


def amendment_lines(a: Amendment, lang: str, t: Callable[..., str]) -> list[str]:
    """What one amendment changed, one line per value: ``place : « Club » → « Médiathèque »``."""
    out: list[str] = []
    for field, (before, after) in a.changes.items():
        if field == "date":
            shown = [day_text(date.fromisoformat(d), lang) for d in (before, after)]
        else:
            shown = [_quoted(before, t), _quoted(after, t)]
        out.append(t("amend_line", a=t(f"amend_{field}"), b=shown[0], c=shown[1]))
    out += [t("amend_line", a=t("seat_player", a=seat + 1), b=before, c=after) for seat, before, after in a.seats]
    return out


def amendment_title(a: Amendment, lang: str, t: Callable[..., str]) -> str:
    """``25/11/2026 21:05 — by the host``."""
    who = t("amended_by", a=a.by) if a.by else t("amended_by_host")
    return f"{date_time(a.at, lang)} — {who}"


def changes_tile(app: Any, m: LoadedMatch) -> list[ft.Control]:
    """Every amendment of the match, newest first: when, who, what."""
    found = amendments(m.log)
    if not found:
        return []
    body: list[ft.Control] = []
    for a in reversed(found):
        body.append(ft.Text(amendment_title(a, app.lang, app.t), weight=ft.FontWeight.W_500, size=13))
        body += [ft.Text(f"• {line}", size=12) for line in amendment_lines(a, app.lang, app.t)]
    return [ft.ExpansionTile(title=ft.Text(app.t("changes", a=len(found)), weight=ft.FontWeight.BOLD),
                             leading=ft.Icon(ft.Icons.HISTORY_EDU), controls=body,
                             expanded_cross_axis_alignment=ft.CrossAxisAlignment.START,
                             expanded_alignment=ft.Alignment.CENTER_LEFT,
                             controls_padding=ft.Padding.symmetric(horizontal=12, vertical=4))]


@component
def Rematch(match_id: int) -> ft.Control:
    """Play again: the same game, players, seats, options and place (a match over but not yet scored is
    scored first); lands on the new match."""
    app = use_app()

    page = ft.context.page

    async def again(_e: Any) -> None:
        try:
            new = app.store.rematch(match_id, app.sender)
        except StoreError as exc:
            app.refuse(exc)
            return
        # on the new match first, then say so there (a message belongs to the screen it was said on)
        await page.push_route(f"/match/{new}")
        app.tell(app.t("rematch_started", a=new))
        app.tell_others("data", match_id)  # the other pages re-read

    return ft.Button(app.t("rematch"), icon=ft.Icons.REPLAY, on_click=again,
                     tooltip=app.t("rematch_help"))
