"""The host's "players' phones" card: the table's QR code, one QR code per seat, revoke and reissue,
and the seat requests made from the table code."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from app import net
from app.guard import component
from app.state import AppState, use_app
from db.errors import StoreError
from db.host_keys import GrantedDevice
from db.seat_tokens import SeatTokenError
from scoring import Tr

_HOSTS = {
    "title": Tr("Autres appareils de l'hôte", "Other host devices", it="Altri dispositivi dell'host"),
    "help": Tr("Une tablette qui scanne ce code devient hôte (nouvelles parties, codes des places, annuler) "
               "jusqu'à ce que vous le lui retiriez.",
               "A tablet that scans this code becomes a host (new matches, seat codes, undo) until you take "
               "it back.",
               it="Un tablet che inquadra questo codice diventa host (nuove partite, codici dei posti, annulla) "
               "finché non gli togliete i diritti."),
    "name": Tr("Nom de l'appareil", "Device's name", it="Nome del dispositivo"),
    "grant": Tr("Donner les droits d'hôte", "Give host rights", it="Dai i diritti di host"),
    "code": Tr("Code d'hôte de {a}", "{a}'s host code", it="Codice host di {a}"),
    "revoke": Tr("Retirer les droits de {a}", "Take back {a}'s rights", it="Togli i diritti a {a}"),
}


def qr(url: str, caption: str, size: int, ident: str) -> ft.Control:
    """A QR code with what it opens written under it (the address can be typed, too)."""
    return ft.Container(ft.Column([
        ft.Text(caption, weight=ft.FontWeight.W_500, text_align=ft.TextAlign.CENTER),
        ft.Semantics(content=ft.Image(src=net.qr_png(url), width=size, height=size, semantics_label=caption),
                     identifier=ident),
        ft.Text(url, size=11, text_align=ft.TextAlign.CENTER),
    ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=4), width=max(size, 220), padding=8,
        border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST)


def request_row(app: AppState, name: str, confirm: Callable[[], None], refuse: Callable[[], None]) -> ft.Control:
    """A phone asks for ``name``'s seat (from the table code): confirm or refuse."""
    return ft.Container(ft.Column([
        ft.Row([ft.Icon(ft.Icons.PHONE_ANDROID), ft.Text(app.t("asks_seat", a=name), expand=True)]),
        ft.Row([ft.Button(app.t("confirm"), on_click=lambda _e: confirm()),
                ft.TextButton(app.t("refuse"), on_click=lambda _e: refuse())], wrap=True)], spacing=4),
        bgcolor=ft.Colors.SECONDARY_CONTAINER, padding=8, border_radius=8)


def codes(app: AppState, code: str, names: Sequence[str], links: dict[int, tuple[str, bool]]) -> list[ft.Control]:
    """The table's QR code, and each seat's whose link is issued and not opened yet (it stays on screen);
    ``code``: the match's unguessable code, which the links name it by."""
    out = [qr(net.table_url(code), app.t("table_code"), 180, "qr-table")]
    for seat, name in enumerate(names):
        if seat in links and not links[seat][1]:
            out.append(qr(net.seat_url(code, links[seat][0]), app.t("seat_code", a=name), 150, f"qr-seat-{seat}"))
    return out


def link_row(app: AppState, name: str, opened: bool, reissue: Callable[[], None],
             take_back: Callable[[], None]) -> ft.Control:
    """A seat with a link: opened on its phone or not yet; reissue it, take it back."""
    status = app.t("seat_linked", a=name) if opened else app.t("seat_code", a=name)
    return ft.Column([
        ft.Row([ft.Icon(ft.Icons.PHONE_ANDROID if opened else ft.Icons.QR_CODE),
                ft.Text(status, weight=ft.FontWeight.W_500, expand=True)]),  # a long name wraps
        ft.Row([ft.TextButton(app.t("reissue", a=name), icon=ft.Icons.AUTORENEW, on_click=lambda _e: reissue()),
                ft.TextButton(app.t("take_back", a=name), icon=ft.Icons.PHONELINK_ERASE,
                              on_click=lambda _e: take_back())], wrap=True)], spacing=0)


@component
def _PhonesSection(match_id: int, code: str, names: Sequence[str], links: dict[int, tuple[str, bool]],
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
    rows += [request_row(app, names[r.seat], lambda r=r: act(lambda: confirm(r)), lambda r=r: act(lambda: refuse(r)))
             for r in requests]
    rows.append(ft.Row(codes(app, code, names, links), wrap=True, spacing=8, run_spacing=8,
                       alignment=ft.MainAxisAlignment.CENTER))
    if len(links) < len(names):
        rows.append(ft.Button(app.t("phones_on"), icon=ft.Icons.QR_CODE, on_click=lambda _e: act(link_all)))
    rows += [link_row(app, name, links[seat][1],
                      lambda s=seat: act(lambda: app.store.issue_seat_token(match_id, s)),
                      lambda s=seat: act(lambda: app.store.revoke_seat_token(match_id, s)))
             for seat, name in enumerate(names) if seat in links]
    return ft.Card(ft.Container(ft.Column([
        ft.Row([ft.Icon(ft.Icons.QR_CODE_2), ft.Text(app.t("phones"), size=18, weight=ft.FontWeight.BOLD)]),
        *rows], spacing=8), padding=12))


#: re-rendered only when the links, the requests or the language change
PhonesSection = ft.memo(_PhonesSection)


@component
def _HostDevices(devices: tuple[GrantedDevice, ...], lang: str) -> ft.Control:
    """Hand host rights to another device (a tablet) by a QR code of a host link of its own, and take
    them back (:meth:`db.store.Store.grant_host_device`, ``revoke_host_device``).  ``devices``: those
    that hold host rights now (:func:`app.shared.host_devices`)."""
    app = use_app()
    label, set_label = ft.use_state("")
    shown, set_shown = ft.use_state("")  # the key just granted: its code stays until it is revoked

    def grant(_e: object) -> None:
        try:
            key = app.store.grant_host_device(label)
        except StoreError as exc:
            app.refuse(exc)
            return
        set_shown(key)
        set_label("")
        app.changed("hosts")  # every host page lists it (and what each page kept is read again)

    def revoke(key: str) -> None:
        app.store.revoke_host_device(key)
        if key == shown:
            set_shown("")
        app.changed("hosts")

    rows: list[ft.Control] = [ft.Text(_HOSTS["help"].get(lang), size=12, italic=True),
                              ft.Row([ft.TextField(label=_HOSTS["name"].get(lang), value=label, max_length=80,
                                                   on_change=lambda e: set_label(e.control.value), expand=True),
                                      ft.Button(_HOSTS["grant"].get(lang), icon=ft.Icons.ADMIN_PANEL_SETTINGS,
                                                on_click=grant)])]
    for device in devices:
        if device.key == shown:
            rows.append(qr(net.host_url(device.key), _HOSTS["code"].get(lang).format(a=device.label), 180,
                           "qr-host"))
        rows.append(ft.TextButton(_HOSTS["revoke"].get(lang).format(a=device.label), icon=ft.Icons.BLOCK,
                                  on_click=lambda _e, k=device.key: revoke(k)))
    return ft.ExpansionTile(title=ft.Text(_HOSTS["title"].get(lang)), controls=rows)


#: re-rendered only when the devices, the language or its own state change: not at every event of the match
HostDevices = ft.memo(_HostDevices)
