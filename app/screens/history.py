"""History: one match's review (set-up, score sheet, secrets, timeline, time per player; a rematch;
edit the date, place, notes and names, and the list of those changes; delete with a short undo).
The list of finished matches is :mod:`app.screens.history_list`; the edits :mod:`app.screens.history_edit`."""

from __future__ import annotations

import json
import math
import random
import time
from datetime import datetime
from typing import Any

import flet as ft

from app.fields import reviews
from app.forms import option_line
from app.guard import component
from app.i18n import t, tn
from app.screens.history_edit import EditMatch, Rematch, amendment_lines, amendment_title, changes_tile
from app.screens.history_list import HistoryList  # noqa: F401 - the route "history:HistoryList"
from app.screens.history_share import SharedSheet, imported_lines
from app.screens.home import emblem
from app.screens.match import describe
from app.state import AppState, sentence, use_app, use_data
from app.timer_view import use_wake_up
from app.widgets import fmt_date, panel_card, score_sheet_view, tile
from db.errors import LogUnreadable
from db.history import amendment, date_shift, game_rows
from db.stats import time_used
from db.store import LoadedMatch, StoreError
from scoring import HIDDEN, Game, RulesError
from scoring.core import get_path

#: How long a deleted match can be put back (seconds).
UNDO_SECONDS = 30
#: Deleted matches' documents, by id, with when they were deleted: the review screen of a match
#: deleted less than UNDO_SECONDS ago offers to put it back (it survives the screen's remount).
_DELETED: dict[int, tuple[float, dict[str, Any]]] = {}


