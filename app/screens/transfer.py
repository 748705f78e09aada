"""The statistics screen's files: export the history (CSV, full backup, BG Stats) and import it back
(BG Stats plays, a backup).

Files are handed to the browser with ``FilePicker.save_file(src_bytes=...)`` (Flet 1.0 web downloads
the bytes) and read with ``pick_files(with_data=True)``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import date
from typing import Any

import flet as ft

from app.guard import component
from app.state import AppState, use_app
from db import bgstats
from db.backup import RestoreError, backup, matches_csv, restore
from db.stats import Filters
from db.store import StoreError

#: The skipped plays listed one by one after an import; the rest are counted.
REPORT_LINES = 40
Report = Callable[[list[str]], None]


async def _save(app: AppState, name: str, data: bytes) -> None:
    await ft.FilePicker().save_file(file_name=name, src_bytes=data)
    app.tell(app.t("exported", a=name))


def _json(doc: Any) -> bytes:
    return json.dumps(doc, ensure_ascii=False).encode("utf-8")


@component
def Exports(filters: Filters) -> ft.Control:
    """The three exports: the matches the filters keep as CSV, the whole history, the BG Stats file."""
    app = use_app()
    stamp = date.today().isoformat()

    async def export_csv(_e: Any) -> None:
        await _save(app, f"compagnon-{stamp}.csv", matches_csv(app.store, filters).encode("utf-8"))

    async def export_backup(_e: Any) -> None:
        await _save(app, f"compagnon-backup-{stamp}.json", _json(backup(app.store)))

    async def export_bgstats(_e: Any) -> None:
        await _save(app, f"compagnon-bgstats-{stamp}.json", _json(bgstats.export(app.store)))

    return ft.Row([ft.Button(app.t("export_csv"), icon=ft.Icons.TABLE_VIEW, on_click=export_csv),
                   ft.Button(app.t("export_backup"), icon=ft.Icons.SAVE, on_click=export_backup),
                   ft.Button(app.t("export_bgstats"), icon=ft.Icons.IOS_SHARE, on_click=export_bgstats)],
                  wrap=True, spacing=8, run_spacing=8)


async def _read_json(app: AppState) -> Any:
    """The JSON document the person picks (None: none picked, or not JSON, which is said)."""
    files = await ft.FilePicker().pick_files(with_data=True, file_type=ft.FilePickerFileType.CUSTOM,
                                             allowed_extensions=["json", "bgsplay"])
    if not files or files[0].bytes is None:
        return None
    try:
        return json.loads(files[0].bytes.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        app.tell(app.t("not_json", a=exc), error=True)
        return None


def import_report(app: AppState, result: bgstats.ImportReport) -> list[str]:
    """What an import did: the plays imported and skipped, the first skipped ones and why."""
    shown = result.skipped[:REPORT_LINES]  # a whole BG Stats export skips every other game's plays
    return ([app.t("imported", a=len(result.imported), b=len(result.skipped))]
            + [app.t("skipped_line", a=s.place.get(app.lang), b=s.reason.get(app.lang)) for s in shown]
            + ([app.t("more_skipped", a=len(result.skipped) - len(shown))]
               if len(result.skipped) > len(shown) else []))


@component
def Imports(set_report: Report) -> ft.Control:
    """Import BG Stats plays, restore a backup; ``set_report``: where the import's report goes."""
    app = use_app()

    async def import_bgstats(_e: Any) -> None:
        doc = await _read_json(app)
        if doc is None:
            return
        try:
            result = bgstats.import_plays(app.store, doc)
        except bgstats.BGStatsError as exc:
            app.tell(exc.text.get(app.lang), error=True)
            return
        except StoreError as exc:
            app.refuse(exc)
            return
        set_report(import_report(app, result))
        app.changed()

    async def restore_backup(_e: Any) -> None:
        doc = await _read_json(app)
        if doc is None:
            return
        try:
            done = restore(app.store, doc)
        except RestoreError as exc:
            app.tell(exc.text.get(app.lang) if exc.text else app.t("restore_refused", a=exc), error=True)
            return
        app.tell(app.t("restored", a=done.players, b=done.matches))
        app.changed()

    return ft.Row([ft.OutlinedButton(app.t("import_bgstats"), icon=ft.Icons.UPLOAD_FILE, on_click=import_bgstats),
                   ft.OutlinedButton(app.t("restore_backup"), icon=ft.Icons.RESTORE, on_click=restore_backup)],
                  wrap=True, spacing=8, run_spacing=8)


def transfer_controls(filters: Filters, report: Sequence[str], set_report: Report) -> list[ft.Control]:
    """The export card's lines: the exports, the imports, the last import's report."""
    return [Exports(filters, key="exports"), Imports(set_report, key="imports"),
            *[ft.Text(line, size=12) for line in report]]
