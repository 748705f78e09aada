"""Light, dark, or the device's: the page's themes and the header's switch, the choice kept in the
browser's own storage (each device chooses for itself: a phone at the table, the host's laptop)."""

from __future__ import annotations

import logging

import flet as ft

from app.guard import component
from app.state import use_app

log = logging.getLogger("compagnon")
SEED = "#00695c"
#: the browser's storage key of the choice
THEME_PREF = "compagnon.theme"
MODES = {"system": ft.ThemeMode.SYSTEM, "light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}
#: a tap moves to the next one
NEXT = {"system": "light", "light": "dark", "dark": "system"}
ICONS = {"system": ft.Icons.BRIGHTNESS_AUTO, "light": ft.Icons.LIGHT_MODE, "dark": ft.Icons.DARK_MODE}


#: a button that changes state (enabled, disabled, pressed) is drawn in its new state at once: Flutter's buttons
#: fade their colours and elevation into it over 200 ms, a frame each 16 ms on every device that shows the button
INSTANT = 0


def theme() -> ft.Theme:
    """One seed, and touch targets of at least 48 px: a browser on a computer gets Flutter's compact
    density (32-px buttons) unless told otherwise, and a phone at the table needs a finger's room.

    Every button changes state at once (:data:`INSTANT`).  A match's first event makes the Undo button
    usable on every device watching the match, and its 200-ms fade drew ten frames more on each: 60 ms of
    a phone-size page's main thread, seven pages on two cores (docs/benchmarks-details.md, sync).  The ink
    ripple of a tap stays."""
    tall = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=16, vertical=14),
                          visual_density=ft.VisualDensity.STANDARD, animation_duration=INSTANT)
    square = ft.ButtonStyle(padding=ft.Padding.all(12), visual_density=ft.VisualDensity.STANDARD,
                            animation_duration=INSTANT)
    return ft.Theme(
        color_scheme_seed=SEED, visual_density=ft.VisualDensity.STANDARD,
        button_theme=ft.ButtonTheme(style=tall), text_button_theme=ft.TextButtonTheme(style=tall),
        outlined_button_theme=ft.OutlinedButtonTheme(style=tall), filled_button_theme=ft.FilledButtonTheme(style=tall),
        icon_button_theme=ft.IconButtonTheme(style=square))


#: a change of theme is drawn at once, not faded in (Flutter's ``MaterialApp`` fades it over 200 ms)
NO_FADE = ft.AnimationStyle(duration=0)


def themes(page: ft.Page) -> None:
    """The app's colours (one seed, in light and in dark), following the device until told otherwise.

    Drawn at once (:data:`NO_FADE`): the web client starts in Flet's own blue theme and receives this one
    with the first screen, and Flutter faded one into the other over 200 ms, rebuilding the whole screen at
    every frame of the fade.  That fade cost a phone-size page's first screen 80 to 110 ms of its main
    thread (docs/benchmarks-details.md, start-up); a tap on the theme switch is now drawn at once too."""
    page.theme = theme()
    page.dark_theme = theme()  # Flet builds it dark
    page.theme_animation_style = NO_FADE
    page.theme_mode = ft.ThemeMode.SYSTEM


def _apply(page: ft.Page, mode: str) -> None:
    page.theme_mode = MODES[mode]
    page.update()


@component
def ThemeSwitch() -> ft.Control:
    """One button: the device's theme, light, dark (its tooltip, which screen readers say, names the
    theme on screen and what a tap does)."""
    app = use_app()
    page = ft.context.page
    mode, set_mode = ft.use_state("system")

    async def restore() -> None:
        try:
            kept = await app.storage().get(THEME_PREF)
        except Exception:  # noqa: BLE001 - a browser without storage follows the device
            log.warning("this browser's storage could not be read")
            return
        if isinstance(kept, str) and kept in MODES:
            set_mode(kept)

    async def cycle(_e: object) -> None:
        new = NEXT[mode]
        set_mode(new)
        try:
            await app.storage().set(THEME_PREF, new)
        except Exception:  # noqa: BLE001 - the choice then lasts as long as the page
            log.warning("this browser's storage could not be written")

    ft.use_effect(restore, [])
    ft.use_effect(lambda: _apply(page, mode), [mode])
    return ft.IconButton(ICONS[mode], tooltip=app.t(f"theme_{mode}"), on_click=cycle)
