"""The page's frame (``App``, ``Layout``): the header (the app's name, the theme and language switches),
the navigation (a bar at the bottom of a phone, a rail on the left from :data:`RAIL_FROM` px, with the
open match's own place) and the screen's body (one readable column, or two panes for :data:`TWO_PANES`).
The device stays awake while a match in play is open (:func:`use_wake_lock`: Flet's ``Wakelock``, the
browser's Screen Wake Lock): the host's match screen (:class:`Navigation`), a seat's and the table code's
(:mod:`app.screens.table`), each as long as the match is in play."""

from __future__ import annotations

import logging
import re

import flet as ft

from app import net
from app.guard import component
from app.i18n import LANGUAGES, LOCALES, S
from app.panes import WideContext
from app.shared import load_match
from app.state import AppContext, AppState, use_app, use_data
from app.theme import ThemeSwitch

log = logging.getLogger("compagnon")
WIDE = 760  # max content width of a one-pane screen on a wide window
#: from this width (px, Material's "expanded" windows) a navigation rail on the left, and two panes
RAIL_FROM = 840
#: the height of one of the rail's places with its label (measured in Flet's web client: 64 px)
RAIL_PLACE = 64
#: the screens drawn in two panes on a wide window (their body takes the window's width)
TWO_PANES = ("/match/", "/stats")
#: the two-pane screens whose panes scroll each on its own (:func:`app.panes.two_panes`): the body does not
OWN_SCROLL = ("/match/",)
#: where the review of a match no longer in play belongs in the navigation
HISTORY_ROUTE = "/history"
MATCH_PATH = re.compile(r"/match/\d+")


def locale_of(lang: str) -> ft.Locale:
    """The Flet locale of a language of the app (French for one it does not speak).

    >>> locale_of("en"), locale_of("xx").language_code
    (Locale(language_code='en', country_code='GB', script_code=None), 'fr')
    """
    return ft.Locale(*LOCALES.get(lang, LOCALES["fr"]).split("_"))


def locales(lang: str) -> ft.LocaleConfiguration:
    """The page's language for the web client: the ``lang`` of its HTML (a screen reader reads the page with a
    voice of that language: it read French with an English voice under Flutter's default ``en-US``) and
    Flutter's own words (the navigation's "Onglet 1 sur 5", which said "Tab 1 of 5" on a French page).

    >>> locales("it").current_locale
    Locale(language_code='it', country_code='IT', script_code=None)
    """
    return ft.LocaleConfiguration(supported_locales=[locale_of(code) for code in LANGUAGES],
                                  current_locale=locale_of(lang))


def follow_language(page: ft.Page, lang: str) -> None:
    """The page's locale after a switch of language (the first page's goes out with it: :func:`app.main.main`)."""
    wanted = locales(lang)
    if page.locale_configuration != wanted:
        page.locale_configuration = wanted
        page.update()


def language_switch(app: AppState) -> ft.Control:
    """FR, EN, IT: each named in full in its own language (its tooltip, which screen readers say);
    the language on screen in bold.  Each button is a 48-px square (a finger's room, no more: Material's
    64-px minimum width cut the app's name to "Com…" on a 390-px phone)."""

    def language(code: str, name: str) -> ft.Control:
        weight = ft.FontWeight.BOLD if code == app.lang else ft.FontWeight.NORMAL
        # a tight 48-px box overrides the button's own minimum width (Flet 1.0.5 has no minimum_size)
        return ft.Container(ft.TextButton(code.upper(), tooltip=name, on_click=lambda _e: app.set_lang(code),
                                          style=ft.ButtonStyle(text_style=ft.TextStyle(weight=weight),
                                                               padding=ft.Padding.all(4))), width=48, height=48)

    return ft.Row([language(code, name) for code, name in LANGUAGES.items()], spacing=0, tight=True)


def destinations(app: AppState, path: str, playing: bool = True) -> list[tuple[str, ft.IconData, str]]:
    """The navigation's places (path, icon, label): the screens of :data:`app.screens.NAV`, each under its
    short label (``nav_<key>``: one line in a phone's bar), and, while a match in play is open (``playing``),
    that match's own place (selected: the match is where the table is, not the home screen)."""
    from app.screens import DATA_ROUTE, NAV

    out = [(nav_path, icon, app.t(f"nav_{key}") if f"nav_{key}" in S else app.t(key)) for nav_path, icon, key in NAV]
    if playing and MATCH_PATH.fullmatch(path):
        out.insert(1, (path, ft.Icons.CASINO, app.t("nav_match")))
    if path == DATA_ROUTE:  # the Data place (reached from the header) is where the page is: it shows, selected
        out.append((path, ft.Icons.SETTINGS_BACKUP_RESTORE, app.t("nav_data")))
    return out


