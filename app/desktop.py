"""``compagnon --desktop``: one window on this machine (Flet's desktop client)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft


def run_desktop(main: Callable[[ft.Page], None], assets: str) -> None:
    """Open the app in Flet's desktop window."""
    ft.run(main, assets_dir=assets, view=ft.AppView.FLET_APP)
