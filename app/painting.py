"""Les apprentis: enter a painting as it lies on the table (tap a cell, pick the card).

The value is a list of rows, top row first; ``None`` is an empty cell; cells are
the engine's codes (``maison:N``, ``ciel``, ``arbre:A2``...).  The palette comes
from the field's ``choices``; a ``maison`` card asks for its printed points.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from app.forms import dropdown
from scoring import Field

ERASE = "_erase"
DEFAULT_SIZE = 4


def _card_type(code: str | None) -> str:
    return "" if not code else code.split(":")[0]


def _short(code: str) -> str:
    kind, _, extra = code.partition(":")
    return f"{kind[:6]}{' ' + extra if extra else ''}"


@ft.component
def PaintingEditor(f: Field, value: Any, lang: str, set_value: Callable[[Any], None]) -> ft.Control:
    grid: list[list[str | None]] = [list(r) for r in (value or [[None] * DEFAULT_SIZE] * DEFAULT_SIZE)]
    brush, set_brush = ft.use_state(f.choices[0][0] if f.choices else "")
    points, set_points = ft.use_state("3")
    rows, cols = len(grid), max((len(r) for r in grid), default=0)

    def paint(r: int, c: int) -> None:
        new = [list(row) for row in grid]
        code: str | None = None if brush == ERASE else brush
        if code == "maison":
            code = f"maison:{points.strip() or '0'}"
        new[r][c] = None if new[r][c] == code else code
        set_value(new)

    def resize(dr: int, dc: int) -> None:
        new = [list(row) for row in grid]
        if dr > 0:
            new.append([None] * cols)
        elif dr < 0 and rows > 1:
            new.pop()
        if dc > 0:
            new = [row + [None] for row in new]
        elif dc < 0 and cols > 1:
            new = [row[:-1] for row in new]
        set_value(new)

    cells: list[ft.Control] = []
    for r in range(rows):
        line: list[ft.Control] = []
        for c in range(cols):
            code = grid[r][c]
            kind = _card_type(code)
            inner: ft.Control = (ft.Column([ft.Image(src=f"apprentis/{kind}.svg", width=34, height=34),
                                            ft.Text(_short(code or ""), size=10)],
                                           spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
                                 if code else ft.Text("+", size=18, color=ft.Colors.OUTLINE))
            line.append(ft.Semantics(
                ft.Container(inner, width=58, height=58, alignment=ft.Alignment.CENTER,
                             border=ft.Border.all(1, ft.Colors.OUTLINE), border_radius=6,
                             on_click=lambda _e, r=r, c=c: paint(r, c)),
                identifier=f"cell-{r}-{c}", label=f"{r + 1},{c + 1} {code or ''}", button=True))
        cells.append(ft.Row(line, spacing=4))
    palette = [ft.DropdownOption(key=k, text=t.get(lang)) for k, t in f.choices]
    palette.append(ft.DropdownOption(key=ERASE, text="⌫ effacer" if lang == "fr" else "⌫ erase"))
    tools: list[ft.Control] = [
        dropdown("Carte" if lang == "fr" else "Card", brush, palette, lambda e: set_brush(e.control.value),
                 f"brush-{f.key}", width=200),
    ]
    if brush == "maison":
        tools.append(ft.TextField(label="Points", value=points, width=90, keyboard_type=ft.KeyboardType.NUMBER,
                                  on_change=lambda e: set_points(e.control.value)))
    tools += [
        ft.IconButton(ft.Icons.ADD, tooltip="+ ligne" if lang == "fr" else "+ row", on_click=lambda _e: resize(1, 0)),
        ft.IconButton(ft.Icons.REMOVE, tooltip="− ligne" if lang == "fr" else "− row",
                      on_click=lambda _e: resize(-1, 0)),
        ft.IconButton(ft.Icons.ADD_BOX, tooltip="+ colonne" if lang == "fr" else "+ column",
                      on_click=lambda _e: resize(0, 1)),
        ft.IconButton(ft.Icons.INDETERMINATE_CHECK_BOX, tooltip="− colonne" if lang == "fr" else "− column",
                      on_click=lambda _e: resize(0, -1)),
    ]
    return ft.Column([ft.Text(f.label.get(lang), weight=ft.FontWeight.W_500),
                      ft.Row(tools, wrap=True), ft.Column(cells, spacing=4)], spacing=6)
