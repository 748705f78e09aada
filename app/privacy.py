"""Pass-the-phone privacy: a seat's secrets shown only to the person who says they hold the phone."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from app.forms import ActionForm, Values
from app.guard import component
from app.i18n import t
from app.state import Sent
from app.widgets import panel_card
from scoring import Action, Panel


@component
def _PrivacyScreen(seat: int, name: str, panels: Sequence[Panel], actions: Sequence[Action],
                  names: Sequence[str], lang: str, on_submit: Callable[[Values], Sent]) -> ft.Control:
    """Pass-the-phone privacy: nothing shows until the right person says so, and
    panels only while a finger holds the reveal area."""
    unlocked, set_unlocked = ft.use_state(False)
    held, set_held = ft.use_state(False)

    if not unlocked:
        return ft.Card(ft.Container(ft.Column([
            ft.Row([ft.Icon(ft.Icons.LOCK), ft.Text(t("hand_phone", lang, a=name), size=16,  # a long name wraps
                                                   weight=ft.FontWeight.BOLD, expand=True)]),
            ft.Button(t("i_am", lang, a=name), icon=ft.Icons.LOCK_OPEN,
                      on_click=lambda _e: set_unlocked(True)),
        ]), padding=12))

    def submit(values: Values) -> Sent:
        ok = on_submit(values)
        if ok:  # entered: the screen locks again, ready to be handed to the next player
            set_held(False)
            set_unlocked(False)
        return ok

    secret: list[ft.Control] = []
    if panels:
        shown: ft.Control = (ft.Column([panel_card(p, lang) for p in panels]) if held else
                             ft.Row([ft.Icon(ft.Icons.TOUCH_APP), ft.Text(t("hold_reveal", lang), size=16)],
                                    alignment=ft.MainAxisAlignment.CENTER))
        secret.append(ft.Semantics(  # content by keyword: Semantics' first positional is its tooltip
            content=ft.GestureDetector(
                ft.Container(shown, padding=16, border_radius=12, bgcolor=ft.Colors.TERTIARY_CONTAINER,
                             alignment=ft.Alignment.CENTER, height=None if held else 90),
                on_tap_down=lambda _e: set_held(True), on_tap_up=lambda _e: set_held(False),
                on_long_press_end=lambda _e: set_held(False), on_tap_cancel=lambda _e: set_held(False),
                # a hold past the long-press delay cancels the tap: the long press keeps it shown
                on_long_press_start=lambda _e: set_held(True),
            ),
            identifier=f"reveal-{seat}", label=t("hold_reveal", lang), button=True))
    for a in actions:
        secret.append(ActionForm(a, names, lang, submit))
    secret.append(ft.TextButton(t("hide_again", lang), icon=ft.Icons.VISIBILITY_OFF,
                                on_click=lambda _e: (set_held(False), set_unlocked(False))))
    return ft.Card(ft.Container(ft.Column([
        ft.Text(t("private_of", lang, a=name), size=16, weight=ft.FontWeight.BOLD), *secret]), padding=12))


#: re-rendered only when what it shows changes (or its own state does)
PrivacyScreen = ft.memo(_PrivacyScreen)
