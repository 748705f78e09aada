"""A finished match shared as a picture, as BG Stats shares a play: a PNG of its result card (the game,
when and where it was played, the players' scores and the winners), drawn by the browser itself
(``ft.Screenshot``, Flutter's own rendering) and handed to the phone's share sheet (``ft.Share``) or, on
a computer or when sharing is not offered, downloaded (``FilePicker.save_file``).

Flutter's web engine draws the card into an image as large as the page's canvas, the card at its top
left and the rest transparent: the picture is drawn at a scale that fits the canvas
(:func:`picture_ratio`) and cut to the card's size (:func:`crop_top_left`, the card's size read from its
``on_size_change``).

The card shows what the review shows anyone at the host's screen once the match is over (its score
sheet: every secret is revealed at the end), never the set-up record, the revealed secrets' raw values
or the timeline.
"""

from __future__ import annotations

import logging
import re
import struct
import zlib
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import flet as ft
from sqlmodel import col, select

from app.guard import component
from app.screens.home import emblem
from app.state import AppState, use_app
from app.widgets import fmt_date, fmt_number, score_sheet_view
from db.models import ScoreRow
from db.store import LoadedMatch

log = logging.getLogger("compagnon")
#: the picture's pixels per logical pixel (a sharp picture on a phone's screen)
#: at most this many pixels per logical pixel (a sharp picture on a phone's screen)
PIXEL_RATIO = 2.0
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
Deliver = Callable[[bytes, str], Awaitable[str]]
Size = tuple[float, float]


class Capturing(Protocol):
    async def capture(self, pixel_ratio: float | None = None) -> bytes: ...


def picture_ratio(card: Size | None, page: Size, device: float) -> float:
    """Pixels per logical pixel for the picture: the device's own (at most :data:`PIXEL_RATIO`), less if
    the card would not fit the page's canvas at that scale (``device``: 0 when the browser has not said).

    >>> picture_ratio((366, 347), (390, 844), 1.0), picture_ratio((366, 347), (390, 844), 3.0)
    (1.0, 2.0)
    >>> round(picture_ratio((366, 1200), (390, 844), 1.0), 3)  # a long sheet: scaled down to fit
    0.703
    """
    dpr = device if device > 0 else 1.0
    limits = [PIXEL_RATIO, dpr]
    if card is not None and min(card) > 0 and min(page) > 0:
        limits += [dpr * page[0] / card[0], dpr * page[1] / card[1]]
    return float(min(limits))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def crop_top_left(png: bytes, width: int, height: int) -> bytes:
    r"""The PNG's top-left ``width`` × ``height`` pixels.  A PNG row's filters (none, sub, up, average,
    Paeth) read only the bytes left of and above each byte, so the rows and bytes kept are kept as they
    are (no pixel decoded).  A PNG in another form (not 8-bit RGB or RGBA, interlaced) is left whole.

    >>> row = lambda *px: b"\x00" + bytes(px)
    >>> raw = row(1, 2, 3, 4, 5, 6) + row(7, 8, 9, 10, 11, 12)
    >>> png = PNG_SIGNATURE + _chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0)) + \
    ...     _chunk(b"IDAT", zlib.compress(raw)) + _chunk(b"IEND", b"")
    >>> small = crop_top_left(png, 1, 1)
    >>> struct.unpack(">II", small[16:24]), zlib.decompress(small[41:-12])
    ((1, 1), b'\x00\x01\x02\x03')
    """
    at, head, data = 8, b"", b""
    while at + 8 <= len(png):
        size, kind = struct.unpack(">I4s", png[at:at + 8])
        if kind == b"IHDR":
            head = png[at + 8:at + 8 + size]
        elif kind == b"IDAT":
            data += png[at + 8:at + 8 + size]
        at += 12 + size
    if len(head) != 13:
        return png
    full_w, full_h, depth, colour, _c, _f, interlace = struct.unpack(">IIBBBBB", head)
    if depth != 8 or colour not in (2, 6) or interlace:
        return png
    step = 4 if colour == 6 else 3
    w, h = max(1, min(width, full_w)), max(1, min(height, full_h))
    raw, stride = zlib.decompress(data), 1 + full_w * step
    rows = b"".join(raw[r * stride:r * stride + 1 + w * step] for r in range(h))
    return (PNG_SIGNATURE + _chunk(b"IHDR", struct.pack(">II", w, h) + head[8:])
            + _chunk(b"IDAT", zlib.compress(rows, 6)) + _chunk(b"IEND", b""))


def file_name(m: LoadedMatch) -> str:
    """``compagnon-robby-solo-12-2026-11-25.png`` (a score pad's ``pad:…`` key made safe for a file)."""
    day = (m.ended_at or m.started_at).date().isoformat()
    return f"compagnon-{re.sub(r'[^A-Za-z0-9_-]+', '-', m.game.slug)}-{m.id}-{day}.png"


