"""The history's files, the work behind the Data screen's buttons (:mod:`app.screens.data`): export
(CSV, full backup, BG Stats), BG Stats import, restore; and the statistics' CSV of the filtered matches.

The work runs in a worker thread (:func:`run_off_loop`), never on the page's event loop: a BG Stats
file of 500 plays takes seconds to write, and the page keeps answering meanwhile, its progress bar fed
by the ``progress(done, total)`` callbacks of :mod:`db.backup` and :mod:`db.bgstats`.  What a piece
of work did ends as a :class:`Summary` (plays added, skipped and why, games and players created).

Files are handed to the browser with ``FilePicker.save_file(src_bytes=...)`` (Flet 1.0 web downloads
the bytes) and read with ``pick_files(with_data=True)``.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any

import flet as ft

from app.guard import component
from app.i18n import tn
from app.state import AppState, use_app
from db import bgstats
from db.backup import Restored, RestoreError, backup, matches_csv, restore
from db.stats import Filters
from db.store import StoreError

#: the skipped plays listed one by one after an import; the rest are counted
REPORT_LINES = 40
#: how often (seconds) the progress bar is redrawn while a piece of work runs
TICK = 0.1
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Job:
    """A piece of work under way: what it is, and how far it has gone (``total`` 0: not known yet)."""

    label: str
    done: int = 0
    total: int = 0


@dataclass(frozen=True)
class Summary:
    """What a piece of work did: a title, lines, and the skipped plays with their reasons."""

    title: str
    lines: tuple[str, ...]
    skipped: tuple[str, ...] = ()
    error: bool = False


SetJob = Callable[[Job | None], None]
SetSummary = Callable[[Summary | None], None]


async def run_off_loop(work: Callable[[Progress], Any], label: str, set_job: SetJob) -> Any:
    """Run ``work(progress)`` in a worker thread; while it runs, show its progress every :data:`TICK`
    seconds; its result (or its exception) when done."""
    seen = [0, 0]

    def progress(done: int, total: int) -> None:  # from the worker thread: a plain store, read below
        seen[0], seen[1] = done, total

    set_job(Job(label))
    task = asyncio.ensure_future(asyncio.to_thread(work, progress))
    try:
        while not task.done():
            await asyncio.wait({task}, timeout=TICK)
            set_job(Job(label, seen[0], seen[1]))
        return task.result()
    finally:
        set_job(None)


def _json(doc: Any) -> bytes:
    return json.dumps(doc, ensure_ascii=False).encode("utf-8")


async def _save(app: AppState, name: str, data: bytes, set_summary: SetSummary | None = None) -> None:
    await ft.FilePicker().save_file(file_name=name, src_bytes=data)
    if set_summary is None:
        app.tell(app.t("exported", a=name))
    else:
        set_summary(Summary(app.t("summary_export"), (app.t("exported", a=name),)))


async def export_file(app: AppState, kind: str, set_job: SetJob, set_summary: SetSummary) -> None:
    """The whole history as ``kind`` (``csv``, ``backup``, ``bgstats``), built off the loop, then saved."""
    stamp = date.today().isoformat()
    store, lang = app.store, app.lang
    works: dict[str, tuple[str, str, Callable[[Progress], bytes]]] = {
        "csv": ("job_export_csv", f"compagnon-{stamp}.csv", lambda _p: matches_csv(store, lang=lang).encode("utf-8")),
        "backup": ("job_backup", f"compagnon-backup-{stamp}.json", lambda p: _json(backup(store, progress=p))),
        "bgstats": ("job_export_bgstats", f"compagnon-bgstats-{stamp}.json",
                    lambda p: _json(bgstats.export(store, progress=p))),
    }
    label, name, work = works[kind]
    set_summary(None)
    app.tell("")
    data = await run_off_loop(work, app.t(label), set_job)
    await _save(app, name, data, set_summary)


@component
def FilteredCsv(filters: Filters) -> ft.Control:
    """The statistics' export: the matches the filters keep, as CSV."""
    app = use_app()

    async def export_csv(_e: Any) -> None:
        data = await asyncio.to_thread(lambda: matches_csv(app.store, filters, app.lang).encode("utf-8"))
        await _save(app, f"compagnon-{date.today().isoformat()}.csv", data)

    return ft.OutlinedButton(app.t("export_filtered_csv"), icon=ft.Icons.TABLE_VIEW, on_click=export_csv)


