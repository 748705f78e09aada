"""The host's "players' phones" card: the table's QR code, one QR code per seat, revoke and reissue,
and the seat requests made from the table code."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from app import net
from app.guard import component
from app.state import use_app
from db.seat_tokens import SeatTokenError


def qr(url: str, caption: str, size: int, ident: str) -> ft.Control:
    """A QR code with what it opens written under it (the address can be typed, too)."""
    return ft.Container(ft.Column([
        ft.Text(caption, weight=ft.FontWeight.W_500, text_align=ft.TextAlign.CENTER),
        ft.Semantics(content=ft.Image(src=net.qr_png(url), width=size, height=size, semantics_label=caption),
                     identifier=ident),
        ft.Text(url, size=11, text_align=ft.TextAlign.CENTER),
    ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=4), width=max(size, 220), padding=8,
        border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST)


@component
def _PhonesSection(match_id: int, names: Sequence[str], links: dict[int, tuple[str, bool]],
                   requests: Sequence[net.SeatRequest], lang: str) -> ft.Control:
    """``links``: :meth:`db.store.Store.seat_links`; ``requests``: the table code's seat requests."""
    app = use_app()

    def act(fn: object) -> None:
        try:
            fn()  # type: ignore[operator]
        except SeatTokenError as exc:
            app.refuse(exc)
            return
        app.changed("phones", match_id)

    def link_all() -> None:
        for seat in range(len(names)):
            if seat not in links:
                app.store.issue_seat_token(match_id, seat)

    def confirm(request: net.SeatRequest) -> None:
        net.LOBBY.grant(request.id, app.store.issue_seat_token(match_id, request.seat))

    def refuse(request: net.SeatRequest) -> None:
        net.LOBBY.refuse(request.id)

    rows: list[ft.Control] = [ft.Text(app.t("phones_help"), size=12, italic=True)]
    if net.BASE_URL.startswith(("http://127.", "http://localhost")):
        rows.append(ft.Text(app.t("local_only"), size=12, color=ft.Colors.ERROR))
    for r in requests:
        rows.append(ft.Container(ft.Row([
            ft.Icon(ft.Icons.PHONE_ANDROID), ft.Text(app.t("asks_seat", a=names[r.seat]), expand=True),
            ft.Button(app.t("confirm"), on_click=lambda _e, r=r: act(lambda: confirm(r))),
            ft.TextButton(app.t("refuse"), on_click=lambda _e, r=r: act(lambda: refuse(r)))], wrap=True),
            bgcolor=ft.Colors.SECONDARY_CONTAINER, padding=8, border_radius=8))
    codes: list[ft.Control] = [qr(net.table_url(match_id), app.t("table_code"), 180, "qr-table")]
    for seat, name in enumerate(names):
        if seat in links and not links[seat][1]:  # issued, not opened yet: its code stays on screen
            codes.append(qr(net.seat_url(match_id, links[seat][0]), app.t("seat_code", a=name), 150,
                            f"qr-seat-{seat}"))
    rows.append(ft.Row(codes, wrap=True, spacing=8, run_spacing=8, alignment=ft.MainAxisAlignment.CENTER))
    if len(links) < len(names):
        rows.append(ft.Button(app.t("phones_on"), icon=ft.Icons.QR_CODE, on_click=lambda _e: act(link_all)))
    for seat, name in enumerate(names):
        if seat not in links:
            continue
        status = app.t("seat_linked", a=name) if links[seat][1] else app.t("seat_code", a=name)
        rows.append(ft.Column([
            ft.Row([ft.Icon(ft.Icons.PHONE_ANDROID if links[seat][1] else ft.Icons.QR_CODE),
                    ft.Text(status, weight=ft.FontWeight.W_500)]),
            ft.Row([ft.TextButton(app.t("reissue", a=name), icon=ft.Icons.AUTORENEW,
                                  on_click=lambda _e, s=seat: act(lambda: app.store.issue_seat_token(match_id, s))),
                    ft.TextButton(app.t("take_back", a=name), icon=ft.Icons.PHONELINK_ERASE,
                                  on_click=lambda _e, s=seat: act(lambda: app.store.revoke_seat_token(match_id, s)))],
                   wrap=True)], spacing=0))
    return ft.Card(ft.Container(ft.Column([
        ft.Row([ft.Icon(ft.Icons.QR_CODE_2), ft.Text(app.t("phones"), size=18, weight=ft.FontWeight.BOLD)]),
        *rows], spacing=8), padding=12))


#: re-rendered only when the links, the requests or the language change
PhonesSection = ft.memo(_PhonesSection)
