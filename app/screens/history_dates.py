"""A day chosen on a calendar (``ft.DatePicker``), never typed: the history's period filter and a
match's date."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, timedelta
from typing import Any

import flet as ft
from babel.dates import format_date

from app.guard import component
from app.i18n import LOCALES
from app.layout import locale_of
from app.state import use_app

#: the calendar's first day (BG Stats' oldest plays are from the 2010s; a paper log may be older)
FIRST_DAY = datetime(1990, 1, 1)


def picked(value: datetime | date) -> date:
    """The day a date picker gave: a local midnight, or, sent as an instant in UTC, the day whose local
    midnight it is (within 12 hours of that day's UTC midnight, whatever the time zone).

    >>> from datetime import timezone
    >>> picked(datetime(2026, 10, 31, 23, 0, tzinfo=timezone.utc)), picked(datetime(2026, 11, 1))
    (datetime.date(2026, 11, 1), datetime.date(2026, 11, 1))
    """
    if isinstance(value, datetime):
        return (value + timedelta(hours=12)).date() if value.tzinfo else value.date()
    return value


def day_text(day: date, lang: str) -> str:
    """A day as the language writes it: ``25 nov. 2026``, ``25 Nov 2026``, ``25 nov 2026``."""
    return format_date(day, "medium", locale=LOCALES.get(lang, "fr_FR"))


def today() -> date:
    return datetime.now().astimezone().date()


@component
def DayButton(label: str, day: date | None, on_pick: Callable[[date | None], None], help_text: str,
              clearable: bool = True) -> ft.Control:
    """``label : day`` on a button that opens a calendar (no day after today); a cross clears the day."""
    app = use_app()
    page = ft.context.page

    def chosen(e: Any) -> None:
        if e.control.value is not None:
            on_pick(picked(e.control.value))

    def open_calendar(_e: Any) -> None:
        now = datetime.combine(today(), datetime.min.time())
        page.show_dialog(ft.DatePicker(
            value=datetime.combine(day, datetime.min.time()) if day else now, first_date=FIRST_DAY,
            last_date=now, current_date=now,
            locale=locale_of(app.lang),  # the calendar in the page's language
            on_change=chosen, help_text=help_text, cancel_text=app.t("cancel"), confirm_text=app.t("day_choose"),
            error_format_text=app.t("day_bad_format"), error_invalid_text=app.t("day_out_of_range")))

    shown = day_text(day, app.lang) if day else app.t("day_any")
    out: list[ft.Control] = [ft.OutlinedButton(app.t("skipped_line", a=label, b=shown), icon=ft.Icons.CALENDAR_MONTH,
                                               on_click=open_calendar)]
    if day and clearable:
        out.append(ft.IconButton(ft.Icons.CLOSE, tooltip=app.t("day_clear", a=label),
                                 on_click=lambda _e: on_pick(None)))
    return ft.Row(out, spacing=0, tight=True)