def _clock(seconds: float) -> str:
    minutes, secs = divmod(int(round(seconds)), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min {secs:02d} s"


@component
def Deleted(match_id: int, on_undone: Any) -> ft.Control:
    """The review of a match just deleted: put it back while the moment lasts.

    ``on_undone`` changes the review's own state, so that it renders the match again at once
    (as the deletion does), whatever else re-renders."""
    app = use_app()
    entry = _DELETED.get(match_id)
    if entry is None:
        # Put back a moment ago: this view reads the app state too, so it can render once more before
        # the review replaces it. Reading the entry blindly raised there, and Flet, which swallows an
        # exception raised while a component re-renders, then stopped updating the page.
        return ft.Container()
    when, doc = entry

    use_wake_up({"since": when, "elapsed": 0, "duration": UNDO_SECONDS}, _next_second)  # the seconds count down
    left = seconds_left(when)

    def undo(_e: Any) -> None:
        if seconds_left(when) <= 0:  # a tap as the offer ran out: the match stays deleted, as said
            app.tell(app.t("undo_too_late", a=match_id), error=True)
            return
        try:
            back = app.store.undelete_match(doc)
        except StoreError as exc:  # one of its players merged into another since
            app.tell(app.t("undo_refused", a=exc.get(app.lang)), error=True)
            return
        _DELETED.pop(match_id, None)
        if back != match_id:  # a match started since took its number (SQLite reuses the highest)
            app.tell(app.t("undeleted_as", a=match_id, b=back), follows=True)
            app.changed()
            app.go(f"/history/{back}")
            return
        app.tell("")
        on_undone()
        app.changed()

    back_to_history = ft.TextButton(app.t("back_history"), on_click=lambda _e: app.go("/history"))
    if left <= 0:
        return ft.Column([ft.Text(app.t("deleted", a=match_id), size=18, weight=ft.FontWeight.BOLD),
                          ft.Text(app.t("deleted_for_good")), back_to_history])
    return ft.Column([
        ft.Text(app.t("deleted", a=match_id), size=18, weight=ft.FontWeight.BOLD),
        ft.Row([ft.Button(app.t("undo_delete"), icon=ft.Icons.UNDO, on_click=undo), back_to_history], wrap=True),
        ft.Text(app.t("undo_seconds_left", a=left), size=12, italic=True),
    ])


def seconds_left(when: float) -> int:
    """The whole seconds left to put back a match deleted at ``when`` (``time.monotonic()``), 0 once past."""
    return max(0, math.ceil(UNDO_SECONDS - (time.monotonic() - when)))


def _next_second(timer: dict[str, Any], _now: int) -> int | None:
    """Milliseconds until :func:`seconds_left` says one less, ``None`` once it says 0 (:func:`use_wake_up`)."""
    left = UNDO_SECONDS - (time.monotonic() - timer["since"])
    return None if left <= 0 else max(1, int((left % 1 or 1) * 1000))


def review_header(app: AppState, m: LoadedMatch) -> list[ft.Control]:
    """The game, the match's number, its dates and place, its length; where an imported match came from."""
    lang, imported = app.lang, m.setup.get("imported_from")
    out: list[ft.Control] = [
        ft.Row([emblem(m.game.slug, 40), ft.Column([
            ft.Text(f"{m.options.get('game_name') or m.game.name.get(lang)} #{m.id}", size=20,
                    weight=ft.FontWeight.BOLD),
            ft.Text(dates_line(m.started_at, m.ended_at, m.place, lang), size=12)], spacing=0, expand=True)]),
    ]
    minutes = round((m.ended_at - m.started_at).total_seconds() / 60) if m.ended_at is not None else 0
    if minutes:  # an import without a length ended when it started: "Durée : 0 min" told nothing
        out.append(ft.Text(app.t("duration", a=minutes), size=12))
    readings = readings_played(m.game, m.options, lang)
    if readings:
        out.append(ft.Text(f"{app.t('readings_played')} — {readings}", size=12))
    if m.notes:  # said with the dates and the place (only the edit form showed them)
        out.append(ft.Text(app.t("skipped_line", a=app.t("notes"), b=m.notes), size=13, italic=True))
    if imported:
        out.append(ft.Text(app.t("imported_match", a=imported), italic=True))
        if m.setup.get("board"):  # BG Stats' board / set-up text, as it came
            out.append(ft.Text(app.t("imported_board", a=imported, b=m.setup["board"]), size=13))
    return out


def dates_line(started: datetime, ended: datetime | None, place: str, lang: str) -> str:
    """When the match began, when it ended (a match still in play has not), where.

    >>> from datetime import UTC
    >>> at = datetime(2026, 11, 28, 20, 5, tzinfo=UTC)
    >>> [part.split()[0] for part in dates_line(at, None, "Club", "en").split(" · ")]
    ['Started', 'Club']
    >>> [part.split()[0] for part in dates_line(at, at, "", "fr").split(" · ")]
    ['Commencée', 'Terminée']
    """
    parts = [t("started", lang, a=fmt_date(started, lang))]
    if ended is not None:
        parts.append(t("finished_on", lang, a=fmt_date(ended, lang)))
    return " · ".join([*parts, place] if place else parts)


def readings_played(game: Game, options: dict[str, Any], lang: str) -> str:
    """The house rules the match was played with (each reading the rulebook leaves open), as chosen; none that
    changed nothing in it.

    >>> from scoring import find_game
    >>> robby = find_game("robby-solo")
    >>> readings_played(robby, {"players": 4, "robby_junior": True, "junior_can_win": False}, "en")
    "Robby Junior's pile: His top card shows, as everyone's · Robby Junior can win: no"
    >>> readings_played(robby, {"players": 4, "robby_junior": False, "junior_can_win": False}, "en")
    ''
    """
    shown = game.in_effect(options)  # Robby Junior's house rules in a match without him say nothing
    return " · ".join(option_line(o, shown[o.key], lang) for o in game.options if o.house_rule and o.key in shown)


def setup_tile(app: AppState, m: LoadedMatch) -> list[ft.Control]:
    """The set-up, as it was drawn (the seed gives it back)."""
    try:
        setup = m.game.setup(m.options, random.Random(f"{m.seed}:setup"))
    except RulesError:
        return []
    record = ", ".join(f"{k}: {v}" for k, v in m.setup.items() if k != "options")[:600]
    return [tile(title=ft.Text(app.t("setup_of_match"), weight=ft.FontWeight.BOLD),
                 controls=[ft.Text(f"{i + 1}. {step.get(app.lang)}", size=13)
                           for i, step in enumerate(setup.instructions)]
                 + [ft.Text(record, size=11, color=ft.Colors.ON_SURFACE_VARIANT)])]


def sheet_section(app: AppState, m: LoadedMatch) -> list[ft.Control]:
    """The score sheet and the game's own views of it; a button to resume a match not over; an
    imported match's scores."""
    finished = m.status == "finished"
    if m.sheet:
        out = sheet_card(app, m)
        for review in reviews():  # a game's own views (Les apprentis: the cells each category counted)
            out += review(m.sheet, m.state, app.lang)
        return out
    if m.status == "in_progress":
        return [ft.Button(app.t("resume"), on_click=lambda _e: app.go(f"/match/{m.id}"))]
    if not m.setup.get("imported_from"):
        return []
    return [SharedSheet(m, key=f"share-{m.id}") if finished else imported_lines(app, m)]


def sheet_card(app: AppState, m: LoadedMatch) -> list[ft.Control]:
    """The score sheet written at the match's end: a finished match's is its shareable result card
    (:mod:`app.screens.history_share`); none before there is one."""
    if not m.sheet:
        return []
    return [SharedSheet(m, key=f"share-{m.id}") if m.status == "finished" else score_sheet_view(m.sheet, app.lang)]


def revealed_secrets(app: AppState, m: LoadedMatch) -> list[ft.Control]:
    """Every secret of a finished match (they are all revealed at the end, never before)."""
    revealed: list[ft.Control] = []
    for secret in m.game.secrets(m.state):
        value = get_path(m.state, secret.path)
        if value != HIDDEN:  # (a path the state does not have)
            revealed.append(ft.Text(m.game.tell_secret(secret, value, m.names).get(app.lang), size=12))
    if not revealed:
        return []
    return [tile(title=ft.Text(app.t("revealed_secrets"), weight=ft.FontWeight.BOLD), controls=revealed)]


def time_used_card(app: AppState, m: LoadedMatch) -> list[ft.Control]:
    """How long each player took over their turns."""
    if not (m.log and m.names):
        return []
    # measured from the start as it was: a date amended since moved the start, not the events' times
    used = time_used(m.started_at - date_shift(m.log), game_rows(m.log), len(m.names))
    if not any(used):  # no event timed a seat (an imported match amended since said "0 min 00 s" for all)
        return []
    return [ft.Card(ft.Container(ft.Column(
        [ft.Text(app.t("time_used"), size=18, weight=ft.FontWeight.BOLD),
         ft.Text(app.t("time_used_help"), size=12, italic=True)]
        + [ft.Row([ft.Text(name, expand=True), ft.Text(_clock(sec), weight=ft.FontWeight.W_500)])
           for name, sec in zip(m.names, used, strict=True)]), padding=12))]


def timeline_tile(app: AppState, m: LoadedMatch, done: bool) -> ft.Control:
    """Every event, with its time (what a seat kept secret only once the match is finished)."""

    standing: list[str] = []  # the lines of the events not undone, the last one last

    def line(row: Any) -> str:
        changed = amendment(row)
        if changed is not None:  # the history's own record: when, who, what
            return f"{row.seq}. " + app.t("skipped_line", a=amendment_title(changed, app.lang, app.t),
                                           b=" · ".join(amendment_lines(changed, app.lang, app.t)))
        event = json.loads(row.payload)
        if event.get("type") == "undo":  # it takes back the last event still standing
            told = app.t("undone", a=standing.pop() if standing else event.get("undoes", "?"))
        else:
            told = describe(m.game, event, m.names, app.lang, revealed=done)
            standing.append(told)
        stamp = (row.at.astimezone() if row.at.tzinfo else row.at).strftime("%H:%M:%S")
        return f"{row.seq}. {stamp}  {told}"

    return tile(title=ft.Text(app.t("timeline", a=tn("count_events", len(m.log), app.lang)), weight=ft.FontWeight.BOLD),
                controls=[ft.Text(line(r), size=12) for r in m.log])


@component
def DeleteMatch(match_id: int) -> ft.Control:
    """Delete the match, once confirmed; it can be put back for :data:`UNDO_SECONDS` (:func:`Deleted`)."""
    app = use_app()
    confirming, set_confirming = ft.use_state(False)

    def delete(_e: Any) -> None:
        try:
            doc = app.store.delete_match(match_id)
        except StoreError as exc:
            app.refuse(exc)
            return
        _DELETED[match_id] = (time.monotonic(), doc)
        set_confirming(False)
        app.changed()

    if not confirming:
        return ft.TextButton(app.t("delete_match"), icon=ft.Icons.DELETE_OUTLINE,
                             on_click=lambda _e: set_confirming(True))
    return ft.Card(ft.Container(ft.Column([
        ft.Text(app.t("delete_q", a=match_id, b=UNDO_SECONDS)),
        ft.Row([ft.Button(app.t("delete_match"), icon=ft.Icons.DELETE_FOREVER, on_click=delete,
                          color=ft.Colors.ON_ERROR, bgcolor=ft.Colors.ERROR),
                ft.TextButton(app.t("cancel"), on_click=lambda _e: set_confirming(False))], wrap=True)]),
        padding=12))


@component
def MatchReview(match_id: str = "") -> ft.Control:
    app = use_data()
    restored, set_restored = ft.use_state(0)
    for gone in [k for k, (w, _d) in _DELETED.items() if time.monotonic() - w > UNDO_SECONDS]:
        _DELETED.pop(gone, None)
    # A match deleted here a moment ago keeps its offer to put it back, even when another device (or
    # another server) has meanwhile started a match under the same number and this page re-renders.
    if match_id.isdigit() and int(match_id) in _DELETED:
        return Deleted(int(match_id), on_undone=lambda: set_restored(restored + 1))
    try:
        try:
            m = app.store.load(int(match_id))
        except LogUnreadable as exc:  # its row alone (read again: it may have gone meanwhile)
            return ft.Column(unreadable_review(app, app.store.load(exc.match_id, replay=False), exc), spacing=12)
    except (ValueError, StoreError):
        return ft.Text(app.t("no_match"))
    imported = bool(m.setup.get("imported_from"))
    done = m.status == "finished"  # secrets are all revealed at the end, never before
    body = review_header(app, m)
    if done:
        body.append(ft.Row([Rematch(m.id, key=f"rematch-{m.id}")], wrap=True))
    if not imported:
        body += setup_tile(app, m)
    body += sheet_section(app, m)
    if not imported:
        body += [panel_card(p, app.lang) for p in m.game.panels(m.state, None) if p.seat is None]
        body += revealed_secrets(app, m) if done else []
    body += time_used_card(app, m)
    if not imported:
        body.append(timeline_tile(app, m, done))
    body += changes_tile(app, m)
    body.append(EditMatch(m, key=f"edit-{m.id}"))
    body.append(DeleteMatch(m.id, key=f"delete-{m.id}"))
    return ft.Column(body, spacing=12)


def unreadable_review(app: AppState, m: LoadedMatch, why: LogUnreadable) -> list[ft.Control]:
    """A match whose log no longer replays: what its row keeps (its players, dates, place and notes, the score
    sheet written at its end, how long each took, its amendments), what is wrong, and a way to delete it;
    nothing drawn from the log."""
    said = ft.Text(sentence(why, app.lang), expand=True)
    warning = ft.Container(ft.Row([ft.Icon(ft.Icons.WARNING_AMBER), said]),
                           bgcolor=ft.Colors.ERROR_CONTAINER, padding=12, border_radius=8)
    return [*review_header(app, m), warning, *sheet_card(app, m), *time_used_card(app, m), *changes_tile(app, m),
            DeleteMatch(m.id, key=f"delete-{m.id}")]