def selected_index(places: list[tuple[str, ft.IconData, str]], path: str) -> int:
    """The place the path belongs to (the home screen when none)."""
    selected = 0
    for i, (place, _icon, _label) in enumerate(places):
        if path == place or (place != "/" and path.startswith(place)):
            selected = i
    return selected


def in_play(app: AppState, path: str) -> bool:
    """Whether ``path`` is the address of a match still in play.  A finished (or abandoned) match's address
    shows its review (:func:`app.screens.match.review_here`), which belongs to the History: no place of its
    own in the navigation, and the device may sleep.  Read once per write for every page
    (:func:`app.shared.load_match`, which the match's screen reads too)."""
    if not MATCH_PATH.fullmatch(path):
        return False
    from db.store import StoreError

    try:
        return load_match(app, int(path.rsplit("/", 1)[1])).status == "in_progress"
    except (ValueError, StoreError):
        return False


def navigation(app: AppState, places: list[tuple[str, ft.IconData, str]], path: str, rail: bool) -> ft.Control:
    """A rail on the left of a wide window, a bar at the bottom of a phone's screen."""

    def go(e: ft.Event[ft.NavigationBar] | ft.Event[ft.NavigationRail]) -> None:
        app.go(places[int(e.control.selected_index or 0)][0])

    selected = selected_index(places, path)
    if rail:
        # In a box of its destinations' height, which scrolls in a window too low for it (a phone held sideways:
        # 844 × 390 cut the sixth place, Stats, to its top 10 px)
        return ft.Column([ft.Container(ft.NavigationRail(
            selected_index=selected, on_change=go, label_type=ft.NavigationRailLabelType.ALL, min_width=88,
            destinations=[ft.NavigationRailDestination(icon=icon, label=label) for _p, icon, label in places]),
            height=RAIL_PLACE * len(places) + 16)], scroll=ft.ScrollMode.AUTO, spacing=0)
    return ft.NavigationBar(
        selected_index=selected, on_change=go,
        destinations=[ft.NavigationBarDestination(icon=icon, label=label) for _p, icon, label in places])


@component
def Navigation(path: str, rail: bool) -> ft.Control:
    """The host's navigation (:func:`navigation`), redrawn at each write: a match's own place is there while it is
    in play (:func:`in_play`), and the device stays awake as long; once it is over, its review is the History's."""
    app = use_data()
    playing = in_play(app, path)
    use_wake_lock(playing)
    return navigation(app, destinations(app, path, playing), path if playing or not MATCH_PATH.fullmatch(path)
                      else HISTORY_ROUTE, rail)


def use_wake_lock(awake: bool) -> None:
    """Keep the device's screen on while ``awake`` (Flet's ``Wakelock``: the browser's Screen Wake Lock)."""
    lock = ft.use_memo(ft.Wakelock, [])
    held = ft.use_ref(False)  # whether this page asked the device to stay awake

    async def keep_awake() -> None:
        if awake == held.current:
            return  # a page that opens on another screen than a match's has nothing to release
        held.current = awake
        try:
            await (lock.enable() if awake else lock.disable())
        except Exception as e:  # noqa: BLE001 - a browser without a wake lock sleeps as it would anyway
            log.info("the screen wake lock is not available here (%s)", type(e).__name__)

    ft.use_effect(keep_awake, [awake])


def data_button(app: AppState, path: str) -> list[ft.Control]:
    """On the host's devices, the way to the Data place (export, backup, import, restore: a settings
    place), shown selected while it is open; a phone at the table has none."""
    if not app.host_device:
        return []
    from app.screens import DATA_ROUTE

    return [ft.IconButton(ft.Icons.SETTINGS_BACKUP_RESTORE, tooltip=app.t("data_open"), selected=path == DATA_ROUTE,
                          on_click=lambda _e: app.go(DATA_ROUTE))]


def header(app: AppState, path: str = "/") -> ft.Control:
    return ft.Container(
        ft.Row([
            ft.Image(src="icon.png", width=32, height=32),
            ft.Text(app.t("app"), size=18, weight=ft.FontWeight.BOLD, expand=True, no_wrap=True,
                    overflow=ft.TextOverflow.ELLIPSIS),
            ThemeSwitch(),
            language_switch(app),
            *data_button(app, path),
        ], spacing=0),
        padding=ft.Padding.only(left=8, right=2, top=2, bottom=2),
        bgcolor=ft.Colors.PRIMARY_CONTAINER,
    )


