"""The Data place (:data:`app.screens.DATA_ROUTE`): export the whole history (CSV, full backup, BG Stats), import a
BG Stats export, restore a backup.

Each piece of work runs off the page's event loop (:func:`app.screens.transfer.run_off_loop`) with a
progress bar ("120 / 500 plays") while it runs, and ends with a summary (plays added, skipped and
why, games and players created) that stays until the next piece of work or until it is closed.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from app.guard import component
from app.i18n import number, tn
from app.state import use_app

if TYPE_CHECKING:  # the work itself (the database layer) is imported on the first click
    from app.screens.transfer import Job, Summary


@component
def JobView(job: Job) -> ft.Control:
    """A piece of work under way: its name, a bar, and "n / N plays" once the total is known."""
    app = use_app()
    known = job.total > 0
    count = tn("progress_plays", job.total, app.lang, done=number(job.done, app.lang)) if known else \
        app.t("job_preparing")
    # the work's name is said to a screen reader once, as it starts; its count is not (redrawn ten times a second)
    return ft.Semantics(content=ft.Column([
        ft.Semantics(content=ft.Text(job.label, weight=ft.FontWeight.BOLD), live_region=True),
        ft.ProgressBar(value=min(1.0, job.done / job.total) if known else None, height=8, border_radius=4),
        ft.Text(count, size=13),
    ], spacing=6), identifier="data-progress")


@component
def SummaryView(summary: Summary, close: Callable[[], None]) -> ft.Control:
    """What the last piece of work did; the skipped plays with their reasons below."""
    app = use_app()
    rows: list[ft.Control] = [ft.Row([  # the title said to a screen reader as the summary appears: the work is done
        ft.Semantics(content=ft.Text(summary.title, size=18, weight=ft.FontWeight.BOLD), live_region=True,
                     expand=True),
        ft.IconButton(ft.Icons.CLOSE, tooltip=app.t("summary_close"), on_click=lambda _e: close())])]
    rows += [ft.Text(line) for line in summary.lines]
    if summary.skipped:
        rows.append(ft.Text(app.t("summary_why"), weight=ft.FontWeight.BOLD))
        rows += [ft.Text(line, size=12) for line in summary.skipped]
    # each line its own node (a card merges its texts into one): the title alone is said as the summary appears
    return ft.Semantics(content=ft.Card(ft.Container(ft.Column(rows, spacing=4), padding=12), semantic_container=False),
                        identifier="data-summary")


def section(title: str, help_text: str, buttons: list[ft.Control]) -> ft.Control:
    return ft.Card(ft.Container(ft.Column([
        ft.Text(title, size=18, weight=ft.FontWeight.BOLD),
        ft.Text(help_text, size=13),
        ft.Row(buttons, wrap=True, spacing=8, run_spacing=8),
    ], spacing=8), padding=12))


@component
def DataScreen() -> ft.Control:
    app = use_app()
    job, set_job = ft.use_state(None)  # Job | None
    summary, set_summary = ft.use_state(None)  # Summary | None
    busy = job is not None

    def doing(work: str, kind: str) -> Callable[[Any], Awaitable[None]]:
        async def handler(_e: Any) -> None:
            from app.screens import transfer

            if not busy:
                await getattr(transfer, work)(app, kind, set_job, set_summary)
        return handler

    def button(key: str, icon: ft.IconData, on_click: Callable[[Any], Awaitable[None]],
               filled: bool = True) -> ft.Control:
        kind = ft.Button if filled else ft.OutlinedButton
        return kind(app.t(key), icon=icon, on_click=on_click, disabled=busy)

    return ft.Column([
        ft.Text(app.t("data"), size=22, weight=ft.FontWeight.BOLD),
        ft.Text(app.t("data_intro")),
        *([JobView(job)] if job is not None else []),
        *([SummaryView(summary, lambda: set_summary(None))] if summary is not None and not busy else []),
        section(app.t("data_export"), app.t("data_export_help"), [
            button("export_all_csv", ft.Icons.TABLE_VIEW, doing("export_file", "csv")),
            button("export_backup", ft.Icons.SAVE, doing("export_file", "backup")),
            button("export_bgstats", ft.Icons.IOS_SHARE, doing("export_file", "bgstats"))]),
        section(app.t("data_import"), app.t("data_import_help"), [
            button("import_bgstats", ft.Icons.UPLOAD_FILE, doing("import_file", "bgstats"), filled=False),
            button("restore_backup", ft.Icons.RESTORE, doing("import_file", "backup"), filled=False)]),
    ], spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
