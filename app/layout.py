"""The page's frame: the header (the app's name, the language switch), the navigation and the screen's
body (``App``, ``Layout``), moved out of :mod:`app.main` so that the layout changes apart from the server."""

from __future__ import annotations

import flet as ft

from app import net
from app.guard import component
from app.i18n import LANGUAGES
from app.state import AppContext, AppState, use_app

WIDE = 760  # max content width on a desktop window


def language_switch(app: AppState) -> ft.Control:
    """FR, EN, IT: each named in full in its own language (its tooltip, which screen readers say);
    the language on screen in bold."""

    def language(code: str, name: str) -> ft.Control:
        weight = ft.FontWeight.BOLD if code == app.lang else ft.FontWeight.NORMAL
        return ft.TextButton(code.upper(), tooltip=name, on_click=lambda _e: app.set_lang(code),
                             style=ft.ButtonStyle(text_style=ft.TextStyle(weight=weight),
                                                  padding=ft.Padding.symmetric(horizontal=6)))

    return ft.Row([language(code, name) for code, name in LANGUAGES.items()], spacing=0, tight=True)


@component
def Layout(route: str, width: float | None) -> ft.Control:
    from app.screens import NAV, resolve

    app = use_app()
    page = ft.context.page
    path = route.split("?")[0] or "/"
    selected = 0
    for i, (nav_path, _icon, _key) in enumerate(NAV):
        if path == nav_path or (nav_path != "/" and path.startswith(nav_path)):
            selected = i

    def go(e: ft.Event[ft.NavigationBar]) -> None:
        page.navigate(NAV[int(e.control.selected_index)][0])


    banner: list[ft.Control] = []
    if app.message:
        colour = ft.Colors.ERROR_CONTAINER if app.message_is_error else ft.Colors.SECONDARY_CONTAINER
        banner.append(ft.Container(
            ft.Row([ft.Text(app.message, expand=True),
                    ft.IconButton(ft.Icons.CLOSE, tooltip=app.t("cancel"),
                                  on_click=lambda _e: app.tell(""))]),
            bgcolor=colour, padding=ft.Padding.only(left=12, right=4), border_radius=8))

    header = ft.Container(
        ft.Row([
            ft.Image(src="icon.png", width=32, height=32),
            ft.Text(app.t("app"), size=20, weight=ft.FontWeight.BOLD, expand=True),
            language_switch(app),
        ]),
        padding=ft.Padding.symmetric(horizontal=12, vertical=6),
        bgcolor=ft.Colors.PRIMARY_CONTAINER,
    )
    screen, params = resolve(path, app.host_device)
    # The screen is keyed by what it shows: a language switch mounts it afresh.  A write (``app.data``,
    # which every screen reading the database watches through ``use_data``, and this layout does not)
    # re-renders the screen alone, in place: it re-reads the database and Flet sends each device a
    # patch of what changed, while an unlocked privacy screen or a half-typed form elsewhere on the
    # screen stays as it was.
    body = ft.Container(
        ft.Column([*banner, screen(**params, key=f"{path}|{app.lang}")],
                  scroll=ft.ScrollMode.AUTO, expand=True, spacing=12),
        padding=12, alignment=ft.Alignment.TOP_CENTER,
        # A phone uses the whole width; a desktop window gets a readable centred column.
        width=min(width, WIDE) if width else None, expand=not width,
    )
    nav = ft.NavigationBar(
        selected_index=selected, on_change=go,
        destinations=[ft.NavigationBarDestination(icon=icon, label=app.t(key)) for _p, icon, key in NAV],
    )
    # A phone at the table (a seat or the table code) has no business in the host's other screens.
    guest = not app.host_device or path.startswith(("/seat/", "/table/"))
    return ft.Column([header, ft.Row([body], alignment=ft.MainAxisAlignment.CENTER, expand=True,
                                     vertical_alignment=ft.CrossAxisAlignment.START),
                      *([] if guest else [nav])],
                     expand=True, spacing=0)


@component
def App(app: AppState) -> ft.Control:
    page = ft.context.page
    route, set_route = ft.use_state(page.route or "/")
    width, set_width = ft.use_state(page.width)

    def on_route(e: ft.RouteChangeEvent) -> None:
        if app.claim_host is not None and net.host_key_in(e.route):
            app.claim_host(e.route)  # the host link opened in a tab that already had a session
        app.left_screen()  # a message belongs to the screen it was said on
        set_route(e.route)

    def listen() -> None:
        page.on_route_change = on_route
        page.on_resize = lambda e: set_width(e.width)

    ft.use_effect(listen, [])
    return AppContext(app, lambda: Layout(route, width))