@component
def Banner() -> ft.Control:
    """The last message said to this page (a refusal, an undo…), with its close button.  It alone watches
    the message (:class:`app.state.Notice`): saying one redraws this banner, not the page."""
    app = use_app()
    notice, _set = ft.use_state(app.notice)  # an observable kept in state subscribes this component
    if not notice.message:
        return ft.Container(visible=False)
    colour = ft.Colors.ERROR_CONTAINER if notice.is_error else ft.Colors.SECONDARY_CONTAINER
    return ft.Container(
        ft.Row([ft.Text(notice.message, expand=True),
                ft.IconButton(ft.Icons.CLOSE, tooltip=app.t("close_message"), on_click=lambda _e: app.tell(""))]),
        bgcolor=colour, padding=ft.Padding.only(left=12, right=4), border_radius=8)


@component
def Layout(route: str, width: float | None) -> ft.Control:
    from app.screens import resolve

    app = use_app()
    page = ft.context.page
    ft.use_effect(lambda: follow_language(page, app.lang), [app.lang])
    path = route.split("?")[0] or "/"
    wide = bool(width and width >= RAIL_FROM)
    two_panes = wide and path.startswith(TWO_PANES)
    own_scroll = two_panes and path.startswith(OWN_SCROLL)
    screen, params = resolve(path, app.host_device)
    # The screen is keyed by what it shows: a language switch (or a window crossing RAIL_FROM) mounts it
    # afresh.  A write (``app.data``, which every screen reading the database watches through
    # ``use_data``, and this layout does not) re-renders the screen alone, in place: it re-reads the
    # database and Flet sends each device a patch of what changed, while an unlocked privacy screen or a
    # half-typed form elsewhere on the screen stays as it was.
    shown = WideContext(two_panes, lambda: screen(**params, key=f"{path}|{app.lang}|{two_panes}"))
    body = ft.Container(
        # keyed by the path: another screen opens at its top (a match started from the foot of its set-up
        # opened scrolled as far down, on "Abandon the match"); a write or a language switch keeps the scroll
        ft.Column([Banner(key="banner"), shown], scroll=None if own_scroll else ft.ScrollMode.AUTO, expand=True,
                  spacing=12, key=f"body|{path}"),
        padding=12, alignment=ft.Alignment.TOP_CENTER,
        # A phone uses the whole width; a wide window gives a one-pane screen a readable centred column
        # and a two-pane screen (a match: its panels beside its timers and ledger) the room it needs.
        width=None if (two_panes or not width) else min(width, WIDE), expand=two_panes or not width,
    )
    # A phone at the table (a seat or the table code) has no business in the host's other screens.
    guest = not app.host_device or path.startswith(("/seat/", "/table/"))
    middle = ft.Row([body], alignment=ft.MainAxisAlignment.CENTER, expand=True,
                    vertical_alignment=ft.CrossAxisAlignment.START)
    if guest:
        return ft.Column([header(app, path), middle], expand=True, spacing=0)
    nav = Navigation(path, wide, key=f"nav|{wide}")
    if wide:
        return ft.Column([header(app, path), ft.Row([nav, ft.VerticalDivider(width=1), middle], expand=True,
                                              spacing=0, vertical_alignment=ft.CrossAxisAlignment.STRETCH)],
                         expand=True, spacing=0)
    return ft.Column([header(app, path), middle, nav], expand=True, spacing=0)


@component
def App(app: AppState) -> ft.Control:
    page = ft.context.page
    route, set_route = ft.use_state(app.route)  # the route the page opened on (app.main.main)
    width, set_width = ft.use_state(page.width)

    def show(target: str) -> None:  # app.go: drawn in the tap's own answer
        app.shown(target)  # a message belongs to the screen it was said on
        set_route(target)

    def on_route(e: ft.RouteChangeEvent) -> None:
        if app.claim_host is not None and net.host_key_in(e.route):
            app.claim_host(e.route)  # the host link opened in a tab that already had a session
        if app.reported(e.route):
            return  # the browser follows a screen app.go drew already
        show(e.route)

    app._show = show  # noqa: SLF001 - the page's own state, which notifies nobody of it

    def listen() -> None:
        page.on_route_change = on_route
        page.on_resize = lambda e: set_width(e.width)

    ft.use_effect(listen, [])
    return AppContext(app, lambda: Layout(route, width))