def imported_lines(app: AppState, m: LoadedMatch) -> ft.Control:
    """An imported match's score lines (it has no score sheet of its own: no events to replay)."""
    with app.store.session() as s:
        lines = s.exec(select(ScoreRow).where(ScoreRow.match_id == m.id).order_by(col(ScoreRow.rank))).all()
    return ft.Card(ft.Container(ft.Column(
        [ft.Text(app.t("score_sheet"), size=18, weight=ft.FontWeight.BOLD)]
        + [ft.Text(f"{r.rank}. {r.name} — {fmt_number(r.total, app.lang)}",
                   weight=ft.FontWeight.BOLD if r.winner else None) for r in lines]), padding=12))


def picture(app: AppState, m: LoadedMatch, on_size: Callable[[Any], None] | None = None) -> ft.Control:
    """The result card the picture shows: the game, the day and place, the score sheet, the app's name
    (``on_size``: told the card's size)."""
    lang = app.lang
    when = app.t("share_played", a=fmt_date(m.ended_at or m.started_at, lang)) + (f" · {m.place}" if m.place else "")
    sheet = score_sheet_view(m.sheet, lang) if m.sheet else imported_lines(app, m)
    return ft.Container(ft.Column([
        ft.Row([emblem(m.game.slug, 40), ft.Column([
            ft.Text(f"{m.options.get('game_name') or m.game.name.get(lang)} #{m.id}", size=20,
                    weight=ft.FontWeight.BOLD),
            ft.Text(when, size=13)], spacing=0, expand=True)]),
        sheet,
        ft.Text(app.t("app"), size=11, italic=True, color=ft.Colors.ON_SURFACE_VARIANT,
                text_align=ft.TextAlign.RIGHT),
    ], spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
        padding=12, bgcolor=ft.Colors.SURFACE, border_radius=12, border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        on_size_change=on_size, size_change_interval=0)


def delivery(page: ft.Page) -> Deliver:
    """How a picture leaves the page: a phone's share sheet (falling back to a download), a download
    elsewhere. Returns the file's name."""

    async def deliver(png: bytes, name: str) -> str:
        if page.platform is not None and page.platform.is_mobile():
            try:
                await ft.Share().share_files([ft.ShareFile.from_bytes(png, mime_type="image/png", name=name)])
                return name
            except Exception as exc:  # noqa: BLE001 - a browser without file sharing downloads it instead
                log.info("sharing the picture fell back to a download (%s)", type(exc).__name__)
        await ft.FilePicker().save_file(file_name=name, src_bytes=png)
        return name

    return deliver


async def share_picture(app: AppState, shot: Capturing, name: str, deliver: Deliver, card: Size | None = None,
                        ratio: float = PIXEL_RATIO) -> bool:
    """Draw the picture at ``ratio`` pixels per logical pixel, cut it to the ``card``'s size (logical px;
    None: as drawn) and hand it over; a picture that cannot be drawn or handed over is said in the page's
    language (nothing of the match is touched either way)."""
    try:
        png = await shot.capture(pixel_ratio=ratio)
        if not isinstance(png, bytes | bytearray) or not bytes(png).startswith(PNG_SIGNATURE):
            raise ValueError("the browser returned no PNG")
        if card is not None:
            png = crop_top_left(bytes(png), round(card[0] * ratio), round(card[1] * ratio))
        saved = await deliver(bytes(png), name)
    except Exception as exc:  # noqa: BLE001 - whatever the browser did, the table gets one clear line
        log.warning("the score sheet's picture failed: %s: %s", type(exc).__name__, str(exc)[:200])
        app.tell(app.t("share_failed"), error=True)
        return False
    app.tell(app.t("share_saved", a=saved))
    return True


@component
def SharedSheet(m: LoadedMatch) -> ft.Control:
    """A finished match's result card, and the button that shares it as a picture."""
    app = use_app()
    page = ft.context.page
    size = ft.use_ref(None)  # the card's size on screen (logical px), told by the card

    def sized(e: Any) -> None:
        size.current = (float(e.width), float(e.height))

    shot = ft.Screenshot(content=picture(app, m, sized))

    async def share(_e: Any) -> None:
        card = size.current
        device = float(getattr(page.media, "device_pixel_ratio", 0) or 0) if page.media else 0.0
        ratio = picture_ratio(card, (page.width or 0, page.height or 0), device)
        await share_picture(app, shot, file_name(m), delivery(page), card, ratio)

    return ft.Column([
        ft.Semantics(content=shot, identifier="share-picture"),
        ft.Row([ft.OutlinedButton(app.t("share_picture"), icon=ft.Icons.SHARE, on_click=share)], wrap=True),
    ], spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