async def pick_bytes() -> bytes | None:
    """The bytes of the file the person picks (None: none picked)."""
    files = await ft.FilePicker().pick_files(with_data=True, file_type=ft.FilePickerFileType.CUSTOM,
                                             allowed_extensions=["json", "bgsplay"])
    if not files or files[0].bytes is None:
        return None
    return bytes(files[0].bytes)


class NotJson(ValueError):
    """The picked file is not JSON text: ``key`` and ``blanks`` say where, in the table's language
    (Python's own message is English: it goes to the log only)."""

    def __init__(self, message: str, key: str, **blanks: int) -> None:
        super().__init__(message)
        self.key, self.blanks = key, blanks


def read_json(data: bytes) -> Any:
    r"""``data`` as JSON (UTF-8 text), or :class:`NotJson` saying where it stops being so.

    >>> read_json(b'{"a": 1}')
    {'a': 1}
    >>> e = None
    >>> try:
    ...     read_json(b'{"a": 1,\n  oops}')
    ... except NotJson as exc:
    ...     e = exc
    >>> e.key, e.blanks
    ('not_json_at', {'a': 2, 'b': 3})
    >>> try:
    ...     read_json(b' \n')
    ... except NotJson as exc:
    ...     e = exc
    >>> e.key
    'file_empty'
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise NotJson(str(exc), "not_utf8_at", a=exc.start + 1) from None
    if not text.strip():
        raise NotJson("empty", "file_empty")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotJson(str(exc), "not_json_at", a=exc.lineno, b=exc.colno) from None
    except (ValueError, RecursionError) as exc:
        raise NotJson(str(exc), "not_json_deep") from None


def restore_summary(app: AppState, result: Restored) -> Summary:
    """What a restore did: players and matches written, and the matches kept whose log no longer replays with this
    version (their review says why)."""
    lines = [app.t("restored", a=result.players, b=result.matches)]
    if result.unreadable:
        ids = ", ".join(app.t("match_no", a=i) for i in result.unreadable)
        lines.append(tn("count_unreadable_kept", len(result.unreadable), app.lang, ids=ids))
    return Summary(app.t("summary_restore"), tuple(lines))


def import_summary(app: AppState, result: bgstats.ImportReport) -> Summary:
    """What an import did: plays added and skipped, games and players created, the first skipped plays
    and why (the rest counted)."""
    none = app.t("summary_none")
    shown = result.skipped[:REPORT_LINES]  # a whole BG Stats export may skip many plays
    why = [app.t("skipped_line", a=s.place.get(app.lang), b=s.reason.get(app.lang)) for s in shown]
    if len(result.skipped) > len(shown):
        why.append(tn("count_more_skipped", len(result.skipped) - len(shown), app.lang))
    return Summary(app.t("summary_import"), (
        app.t("imported", a=len(result.imported), b=len(result.skipped)),
        app.t("summary_games", a=", ".join(result.new_games) or none),
        app.t("summary_players", a=", ".join(result.new_players) or none)), tuple(why))


async def import_file(app: AppState, kind: str, set_job: SetJob, set_summary: SetSummary) -> None:
    """Pick a file and import it (``bgstats``) or restore it (``backup``), off the loop; the summary,
    or the one reason it was refused (nothing is then written)."""
    data = await pick_bytes()
    if data is None:
        return
    set_summary(None)
    app.tell("")  # the last refusal is not this file's
    store = app.store

    def work(progress: Progress) -> Any:
        doc = read_json(data)
        return bgstats.import_plays(store, doc, progress) if kind == "bgstats" else restore(store, doc, progress)

    try:
        result = await run_off_loop(work, app.t("job_import" if kind == "bgstats" else "job_restore"), set_job)
    except NotJson as exc:
        said = app.t(exc.key) if exc.key == "file_empty" else app.t("not_json", a=app.t(exc.key, **exc.blanks))
        app.tell(said, error=True)
        return
    except bgstats.BGStatsError as exc:
        app.tell(exc.text.get(app.lang), error=True)
        return
    except RestoreError as exc:
        said = exc.text.get(app.lang) if exc.text else app.t("restore_refused", a=exc)
        app.tell(said[:1].upper() + said[1:], error=True)  # a sentence on its own
        return
    except StoreError as exc:
        app.refuse(exc)
        return
    if kind == "bgstats":
        set_summary(import_summary(app, result))
    else:
        app.tell(app.t("restored", a=result.players, b=result.matches))
        set_summary(restore_summary(app, result))
    app.changed()
